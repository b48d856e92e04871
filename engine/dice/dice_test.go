package dice

import (
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

func code(t *testing.T, err error) string {
	t.Helper()
	re, ok := engine.AsRuleError(err)
	if !ok {
		t.Fatalf("want a rule error, got %v", err)
	}
	return re.Code
}

func TestAskAnswerRecord(t *testing.T) {
	var b Book
	r := b.Ask(Request{Purpose: "Ann attacks the merchant", Seat: 0, Side: "attacker", Dice: []Die{D6("red"), D6("red"), D6("white")}})
	if r.ID == "" || len(b.Open) != 1 {
		t.Fatalf("request not open: %+v", b)
	}
	if got := r.Say(); got != "roll 2 red dice and 1 white die on the attacker side of the tray" {
		t.Errorf("Say = %q", got)
	}
	// Two sides may roll together.
	r2 := b.Ask(Request{Purpose: "the merchant defends", Seat: engine.NoSeat, Side: "defender", Dice: []Die{D6("white")}})
	if len(b.Expects()) != 2 {
		t.Fatalf("want two open requests")
	}
	// The camera and the screens learn what to roll, why, and what each die
	// can show.
	if e := b.Expects()[0]; e.Why != "Ann attacks the merchant" || len(e.Dice) != 2 || e.Dice[0].Count != 2 ||
		!reflect.DeepEqual(e.Dice[1].Faces, []string{"1", "2", "3", "4", "5", "6"}) || e.Dice[1].Zone != "attacker" {
		t.Errorf("the first request's Expect = %+v", e)
	}
	for _, tc := range []struct {
		a    RollAction
		code string
	}{
		{RollAction{Request: r.ID, Faces: []string{"1", "2"}}, CodeCount},
		{RollAction{Request: r.ID, Faces: []string{"1", "2", "7"}}, CodeFace},
		{RollAction{Request: "r99", Faces: []string{"1"}}, CodeNoRequest},
		{RollAction{Request: "", Faces: []string{"1"}}, CodeNoRequest},
		{RollAction{Request: r.ID, Digital: true, Faces: []string{"1", "2", "3"}}, CodeCount},
		{RollAction{Request: r.ID, Corrects: "roll1", Faces: []string{"1", "2", "3"}}, CodeCorrects},
	} {
		before := b.Clone()
		_, err := b.Answer(&tc.a)
		if got := code(t, err); got != tc.code {
			t.Errorf("%+v: code %q, want %q (%v)", tc.a, got, tc.code, err)
		}
		// What was sent ("7", "r99", "roll1") is never quoted back.
		if re, _ := engine.AsRuleError(err); re != nil && (strings.Contains(re.Detail, `"`) || strings.Contains(re.Detail, "r99") || strings.Contains(re.Detail, "roll1")) {
			t.Errorf("%+v: the refusal %q quotes what was sent", tc.a, re.Detail)
		}
		if re, _ := engine.AsRuleError(err); re != nil && re.Code == CodeFace && re.Detail != "Choose the face die 3 shows: 1, 2, 3, 4, 5 or 6" {
			t.Errorf("a face the die does not have: %q", re.Detail)
		}
		if !reflect.DeepEqual(before, b) {
			t.Errorf("a refused answer changed the book")
		}
	}
	a := &RollAction{Request: r.ID, Faces: []string{"6", "6", "2"}}
	req, err := b.Answer(a)
	if err != nil {
		t.Fatal(err)
	}
	roll := b.Record(a, req, a.Faces)
	if roll.Count("6") != 2 || roll.Sum() != 14 || len(b.Open) != 1 || b.Open[0].ID != r2.ID {
		t.Fatalf("after the roll: %+v %+v", roll, b.Open)
	}
	// Answering the same request twice is refused.
	if got := code(t, func() error { _, err := b.Answer(a); return err }()); got != CodeNoRequest {
		t.Errorf("second answer: %s", got)
	}
	// A misread is corrected by a roll naming it; the first stays in the record.
	c := &RollAction{Corrects: roll.ID, Faces: []string{"6", "5", "2"}, Reason: "the camera read a 5 as a 6"}
	req, err = b.Answer(c)
	if err != nil {
		t.Fatal(err)
	}
	fixed := b.Record(c, req, c.Faces)
	old, _ := b.Roll(roll.ID)
	if old.CorrectedBy != fixed.ID || fixed.Corrects != roll.ID || len(b.Rolls) != 2 {
		t.Fatalf("correction not recorded: %+v %+v", old, fixed)
	}
	if _, err := b.Answer(c); code(t, err) != CodeCorrects {
		t.Errorf("correcting a corrected roll must be refused")
	}
}

func TestRerollNamesTheDice(t *testing.T) {
	var b Book
	r := b.Ask(Request{Purpose: "attack", Dice: []Die{D6("red"), D6("red"), D6("red")}})
	a := &RollAction{Request: r.ID, Faces: []string{"1", "4", "2"}}
	req, _ := b.Answer(a)
	roll := b.Record(a, req, a.Faces)
	if _, ok := b.Reroll(roll.ID, []int{3}, "x"); ok {
		t.Errorf("an index past the roll's dice must be refused")
	}
	if _, ok := b.Reroll(roll.ID, []int{0, 0}, "x"); ok {
		t.Errorf("the same die twice must be refused")
	}
	rr, ok := b.Reroll(roll.ID, []int{0, 2}, "re-roll the misses")
	if !ok || len(rr.Dice) != 2 || rr.Rerolls != roll.ID || !reflect.DeepEqual(rr.Indexes, []int{0, 2}) {
		t.Fatalf("reroll: %+v", rr)
	}
	if rr.Say() != "roll again 2 red dice" {
		t.Errorf("Say = %q", rr.Say())
	}
}

func TestDigitalIsSeededAndUsesTheFaces(t *testing.T) {
	mm := Die{ID: "mm", Faces: []string{"icon", "1", "2", "3", "4", "icon"}}
	r := Request{Dice: []Die{mm, mm, mm, mm, mm, mm, mm, mm}}
	rng1, rng2 := engine.NewRNG(7), engine.NewRNG(7)
	a, b := Digital(&rng1, r), Digital(&rng2, r)
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("same seed, different dice: %v %v", a, b)
	}
	if err := CheckFaces(r, a); err != nil {
		t.Fatalf("digital dice gave a face the die does not have: %v", err)
	}
	// Over many rolls every face turns up and the icon (two faces) about twice as often.
	rng := engine.NewRNG(1)
	n := map[string]int{}
	for i := 0; i < 600; i++ {
		for _, f := range Digital(&rng, Request{Dice: []Die{mm}}) {
			n[f]++
		}
	}
	if n["icon"] < 150 || n["1"] < 60 || n["4"] < 60 {
		t.Errorf("faces are not uniform: %v", n)
	}
}

func TestRollActionJSONAndFact(t *testing.T) {
	c := engine.NewCodec(1)
	c.Register("roll", func() engine.Action { return &RollAction{} })
	a, err := c.Decode([]byte(`{"type":"roll","seat":-1,"request":"r1","faces":["3","icon"]}`))
	if err != nil {
		t.Fatal(err)
	}
	if !engine.IsTableFact(a) {
		t.Errorf("a roll must be a table fact (undo never removes it)")
	}
	if _, err := c.Decode([]byte(`{"type":"roll","seat":0,"request":"r1","faces":"3"}`)); !errors.Is(err, engine.ErrMalformed) {
		t.Errorf("faces as a string: %v", err)
	}
	b := Book{}
	b.Ask(Request{Dice: []Die{D6("white")}})
	raw, _ := json.Marshal(b)
	var back Book
	if err := json.Unmarshal(raw, &back); err != nil || !reflect.DeepEqual(back, b) {
		t.Errorf("book does not survive JSON: %v %+v", err, back)
	}
}

// A face the die does not have is answered with the faces to choose from,
// "that came up" for a single die, never with the face sent quoted back.
func TestCheckFacesSaysTheFaces(t *testing.T) {
	err := CheckFaces(Request{Purpose: "who starts", Dice: []Die{D6("white")}}, []string{"7"})
	if re, _ := engine.AsRuleError(err); re == nil || re.Code != CodeFace || re.Detail != "Choose the face that came up: 1, 2, 3, 4, 5 or 6" {
		t.Errorf("one die showing 7: %v", err)
	}
}

// TestSayLeavesOutCodes: a die whose id is a code ("d6", "test-d6") is not
// named in the sentence ("roll 2 d6 dice" was in The Pirate's Code's log);
// a colour is.
func TestSayLeavesOutCodes(t *testing.T) {
	r := Request{Side: "attacker", Dice: []Die{{ID: "d6"}, {ID: "d6"}}}
	if got := r.Say(); got != "roll 2 dice on the attacker side of the tray" {
		t.Errorf("Say = %q", got)
	}
	r = Request{Dice: []Die{{ID: "test-d6"}, {ID: "white"}}}
	if got := r.Say(); got != "roll 1 die and 1 white die" {
		t.Errorf("Say = %q", got)
	}
}
