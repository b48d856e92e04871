package merchants

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

func newNPCGame(t *testing.T, n int) *Game {
	t.Helper()
	eg, err := Rules().New(setupJSON(t, testCatalogWithNPCs(), n), 7)
	if err != nil {
		t.Fatal(err)
	}
	g := eg.(*Game)
	g.st.NPCs = nil
	return g
}

// putNPC puts the NPC of event card i (test data) on the board in zone.
func putNPC(g *Game, card int, zone string) string {
	id := g.cat.Events[card].ID
	kind := g.cat.Events[card].NPC.Kind
	g.st.EventDeck = remove(g.st.EventDeck, id)
	g.st.EventDiscard = remove(g.st.EventDiscard, id)
	if g.st.NPCs == nil {
		g.st.NPCs = map[string]*NPC{}
	}
	g.st.NPCs[kind] = &NPC{Cards: []string{id}, Zone: zone}
	return kind
}

// Test vector 12: NPC scouting dice and who is scouted.
func TestNPCScouting(t *testing.T) {
	g := newNPCGame(t, 2)
	navy := putNPC(g, 1, "tz-open") // french-navy, SCOUTING 2
	ann := g.st.Players[0]
	ann.Bounties = map[string]int{French: 3}
	do(t, g, `{"type":"leave-port","seat":0}`)
	if g.st.Pending != nil {
		t.Fatal("no NPC in the Anchorage")
	}
	do(t, g, `{"type":"move","seat":0,"to":"tz-open"}`)
	if pd := g.st.Pending; pd == nil || pd.Kind != "npc-scout" || pd.NPC != navy {
		t.Fatalf("entering the naval ship's zone with a bounty: it scouts, got %+v", pd)
	}
	if n := len(g.st.Dice.Open[0].Dice); n != 3 {
		t.Fatalf("a French naval ship with SCOUTING 2 rolls 3 dice against 3 French bounties, got %d", n)
	}
	refuse(t, g, `{"type":"move","seat":0,"to":"tz-brig"}`, "step-pending")
	roll(t, g, "1", "2", "3")
	if g.st.Pending != nil || g.st.Fight != nil {
		t.Fatal("a failed NPC scouting roll ends it")
	}

	// A non-pirate is of no interest to a naval ship; an NPC pirate hunts
	// them, but not while a naval ship shares its zone.
	g = newNPCGame(t, 2)
	putNPC(g, 1, "tz-open")
	putNPC(g, 3, "tz-open") // pirate-sloop
	do(t, g, `{"type":"leave-port","seat":0}`)
	do(t, g, `{"type":"move","seat":0,"to":"tz-open"}`)
	if g.st.Pending != nil {
		t.Fatalf("nobody may scout Ann: %+v", g.st.Pending)
	}
	g.st.NPCs["french-navy"].Zone = "tz-cove"
	do(t, g, `{"type":"move","seat":0,"to":"tz-anchor"}`)
	g.st.T.Actions = 0
	do(t, g, `{"type":"move","seat":0,"to":"tz-open"}`)
	if pd := g.st.Pending; pd == nil || pd.NPC != PirateSloop {
		t.Fatalf("the pirate scouts the non-pirate: %+v", pd)
	}
}

// The NPC pirate finds a captain at the start of their turn at sea and
// fights; the next player steers it and may flee only when weaker.
func TestNPCFightAndReward(t *testing.T) {
	g := newNPCGame(t, 3)
	kind := putNPC(g, 3, "tz-open") // pirate-sloop: 2 crew, 1 cannon
	bob := g.st.Players[1]
	bob.Zone, bob.InPort = "tz-open", false
	do(t, g, `{"type":"end-turn","seat":0}`)
	if pd := g.st.Pending; pd == nil || pd.Kind != "npc-scout" || pd.Seat != 1 {
		t.Fatalf("Bob starts his turn at sea with a pirate: it scouts, %+v", pd)
	}
	roll(t, g, "skull", "1")
	f := g.st.Fight
	if f == nil || f.NPC != kind || f.Controller != 2 || f.NPCSide != 0 {
		t.Fatalf("the NPC attacks, steered by the next player: %+v", f)
	}
	if len(g.st.Players[1].Bounties) != 0 {
		t.Fatal("an NPC's attack gives no bounty")
	}
	refuse(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`, "declare-order")
	refuse(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`, "not-your-battle")
	do(t, g, `{"type":"declare","seat":2,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", "1", "1")
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	// Round 2: the pirate has fewer cannons than Bob's sloop (1 < 2): it may flee.
	do(t, g, `{"type":"declare","seat":2,"choice":"flee"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", "1", "1")
	rollFor(t, g, "defender", skulls(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "defender", "1", "1")
	do(t, g, `{"type":"declare","seat":2,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", "1", "1")
	rollFor(t, g, "defender", skulls(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "defender", "1", "1")
	if g.st.Fight == nil || g.st.Fight.Battle.Ships[0].Hull != 1 {
		t.Fatal("cargo hits on a destroyed cargo hold go to the hull: 3 - 2 = 1")
	}
	do(t, g, `{"type":"declare","seat":2,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", "1", "1")
	rollFor(t, g, "defender", skulls(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "defender", "1", "skull")
	do(t, g, `{"type":"choose-hits","seat":2,"locations":["crew"]}`)
	if g.st.Fight != nil {
		t.Fatal("the last hull point is hit: the pirate sinks")
	}
	bob = g.st.Players[1]
	if bob.Gold != 15 || bob.Glory != 1 || g.st.NPCs[kind].Zone != "" || !in(g.st.EventDiscard, g.cat.Events[3].ID) {
		t.Fatalf("a non-pirate sinking the NPC pirate sloop: 5 gold and a glory point, the NPC leaves: gold %d glory %d npc %+v", bob.Gold, bob.Glory, g.st.NPCs[kind])
	}
}

func TestNPCFleeLimit(t *testing.T) {
	g := newNPCGame(t, 2)
	putNPC(g, 6, "tz-open") // pirate-frigate: 3 cannons, 2 crew
	ann := g.st.Players[0]
	ann.Zone, ann.InPort = "tz-open", false
	ann.Ship.Crew = 2
	do(t, g, `{"type":"scout","seat":0,"target":"npc","npc":"pirate-frigate"}`)
	roll(t, g, "skull", "1")
	if f := g.st.Fight; f == nil || f.NPCSide != 1 || f.Controller != 1 {
		t.Fatalf("Ann attacks the pirate, Bob steers it: %+v", f)
	}
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", "1", "1")
	rollFor(t, g, "defender", "1", "1")
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	refuse(t, g, `{"type":"declare","seat":1,"choice":"flee"}`, "npc-flee")
}

func TestNPCMovement(t *testing.T) {
	g := newNPCGame(t, 2)
	navy := putNPC(g, 1, "tz-cove")
	c := &ctx{cat: g.cat, s: g.st}
	c.moveNPC(navy, "E")
	if g.st.NPCs[navy].Zone != "tz-dune" {
		t.Fatalf("east from the Cove is the Dunes, got %s", g.st.NPCs[navy].Zone)
	}
	c.moveNPC(navy, "E")
	if g.st.NPCs[navy].Zone != "tz-open" {
		t.Fatalf("no border east of the Dunes: the next clockwise (south) is the open sea, got %s", g.st.NPCs[navy].Zone)
	}
	// A wanted captain at sea in a bordering zone draws the naval ship.
	ann, bob := g.st.Players[0], g.st.Players[1]
	ann.Zone, ann.InPort, ann.Bounties = "tz-brig", false, map[string]int{English: 2}
	bob.Zone, bob.InPort, bob.Bounties = "tz-cove", false, map[string]int{French: 1}
	c.moveNPC(navy, "W")
	if g.st.NPCs[navy].Zone != "tz-cove" {
		t.Fatalf("the French ship hunts the captain with a French bounty first, got %s", g.st.NPCs[navy].Zone)
	}
	bob.InPort = true
	c.moveNPC(navy, "W")
	if g.st.NPCs[navy].Zone != "tz-brig" {
		t.Fatalf("then any wanted captain near: %s", g.st.NPCs[navy].Zone)
	}
}

// A drawn NPC card takes its area; the miniature enters at the end of the
// round, in its captain's home zone.
func TestNPCEntersAtRoundEnd(t *testing.T) {
	g := newNPCGame(t, 2)
	id := g.cat.Events[1].ID
	g.st.EventDeck = append([]string{id}, remove(g.st.EventDeck, id)...)
	do(t, g, `{"type":"end-turn","seat":0}`)
	evs := do(t, g, `{"type":"end-turn","seat":1}`)
	n := g.st.NPCs["french-navy"]
	if n == nil || !n.Entering || n.Zone != "" || !hasEvent(evs, "npc-drawn") {
		t.Fatalf("the NPC card is drawn and waits: %+v", n)
	}
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"end-turn","seat":1}`)
	if n := g.st.NPCs["french-navy"]; n.Entering || n.Zone != "tz-cove" {
		t.Fatalf("the NPC enters its home zone at the round's end: %+v", n)
	}
	v := g.View(engine.Public).(View)
	if len(v.NPCs) == 0 || v.NPCs[0].Kind != "french-navy" || v.NPCs[0].Zone != "tz-cove" {
		t.Fatalf("the view shows the NPC: %+v", v.NPCs)
	}
}

// War (our reading): a nation at war closes its ports to the enemy's
// captains and its naval ship hunts them; rewards never come from it.
func TestWar(t *testing.T) {
	g := newNPCGame(t, 2)
	(&ctx{cat: g.cat, s: g.st}).resolveWar(&g.cat.Events[5]) // test data: English and Spanish at war
	place := func(zone string) {
		bob := g.st.Players[1] // an English test captain
		bob.Zone, bob.InPort = zone, false
		g.st.Active, g.st.T = 1, Turn{}
	}
	place("tz-anchor")
	do(t, g, `{"type":"enter-port","seat":1}`)
	// Bob's home is the Spanish port of the test Brigantine Bay: still open.
	place("tz-brig")
	do(t, g, `{"type":"enter-port","seat":1}`)
	g.cat.Captains[1].Home = "tz-anchor"
	place("tz-brig")
	refuse(t, g, `{"type":"enter-port","seat":1}`, "port-closed")
	navy := putNPC(g, 8, "tz-open") // spanish-navy
	c := &ctx{cat: g.cat, s: g.st}
	bob := g.st.Players[1]
	if !c.hostile(navy, bob) || c.hostile("french-navy", bob) {
		t.Fatal("the Spanish naval ship hunts the English captain, the French one does not")
	}
	c.resolveWar(&g.cat.Events[0]) // peace
	if c.hostile(navy, bob) || len(g.st.Wars) != 0 {
		t.Fatal("peace ends the hunt")
	}
}

func TestNewCaptainRedraw(t *testing.T) {
	g := newNPCGame(t, 2)
	putNPC(g, 3, "tz-cove") // a pirate sloop in test captain 3's home
	g.st.CaptainDeck = []string{"test-cap-3", "test-cap-4", "test-cap-5"}
	g.st.Players[0].NeedCaptain, g.st.Players[0].Ship = true, nil
	g.st.Pending = &Pending{Kind: "new-captain", Seat: 0}
	do(t, g, `{"type":"new-captain","seat":0,"ship":"sloop","redraw":true}`)
	if p := g.st.Players[0]; p.Captain != "test-cap-4" || !in(g.st.CaptainDiscard, "test-cap-3") {
		t.Fatalf("the captain under the pirate's eye is redrawn: %s", p.Captain)
	}
}

// NPCs (l. 529-536): when an NPC captain dies and two or more cards lie
// below, the replacement is drawn at random among them, not always the
// card just below.
func TestDefeatedNPCReplacementIsDrawnAtRandom(t *testing.T) {
	seen := map[string]bool{}
	for seed := uint64(1); seed <= 24; seed++ {
		eg, err := Rules().New(setupJSON(t, testCatalogWithNPCs(), 2), seed)
		if err != nil {
			t.Fatal(err)
		}
		g := eg.(*Game)
		kind := putNPC(g, 3, "tz-open")
		first, second, top := g.cat.Events[3].ID, g.cat.Events[9].ID, g.cat.Events[0].ID
		g.st.NPCs[kind].Cards = []string{first, second, top}
		c := &ctx{cat: g.cat, s: g.st}
		c.defeatNPC(kind)
		n := g.st.NPCs[kind]
		if len(n.Cards) != 2 || in(n.Cards, top) || !n.Entering {
			t.Fatalf("the dead captain's card goes and a replacement enters: %+v", n)
		}
		seen[n.Cards[len(n.Cards)-1]] = true
	}
	if len(seen) != 2 {
		t.Fatalf("either card below may take command, got only %v", seen)
	}
}

// NPC scouting (l. 578-586): several hostile NPCs in a zone each scout the
// captain, and those that find them fight in turn; escaping the first
// battle does not spare the captain the second NPC's scouting.
func TestEveryHostileNPCScoutsInTurn(t *testing.T) {
	g := newNPCGame(t, 2)
	putNPC(g, 3, "tz-open") // pirate-sloop
	putNPC(g, 6, "tz-open") // pirate-frigate
	do(t, g, `{"type":"leave-port","seat":0}`)
	do(t, g, `{"type":"move","seat":0,"to":"tz-open"}`)
	pd := g.st.Pending
	if pd == nil || pd.Kind != "npc-scout" {
		t.Fatalf("the first NPC scouts: %+v", pd)
	}
	first := pd.NPC
	roll(t, g, skulls(len(g.st.Dice.Open[0].Dice))...)
	if g.st.Fight == nil {
		t.Fatal("found: a battle")
	}
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	rollFor(t, g, "attacker", fails(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":0,"choice":"flee"}`)
	rollFor(t, g, "attacker", fails(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", skulls(g.st.Fight.Battle.ContestDice(1))...)
	if g.st.Fight != nil {
		t.Fatal("Ann escapes the first NPC")
	}
	if pd := g.st.Pending; pd == nil || pd.Kind != "npc-scout" || pd.NPC == first {
		t.Fatalf("the other NPC scouts next: %+v", pd)
	}
}

// NPC scouting (l. 578-584): "2 man-o-wars in the same sea zone do not scout
// for players". Which NPC sails a man-o-war is the owner's entry on its card
// (test data here). Both naval ships hunt Ann; as man-o-wars sharing her zone
// neither scouts; when only one is a man-o-war, both do.
func TestTwoManOWarsInAZoneDoNotScout(t *testing.T) {
	for _, c := range []struct {
		ships  [2]string
		scouts int
	}{{[2]string{ManOWar, ManOWar}, 0}, {[2]string{ManOWar, Frigate}, 2}, {[2]string{"", ""}, 2}} {
		g := newNPCGame(t, 2)
		g.cat.Events[1].NPC.Ship, g.cat.Events[8].NPC.Ship = c.ships[0], c.ships[1]
		putNPC(g, 1, "tz-open") // french-navy
		putNPC(g, 8, "tz-open") // spanish-navy
		g.st.Players[0].Bounties = map[string]int{French: 1, Spanish: 1}
		do(t, g, `{"type":"leave-port","seat":0}`)
		do(t, g, `{"type":"move","seat":0,"to":"tz-open"}`)
		scouts := 0
		if pd := g.st.Pending; pd != nil && pd.Kind == "npc-scout" {
			scouts = 1 + len(pd.Queue)
		}
		if scouts != c.scouts {
			t.Fatalf("ships %v: want %d NPCs scouting, got %d (%+v)", c.ships, c.scouts, scouts, g.st.Pending)
		}
	}
}

// boardNPC: Ann, at sea with the NPC of event card i, scouts it, shoots
// twice into its masts in round 1 and wins the boarding and the crew combat
// of round 2.
func boardNPC(t *testing.T, g *Game, card int) {
	t.Helper()
	kind := putNPC(g, card, "tz-open")
	ann := g.st.Players[0]
	ann.Zone, ann.InPort = "tz-open", false
	do(t, g, `{"type":"scout","seat":0,"target":"npc","npc":"`+kind+`"}`)
	roll(t, g, skulls(len(g.st.Dice.Open[0].Dice))...)
	do(t, g, `{"type":"declare","seat":0,"choice":"shoot"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "attacker", "2", "2")
	do(t, g, `{"type":"declare","seat":0,"choice":"board"}`)
	do(t, g, `{"type":"declare","seat":1,"choice":"shoot"}`)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.ContestDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.ContestDice(1))...)
	rollFor(t, g, "attacker", skulls(g.st.Fight.Battle.CrewDice(0))...)
	rollFor(t, g, "defender", fails(g.st.Fight.Battle.CrewDice(1))...)
	if g.st.Fight != nil {
		t.Fatal("Ann wins the crew combat")
	}
}

// Claiming ships (l. 817-822): "When you win a boarding battle over an NPC
// or player, you may discard your current ship and claim the one you
// fought"; plundering naval ships (l. 796-803): "you may also keep the
// ship". Ann boards the pirate sloop, having shot its masts twice: she may
// take a sloop with two masts lost; her crew comes along. A naval ship
// whose ship the owner has not entered cannot be claimed (nothing to sail).
func TestClaimingAnNPCShip(t *testing.T) {
	g := newNPCGame(t, 2)
	g.st.Players[0].Ship.Mods = []string{CargoHold}
	boardNPC(t, g, 3) // pirate-sloop
	pd := g.st.Pending
	if pd == nil || pd.Kind != "claim-ship" || pd.Seat != 0 || pd.Ship.Type != Sloop {
		t.Fatalf("Ann may claim the pirate sloop: %+v", pd)
	}
	refuse(t, g, `{"type":"end-turn","seat":0}`, "step-pending")
	refuse(t, g, `{"type":"claim-ship","seat":1,"claim":true}`, "no-claim")
	crew := g.st.Players[0].Ship.Crew
	do(t, g, `{"type":"claim-ship","seat":0,"claim":true}`)
	sh := g.st.Players[0].Ship
	if sh.Type != Sloop || sh.Masts != 1 || sh.Hull != 3 || sh.Crew != crew || len(sh.Mods) != 0 {
		t.Fatalf("the claimed sloop: masts 3-2, hull 3, Ann's crew, no modification: %+v", sh)
	}
	if g.st.Pending != nil {
		t.Fatalf("nothing else waits: %+v", g.st.Pending)
	}

	g = newNPCGame(t, 2)
	g.st.Players[0].Bounties = map[string]int{Spanish: 1}
	boardNPC(t, g, 8) // spanish-navy, no ship entered
	if pd := g.st.Pending; pd != nil {
		t.Fatalf("no ship entered for the naval captain: nothing to claim, %+v", pd)
	}
	g = newNPCGame(t, 2)
	g.cat.Events[8].NPC.Ship = Frigate
	g.st.Players[0].Bounties = map[string]int{Spanish: 1}
	boardNPC(t, g, 8)
	if pd := g.st.Pending; pd == nil || pd.Kind != "claim-ship" || pd.Ship.Type != Frigate {
		t.Fatalf("the naval captain sails a frigate: Ann may claim it, %+v", pd)
	}
	do(t, g, `{"type":"claim-ship","seat":0,"claim":false}`)
	if g.st.Players[0].Ship.Type != Sloop {
		t.Fatal("declined: Ann keeps her sloop")
	}
}

// Non-Player Captains (l. 530-534): "If you draw an event card of a ship
// already in play, at the end of the turn place that card on top of the old
// one and move the miniature to the sea zone of the new card". Until the
// round ends the old captain still sails where it is and can be scouted.
func TestNewNPCCaptainTakesOverAtTheEndOfTheRound(t *testing.T) {
	g := newNPCGame(t, 2)
	old := g.cat.Events[1].ID // french-navy, home tz-cove
	putNPC(g, 1, "tz-open")
	g.cat.Events[0].NPC = &NPCCard{Kind: "french-navy", Seamanship: 3, Scouting: 3, Leadership: 3, Toughness: 4, Cargo: 2, Crew: 3, Cannons: 3, Maneuverability: 1, Home: "tz-dune"}
	next := g.cat.Events[0].ID
	g.st.EventDeck = append([]string{next}, remove(g.st.EventDeck, next)...)
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"end-turn","seat":1}`)
	n := g.st.NPCs["french-navy"]
	if n.Zone != "tz-open" || n.Cards[len(n.Cards)-1] != old || n.Next != next {
		t.Fatalf("the old captain sails on in the open sea until the round ends: %+v", n)
	}
	ann := g.st.Players[0]
	ann.Zone, ann.InPort = "tz-open", false
	do(t, g, `{"type":"scout","seat":0,"target":"npc","npc":"french-navy"}`)
	if pd := g.st.Pending; pd == nil || pd.Kind != "scout" {
		t.Fatalf("the naval ship can be scouted: %+v", pd)
	}
	roll(t, g, fails(len(g.st.Dice.Open[0].Dice))...)
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"end-turn","seat":1}`)
	n = g.st.NPCs["french-navy"]
	if n.Zone != "tz-dune" || len(n.Cards) != 2 || n.Cards[1] != next || n.Next != "" {
		t.Fatalf("at the end of the round the new card is on top and the ship at its home: %+v", n)
	}
}

// NPC movement (l. 606-612): "it will move to the sea zone with the player
// captain living up the most to its 1st priority. If tied, move to the 2nd
// priority, and then the 3rd." Both captains near the French naval ship have
// one French bounty; Bob has an English one too: the tie on the 1st priority
// goes to him by the 2nd. The pirate sloop: equal gold, Ann carries more
// cargo.
func TestNPCHuntTiesGoToTheNextPriority(t *testing.T) {
	for seed := 0; seed < 8; seed++ {
		g := newNPCGame(t, 2)
		g.st.rng = engine.NewRNG(uint64(seed))
		navy := putNPC(g, 1, "tz-open")
		c := &ctx{cat: g.cat, s: g.st}
		ann, bob := g.st.Players[0], g.st.Players[1]
		ann.Zone, ann.InPort, ann.Bounties = "tz-brig", false, map[string]int{French: 1}
		bob.Zone, bob.InPort, bob.Bounties = "tz-cove", false, map[string]int{French: 1, English: 1}
		c.moveNPC(navy, "N")
		if z := g.st.NPCs[navy].Zone; z != "tz-cove" {
			t.Fatalf("seed %d: the naval ship goes for Bob (2nd priority), got %s", seed, z)
		}

		g = newNPCGame(t, 2)
		g.st.rng = engine.NewRNG(uint64(seed))
		pirate := putNPC(g, 3, "tz-open")
		c = &ctx{cat: g.cat, s: g.st}
		ann, bob = g.st.Players[0], g.st.Players[1]
		ann.Zone, ann.InPort, ann.Gold, ann.Cargo = "tz-brig", false, 8, []string{"test-cargo-01", "test-cargo-02"}
		bob.Zone, bob.InPort, bob.Gold, bob.Cargo = "tz-cove", false, 8, []string{"test-cargo-03"}
		c.moveNPC(pirate, "N")
		if z := g.st.NPCs[pirate].Zone; z != "tz-brig" {
			t.Fatalf("seed %d: the pirate goes for Ann (more cargo), got %s", seed, z)
		}
	}
}

// Plundering naval ships (l. 796-803): "The remaining goods are yours to
// keep, and you may also keep the ship if you wish"; Claiming ships (l.
// 817-822): cargo is transferred "freely to the new ship". Ann's sloop
// carries 2; she boards the Spanish frigate and draws 3 cargo cards (no
// cargo hit on it). The third waits for her answer (pending.cargo, hers
// alone): claiming the frigate (CARGO 3) she sails on with all three.
// Declining, she chooses the two she keeps (keep).
func TestNavalPlunderFillsTheClaimedShip(t *testing.T) {
	g := newNPCGame(t, 2)
	g.cat.Events[8].NPC.Ship = Frigate
	ann := g.st.Players[0]
	ann.Bounties, ann.Cargo = map[string]int{Spanish: 1}, nil
	drawn := cloneStrings(g.st.CargoDeck[:3])
	boardNPC(t, g, 8)
	pd := g.st.Pending
	if pd == nil || pd.Kind != "claim-ship" || len(pd.Cargo) != 1 || pd.Cargo[0] != drawn[2] {
		t.Fatalf("the card Ann's sloop cannot carry waits with the frigate: %+v", pd)
	}
	if own, _ := g.View(engine.PlayerViewer(0)).(View); own.Pending == nil || len(own.Pending.Cargo) != 1 {
		t.Fatalf("Ann sees the card her hold could not take: %+v", own.Pending)
	}
	do(t, g, `{"type":"claim-ship","seat":0,"claim":true}`)
	if got := g.st.Players[0].Cargo; len(got) != 3 || !in(got, drawn[2]) {
		t.Fatalf("the claimed frigate carries the three cards: %v", got)
	}

	g = newNPCGame(t, 2)
	g.cat.Events[8].NPC.Ship = Frigate
	ann = g.st.Players[0]
	ann.Bounties, ann.Cargo = map[string]int{Spanish: 1}, nil
	drawn = cloneStrings(g.st.CargoDeck[:3])
	boardNPC(t, g, 8)
	refuse(t, g, `{"type":"claim-ship","seat":0,"claim":false,"keep":["`+drawn[0]+`","`+drawn[1]+`","`+drawn[2]+`"]}`, "cargo-full")
	do(t, g, `{"type":"claim-ship","seat":0,"claim":false,"keep":["`+drawn[2]+`","`+drawn[0]+`"]}`)
	if got := g.st.Players[0].Cargo; len(got) != 2 || !in(got, drawn[2]) || !in(got, drawn[0]) || !in(g.st.CargoDiscard, drawn[1]) {
		t.Fatalf("Ann keeps the two cards she chose on her sloop: %v", got)
	}
}
