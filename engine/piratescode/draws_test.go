package piratescode

import (
	"fmt"
	"slices"
	"testing"
)

// Played with the real bag, deck and tokens, the table says what it drew
// and the engine follows, refusing what cannot have been drawn.
func TestTableDraws(t *testing.T) {
	g := newTestGame(t, 2, 31)
	put(g, 0, 12) // test-isle-13: a settlement of 2
	standOn(g, 0, Plunder)
	g.st.Players[0].Booty = nil
	g.st.Bag[Rum] = 0
	refused(t, g, `{"type":"plunder","seat":0,"drawnBooty":["rum","coffee"]}`, "draw-not-in-bag")
	refused(t, g, `{"type":"plunder","seat":0,"drawnBooty":["coffee","coffee","coffee"]}`, "draw-unused")
	coffee := g.st.Bag[Coffee]
	do(t, g, `{"type":"plunder","seat":0,"drawnBooty":["coffee","gunpowder"]}`)
	if p := g.st.Players[0]; !slices.Equal(p.Booty, []string{Coffee, Gunpowder}) || g.st.Bag[Coffee] != coffee-1 {
		t.Fatalf("booty %v, bag %v", p.Booty, g.st.Bag)
	}

	// The token turned up swaps with the engine's face-down layout.
	standOn(g, 0, Search)
	cell := g.st.Players[0].Cell
	other := (cell + 1) % cells
	want := g.st.Tokens[other]
	had := g.st.Tokens[cell]
	id := g.st.Catalog.SearchTokens[want].ID
	do(t, g, fmt.Sprintf(`{"type":"search","seat":0,"token":%q,"drawnBooty":[%s]}`, id, map[bool]string{true: `"sugarcane"`, false: ""}[g.st.Catalog.SearchTokens[want].Kind == TokenBooty]))
	if g.st.Tokens[cell] != -1 || g.st.Tokens[other] != had || !slices.Contains(g.st.Revealed, want) {
		t.Fatalf("tokens: here %d there %d (had %d)", g.st.Tokens[cell], g.st.Tokens[other], had)
	}
	standOn(g, 0, Search)
	put(g, 0, 13)
	refused(t, g, fmt.Sprintf(`{"type":"search","seat":0,"token":%q}`, id), "draw-token")

	// The crew card dealt into the row is the one the table drew.
	standOn(g, 0, CrewUp)
	last := g.st.Catalog.Crew[g.st.CrewDeck[len(g.st.CrewDeck)-1]].ID
	do(t, g, fmt.Sprintf(`{"type":"crew-up","seat":0,"take":1,"drawnCrew":[%q]}`, last))
	if k := g.st.CrewRow[1]; g.st.Catalog.Crew[k].ID != last {
		t.Fatalf("row slot 1 holds %s, want %s", g.st.Catalog.Crew[k].ID, last)
	}
	standOn(g, 0, CrewUp)
	refused(t, g, fmt.Sprintf(`{"type":"crew-up","seat":0,"take":1,"drawnCrew":[%q]}`, last), "draw-not-in-deck")
}

// The Legendary Pirate's draws come with its die.
func TestSoloTableDraws(t *testing.T) {
	g := newTestGame(t, 1, 32)
	lp := g.st.Players[1]
	lp.Wheel = [6]string{HideOut, Plunder, Plunder, Plunder, Plunder, Plunder}
	lp.Booty = nil
	g.st.Turn = Turn{Step: stepBonus, OrderDone: true}
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["1"],"drawnBooty":["rum"]}`, g.st.Auto.Request))
	if b := g.st.Players[1].Booty; !slices.Equal(b, []string{Rum}) {
		t.Fatalf("its booty %v", b)
	}
}
