package web

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"sync"
	"time"

	"github.com/quartermaster-table/quartermaster/engine"
)

// This file holds test doubles: a tiny made-up game ("tally", test data, not
// any real game's rules) and an in-memory Tables that behaves like the
// companion's Manager as far as the web layer can tell (versions, stale and
// repeated actions, private views, subscriptions, undo, time travel).

// tallyRules: players take turns adding 1-5 to their score; "hide" puts
// coins in the player's secret chest (only that player sees them).
type tallyRules struct{}

func (tallyRules) Name() string { return "tally" }

func (tallyRules) New(setup json.RawMessage, seed uint64) (engine.Game, error) {
	var s struct {
		Players int `json:"players"`
	}
	if len(setup) > 0 {
		if err := json.Unmarshal(setup, &s); err != nil {
			return nil, engine.Malformed("tally setup: %v", err)
		}
	}
	if s.Players < 1 || s.Players > 4 {
		return nil, engine.Malformed("tally needs 1 to 4 players, not %d", s.Players)
	}
	return &tallyGame{scores: make([]int, s.Players), chests: make([]int, s.Players)}, nil
}

type tallyAdd struct {
	engine.ActionHeader
	N int `json:"n"`
}

type tallyHide struct {
	engine.ActionHeader
	Coins int `json:"coins"`
}

func (tallyHide) IsPrivate() bool { return true }

func tallyCodec() *engine.Codec {
	c := engine.NewCodec(1)
	c.Register("add", func() engine.Action { return &tallyAdd{} })
	c.Register("hide", func() engine.Action { return &tallyHide{} })
	return c
}

func (tallyRules) DecodeAction(b []byte) (engine.Action, error) { return tallyCodec().Decode(b) }

type tallyGame struct {
	turn    int
	scores  []int
	chests  []int
	version uint64
}

func (g *tallyGame) Apply(a engine.Action) ([]engine.Event, error) {
	seat := a.Head().Seat
	if int(seat) != g.turn {
		return nil, engine.Refuse(engine.CodeNotYourTurn, 0, "it is seat %d's turn", g.turn+1)
	}
	switch a := a.(type) {
	case *tallyAdd:
		if a.N < 1 || a.N > 5 {
			return nil, engine.Refuse("add-limit", 9, "you may add 1 to 5 at a time, not %d", a.N)
		}
		g.scores[seat] += a.N
		g.turn = (g.turn + 1) % len(g.scores)
		g.version++
		return []engine.Event{engine.NewEvent("added", seat, fmt.Sprintf("Seat %d added %d", seat+1, a.N), map[string]int{"n": a.N})}, nil
	case *tallyHide:
		g.chests[seat] += a.Coins
		g.version++
		return []engine.Event{engine.NewEvent("hid", seat, fmt.Sprintf("Seat %d hid some coins", seat+1), nil).
			WithSecret(fmt.Sprintf("You hid %d coins (SECRET-%d)", a.Coins, a.Coins), map[string]int{"coins": a.Coins})}, nil
	}
	return nil, engine.Malformed("unknown action")
}

func (g *tallyGame) View(v engine.Viewer) any {
	out := map[string]any{"turn": g.turn, "scores": g.scores}
	if !v.IsPublic() && int(v.Seat) < len(g.chests) {
		out["chest"] = fmt.Sprintf("SECRET-%d", g.chests[v.Seat])
	}
	return out
}

func (g *tallyGame) Version() uint64 { return g.version }
func (g *tallyGame) Over() bool      { return false }
func (g *tallyGame) Snapshot() ([]byte, error) {
	return json.Marshal(map[string]any{"turn": g.turn, "scores": g.scores, "chests": g.chests})
}

// fakeTables is an in-memory Tables.
type fakeTables struct {
	mu     sync.Mutex
	tables map[string]*fakeTable
	n      int
}

func newFakeTables() *fakeTables { return &fakeTables{tables: map[string]*fakeTable{}} }

func (f *fakeTables) Create(_ context.Context, req CreateRequest) (Table, Credentials, error) {
	if req.Rules != "tally" {
		return nil, Credentials{}, engine.Malformed("unknown rules %q", req.Rules)
	}
	setup := req.Setup
	if len(setup) == 0 {
		setup = json.RawMessage(fmt.Sprintf(`{"players":%d}`, len(req.Players)))
	}
	g, err := tallyRules{}.New(setup, 0)
	if err != nil {
		return nil, Credentials{}, err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.n++
	id := "t" + strconv.Itoa(f.n)
	cred := Credentials{HostToken: "host-" + id, PINs: map[engine.Seat]string{}}
	for i := range req.Players {
		cred.PINs[engine.Seat(i)] = fmt.Sprintf("%d%d%d%d", f.n, i, f.n, i)
	}
	t := &fakeTable{id: id, setup: setup, players: req.Players, cred: cred, game: g, subs: map[*fakeSub]bool{}, keys: map[string]Result{}, created: time.Now()}
	f.tables[id] = t
	return t, cred, nil
}

func (f *fakeTables) Get(_ context.Context, id string) (Table, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	t, ok := f.tables[id]
	if !ok {
		return nil, fail(errNotFound, "there is no table %q", id)
	}
	return t, nil
}

func (f *fakeTables) List(context.Context) ([]TableSummary, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []TableSummary
	for _, t := range f.tables {
		t.mu.Lock()
		out = append(out, TableSummary{ID: t.id, Rules: "tally", Players: t.players, Version: t.version, Created: t.created, Updated: t.created})
		t.mu.Unlock()
	}
	return out, nil
}

type fakeEntry struct {
	action engine.Action
	raw    json.RawMessage
	events []engine.Event
	undone bool
	kind   string
}

type fakeSub struct {
	v  engine.Viewer
	ch chan Update
}

type fakeTable struct {
	mu      sync.Mutex
	id      string
	setup   json.RawMessage
	players []PlayerInfo
	cred    Credentials
	game    engine.Game
	version uint64
	log     []fakeEntry
	subs    map[*fakeSub]bool
	keys    map[string]Result
	created time.Time
}

func (t *fakeTable) ID() string { return t.id }

func (t *fakeTable) Authenticate(tok, pin string) (Access, error) {
	switch {
	case tok != "" && tok == t.cred.HostToken:
		return Access{Viewer: engine.Public, Host: true}, nil
	case tok != "":
		return Access{}, fail(errForbidden, "that host token is not this table's")
	case pin != "":
		for s, p := range t.cred.PINs {
			if p == pin {
				return Access{Viewer: engine.PlayerViewer(s)}, nil
			}
		}
		return Access{}, fail(errForbidden, "that PIN is not right for this table")
	}
	return Access{Viewer: engine.Public}, nil
}

func (t *fakeTable) Submit(_ context.Context, sub Submission) (Result, error) {
	a, err := tallyRules{}.DecodeAction(sub.Action)
	if err != nil {
		return Result{}, err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	if r, ok := t.keys[sub.Key]; ok && sub.Key != "" {
		r.Repeated = true
		return r, nil
	}
	if sub.BaseVersion != t.version {
		return Result{}, fmt.Errorf("%w: the table is at version %d, the action was made on %d", engine.ErrStale, t.version, sub.BaseVersion)
	}
	if !sub.Access.Viewer.IsPublic() && sub.Access.Viewer.Seat != a.Head().Seat {
		return Result{}, fail(errForbidden, "you may only act for your own seat")
	}
	evs, err := t.game.Apply(a)
	if err != nil {
		return Result{}, err
	}
	t.version++
	t.log = append(t.log, fakeEntry{action: a, raw: sub.Action, events: evs, kind: "action"})
	res := Result{Version: t.version, Events: engine.EventsFor(evs, sub.Access.Viewer)}
	t.keys[sub.Key] = res
	t.publishLocked(evs)
	return res, nil
}

func (t *fakeTable) publishLocked(evs []engine.Event) {
	for s := range t.subs {
		u := Update{Snapshot: t.viewLocked(s.v), Events: engine.EventsFor(evs, s.v)}
		select {
		case s.ch <- u:
		default:
			close(s.ch)
			delete(t.subs, s)
		}
	}
}

func (t *fakeTable) rebuildLocked() error {
	g, err := tallyRules{}.New(t.setup, 0)
	if err != nil {
		return err
	}
	for _, e := range t.log {
		if e.kind == "action" && !e.undone {
			if _, err := g.Apply(e.action); err != nil {
				return err
			}
		}
	}
	t.game = g
	return nil
}

func (t *fakeTable) Undo(_ context.Context, a Access) (Result, error) {
	if !a.Host {
		return Result{}, fail(errForbidden, "only the host may undo")
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for i := len(t.log) - 1; i >= 0; i-- {
		if t.log[i].kind == "action" && !t.log[i].undone {
			t.log[i].undone = true
			if err := t.rebuildLocked(); err != nil {
				return Result{}, err
			}
			t.version++
			ev := engine.NewEvent("undone", engine.NoSeat, "The host undid the last action", nil)
			t.log = append(t.log, fakeEntry{events: []engine.Event{ev}, kind: "undo"})
			t.publishLocked([]engine.Event{ev})
			return Result{Version: t.version, Events: []engine.Event{ev}}, nil
		}
	}
	return Result{}, fail(errBadRequest, "there is nothing to undo")
}

func (t *fakeTable) Correct(ctx context.Context, a Access, sub Submission, reason string) (Result, error) {
	return t.Submit(ctx, sub)
}

func (t *fakeTable) viewLocked(v engine.Viewer) Snapshot {
	b, _ := json.Marshal(t.game.View(v))
	return Snapshot{Table: t.id, Rules: "tally", Version: t.version, View: b, Players: t.players}
}

func (t *fakeTable) View(v engine.Viewer) Snapshot {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.viewLocked(v)
}

func (t *fakeTable) ViewAt(version uint64, v engine.Viewer) (Snapshot, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if version > t.version {
		return Snapshot{}, fail(errNotFound, "the table has no version %d yet", version)
	}
	g, _ := tallyRules{}.New(t.setup, 0)
	for _, e := range t.log[:version] {
		if e.kind == "action" {
			_, _ = g.Apply(e.action)
		}
	}
	b, _ := json.Marshal(g.View(v))
	return Snapshot{Table: t.id, Rules: "tally", Version: version, View: b, Players: t.players}, nil
}

func (t *fakeTable) History(v engine.Viewer) []LogEntry {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []LogEntry
	for i, e := range t.log {
		le := LogEntry{Version: uint64(i + 1), Kind: e.kind, Events: engine.EventsFor(e.events, v), Undone: e.undone}
		if e.action != nil {
			if p, ok := e.action.(interface{ IsPrivate() bool }); ok && p.IsPrivate() && !v.CanSee(e.action.Head().Seat) {
				le.Action = json.RawMessage(fmt.Sprintf(`{"type":%q,"seat":%d,"private":true}`, e.action.Head().Type, e.action.Head().Seat))
			} else {
				le.Action = e.raw
			}
		}
		out = append(out, le)
	}
	return out
}

func (t *fakeTable) Subscribe(v engine.Viewer, since uint64) (<-chan Update, func()) {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := &fakeSub{v: v, ch: make(chan Update, 16)}
	t.subs[s] = true
	return s.ch, func() {
		t.mu.Lock()
		defer t.mu.Unlock()
		if t.subs[s] {
			delete(t.subs, s)
			close(s.ch)
		}
	}
}

func (t *fakeTable) Export(kind string) ([]byte, error) {
	return json.Marshal(map[string]any{"kind": kind, "table": t.id})
}
