package piratescode

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

// Scenarios written from the rulebook in the fourteenth session's audit.

// Reroll (p. 14, Trigger Bonus Actions, continued): a Crew Card with Reroll
// lets each die showing one of its faces be rolled again once; with several
// such cards, one is resolved completely before the next. The "once" belongs
// to the card: the second card looks at the dice as the first left them, and
// may roll again a die the first card already rolled again.
func TestRerollOncePerCard(t *testing.T) {
	g := newTestGame(t, 2, 55)
	cat := *g.st.Catalog
	cat.Crew = slices.Clone(cat.Crew)
	// test-crew-10 triggers on Attack; give it a Reroll of 4, 5 and 6.
	cat.Crew[9].Bonuses = []Bonus{{Kind: BonusReroll, Faces: []int{4, 5, 6}}}
	g.st.Catalog = &cat
	put(g, 0, 0)
	standOn(g, 0, Attack)
	g.st.Merchants[0].Cell = g.st.Players[0].Cell
	g.st.Players[0].Crew = []int{4, 9} // Reroll of 1, 2, 3; Reroll of 4, 5, 6
	do(t, g, `{"type":"attack","seat":0,"target":"orange"}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["1","2"]}`, g.st.Fight.Request))
	// The first card rolls its dice again one at a time (as the tablet's
	// buttons send them): the 1 becomes a 4, then the 2 stays a 2.
	do(t, g, `{"type":"reroll","seat":0,"card":"test-crew-5","dice":[0]}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["4"]}`, g.st.Fight.Request))
	do(t, g, `{"type":"reroll","seat":0,"card":"test-crew-5","dice":[1]}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["2"]}`, g.st.Fight.Request))
	// Each die once for this card: its 2 is not rolled a second time.
	refused(t, g, `{"type":"reroll","seat":0,"card":"test-crew-5","dice":[1]}`, "reroll-face")
	// The second card may roll again the 4 the first card gave.
	do(t, g, `{"type":"reroll","seat":0,"card":"test-crew-10","dice":[0]}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["6"]}`, g.st.Fight.Request))
	if f := g.st.Fight; !slices.Equal(f.Faces, []int{6, 2}) {
		t.Fatalf("faces after both cards: %v, want 6 and 2", f.Faces)
	}
	// The second card rolled its die once; the first card is done.
	refused(t, g, `{"type":"reroll","seat":0,"card":"test-crew-10","dice":[0]}`, "reroll-face")
	refused(t, g, `{"type":"reroll","seat":0,"card":"test-crew-5","dice":[1]}`, "reroll-not-allowed")
}

// Trade Special Booty (p. 14) after a Trade order the player did not carry
// out: bonus actions trigger while the Captain stands on the order, executed
// or not (p. 13, 4. Trigger Bonus Actions). A pirate at a sugarcane market
// with sugarcane, rum and coffee lets the Trade order go and hands in
// sugarcane and rum for the card's 7 gold; the market does not move.
func TestSpecialTradeWithoutTrading(t *testing.T) {
	g := newTestGame(t, 2, 5)
	p := g.st.Players[0]
	p.Crew = []int{11} // test-crew-12: Trade, special trade sugarcane + rum for 7
	p.Booty = []string{Sugarcane, Rum, Coffee}
	p.Gold = 0
	put(g, 0, 0) // test-isle-1 buys sugarcane
	standOn(g, 0, Trade)
	market := g.st.Market
	do(t, g, `{"type":"pass-order","seat":0}`)
	do(t, g, `{"type":"bonus","seat":0,"card":"test-crew-12","index":0}`)
	if p := g.st.Players[0]; p.Gold != 7 || !slices.Equal(p.Booty, []string{Coffee}) || g.st.Market != market {
		t.Fatalf("gold %d booty %v market %v, want 7, coffee, the market unchanged", p.Gold, p.Booty, g.st.Market)
	}
}

// Solo: the Legendary Pirate takes the bonus actions its order triggers on
// the Helm Mat after carrying the order out ("Solo Pirate Sails and then
// Executes an Order", step 3). With 9 gold of 10 and a Helm Mat giving 1
// gold for Attack, it attacks you at its first level (no automatic hit): the
// gold, and the treasure it buries on reaching the top, come after the
// fight, so the fight is counted without the next level's hit.
func TestSoloHelmGoldAfterItsAttack(t *testing.T) {
	g := newTestGame(t, 1, 26)
	cat := *g.st.Catalog
	cat.SoloHelms = slices.Clone(cat.SoloHelms)
	cat.SoloHelms[1].Bonuses = []SoloBonus{{Order: Attack, Kind: "gold", N: 1}}
	g.st.Catalog = &cat
	lp := g.st.Players[1]
	lp.Wheel = [6]string{HideOut, Attack, Attack, Attack, Attack, Attack}
	lp.Helm = 1 // test data: targets you from space 4; symbols 5, 5
	lp.Mat = 0  // gold track top 10; one treasure buried gives 1 automatic hit
	lp.Captain = 3
	lp.Gold = 9
	you := g.st.Players[0]
	you.Cell, you.InCove = lp.Cell, false
	lp.InCove = false
	automaRolls(t, g, 4)
	if lp := g.st.Players[1]; g.st.Fight == nil || lp.Gold != 9 || lp.Buried != 0 {
		t.Fatalf("the Helm Mat's gold came before the attack: gold %d buried %d fight %+v", lp.Gold, lp.Buried, g.st.Fight)
	}
	evs := do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["1","1"]}`, g.st.Fight.Request))
	for _, e := range evs {
		if e.Type == "attack-total" && !strings.Contains(e.Text, "deals 1 damage") {
			t.Fatalf("its attack: %s, want 1 damage (1 Cannons, no hit yet)", e.Text)
		}
	}
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["6","6"]}`, g.st.Fight.Request))
	do(t, g, `{"type":"resolve","seat":0}`) // you: 2 + 1 Cannons, you win
	// Beaten, it gains 1 gold (10: it buries, back to 0), then its bonus 1.
	if lp := g.st.Players[1]; lp.Buried != 1 || lp.Gold != 1 || g.st.Auto != nil {
		t.Fatalf("after its turn: buried %d gold %d, want 1 and 1, its turn over", lp.Buried, lp.Gold)
	}
}

// Getting Jostled (p. 8): with no Deckhand on Rigging, Cannons or Extort,
// the player moves one Deckhand of their choice from the wheel into Repair.
// "wheel2" names the Deckhand on space 2; "wheel" still lets the game take
// the one nearest behind the Captain.
func TestJostleFromTheWheelSpaceChosen(t *testing.T) {
	g := newTestGame(t, 2, 42)
	g.st.Grid[0], g.st.Grid[4] = 4, 0 // R1C1 a storm, R2C1 calm
	p := g.st.Players[0]
	p.Cell, p.InCove = 4, false
	p.Assign = map[string]int{Rigging: 0, Cannons: 0, Extort: 0, Repair: 1}
	p.WheelHands = [6]int{0, 0, 1, 0, 1, 0}
	standOn(g, 0, Plunder)
	p.Captain = 5 // on Plunder, moved to space 5
	p.Wheel[5] = Plunder
	g.st.Turn.Step = stepSail
	refused(t, g, `{"type":"sail","seat":0,"path":["R1C1"],"jostle":["wheel3"]}`, "jostle-choice")
	refused(t, g, `{"type":"sail","seat":0,"path":["R1C1"],"jostle":["wheel0"]}`, "jostle-choice")
	do(t, g, `{"type":"sail","seat":0,"path":["R1C1"],"jostle":["wheel2"]}`)
	if p := g.st.Players[0]; p.WheelHands != [6]int{0, 0, 0, 0, 1, 0} || p.Assign[Repair] != 2 {
		t.Fatalf("wheel %v repair %d, want the Deckhand of space 2 in Repair", p.WheelHands, p.Assign[Repair])
	}
}

// Hide Out (p. 12): the player takes any of their Deckhands from anywhere on
// the Helm Mat, Repair included, to Rigging, Cannons or Extort. "wheel"
// names the wheel spaces whose Deckhands are taken: here both of the
// wheel's, and the one in Repair stays there. Without it the engine takes
// the mat's Deckhands first.
func TestHideOutTakesTheWheelDeckhandsNamed(t *testing.T) {
	g := newTestGame(t, 2, 7)
	put(g, 0, 0) // test-isle-1 has a cove
	put(g, 1, 1)
	standOn(g, 0, HideOut)
	p := g.st.Players[0]
	p.Gold = 0
	p.Assign = map[string]int{Rigging: 1, Cannons: 0, Extort: 0, Repair: 1}
	p.WheelHands = [6]int{0, 0, 1, 0, 1, 0}
	refused(t, g, `{"type":"hide-out","seat":0,"assign":{"rigging":1,"cannons":1,"extort":1},"wheel":[3,4]}`, "deckhand-missing")
	refused(t, g, `{"type":"hide-out","seat":0,"assign":{"rigging":1},"wheel":[2,4]}`, "deckhand-missing")
	refused(t, g, `{"type":"hide-out","seat":0,"wheel":[2]}`, "deckhand-missing")
	// Four placed with one from the wheel needs three from the mat, which
	// holds two.
	refused(t, g, `{"type":"hide-out","seat":0,"assign":{"rigging":2,"cannons":1,"extort":1},"wheel":[2]}`, "deckhand-missing")
	do(t, g, `{"type":"hide-out","seat":0,"assign":{"rigging":1,"cannons":1,"extort":1},"wheel":[2,4]}`)
	p = g.st.Players[0]
	if p.WheelHands != [6]int{} || p.Assign[Repair] != 1 || p.Assign[Rigging] != 1 || p.Assign[Cannons] != 1 || p.Assign[Extort] != 1 || p.Gold != 1 || !p.InCove {
		t.Fatalf("wheel %v assign %v gold %d in cove %v", p.WheelHands, p.Assign, p.Gold, p.InCove)
	}
}
