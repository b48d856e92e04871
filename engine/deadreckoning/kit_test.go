package deadreckoning

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/score"
	"github.com/quartermaster-table/quartermaster/internal/wording"
)

func kit() rulesImpl { return Rules().(rulesImpl) }

// mapAndApply maps a table input with the kit and applies the action.
func mapAndApply(t *testing.T, g *Game, in engine.TableInput) string {
	t.Helper()
	promptsInPlayersWords(t, g)
	act, said, ok := kit().MapInput(g, in)
	if !ok {
		t.Fatalf("input %+v was not mapped to an action", in)
	}
	if err := wording.Check(said, idWords...); err != nil {
		t.Errorf("what the table did, in the log: %v", err)
	}
	do(t, g, string(act))
	promptsInPlayersWords(t, g)
	return said
}

// promptsInPlayersWords fails the test when what the game waits for is not
// said as a sentence for players (the tablet's "The table waits for" box
// shows it as it is: it read "drop 2 purple cubes into the tower").
func promptsInPlayersWords(t *testing.T, g *Game) {
	t.Helper()
	for _, e := range g.WaitingFor() {
		if err := wording.Check(e.Say, idWords...); err != nil {
			t.Errorf("the prompt for %s: %v", e.ID, err)
		}
	}
}

// A battle through the camera: the kit says what to drop (each side's
// colour and count), a read of the board answers it, the exploding shot's
// re-drop asks only for the exploding cubes with their extra one, and once
// the reads are done nothing is awaited.
func TestBattleThroughTheKit(t *testing.T) {
	g := midBattle(t, "ready")
	// Before the drop, what to drop is said, but no read is awaited.
	ready := g.WaitingFor()
	if len(ready) != 1 || ready[0].Kind != "drop" || ready[0].Cubes["purple"] != 1 || ready[0].Cubes["green"] != 1 || len(ready[0].Cubes) != 2 ||
		ready[0].Say != "When both sides are ready, drop 1 green cube and 1 purple cube into the tower" {
		t.Fatalf("ready step: %+v", ready)
	}
	if _, _, ok := kit().MapInput(g, engine.TableInput{Kind: "cubes", Cubes: map[string]map[string]int{"explode": {"purple": 1}}}); ok {
		t.Fatal("a read while none is awaited became an action")
	}
	// The tower's drop sensor starts the drop.
	if said := mapAndApply(t, g, engine.TableInput{Kind: "drop", Seat: engine.NoSeat, Dropped: -1}); !strings.HasPrefix(said, "Cubes are falling") {
		t.Errorf("drop said %q", said)
	}
	if _, _, ok := kit().MapInput(g, engine.TableInput{Kind: "drop", Seat: engine.NoSeat}); ok {
		t.Error("a second drop while the read is awaited became an action")
	}
	w := g.WaitingFor()
	if len(w) != 1 || w[0].Kind != "cubes" || w[0].Cubes["purple"] != 1 || w[0].Cubes["green"] != 1 || len(w[0].Cubes) != 2 ||
		w[0].Say != "Drop 1 green cube and 1 purple cube into the tower" {
		t.Fatalf("first drop: %+v", w)
	}
	first := w[0].ID
	if first == ready[0].ID {
		t.Fatalf("the drop and the read have the same id %s", first)
	}
	if again := g.WaitingFor(); again[0].ID != first {
		t.Fatalf("the same step has two ids: %s, %s", first, again[0].ID)
	}
	said := mapAndApply(t, g, engine.TableInput{Kind: "cubes", Cubes: map[string]map[string]int{
		"explode": {"purple": 1}, "strength-1-left": {"green": 1}}})
	if said != "The camera sees 1 green cube and 1 purple cube on the board" {
		t.Errorf("said %q", said)
	}
	if err := wording.Check(said); err != nil {
		t.Errorf("the read's sentence: %v", err)
	}
	w = g.WaitingFor()
	if len(w) != 1 || w[0].ID == first || w[0].Cubes["purple"] != 2 || len(w[0].Cubes) != 1 || !strings.HasPrefix(w[0].Say, "Exploding shots: drop 2 purple cubes") {
		t.Fatalf("exploding shot: %+v", w)
	}
	mapAndApply(t, g, engine.TableInput{Kind: "cubes", Cubes: map[string]map[string]int{
		"explode": {"purple": 1}, "damage-left": {"purple": 1}, "strength-1-left": {"green": 1}}})
	w = g.WaitingFor()
	if len(w) != 1 || w[0].Cubes["purple"] != 2 {
		t.Fatalf("second exploding shot: %+v", w)
	}
	mapAndApply(t, g, engine.TableInput{Kind: "cubes", Cubes: map[string]map[string]int{
		"strength-2-top": {"purple": 1}, "damage-left": {"purple": 1}, "plunder-coin": {"purple": 1}, "strength-1-left": {"green": 1}}})
	if w := g.WaitingFor(); len(w) != 0 {
		t.Fatalf("after the last read nothing is awaited: %+v", w)
	}
	if n := st(g).CurrentBattle(); n == nil {
		t.Fatal("the battle should wait for its abilities")
	}
}

// Cubes balanced on a border are asked for again by colour.
func TestRedropThroughTheKit(t *testing.T) {
	g := midBattle(t, "read")
	said := mapAndApply(t, g, engine.TableInput{Kind: "cubes", Cubes: map[string]map[string]int{"strength-1-left": {"green": 1}},
		Redrop: 1, RedropCubes: map[string]int{"purple": 1}})
	if said != "The camera sees 1 green cube on the board; 1 purple cube to drop again" {
		t.Errorf("said %q", said)
	}
	w := g.WaitingFor()
	if len(w) != 1 || w[0].Cubes["purple"] != 1 || len(w[0].Cubes) != 1 || !strings.HasPrefix(w[0].Say, "Balanced on a border: drop 1 purple cube again") {
		t.Fatalf("re-drop: %+v", w)
	}
}

func TestButtonsAndCardsThroughTheKit(t *testing.T) {
	g := newGame(t, testSetup(2), 5)
	if _, _, ok := kit().MapInput(g, engine.TableInput{Kind: "drop", Seat: engine.NoSeat}); ok {
		t.Error("a drop with no battle became an action")
	}
	if _, _, ok := kit().MapInput(g, engine.TableInput{Kind: "button", Seat: 0}); ok {
		t.Error("a short press became an action")
	}
	if _, _, ok := kit().MapInput(g, engine.TableInput{Kind: "button", Seat: 1, Long: true}); ok {
		t.Error("Ben's long press out of turn became an action")
	}
	if _, _, ok := kit().MapInput(g, engine.TableInput{Kind: "card", Card: "04:a2:19:7f"}); ok {
		t.Error("an unregistered sticker became an action")
	}
	act, said, ok := kit().MapInput(g, engine.TableInput{Kind: "card", Card: "captain"})
	if !ok || said != "Ann played Captain on the card reader" || !strings.Contains(string(act), `"play-card"`) || !strings.Contains(string(act), `"seat":0`) {
		t.Errorf("card tap: %v %q %s", ok, said, act)
	}
	said = mapAndApply(t, g, engine.TableInput{Kind: "button", Seat: 0, Long: true})
	if said != "Ann held their button to end the turn" || st(g).Turn.Seat != 1 {
		t.Errorf("long press: %q, turn %v", said, st(g).Turn.Seat)
	}
}

func TestNewGameForm(t *testing.T) {
	cat, err := json.Marshal(testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	layout, err := os.ReadFile("../layout/board.default.json")
	if err != nil {
		t.Fatal(err)
	}
	form := engine.FormAnswers{Players: []engine.FormPlayer{{Name: "Ann", Colour: "purple"}, {Name: "Ben", Colour: "green"}},
		Options: map[string]json.RawMessage{OptionLevelOnFinalTurn: json.RawMessage("true"), engine.OptionTableBoard: layout}}
	setup, err := kit().SetupFromForm(form, cat)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Rules().New(setup, 1)
	if err != nil {
		t.Fatalf("the form's setup is refused: %v", err)
	}
	s := g.(*Game).st
	if len(s.Players) != 2 || s.Players[1].Color != "green" || !s.Options.LevelOnFinalTurn || len(s.Options.BattleBoard) == 0 {
		t.Fatalf("setup: %+v", s.Options)
	}
	if _, ok := s.Catalog.Island("test-isle-4"); !ok {
		t.Error("the owner's catalog is not in the game")
	}
	for _, c := range []struct {
		opts map[string]json.RawMessage
		cat  json.RawMessage
		want string
	}{
		{map[string]json.RawMessage{OptionBonusTokens: json.RawMessage("true")}, cat, "enter the bonus tokens"},
		{map[string]json.RawMessage{OptionBonusTokens: json.RawMessage("true")}, nil, "enter the bonus tokens"},
		{map[string]json.RawMessage{OptionBonusTokens: json.RawMessage(`"yes"`)}, nil, "true or false"},
		{map[string]json.RawMessage{"speed": json.RawMessage("1")}, nil, "no such option"},
		{map[string]json.RawMessage{engine.OptionTableBoard: json.RawMessage(`{"zones":"x"}`)}, nil, "calibrated battle board"},
		{nil, json.RawMessage(`{"islands":[{"id":"x"}]}`), "catalog"},
	} {
		form.Options = c.opts
		if _, err := kit().SetupFromForm(form, c.cat); !errors.Is(err, engine.ErrMalformed) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("options %s: got %v, want %q", c.opts, err, c.want)
		}
	}
	form.Options = nil
	form.Players[1].Colour = "black"
	if _, err := kit().SetupFromForm(form, nil); err == nil {
		t.Error("black cubes are the non-players'")
	}
	d := kit().Describe()
	if d.Rules != Name || d.MinPlayers != 2 || d.MaxPlayers != 4 || d.Citation != "page" || len(d.Colours) < 4 {
		t.Errorf("describe: %+v", d)
	}
	for _, o := range kit().NewGameOptions() {
		if o.Label == "" || o.Help == "" || o.Kind != "bool" {
			t.Errorf("option %+v lacks words", o)
		}
	}
}

func TestHelpNotesAreComplete(t *testing.T) {
	seen := map[string]bool{}
	notes := kit().HelpNotes()
	if len(notes) < 40 {
		t.Fatalf("%d notes", len(notes))
	}
	for _, n := range notes {
		if n.ID == "" || n.Title == "" || len(n.Text) < 30 || n.Page == 0 || len(n.Keywords) == 0 || seen[n.ID] {
			t.Errorf("note %+v is incomplete or repeated", n)
		}
		for _, p := range append([]int{n.Page}, n.Pages...) {
			if p < 3 || p > 32 {
				t.Errorf("note %s cites page %d, outside the rulebook", n.ID, p)
			}
		}
		seen[n.ID] = true
	}
	notes[0].Title = "changed"
	if kit().HelpNotes()[0].Title == "changed" {
		t.Error("a caller changed the notes")
	}
}

func TestScoreEndStateUsesTheCatalog(t *testing.T) {
	in, err := os.ReadFile("score/testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	out, err := kit().ScoreEndState(in, nil)
	if err != nil {
		t.Fatal(err)
	}
	var res score.Result
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Players) != 4 || !res.Complete || res.Players[0].Total == nil {
		t.Fatalf("example: %s", out)
	}
	// Without the achievement values the count is incomplete; the owner's
	// catalog (test values) completes it.
	var m map[string]json.RawMessage
	_ = json.Unmarshal(in, &m)
	delete(m, "achievementValues")
	bare, _ := json.Marshal(m)
	out, _ = kit().ScoreEndState(bare, nil)
	_ = json.Unmarshal(out, &res)
	if res.Complete {
		t.Fatal("complete without achievement values")
	}
	cat := `{"buildingCosts":{},"achievementValues":{"legendary":5,"expert-sailors":4,"terror-of-the-sea":3,"builder":4,"capitalist":4,"settler":5,"elite-vessel":4,"explorer":3,"master-merchant":5},"bonusTokens":[],"islands":[],"advancements":[],"upgrades":[]}`
	out, err = kit().ScoreEndState(bare, json.RawMessage(cat))
	if err != nil {
		t.Fatal(err)
	}
	var withCat score.Result
	_ = json.Unmarshal(out, &withCat)
	if !withCat.Complete || withCat.Players[0].Total == nil {
		t.Fatalf("with the catalog: %s", out)
	}
	if _, err := kit().ScoreEndState([]byte(`{"players":[{"name":"Ann","colour":"purple","coins":{"chest":-3}}]}`), nil); !errors.Is(err, engine.ErrMalformed) {
		t.Errorf("bad input: %v", err)
	}
}

func TestCatalogCheck(t *testing.T) {
	c := testCatalog()
	c.Islands[0], c.Islands[5] = c.Islands[5], c.Islands[0]
	raw, _ := json.Marshal(c)
	out, err := kit().CheckCatalog(raw)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := kit().CheckCatalog(out)
	if string(again) != string(out) || !strings.Contains(string(out), `"islands":[{"id":"test-isle-1",`) {
		t.Fatalf("not canonical: %s", out)
	}
	if _, err := kit().CheckCatalog([]byte(`{"islands":[{"id":"a","name":"Test Isle","slots":0,"values":[1,2]}]}`)); !errors.Is(err, engine.ErrMalformed) {
		t.Errorf("bad island: %v", err)
	}
	if len(kit().CatalogKinds()) != 6 {
		t.Errorf("kinds: %+v", kit().CatalogKinds())
	}
}

// FuzzMapInput: whatever the camera reports during a battle's read, the
// kit never panics, and what it maps is an action the rules can decode.
func FuzzMapInput(f *testing.F) {
	f.Add("explode", "purple", 1, "damage-left", "green", 2, 0)
	f.Add("", "", -3, "nowhere", "black", 99, 5)
	g := midBattle(f, "read")
	f.Fuzz(func(t *testing.T, z1, c1 string, n1 int, z2, c2 string, n2, redrop int) {
		in := engine.TableInput{Kind: "cubes", Seat: engine.NoSeat,
			Cubes:       map[string]map[string]int{z1: {c1: n1}, z2: {c2: n2}},
			RedropCubes: map[string]int{c1: redrop}}
		act, said, ok := kit().MapInput(g, in)
		if !ok {
			return
		}
		if said == "" {
			t.Fatal("mapped without a sentence")
		}
		if _, err := Rules().DecodeAction(act); err != nil && !errors.Is(err, engine.ErrMalformed) {
			t.Fatalf("mapped action %s: %v", act, err)
		}
	})
}

func TestSetupWithTableBoard(t *testing.T) {
	layout, err := os.ReadFile("../layout/board.default.json")
	if err != nil {
		t.Fatal(err)
	}
	setup := json.RawMessage(`{"players":[{"name":"Ann","color":"purple"},{"name":"Ben","color":"green"}],"options":{"levelOnFinalTurn":true}}`)
	out, used, err := kit().SetupWithTableBoard(setup, layout)
	if err != nil || !used {
		t.Fatalf("used %v, err %v", used, err)
	}
	g, err := Rules().New(out, 1)
	if err != nil {
		t.Fatalf("the setup with the board is refused: %v", err)
	}
	if o := g.(*Game).st.Options; len(o.BattleBoard) == 0 || !o.LevelOnFinalTurn {
		t.Fatalf("options %+v", o)
	}
	// A setup with its own board keeps it; one that is not an object is
	// left to New; a board the rules cannot play on is refused.
	if again, used, _ := kit().SetupWithTableBoard(out, layout); used || string(again) != string(out) {
		t.Error("a setup's own board was replaced")
	}
	if _, used, err := kit().SetupWithTableBoard(json.RawMessage(`[1]`), layout); used || err != nil {
		t.Errorf("a non-object setup: used %v, err %v", used, err)
	}
	if _, _, err := kit().SetupWithTableBoard(setup, json.RawMessage(`{"zones":"x"}`)); err == nil {
		t.Error("a broken board was put in")
	}
}

// TestCatalogKindsNameTheirLists: every kind names where its entries are
// in the catalog file; achievement values and building costs are maps.
func TestCatalogKindsNameTheirLists(t *testing.T) {
	raw, err := json.Marshal(testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	if err := engine.CheckCatalogKinds(kit().CatalogKinds(), raw); err != nil {
		t.Fatal(err)
	}
}

// A re-drop read through the camera is the whole board whether the camera
// reports every cube on it (a real camera sees the cubes still lying) or
// only the cubes dropped again (the simulated camera lays only those): the
// cubes left lying keep the zones of the last read, and nobody types them.
func TestRedropReadSeesTheCubesStillLying(t *testing.T) {
	type board = map[string]map[string]int
	// lying reads the battle's board as the rules hold it (colour -> zone).
	lying := func(t *testing.T, g *Game) board {
		t.Helper()
		pb := st(g).CurrentBattle()
		if pb == nil {
			t.Fatal("the battle is over too early")
		}
		b, _, err := st(g).battleNeed(pb)
		if err != nil {
			t.Fatal(err)
		}
		return b.Lying().Cubes
	}
	want := board{"purple": {"strength-2-top": 1, "damage-left": 1}, "green": {"strength-1-left": 1}}
	for _, c := range []struct {
		name, said string
		seen       map[string]map[string]int
	}{
		{"the camera sees only the two cubes dropped again",
			"The camera sees 2 purple cubes on the board; the other cubes stay where they lie",
			map[string]map[string]int{"strength-2-top": {"purple": 1}, "damage-left": {"purple": 1}}},
		{"the camera sees the whole board",
			"The camera sees 1 green cube and 2 purple cubes on the board",
			map[string]map[string]int{"strength-2-top": {"purple": 1}, "damage-left": {"purple": 1}, "strength-1-left": {"green": 1}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := midBattle(t, "read")
			// Purple's cube explodes (p. 19): it comes out with one more.
			mapAndApply(t, g, engine.TableInput{Kind: "cubes", Cubes: map[string]map[string]int{
				"explode": {"purple": 1}, "strength-1-left": {"green": 1}}})
			if w := g.WaitingFor(); len(w) != 1 || w[0].Cubes["purple"] != 2 || len(w[0].Cubes) != 1 {
				t.Fatalf("the exploding shot asks for %+v, want only the 2 purple cubes", w)
			}
			if said := mapAndApply(t, g, engine.TableInput{Kind: "cubes", Cubes: c.seen}); said != c.said {
				t.Errorf("said %q, want %q", said, c.said)
			}
			if w := g.WaitingFor(); len(w) != 0 {
				t.Fatalf("after the re-drop's read nothing is awaited, got %+v", w)
			}
			got := lying(t, g)
			if len(got) != len(want) || got["green"]["strength-1-left"] != 1 || got["purple"]["strength-2-top"] != 1 || got["purple"]["damage-left"] != 1 || len(got["purple"]) != 2 || len(got["green"]) != 1 {
				t.Errorf("board %v, want %v", got, want)
			}
		})
	}

	t.Run("a cube balanced on a border, seen alone once dropped again", func(t *testing.T) {
		g := midBattle(t, "read")
		mapAndApply(t, g, engine.TableInput{Kind: "cubes", Cubes: map[string]map[string]int{"strength-1-left": {"green": 1}},
			Redrop: 1, RedropCubes: map[string]int{"purple": 1}})
		mapAndApply(t, g, engine.TableInput{Kind: "cubes", Cubes: map[string]map[string]int{"damage-left": {"purple": 1}}})
		if w := g.WaitingFor(); len(w) != 0 {
			t.Fatalf("after the re-drop's read nothing is awaited, got %+v", w)
		}
		if got := lying(t, g); got["green"]["strength-1-left"] != 1 || got["purple"]["damage-left"] != 1 {
			t.Errorf("board %v: green's cube should still lie where it was read", got)
		}
	})

	t.Run("a read that accounts for neither is refused, naming the count", func(t *testing.T) {
		g := midBattle(t, "read")
		mapAndApply(t, g, engine.TableInput{Kind: "cubes", Cubes: map[string]map[string]int{
			"explode": {"purple": 1}, "strength-1-left": {"green": 1}}})
		act, _, ok := kit().MapInput(g, engine.TableInput{Kind: "cubes", Cubes: map[string]map[string]int{"damage-left": {"purple": 1}}})
		if !ok {
			t.Fatal("the read was not mapped")
		}
		refused(t, g, string(act), battle.CodeReadCount)
	})
}
