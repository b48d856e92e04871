package deadreckoning

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Stopping where an opponent's ship is in pirate mode starts a battle that the
// turn waits on (p. 10); the outcome applies the default consequences (p. 18).
func TestPirateStopStartsBattle(t *testing.T) {
	for _, attackerWins := range []bool{false, true} {
		g := newGame(t, testSetup(3), 1)
		s := st(g)
		giveControl(s, Pos{1, 1}, pur)
		place(s, blu, Pos{1, 1})
		place(s, grn, Pos{1, 1})
		s.Players[blu].Ship.Pirate = true
		s.Players[grn].Ship.Pirate = true
		s.Players[blu].Ship.Spaces[0].Hold.Cargo = 1
		s.Supply.Cargo--
		stow(s, pur, 0, 2)
		place(s, pur, Harbor)
		do(t, g, `{"type":"set-sails","seat":0}`)
		refused(t, g, `{"type":"move","seat":0,"path":["R1C1"],"order":[1]}`, "battle-order")
		do(t, g, `{"type":"move","seat":0,"path":["R1C1"],"order":[2,1]}`)
		bs := st(g).Turn.Battles
		if len(bs) != 2 || bs[0].Defender != grn || bs[1].Defender != blu || bs[0].Cause != CausePirateStop {
			t.Fatalf("two battles in the mover's order: %+v", bs)
		}
		refused(t, g, `{"type":"unload","seat":0,"to":"island","holds":{"A":{"cargo":1}}}`, "battle-pending")
		// The attacker may still play cards before the drop (p. 17).
		do(t, g, `{"type":"play-card","seat":0,"card":"`+st(g).Players[0].Hand[0]+`"}`)
		refused(t, g, `{"type":"jettison","seat":1,"holds":{"A":{"cargo":1}}}`, "jettison-turn")
		do(t, g, `{"type":"jettison","seat":2,"holds":{}}`)
		st(g).Turn.Battles[0].Started = true
		refused(t, g, `{"type":"rearrange","seat":2,"holds":{}}`, "rearrange-battle")
		refused(t, g, `{"type":"jettison","seat":2,"holds":{}}`, "jettison-battle")
		refused(t, g, `{"type":"play-card","seat":0,"card":"`+st(g).Players[0].Hand[0]+`"}`, "battle-started")
		refused(t, g, `{"type":"record-battle-outcome","seat":1,"attackerWon":true}`, "not-your-battle")
		if attackerWins {
			do(t, g, `{"type":"record-battle-outcome","seat":-1,"attackerWon":true,"attackerPlunder":{"holds":{"D":{"coins":2}}}}`)
			s = st(g)
			if s.Players[grn].Ship.Pirate || s.Players[grn].Ship.Damage != 1 || s.Players[pur].Progress[AchLegendary] != 1 || s.Players[pur].Ship.Spaces[3].Hold.Coins != 2 {
				t.Fatalf("winner's progress, loser's damage and mode: %+v", s.Players)
			}
		} else {
			do(t, g, `{"type":"record-battle-outcome","seat":-1,"attackerWon":false,"damageToDefender":1}`)
			s = st(g)
			if !s.Players[grn].Ship.Pirate || s.Players[pur].Ship.Damage != 1 || s.Players[grn].Progress[AchLegendary] != 1 || s.Players[grn].Ship.Damage != 1 {
				t.Fatalf("loser's damage, winner's progress: %+v", s.Players)
			}
		}
		if len(st(g).Turn.Battles) != 1 {
			t.Fatal("the second battle is next")
		}
		defCard := st(g).Players[blu].Hand[0]
		refused(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":true,"defenderPlayed":["nope"]}`, "not-in-hand")
		do(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":true,"defenderPlayed":["`+defCard+`"]}`)
		if !contains(st(g).Players[blu].PlayedOffTurn, defCard) {
			t.Fatal("a card played in defense stays in play")
		}
		if attackerWins {
			do(t, g, `{"type":"unload","seat":0,"to":"island","holds":{"A":{"cargo":1}}}`)
		} else {
			refused(t, g, `{"type":"unload","seat":0,"to":"island","holds":{"A":{"cargo":1}}}`, "blockade")
		}
		refused(t, g, `{"type":"attack-ship","seat":0,"target":1}`, "battle-twice")
		conserved(t, st(g))
	}
}

// Attacking a ship needs an Attack flag unless it is in pirate mode (pp. 12, 15).
func TestAttackShip(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	place(s, blu, Harbor)
	s.Players[pur].Card("captain").Level = 2
	setHand(g, pur, "captain", "crew-1")
	refused(t, g, `{"type":"attack-ship","seat":0,"target":1}`, "no-attack-flag")
	refused(t, g, `{"type":"attack-ship","seat":0,"target":0}`, "attack-target")
	do(t, g, `{"type":"play-card","seat":0,"card":"captain"}`)
	refused(t, g, `{"type":"use-ability","seat":0,"card":"captain","ability":0}`, "attack-target")
	do(t, g, `{"type":"use-ability","seat":0,"card":"captain","ability":0,"target":1}`)
	if pb := st(g).CurrentBattle(); pb == nil || pb.Cause != CauseAttackFlag || pb.At != Harbor {
		t.Fatalf("attack flag battle in the Harbor: %+v", pb)
	}
	do(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":true}`)
	refused(t, g, `{"type":"attack-ship","seat":0,"target":1,"flag":{"card":"captain","ability":0}}`, "battle-twice")
}

// Merchant encounters, p. 11: attacked (its back entered) or traded; a lost
// battle buries it; at most two buys or encounters a turn.
func TestMerchantEncounter(t *testing.T) {
	for _, win := range []bool{false, true} {
		su := testSetup(2)
		su.Row1[0].Card = "test-merchant-1"
		g := newGame(t, su, 1)
		s := st(g)
		place(s, pur, Pos{1, 1})
		do(t, g, `{"type":"attack-merchant","seat":0,"back":{"name":"Test Trader","cubes":3,"winAbility":true}}`)
		pb := st(g).CurrentBattle()
		if pb == nil || pb.Kind != BattleMerchant || pb.Merchant.Cubes != 3 || st(g).Board(Pos{1, 1}).Card != nil {
			t.Fatalf("merchant battle: %+v", pb)
		}
		if win {
			do(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":true,"merchantKept":true}`)
			if sa := st(g).Players[0].SetAside; len(sa) != 1 || !sa[0].Merchant || st(g).Players[0].Progress[AchLegendary] != 1 {
				t.Fatalf("won merchant kept: %+v", sa)
			}
		} else {
			refused(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":false,"merchantKept":true}`, "merchant-kept")
			do(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":false,"damageToAttacker":2}`)
			if st(g).Boxes[0].Buried != 1 || st(g).Players[0].Ship.Damage != 2 {
				t.Fatalf("lost merchant buried, damage from zones only: %+v", st(g).Boxes[0])
			}
		}
	}
	su := testSetup(2)
	su.Row1[0].Card = "test-adv-1-top"
	g := newGame(t, su, 1)
	place(st(g), pur, Pos{1, 1})
	refused(t, g, `{"type":"attack-merchant","seat":0,"back":{"cubes":3}}`, "not-encounter")
}

// Attacking buildings, p. 20: no flag needed; not while an opponent's
// pirate-mode ship is there; a win removes the Fort and Garrison.
func TestAttackBuildings(t *testing.T) {
	g := newGame(t, testSetup(3), 1)
	s := st(g)
	giveControl(s, Pos{1, 1}, blu)
	s.Board(Pos{1, 1}).Island.Buildings = []string{Fort, Outpost}
	place(s, pur, Pos{1, 1})
	place(s, grn, Pos{1, 1})
	s.Players[grn].Ship.Pirate = true
	refused(t, g, `{"type":"attack-building","seat":0}`, "building-pirate")
	st(g).Players[grn].Ship.Pirate = false
	do(t, g, `{"type":"attack-building","seat":0}`)
	pb := st(g).CurrentBattle()
	if pb.Kind != BattleBuilding || pb.Defender != blu || len(pb.Buildings) != 1 {
		t.Fatalf("%+v", pb)
	}
	refused(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":true,"attackerPlunder":{"holds":{"A":{"cargo":1}}}}`, "no-plunder")
	do(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":true}`)
	if b := st(g).Board(Pos{1, 1}).Island.Buildings; len(b) != 1 || b[0] != Outpost || st(g).Players[pur].Progress[AchLegendary] != 0 {
		t.Fatalf("the Fort goes, the Outpost stays, no Legendary progress: %v", b)
	}
	refused(t, g, `{"type":"attack-building","seat":0}`, "no-building")
}

// Legendary, p. 21: the fourth won non-building battle.
func TestLegendary(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	s.Players[pur].Progress[AchLegendary] = 3
	s.Players[pur].Cubes -= 3
	s.Players[pur].Card("captain").Level = 2
	setHand(g, pur, "captain")
	do(t, g, `{"type":"play-card","seat":0,"card":"captain"}`)
	do(t, g, `{"type":"use-ability","seat":0,"card":"captain","ability":0,"target":1}`)
	do(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":true}`)
	p := st(g).Players[pur]
	if !p.HasAchievement(AchLegendary) || p.Progress[AchLegendary] != 0 || p.Cubes != 34 {
		t.Fatalf("Legendary: %+v cubes %d", p.Achievements, p.Cubes)
	}
	conserved(t, st(g))
}

// Hooks for the battles code: cannons used per card, island cubes taken back.
func TestBattleHooks(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g).clone()
	s.UseCannons(pur, "ship", 1)
	s.UseCannons(pur, "gunner-1", 2)
	if s.CannonsUsed(pur, "ship") != 1 || s.CannonsUsed(pur, "gunner-1") != 2 || s.CannonsUsed(blu, "ship") != 0 {
		t.Fatal("cannons used per card and seat")
	}
	islandWith(s, Pos{1, 1}, []engine.Seat{pur, pur, pur, __}, nil) // purple controls, 3 > 1
	islandWith(s, Pos{1, 2}, []engine.Seat{pur, __, __, __, __}, nil)
	s.Players[pur].Cubes = 0
	fixCubes(s, pur)
	// R1C1: taking one leaves 2 > 2 empty? no: control would change, so only
	// R1C2's cube can be taken.
	if _, err := s.TakeIslandCubes(pur, 1); err != nil {
		t.Fatal(err)
	}
	if s.Players[pur].Cubes != 1 || s.Board(Pos{1, 2}).Island.CubeCounts(2)[pur] != 0 || s.Board(Pos{1, 1}).Island.Controller != pur {
		t.Fatalf("took the wrong cube: %+v", s.Board(Pos{1, 1}).Island)
	}
	if _, err := s.TakeIslandCubes(pur, 1); err == nil {
		t.Fatal("no cube can be taken without changing control")
	}
	if _, err := s.TakeIslandCubes(7, 1); err == nil {
		t.Fatal("unknown seat")
	}
}
