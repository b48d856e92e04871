package piratescode

import (
	"fmt"
	"slices"
	"testing"
)

// crewOn gives seat 0 the crew card test-crew-(i+1) and stands on its
// trigger.
func crewOn(g *Game, i int) {
	g.st.Players[0].Crew = []int{i}
	standOn(g, 0, g.st.Catalog.Crew[i].Trigger)
}

func TestBonusKinds(t *testing.T) {
	g := newTestGame(t, 2, 41)
	// Gain Gold (test-crew-1, 1 gold).
	crewOn(g, 0)
	gold := g.st.Players[0].Gold
	do(t, g, `{"type":"bonus","seat":0,"card":"test-crew-1","index":0}`)
	if g.st.Players[0].Gold != gold+1 {
		t.Fatal("no gold")
	}
	refused(t, g, `{"type":"bonus","seat":0,"card":"test-crew-1","index":0}`, "bonus-used")
	refused(t, g, `{"type":"bonus","seat":0,"card":"test-crew-2","index":0}`, "bonus-not-triggered")

	// Exchange (test-crew-8).
	crewOn(g, 7)
	g.st.Players[0].Booty = []string{Rum}
	refused(t, g, `{"type":"bonus","seat":0,"card":"test-crew-8","index":0,"give":"coffee","want":"rum"}`, "bonus-booty")
	do(t, g, `{"type":"bonus","seat":0,"card":"test-crew-8","index":0,"give":"rum","want":"gunpowder"}`)
	if b := g.st.Players[0].Booty; !slices.Equal(b, []string{Gunpowder}) {
		t.Fatalf("booty %v", b)
	}

	// Sail the Navy exactly 2 cards; it attacks no one.
	crewOn(g, 8)
	g.st.Navy = 5 // R2C2
	refused(t, g, `{"type":"bonus","seat":0,"card":"test-crew-9","index":0,"path":["R2C3"]}`, "bonus-sail-count")
	g.st.Players[0].Cell, g.st.Players[0].InCove = 7, false
	do(t, g, `{"type":"bonus","seat":0,"card":"test-crew-9","index":0,"path":["R2C3","R2C4"]}`)
	if g.st.Navy != 7 || g.st.Players[0].Assign[Repair] != 0 {
		t.Fatalf("navy %s, repair %d", cellName(g.st.Navy), g.st.Players[0].Assign[Repair])
	}

	// Sail a merchant 1 card onto its port: it delivers and turns about.
	crewOn(g, 10)
	m := g.st.Merchants[0]
	port := g.st.Ports[m.Target]
	next := stepToward(port, 5) // the card beside its port, toward the middle
	g.st.Merchants[0].Cell = next
	do(t, g, fmt.Sprintf(`{"type":"bonus","seat":0,"card":"test-crew-11","index":0,"target":"orange","path":[%q],"drawnBooty":["coffee"]}`, cellName(port)))
	if mm := g.st.Merchants[0]; mm.Cell != port || g.st.Ports[mm.Target] == port || mm.Booty != Coffee {
		t.Fatalf("merchant %+v", mm)
	}

	// Special trade: after a Trade order, at a market buying one of them.
	crewOn(g, 11)
	g.st.Players[0].Booty = []string{Sugarcane, Rum, Coffee}
	g.st.Players[0].Gold = 0
	put(g, 0, 4) // no market
	refused(t, g, `{"type":"bonus","seat":0,"card":"test-crew-12","index":0}`, "bonus-special-trade")
	put(g, 0, 0) // buys sugarcane
	do(t, g, `{"type":"trade","seat":0,"count":1}`)
	g.st.Players[0].Booty = []string{Sugarcane, Rum, Coffee}
	market := g.st.Market
	gold = g.st.Players[0].Gold
	do(t, g, `{"type":"bonus","seat":0,"card":"test-crew-12","index":0}`)
	if p := g.st.Players[0]; p.Gold != gold+7 || !slices.Equal(p.Booty, []string{Coffee}) || g.st.Market != market {
		t.Fatalf("gold %d booty %v market %v", p.Gold, p.Booty, g.st.Market)
	}

	// Reassign among the four assignments, and a Sail bonus (test-crew-6).
	crewOn(g, 5)
	g.st.Players[0].Cell = 5
	refused(t, g, `{"type":"bonus","seat":0,"card":"test-crew-6","index":0}`, "sail-empty")
	do(t, g, `{"type":"bonus","seat":0,"card":"test-crew-6","index":0,"path":["R2C3"]}`)
	if g.st.Players[0].Cell != 6 {
		t.Fatal("the sail bonus did not move the ship")
	}
}

// The jostled player chooses which Deckhand goes to Repair (p. 8).
func TestJostleChoice(t *testing.T) {
	g := newTestGame(t, 2, 42)
	g.st.Grid[0], g.st.Grid[4] = 4, 0 // R1C1 a storm, R2C1 calm
	p := g.st.Players[0]
	p.Cell, p.InCove = 4, false
	p.Assign = map[string]int{Rigging: 2, Cannons: 1, Extort: 1, Repair: 0}
	standOn(g, 0, Plunder)
	g.st.Turn.Step = stepSail
	refused(t, g, `{"type":"sail","seat":0,"path":["R1C1"],"jostle":["wheel"]}`, "jostle-choice")
	refused(t, g, `{"type":"sail","seat":0,"path":["R1C1"],"jostle":["repair"]}`, "jostle-choice")
	do(t, g, `{"type":"sail","seat":0,"path":["R1C1"],"jostle":["rigging"]}`)
	if a := g.st.Players[0].Assign; a[Rigging] != 1 || a[Extort] != 1 || a[Repair] != 1 {
		t.Fatalf("assign %v", a)
	}
	// A pirate attacker's choice, given when it resolves, is used when the
	// defender wins.
	g.st.Players[0].Assign = map[string]int{Rigging: 2, Cannons: 1, Extort: 1, Repair: 0}
	g.st.Players[1].Assign[Cannons] = 3
	put(g, 0, 0)
	put(g, 1, 0)
	standOn(g, 0, Attack)
	do(t, g, `{"type":"attack","seat":0,"target":"seat2"}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["1","1"]}`, g.st.Fight.Request))
	do(t, g, `{"type":"resolve","seat":0,"jostle":["cannons"]}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["6","6"]}`, g.st.Fight.Request))
	do(t, g, `{"type":"resolve","seat":1}`)
	if a := g.st.Players[0].Assign; a[Cannons] != 0 || a[Extort] != 1 || a[Repair] != 1 {
		t.Fatalf("attacker's choice not used: %v", a)
	}
}

// Crossing the Ship Line (p. 15): Extort pays, the player to the right
// sails each merchant one card toward its port and the Navy toward the
// active player; the Navy reaching an unhidden ship sends Deckhands to
// Repair and gives no sure-fire token.
func TestShipLine(t *testing.T) {
	g := newTestGame(t, 2, 43)
	s := g.st
	s.Ports = [2]int{0, 15}
	s.Merchants[0].Cell, s.Merchants[0].Target = 5, 1 // R2C2 heading for R4C4
	s.Merchants[1].Cell, s.Merchants[1].Target = 4, 0 // R2C1 heading for R1C1
	s.Navy = 3                                        // R1C4
	p := s.Players[0]
	p.Cell, p.InCove, p.Gold = 11, false, 0 // R3C4
	p.Assign = map[string]int{Rigging: 1, Cannons: 1, Extort: 1, Repair: 0}
	standOn(g, 0, Plunder)
	s.Turn.Step, s.Turn.Crossed = stepBonus, true
	refused(t, g, `{"type":"end-turn","seat":0,"shipLine":{"orange":"R2C1"}}`, "not-toward")
	refused(t, g, `{"type":"end-turn","seat":0,"shipLine":{"navy":["R1C3"]}}`, "not-toward")
	do(t, g, `{"type":"end-turn","seat":0,"shipLine":{"orange":"R2C3","navy":["R2C4"]},"drawnBooty":["rum"]}`)
	s = g.st
	p = s.Players[0]
	if s.Merchants[0].Cell != 6 || s.Merchants[1].Cell != 0 || s.Merchants[1].Target != 1 || s.Merchants[1].Booty != Rum {
		t.Fatalf("merchants %+v", s.Merchants)
	}
	// Navy sail 1 with no treasure (test data): R1C4 -> R2C4, not yet on R3C4.
	if s.Navy != 7 || p.Gold != 1 || p.Assign[Repair] != 0 {
		t.Fatalf("navy %s gold %d repair %d", cellName(s.Navy), p.Gold, p.Assign[Repair])
	}
	// Next time, with 1 treasure (sail 2), it reaches the ship and attacks.
	p.Buried = 1
	standOn(g, 0, Plunder)
	s.Turn.Step, s.Turn.Crossed = stepBonus, true
	do(t, g, `{"type":"end-turn","seat":0,"jostle":["rigging","cannons"]}`)
	p = g.st.Players[0]
	if g.st.Navy != 11 || p.Assign[Repair] != 2 || p.Assign[Extort] != 1 || p.Surefire != 0 {
		t.Fatalf("navy attack: navy %s assign %v surefire %d", cellName(g.st.Navy), p.Assign, p.Surefire)
	}
}

// Bonus Actions Sequence (p. 13): the captain's bonus actions come before the
// crew's. Once a crew bonus is taken, the captain's are refused (none
// changed); taken first, the captain's then the crew's are fine.
func TestCaptainBonusesBeforeCrew(t *testing.T) {
	g := newTestGame(t, 2, 42)
	p := g.st.Players[0]
	p.CaptainCard, p.Side = 0, 0 // test data: Plunder, then Bury and Attack
	crewOn(g, 0)                 // test-crew-1: Plunder, 1 gold
	if g.st.captainSide(p).Trigger != Plunder {
		t.Fatal("test data: the captain should answer Plunder")
	}
	do(t, g, `{"type":"bonus","seat":0,"card":"test-crew-1","index":0}`)
	refused(t, g, `{"type":"bonus","seat":0,"card":"captain","index":0}`, "bonus-order")
	refused(t, g, `{"type":"bonus","seat":0,"card":"captain","index":1,"target":"orange"}`, "bonus-order")
	for _, b := range g.st.hints(0).Bonuses {
		if b.Card == "captain" && !b.Used {
			t.Fatalf("the hints still offer the captain's bonus %d after a crew bonus", b.Index)
		}
	}

	crewOn(g, 0)
	put(g, 0, 7) // test-isle-8: bury cost 4
	g.st.Players[0].Gold = 13
	g.st.Navy = (g.st.Players[0].Cell + 1) % 16
	do(t, g, `{"type":"bonus","seat":0,"card":"captain","index":0}`)
	do(t, g, `{"type":"bonus","seat":0,"card":"test-crew-1","index":0}`)
	if p := g.st.Players[0]; p.Buried != 1 || p.Gold != 10 {
		t.Fatalf("captain then crew: buried %d gold %d", p.Buried, p.Gold)
	}
}
