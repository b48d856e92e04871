package deadreckoning

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// Rules found wrong by reading the rulebook against the engine again
// (fourteenth session); each test failed before its fix.

// p. 18 and p. 21: both ships can sink in the same battle; a ship with 5 or
// more damage "at the end of a battle" sinks, so each sinking ship's loss is
// what it carried when the battle ended. Ann attacks in the Harbor with 4
// damage, wins, and takes a damage from a zone: her ship sinks and Ben, who
// dealt it, gains 5 coins from her chest. Ben's ship, 4 damage and a loser,
// sinks too; he had no coin anywhere when the battle ended, so he loses
// none: the 5 coins he gains from Ann's sinking are not handed straight back.
func TestBothShipsSinkLosingWhatTheyHad(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	s.Players[pur].Card("captain").Level = 2
	setHand(g, pur, "captain")
	place(s, blu, Harbor)
	s.Players[pur].Ship.Damage, s.Players[blu].Ship.Damage = 4, 4
	s.Supply.Coins += s.Players[blu].Chest + s.Players[pur].Chest - 5
	s.Players[blu].Chest, s.Players[pur].Chest = 0, 5
	do(t, g, `{"type":"play-card","seat":0,"card":"captain"}`)
	do(t, g, `{"type":"attack-ship","seat":0,"target":1,"flag":{"card":"captain","ability":0}}`)
	do(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":true,"damageToAttacker":1}`)
	s = st(g)
	ann, ben := s.Players[pur], s.Players[blu]
	if ann.Ship.Damage != 0 || ben.Ship.Damage != 0 {
		t.Fatalf("both ships should sink: damage %d and %d", ann.Ship.Damage, ben.Ship.Damage)
	}
	if ann.Chest != 0 || ben.Chest != 5 {
		t.Fatalf("Ann's chest %d, want 0 (her 5 coins to Ben); Ben's chest %d, want 5 (he had nothing to lose)", ann.Chest, ben.Chest)
	}
	if !ann.HasAchievement(AchTerror) || !ben.HasAchievement(AchTerror) {
		t.Errorf("each sank the other: Terror of the Sea for both (%v, %v)", ann.Achievements, ben.Achievements)
	}
	conserved(t, s)
}

// perWheelCatalog adds two test advancements written with the "icon X icon"
// shorthand of p. 13: a sail, and a cannon, for each wheel on this card.
func perWheelSetup() Setup {
	su := testSetup(2)
	su.Catalog.Advancements = append(su.Catalog.Advancements,
		data.Advancement{ID: "test-sail-per-wheel", Name: "Test Sailing Master", Row: 3, Slot: "bottom", Cost: 1,
			Abilities: []data.Ability{{Options: []data.Option{{Effects: []data.Effect{{Kind: "sails", N: 1, Per: "wheel"}}}}}}},
		data.Advancement{ID: "test-cannon-per-wheel", Name: "Test Gun Deck", Row: 3, Slot: "middle", Cost: 1,
			Abilities: []data.Ability{{Options: []data.Option{{Effects: []data.Effect{{Kind: "cannon", N: 1, Per: "wheel"}}}}}}})
	return su
}

// p. 13: "[icon] X [icon]" gives the thing on the left for each one on the
// card of the thing on the right; p. 14: the sails on cards played are
// counted when you set sails. A sail for each wheel on a level 2 Bosun (one
// wheel) adds one sail: 2 on the ship, 3 in all. Before, a sail given "for
// each wheel" was never counted, and could not be chosen either.
func TestSailForEachWheelCountsWhenSettingSails(t *testing.T) {
	g := newGame(t, perWheelSetup(), 1)
	s := st(g)
	s.Players[pur].Card("bosun").Level = 2
	sleeveInto(s, pur, "bosun", "test-sail-per-wheel")
	setHand(g, pur, "bosun")
	do(t, g, `{"type":"play-card","seat":0,"card":"bosun"}`)
	do(t, g, `{"type":"set-sails","seat":0}`)
	if got := st(g).Players[pur].Ship.Sails; got != 3 {
		t.Fatalf("sails %d, want 3: the ship's 2 and 1 for the Bosun's wheel", got)
	}
}

// p. 13 with p. 17: a cannon for each wheel on the card gives battle cubes
// like a printed cannon. The level 3 Captain has one wheel: its cannon "for
// each wheel" is one cannon the attacker may use, and the tie-break battle
// (p. 23) counts it among the cannons on the player's cards.
func TestCannonForEachWheelGivesABattleCube(t *testing.T) {
	g := newGame(t, perWheelSetup(), 1)
	s := st(g)
	s.Players[pur].Card("captain").Level = 3
	sleeveInto(s, pur, "captain", "test-cannon-per-wheel")
	setHand(g, pur, "captain")
	place(s, blu, Harbor)
	do(t, g, `{"type":"play-card","seat":0,"card":"captain"}`)
	do(t, g, `{"type":"attack-ship","seat":0,"target":1,"flag":{"card":"captain","ability":0}}`)
	cfg, err := BattleConfig(st(g))
	if err != nil {
		t.Fatal(err)
	}
	if len(cfg.Attacker.Cards) != 1 || cfg.Attacker.Cards[0].Cannons != 1 {
		t.Fatalf("the Captain's cards in battle: %+v, want 1 cannon (1 per wheel)", cfg.Attacker.Cards)
	}
	if got, want := tieBreakCannons(st(g), &st(g).Players[pur]), 2; got != want {
		t.Fatalf("tie-break cannons %d, want %d: the ship's printed cannon and the Captain's", got, want)
	}
}

// The worked example of p. 10: an Advancement costing 4 is bought by
// returning 4 cargo from the ship to the supply; it is set aside until the
// Cleanup and its space stays empty until then. Cargo on the Dock tile does
// not pay for it, and 3 cargo aboard are not enough.
func TestExampleBuyingCostsCargoFromTheShip(t *testing.T) {
	su := testSetup(2)
	su.Catalog.Advancements = append(su.Catalog.Advancements, data.Advancement{ID: "test-adv-cost-4", Name: "Test Charts", Row: 1, Slot: "top", Cost: 4,
		Abilities: []data.Ability{{Options: []data.Option{{Effects: []data.Effect{{Kind: "gain-cargo", N: 1, To: "dock"}}}}}}})
	su.Row1[0].Card = "test-adv-cost-4"
	g := newGame(t, su, 1)
	s := st(g)
	place(s, pur, Pos{1, 1})
	stow(s, pur, 0, 3)
	s.Players[pur].Dock += 2
	s.Supply.Cargo -= 2
	refused(t, g, `{"type":"buy","seat":0,"pay":{"A":4}}`, "not-in-hold")
	refused(t, g, `{"type":"buy","seat":0,"pay":{"A":3}}`, "wrong-payment")
	stow(s, pur, 0, 1)
	stow(s, pur, 3, 1)
	supply := st(g).Supply.Cargo
	do(t, g, `{"type":"buy","seat":0,"pay":{"A":4}}`)
	s = st(g)
	ann := s.Players[pur]
	if s.Supply.Cargo != supply+4 || ann.Ship.Spaces[0].Hold.Cargo != 0 || ann.Ship.Spaces[3].Hold.Cargo != 1 || ann.Dock != 3 {
		t.Fatalf("supply %d (want %d), holds A %d D %d, dock %d", s.Supply.Cargo, supply+4, ann.Ship.Spaces[0].Hold.Cargo, ann.Ship.Spaces[3].Hold.Cargo, ann.Dock)
	}
	if len(ann.SetAside) != 1 || ann.SetAside[0].ID != "test-adv-cost-4" || s.Board(Pos{1, 1}).Card != nil {
		t.Fatalf("set aside %+v, space %+v", ann.SetAside, s.Board(Pos{1, 1}).Card)
	}
	conserved(t, s)
}

// p. 14: "you may place as many cubes as you want on the island and THEN
// check for island control ... You don't check after each cube is placed, so
// long as you don't do anything in between": influence from two abilities
// used one straight after the other at the same island is checked once.
// Green 2, Purple 2, no empty slot: Blue's first Deck Hand replaces a green
// cube (Purple 2 would lead), the second a purple one: Blue 2, Purple 1,
// Green 1, and only Blue takes control, with its permanent cube. With a card
// played in between, each check stands: Purple took control on the way and
// keeps its permanent cube, and nobody controls at the end (Blue 2, Purple
// 1 + 1 permanent).
func TestConsecutiveInfluenceCheckedOnce(t *testing.T) {
	for _, between := range []bool{false, true} {
		g := newGame(t, testSetup(3), 1)
		s := st(g)
		s.Turn.Seat = blu
		islandWith(s, Pos{1, 1}, []engine.Seat{grn, pur, pur, grn}, nil)
		place(s, blu, Pos{1, 1})
		setHand(g, blu, "deck-hand-1", "deck-hand-2")
		do(t, g, `{"type":"play-card","seat":1,"card":"deck-hand-1"}`)
		if !between {
			do(t, g, `{"type":"play-card","seat":1,"card":"deck-hand-2"}`)
		}
		do(t, g, `{"type":"use-ability","seat":1,"card":"deck-hand-1","ability":0,"replace":[2]}`)
		if between {
			do(t, g, `{"type":"play-card","seat":1,"card":"deck-hand-2"}`)
		}
		do(t, g, `{"type":"use-ability","seat":1,"card":"deck-hand-2","ability":0,"replace":[0]}`)
		s = st(g)
		is := s.Board(Pos{1, 1}).Island
		if between {
			if is.Controller != engine.NoSeat || is.Permanent[pur] != 1 || is.Permanent[blu] != 0 {
				t.Fatalf("a card played in between: controller %v, permanent %v; want nobody, Purple's cube kept", is.Controller, is.Permanent)
			}
		} else if is.Controller != blu || is.Permanent[pur] != 0 || is.Permanent[blu] != 1 {
			t.Fatalf("one check after both: controller %v, permanent %v; want Blue with 1 permanent cube, none for Purple", is.Controller, is.Permanent)
		}
		conserved(t, s)
	}
}
