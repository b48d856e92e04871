package piratescode

import (
	"encoding/json"
	"regexp"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// cellID is how a map card is named in the JSON ("R2C3"): players never
// read it.
var cellID = regexp.MustCompile(`R\dC\d`)

// TestPlacesInPlayersWords: in played-out games of 1 to 4 players, no
// refusal and no log sentence names a map card by its id; they use the
// card's printed name from the catalog, or, when the owner left a card's
// name empty, its row and column in words.
func TestPlacesInPlayersWords(t *testing.T) {
	for _, named := range []bool{true, false} {
		for players := 1; players <= 4; players++ {
			cat := testCatalog()
			if !named {
				// The owner entered the features but not every name.
				for i := range cat.MapCards {
					if i%2 == 0 {
						cat.MapCards[i].Name = ""
					}
				}
			}
			g := newGameWith(t, cat, players, uint64(players))
			a := &agent{t: t, g: g, rng: engine.NewRNG(uint64(players) * 31)}
			var names, words, sentences int
			a.said = func(s string) {
				sentences++
				if m := cellID.FindString(s); m != "" {
					t.Fatalf("players read the id %s in %q", m, s)
				}
				if strings.Contains(s, "Test Isle") {
					names++
				}
				if strings.Contains(s, "the map card in row") {
					words++
				}
			}
			for turns := 0; !a.g.Over() && turns < 300; turns++ {
				a.turn()
			}
			if names == 0 {
				t.Errorf("named=%v, %d players: no sentence of %d named a map card", named, players, sentences)
			}
			if !named && words == 0 {
				t.Errorf("%d players: no sentence of %d placed an unnamed card by row and column", players, sentences)
			}
		}
	}
}

// TestPlaceOfAnUnnamedCard: the words for a card the catalog does not name
// count rows and columns from the top-left card, from 1.
func TestPlaceOfAnUnnamedCard(t *testing.T) {
	cat := testCatalog()
	cat.MapCards[6].Name = ""
	g := newGameWith(t, cat, 2, 1)
	for c := range cells {
		if g.st.Grid[c] == 6 {
			want := placeWords(c)
			if got := g.st.place(c); got != want {
				t.Fatalf("place %q, want %q", got, want)
			}
		}
	}
	if got := placeWords(6); got != "the map card in row 2, column 3" {
		t.Errorf("cell 6 reads %q", got)
	}
	if got := placeWords(15); got != "the map card in row 4, column 4" {
		t.Errorf("cell 15 reads %q", got)
	}
}

// TestViewGivesPlaces: the view keeps the id for the JSON and gives each
// cell its name for players.
func TestViewGivesPlaces(t *testing.T) {
	cat := testCatalog()
	cat.MapCards[0].Name = ""
	g := newGameWith(t, cat, 2, 1)
	v := g.View(engine.Public).(View)
	for _, c := range v.Map {
		if !cellID.MatchString(c.Cell) {
			t.Fatalf("cell id %q", c.Cell)
		}
		if c.Place == "" || cellID.MatchString(c.Place) {
			t.Fatalf("cell %s reads %q", c.Cell, c.Place)
		}
	}
}

// newGameWith starts a game of n players with catalog cat.
func newGameWith(t testing.TB, cat *Catalog, n int, seed uint64) *Game {
	t.Helper()
	raw, err := json.Marshal(cat)
	if err != nil {
		t.Fatal(err)
	}
	su := Setup{Catalog: raw}
	for i := range n {
		su.Players = append(su.Players, SetupPlayer{Name: []string{"Ann", "Bo", "Cy", "Di"}[i], Colour: Colours[i].ID})
	}
	b, err := json.Marshal(su)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Rules().New(b, seed)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}
