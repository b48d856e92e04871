package piratescode

import (
	"fmt"
	"slices"
	"testing"
)

// The steps of a turn, and orders taken on the wrong space or card.
func TestTurnStepRefusals(t *testing.T) {
	g := newTestGame(t, 2, 51)
	refused(t, g, `{"type":"sail","seat":0,"path":["R1C1"]}`, "step-order")
	refused(t, g, `{"type":"end-turn","seat":0}`, "step-order")
	refused(t, g, `{"type":"choose-order","seat":0,"to":6}`, "order-advance")
	refused(t, g, `{"type":"choose-order","seat":0,"to":1,"free":["rigging"]}`, "order-pay-unused")
	refused(t, g, `{"type":"choose-order","seat":0,"to":2,"pay":["bilge"]}`, "deckhand-missing")
	do(t, g, `{"type":"choose-order","seat":0,"to":1}`)
	refused(t, g, `{"type":"choose-order","seat":0,"to":2}`, "step-order")
	p := g.st.Players[0]
	other := Plunder
	if p.order() == Plunder {
		other = Trade
	}
	refused(t, g, fmt.Sprintf(`{"type":%q,"seat":0,"count":1}`, other), "order-not-chosen")
	refused(t, g, `{"type":"sail","seat":0,"path":["R9C9"]}`, "sail-not-adjacent")
	refused(t, g, `{"type":"sail","seat":0,"path":[]}`, "sail-empty")
	refused(t, g, `{"type":"sail","seat":0,"path":["R1C1"],"tokens":1}`, "token-missing")
	do(t, g, `{"type":"pass-order","seat":0}`)
	refused(t, g, `{"type":"sail","seat":0,"path":["R1C1"]}`, "step-order")
	refused(t, g, `{"type":"pass-order","seat":0}`, "step-order")
	refused(t, g, `{"type":"surefire","seat":0,"die":0,"face":6}`, "no-fight")
	do(t, g, `{"type":"end-turn","seat":0}`)
	if g.st.Current != 1 || g.st.Players[0].Turns != 1 {
		t.Fatalf("the turn did not pass: current %d", g.st.Current)
	}
}

func TestPlunderTradeSearchRefusals(t *testing.T) {
	g := newTestGame(t, 2, 52)
	put(g, 0, 4) // test-isle-5: no settlement, no market
	standOn(g, 0, Plunder)
	refused(t, g, `{"type":"plunder","seat":0}`, "plunder-no-settlement")
	standOn(g, 0, Trade)
	refused(t, g, `{"type":"trade","seat":0,"count":1}`, "trade-no-market")
	put(g, 0, 1) // buys rum
	g.st.Players[0].Booty = []string{Coffee}
	refused(t, g, `{"type":"trade","seat":0,"count":1}`, "trade-wrong-booty")
	g.st.Players[0].Booty = []string{Rum, Rum}
	refused(t, g, `{"type":"trade","seat":0,"count":3}`, "trade-count")
	refused(t, g, `{"type":"trade","seat":0,"count":0}`, "trade-count")
	// A full hold: the player chooses what goes back to the bag.
	put(g, 0, 12) // a settlement of 2
	g.st.Players[0].Booty = []string{Rum, Coffee, Sugarcane}
	standOn(g, 0, Plunder)
	refused(t, g, `{"type":"plunder","seat":0,"drop":["gunpowder","gunpowder","gunpowder"],"drawnBooty":["rum","rum"]}`, "ship-full-choice")
	do(t, g, `{"type":"plunder","seat":0,"drop":["coffee","sugarcane"],"drawnBooty":["gunpowder","gunpowder"]}`)
	if b := g.st.Players[0].Booty; !slices.Equal(b, []string{Rum, Gunpowder, Gunpowder}) {
		t.Fatalf("booty %v", b)
	}
	standOn(g, 0, Search)
	g.st.Tokens[g.st.Players[0].Cell] = -1
	refused(t, g, `{"type":"search","seat":0}`, "search-none")
}

func TestCrewUp(t *testing.T) {
	g := newTestGame(t, 2, 53)
	standOn(g, 0, CrewUp)
	g.st.Players[0].Gold = 0
	refused(t, g, `{"type":"crew-up","seat":0,"refresh":true}`, "crew-refresh-gold")
	refused(t, g, `{"type":"crew-up","seat":0,"take":5}`, "crew-slot")
	refused(t, g, `{"type":"crew-up","seat":0,"take":0,"discard":0}`, "crew-full")
	g.st.Players[0].Gold = 2
	row := slices.Clone(g.st.CrewRow)
	do(t, g, `{"type":"crew-up","seat":0,"refresh":true,"take":2,"mutiny":true}`)
	p := g.st.Players[0]
	if p.Gold != 1 || len(p.Crew) != 1 || slices.Contains(row, p.Crew[0]) || !p.Bloodied || p.Side != 1 {
		t.Fatalf("gold %d crew %v (old row %v) bloodied %v side %d", p.Gold, p.Crew, row, p.Bloodied, p.Side)
	}
	if d := g.st.CrewDeck; !slices.Equal(d[len(d)-3:], row) {
		t.Fatalf("the old row did not go under the deck")
	}
	// Once a game for the mutiny, once a turn for the new row.
	standOn(g, 0, CrewUp)
	refused(t, g, `{"type":"crew-up","seat":0,"mutiny":true}`, "mutiny-used")
	g.st.Turn.Refreshed = true
	refused(t, g, `{"type":"crew-up","seat":0,"refresh":true}`, "crew-refresh-once")
	// Four crew: one goes under the deck to hire a fifth.
	g.st.Turn.Refreshed = false
	g.st.Players[0].Crew = []int{g.st.CrewDeck[0], g.st.CrewDeck[1], g.st.CrewDeck[2], g.st.CrewDeck[3]}
	g.st.CrewDeck = g.st.CrewDeck[4:]
	gone := g.st.Players[0].Crew[1]
	refused(t, g, `{"type":"crew-up","seat":0,"take":0}`, "crew-full")
	do(t, g, `{"type":"crew-up","seat":0,"take":0,"discard":1}`)
	if p := g.st.Players[0]; len(p.Crew) != 4 || slices.Contains(p.Crew, gone) || g.st.CrewDeck[len(g.st.CrewDeck)-1] != gone {
		t.Fatalf("crew %v deck end %v", p.Crew, g.st.CrewDeck[len(g.st.CrewDeck)-1])
	}
}

func TestHideOut(t *testing.T) {
	g := newTestGame(t, 2, 54)
	put(g, 0, 1) // no cove
	standOn(g, 0, HideOut)
	refused(t, g, `{"type":"hide-out","seat":0}`, "hide-no-cove")
	put(g, 0, 0)
	put(g, 1, 0)
	g.st.Players[1].InCove = true
	refused(t, g, `{"type":"hide-out","seat":0}`, "hide-cove-taken")
	g.st.Players[1].InCove = false
	p := g.st.Players[0]
	p.Gold = 0
	p.Assign = map[string]int{Rigging: 0, Cannons: 0, Extort: 0, Repair: 2}
	p.WheelHands = [6]int{0, 0, 1, 0, 0, 0}
	refused(t, g, `{"type":"hide-out","seat":0,"assign":{"rigging":2,"cannons":1,"extort":1}}`, "deckhand-missing")
	refused(t, g, `{"type":"hide-out","seat":0,"assign":{"repair":1}}`, "deckhand-missing")
	do(t, g, `{"type":"hide-out","seat":0,"assign":{"rigging":1,"extort":2}}`)
	p = g.st.Players[0]
	if !p.InCove || p.Assign[Extort] != 2 || p.Assign[Rigging] != 1 || p.Assign[Repair] != 0 || p.handsOnWheel() != 0 || p.Gold != 2 {
		t.Fatalf("assign %v wheel %v gold %d", p.Assign, p.WheelHands, p.Gold)
	}
	// The Extort gold is not paid again at the Ship Line (reading of p. 12).
	g.st.Turn.Crossed = true
	do(t, g, `{"type":"end-turn","seat":0}`)
	if g.st.Players[0].Gold != 2 {
		t.Fatalf("Extort paid twice: gold %d", g.st.Players[0].Gold)
	}
}

func TestFightRefusalsAndReroll(t *testing.T) {
	g := newTestGame(t, 2, 55)
	put(g, 0, 0)
	put(g, 1, 1)
	standOn(g, 0, Attack)
	refused(t, g, `{"type":"attack","seat":0,"target":"seat2"}`, "attack-target")
	refused(t, g, `{"type":"attack","seat":0,"target":"seat1"}`, "attack-target")
	g.st.Merchants[0].Cell = g.st.Players[0].Cell
	g.st.Players[0].Crew = []int{4} // test-crew-5: Attack, Reroll of 1, 2, 3
	do(t, g, `{"type":"attack","seat":0,"target":"orange"}`)
	refused(t, g, `{"type":"end-turn","seat":0}`, "fight-open")
	refused(t, g, `{"type":"surefire","seat":0,"die":0,"face":6}`, "roll-first")
	req := g.st.Fight.Request
	refused(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["6"]}`, req), "roll-count")
	refused(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["6","7"]}`, req), "roll-face")
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["1","5"]}`, req))
	refused(t, g, `{"type":"surefire","seat":0,"die":0,"face":6}`, "surefire-none")
	g.st.Players[0].Surefire = 1
	refused(t, g, `{"type":"surefire","seat":0,"die":2,"face":6}`, "surefire-die")
	refused(t, g, `{"type":"reroll","seat":0,"card":"test-crew-5","dice":[1]}`, "reroll-face")
	refused(t, g, `{"type":"reroll","seat":0,"card":"test-crew-1","dice":[0]}`, "reroll-not-allowed")
	do(t, g, `{"type":"reroll","seat":0,"card":"test-crew-5","dice":[0]}`)
	if g.st.Fight.Stage != stageAttackRoll || len(g.st.Dice.Open) != 1 || len(g.st.Dice.Open[0].Dice) != 1 {
		t.Fatalf("re-roll not asked: %+v", g.st.Fight)
	}
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["6"]}`, g.st.Fight.Request))
	if f := g.st.Fight; !slices.Equal(f.Faces, []int{6, 5}) {
		t.Fatalf("faces after the re-roll %v", f.Faces)
	}
	// That die was rolled again by this card already.
	refused(t, g, `{"type":"reroll","seat":0,"card":"test-crew-5","dice":[0]}`, "reroll-face")
	// An older roll can no longer be corrected.
	first := g.st.Dice.Rolls[0].ID
	refused(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"corrects":%q,"faces":["2","2"]}`, req, first), "roll-too-late")
	// Both ports as far: the attacker chooses, 0 or 1.
	g.st.Ports = [2]int{0, 15}
	g.st.Players[0].Cell = 5 // R2C2: 2 from R1C1, 4 from R4C4
	g.st.Merchants[0].Cell = 5
	g.st.Players[0].Assign[Cannons] = 9
	do(t, g, `{"type":"resolve","seat":0}`)
	if m := g.st.Merchants[0]; m.Cell != 15 {
		t.Fatalf("sunk merchant went to %s, want the farther port R4C4", cellName(m.Cell))
	}
	refused(t, g, `{"type":"resolve","seat":0}`, "no-fight")
}

func TestBuryNoneLeftAndBonusTarget(t *testing.T) {
	g := newTestGame(t, 2, 56)
	p := g.st.Players[0]
	p.Buried = 3
	p.Gold = 13
	put(g, 0, 9)
	g.st.Navy = (g.st.Players[0].Cell + 1) % 16
	for c := range g.st.Buried {
		g.st.Buried[c] = -1
	}
	standOn(g, 0, g.st.captainSide(p).Trigger)
	refused(t, g, `{"type":"bonus","seat":0,"card":"captain","index":0}`, "bury-none-left")
	g.st.Players[0].Crew = []int{10} // test-crew-11: sail a merchant
	standOn(g, 0, Plunder)
	refused(t, g, `{"type":"bonus","seat":0,"card":"test-crew-11","index":0,"path":["R1C1"]}`, "bonus-target")
}

// A hand correction moves things to and from the bag and the supply; it
// never creates them, and needs the table's seat and a reason.
func TestAdjust(t *testing.T) {
	g := newTestGame(t, 2, 57)
	refused(t, g, `{"type":"adjust","seat":0,"player":0,"reason":"x","gold":5}`, "adjust-table")
	refused(t, g, `{"type":"adjust","seat":-1,"player":0,"gold":5}`, "adjust-table")
	refused(t, g, `{"type":"adjust","seat":-1,"player":0,"reason":"x","gold":14}`, "adjust-range")
	refused(t, g, `{"type":"adjust","seat":-1,"player":0,"reason":"x","assign":{"rigging":4}}`, "adjust-range")
	g.st.Bag[g.st.Players[0].Booty[0]]++
	g.st.Players[0].Booty = []string{Coffee}
	g.st.Bag[Coffee]--
	g.st.Bag[Rum] = 1
	refused(t, g, `{"type":"adjust","seat":-1,"player":0,"reason":"x","booty":["rum","rum"]}`, "adjust-range")
	total := func() int {
		n := len(g.st.Players[0].Booty) + len(g.st.Players[1].Booty)
		for _, c := range g.st.Bag {
			n += c
		}
		return n
	}
	before := total()
	do(t, g, `{"type":"adjust","seat":-1,"player":0,"reason":"a cube fell off the ship","gold":5,"surefire":2,"booty":["rum"],"assign":{"rigging":3,"cannons":0,"extort":0,"repair":0}}`)
	p := g.st.Players[0]
	if p.Gold != 5 || p.Surefire != 2 || g.st.Surefires != 10 || !slices.Equal(p.Booty, []string{Rum}) || g.st.Bag[Rum] != 0 || p.Assign[Rigging] != 3 {
		t.Fatalf("after the correction: %+v bag %v", p, g.st.Bag)
	}
	if total() != before {
		t.Fatal("the correction created or destroyed booty")
	}
}

// Hide Out (p. 12): the Deckhands taken go into Rigging, Cannons or Extort;
// none is sent into Repair. With one on each of the three and none in Repair,
// keeping only one on Rigging would put two in Repair: refused.
func TestHideOutSendsNoDeckhandToRepair(t *testing.T) {
	g := newTestGame(t, 2, 56)
	put(g, 0, 0)
	g.st.Players[1].InCove = false
	standOn(g, 0, HideOut)
	p := g.st.Players[0]
	p.Assign = map[string]int{Rigging: 1, Cannons: 1, Extort: 1, Repair: 0}
	refused(t, g, `{"type":"hide-out","seat":0,"assign":{"rigging":1}}`, "deckhand-missing")
	p.Assign = map[string]int{Rigging: 1, Cannons: 0, Extort: 0, Repair: 2}
	do(t, g, `{"type":"hide-out","seat":0,"assign":{"cannons":2}}`) // one stays in Repair
	if a := g.st.Players[0].Assign; a[Rigging] != 0 || a[Cannons] != 2 || a[Repair] != 1 {
		t.Fatalf("assign %v", a)
	}
}
