package piratescode

import (
	"fmt"
	"slices"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// TestViewSaysTheRerollCardInUse: the fight's view names the Reroll card in
// use, the dice it rolled again and the cards done (p. 14: each die once
// per card, one card resolved before the next), so a screen can say which
// dice a card may still roll; before, the view had none of it.
func TestViewSaysTheRerollCardInUse(t *testing.T) {
	g := newTestGame(t, 2, 55)
	cat := *g.st.Catalog
	cat.Crew = slices.Clone(cat.Crew)
	cat.Crew[9].Bonuses = []Bonus{{Kind: BonusReroll, Faces: []int{4, 5, 6}}}
	g.st.Catalog = &cat
	put(g, 0, 0)
	standOn(g, 0, Attack)
	g.st.Merchants[0].Cell = g.st.Players[0].Cell
	g.st.Players[0].Crew = []int{4, 9} // Reroll of 1, 2, 3; Reroll of 4, 5, 6
	do(t, g, `{"type":"attack","seat":0,"target":"orange"}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["1","2"]}`, g.st.Fight.Request))
	do(t, g, `{"type":"reroll","seat":0,"card":"test-crew-5","dice":[0]}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["4"]}`, g.st.Fight.Request))
	f := g.View(engine.Public).(View).Fight
	if f.Rerolling != "test-crew-5" || !slices.Equal(f.Rerolled, []bool{true, false}) || len(f.RerollsDone) != 0 {
		t.Fatalf("after Test Crew 5's first die: rerolling %q rerolled %v done %v", f.Rerolling, f.Rerolled, f.RerollsDone)
	}
	do(t, g, `{"type":"reroll","seat":0,"card":"test-crew-10","dice":[0]}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["6"]}`, g.st.Fight.Request))
	f = g.View(engine.PlayerViewer(1)).(View).Fight
	if f.Rerolling != "test-crew-10" || !slices.Equal(f.Rerolled, []bool{true, false}) || !slices.Equal(f.RerollsDone, []string{"test-crew-5"}) {
		t.Fatalf("after Test Crew 10: rerolling %q rerolled %v done %v", f.Rerolling, f.Rerolled, f.RerollsDone)
	}
}
