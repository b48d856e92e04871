package piratescode

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

type engineSeat = engine.Seat

// Every worked example of the rulebook and the spec (§6), as a test.

// Example 1: trading 3 Sugarcane priced 4 gives 12 gold (p. 9).
func TestTradeThreeSugarcaneAtFour(t *testing.T) {
	g := newTestGame(t, 2, 1)
	g.st.Market = [4]string{Rum, Coffee, Sugarcane, Gunpowder}
	p := g.st.Players[0]
	p.Gold, p.Booty = 0, []string{Sugarcane, Sugarcane, Sugarcane}
	put(g, 0, 0) // test-isle-1 buys sugarcane
	standOn(g, 0, Trade)
	do(t, g, `{"type":"trade","seat":0,"count":3}`)
	if p := g.st.Players[0]; p.Gold != 12 || len(p.Booty) != 0 {
		t.Fatalf("gold %d booty %v, want 12 and none", p.Gold, p.Booty)
	}
}

// Example 2: two 6-symbols and one 6 rolled deal 2; two 6s deal 4; other
// faces deal nothing (p. 11).
func TestDamageMatchesDieSymbols(t *testing.T) {
	cards := []Card{{Symbols: []int{6}}, {Symbols: []int{6, 2}}}
	for _, tc := range []struct {
		faces []int
		want  int
	}{{[]int{6, 1}, 2}, {[]int{6, 6}, 4}, {[]int{3, 4}, 0}, {[]int{2, 6, 5}, 3}} {
		if got := Damage(tc.faces, cards, 0); got != tc.want {
			t.Errorf("faces %v: %d damage, want %d", tc.faces, got, tc.want)
		}
	}
	if got := Damage([]int{6, 6}, append(cards, Card{Hits: 1}), 2); got != 7 {
		t.Errorf("with 2 Cannons and an automatic hit: %d, want 7", got)
	}
}

// attackMerchant sets seat 0 on merchant m's card standing on Attack, rolls
// faces and resolves.
func attackMerchant(t *testing.T, g *Game, card int, faces string) {
	t.Helper()
	g.st.Merchants[0].Card = card
	put(g, 0, 0)
	g.st.Merchants[0].Cell = g.st.Players[0].Cell
	standOn(g, 0, Attack)
	do(t, g, `{"type":"attack","seat":0,"target":"orange"}`)
	req := g.st.Dice.Open[0].ID
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":%s}`, req, faces))
	do(t, g, `{"type":"resolve","seat":0}`)
}

// captain with one 6 and one 5 (test data), 1 Deckhand on Cannons.
// Example 3: a merchant marked "1-2" gives legend in a 2-player game, not in
// a 3-player game (p. 12).
func TestMerchantLegendIconByPlayerCount(t *testing.T) {
	for _, tc := range []struct {
		players, want int
	}{{2, 1}, {3, 0}} {
		g := newTestGame(t, tc.players, 2)
		// test-merchant-4: value 4, damage 3, gold 2, legend "1-2".
		attackMerchant(t, g, 3, `["6","5"]`) // 1 + 1 + 1 Cannons = 3: tie
		if g.st.Players[0].Legend != 0 {
			t.Fatal("a tie gave legend")
		}
		g.st.Players[0].Assign[Cannons] = 2
		attackMerchant(t, g, 3, `["6","5"]`) // 1 + 1 + 2 = 4 > 3
		if got := g.st.Players[0].Legend; got != tc.want {
			t.Errorf("%d players: legend %d, want %d", tc.players, got, tc.want)
		}
	}
}

// Example 4: sinking the merchant of an 8-card keeps the card; the ship
// resets to the farther port with a new cube (p. 11).
func TestSinkingAnEightKeepsTheCard(t *testing.T) {
	g := newTestGame(t, 2, 3)
	g.st.Players[0].Assign[Cannons] = 4
	deck := len(g.st.MerchantDeck)
	attackMerchant(t, g, 9, `["6","1"]`) // value 8, damage 5; 1+4 = 5: tie
	g.st.Merchants[0].Card = 9
	standOn(g, 0, Attack)
	do(t, g, `{"type":"attack","seat":0,"target":"orange"}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["6","1"]}`, g.st.Dice.Open[0].ID))
	do(t, g, `{"type":"surefire","seat":0,"die":1,"face":5}`) // 2+4 = 6 > 5
	do(t, g, `{"type":"resolve","seat":0}`)
	m := g.st.Merchants[0]
	if m.Card != 9 || len(g.st.MerchantDeck) != deck {
		t.Fatalf("the 8-card was replaced: card %d deck %d->%d", m.Card, deck, len(g.st.MerchantDeck))
	}
	p := g.st.Players[0]
	far := g.st.Ports[0]
	if dist(p.Cell, g.st.Ports[1]) > dist(p.Cell, far) {
		far = g.st.Ports[1]
	}
	if m.Cell != far || g.st.Ports[m.Target] == far || m.Booty == "" {
		t.Fatalf("merchant at %s heading %s with %q; want at the farther port %s heading to the other with a cube", cellName(m.Cell), cellName(g.st.Ports[m.Target]), m.Booty, cellName(far))
	}
}

// Example 5: the market shift (p. 9).
func TestMarketShift(t *testing.T) {
	g := newTestGame(t, 2, 4)
	g.st.Market = [4]string{Rum, Coffee, Sugarcane, Gunpowder}
	g.st.shiftMarket(Sugarcane)
	if want := [4]string{Sugarcane, Rum, Coffee, Gunpowder}; g.st.Market != want {
		t.Fatalf("after selling sugarcane: %v, want %v", g.st.Market, want)
	}
	g.st.shiftMarket(Sugarcane)
	if want := [4]string{Sugarcane, Rum, Coffee, Gunpowder}; g.st.Market != want {
		t.Fatalf("selling the 2-gold type changed the market: %v", g.st.Market)
	}
	// Through a Trade order: Rum at 2 leaves the market as it is.
	g.st.Market = [4]string{Rum, Coffee, Sugarcane, Gunpowder}
	p := g.st.Players[0]
	p.Gold, p.Booty = 0, []string{Rum}
	put(g, 0, 1)
	standOn(g, 0, Trade)
	do(t, g, `{"type":"trade","seat":0,"count":1}`)
	if want := [4]string{Rum, Coffee, Sugarcane, Gunpowder}; g.st.Market != want || p.Gold != 0 && g.st.Players[0].Gold != 2 {
		t.Fatalf("market %v gold %d", g.st.Market, g.st.Players[0].Gold)
	}
}

// Example 6: starting booty by seat: the first player the 2-gold type, the
// second the 3-gold type, and so on (p. 5).
func TestStartingBootyBySeat(t *testing.T) {
	g := newTestGame(t, 4, 5)
	for i, p := range g.st.Players {
		if len(p.Booty) != 1 || p.Booty[0] != g.st.Market[i] {
			t.Errorf("seat %d starts with %v, want the %d-gold type %s", i+1, p.Booty, i+2, g.st.Market[i])
		}
		if p.Gold != 1 || p.Captain != 0 || !p.InCove || p.Assign[Rigging] != 1 || p.Assign[Cannons] != 1 || p.Assign[Extort] != 1 || p.Assign[Repair] != 0 {
			t.Errorf("seat %d does not start as the rulebook says: %+v", i+1, p)
		}
	}
	total := 0
	for _, n := range g.st.Bag {
		total += n
	}
	if total != 40-4-4-2 {
		t.Errorf("bag holds %d, want 30", total)
	}
}

// Example 7: the wheel (p. 7).
func TestWheel(t *testing.T) {
	g := newTestGame(t, 2, 6)
	p := g.st.Players[0]
	if p.Captain != 0 {
		t.Fatal("the first turn does not start on Hide Out")
	}
	refused(t, g, `{"type":"choose-order","seat":1,"to":1}`, "not-your-turn")
	// Skip 1 and 2 to land on 3: two Deckhands, from Repair (none) first, so
	// from Extort then Cannons.
	do(t, g, `{"type":"choose-order","seat":0,"to":3}`)
	if p := g.st.Players[0]; p.WheelHands[1] != 1 || p.WheelHands[2] != 1 || p.Assign[Extort] != 0 || p.Assign[Cannons] != 0 {
		t.Fatalf("wheel %v assign %v", p.WheelHands, p.Assign)
	}
	// Only 1 Deckhand left (Rigging): skipping two spaces is refused.
	p = g.st.Players[0]
	g.st.Turn = newTurn(p)
	refused(t, g, `{"type":"choose-order","seat":0,"to":0}`, "skip-needs-deckhand")
	// A full lap back to the start is refused.
	refused(t, g, `{"type":"choose-order","seat":0,"to":3}`, "order-same-space")
	// From 3, skip 4 (Rigging pays) and 5? no: go to 5 passing 4.
	do(t, g, `{"type":"choose-order","seat":0,"to":5,"pay":["rigging"]}`)
	// From 5 straight to 1: Hide Out is free, and the old Deckhand on 1 is
	// freed by landing; crossing the Ship Line.
	p = g.st.Players[0]
	g.st.Turn = newTurn(p)
	do(t, g, `{"type":"choose-order","seat":0,"to":1,"free":["cannons"]}`)
	p = g.st.Players[0]
	if !g.st.Turn.Crossed || p.WheelHands[1] != 0 || p.Assign[Cannons] != 1 {
		t.Fatalf("crossed %v wheel %v assign %v", g.st.Turn.Crossed, p.WheelHands, p.Assign)
	}
	// From 1, passing 2 (an old Deckhand: free, freed) and 3 (empty): the
	// freed one cannot pay for 3.
	g.st.Turn = newTurn(p)
	refused(t, g, `{"type":"choose-order","seat":0,"to":4,"free":["rigging"],"pay":["rigging"]}`, "skip-freed-deckhand")
	do(t, g, `{"type":"choose-order","seat":0,"to":4,"free":["rigging"],"pay":["cannons"]}`)
}

// Example 8: storms (p. 8): two storm cards entered jostle twice; leaving a
// storm does not; with every Deckhand in Repair a storm cannot be entered.
func TestStorms(t *testing.T) {
	g := newTestGame(t, 2, 7)
	// Lay out a row: storm, storm, calm.
	g.st.Grid[0], g.st.Grid[1], g.st.Grid[2] = 4, 5, 12
	for c := 3; c < 16; c++ {
		g.st.Grid[c] = []int{0, 1, 2, 3, 6, 7, 8, 9, 10, 11, 13, 14, 15}[c-3]
	}
	p := g.st.Players[0]
	p.Cell, p.InCove = 4, false // R2C1, calm
	p.Assign = map[string]int{Rigging: 3, Cannons: 2, Extort: 0, Repair: 0}
	standOn(g, 0, Plunder)
	g.st.Turn.Step = stepSail
	do(t, g, `{"type":"sail","seat":0,"path":["R1C1","R1C2","R1C3"]}`)
	if p := g.st.Players[0]; p.Assign[Repair] != 2 || p.Assign[Cannons] != 0 || p.Cell != 2 {
		t.Fatalf("after two storms: %v", p.Assign)
	}
	// A jostle lowers the sail at once: with sail 1+3 = 4 the 4th step fails
	// after two storms took two Rigging Deckhands.
	g2 := newTestGame(t, 2, 7)
	g2.st.Grid = g.st.Grid
	p2 := g2.st.Players[0]
	p2.Cell, p2.InCove = 4, false
	p2.Assign = map[string]int{Rigging: 3, Cannons: 0, Extort: 0, Repair: 0}
	standOn(g2, 0, Plunder)
	g2.st.Turn.Step = stepSail
	refused(t, g2, `{"type":"sail","seat":0,"path":["R1C1","R1C2","R1C3","R1C4"]}`, "sail-too-far")
	// Leaving a storm: no jostle.
	g.st.Players[0].Cell = 1
	g.st.Turn.Step = stepSail
	do(t, g, `{"type":"sail","seat":0,"path":["R1C3"]}`)
	if p := g.st.Players[0]; p.Assign[Repair] != 2 {
		t.Fatalf("leaving a storm jostled: %v", p.Assign)
	}
	// All in Repair: the storm cannot be entered.
	p = g.st.Players[0]
	p.Cell = 4
	p.Assign = map[string]int{Rigging: 0, Cannons: 0, Extort: 0, Repair: 3}
	g.st.Catalog = cloneCatalog(g.st.Catalog)
	g.st.Catalog.Legend[0].Sail = 2
	g.st.Turn.Step = stepSail
	refused(t, g, `{"type":"sail","seat":0,"path":["R1C1"]}`, "sail-storm-repair")
	// A kept storm token cancels the jostle.
	p.Assign = map[string]int{Rigging: 0, Cannons: 0, Extort: 1, Repair: 2}
	p.Kept = []int{18}
	do(t, g, `{"type":"sail","seat":0,"path":["R1C1"],"storm":1}`)
	if p := g.st.Players[0]; p.Assign[Extort] != 1 || len(p.Kept) != 0 {
		t.Fatalf("a storm token did not cancel the jostle: %v kept %v", p.Assign, p.Kept)
	}
}

func cloneCatalog(c *Catalog) *Catalog {
	n := *c
	n.Legend = slices.Clone(c.Legend)
	return &n
}

// Example 9: jostling (p. 8).
func TestJostle(t *testing.T) {
	p := &Player{Assign: map[string]int{Extort: 1, Repair: 0}}
	if jostle(p); p.Assign[Extort] != 0 || p.Assign[Repair] != 1 {
		t.Fatalf("Extort only: %v", p.Assign)
	}
	p.Captain = 3
	p.WheelHands = [6]int{0, 1, 1, 0, 0, 0}
	if from := jostle(p); from != "wheel" || p.WheelHands[2] != 0 || p.Assign[Repair] != 2 {
		t.Fatalf("from the wheel: %q %v %v", from, p.WheelHands, p.Assign)
	}
	p.WheelHands = [6]int{}
	if from := jostle(p); from != "" || p.Assign[Repair] != 2 {
		t.Fatalf("all in Repair: %q %v", from, p.Assign)
	}
}

// Example 10: attacking a 4-damage merchant: 4 ties (+1 sure-fire, no
// jostle), 3 loses (jostled, +1 sure-fire), 5 sinks (p. 11-12).
func TestAttackMerchantOutcomes(t *testing.T) {
	// test-merchant-7: value 6, damage 4, gold 3. Captain 6,5 + 1 Cannons.
	g := newTestGame(t, 2, 8)
	g.st.Players[0].Assign[Cannons] = 2
	attackMerchant(t, g, 6, `["6","1"]`) // 1+2 = 3
	p := g.st.Players[0]
	if p.Surefire != 1 || p.Assign[Extort] != 0 || p.Assign[Repair] != 1 {
		t.Fatalf("lost: surefire %d assign %v", p.Surefire, p.Assign)
	}
	attackMerchant(t, g, 6, `["6","5"]`) // 2+2 = 4
	p = g.st.Players[0]
	if p.Surefire != 2 || p.Assign[Repair] != 1 {
		t.Fatalf("tie: surefire %d assign %v", p.Surefire, p.Assign)
	}
	p.Gold, p.Booty = 0, nil
	g.st.Merchants[0].Booty = Coffee
	deck := len(g.st.MerchantDeck)
	attackMerchant(t, g, 6, `["6","6"]`) // 2... no: 6 matches one symbol each: 2+2 = 4
	if g.st.Merchants[0].Card != 6 {
		t.Fatal("a 4 against 4 sank the merchant")
	}
	g.st.Players[0].Assign[Cannons] = 3
	// The table deals the new merchant card (the last of the deck).
	dealt := g.st.MerchantDeck[len(g.st.MerchantDeck)-1]
	g.st.Merchants[0].Card = 6
	put(g, 0, 0)
	g.st.Merchants[0].Cell = g.st.Players[0].Cell
	standOn(g, 0, Attack)
	do(t, g, `{"type":"attack","seat":0,"target":"orange"}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["6","5"]}`, g.st.Dice.Open[0].ID))
	do(t, g, fmt.Sprintf(`{"type":"resolve","seat":0,"drawnMerchant":%q}`, g.st.Catalog.Merchants[dealt].ID)) // 2+3 = 5 > 4
	if g.st.Merchants[0].Card != dealt {
		t.Fatalf("dealt %d, want the table's %d", g.st.Merchants[0].Card, dealt)
	}
	p = g.st.Players[0]
	// 3 gold from the card and 1 from the legend level its icon gives.
	if p.Gold != 4 || p.Legend != 1 || !slices.Equal(p.Booty, []string{Coffee}) || g.st.Merchants[0].Card == 6 || len(g.st.MerchantDeck) != deck-1 {
		t.Fatalf("sunk: gold %d booty %v card %d deck %d", p.Gold, p.Booty, g.st.Merchants[0].Card, len(g.st.MerchantDeck))
	}
}

// pirateFight has seat 0 attack seat 1 on one card with the given faces.
func pirateFight(t *testing.T, g *Game, att, def string) {
	t.Helper()
	put(g, 0, 0)
	put(g, 1, 0)
	standOn(g, 0, Attack)
	do(t, g, `{"type":"attack","seat":0,"target":"seat2"}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":%s}`, g.st.Dice.Open[0].ID, att))
	do(t, g, `{"type":"resolve","seat":0}`)
	refused(t, g, `{"type":"resolve","seat":0}`, "roll-first")
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":%s}`, g.st.Dice.Open[0].ID, def))
	refused(t, g, `{"type":"resolve","seat":0}`, "not-your-turn")
	do(t, g, `{"type":"resolve","seat":1}`)
}

// Example 11: pirate against pirate: 5 vs 3, the attacker gains a level and
// the defender is jostled with a sure-fire; 4 vs 4, both a sure-fire (p. 12).
func TestPirateFight(t *testing.T) {
	g := newTestGame(t, 2, 9)
	g.st.Players[0].Assign[Cannons] = 3
	g.st.Players[1].Assign[Cannons] = 1
	pirateFight(t, g, `["6","5"]`, `["6","5"]`) // 5 vs 3
	a, d := g.st.Players[0], g.st.Players[1]
	if a.Legend != 1 || d.Surefire != 1 || d.Assign[Repair] != 1 || a.Surefire != 0 {
		t.Fatalf("5 vs 3: attacker legend %d, defender surefire %d repair %d", a.Legend, d.Surefire, d.Assign[Repair])
	}
	g.st.Players[0].Assign[Cannons] = 2
	g.st.Players[1].Assign[Cannons] = 2
	pirateFight(t, g, `["6","5"]`, `["6","5"]`) // 4 vs 4
	a, d = g.st.Players[0], g.st.Players[1]
	if a.Legend != 1 || a.Surefire != 1 || d.Surefire != 2 || d.Assign[Repair] != 1 {
		t.Fatalf("4 vs 4: %+v %+v", a, d)
	}
	// A ship in a cove cannot be attacked; the Navy never.
	put(g, 1, 0)
	g.st.Players[1].InCove = true
	standOn(g, 0, Attack)
	refused(t, g, `{"type":"attack","seat":0,"target":"seat2"}`, "attack-hidden")
	refused(t, g, `{"type":"attack","seat":0,"target":"navy"}`, "attack-navy")
}

// Example 12: gold stops at 13, sure-fire tokens at 3 (p. 8, p. 10).
func TestCaps(t *testing.T) {
	g := newTestGame(t, 2, 10)
	p := g.st.Players[0]
	p.Gold = 12
	if got := p.gainGold(3); got != 1 || p.Gold != 13 {
		t.Fatalf("gold 12 + 3: gained %d, now %d", got, p.Gold)
	}
	p.Surefire = 3
	c := &ctx{s: g.st}
	c.gainSurefire(p, 1)
	if p.Surefire != 3 {
		t.Fatalf("sure-fire 3 + 1 = %d", p.Surefire)
	}
}

// Example 13: burying is refused with the Navy on the card, with too little
// gold and on a taken site; the captain's bonus order (example 14).
func TestBuryAndCaptainBonusOrder(t *testing.T) {
	g := newTestGame(t, 2, 11)
	p := g.st.Players[0]
	p.CaptainCard = 1 // test data: Trade, then Bury and Plunder
	captain := g.st.captainSide(p)
	put(g, 0, 6) // test-isle-7: bury cost 3
	standOn(g, 0, captain.Trigger)
	cell := p.Cell
	g.st.Navy = (cell + 1) % 16
	p.Gold = 2
	refused(t, g, `{"type":"bonus","seat":0,"card":"captain","index":0}`, "bury-gold")
	p.Gold = 5
	g.st.Navy = cell
	refused(t, g, `{"type":"bonus","seat":0,"card":"captain","index":0}`, "bury-navy")
	g.st.Navy = (cell + 1) % 16
	g.st.Buried[cell] = 1
	refused(t, g, `{"type":"bonus","seat":0,"card":"captain","index":0}`, "bury-taken")
	g.st.Buried[cell] = -1
	put(g, 0, 0)
	refused(t, g, `{"type":"bonus","seat":0,"card":"captain","index":0}`, "bury-no-site")
	put(g, 0, 6)
	// Taking the second first, then Bury, is refused.
	do(t, g, `{"type":"bonus","seat":0,"card":"captain","index":1}`)
	refused(t, g, `{"type":"bonus","seat":0,"card":"captain","index":0}`, "bonus-order")
	// Bury then the second is fine.
	standOn(g, 0, captain.Trigger)
	do(t, g, `{"type":"bonus","seat":0,"card":"captain","index":0}`)
	if p := g.st.Players[0]; p.Gold != 2 || p.Buried != 1 || g.st.Buried[cell] != 0 {
		t.Fatalf("buried: gold %d buried %d", p.Gold, p.Buried)
	}
	refused(t, g, `{"type":"bonus","seat":0,"card":"captain","index":0}`, "bonus-used")
	// A card whose trigger is another order does nothing.
	g.st.Players[0].Crew = []int{0} // test-crew-1: Plunder, gold 1
	if captain.Trigger != Plunder {
		refused(t, g, `{"type":"bonus","seat":0,"card":"test-crew-1","index":0}`, "bonus-not-triggered")
	}
}

// Example 15: the end: the 2nd of 4 players buries the 3rd treasure, so
// players 3 and 4 play and player 1 does not; ties by legend, gold, booty.
func TestEndWithEqualTurns(t *testing.T) {
	g := newTestGame(t, 4, 12)
	for i := range 4 {
		g.st.Players[i].Buried = 2
	}
	g.st.Players[2].Buried = 3
	g.st.Players[2].Legend = 1
	g.st.Players[3].Legend = 1
	g.st.Players[2].Gold, g.st.Players[3].Gold = 4, 4
	g.st.Players[3].Buried = 3
	g.st.Players[3].Booty = append(g.st.Players[3].Booty, Rum)
	// Seat 2 (Bo) buries the third.
	put(g, 1, 7)
	standOn(g, 1, g.st.captainSide(g.st.Players[1]).Trigger)
	g.st.Players[1].Gold = 13
	g.st.Navy = (g.st.Players[1].Cell + 1) % 16
	do(t, g, `{"type":"bonus","seat":1,"card":"captain","index":0}`)
	if g.st.EndBy != 1 {
		t.Fatal("the third treasure did not trigger the end")
	}
	do(t, g, `{"type":"end-turn","seat":1}`)
	for _, seat := range []int{2, 3} {
		if g.Over() {
			t.Fatalf("over before seat %d played", seat+1)
		}
		do(t, g, fmt.Sprintf(`{"type":"choose-order","seat":%d,"to":1}`, seat))
		do(t, g, fmt.Sprintf(`{"type":"end-turn","seat":%d}`, seat))
	}
	if !g.Over() {
		t.Fatal("the game goes on after everyone had as many turns")
	}
	refused(t, g, `{"type":"choose-order","seat":0,"to":1}`, "game-over")
	// Bo: 3 treasures, legend 0; Cy and Di legend 1, gold 4; Di has more booty.
	if !slices.Equal(g.st.Winners, []engineSeat{3}) {
		t.Fatalf("winners %v, want Di (seat 4)", g.st.Winners)
	}
}

// A merchant marked "1" gives legend in a solo game (one player), not in a
// game of two.
func TestMerchantLegendIconSolo(t *testing.T) {
	for _, tc := range []struct{ players, want int }{{1, 1}, {2, 0}} {
		g := newTestGame(t, tc.players, 2)
		g.st.Players[0].Assign[Cannons] = 2
		attackMerchant(t, g, 1, `["6","5"]`) // test-merchant-2: damage 2, legend "1"; 4 > 2
		if got := g.st.Players[0].Legend; got != tc.want {
			t.Errorf("%d players: legend %d, want %d", tc.players, got, tc.want)
		}
	}
}

// TestSurefireWordsNameOnlyThisGamesPirates: in a game without the
// Legendary Pirate, the sentences of a lost or tied fight say what the
// player gains and name no Legendary Pirate (they said "a sure-fire token
// (the Legendary Pirate gains 1 gold instead)" in every game).
func TestSurefireWordsNameOnlyThisGamesPirates(t *testing.T) {
	g := newTestGame(t, 2, 9)
	var said []string
	fight := func(att, def string) {
		put(g, 0, 0)
		put(g, 1, 0)
		standOn(g, 0, Attack)
		do(t, g, `{"type":"attack","seat":0,"target":"seat2"}`)
		do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":%s}`, g.st.Dice.Open[0].ID, att))
		do(t, g, `{"type":"resolve","seat":0}`)
		do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":%s}`, g.st.Dice.Open[0].ID, def))
		for _, e := range do(t, g, `{"type":"resolve","seat":1}`) {
			said = append(said, e.Text)
		}
	}
	g.st.Players[0].Assign[Cannons] = 3
	g.st.Players[1].Assign[Cannons] = 1
	fight(`["6","5"]`, `["6","5"]`) // 5 vs 3: the defender is jostled
	g.st.Players[0].Assign[Cannons] = 2
	g.st.Players[1].Assign[Cannons] = 2
	fight(`["6","5"]`, `["6","5"]`) // 4 vs 4: a tie
	all := strings.Join(said, "\n")
	if strings.Contains(all, "Legendary Pirate") {
		t.Errorf("a two-player game's fight names the Legendary Pirate:\n%s", all)
	}
	for _, want := range []string{"was jostled and gains a sure-fire token", "gains a sure-fire token, "} {
		if !strings.Contains(all, want) {
			t.Errorf("the fights' sentences do not say %q:\n%s", want, all)
		}
	}
}
