package companion

import (
	"bytes"
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/engine"
)

// PIN attempts: after pinAttempts wrong PINs the table refuses PINs from that
// client for pinLockout, doubling with each further lockout up to
// pinLockoutMax (see pinGuard).
const (
	pinAttempts   = 5
	pinLockout    = 30 * time.Second
	pinLockoutMax = 15 * time.Minute
)

// MaxReasonLength bounds a correction's reason.
const MaxReasonLength = 500

// Session owns one table: its game, its log and its subscribers. One mutex
// serialises every change, and each change is in the store before anyone
// (the caller, the subscribers, the devices) hears of it.
type Session struct {
	m       *Manager
	lg      *slog.Logger
	rules   engine.Rules
	rec     store.TableRecord
	players []PlayerInfo

	mu   sync.Mutex
	game engine.Game
	// log is every entry, in version order (log[i].Version == i+1), with its
	// decoded action and events beside it.
	log      []store.Entry
	actions  []engine.Action
	events   [][]engine.Event
	undoneBy map[uint64]uint64
	fixedBy  map[uint64]uint64
	keys     map[string]uint64
	subs     map[*subscriber]struct{}
	views    map[engine.Viewer]json.RawMessage // cache for the current version
	// sent is, per viewer, the snapshot its subscribers hold: the one the
	// last update carried, or the current one when a subscriber joined
	// since. The next update's patch is made against it.
	sent map[engine.Viewer]Snapshot

	proposals []*ProposedRead
	// expects caches what the game waits for at version expectsAt.
	expects   []engine.Expect
	expectsAt uint64
	// resolving counts the confirmations of each proposal under way.
	resolving map[string]int
	lastDrop  int // drop sensor count of the last drop, -1 unknown
	// uncounted is the proposal read during the current drop before the
	// tower reported its count; the count is attached when it comes.
	uncounted string
	status    chan Status
	detach    []func()

	pins pinGuard

	closed bool
}

type subscriber struct {
	v  engine.Viewer
	ch chan Update
}

func newSession(m *Manager, r engine.Rules, rec store.TableRecord, players []PlayerInfo, g engine.Game) *Session {
	return &Session{
		m: m, lg: m.lg.With("table", rec.ID), rules: r, rec: rec, players: players, game: g,
		undoneBy: map[uint64]uint64{}, fixedBy: map[uint64]uint64{}, keys: map[string]uint64{},
		subs: map[*subscriber]struct{}{}, views: map[engine.Viewer]json.RawMessage{}, sent: map[engine.Viewer]Snapshot{}, lastDrop: -1, resolving: map[string]int{},
	}
}

// remember adds a stored entry to the in-memory log (no game change).
func (s *Session) remember(e store.Entry) error {
	if e.Version != uint64(len(s.log))+1 {
		return fmt.Errorf("log entry %d found where %d was expected", e.Version, len(s.log)+1)
	}
	var a engine.Action
	if e.Kind != store.KindUndo {
		var err error
		if a, err = s.rules.DecodeAction(e.Action); err != nil {
			return fmt.Errorf("log entry %d: %w", e.Version, err)
		}
	}
	var evs []engine.Event
	if len(e.Events) > 0 {
		if err := json.Unmarshal(e.Events, &evs); err != nil {
			return fmt.Errorf("log entry %d: reading its events: %w", e.Version, err)
		}
	}
	s.record(e, a, evs)
	return nil
}

// record adds an entry known to be in the store to the in-memory log.
func (s *Session) record(e store.Entry, a engine.Action, evs []engine.Event) {
	s.log = append(s.log, e)
	s.actions = append(s.actions, a)
	s.events = append(s.events, evs)
	if e.Key != "" {
		s.keys[e.Key] = e.Version
	}
	switch {
	case e.Kind == store.KindUndo:
		s.undoneBy[e.Target] = e.Version
	case e.Kind == store.KindCorrection && e.Target > 0:
		s.fixedBy[e.Target] = e.Version
	}
	clear(s.views)
}

// liveItem is an action in effect: its log version and the action applied
// at that position (a correction may have replaced the original).
type liveItem struct {
	version uint64
	action  engine.Action
}

// liveAt folds the first n log entries into the list of actions in effect.
func (s *Session) liveAt(n int) []liveItem {
	var live []liveItem
	for i, e := range s.log[:n] {
		switch {
		case e.Kind == store.KindUndo:
			for j := len(live) - 1; j >= 0; j-- {
				if live[j].version == e.Target {
					live = append(live[:j], live[j+1:]...)
					break
				}
			}
		case e.Kind == store.KindCorrection && e.Target > 0:
			for j := range live {
				if live[j].version == e.Target {
					live[j].action = s.actions[i]
				}
			}
		default:
			live = append(live, liveItem{version: e.Version, action: s.actions[i]})
		}
	}
	return live
}

// replay starts a fresh game and applies the live actions; it returns the
// events of the item with version want (0: none wanted).
func (s *Session) replay(live []liveItem, want uint64) (engine.Game, []engine.Event, error) {
	g, err := s.rules.New(s.rec.Setup, s.rec.Seed)
	if err != nil {
		return nil, nil, err
	}
	var wanted []engine.Event
	for _, it := range live {
		evs, err := safeApply(g, it.action)
		if err != nil {
			return nil, nil, fmt.Errorf("the action of version %d (%s) no longer applies: %w", it.version, it.action.Head().Type, err)
		}
		if it.version == want {
			wanted = evs
		}
	}
	return g, wanted, nil
}

// ID is the table's id.
func (s *Session) ID() string { return s.rec.ID }

// Rules names the table's rules.
func (s *Session) Rules() string { return s.rec.Rules }

// Players lists the players in seat order.
func (s *Session) Players() []PlayerInfo { return append([]PlayerInfo(nil), s.players...) }

// Version is the table's current version (the number of log entries).
func (s *Session) Version() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return uint64(len(s.log))
}

// Summary is the table's line in the list of tables.
func (s *Session) Summary() TableSummary {
	s.mu.Lock()
	defer s.mu.Unlock()
	upd := s.rec.Created
	if n := len(s.log); n > 0 {
		upd = s.log[n-1].Time
	}
	return TableSummary{ID: s.rec.ID, Rules: s.rec.Rules, Players: s.Players(), Created: s.rec.Created,
		Updated: upd, Version: uint64(len(s.log)), Over: s.game.Over()}
}

// Authenticate finds out who is calling, for a caller whose address is not
// known (tests, the table's own devices): AuthenticateFrom with client "".
func (s *Session) Authenticate(hostToken, pin string) (Access, error) {
	return s.AuthenticateFrom("", hostToken, pin)
}

// AuthenticateFrom finds out who is calling: the host token gives host
// rights, a PIN opens that player's private view, neither gives the public
// view of the tablet. client is the caller's address (the web server gives
// the TCP peer's IP). Wrong PINs are counted per client: after 5, that
// client's PINs are refused for a while (ErrTooManyAttempts), doubling with
// each lockout, so a 4-digit PIN cannot be guessed; other clients, and the
// players' phones, are not affected, and a right PIN never clears the count.
func (s *Session) AuthenticateFrom(client, hostToken, pin string) (Access, error) {
	a := Access{Viewer: engine.Public}
	if hostToken != "" {
		if subtle.ConstantTimeCompare(hashToken(hostToken), s.rec.HostTokenHash) != 1 {
			return Access{}, fmt.Errorf("%w: wrong host token for table %s", ErrForbidden, s.rec.ID)
		}
		a.Host = true
	}
	if pin == "" {
		return a, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	now := s.m.opts.Now()
	if until, locked := s.pins.locked(client, now); locked {
		return Access{}, fmt.Errorf("%w (PINs from this device are refused for %s more)", ErrTooManyAttempts, until.Sub(now).Round(time.Second))
	}
	for seat, h := range s.rec.PINHashes {
		if subtle.ConstantTimeCompare(hashPIN(s.rec.PINSalt, engine.Seat(seat), pin), h) == 1 {
			a.Viewer = engine.PlayerViewer(engine.Seat(seat))
			return a, nil
		}
	}
	if wait := s.pins.fail(client, now); wait > 0 {
		s.lg.Warn("PINs locked for one client after wrong attempts", "client", client, "for", wait)
	}
	return Access{}, fmt.Errorf("%w: wrong PIN for table %s", ErrForbidden, s.rec.ID)
}

// op is one change asked of the session.
type op struct {
	sub      Submission
	kind     store.Kind
	reason   string
	proposed json.RawMessage
	// device: the action came from the table's hardware through the rules'
	// DeviceMap: no version check, no seat check (a button belongs to its
	// seat physically).
	device bool
}

// Submit applies one action: decode (engine.ErrMalformed), a repeated Key
// returns the original Result, an action tapped on an older version (another
// screen acted at nearly the same time) is judged by the rules on the table
// as it is now if it means there what it meant on the table its sender saw
// (seenEvents, sameMeaning), else it is engine.ErrStale saying in words
// what changed; a player may act only for their own seat
// (ErrForbidden), then the rules judge (engine.ErrIllegal), then the entry is
// written durably, and only then are subscribers told and the Result
// returned.
func (s *Session) Submit(ctx context.Context, sub Submission) (Result, error) {
	if sub.Corrects != 0 {
		return Result{}, engine.Malformed(`"corrects" is for a correction, which needs a reason`)
	}
	return s.do(ctx, op{sub: sub, kind: store.KindAction})
}

// Correct applies an action entered to correct the record of the table, with
// the reason in the audit trail. With sub.Corrects == 0 it is applied like a
// new action; with sub.Corrects == N it replaces the action of log entry N in
// place and the actions after it are replayed on top (refused with the rule
// that breaks if one no longer applies). Use it for a battle read that was
// wrong: a read is a fact of the table and is never undone.
func (s *Session) Correct(ctx context.Context, a Access, sub Submission, reason string) (Result, error) {
	sub.Access = a
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return Result{}, engine.Malformed("a correction needs a reason (what was wrong)")
	}
	if len(reason) > MaxReasonLength {
		return Result{}, engine.Malformed("the reason of a correction is at most %d characters", MaxReasonLength)
	}
	return s.do(ctx, op{sub: sub, kind: store.KindCorrection, reason: reason})
}

func (s *Session) do(ctx context.Context, o op) (Result, error) {
	act, err := s.rules.DecodeAction(o.sub.Action)
	if err != nil {
		if !errors.Is(err, engine.ErrMalformed) {
			err = engine.Malformed("%v", err)
		}
		return Result{}, err
	}
	if o.sub.Source == "" {
		o.sub.Source = "api"
	}
	if len(o.sub.Key) > MaxKeyLength || len(o.sub.Source) > MaxKeyLength {
		return Result{}, engine.Malformed("key and source are at most %d characters", MaxKeyLength)
	}
	var compact bytes.Buffer
	if err := json.Compact(&compact, o.sub.Action); err != nil {
		return Result{}, engine.Malformed("action: %v", err)
	}
	v := o.sub.Access.Viewer

	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return Result{}, ErrClosed
	}
	if o.sub.Key != "" {
		if ver, ok := s.keys[o.sub.Key]; ok {
			// A repeat is the same action sent again (a retry after a lost
			// answer); the same key with another action is a client bug
			// whose action must not vanish as "repeated".
			if !bytes.Equal(s.log[ver-1].Action, compact.Bytes()) {
				return Result{}, fmt.Errorf("%w: key %q was used for version %d (%s)", ErrKeyReused, o.sub.Key, ver, s.actions[ver-1].Head().Type)
			}
			return Result{Version: ver, Events: engine.EventsFor(s.events[ver-1], v), Repeated: true}, nil
		}
	}
	cur := uint64(len(s.log))
	// seen: the events the action made on the table its sender saw, when
	// that was an older table (a tap crossing another screen's action).
	var seen []engine.Event
	rebased := false
	if !o.device && o.sub.BaseVersion != cur {
		if o.kind != store.KindAction {
			return Result{}, s.staleError(o.sub.BaseVersion)
		}
		if seen, err = s.seenEvents(o.sub.BaseVersion, act); err != nil {
			return Result{}, err
		}
		rebased = true
	}
	if !o.device {
		if err := s.authorizeOwner(o.sub.Access, act); err != nil {
			return Result{}, err
		}
		if err := s.authorize(o.sub.Access, act); err != nil {
			return Result{}, err
		}
	}
	entry := store.Entry{
		Version: cur + 1, Kind: o.kind, Key: o.sub.Key, Source: o.sub.Source, Actor: actor(o.sub.Access, o.device),
		Action: compact.Bytes(), Reason: o.reason, Proposed: o.proposed, Time: s.m.opts.Now().UTC(),
	}
	var (
		evs     []engine.Event
		newGame engine.Game // set when the change is a rebuild, swapped in after the write
	)
	if o.kind == store.KindCorrection && o.sub.Corrects > 0 {
		live := s.liveAt(len(s.log))
		found := -1
		for i, it := range live {
			if it.version == o.sub.Corrects {
				found = i
			}
		}
		if found < 0 {
			return Result{}, fmt.Errorf("%w: version %d is not an action in effect (undone, or not an action)", ErrNotFound, o.sub.Corrects)
		}
		old := live[found].action
		if !engine.IsTableFact(old) && !o.sub.Access.Host && !o.device {
			return Result{}, fmt.Errorf("%w: only the host may rewrite an action in the log; a player's correction replaces only a record of the table (a read)", ErrForbidden)
		}
		live[found].action = act
		g, fixed, err := s.replay(live, o.sub.Corrects)
		if err != nil {
			return Result{}, err
		}
		newGame = g
		entry.Target = o.sub.Corrects
		note := engine.NewEvent("corrected", act.Head().Seat,
			fmt.Sprintf("The record of version %d (%s) was corrected by hand: %s", o.sub.Corrects, old.Head().Type, o.reason),
			map[string]any{"target": o.sub.Corrects, "reason": o.reason})
		evs = append([]engine.Event{note}, fixed...)
	} else {
		evs, err = safeApply(s.game, act)
		if errors.Is(err, errRulesFailed) {
			s.restore(nil) // the rules may have left the game half changed
		}
		if err != nil {
			return Result{}, s.maskRefusal(o.sub.Access, act, err)
		}
		if rebased && !sameMeaning(seen, evs) {
			// Legal now, but not what the player saw it do: put the game
			// back and let them look again.
			s.restore(nil)
			return Result{}, s.staleError(o.sub.BaseVersion)
		}
		if o.kind == store.KindCorrection {
			note := engine.NewEvent("corrected", act.Head().Seat,
				fmt.Sprintf("Entered by hand as a correction: %s", o.reason), map[string]any{"reason": o.reason})
			evs = append([]engine.Event{note}, evs...)
		}
	}
	if err := s.commit(ctx, entry, act, evs, newGame); err != nil {
		return Result{}, err
	}
	return Result{Version: entry.Version, Events: engine.EventsFor(evs, v)}, nil
}

// MaxRebase is how many versions behind the table an action may have been
// tapped and still be judged by the rules on the table as it is now; older
// views are refused as stale (a phone that slept through several moves
// should look before acting).
const MaxRebase = 8

// seenEvents judges an action tapped on the table at version base, older
// than the current one (two screens tapping at nearly the same time): it
// returns the events the action made on that table, for sameMeaning to
// compare with what it makes now. It is engine.ErrStale, in words, when the
// table in between was undone or corrected, when the view is too old, or
// when the rules refused the action on the table the player saw (it may be
// legal now, but that is not what they tapped), or when an action for the
// same seat came in between. Called with s.mu held.
func (s *Session) seenEvents(base uint64, act engine.Action) ([]engine.Event, error) {
	cur := uint64(len(s.log))
	if base > cur || cur-base > MaxRebase {
		return nil, s.staleError(base)
	}
	seat := act.Head().Seat
	for i, e := range s.log[base:] {
		// An undo or a correction rewrote what the player saw; an action
		// for the same seat from another screen is most likely the same
		// intent tapped twice (Ann's phone and the tablet both ending her
		// turn), and the table wants it once.
		if e.Kind != store.KindAction || s.actions[int(base)+i].Head().Seat == seat {
			return nil, s.staleError(base)
		}
	}
	g, _, err := s.replay(s.liveAt(int(base)), 0)
	if err != nil {
		return nil, s.staleError(base)
	}
	evs, err := safeApply(g, act)
	if err != nil {
		return nil, s.staleError(base)
	}
	return evs, nil
}

// sameMeaning says whether an action means on the current table what it
// meant on the table its sender saw: its events say the same, in the same
// order, for as far as the shorter list goes (a pick that now also
// completes the round adds "the game begins"; a purchase of "the top card"
// that is now another card does not say the same).
func sameMeaning(seen, now []engine.Event) bool {
	if len(seen) == 0 || len(now) == 0 {
		return len(seen) == len(now)
	}
	n := min(len(seen), len(now))
	for i := range n {
		a, b := seen[i], now[i]
		if a.Type != b.Type || a.Seat != b.Seat || a.Text != b.Text || secretText(a) != secretText(b) {
			return false
		}
	}
	return true
}

func secretText(e engine.Event) string {
	if e.Secret == nil {
		return ""
	}
	return e.Secret.Text
}

// staleError refuses an action tapped on the table at version base, saying
// in the game's words what happened since. Called with s.mu held.
func (s *Session) staleError(base uint64) error {
	cur := uint64(len(s.log))
	if base >= cur {
		return fmt.Errorf("%w: the table was not as this screen showed it; look at it again and tap again if it still applies", engine.ErrStale)
	}
	var said []string
	for v := base + 1; v <= cur && len(said) < 2; v++ {
		switch e := s.log[v-1]; e.Kind {
		case store.KindUndo:
			said = append(said, "the host undid "+strings.TrimSuffix(s.wordsOf(e.Target), "."))
		case store.KindCorrection:
			said = append(said, "the host corrected the record")
		default:
			said = append(said, strings.TrimSuffix(s.wordsOf(v), "."))
		}
	}
	more := ""
	if cur-base > uint64(len(said)) {
		more = " and more"
	}
	return fmt.Errorf("%w: the table changed before your tap arrived (%s%s); look at it again and tap again if it still applies", engine.ErrStale, strings.Join(said, "; "), more)
}

// MaxKeyLength bounds idempotency keys and source names.
const MaxKeyLength = 128

// commit writes the entry durably and only then makes it visible. If the
// write fails, the game is put back as it was. Called with s.mu held.
func (s *Session) commit(ctx context.Context, e store.Entry, act engine.Action, evs []engine.Event, newGame engine.Game) error {
	if evs == nil {
		evs = []engine.Event{}
	}
	raw, err := json.Marshal(evs)
	if err != nil {
		s.restore(newGame)
		return fmt.Errorf("companion: encoding events: %w", err)
	}
	e.Events = raw
	// The table's summary (is it over?) is written with the entry, so the
	// list of tables never has to replay a game to show it.
	if newGame != nil {
		e.Over = newGame.Over()
	} else {
		e.Over = s.game.Over()
	}
	g := s.game
	if newGame != nil {
		g = newGame
	}
	// The subscribers' views and patches are made while the entry is
	// written, not after: nothing is sent before the write is done.
	pre := s.prepare(g, e.Version, evs)
	// A caller who hangs up must not leave the write half done: the write
	// finishes (or fails) on its own.
	err = s.m.st.Append(context.WithoutCancel(ctx), s.rec.ID, e)
	pre.wait()
	if err != nil {
		s.restore(newGame)
		if errors.Is(err, store.ErrConflict) || errors.Is(err, store.ErrDuplicateKey) {
			// Another process wrote to this table's log (two servers on
			// one database): catch up with it; the caller looks again.
			if rerr := s.resync(ctx); rerr != nil {
				s.lg.Error("cannot catch up with the stored log", "err", rerr)
			}
			return fmt.Errorf("%w: another server changed this table first (now at version %d); look again and retry", engine.ErrStale, len(s.log))
		}
		s.lg.Error("entry not written", "version", e.Version, "err", err)
		return fmt.Errorf("companion: the action was not saved, so it was not applied: %w", err)
	}
	s.record(e, act, evs)
	if newGame != nil {
		s.game = newGame
	}
	s.publishPrepared(evs, nil, pre)
	return nil
}

// prepared holds the updates of one change, made on another goroutine
// while the store writes its entry (see prepare).
type prepared struct {
	done    chan struct{}
	version uint64
	expects []engine.Expect
	updates map[engine.Viewer]Update
}

// prepare starts making the updates a change will send, for the viewers
// subscribed now: each one's view encoded, its update built and its patch
// made, on another goroutine, so this work overlaps the store's write (its
// fsync above all) instead of following it; on a quiet machine it runs on
// the other core. g is the game after the change. With s.mu held; the
// caller must call wait before anything else reads or changes the game:
// meanwhile it only writes to the store, so the rules' View is never
// called twice at once. nil when no one is subscribed.
func (s *Session) prepare(g engine.Game, version uint64, evs []engine.Event) *prepared {
	if len(s.subs) == 0 {
		return nil
	}
	type job struct {
		v    engine.Viewer
		base *Snapshot
	}
	var jobs []job
	for sub := range s.subs {
		if !slices.ContainsFunc(jobs, func(j job) bool { return j.v == sub.v }) {
			j := job{v: sub.v}
			// The patch is made against this viewer's last snapshot only.
			if prev, ok := s.sent[sub.v]; ok && prev.Version <= version {
				j.base = &prev
			}
			jobs = append(jobs, j)
		}
	}
	p := &prepared{done: make(chan struct{}), version: version, updates: make(map[engine.Viewer]Update, len(jobs))}
	table, rules, players := s.rec.ID, s.rec.Rules, s.players
	go func() {
		defer close(p.done)
		defer func() {
			if recover() != nil {
				// A bug (the rules' Over, or an event's redaction): publish
				// builds the updates itself, under the lock.
				p.updates = nil
			}
		}()
		p.expects = expectsOf(g)
		over := g.Over()
		for _, j := range jobs {
			u := Update{Snapshot: Snapshot{Table: table, Rules: rules, Version: version, View: encodeView(g, j.v), Players: players,
				Over: over, Expects: p.expects}, Events: engine.EventsFor(evs, j.v)}
			u.wire = &wire{u: u, base: j.base}
			u.PatchMessage() // made now; kept in the wire for the writers
			p.updates[j.v] = u
		}
	}()
	return p
}

// wait waits for the updates being prepared; p may be nil.
func (p *prepared) wait() {
	if p != nil {
		<-p.done
	}
}

// resync reads the entries another process appended to the table's log,
// rebuilds the game and tells the subscribers. With s.mu held.
func (s *Session) resync(ctx context.Context) error {
	entries, err := s.m.st.Entries(context.WithoutCancel(ctx), s.rec.ID)
	if err != nil {
		return err
	}
	if len(entries) <= len(s.log) {
		return nil
	}
	var evs []engine.Event
	for _, e := range entries[len(s.log):] {
		if err := s.remember(e); err != nil {
			return err
		}
		evs = append(evs, s.events[len(s.events)-1]...)
	}
	g, _, err := s.replay(s.liveAt(len(s.log)), 0)
	if err != nil {
		return err
	}
	s.game = g
	s.publish(evs, nil)
	return nil
}

// restore puts the game back after a failed write: an incremental Apply
// changed s.game, so it is rebuilt from the log; a rebuild never touched it.
func (s *Session) restore(newGame engine.Game) {
	if newGame != nil {
		return
	}
	g, _, err := s.replay(s.liveAt(len(s.log)), 0)
	if err != nil {
		// The log replayed when it was loaded; this cannot happen unless the
		// rules are not deterministic.
		s.lg.Error("cannot rebuild the game after a failed write", "err", err)
		return
	}
	s.game = g
}

func actor(a Access, device bool) string {
	switch {
	case device:
		return "device"
	case a.Host:
		return "host"
	case a.Viewer.IsPublic():
		return "table"
	}
	return a.Viewer.Seat.String()
}

// errRulesFailed marks a panic inside the rules: a bug, not the player's
// fault; the table carries on without the action.
var errRulesFailed = errors.New("the rules failed on this action (a bug in the program; the action was not applied)")

// safeApply applies an action, turning a panic of the rules into an error so
// one bad action cannot take the table down.
func safeApply(g engine.Game, a engine.Action) (evs []engine.Event, err error) {
	defer func() {
		if r := recover(); r != nil {
			evs, err = nil, fmt.Errorf("%w: %v", errRulesFailed, r)
		}
	}()
	return g.Apply(a)
}

// authorize: the host may act for anyone; anyone at the table may record a
// fact of the table (a read drop: everyone sees the cubes); a player acts
// only for their own seat or the table; the shared tablet for the table and,
// if the rules say whose turn it is, for the seats to act.
func (s *Session) authorize(a Access, act engine.Action) error {
	seat := act.Head().Seat
	if a.Host || seat < 0 || engine.IsTableFact(act) {
		return nil
	}
	if !a.Viewer.IsPublic() {
		if a.Viewer.Seat != seat {
			return fmt.Errorf("%w: you are %s; this action is for %s", ErrForbidden, a.Viewer.Seat, seat)
		}
		return nil
	}
	if tt, ok := s.game.(TurnTaker); ok {
		for _, as := range tt.ActiveSeats() {
			if as == seat {
				return nil
			}
		}
		return fmt.Errorf("%w: the shared tablet may act only for the player whose turn it is, not for %s", ErrForbidden, seat)
	}
	return nil
}

// Undo takes back the last action in effect (host only). It never goes past
// a record of the table (engine.IsTableFact: a read cube drop): that is
// ErrUndoPastFact, and the record is corrected instead. The undone entry
// stays in the log, marked, and the undo is an entry of its own.
func (s *Session) Undo(ctx context.Context, a Access) (Result, error) {
	return s.undo(ctx, a, 0, false)
}

// UndoAt is Undo with the version of the view the host was looking at: if
// the table has moved on (or a double tap already undid it) it is
// engine.ErrStale, so a repeated tap never undoes two actions.
func (s *Session) UndoAt(ctx context.Context, a Access, baseVersion uint64) (Result, error) {
	return s.undo(ctx, a, baseVersion, true)
}

func (s *Session) undo(ctx context.Context, a Access, base uint64, check bool) (Result, error) {
	if !a.Host {
		return Result{}, fmt.Errorf("%w: only the host may undo", ErrForbidden)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return Result{}, ErrClosed
	}
	cur := uint64(len(s.log))
	if check && base != cur {
		return Result{}, s.staleError(base)
	}
	live := s.liveAt(len(s.log))
	if len(live) == 0 {
		return Result{}, ErrNothingToUndo
	}
	last := live[len(live)-1]
	if engine.IsTableFact(last.action) {
		return Result{}, fmt.Errorf("%w: version %d (%s) records what happened at the table", ErrUndoPastFact, last.version, last.action.Head().Type)
	}
	g, _, err := s.replay(live[:len(live)-1], 0)
	if err != nil {
		return Result{}, err
	}
	h := last.action.Head()
	what := s.wordsOf(last.version)
	if p, ok := last.action.(PrivateAction); ok && p.IsPrivate() {
		what = "a private action"
	}
	ev := engine.NewEvent("undone", h.Seat, "The host took back: "+what,
		map[string]any{"target": last.version})
	e := store.Entry{Version: cur + 1, Kind: store.KindUndo, Source: "host", Actor: "host", Target: last.version, Time: s.m.opts.Now().UTC()}
	if err := s.commit(ctx, e, nil, []engine.Event{ev}, g); err != nil {
		return Result{}, err
	}
	return Result{Version: e.Version, Events: engine.EventsFor([]engine.Event{ev}, a.Viewer)}, nil
}

// wordsOf says in the game's own words what the log item of version did:
// the public sentences of its events (those of its latest correction, if it
// was corrected), as every player read them in the log. An item whose
// events say nothing is "a move" (never its action type or a seat id).
// Called with s.mu held.
func (s *Session) wordsOf(version uint64) string {
	evs := s.events[version-1]
	for i := int(version); i < len(s.log); i++ {
		if e := s.log[i]; e.Kind == store.KindCorrection && e.Target == version {
			evs = s.events[i]
		}
	}
	var said []string
	for _, ev := range evs {
		if t := strings.TrimSpace(ev.Text); t != "" {
			said = append(said, strings.TrimRight(t, "."))
		}
	}
	if len(said) == 0 {
		return "a move."
	}
	return strings.Join(said, "; ") + "."
}

// View returns the table as v may see it now.
func (s *Session) View(v engine.Viewer) Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snapshot(v)
}

// snapshot of the current state for v, with the view cached per version.
// Called with s.mu held.
func (s *Session) snapshot(v engine.Viewer) Snapshot {
	view, ok := s.views[v]
	if !ok {
		view = encodeView(s.game, v)
		s.views[v] = view
	}
	return Snapshot{Table: s.rec.ID, Rules: s.rec.Rules, Version: uint64(len(s.log)), View: view, Players: s.players, Over: s.game.Over(),
		Expects: s.expectsNow()}
}

func encodeView(g engine.Game, v engine.Viewer) (view json.RawMessage) {
	defer func() {
		if r := recover(); r != nil {
			view, _ = json.Marshal(map[string]string{"error": fmt.Sprintf("the rules failed to draw this view (a bug): %v", r)})
		}
	}()
	b, err := json.Marshal(g.View(v))
	if err != nil {
		b, _ = json.Marshal(map[string]string{"error": "the view cannot be encoded: " + err.Error()})
	}
	return b
}

// ViewAt returns the table as v may see it as it was at version (time
// travel), by replaying the log up to it.
func (s *Session) ViewAt(version uint64, v engine.Viewer) (Snapshot, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if version > uint64(len(s.log)) {
		return Snapshot{}, fmt.Errorf("%w: the table is at version %d, there is no version %d yet", ErrNotFound, len(s.log), version)
	}
	if version == uint64(len(s.log)) {
		return s.snapshot(v), nil
	}
	g, _, err := s.replay(s.liveAt(int(version)), 0)
	if err != nil {
		return Snapshot{}, err
	}
	return Snapshot{Table: s.rec.ID, Rules: s.rec.Rules, Version: version, View: encodeView(g, v), Players: s.players, Over: g.Over(),
		Expects: expectsOf(g)}, nil
}

// History returns the whole log as v may see it: other players' secrets and
// private actions removed, undone entries marked, corrections with reasons.
func (s *Session) History(v engine.Viewer) []LogEntry {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.history(v, false)
}

// history; full keeps every secret (only for the export of a finished game).
func (s *Session) history(v engine.Viewer, full bool) []LogEntry {
	out := make([]LogEntry, len(s.log))
	for i, e := range s.log {
		le := LogEntry{Version: e.Version, Time: e.Time, Kind: string(e.Kind), Source: e.Source, Actor: e.Actor,
			Target: e.Target, Correction: e.Reason, Proposed: e.Proposed, UndoneBy: s.undoneBy[e.Version]}
		le.Undone = le.UndoneBy > 0
		if full {
			le.Action = e.Action
			le.Events = append([]engine.Event{}, s.events[i]...)
		} else {
			le.Action = redactAction(s.actions[i], e.Action, v)
			le.Events = engine.EventsFor(s.events[i], v)
		}
		out[i] = le
	}
	return out
}

func redactAction(a engine.Action, raw json.RawMessage, v engine.Viewer) json.RawMessage {
	if a == nil {
		return raw
	}
	if p, ok := a.(PrivateAction); ok && p.IsPrivate() && !v.CanSee(a.Head().Seat) {
		b, _ := json.Marshal(map[string]any{"type": a.Head().Type, "seat": a.Head().Seat, "private": true})
		return b
	}
	return raw
}

// Subscribe returns the updates v may see: after every change, and device
// and camera notices. If sinceVersion is not the current version the first
// update catches up: the current snapshot with the events since that
// version. A subscriber that falls DefaultSubscriberBuffer updates behind is
// dropped (its channel closed) rather than slowing the table; it reconnects
// and catches up. cancel ends the subscription and may be called twice.
func (s *Session) Subscribe(v engine.Viewer, sinceVersion uint64) (updates <-chan Update, cancel func()) {
	sub := &subscriber{v: v, ch: make(chan Update, s.m.opts.SubscriberBuffer)}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		close(sub.ch)
		return sub.ch, func() {}
	}
	cur := uint64(len(s.log))
	if sinceVersion != cur {
		var evs []engine.Event
		if sinceVersion < cur {
			for _, es := range s.events[sinceVersion:] {
				evs = append(evs, engine.EventsFor(es, v)...)
			}
		}
		if evs == nil {
			evs = []engine.Event{}
		}
		sub.ch <- Update{Snapshot: s.snapshot(v), Events: evs}
	}
	// The new subscriber holds the current snapshot (just sent, or already
	// its own): a snapshot is a function of the version, so the viewer's
	// other subscribers hold the same one, and the next patch is made
	// against it.
	s.sent[v] = s.snapshot(v)
	s.subs[sub] = struct{}{}
	return sub.ch, func() {
		s.mu.Lock()
		defer s.mu.Unlock()
		if _, ok := s.subs[sub]; ok {
			delete(s.subs, sub)
			close(sub.ch)
		}
	}
}

// publish sends every subscriber its update without ever waiting: one that
// is full is dropped. Called with s.mu held.
//
// The update of each viewer is built once, however many of its subscribers
// there are (the public screens share one, each seat's phones another), and
// carries one shared encoding that the first writer makes outside the lock.
func (s *Session) publish(evs []engine.Event, n *Notice) {
	s.publishPrepared(evs, n, nil)
}

// publishPrepared is publish with the updates prepared while the change
// was written (pre, nil if none): the views they carry become the cache
// of the current version.
func (s *Session) publishPrepared(evs []engine.Event, n *Notice, pre *prepared) {
	byViewer := make(map[engine.Viewer]Update, 4)
	if pre != nil && pre.updates != nil && pre.version == uint64(len(s.log)) {
		for v, u := range pre.updates {
			s.views[v] = u.View
			s.sent[v] = u.Snapshot
			byViewer[v] = u
		}
		s.expects, s.expectsAt = pre.expects, pre.version
	}
	for sub := range s.subs {
		u, ok := byViewer[sub.v]
		if !ok {
			u = Update{Snapshot: s.snapshot(sub.v), Notice: n}
			if evs != nil {
				u.Events = engine.EventsFor(evs, sub.v)
			} else {
				u.Events = []engine.Event{}
			}
			w := &wire{u: u}
			// The patch is made against this viewer's last snapshot only:
			// what another viewer sees never enters it.
			if prev, ok := s.sent[sub.v]; ok && prev.Version <= u.Version {
				w.base = &prev
			}
			s.sent[sub.v] = u.Snapshot
			u.wire = w
			byViewer[sub.v] = u
		}
		select {
		case sub.ch <- u:
		default:
			delete(s.subs, sub)
			close(sub.ch)
			s.lg.Info("slow subscriber dropped", "viewer", sub.v.Seat.String())
		}
	}
	s.showStatus(evs, n)
	if evs != nil {
		s.settleReads()
	}
}

// dormant reports whether the session may leave memory: no subscriber and
// no hardware attached. For a finished game it sets *after to finished, the
// shorter time it may stay.
func (s *Session) dormant(after *time.Duration, finished time.Duration) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.subs) > 0 || len(s.detach) > 0 || len(s.proposals) > 0 {
		return false
	}
	if s.game.Over() && finished < *after {
		*after = finished
	}
	return true
}

// close ends the session: subscribers' channels are closed, device loops
// stopped.
func (s *Session) close() {
	s.mu.Lock()
	s.closed = true
	for sub := range s.subs {
		delete(s.subs, sub)
		close(sub.ch)
	}
	detach := s.detach
	s.detach = nil
	s.mu.Unlock()
	for _, d := range detach {
		d()
	}
}
