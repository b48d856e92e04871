package deadreckoning

import (
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Rules found wrong by testing the engine against the rulebook (issue 13);
// each test failed before its fix.

// p. 12: an advancement sleeved during this Cleanup cannot be used this
// turn, so its bonus draw icon does not add to this Cleanup's draw: 4 cards,
// and naming 4 drawn cards is accepted.
func TestSleevedThisCleanupDrawsNoBonus(t *testing.T) {
	for _, named := range []bool{false, true} {
		g := newGame(t, testSetup(2), 1)
		s := st(g)
		setHand(g, pur, "crew-1")
		s.Players[pur].SetAside = []Adv{{Inst: 900, ID: "test-draw-1"}}
		do(t, g, `{"type":"play-card","seat":0,"card":"crew-1"}`)
		if named {
			deck := st(g).Players[pur].Deck
			do(t, g, `{"type":"end-turn","seat":0,"sleeves":[{"adv":900,"card":"crew-1"}],"drawn":["`+strings.Join(deck[:4], `","`)+`"]}`)
		} else {
			do(t, g, `{"type":"end-turn","seat":0,"sleeves":[{"adv":900,"card":"crew-1"}]}`)
		}
		p := st(g).Players[pur]
		if len(p.Hand) != 4 || p.Card("crew-1").Bottom == nil {
			t.Fatalf("named %v: hand %d after sleeving a bonus draw this Cleanup, want 4 (sleeved: %v)", named, len(p.Hand), p.Card("crew-1").Bottom)
		}
	}
	// Played again on a later turn, the sleeved advancement's icon counts.
	g := newGame(t, testSetup(2), 1)
	sleeveInto(st(g), pur, "crew-1", "test-draw-1")
	setHand(g, pur, "crew-1")
	do(t, g, `{"type":"play-card","seat":0,"card":"crew-1"}`)
	do(t, g, `{"type":"end-turn","seat":0}`)
	if got := len(st(g).Players[pur].Hand); got != 5 {
		t.Fatalf("hand %d with a bonus draw sleeved on an earlier turn, want 5", got)
	}
}

// pp. 20-21: a ship that takes its 5th damage in a battle against a Fort
// or Garrison was sunk by the building's controller, who gains the coins it
// loses (not the supply).
func TestSunkAttackingABuildingPaysItsController(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	giveControl(s, Pos{1, 1}, blu)
	s.Board(Pos{1, 1}).Island.Buildings = []string{Fort}
	place(s, pur, Pos{1, 1})
	s.Players[pur].Ship.Damage = 4
	s.Players[pur].Ship.Spaces[0].Hold.Coins += 2
	s.Supply.Coins -= 2
	s.Players[pur].Chest += 6
	s.Supply.Coins -= 6
	supply, blueChest, purChest := s.Supply.Coins, s.Players[blu].Chest, s.Players[pur].Chest
	do(t, g, `{"type":"attack-building","seat":0}`)
	do(t, g, `{"type":"record-battle-outcome","seat":0,"attackerWon":false}`)
	s = st(g)
	ann, ben := s.Players[pur], s.Players[blu]
	if !ann.Ship.At.IsHarbor() || ann.Ship.Damage != 0 {
		t.Fatalf("Ann's ship should sink: at %s damage %d", ann.Ship.At, ann.Ship.Damage)
	}
	if ben.Chest != blueChest+5 || ann.Chest != purChest-3 || s.Supply.Coins != supply {
		t.Fatalf("Ben's chest %d (want %d: 2 from the ship, 3 from Ann's chest), Ann's chest %d (want %d), supply %d (want %d)",
			ben.Chest, blueChest+5, ann.Chest, purChest-3, s.Supply.Coins, supply)
	}
	if !ben.HasAchievement(AchTerror) {
		t.Errorf("Ben sank a ship with his Fort: Terror of the Sea, as with a Garrison's damage")
	}
	conserved(t, s)
}

// pp. 13, 18: the defender may level up a card in hand in response to an
// attack, before the battle is resolved; the card then fights at its new
// level: a Gunner levelled to 2 brings its cannon.
func TestLevelUpInResponseToAnAttack(t *testing.T) {
	g := newGame(t, testSetup(2), 5)
	s := st(g)
	place(s, pur, Pos{1, 1})
	place(s, blu, Pos{1, 1})
	s.Players[blu].Ship.Pirate = true
	s.Players[blu].CanLevel = true
	setHand(g, blu, "gunner-1", "crew-1")
	do(t, g, `{"type":"attack-ship","seat":0,"target":1}`)
	do(t, g, `{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`)
	// Ben sees the attack and levels his Gunner before defending.
	do(t, g, `{"type":"level-up","seat":1,"card":"gunner-1"}`)
	do(t, g, `{"type":"battle-step","seat":1,"step":"defend","role":"defender","play":["gunner-1"]}`)
	b, need, err := st(g).battleNeed(st(g).CurrentBattle())
	if err != nil {
		t.Fatal(err)
	}
	if need.Cubes[1] != 2 {
		t.Fatalf("Ben's cubes %d, want 2: his ship's cannon and the levelled Gunner's (%+v)", need.Cubes[1], b.Config().Defender.Cards)
	}
	// Levelled before the attacker chose cannons, it counts the same way.
	g = newGame(t, testSetup(2), 5)
	s = st(g)
	place(s, pur, Pos{1, 1})
	place(s, blu, Pos{1, 1})
	s.Players[blu].Ship.Pirate = true
	s.Players[blu].CanLevel = true
	setHand(g, blu, "gunner-1")
	do(t, g, `{"type":"attack-ship","seat":0,"target":1}`)
	do(t, g, `{"type":"level-up","seat":1,"card":"gunner-1"}`)
	do(t, g, `{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`)
	do(t, g, `{"type":"battle-step","seat":1,"step":"defend","role":"defender","play":["gunner-1"]}`)
	if _, need, _ := st(g).battleNeed(st(g).CurrentBattle()); need.Cubes[1] != 2 {
		t.Fatalf("levelled before the cannons: Ben's cubes %d, want 2", need.Cubes[1])
	}
}

// p. 22 with p. 14: a finished player's cube takes two influence to replace;
// two influence from two abilities of the same turn count together.
func TestFinalTurnCubeReplacedByTwoAbilities(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	s.Players[pur].FinalTurnDone = true
	s.Turn.Seat = blu
	islandWith(s, Pos{1, 1}, []engine.Seat{pur, pur, pur}, nil)
	place(s, blu, Pos{1, 1})
	setHand(g, blu, "deck-hand-1", "deck-hand-2")
	do(t, g, `{"type":"play-card","seat":1,"card":"deck-hand-1"}`)
	do(t, g, `{"type":"play-card","seat":1,"card":"deck-hand-2"}`)
	// One influence alone is still refused unless put towards the cube.
	refused(t, g, `{"type":"use-ability","seat":1,"card":"deck-hand-1","ability":0,"replace":[0]}`, "influence-final")
	do(t, g, `{"type":"use-ability","seat":1,"card":"deck-hand-1","ability":0,"replace":[0],"partial":true}`)
	if c := st(g).Board(Pos{1, 1}).Island.CubeCounts(2); c[blu] != 0 || c[pur] != 3 {
		t.Fatalf("one influence does not replace the cube yet: %v", c)
	}
	do(t, g, `{"type":"use-ability","seat":1,"card":"deck-hand-2","ability":0,"replace":[0]}`)
	if c := st(g).Board(Pos{1, 1}).Island.CubeCounts(2); c[blu] != 1 || c[pur] != 2 {
		t.Fatalf("the second influence of the turn completes the replacement: %v", c)
	}
	conserved(t, st(g))
	// The first half does not carry over to another turn.
	g = newGame(t, testSetup(2), 1)
	s = st(g)
	s.Players[pur].FinalTurnDone = true
	s.Turn.Seat = blu
	islandWith(s, Pos{1, 1}, []engine.Seat{pur, pur, pur}, nil)
	place(s, blu, Pos{1, 1})
	setHand(g, blu, "deck-hand-1")
	do(t, g, `{"type":"play-card","seat":1,"card":"deck-hand-1"}`)
	do(t, g, `{"type":"use-ability","seat":1,"card":"deck-hand-1","ability":0,"replace":[0],"partial":true}`)
	if len(st(g).Turn.Partial) != 1 {
		t.Fatalf("the half replacement is remembered for the turn: %+v", st(g).Turn.Partial)
	}
	if v := g.View(engine.Public).(View); len(v.Turn.Partial) != 1 || v.Turn.Partial[0].Owner != pur {
		t.Fatalf("the table sees the half replacement: %+v", v.Turn.Partial)
	}
	refused(t, g, `{"type":"use-ability","seat":1,"card":"deck-hand-1","ability":0,"replace":[0],"partial":true}`, "ability-once")
	do(t, g, `{"type":"end-turn","seat":1}`)
	if len(st(g).Turn.Partial) != 0 {
		t.Fatalf("the half replacement ends with the turn: %+v", st(g).Turn.Partial)
	}
}
