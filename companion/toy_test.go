package companion

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/quartermaster-table/quartermaster/engine"
)

// The toy game of these tests, "test-counter": a made-up game, not any real
// rules. Players take turns adding 1-10 to a shared counter; a player may
// hide coins in their own chest (a secret, and a private action); the table
// records drops of cubes (a table fact undo must not pass); "finish" ends it.

type toyRules struct{ codec *engine.Codec }

func newToyRules() *toyRules {
	c := engine.NewCodec(1)
	c.Register("add", func() engine.Action { return &toyAdd{} })
	c.Register("hide", func() engine.Action { return &toyHide{} })
	c.Register("read", func() engine.Action { return &toyRead{} })
	c.Register("finish", func() engine.Action { return &toyFinish{} })
	c.Register("boom", func() engine.Action { return &toyBoom{} })
	c.Register("guard", func() engine.Action { return &toyGuard{} })
	return &toyRules{codec: c}
}

type toyAdd struct {
	engine.ActionHeader
	N int `json:"n"`
}

type toyHide struct {
	engine.ActionHeader
	Coins int    `json:"coins"`
	Note  string `json:"note"`
}

func (*toyHide) IsPrivate() bool { return true }

type toyRead struct {
	engine.ActionHeader
	Cubes int `json:"cubes"`
}

func (*toyRead) IsTableFact() bool { return true }

type toyFinish struct{ engine.ActionHeader }

// toyGuard pays coins from the chest of the player after the one whose turn
// it is (their own decision, engine.DecisionOwner, which the table may
// enter as seat -1): refused when their hidden chest is short.
type toyGuard struct {
	engine.ActionHeader
	Coins int `json:"coins"`
}

// toyBoom is a bug in the rules: it changes the state, then panics.
type toyBoom struct{ engine.ActionHeader }

type toySetup struct {
	Players int `json:"players"`
	Start   int `json:"start"`
}

func (r *toyRules) Name() string { return "test-counter" }

func (r *toyRules) DecodeAction(data []byte) (engine.Action, error) { return r.codec.Decode(data) }

func (r *toyRules) New(setup json.RawMessage, seed uint64) (engine.Game, error) {
	var s toySetup
	if err := json.Unmarshal(setup, &s); err != nil {
		return nil, engine.Malformed("test-counter setup: %v", err)
	}
	if s.Players < 1 || s.Players > 8 {
		return nil, engine.Malformed("test-counter setup: players must be 1-8, not %d", s.Players)
	}
	g := &toyGame{Counter: s.Start, Chests: make([]int, s.Players), Notes: make([]string, s.Players), Seed: seed}
	return g, nil
}

type toyGame struct {
	Counter  int      `json:"counter"`
	Turn     int      `json:"turn"`
	Chests   []int    `json:"chests"`
	Notes    []string `json:"notes"`
	Reads    []int    `json:"reads"`
	Finished bool     `json:"finished"`
	Ver      uint64   `json:"version"`
	Seed     uint64   `json:"seed"`
}

func (g *toyGame) Apply(a engine.Action) ([]engine.Event, error) {
	if g.Finished {
		return nil, engine.Refuse(engine.CodeGameOver, 0, "the test game is over")
	}
	h := a.Head()
	var evs []engine.Event
	switch a := a.(type) {
	case *toyAdd:
		if int(h.Seat) != g.Turn {
			return nil, engine.Refuse(engine.CodeNotYourTurn, 3, "it is %s's turn", engine.Seat(g.Turn))
		}
		if a.N < 1 || a.N > 10 {
			return nil, engine.Refuse("add-range", 4, "you add 1 to 10, not %d", a.N)
		}
		g.Counter += a.N
		g.Turn = (g.Turn + 1) % len(g.Chests)
		evs = append(evs, engine.NewEvent("added", h.Seat, fmt.Sprintf("%s added %d", h.Seat, a.N), map[string]int{"n": a.N, "counter": g.Counter}))
	case *toyHide:
		if h.Seat < 0 || int(h.Seat) >= len(g.Chests) {
			return nil, engine.Refuse("no-such-seat", 0, "there is no %s", h.Seat)
		}
		if a.Coins < 1 {
			return nil, engine.Refuse("hide-some", 5, "hide at least one coin")
		}
		g.Chests[h.Seat] += a.Coins
		g.Notes[h.Seat] = a.Note
		evs = append(evs, engine.NewEvent("hidden", h.Seat, fmt.Sprintf("%s hid coins in their chest", h.Seat), nil).
			WithSecret(fmt.Sprintf("You hid %d coins (%s)", a.Coins, a.Note), map[string]any{"coins": a.Coins, "note": a.Note}))
	case *toyRead:
		if a.Cubes < 0 || a.Cubes > 30 {
			return nil, engine.Refuse("read-range", 6, "a drop has 0 to 30 cubes, not %d", a.Cubes)
		}
		g.Reads = append(g.Reads, a.Cubes)
		evs = append(evs, engine.NewEvent("read", engine.NoSeat, fmt.Sprintf("the drop had %d cubes", a.Cubes), map[string]int{"cubes": a.Cubes}))
	case *toyGuard:
		owner := g.guard()
		if a.Coins > g.Chests[owner] {
			return nil, engine.Refuse("guard-short", 7, "%s has fewer than %d coins in their chest", owner, a.Coins)
		}
		g.Chests[owner] -= a.Coins
		evs = append(evs, engine.NewEvent("guarded", owner, fmt.Sprintf("%s paid a guard", owner), nil))
	case *toyBoom:
		g.Counter += 1000
		panic("test: the rules crashed")
	case *toyFinish:
		g.Finished = true
		evs = append(evs, engine.NewEvent("finished", engine.NoSeat, "the game ended", nil))
	default:
		return nil, engine.Malformed("unknown action %T", a)
	}
	g.Ver++
	return evs, nil
}

type toyView struct {
	Counter int      `json:"counter"`
	Turn    int      `json:"turn"`
	Reads   []int    `json:"reads"`
	Chests  []string `json:"chests"`
	Mine    *int     `json:"mine,omitempty"`
	Note    string   `json:"note,omitempty"`
}

func (g *toyGame) View(v engine.Viewer) any {
	out := toyView{Counter: g.Counter, Turn: g.Turn, Reads: slices.Clone(g.Reads)}
	for range g.Chests {
		out.Chests = append(out.Chests, "hidden")
	}
	if !v.IsPublic() && int(v.Seat) < len(g.Chests) {
		c := g.Chests[v.Seat]
		out.Mine, out.Note = &c, g.Notes[v.Seat]
	}
	return out
}

func (g *toyGame) Version() uint64 { return g.Ver }
func (g *toyGame) Over() bool      { return g.Finished }
func (g *toyGame) Snapshot() ([]byte, error) {
	return json.Marshal(g)
}

func (g *toyGame) ActiveSeats() []engine.Seat { return []engine.Seat{engine.Seat(g.Turn)} }

func (g *toyGame) FinalScores() ([]float64, []engine.Seat) {
	scores := make([]float64, len(g.Chests))
	best := -1.0
	for i, c := range g.Chests {
		scores[i] = float64(c)
		best = max(best, scores[i])
	}
	var win []engine.Seat
	for i, sc := range scores {
		if sc == best {
			win = append(win, engine.Seat(i))
		}
	}
	return scores, win
}

func (g *toyGame) StartPlayer() engine.Seat { return 0 }

// guard is the seat who pays a guard: the one after the player to act.
func (g *toyGame) guard() engine.Seat { return engine.Seat((g.Turn + 1) % len(g.Chests)) }

func (g *toyGame) DecisionOf(a engine.Action) (engine.Seat, bool) {
	if _, ok := a.(*toyGuard); ok {
		return g.guard(), true
	}
	return engine.NoSeat, false
}

func (g *toyGame) RevealsHidden(err *engine.RuleError) bool { return err.Code == "guard-short" }
