package deadreckoning

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Rules read again against the rulebook in the fourteenth session and found
// right: scenario tests written from the rulebook, through actions.

// battleCubes fights the current battle up to the drop (the attacker's ship
// cannon only, the defender plays nothing) and returns each side's cubes.
func battleCubes(t *testing.T, g *Game) [2]int {
	t.Helper()
	do(t, g, `{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`)
	do(t, g, `{"type":"battle-step","seat":1,"step":"defend","role":"defender"}`)
	return g.View(engine.Public).(View).Battle.Need.Cubes
}

// p. 18: a player attacked in the Harbor gets 4 more battle cubes (the
// attacker, in the Harbor too, does not); p. 22: a player who has taken
// their final turn gets 2 more in any battle.
func TestBattleCubesInHarborAndAfterTheFinalTurn(t *testing.T) {
	for _, final := range []bool{false, true} {
		g := newGame(t, testSetup(2), 1)
		s := st(g)
		s.Players[pur].Card("captain").Level = 2
		setHand(g, pur, "captain")
		s.Players[blu].FinalTurnDone = final
		do(t, g, `{"type":"play-card","seat":0,"card":"captain"}`)
		do(t, g, `{"type":"attack-ship","seat":0,"target":1,"flag":{"card":"captain","ability":0}}`)
		want := [2]int{1, 1 + 4}
		if final {
			want[1] += 2
		}
		if got := battleCubes(t, g); got != want {
			t.Fatalf("final turn taken %v: cubes %v, want %v", final, got, want)
		}
	}
}

// p. 18: a side at an island its player controls adds a cube per building
// there (an Outpost too); p. 10: stopping on a pirate-mode ship starts the
// battle. Ben controls Test Isle 1 with a Fort and an Outpost and waits there
// in pirate mode: Ann sails in and fights 1 cube against 3.
func TestBattleCubesForBuildingsAtTheDefendersIsland(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	giveControl(s, Pos{1, 1}, blu)
	s.Board(Pos{1, 1}).Island.Buildings = []string{Fort, Outpost}
	place(s, blu, Pos{1, 1})
	s.Players[blu].Ship.Pirate = true
	place(s, pur, Harbor)
	do(t, g, `{"type":"set-sails","seat":0}`)
	do(t, g, `{"type":"move","seat":0,"path":["R1C1"]}`)
	if pb := st(g).CurrentBattle(); pb == nil || pb.Cause != CausePirateStop || pb.Defender != blu {
		t.Fatalf("stopping on Ben's pirate ship starts a battle: %+v", pb)
	}
	if got := battleCubes(t, g); got != [2]int{1, 3} {
		t.Fatalf("cubes %v, want [1 3]: Ben's ship cannon and his 2 buildings", got)
	}
}

// p. 21: a sinking ship loses every coin aboard, however many; with fewer
// than 5 aboard, the rest up to 5 comes from the Treasure chest as far as it
// holds. The coins go to the player who sank it; cargo stays aboard.
func TestSinkingLosesTheCoinsAboardThenTheChest(t *testing.T) {
	for _, c := range []struct{ aboard, chest, lost int }{{7, 10, 7}, {3, 1, 4}, {3, 10, 5}} {
		g := newGame(t, testSetup(2), 1)
		s := st(g)
		s.Players[pur].Card("captain").Level = 2
		setHand(g, pur, "captain")
		ben := &s.Players[blu]
		ben.Ship.Damage = 4
		s.Supply.Coins += ben.Chest - c.chest - c.aboard
		ben.Chest = c.chest
		ben.Ship.Spaces[0].Hold = Hold{Coins: min(c.aboard, 4), Cargo: 0}
		ben.Ship.Spaces[3].Hold = Hold{Coins: c.aboard - min(c.aboard, 4)}
		stow(s, blu, 3, 3-ben.Ship.Spaces[3].Hold.Coins)
		annChest := s.Players[pur].Chest
		do(t, g, `{"type":"play-card","seat":0,"card":"captain"}`)
		do(t, g, `{"type":"attack-ship","seat":0,"target":1,"flag":{"card":"captain","ability":0}}`)
		do(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":true}`)
		s = st(g)
		b := s.Players[blu]
		if got := s.Players[pur].Chest - annChest; got != c.lost {
			t.Fatalf("%d aboard, %d in the chest: Ann gains %d, want %d", c.aboard, c.chest, got, c.lost)
		}
		if b.Chest != c.chest-(c.lost-c.aboard) || b.ShipGoods().Coins != 0 || b.ShipGoods().Cargo != 3-(c.aboard-min(c.aboard, 4)) {
			t.Fatalf("%d aboard: Ben's chest %d, ship %+v", c.aboard, b.Chest, b.ShipGoods())
		}
		if !b.Ship.At.IsHarbor() || b.Ship.Damage != 0 || b.Ship.Sails != 0 || b.Ship.Pirate {
			t.Fatalf("the sunk ship goes to the Harbor, repaired, sails 0, mercantile: %+v", b.Ship)
		}
		conserved(t, s)
	}
}
