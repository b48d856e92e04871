package racetoten

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
)

func newGame(t *testing.T, setup string) *Game {
	t.Helper()
	g, err := Rules().New(json.RawMessage(setup), 7)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}

const twoPlayers = `{"players":[{"name":"Ann","colour":"red"},{"name":"Bob","colour":"blue"}]}`

func apply(t *testing.T, g *Game, action string) []engine.Event {
	t.Helper()
	a, err := Rules().DecodeAction([]byte(action))
	if err != nil {
		t.Fatal(err)
	}
	evs, err := g.Apply(a)
	if err != nil {
		t.Fatalf("%s: %v", action, err)
	}
	return evs
}

// refused applies an action that must be refused with code, citing
// section, and checks the game did not change.
func refused(t *testing.T, g *Game, action, code, section string) {
	t.Helper()
	before, _ := g.Snapshot()
	a, err := Rules().DecodeAction([]byte(action))
	if err != nil {
		t.Fatal(err)
	}
	_, err = g.Apply(a)
	re, ok := engine.AsRuleError(err)
	if !ok || re.Code != code || re.Section != section || re.Page != 0 {
		t.Fatalf("%s: got %v, want a refusal %s citing %q", action, err, code, section)
	}
	after, _ := g.Snapshot()
	if !bytes.Equal(before, after) {
		t.Fatalf("%s: a refusal changed the game", action)
	}
}

func TestWholeGame(t *testing.T) {
	g := newGame(t, twoPlayers)
	if w := g.WaitingFor(); len(w) != 1 || w[0].Kind != "dice" || w[0].Dice[0].Die != "white" || w[0].Dice[0].Count != 1 || len(w[0].Dice[0].Faces) != 6 {
		t.Fatalf("the new game should wait for one white die, got %+v", w)
	}
	refused(t, g, `{"type":"add","seat":0,"n":1}`, CodeRollFirst, SectionStart)
	refused(t, g, `{"type":"roll","seat":-1,"request":"r1","faces":["7"]}`, dice.CodeFace, SectionStart)
	// A 4 with two players: (4-1) mod 2 = seat 1, Bob.
	evs := apply(t, g, `{"type":"roll","seat":-1,"request":"r1","faces":["4"]}`)
	if !strings.Contains(evs[0].Text, "Bob starts") {
		t.Fatalf("start event %q", evs[0].Text)
	}
	if len(g.WaitingFor()) != 0 {
		t.Fatal("still waiting for a roll after it was made")
	}
	refused(t, g, `{"type":"add","seat":0,"n":1}`, engine.CodeNotYourTurn, SectionTurn)
	refused(t, g, `{"type":"add","seat":1,"n":4}`, CodeAddRange, SectionTurn)
	apply(t, g, `{"type":"add","seat":1,"n":3}`)
	apply(t, g, `{"type":"add","seat":0,"n":3}`)
	apply(t, g, `{"type":"add","seat":1,"n":2}`)
	refused(t, g, `{"type":"add","seat":0,"n":3}`, CodeOvershoot, SectionWin) // 8+3 > 10
	if g.Over() {
		t.Fatal("over before anyone reached 10")
	}
	evs = apply(t, g, `{"type":"add","seat":0,"n":2}`)
	if !g.Over() || evs[len(evs)-1].Text != "Ann reached 10 and wins" {
		t.Fatalf("Ann should win: over %v, events %+v", g.Over(), evs)
	}
	scores, winners := g.FinalScores()
	if len(winners) != 1 || winners[0] != 0 || scores[0] != 1 || scores[1] != 0 {
		t.Fatalf("scores %v winners %v", scores, winners)
	}
	refused(t, g, `{"type":"add","seat":1,"n":1}`, engine.CodeGameOver, SectionWin)
	if v := g.View(engine.Public).(View); v.Counter != 10 || v.Winner != 0 || !v.Over || len(v.Rolls.Rolls) != 1 {
		t.Fatalf("view %+v", v)
	}
}

func TestDigitalStartRollIsSeeded(t *testing.T) {
	first := func(seed uint64) engine.Seat {
		g, err := Rules().New(json.RawMessage(`{"players":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"}]}`), seed)
		if err != nil {
			t.Fatal(err)
		}
		apply(t, g.(*Game), `{"type":"roll","seat":-1,"request":"r1","digital":true}`)
		return g.(*Game).ActiveSeats()[0]
	}
	starts := map[engine.Seat]bool{}
	for seed := range uint64(40) {
		s := first(seed)
		if s != first(seed) {
			t.Fatalf("seed %d: two different starts", seed)
		}
		starts[s] = true
	}
	if len(starts) != 4 {
		t.Fatalf("over 40 seeds the digital die gave the first turn only to %v", starts)
	}
}

func TestCorrectedStartRoll(t *testing.T) {
	g := newGame(t, twoPlayers)
	apply(t, g, `{"type":"roll","seat":-1,"request":"r1","faces":["1"]}`)
	apply(t, g, `{"type":"roll","seat":-1,"request":"r1","faces":["2"],"corrects":"roll2","reason":"misread"}`)
	if g.ActiveSeats()[0] != 1 {
		t.Fatalf("the corrected roll (2) should give Bob the first turn, got %v", g.ActiveSeats())
	}
	apply(t, g, `{"type":"add","seat":1,"n":1}`)
	refused(t, g, `{"type":"roll","seat":-1,"request":"r1","faces":["1"],"corrects":"roll3"}`, dice.CodeCorrects, SectionStart)
}

func TestSetupRefusals(t *testing.T) {
	for _, setup := range []string{
		`{"players":[{"name":"Ann"}]}`,
		`{"players":[{"name":"A"},{"name":""}]}`,
		`{"players":[{"name":"A"},{"name":"B"}],"target":31}`,
		`{"players":[{"name":"A"},{"name":"B"}],"extra":1}`,
		`[`,
	} {
		if _, err := Rules().New(json.RawMessage(setup), 1); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%s: got %v, want a malformed setup", setup, err)
		}
	}
}

func TestFormAndCatalog(t *testing.T) {
	r := Rules().(rulesImpl)
	cat, err := r.CheckCatalog([]byte(`{"boards":[{"id":"z","name":"Test Board Z","target":12},{"id":"a","name":"Test Board A","target":7}]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.HasPrefix(cat, []byte(`{"boards":[{"id":"a"`)) {
		t.Fatalf("catalog not sorted by id: %s", cat)
	}
	if _, err := r.CheckCatalog([]byte(`{"boards":[{"id":"a","name":"X","target":2}]}`)); !errors.Is(err, engine.ErrMalformed) || !strings.Contains(err.Error(), "boards[0].target") {
		t.Fatalf("a target out of range: %v", err)
	}
	form := engine.FormAnswers{Players: []engine.FormPlayer{{Name: "Ann", Colour: "red"}, {Name: "Bob", Colour: "green"}},
		Options: map[string]json.RawMessage{OptionBoard: json.RawMessage(`"z"`)}}
	setup, err := r.SetupFromForm(form, cat)
	if err != nil {
		t.Fatal(err)
	}
	g := newGame(t, string(setup))
	if v := g.View(engine.Public).(View); v.Target != 12 || v.Board != "Test Board Z" || v.Players[1].Colour != "green" {
		t.Fatalf("the catalog's board should set the target: %+v", v)
	}
	form.Options = map[string]json.RawMessage{OptionTarget: json.RawMessage(`6`)}
	setup, _ = r.SetupFromForm(form, nil)
	if v := newGame(t, string(setup)).View(engine.Public).(View); v.Target != 6 {
		t.Fatalf("target option ignored: %+v", v)
	}
	for _, bad := range []map[string]json.RawMessage{
		{OptionBoard: json.RawMessage(`"nope"`)},
		{OptionTarget: json.RawMessage(`"ten"`)},
		{OptionTarget: json.RawMessage(`40`)},
		{"speed": json.RawMessage(`1`)},
	} {
		form.Options = bad
		if _, err := r.SetupFromForm(form, cat); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("options %s: got %v", bad, err)
		}
	}
	form.Options = nil
	form.Players[0].Colour = "purple"
	if _, err := r.SetupFromForm(form, nil); err == nil || !strings.Contains(err.Error(), "players[0].colour") {
		t.Fatalf("unknown colour: %v", err)
	}
}

func TestCalculator(t *testing.T) {
	out, err := Rules().(rulesImpl).ScoreEndState([]byte(`{"counter":3,"target":10}`), nil)
	if err != nil {
		t.Fatal(err)
	}
	var r EndResult
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	// 7 to go: adding 3 leaves 4, a multiple of 4, for the next player.
	if r != (EndResult{ToGo: 7, BestToAdd: 3}) {
		t.Fatalf("got %+v", r)
	}
	if _, err := Rules().(rulesImpl).ScoreEndState([]byte(`{"counter":11}`), nil); !errors.Is(err, engine.ErrMalformed) {
		t.Fatalf("counter past the target: %v", err)
	}
}

func TestMapInput(t *testing.T) {
	r := Rules().(rulesImpl)
	g := newGame(t, twoPlayers)
	if _, _, ok := r.MapInput(g, engine.TableInput{Kind: "button", Seat: 0}); ok {
		t.Fatal("a button press before the start roll should not be an action")
	}
	act, said, ok := r.MapInput(g, engine.TableInput{Kind: "dice", Dice: []engine.DieRead{{Die: "white", Face: "3"}}})
	if !ok || said != "the white die shows 3" {
		t.Fatalf("dice read: ok %v said %q", ok, said)
	}
	apply(t, g, string(act)) // 3 with two players: Ann starts
	if _, _, ok := r.MapInput(g, engine.TableInput{Kind: "dice", Dice: []engine.DieRead{{Die: "white", Face: "3"}}}); ok {
		t.Fatal("dice read with no roll waiting should only be a notice")
	}
	if _, _, ok := r.MapInput(g, engine.TableInput{Kind: "button", Seat: 1}); ok {
		t.Fatal("Bob's button out of turn should not be an action")
	}
	act, said, ok = r.MapInput(g, engine.TableInput{Kind: "button", Seat: 0, Long: true})
	if !ok || said != "Ann pressed their button: add 3" {
		t.Fatalf("Ann's long press: ok %v said %q", ok, said)
	}
	apply(t, g, string(act))
	if v := g.View(engine.Public).(View); v.Counter != 3 {
		t.Fatalf("counter %d", v.Counter)
	}
}

func FuzzDecodeAndApply(f *testing.F) {
	f.Add([]byte(`{"type":"add","seat":0,"n":2}`))
	f.Add([]byte(`{"type":"roll","seat":-1,"request":"r1","faces":["3"]}`))
	f.Add([]byte(`{"type":"roll","seat":-1,"request":"r1","digital":true}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		g, _ := Rules().New(json.RawMessage(twoPlayers), 1)
		a, err := Rules().DecodeAction(b)
		if err != nil {
			if !errors.Is(err, engine.ErrMalformed) {
				t.Fatalf("decode error not malformed: %v", err)
			}
			return
		}
		before, _ := g.Snapshot()
		if _, err := g.Apply(a); err != nil {
			if after, _ := g.Snapshot(); !bytes.Equal(before, after) {
				t.Fatal("a refusal changed the game")
			}
		}
	})
}

func FuzzKitDecoders(f *testing.F) {
	f.Add([]byte(`{"boards":[{"id":"a","name":"Test Board","target":9}]}`))
	f.Add([]byte(`{"counter":3,"target":10}`))
	f.Add([]byte(`{"players":[{"name":"Ann","colour":"red"}],"options":{"target":7,"board":"a"}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		r := Rules().(rulesImpl)
		if c, err := r.CheckCatalog(b); err == nil {
			if again, err := r.CheckCatalog(c); err != nil || !bytes.Equal(again, c) {
				t.Fatalf("canonical catalog not stable: %s / %s (%v)", c, again, err)
			}
		} else if !errors.Is(err, engine.ErrMalformed) {
			t.Fatalf("catalog error not malformed: %v", err)
		}
		if _, err := r.ScoreEndState(b, nil); err != nil && !errors.Is(err, engine.ErrMalformed) {
			t.Fatalf("calculator error not malformed: %v", err)
		}
		var form engine.FormAnswers
		if json.Unmarshal(b, &form) == nil {
			if setup, err := r.SetupFromForm(form, b); err == nil {
				if _, err := Rules().New(setup, 1); err != nil && !errors.Is(err, engine.ErrMalformed) {
					t.Fatalf("the form's setup: %v", err)
				}
			} else if !errors.Is(err, engine.ErrMalformed) {
				t.Fatalf("form error not malformed: %v", err)
			}
		}
	})
}
