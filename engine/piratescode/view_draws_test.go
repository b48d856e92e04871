package piratescode

import (
	"fmt"
	"slices"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// TestViewOffersWhatTheTableMayDraw: the view lists the crew cards left in
// the deck and the search tokens still face down, sorted so that neither
// the deck's order nor where a token lies shows; a crew card taken from
// that list is one the engine accepts as drawn by the table.
func TestViewOffersWhatTheTableMayDraw(t *testing.T) {
	// A seed whose first wheel puts Crew Up within reach of the Deckhands.
	var g *Game
	for seed := uint64(1); g == nil || slices.Index(g.st.Players[0].Wheel[:], CrewUp) > 3; seed++ {
		g = newTestGame(t, 2, seed)
	}
	v := g.View(engine.Public).(View)
	if len(v.DeckCrew) != v.CrewDeck || v.CrewDeck == 0 {
		t.Fatalf("%d crew cards listed for a deck of %d", len(v.DeckCrew), v.CrewDeck)
	}
	if !slices.IsSortedFunc(v.DeckCrew, func(a, b Card) int {
		if a.Name < b.Name {
			return -1
		}
		if a.Name > b.Name {
			return 1
		}
		return 0
	}) {
		t.Error("the deck's crew cards are not listed by name")
	}
	if len(v.FaceDown) != len(g.st.Catalog.SearchTokens)-len(g.st.Revealed) {
		t.Fatalf("%d face-down tokens listed", len(v.FaceDown))
	}
	// Ann's Captain to Crew Up; the table draws the last card of the list
	// to refill the row.
	p := g.st.Players[0]
	to := slices.Index(p.Wheel[:], CrewUp)
	do(t, g, fmt.Sprintf(`{"type":"choose-order","seat":0,"to":%d}`, to))
	last := v.DeckCrew[len(v.DeckCrew)-1]
	do(t, g, fmt.Sprintf(`{"type":"crew-up","seat":0,"take":0,"drawnCrew":[%q]}`, last.ID))
	row := g.View(engine.Public).(View).CrewRow
	if row[0] == nil || row[0].ID != last.ID {
		t.Fatalf("the row's first card is %+v, the table drew %s", row[0], last.Name)
	}
	for _, k := range g.View(engine.Public).(View).DeckCrew {
		if k.ID == last.ID {
			t.Fatal("a card drawn is still listed in the deck")
		}
	}
}
