package deadreckoning

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// sleeveInto puts a catalog advancement into a card's slot (test arrangement).
func sleeveInto(s *State, seat engine.Seat, card, id string) {
	def, _ := s.Catalog.Advancement(id)
	a := &Adv{Inst: s.NextInst, ID: id}
	s.NextInst++
	*s.Players[seat].Card(card).slot(def.Slot) = a
}

// Hand size and draw bonus, p. 12: two bonus draws played, one card kept in
// hand, hand limit 6: draw 5, not 6.
func TestExampleDrawBonus(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	sleeveInto(s, 0, "crew-1", "test-draw-1")
	sleeveInto(s, 0, "crew-2", "test-draw-2")
	setHand(g, 0, "crew-1", "crew-2", "captain")
	do(t, g, `{"type":"play-card","seat":0,"card":"crew-1"}`)
	do(t, g, `{"type":"play-card","seat":0,"card":"crew-2"}`)
	do(t, g, `{"type":"end-turn","seat":0}`)
	if got := len(st(g).Players[0].Hand); got != 6 {
		t.Fatalf("hand after drawing: %d cards, want 1 kept + 5 drawn = 6", got)
	}
}

// Hand size, p. 12: 0-2 cards left draw 4; 3 or more draw up to 6; an island
// with the hand icon that you control raises the limit by one.
func TestExampleHandLimit(t *testing.T) {
	for _, tc := range []struct {
		kept, want int
		handIsland bool
	}{{0, 4, false}, {1, 5, false}, {2, 6, false}, {3, 6, false}, {4, 6, false}, {4, 7, true}, {3, 7, true}} {
		g := newGame(t, testSetup(2), 1)
		s := st(g)
		if tc.handIsland {
			// Test Isle 4 has the hand icon in the test catalog.
			s.Board(Pos{1, 1}).Island.ID = "test-isle-4"
			giveControl(s, Pos{1, 1}, 0)
		}
		all := []string{"captain", "purser", "first-mate", "bosun", "buccaneer", "gunner-1"}
		setHand(g, 0, all[:tc.kept]...)
		do(t, g, `{"type":"end-turn","seat":0}`)
		if got := len(st(g).Players[0].Hand); got != tc.want {
			t.Errorf("kept %d (hand island %v): hand %d, want %d", tc.kept, tc.handIsland, got, tc.want)
		}
	}
}

// The deck is reshuffled from the discard pile when it runs out (p. 12).
func TestReshuffleWhenDeckRunsOut(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	setHand(g, 0)
	p := &s.Players[0]
	p.Discard = append(p.Discard, p.Deck[2:]...)
	p.Deck = p.Deck[:2]
	conserved(t, s)
	evs := do(t, g, `{"type":"end-turn","seat":0}`)
	if got := len(st(g).Players[0].Hand); got != 4 {
		t.Fatalf("drew %d cards, want 4", got)
	}
	found := false
	for _, e := range evs {
		found = found || e.Type == "deck-reshuffled"
	}
	if !found {
		t.Error("no reshuffle event")
	}
	conserved(t, st(g))
}

// islandWith arranges an island's slots and permanent cubes.
func islandWith(s *State, at Pos, slots []engine.Seat, perm map[engine.Seat]int) {
	is := s.Board(at).Island
	for _, o := range is.Slots {
		if o >= 0 {
			s.Players[o].Cubes++
		}
	}
	is.Slots = append([]engine.Seat{}, slots...)
	for _, o := range slots {
		if o >= 0 {
			s.Players[o].Cubes--
		}
	}
	for o, n := range perm {
		is.Permanent[o] += n
		s.Players[o].Cubes -= n
	}
	is.Controller = is.computeController(len(s.Players))
	is.LastController = is.Controller
}

const (
	pur = engine.Seat(0)
	blu = engine.Seat(1)
	grn = engine.Seat(2)
	__  = engine.NoSeat
)

// Influence and control, p. 16: Blue fills the last empty slot and replaces
// two purple cubes: 3 to 2, control, and a permanent cube: 4 to 2.
func TestExampleInfluenceTakesControl(t *testing.T) {
	g := newGame(t, testSetup(3), 1)
	s := st(g)
	s.Turn.Seat = blu
	islandWith(s, Pos{1, 1}, []engine.Seat{pur, pur, pur, pur, __}, nil)
	place(s, blu, Pos{1, 1})
	s.Players[blu].Card("buccaneer").Level = 3
	setHand(g, blu, "buccaneer")
	do(t, g, `{"type":"play-card","seat":1,"card":"buccaneer"}`)
	do(t, g, `{"type":"use-ability","seat":1,"card":"buccaneer","ability":0,"replace":[0,0]}`)
	is := st(g).Board(Pos{1, 1}).Island
	c := is.CubeCounts(3)
	if c[blu] != 4 || c[pur] != 2 || is.Controller != blu || is.Permanent[blu] != 1 {
		t.Fatalf("blue %d purple %d controller %v permanent %v", c[blu], c[pur], is.Controller, is.Permanent)
	}
	conserved(t, st(g))
}

// p. 16: Purple's 2 cubes do not beat 3 empty slots; one more cube does, and
// brings a permanent cube.
func TestExampleControlNeedsMoreThanEmptySlots(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	islandWith(s, Pos{1, 1}, []engine.Seat{pur, pur, __, __, __}, nil)
	if st(g).Board(Pos{1, 1}).Island.Controller != __ {
		t.Fatal("2 cubes against 3 empty slots: nobody controls the island")
	}
	place(s, pur, Pos{1, 1})
	setHand(g, pur, "deck-hand-1")
	do(t, g, `{"type":"play-card","seat":0,"card":"deck-hand-1"}`)
	do(t, g, `{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0}`)
	is := st(g).Board(Pos{1, 1}).Island
	if is.Controller != pur || is.Permanent[pur] != 1 || is.CubeCounts(2)[pur] != 4 {
		t.Fatalf("3 cubes against 2 empty slots: purple controls with a permanent cube; got %+v", is)
	}
}

// p. 14: the cubes of one ability are placed together and control is checked
// once: replacing Green then Purple never hands Purple control on the way.
func TestInfluenceCheckedOnceAfterAll(t *testing.T) {
	g := newGame(t, testSetup(3), 1)
	s := st(g)
	s.Turn.Seat = blu
	islandWith(s, Pos{1, 1}, []engine.Seat{grn, pur, pur, grn}, nil)
	place(s, blu, Pos{1, 1})
	s.Players[blu].Card("buccaneer").Level = 2
	setHand(g, blu, "buccaneer")
	do(t, g, `{"type":"play-card","seat":1,"card":"buccaneer"}`)
	do(t, g, `{"type":"use-ability","seat":1,"card":"buccaneer","ability":0,"replace":[2,0]}`)
	is := st(g).Board(Pos{1, 1}).Island
	if is.Controller != blu || is.Permanent[pur] != 0 || is.Permanent[blu] != 1 {
		t.Fatalf("controller %v permanent %v: only Blue gains control", is.Controller, is.Permanent)
	}
}

// p. 16 note: your cubes can hand another player control on your turn; they
// place their permanent cube at once. A change of control removes buildings.
func TestControlHandedToAnotherPlayer(t *testing.T) {
	g := newGame(t, testSetup(3), 1)
	s := st(g)
	s.Turn.Seat = blu
	// Purple controls with an Outpost: Green 3, Purple 2 + 2 permanent. Blue
	// replaces two purple cubes: Green 3, Purple 2, Blue 2: Green controls.
	islandWith(s, Pos{1, 2}, []engine.Seat{grn, grn, grn, pur, pur}, map[engine.Seat]int{pur: 2})
	s.Board(Pos{1, 2}).Island.Buildings = []string{Outpost}
	place(s, blu, Pos{1, 2})
	s.Players[blu].Card("buccaneer").Level = 2
	setHand(g, blu, "buccaneer")
	do(t, g, `{"type":"play-card","seat":1,"card":"buccaneer"}`)
	do(t, g, `{"type":"use-ability","seat":1,"card":"buccaneer","ability":0,"replace":[0,0]}`)
	is := st(g).Board(Pos{1, 2}).Island
	if is.Controller != grn || is.Permanent[grn] != 1 || len(is.Buildings) != 0 {
		t.Fatalf("green should gain control with a permanent cube and the buildings go: %+v", is)
	}
	conserved(t, st(g))
}

// p. 22: after a player's final turn, replacing one of their cubes takes two influence.
func TestFinalTurnCubesNeedTwoInfluence(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	s.Players[pur].FinalTurnDone = true
	s.Turn.Seat = blu
	islandWith(s, Pos{1, 1}, []engine.Seat{pur, pur, pur}, nil)
	place(s, blu, Pos{1, 1})
	setHand(g, blu, "buccaneer", "deck-hand-1")
	do(t, g, `{"type":"play-card","seat":1,"card":"deck-hand-1"}`)
	refused(t, g, `{"type":"use-ability","seat":1,"card":"deck-hand-1","ability":0,"replace":[0]}`, "influence-final")
	st(g).Players[blu].Card("buccaneer").Level = 2
	do(t, g, `{"type":"play-card","seat":1,"card":"buccaneer"}`)
	do(t, g, `{"type":"use-ability","seat":1,"card":"buccaneer","ability":0,"replace":[0]}`)
	if c := st(g).Board(Pos{1, 1}).Island.CubeCounts(2); c[blu] != 1 || c[pur] != 2 {
		t.Fatalf("two influence replace one cube of a finished player: %v", c)
	}
}

// p. 14: out of cubes, take non-permanent cubes from islands without changing control.
func TestOutOfCubesReclaim(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	islandWith(s, Pos{1, 2}, []engine.Seat{pur, pur, pur, __}, nil) // purple controls (3 > 1)
	islandWith(s, Pos{1, 3}, []engine.Seat{pur, __, __}, nil)
	place(s, pur, Pos{1, 1})
	s.Players[pur].Cubes = 0
	fixCubes(s, pur)
	setHand(g, pur, "deck-hand-1")
	do(t, g, `{"type":"play-card","seat":0,"card":"deck-hand-1"}`)
	refused(t, g, `{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0}`, "out-of-cubes")
	refused(t, g, `{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0,"reclaim":["R1C2"]}`, "reclaim-changes-control")
	do(t, g, `{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0,"reclaim":["R1C3"]}`)
	if st(g).Board(Pos{1, 3}).Island.CubeCounts(2)[pur] != 0 || st(g).Board(Pos{1, 1}).Island.CubeCounts(2)[pur] != 1 {
		t.Fatal("the cube should move from R1C3 to R1C1")
	}
	conserved(t, st(g))
}

// fixCubes puts a player's missing cubes on an achievement as progress so
// the totals stay right after a test empties their supply.
func fixCubes(s *State, seat engine.Seat) {
	n := 1 + s.Players[seat].Cubes
	for _, b := range s.Boards {
		if b.Island != nil {
			n += b.Island.CubeCounts(len(s.Players))[seat]
		}
	}
	s.Players[seat].Progress[AchLegendary] += TotalCubes - n
}

// Card abilities, p. 13: the level 4 Crew's two abilities are independent:
// gain 4 cargo split between ship and dock, and repair 1 damage for free, in
// any order at different times.
func TestExampleCrewLevel4(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	s.Players[0].Card("crew-1").Level = 4
	s.Players[0].Ship.Damage = 2
	setHand(g, 0, "crew-1")
	do(t, g, `{"type":"play-card","seat":0,"card":"crew-1"}`)
	do(t, g, `{"type":"use-ability","seat":0,"card":"crew-1","ability":1}`)
	refused(t, g, `{"type":"use-ability","seat":0,"card":"crew-1","ability":0,"put":{"dock":1,"holds":{"A":{"cargo":2}}}}`, "put-mismatch")
	do(t, g, `{"type":"use-ability","seat":0,"card":"crew-1","ability":0,"put":{"dock":1,"holds":{"A":{"cargo":3}}}}`)
	p := st(g).Players[0]
	if p.Ship.Damage != 1 || p.Dock != 2 || p.Ship.Spaces[0].Hold.Cargo != 3 {
		t.Fatalf("damage %d dock %d hold A %d", p.Ship.Damage, p.Dock, p.Ship.Spaces[0].Hold.Cargo)
	}
	refused(t, g, `{"type":"use-ability","seat":0,"card":"crew-1","ability":1}`, "ability-once")
	conserved(t, st(g))
}

// p. 13: the level 4 Bosun always has its Wheel, and one of three options.
func TestExampleBosunLevel4(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	s.Players[0].Card("bosun").Level = 4
	s.Players[0].Dock = 7
	s.Supply.Cargo -= 6
	setHand(g, 0, "bosun")
	do(t, g, `{"type":"play-card","seat":0,"card":"bosun"}`)
	refused(t, g, `{"type":"use-ability","seat":0,"card":"bosun","ability":0}`, "icon-counted")
	if _, _, w := st(g).CardIcons(st(g).Players[0].Card("bosun")); w != 1 {
		t.Fatalf("bosun wheels %d, want 1", w)
	}
	refused(t, g, `{"type":"use-ability","seat":0,"card":"bosun","ability":1,"option":2,"pay":{"dock":6},"tile":{"id":"test-tile-advanced","space":"A"}}`, "upgrade-blank")
	do(t, g, `{"type":"use-ability","seat":0,"card":"bosun","ability":1,"option":2,"pay":{"dock":6},"tile":{"id":"test-tile-advanced","space":"B"}}`)
	refused(t, g, `{"type":"use-ability","seat":0,"card":"bosun","ability":1,"option":0}`, "ability-once")
	p := st(g).Players[0]
	if p.Dock != 1 || len(p.Ship.Spaces[1].Tiles) != 1 || st(g).HoldCapacity(&p, 1) != 2 || st(g).ShipCannons(&p) != 2 {
		t.Fatalf("advanced upgrade: dock %d tiles %v", p.Dock, p.Ship.Spaces[1].Tiles)
	}
	conserved(t, st(g))
}

// p. 13: "X for each Y on this card": a card with 3 Cannons places 3 influence.
func TestExamplePerCannonOnCard(t *testing.T) {
	s := testSetup(2)
	one := []data.Ability{{Options: []data.Option{{Effects: []data.Effect{{Kind: "cannon", N: 1}}}}}}
	s.Catalog.Advancements = append(s.Catalog.Advancements,
		data.Advancement{ID: "test-cannon-top", Name: "Test Cannon Top", Row: 2, Slot: "top", Cost: 1, Abilities: one},
		data.Advancement{ID: "test-cannon-middle", Name: "Test Cannon Middle", Row: 2, Slot: "middle", Cost: 1, Abilities: one},
		data.Advancement{ID: "test-per-cannon", Name: "Test Broadside Claim", Row: 2, Slot: "bottom", Cost: 1,
			Abilities: []data.Ability{{Options: []data.Option{{Effects: []data.Effect{{Kind: "influence", N: 1, Per: "cannon"}}}}}}})
	g := newGame(t, s, 1)
	st := st(g)
	st.Players[0].Card("gunner-1").Level = 2 // 1 cannon
	sleeveInto(st, 0, "gunner-1", "test-cannon-top")
	sleeveInto(st, 0, "gunner-1", "test-cannon-middle")
	sleeveInto(st, 0, "gunner-1", "test-per-cannon")
	place(st, 0, Pos{1, 1})
	setHand(g, 0, "gunner-1")
	do(t, g, `{"type":"play-card","seat":0,"card":"gunner-1"}`)
	do(t, g, `{"type":"use-ability","seat":0,"card":"gunner-1","source":"bottom","ability":0}`)
	if c := g.st.Board(Pos{1, 1}).Island.CubeCounts(2)[0]; c < 3 {
		t.Fatalf("3 cannons on the card: 3 influence; got %d cubes", c)
	}
}

// Buildings, p. 15: Purple builds a Fort (4) and an Outpost (2) with the level
// 3 First Mate, away from the island. Others then cannot interact with the
// island but can still buy its card; production gains +1 cargo and +1 coin.
func TestExampleFortAndOutpost(t *testing.T) {
	su := testSetup(2)
	delete(su.Catalog.BuildingCosts, "garrison") // as shipped: not in the rulebook
	g := newGame(t, su, 1)
	s := st(g)
	giveControl(s, Pos{1, 1}, pur)
	s.Players[pur].Card("first-mate").Level = 3
	s.Players[pur].Card("purser").Level = 1
	s.Players[pur].Dock = 6
	s.Supply.Cargo -= 5
	setHand(g, pur, "first-mate", "purser")
	do(t, g, `{"type":"play-card","seat":0,"card":"first-mate"}`)
	refused(t, g, `{"type":"use-ability","seat":0,"card":"first-mate","ability":0,"builds":[{"at":"R1C1","building":"fort"},{"at":"R1C1","building":"garrison"}],"pay":{"dock":6}}`, "cost-unknown")
	refused(t, g, `{"type":"use-ability","seat":0,"card":"first-mate","ability":0,"builds":[{"at":"R1C2","building":"fort"}],"pay":{"dock":4}}`, "build-control")
	refused(t, g, `{"type":"use-ability","seat":0,"card":"first-mate","ability":0,"builds":[{"at":"R1C1","building":"fort"},{"at":"R1C1","building":"fort"}],"pay":{"dock":8}}`, "build-one-each")
	do(t, g, `{"type":"use-ability","seat":0,"card":"first-mate","ability":0,"builds":[{"at":"R1C1","building":"fort"},{"at":"R1C1","building":"outpost"}],"pay":{"dock":6}}`)
	if got := st(g).Board(Pos{1, 1}).Island.Buildings; len(got) != 2 || st(g).Players[0].Dock != 0 {
		t.Fatalf("buildings %v", got)
	}
	before := st(g).Board(Pos{1, 1}).Island.Cargo
	do(t, g, `{"type":"play-card","seat":0,"card":"purser"}`)
	do(t, g, `{"type":"use-ability","seat":0,"card":"purser","ability":0,"islands":["R1C1"]}`)
	is := st(g).Board(Pos{1, 1}).Island
	def, _ := st(g).Catalog.Island(is.ID)
	if is.Cargo-before != def.Cargo+1 || is.Coins != def.Coins+1 {
		t.Fatalf("an Outpost adds 1 cargo and 1 coin: got %d cargo %d coins, printed %d/%d", is.Cargo-before, is.Coins, def.Cargo, def.Coins)
	}
	do(t, g, `{"type":"end-turn","seat":0}`)
	// Ben, at the Fort island, may buy its card but not place influence there.
	s = st(g)
	place(s, blu, Pos{1, 1})
	stow(s, blu, 0, 4)
	setHand(g, blu, "deck-hand-1", "purser")
	do(t, g, `{"type":"play-card","seat":1,"card":"deck-hand-1"}`)
	refused(t, g, `{"type":"use-ability","seat":1,"card":"deck-hand-1","ability":0}`, "fort")
	refused(t, g, `{"type":"unload","seat":1,"to":"island","holds":{"A":{"cargo":1}}}`, "fort")
	do(t, g, `{"type":"play-card","seat":1,"card":"purser"}`)
	refused(t, g, `{"type":"use-ability","seat":1,"card":"purser","ability":0,"islands":["R1C1"]}`, "fort")
	do(t, g, `{"type":"buy","seat":1,"pay":{"A":1}}`)
	conserved(t, st(g))
}

// p. 14: open seas with an arrow at an island add 1 cargo to its production;
// the level 4 Purser boosts each production by 1 cargo and 1 coin.
func TestProductionOpenSeaAndPurserBoost(t *testing.T) {
	s := testSetup(2)
	s.Row1[1] = BoardEntry{At: Pos{1, 2}, OpenSea: &OpenSeaEntry{Arrows: []string{"left", "right"}}, Card: "test-adv-1-middle"}
	g := newGame(t, s, 1)
	gs := st(g)
	gs.Players[0].Card("purser").Level = 4
	setHand(g, 0, "purser")
	do(t, g, `{"type":"play-card","seat":0,"card":"purser"}`)
	refused(t, g, `{"type":"use-ability","seat":0,"card":"purser","ability":0,"islands":["R1C1","R1C1"]}`, "produce-twice")
	refused(t, g, `{"type":"use-ability","seat":0,"card":"purser","ability":0,"islands":["R1C2"]}`, "produce-island")
	do(t, g, `{"type":"use-ability","seat":0,"card":"purser","ability":0,"islands":["R1C1","R1C3"]}`)
	for _, at := range []Pos{{1, 1}, {1, 3}} {
		is := st(g).Board(at).Island
		def, _ := st(g).Catalog.Island(is.ID)
		if is.Cargo != def.Cargo+2 || is.Coins != def.Coins+1 {
			t.Errorf("%s produced %d cargo %d coins; printed %d/%d +1 open sea +1/+1 Purser", at, is.Cargo, is.Coins, def.Cargo, def.Coins)
		}
	}
	conserved(t, st(g))
}

func TestGarrisonDamagesPassingShips(t *testing.T) {
	s := testSetup(2)
	one := 1
	s.Catalog.BuildingCosts = map[string]*int{"garrison": &one}
	g := newGame(t, s, 1)
	gs := st(g)
	giveControl(gs, Pos{1, 1}, blu)
	gs.Board(Pos{1, 1}).Island.Buildings = []string{Garrison}
	gs.Players[pur].Ship.Damage = 3
	gs.Players[blu].Ship.Spaces[3].Hold.Coins = 0
	do(t, g, `{"type":"set-sails","seat":0}`)
	do(t, g, `{"type":"move","seat":0,"path":["R1C1"]}`)
	if st(g).Players[pur].Ship.Damage != 4 {
		t.Fatalf("entering a Garrison's space deals 1 damage")
	}
	chestBlue := st(g).Players[blu].Chest
	do(t, g, `{"type":"move","seat":0,"path":["harbor"]}`)
	do(t, g, `{"type":"end-turn","seat":0}`)
	if st(g).Players[blu].Chest != chestBlue {
		t.Fatal("leaving does not pass through the Garrison again")
	}
	// Next turn for Purple: passing through again sinks the ship (5 damage).
	do(t, g, `{"type":"end-turn","seat":1}`)
	do(t, g, `{"type":"set-sails","seat":0}`)
	do(t, g, `{"type":"move","seat":0,"path":["R1C1","R1C2"]}`)
	p := st(g).Players[pur]
	if p.Ship.At != Harbor || p.Ship.Damage != 0 || st(g).Players[blu].Chest != chestBlue+5 || !st(g).Players[blu].HasAchievement(AchTerror) {
		t.Fatalf("the 5th damage sinks the ship: at %s damage %d, blue chest %d", p.Ship.At, p.Ship.Damage, st(g).Players[blu].Chest)
	}
	conserved(t, st(g))
}

// A player explores with a new island and card: the game's catalog keeps
// them for the companion to save.
func TestCatalogGrows(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	do(t, g, `{"type":"set-sails","seat":0}`)
	do(t, g, `{"type":"move","seat":0,"path":["R1C1","R2C1"]}`)
	do(t, g, `{"type":"explore","seat":0,"newIsland":{"id":"test-new-isle","name":"Test New Isle","slots":3,"values":[5,3],"cargo":1,"coins":1},"newCard":{"id":"test-new-card","name":"Test New Card","row":2,"slot":"middle","cost":3,"abilities":[{"options":[{"effects":[{"kind":"cannon","n":2}]}]}]}}`)
	c := g.Catalog()
	if _, ok := c.Island("test-new-isle"); !ok {
		t.Error("the entered island is not in the catalog")
	}
	if a, ok := c.Advancement("test-new-card"); !ok || a.Cost != 3 {
		t.Error("the entered card is not in the catalog")
	}
}
