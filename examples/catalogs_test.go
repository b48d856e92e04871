package examples

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/merchants"
	"github.com/quartermaster-table/quartermaster/engine/piratescode"
)

// gamesWithCatalogs are the games served with a catalog page: each must have
// a practice catalog, or a newcomer cannot try it after `make run`.
func gamesWithCatalogs() []engine.Rules {
	return []engine.Rules{deadreckoning.Rules(), piratescode.Rules(), merchants.Rules()}
}

// testWord finds what the fixtures called test data and should now say
// "Practice" (a leftover would show "Test Isle" to a newcomer).
var testWord = regexp.MustCompile(`(?i)\btest\b`)

// TestPracticeCatalogsLoadAndStartAGame: each practice catalog passes its
// game's catalog checks, its lists are where the catalog page looks, every
// name in it says it is practice data, and a game of every player count
// starts from the new-game form with it, showing practice names.
func TestPracticeCatalogsLoadAndStartAGame(t *testing.T) {
	for _, r := range gamesWithCatalogs() {
		t.Run(r.Name(), func(t *testing.T) {
			b, err := os.ReadFile(filepath.Join("catalogs", r.Name()+".json"))
			if err != nil {
				t.Fatal(err)
			}
			oc := r.(engine.OwnerCatalog)
			canon, err := oc.CheckCatalog(b)
			if err != nil {
				t.Fatalf("the game refuses its practice catalog: %v", err)
			}
			if err := engine.CheckCatalogKinds(oc.CatalogKinds(), canon); err != nil {
				t.Fatalf("the catalog page would not find its entries: %v", err)
			}
			names := 0
			for _, n := range namesIn(t, canon) {
				names++
				if !strings.Contains(n, "Practice") {
					t.Errorf("%q does not say it is practice data", n)
				}
			}
			if names == 0 {
				t.Fatal("the practice catalog names nothing")
			}
			if m := testWord.FindString(string(canon)); m != "" {
				t.Errorf("the practice catalog still says %q (test data renamed to practice data)", m)
			}
			info := r.(engine.Describer).Describe()
			form := r.(engine.NewGameForm)
			for n := info.MinPlayers; n <= info.MaxPlayers; n++ {
				// The companion deals the cards where a game offers it, so
				// the first view shows the catalog's cards.
				fa := engine.FormAnswers{Options: map[string]json.RawMessage{}}
				for _, o := range form.NewGameOptions() {
					if o.ID == deadreckoning.OptionDigitalDeal {
						fa.Options[o.ID] = json.RawMessage(`true`)
					}
				}
				for i := 0; i < n; i++ {
					colour := fmt.Sprintf("practice-colour-%d", i+1) // a game without colours of its own takes any
					if i < len(info.Colours) {
						colour = info.Colours[i].ID
					}
					fa.Players = append(fa.Players, engine.FormPlayer{Name: fmt.Sprintf("Player %d", i+1), Colour: colour})
				}
				setup, err := form.SetupFromForm(fa, canon)
				if err != nil {
					t.Fatalf("%d players: the new-game form refuses: %v", n, err)
				}
				g, err := r.New(setup, uint64(n))
				if err != nil {
					t.Fatalf("%d players: no game starts: %v", n, err)
				}
				if g.Over() {
					t.Fatalf("%d players: the game is over before its first turn", n)
				}
				if r.Name() == deadreckoning.Name {
					// Its islands and cards show once explored and bought:
					// the game must at least keep them.
					snap, err := g.Snapshot()
					if err != nil {
						t.Fatal(err)
					}
					if !strings.Contains(string(snap), "Practice") {
						t.Errorf("%d players: the game keeps none of the practice catalog", n)
					}
					continue
				}
				// The table or the first player's phone shows the catalog's
				// names from the first turn.
				pub, err := json.Marshal(g.View(engine.Public))
				if err != nil {
					t.Fatal(err)
				}
				own, err := json.Marshal(g.View(engine.PlayerViewer(0)))
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(pub)+string(own), "Practice") {
					t.Errorf("%d players: neither the table nor the first phone shows a practice name", n)
				}
			}
		})
	}
}

// namesIn lists the catalog's names players read (a "name" or a port).
func namesIn(t *testing.T, cat []byte) []string {
	t.Helper()
	var v any
	if err := json.Unmarshal(cat, &v); err != nil {
		t.Fatal(err)
	}
	var out []string
	var walk func(x any, key string)
	walk = func(x any, key string) {
		switch x := x.(type) {
		case map[string]any:
			for k, y := range x {
				walk(y, k)
			}
		case []any:
			for _, y := range x {
				walk(y, key)
			}
		case string:
			if key == "name" || key == "port" {
				out = append(out, x)
			}
		}
	}
	walk(v, "")
	return out
}

// TestPracticePiratesCodeIsTheEnginesTestCatalog: The Pirate's Code's
// practice catalog is the catalog its engine's random playouts take to the
// end of the game (testdata/catalog-test.json), renamed: it has every card
// a game needs.
func TestPracticePiratesCodeIsTheEnginesTestCatalog(t *testing.T) {
	canon := func(path string, rename bool) string {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if rename {
			b = []byte(strings.NewReplacer("Practice", "Test", "practice", "test").Replace(string(b)))
		}
		c, err := piratescode.Rules().(engine.OwnerCatalog).CheckCatalog(b)
		if err != nil {
			t.Fatal(err)
		}
		return string(c)
	}
	if canon(filepath.Join("catalogs", piratescode.Name+".json"), true) != canon(filepath.Join("..", "engine", "piratescode", "testdata", "catalog-test.json"), false) {
		t.Error("the practice catalog is no longer the engine's test catalog renamed: regenerate it from engine/piratescode/testdata/catalog-test.json")
	}
}
