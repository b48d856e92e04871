package score

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

func read(cubes map[string]map[string]int, redrop map[string]int) battle.Read {
	return battle.Read{Cubes: cubes, Redrop: redrop}
}

func wantStep(t *testing.T, tb *TieBreak, round int, kind string, drop map[string]int) {
	t.Helper()
	s := tb.Next()
	if s.Round != round || s.Kind != kind {
		t.Fatalf("step %+v, want round %d %s", s, round, kind)
	}
	if len(s.Drop) != len(drop) {
		t.Fatalf("drop %v, want %v", s.Drop, drop)
	}
	for c, n := range drop {
		if s.Drop[c] != n {
			t.Fatalf("drop %v, want %v", s.Drop, drop)
		}
	}
}

func mustRead(t *testing.T, tb *TieBreak, r battle.Read) {
	t.Helper()
	if err := tb.Read(r); err != nil {
		t.Fatal(err)
	}
}

// TestTieBreakThreePlayers walks a three-way tie-break (rulebook p. 23):
// exploding shots are resolved, a cube balanced on a border is dropped
// again, the two still tied repeat the battle and the third drops out.
func TestTieBreakThreePlayers(t *testing.T) {
	tb, err := NewTieBreak(battle.DefaultLayout(), []Contender{
		{Name: "Ann", Colour: "purple", Cannons: 3},
		{Name: "Bo", Colour: "green", Cannons: 2},
		{Name: "Cy", Colour: "blue", Cannons: 2},
	})
	if err != nil {
		t.Fatal(err)
	}
	wantStep(t, tb, 1, StepDrop, map[string]int{"purple": 3, "green": 2, "blue": 2})
	// Ann: 2 in strength-1-left, 1 exploding. Bo: 1 strength-2-top, 1 damage.
	// Cy: 1 strength-1-right, 1 on a border.
	mustRead(t, tb, read(map[string]map[string]int{
		"purple": {"strength-1-left": 2, "explode": 1},
		"green":  {"strength-2-top": 1, "damage-left": 1},
		"blue":   {"strength-1-right": 1},
	}, map[string]int{"blue": 1}))
	wantStep(t, tb, 1, StepRedrop, map[string]int{"blue": 1})
	mustRead(t, tb, read(map[string]map[string]int{
		"purple": {"strength-1-left": 2, "explode": 1},
		"green":  {"strength-2-top": 1, "damage-left": 1},
		"blue":   {"strength-1-right": 1, "plunder-coin": 1},
	}, nil))
	// The exploding purple cube comes out with one more: 2 purple dropped.
	wantStep(t, tb, 1, StepExplode, map[string]int{"purple": 2})
	// Ann has 4 purple cubes in the ship now; a read of 3 is refused.
	bad := read(map[string]map[string]int{
		"purple": {"strength-1-left": 3},
		"green":  {"strength-2-top": 1, "damage-left": 1},
		"blue":   {"strength-1-right": 1, "plunder-coin": 1},
	}, nil)
	if err := tb.Read(bad); err == nil {
		t.Fatal("a read that loses a cube was accepted")
	} else if re, ok := engine.AsRuleError(err); !ok || re.Code != battle.CodeReadCount {
		t.Fatalf("got %v, want %s", err, battle.CodeReadCount)
	}
	wantStep(t, tb, 1, StepExplode, map[string]int{"purple": 2})
	// Ann 2+0 = 2 strength (the extra cubes land on plunder and damage),
	// Bo 2, Cy 1: Ann and Bo repeat.
	mustRead(t, tb, read(map[string]map[string]int{
		"purple": {"strength-1-left": 2, "plunder-cargo": 1, "damage-right": 1},
		"green":  {"strength-2-top": 1, "damage-left": 1},
		"blue":   {"strength-1-right": 1, "plunder-coin": 1},
	}, nil))
	if _, ok := tb.Winner(); ok {
		t.Fatal("a winner after a tied round")
	}
	wantStep(t, tb, 2, StepDrop, map[string]int{"purple": 3, "green": 2})
	if s := tb.Next(); len(s.Contenders) != 2 {
		t.Fatalf("contenders %v, want Ann and Bo", s.Contenders)
	}
	// Cy is out: blue cubes in the read are refused.
	if err := tb.Read(read(map[string]map[string]int{"purple": {"explode": 0, "strength-1-left": 3}, "green": {"strength-2-bottom": 2}, "blue": {"explode": 1}}, nil)); err == nil {
		t.Fatal("a read with the eliminated player's cubes was accepted")
	} else if re, _ := engine.AsRuleError(err); re.Code != battle.CodeReadColour {
		t.Fatalf("got %v", err)
	}
	if err := tb.Read(read(map[string]map[string]int{"purple": {"nowhere": 3}, "green": {"strength-2-bottom": 2}}, nil)); err == nil {
		t.Fatal("a read naming an unknown zone was accepted")
	} else if re, _ := engine.AsRuleError(err); re.Code != battle.CodeReadZone {
		t.Fatalf("got %v", err)
	}
	mustRead(t, tb, read(map[string]map[string]int{"purple": {"strength-1-left": 3}, "green": {"strength-2-bottom": 2}}, nil))
	w, ok := tb.Winner()
	if !ok || w.Name != "Bo" {
		t.Fatalf("winner %v %v, want Bo (4 strength to 3)", w, ok)
	}
	if s := tb.Next(); s.Kind != StepDone {
		t.Fatalf("step %+v after the winner", s)
	}
	if err := tb.Read(read(nil, nil)); err == nil {
		t.Fatal("a read after the end was accepted")
	} else if re, _ := engine.AsRuleError(err); re.Code != CodeTieBreakOver {
		t.Fatalf("got %v", err)
	}
	rs := tb.Rounds()
	if len(rs) != 2 || rs[0].Strength["Ann"] != 2 || rs[0].Strength["Bo"] != 2 || rs[0].Strength["Cy"] != 1 || rs[1].Strength["Bo"] != 4 {
		t.Fatalf("rounds %+v", rs)
	}
}

func TestNewTieBreakRefusals(t *testing.T) {
	l := battle.DefaultLayout()
	for name, cs := range map[string][]Contender{
		"one player":      {{Name: "A", Colour: "a", Cannons: 1}},
		"same colour":     {{Name: "A", Colour: "a", Cannons: 1}, {Name: "B", Colour: "a", Cannons: 1}},
		"negative cannon": {{Name: "A", Colour: "a", Cannons: -1}, {Name: "B", Colour: "b", Cannons: 1}},
		"no name":         {{Colour: "a", Cannons: 1}, {Name: "B", Colour: "b", Cannons: 1}},
	} {
		if _, err := NewTieBreak(l, cs); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
