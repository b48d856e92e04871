package deadreckoning

import (
	"testing"
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
