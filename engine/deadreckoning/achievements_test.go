package deadreckoning

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// p. 13: "for each Wheel on this card": 3 wheels give 3 bonus draws (the
// example's Row 2 advancement part is applied by hand).
func TestExampleDrawPerWheel(t *testing.T) {
	su := testSetup(2)
	wheel := []data.Ability{{Options: []data.Option{{Effects: []data.Effect{{Kind: "wheel", N: 1}}}}}}
	su.Catalog.Advancements = append(su.Catalog.Advancements,
		data.Advancement{ID: "test-wheel-top", Name: "Test Wheel Top", Row: 3, Slot: "top", Cost: 1, Abilities: wheel},
		data.Advancement{ID: "test-wheel-middle", Name: "Test Wheel Middle", Row: 3, Slot: "middle", Cost: 1, Abilities: wheel},
		data.Advancement{ID: "test-wheel-draw", Name: "Test Chart Room", Row: 3, Slot: "bottom", Cost: 1,
			Abilities: []data.Ability{{Options: []data.Option{{Effects: []data.Effect{{Kind: "draw", N: 1, Per: "wheel"}}}}},
				{Options: []data.Option{{Effects: []data.Effect{{Kind: "other", Text: "gain the top advancement of Row 2"}}}}}}})
	g := newGame(t, su, 1)
	s := st(g)
	// Three wheels: the level 2 Bosun's own and two sleeved advancements'.
	s.Players[0].Card("bosun").Level = 2
	sleeveInto(s, 0, "bosun", "test-wheel-top")
	sleeveInto(s, 0, "bosun", "test-wheel-middle")
	sleeveInto(s, 0, "bosun", "test-wheel-draw")
	s.Board(Pos{1, 1}).Island.ID = "test-isle-4" // hand icon: limit 7
	giveControl(s, Pos{1, 1}, 0)
	setHand(g, 0, "bosun")
	do(t, g, `{"type":"play-card","seat":0,"card":"bosun"}`)
	evs := do(t, g, `{"type":"use-ability","seat":0,"card":"bosun","source":"bottom","ability":1}`)
	if !hasEvent(evs, "ability-other") {
		t.Error("an effect the engine does not model is logged for the players")
	}
	do(t, g, `{"type":"end-turn","seat":0}`)
	if got := len(st(g).Players[0].Hand); got != 7 {
		t.Fatalf("4 + 3 bonus draws with a hand limit of 7: drew %d", got)
	}
}

// Elite Vessel, p. 22: the fourth upgrade, covered tiles counted.
func TestEliteVesselCountsCoveredTiles(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	s.Players[0].Card("bosun").Level = 3
	s.Players[0].Ship.Spaces[1].Tiles = []Tile{{ID: "test-tile-basic", Tier: "basic"}}
	s.Players[0].Ship.Spaces[2].Tiles = []Tile{{ID: "test-tile-basic", Tier: "basic"}}
	s.Players[0].Ship.Spaces[3].Tiles = []Tile{{Tier: "advanced"}}
	s.Players[0].Dock = 3
	s.Supply.Cargo -= 2
	setHand(g, 0, "bosun")
	do(t, g, `{"type":"play-card","seat":0,"card":"bosun"}`)
	do(t, g, `{"type":"use-ability","seat":0,"card":"bosun","ability":1,"option":1,"pay":{"dock":3},"tile":{"id":"test-tile-basic","space":"B"}}`)
	p := st(g).Players[0]
	if len(p.Ship.Spaces[1].Tiles) != 2 || !p.HasAchievement(AchEliteVessel) {
		t.Fatalf("tile over a tile, 4 tiles: Elite Vessel; got %+v %v", p.Ship.Spaces[1], p.Achievements)
	}
	if b, a := p.UpgradeTiles(); b != 3 || a != 1 {
		t.Fatalf("tiles %d basic %d advanced", b, a)
	}
	// The space D's tile has no entered effects: the printed sail and hold
	// are covered.
	if st(g).HoldCapacity(&p, 3) != 0 || st(g).ShipSails(&p, true) != 3 {
		t.Fatalf("capacity D %d sails %d", st(g).HoldCapacity(&p, 3), st(g).ShipSails(&p, true))
	}
}

// Explorer, p. 22: 5 boards with 2 players, 4 with 3, 3 with 4.
func TestExplorerByPlayerCount(t *testing.T) {
	for n, need := range map[int]int{2: 5, 3: 4, 4: 3} {
		for _, before := range []int{need - 2, need - 1} {
			g := newGame(t, testSetup(n), 1)
			s := st(g)
			s.Players[0].Progress[AchExplorer] = before
			s.Players[0].Cubes -= before
			place(s, 0, Pos{1, 1})
			do(t, g, `{"type":"set-sails","seat":0}`)
			do(t, g, `{"type":"move","seat":0,"path":["R2C1"]}`)
			do(t, g, `{"type":"explore","seat":0,"island":"test-isle-9"}`)
			p := st(g).Players[0]
			done := before+1 == need
			if p.HasAchievement(AchExplorer) != done || (!done && p.Progress[AchExplorer] != before+1) || (done && p.Progress[AchExplorer] != 0) {
				t.Fatalf("%d players, %d of %d explored: achievement %v progress %d", n, before+1, need, p.HasAchievement(AchExplorer), p.Progress[AchExplorer])
			}
			conserved(t, st(g))
		}
	}
}

// Explorer cubes return once too few face-down boards remain (p. 22).
func TestExplorerImpossibleReturnsCubes(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	s.Players[1].Progress[AchExplorer] = 1
	s.Players[1].Cubes--
	// Leave only 3 face-down boards: Ben would need 4 more.
	k := 0
	for i := range s.Boards {
		if !s.Boards[i].Explored && k < 6 {
			s.Boards[i].Explored = true
			k++
		}
	}
	do(t, g, `{"type":"set-sails","seat":0}`)
	if st(g).Players[1].Progress[AchExplorer] != 0 || st(g).Players[1].Cubes != 34 {
		t.Fatal("Ben's Explorer cube returns to the supply")
	}
}

// Settler, Builder, Master Merchant (pp. 21-22).
func TestSettlerBuilderMasterMerchant(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	for c := 1; c <= 3; c++ {
		giveControl(s, Pos{1, c}, 0)
		s.Board(Pos{1, c}).Island.Permanent[0]++
		s.Players[0].Cubes--
	}
	s.Board(Pos{1, 1}).Island.Buildings = []string{Fort, Outpost, Garrison}
	s.Board(Pos{1, 2}).Island.Buildings = []string{Fort}
	s.Players[0].Dock = 12
	s.Supply.Cargo -= 11
	do(t, g, `{"type":"set-sails","seat":0}`)
	p := st(g).Players[0]
	if !p.HasAchievement(AchSettler) || p.HasAchievement(AchBuilder) {
		t.Fatalf("6 permanent cubes: Settler; 4 buildings: not Builder; got %v", p.Achievements)
	}
	st(g).Board(Pos{1, 3}).Island.Buildings = []string{Outpost}
	refused(t, g, `{"type":"master-merchant","seat":0,"pay":{"dock":11}}`, "wrong-payment")
	do(t, g, `{"type":"master-merchant","seat":0,"pay":{"dock":12}}`)
	p = st(g).Players[0]
	if !p.HasAchievement(AchBuilder) || !p.HasAchievement(AchMasterMerchant) || p.Dock != 0 {
		t.Fatalf("5 buildings: Builder; 12 cargo returned: Master Merchant; got %v", p.Achievements)
	}
	refused(t, g, `{"type":"master-merchant","seat":0,"pay":{}}`, "achieved")
	conserved(t, st(g))
}
