package web

import (
	"encoding/json"
	"fmt"
	"os"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
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

// drFixture stands in for Dead Reckoning's rules in the browser tests: its
// view is testdata/dr-view.json (made-up test data shaped like the engine's
// View) with the turn, sails and ships changed by a few actions, so the UI's
// board, forms, private view and battle screen can be driven end to end.
type drFixture struct{}

func (drFixture) Name() string { return "dead-reckoning" }

// HelpNotes are Dead Reckoning's own notes.
func (drFixture) HelpNotes() []engine.HelpNote {
	return deadreckoning.Rules().(engine.HelpNotes).HelpNotes()
}

// ScoreEndState is Dead Reckoning's own end-state count (test files may
// import the rules; the server does not).
func (drFixture) ScoreEndState(input []byte, catalog json.RawMessage) (json.RawMessage, error) {
	return deadreckoning.Rules().(engine.EndStateCalculator).ScoreEndState(input, catalog)
}

func (drFixture) New(setup json.RawMessage, seed uint64) (engine.Game, error) {
	b, err := os.ReadFile("testdata/dr-view.json")
	if err != nil {
		return nil, err
	}
	g := &drGame{}
	if err := json.Unmarshal(b, &g.view); err != nil {
		return nil, err
	}
	return g, nil
}

type drAction struct {
	engine.ActionHeader
	Path   []string        `json:"path,omitempty"`
	Pirate bool            `json:"pirate,omitempty"`
	Card   string          `json:"card,omitempty"`
	Coins  int             `json:"coins,omitempty"`
	Target int             `json:"target,omitempty"`
	Read   json.RawMessage `json:"read,omitempty"`
}

func (a *drAction) IsPrivate() bool { return a.Type == "hide-coins" }

func (drFixture) DecodeAction(b []byte) (engine.Action, error) {
	c := engine.NewCodec(1)
	for _, t := range []string{"set-sails", "move", "end-turn", "play-card", "hide-coins", "attack-ship", "read-battle", "finish", "tie-break-read"} {
		c.Register(t, func() engine.Action { return &drAction{} })
	}
	return c.Decode(b)
}

type drGame struct {
	view    map[string]any
	chests  [3]int
	version uint64
}

func (g *drGame) turn() map[string]any { return g.view["turn"].(map[string]any) }
func (g *drGame) player(s engine.Seat) map[string]any {
	return g.view["players"].([]any)[s].(map[string]any)
}

func (g *drGame) Apply(a engine.Action) ([]engine.Event, error) {
	act := a.(*drAction)
	seat := act.Seat
	if g.view["over"] == true && act.Type != "tie-break-read" {
		return nil, engine.Refuse("game-over", 22, "the game is over")
	}
	if int(seat) != int(g.turn()["seat"].(float64)) && act.Type != "hide-coins" && seat != engine.NoSeat {
		return nil, engine.Refuse(engine.CodeNotYourTurn, 0, "it is %s's turn", g.player(engine.Seat(g.turn()["seat"].(float64)))["name"])
	}
	name := "The table"
	if seat >= 0 {
		name = g.player(seat)["name"].(string)
	}
	var ev engine.Event
	switch act.Type {
	case "set-sails":
		if g.turn()["sailsSet"] == true {
			return nil, engine.Refuse("sails-once", 9, "you have already set sails this turn")
		}
		g.turn()["sailsSet"] = true
		g.player(seat)["ship"].(map[string]any)["sails"] = 3.0
		ev = engine.NewEvent("sails-set", seat, name+" set sails to 3", nil)
	case "move":
		if len(act.Path) == 0 {
			return nil, engine.Refuse("move-path", 9, "say where the ship sails")
		}
		ship := g.player(seat)["ship"].(map[string]any)
		ship["at"] = act.Path[len(act.Path)-1]
		ev = engine.NewEvent("moved", seat, fmt.Sprintf("%s sailed to %s", name, act.Path[len(act.Path)-1]), nil)
	case "end-turn":
		n := len(g.view["players"].([]any))
		next := (int(seat) + 1) % n
		g.turn()["seat"] = float64(next)
		g.turn()["sailsSet"] = false
		g.turn()["number"] = g.turn()["number"].(float64) + 1
		ev = engine.NewEvent("turn-ended", seat, fmt.Sprintf("%s ended the turn; %s to play", name, g.player(engine.Seat(next))["name"]), nil)
	case "hide-coins":
		g.chests[seat] += act.Coins
		ev = engine.NewEvent("coins-hidden", seat, name+" put coins in the treasure chest", nil).
			WithSecret(fmt.Sprintf("You put %d coins in your chest (CHEST-SECRET-%d)", act.Coins, act.Coins), nil)
	case "attack-ship":
		// The battle as the engine would describe it mid-way (test data).
		need := map[string]any{"phase": "read", "who": "table", "drop": map[string]any{"green": 2.0}, "dropKind": "explode",
			"cubes": []any{4.0, 3.0}, "strength": []any{3.0, 2.0},
			"reasons": []any{
				[]any{map[string]any{"source": "ship", "cubes": 2.0, "why": "2 cannons on the ship"}, map[string]any{"source": "gunner", "cubes": 2.0, "why": "Gunner's cannons"}},
				[]any{map[string]any{"source": "ship", "cubes": 1.0, "why": "1 cannon on the ship"}, map[string]any{"source": "island", "cubes": 2.0, "why": "2 buildings on the island it controls (p. 18)"}}}}
		g.turn()["fought"] = []any{fmt.Sprintf("ship:%d", act.Target)}
		g.turn()["cannonsUsed"] = map[string]any{"ship": 2.0, "gunner": 2.0}
		g.view["battles"] = []any{map[string]any{"id": 1, "kind": "ship", "cause": "attack-flag", "attacker": float64(seat), "defender": float64(act.Target),
			"at": g.player(seat)["ship"].(map[string]any)["at"], "started": true, "need": need}}
		ev = engine.NewEvent("battle", seat, fmt.Sprintf("%s attacked %s", name, g.player(engine.Seat(act.Target))["name"]), nil)
	case "read-battle":
		g.view["battles"] = []any{}
		ev = engine.NewEvent("battle-read", engine.NoSeat, "The battle was read: Ann wins", nil)
	case "tie-break-read":
		// The test tie-break: whoever has a cube in strength-2-top wins.
		sc := g.view["score"].(map[string]any)
		var rd struct {
			Cubes map[string]map[string]int `json:"cubes"`
		}
		_ = json.Unmarshal(act.Read, &rd)
		winner := "Ben"
		if rd.Cubes["purple"]["strength-2-top"] > 0 {
			winner = "Ann"
		}
		sc["winner"] = winner
		sc["tieBreak"] = map[string]any{"rounds": []any{map[string]any{"round": 1, "strength": map[string]any{"Ann": 2, "Ben": 0}}}, "winner": winner}
		delete(sc, "tieBreakNeed")
		ev = engine.NewEvent("tie-break-won", engine.NoSeat, winner+" wins the tie-break", nil)
	case "finish":
		g.view["over"] = true
		// The end as the engine shows it (test data): Ann and Ben tied.
		line := func(cat string, n int) map[string]any {
			return map[string]any{"key": cat, "category": cat, "label": cat, "coins": n, "page": 22}
		}
		g.view["score"] = map[string]any{
			"players": []any{
				map[string]any{"name": "Ann", "colour": "purple", "total": 40, "known": 40, "lines": []any{line("coins_chest", 30), line("achievements", 10)}},
				map[string]any{"name": "Ben", "colour": "green", "total": 40, "known": 40, "lines": []any{line("coins_chest", 36), line("achievements", 4)}},
				map[string]any{"name": "Cy", "colour": "blue", "total": 21, "known": 21, "lines": []any{line("coins_chest", 21)}}},
			"complete": true, "tied": []any{"Ann", "Ben"}, "winners": []any{0, 1},
			"tieBreakNeed": map[string]any{"contenders": []any{
				map[string]any{"seat": 0, "name": "Ann", "colour": "purple", "cannons": 3},
				map[string]any{"seat": 1, "name": "Ben", "colour": "green", "cannons": 2}},
				"next": map[string]any{"round": 1, "kind": "drop", "drop": map[string]any{"purple": 3, "green": 2}, "contenders": []any{"Ann", "Ben"}}}}
		ev = engine.NewEvent("over", seat, "The game is over", nil)
	default:
		return nil, engine.Refuse("test-fixture", 9, "the test table does not know %q", act.Type)
	}
	g.version++
	return []engine.Event{ev}, nil
}

func (g *drGame) View(v engine.Viewer) any {
	b, _ := json.Marshal(g.view)
	var out map[string]any
	_ = json.Unmarshal(b, &out)
	if !v.IsPublic() {
		p := out["players"].([]any)[v.Seat].(map[string]any)
		p["chest"] = 15 + g.chests[v.Seat]
		p["hand"] = []any{map[string]any{"id": "test-gunner", "kind": "Gunner", "level": 1, "cannons": 1}}
		p["bonusToken"] = "Test token: legendary + builder"
		if g.chests[v.Seat] > 0 {
			p["secretNote"] = fmt.Sprintf("CHEST-SECRET-%d", g.chests[v.Seat])
		}
	}
	return out
}

func (g *drGame) Version() uint64 { return g.version }
func (g *drGame) Over() bool      { return g.view["over"] == true }
func (g *drGame) Snapshot() ([]byte, error) {
	return json.Marshal(map[string]any{"view": g.view, "chests": g.chests})
}
