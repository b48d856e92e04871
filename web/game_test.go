package web

import (
	"encoding/json"
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
)

// tallyRules is a tiny made-up game for the web tests ("tally", test data,
// not any real game's rules), played through the real companion Manager.

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
	if s.Players == 0 {
		s.Players = 2 // the tests play two-player tables unless told
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
