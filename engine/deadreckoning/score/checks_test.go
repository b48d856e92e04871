package score

import (
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// editExample returns testdata/example.json changed by f.
func editExample(t *testing.T, f func(m map[string]any)) []byte {
	t.Helper()
	base, err := os.ReadFile("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(base, &m); err != nil {
		t.Fatal(err)
	}
	f(m)
	b, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func examplePlayer(m map[string]any, i int) map[string]any {
	return m["players"].([]any)[i].(map[string]any)
}

func exampleIsland(m map[string]any, i int) map[string]any {
	return m["islands"].([]any)[i].(map[string]any)
}

// Input checks found wrong by testing (issue 13): a count the rules need is
// never taken as 0 when it is missing, an impossible end state is refused
// with the reason, and every error names the field as a JSON path in the
// players' words, never a Go type.
func TestDecodeRefusesMissingAndImpossible(t *testing.T) {
	cases := []struct {
		name string
		f    func(m map[string]any)
		want []string
	}{
		{"no coins", func(m map[string]any) { delete(examplePlayer(m, 1), "coins") }, []string{"players[1].coins", "missing"}},
		{"null coins", func(m map[string]any) { examplePlayer(m, 1)["coins"] = nil }, []string{"players[1].coins", "missing"}},
		{"no empty slots", func(m map[string]any) { delete(exampleIsland(m, 0), "empty") }, []string{"islands[0].empty", "missing"}},
		{"no wheels", func(m map[string]any) {
			examplePlayer(m, 1)["endGame"] = []any{map[string]any{"effect": "per_wheel", "label": "Test Navigator"}}
		}, []string{"players[1].endGame[0].wheels", "missing"}},
		{"buildings without an island", func(m map[string]any) { examplePlayer(m, 1)["buildings"] = 2 }, []string{"players[1].buildings", "controls no island"}},
		{"island coins without an island", func(m map[string]any) {
			examplePlayer(m, 3)["coins"].(map[string]any)["islands"] = 1
		}, []string{"players[3].coins.islands", "controls no island"}},
		{"island cargo without an island", func(m map[string]any) {
			examplePlayer(m, 3)["cargo"].(map[string]any)["islands"] = 2
		}, []string{"players[3].cargo.islands", "controls no island"}},
		{"unknown nested field", func(m map[string]any) {
			examplePlayer(m, 0)["upgrades"] = map[string]any{"basic": 2, "advance": 1}
		}, []string{"players[0].upgrades.advance", `unknown field "advance"`}},
		{"unknown effect field", func(m map[string]any) {
			examplePlayer(m, 0)["endGame"] = []any{map[string]any{"effect": "per_3_cargo", "wheel": 1}}
		}, []string{"players[0].endGame[0].wheel"}},
		{"a player that is a number", func(m map[string]any) { m["players"].([]any)[0] = 3 }, []string{"players[0]", "an object"}},
		{"coins that are a number", func(m map[string]any) { examplePlayer(m, 0)["coins"] = 3 }, []string{"players[0].coins", "an object"}},
		{"cubes that are a list", func(m map[string]any) { exampleIsland(m, 0)["cubes"] = []any{1} }, []string{"islands[0].cubes", "an object"}},
		{"wheels as text", func(m map[string]any) {
			examplePlayer(m, 1)["endGame"] = []any{map[string]any{"effect": "per_wheel", "wheels": "two"}}
		}, []string{"players[1].endGame[0].wheels", "a whole number"}},
		{"same island twice", func(m map[string]any) { exampleIsland(m, 2)["name"] = "Test Isle" }, []string{"islands[2].name", `"Test Isle"`, "islands[1]"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(editExample(t, tc.f))
			if err == nil {
				t.Fatalf("accepted; want an error naming %v", tc.want)
			}
			if !errors.Is(err, engine.ErrMalformed) {
				t.Errorf("error %v does not wrap ErrMalformed", err)
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q does not say %q", err, w)
				}
			}
			for _, goType := range []string{"struct", "score.", "json.", "map[", "int,", "[]"} {
				if strings.Contains(err.Error(), goType) {
					t.Errorf("error %q shows a Go type (%s)", err, goType)
				}
			}
		})
	}
	// A count left out where the rules can do without it stays accepted:
	// a player with no end-game card.
	if _, err := Decode(editExample(t, func(m map[string]any) { delete(examplePlayer(m, 0), "endGame") })); err != nil {
		t.Errorf("a player without end-game cards: %v", err)
	}
	// An input without islands (the calculator's quick sum) cannot tell who
	// controls what: its buildings are taken as given.
	if _, err := Decode([]byte(`{"players":[{"name":"Ann","colour":"purple","coins":{"chest":3},"buildings":2}]}`)); err != nil {
		t.Errorf("buildings without any island listed: %v", err)
	}
}

// The missing-value messages say where the value is entered: the input's
// own field by default, the field the caller names otherwise (a tracked
// game's setup catalog).
func TestMissingValueNamesTheField(t *testing.T) {
	in := loadExample(t)
	delete(in.AchievementValues, Capitalist)
	in.Islands[1].Values = nil
	r := Score(in)
	all := strings.Join(r.Missing, "\n")
	if !strings.Contains(all, "achievementValues.capitalist") || !strings.Contains(all, "islands[1].values") {
		t.Errorf("missing %q: want achievementValues.capitalist and islands[1].values", all)
	}
	in.AchievementValuesField = "catalog.achievementValues"
	in.Islands[1].ValuesField = `catalog.islands (id "test-isle-2").values`
	all = strings.Join(Score(in).Missing, "\n")
	if !strings.Contains(all, "catalog.achievementValues.capitalist") || strings.Contains(all, "in achievementValues.") || !strings.Contains(all, `catalog.islands (id "test-isle-2").values`) {
		t.Errorf("missing %q: want the setup's fields", all)
	}
}
