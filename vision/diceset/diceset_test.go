package diceset

import (
	"os"
	"strings"
	"testing"
)

const testSet = `{"dice": [
  {"id": "white", "colour": [236, 234, 226], "size_mm": 16, "faces": {"kind": "pips", "pip_colour": [20, 20, 20]}},
  {"id": "mm", "colour": [40, 40, 44], "size_mm": 16, "faces": {"kind": "learned", "labels": ["icon", "1", "2", "3", "4", "icon"]}}
]}`

func TestParseSet(t *testing.T) {
	s, err := Parse([]byte(testSet))
	if err != nil {
		t.Fatal(err)
	}
	if d := s.Die("mm"); d == nil || d.Labels()[5] != "icon" {
		t.Fatalf("learned die: %+v", d)
	}
	if d := s.Die("white"); d == nil || d.Labels()[5] != "6" {
		t.Fatalf("pip die: %+v", d)
	}
	if s.Die("green") != nil {
		t.Fatal("a die not in the set was found")
	}
}

func TestDefaultSetFileParses(t *testing.T) {
	b, err := os.ReadFile("../../../shared/design/dice.default.json")
	if err != nil {
		t.Skip("shared design folder not beside the repository:", err)
	}
	s, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Dice) != 3 {
		t.Fatalf("%d dice", len(s.Dice))
	}
}

func TestParseSetRejects(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`[]`, "dice set:"},
		{`{"dice":[]}`, "no dice"},
		{`{"dice":[{"id":"a","colour":[1,2,3],"size_mm":40,"faces":{"kind":"pips","pip_colour":[200,200,200]}}]}`, "size_mm"},
		{`{"dice":[{"id":"a","colour":[1,2,3],"size_mm":16,"faces":{"kind":"pips","pip_colour":[5,5,5]}}]}`, "too close"},
		{`{"dice":[{"id":"a","colour":[1,2,3],"size_mm":16,"faces":{"kind":"learned","labels":["1"]}}]}`, "6 face labels"},
		{`{"dice":[{"id":"a","colour":[1,2,3],"size_mm":16,"faces":{"kind":"runes"}}]}`, "runes"},
		{`{"dice":[{"id":"a","colour":[1,2,300],"size_mm":16,"faces":{"kind":"pips"}}]}`, "dice set:"},
		{`{"dice":[{"id":"","colour":[1,2,3],"size_mm":16,"faces":{"kind":"pips","pip_colour":[200,200,200]}}]}`, "no id"},
		{`{"dice":[{"id":"a","colour":[1,2,3],"size_mm":16,"faces":{"kind":"pips","pip_colour":[200,200,200]}},{"id":"a","colour":[1,2,3],"size_mm":16,"faces":{"kind":"pips","pip_colour":[200,200,200]}}]}`, "twice"},
	} {
		_, err := Parse([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%s) = %v, want an error with %q", c.in, err, c.want)
		}
	}
}

func FuzzParse(f *testing.F) {
	f.Add([]byte(testSet))
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := Parse(b)
		if err != nil {
			return
		}
		for i := range s.Dice {
			if len(s.Dice[i].Labels()) != 6 {
				t.Fatalf("accepted die %q has %d faces", s.Dice[i].ID, len(s.Dice[i].Labels()))
			}
		}
	})
}
