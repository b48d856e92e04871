package piratescode

import (
	"encoding/json"
	"os"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// The example script of docs/games/pirates-code.md (with the test catalog)
// plays through: every action is accepted, the attack is rolled and settled.
func TestExampleScript(t *testing.T) {
	b, err := os.ReadFile("testdata/script-example.json")
	if err != nil {
		t.Fatal(err)
	}
	var sc struct {
		Rules   string            `json:"rules"`
		Seed    uint64            `json:"seed"`
		Setup   json.RawMessage   `json:"setup"`
		Actions []json.RawMessage `json:"actions"`
	}
	if err := json.Unmarshal(b, &sc); err != nil {
		t.Fatal(err)
	}
	if sc.Rules != Name {
		t.Fatalf("rules %q", sc.Rules)
	}
	g, err := Rules().New(sc.Setup, sc.Seed)
	if err != nil {
		t.Fatal(err)
	}
	var types []string
	for i, raw := range sc.Actions {
		a, err := Rules().DecodeAction(raw)
		if err != nil {
			t.Fatalf("action %d: %v", i+1, err)
		}
		evs, err := g.Apply(a)
		if err != nil {
			t.Fatalf("action %d %s: %v", i+1, raw, err)
		}
		for _, e := range evs {
			types = append(types, e.Type)
		}
	}
	v := g.View(engine.Public).(View)
	if v.Fight != nil || len(v.Rolls) != 0 || v.Turn.Seat != 0 || v.Players[0].Crew == nil || len(v.Players[0].Crew) != 1 {
		t.Fatalf("after the script: %+v", v.Turn)
	}
	want := map[string]bool{"attack-started": false, "rolled": false, "attack-total": false, "crew-hired": false}
	for _, ty := range types {
		if _, ok := want[ty]; ok {
			want[ty] = true
		}
	}
	for ty, seen := range want {
		if !seen {
			t.Errorf("no %s event", ty)
		}
	}
}

// testdata/catalog-test.json is the test catalog of helpers_test.go, so the
// example script and the tests play with the same made-up values.
func TestCatalogFileIsTheTestCatalog(t *testing.T) {
	b, err := os.ReadFile("testdata/catalog-test.json")
	if err != nil {
		t.Fatal(err)
	}
	fromFile, err := DecodeCatalog(b)
	if err != nil {
		t.Fatal(err)
	}
	x, _ := json.Marshal(fromFile)
	y, _ := json.Marshal(testCatalog())
	if string(x) != string(y) {
		t.Fatal("testdata/catalog-test.json differs from testCatalog(): regenerate it")
	}
}
