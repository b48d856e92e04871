package score

import (
	"fmt"
	"sort"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// Contender is a player in the tie-break battle.
type Contender struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
	// Cannons on the player's ship and on every card of their deck: the
	// number of cubes they drop each round (cubes on islands may be used).
	Cannons int `json:"cannons"`
}

// Step kinds of the tie-break battle.
const (
	StepDrop    = "drop"    // a new round: every contender drops their cannons' cubes
	StepRedrop  = "redrop"  // cubes balanced on a border are dropped again
	StepExplode = "explode" // exploding shots: each cube there plus one extra
	StepDone    = "done"    // a winner is known
)

// Step is what the tie-break battle waits for: the cubes to drop now, per
// colour, after which it wants the read of the whole board.
type Step struct {
	Round int            `json:"round"`
	Kind  string         `json:"kind"`
	Drop  map[string]int `json:"drop,omitempty"`
	// Contenders still in the battle, by name.
	Contenders []string `json:"contenders"`
}

// RoundResult is a finished round: each contender's battle strength.
type RoundResult struct {
	Round    int            `json:"round"`
	Strength map[string]int `json:"strength"`
	// Best are the names with the most strength (one: the winner).
	Best []string `json:"best"`
}

// TieBreak is the tie-break battle of players tied for the most coins
// (rulebook p. 23): all of them drop their cubes at once, only exploding
// shots are resolved (no battle abilities), the most battle strength wins,
// and the players still tied repeat the battle, as many at once as are tied.
// It is a state machine driven by Next and Read.
type TieBreak struct {
	layout  *battle.Layout
	all     []Contender
	in      []int          // indexes into all of the contenders in the round
	round   int            // 1-based
	kind    string         // the current Step kind
	pending map[string]int // cubes to drop now
	inShip  map[string]int // cubes of the round in the Battle ship, per colour
	rounds  []RoundResult
	winner  int
}

// Tie-break refusal codes.
const (
	CodeTieBreakOver = "tie-break-over"
)

// NewTieBreak starts the tie-break battle between at least two contenders
// with distinct colours, read against layout.
func NewTieBreak(layout *battle.Layout, cs []Contender) (*TieBreak, error) {
	if layout == nil {
		return nil, engine.Malformed("tie-break: no battle-board layout")
	}
	if len(cs) < 2 {
		return nil, engine.Malformed("tie-break: needs at least 2 tied players, got %d", len(cs))
	}
	seen := map[string]bool{}
	for i, c := range cs {
		if c.Colour == "" || c.Name == "" {
			return nil, engine.Malformed("tie-break: contenders[%d]: name and colour are needed", i)
		}
		if seen[c.Colour] {
			return nil, engine.Malformed("tie-break: contenders[%d].colour: %q is used twice", i, c.Colour)
		}
		seen[c.Colour] = true
		if c.Cannons < 0 {
			return nil, engine.Malformed("tie-break: contenders[%d].cannons: a count cannot be negative (%d)", i, c.Cannons)
		}
	}
	t := &TieBreak{layout: layout, all: append([]Contender(nil), cs...), winner: -1}
	for i := range cs {
		t.in = append(t.in, i)
	}
	t.startRound()
	return t, nil
}

func (t *TieBreak) startRound() {
	t.round++
	t.kind = StepDrop
	t.pending = map[string]int{}
	t.inShip = map[string]int{}
	for _, i := range t.in {
		t.pending[t.all[i].Colour] = t.all[i].Cannons
		t.inShip[t.all[i].Colour] = t.all[i].Cannons
	}
}

// Next says what to drop now (or that the battle is over).
func (t *TieBreak) Next() Step {
	s := Step{Round: t.round, Kind: t.kind}
	for _, i := range t.in {
		s.Contenders = append(s.Contenders, t.all[i].Name)
	}
	if t.kind != StepDone {
		s.Drop = copyCounts(t.pending)
	}
	return s
}

// Read takes the read of the whole board after the drop Next asked for. A
// read that does not account for exactly the cubes in the Battle ship, or
// names an unknown zone or colour, is refused and changes nothing.
func (t *TieBreak) Read(r battle.Read) error {
	if t.kind == StepDone {
		return engine.Refuse(CodeTieBreakOver, 23, "the tie-break battle is over: %s won", t.all[t.winner].Name)
	}
	if err := t.layout.CheckRead(r, t.inShip); err != nil {
		return err
	}
	redrop := map[string]int{}
	for c, n := range r.Redrop {
		if n > 0 {
			redrop[c] = n
		}
	}
	if len(redrop) > 0 {
		t.kind, t.pending = StepRedrop, redrop
		return nil
	}
	explode := map[string]int{}
	for c := range t.inShip {
		if n := t.layout.InExplode(r, c); n > 0 {
			explode[c] = 2 * n
			t.inShip[c] += n
		}
	}
	if len(explode) > 0 {
		t.kind, t.pending = StepExplode, explode
		return nil
	}
	rr := RoundResult{Round: t.round, Strength: map[string]int{}}
	best := -1
	for _, i := range t.in {
		s := t.layout.TallyOf(r, t.all[i].Colour).Strength
		rr.Strength[t.all[i].Name] = s
		best = max(best, s)
	}
	var top []int
	for _, i := range t.in {
		if rr.Strength[t.all[i].Name] == best {
			top = append(top, i)
			rr.Best = append(rr.Best, t.all[i].Name)
		}
	}
	t.rounds = append(t.rounds, rr)
	if len(top) == 1 {
		t.winner, t.kind, t.pending = top[0], StepDone, nil
		return nil
	}
	t.in = top
	t.startRound()
	return nil
}

// Winner returns the winner once the battle is over.
func (t *TieBreak) Winner() (Contender, bool) {
	if t.winner < 0 {
		return Contender{}, false
	}
	return t.all[t.winner], true
}

// Rounds returns the finished rounds.
func (t *TieBreak) Rounds() []RoundResult { return append([]RoundResult(nil), t.rounds...) }

// String describes the state for logs.
func (t *TieBreak) String() string {
	if w, ok := t.Winner(); ok {
		return fmt.Sprintf("tie-break won by %s in round %d", w.Name, t.round)
	}
	return fmt.Sprintf("tie-break round %d, waiting for a %s", t.round, t.kind)
}

func copyCounts(m map[string]int) map[string]int {
	out := make(map[string]int, len(m))
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		out[k] = m[k]
	}
	return out
}
