package deadreckoning

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// In a battle against Ben's ship, what Ben plays in defence and how he
// fights are his own decisions even when entered as the table (seat -1);
// a recorded outcome naming cards he played is his too. The attacker's
// steps and the drop are not, and neither is anything of a battle against
// a Merchant (no player defends). The refusals that reveal his hand are
// the ones the companion hides from others.
func TestDefendersDecisionsAreTheirs(t *testing.T) {
	tb := newTable(t, testSetup(2), 5)
	g := tb.g.(*Game)
	owner := func(js string) (engine.Seat, bool) {
		t.Helper()
		a, err := Rules().DecodeAction([]byte(js))
		if err != nil {
			t.Fatal(err)
		}
		return g.DecisionOf(a)
	}
	defend := `{"type":"battle-step","seat":-1,"step":"defend","role":"defender","play":["gunner-1"]}`
	outcome := `{"type":"record-battle-outcome","seat":-1,"attackerWon":true,"defenderPlayed":["gunner-1"]}`
	if _, ok := owner(defend); ok {
		t.Fatal("a defence is someone's decision with no battle")
	}
	tb.act(`{"type":"set-sails","seat":0}`)
	tb.act(`{"type":"move","seat":0,"path":["R1C1"]}`)
	tb.act(`{"type":"end-turn","seat":0}`)
	tb.act(`{"type":"set-sails","seat":1}`)
	tb.act(`{"type":"move","seat":1,"path":["R1C2"]}`)
	tb.act(`{"type":"end-turn","seat":1,"pirate":true}`)
	tb.act(`{"type":"set-sails","seat":0}`)
	tb.act(`{"type":"move","seat":0,"path":["R1C2"],"order":[1]}`)
	for js, want := range map[string]bool{
		defend:  true,
		outcome: true,
		`{"type":"battle-step","seat":-1,"step":"pass","role":"defender"}`:       true,
		`{"type":"battle-step","seat":-1,"step":"cannons","cannons":{"ship":1}}`: false,
		`{"type":"battle-step","seat":-1,"step":"drop"}`:                         false,
		`{"type":"record-battle-outcome","seat":-1,"attackerWon":true}`:          false,
		`{"type":"battle-step","seat":-1,"step":"pass","role":"attacker"}`:       false,
	} {
		seat, ok := owner(js)
		if ok != want || (ok && seat != 1) {
			t.Errorf("%s: owner %v %v, want Ben's (seat 1): %v", js, seat, ok, want)
		}
	}
	for code, want := range map[string]bool{"battle-card-not-in-hand": true, "battle-card-no-cannon-or-ability": true, "not-in-hand": true, "battle-wrong-phase": false} {
		if got := g.RevealsHidden(engine.Refuse(code, 18, "test")); got != want {
			t.Errorf("%s reveals the hand: %v, want %v", code, got, want)
		}
	}

	su := testSetup(2)
	su.Row1[0].Card = "test-merchant-1"
	mt := newTable(t, su, 2)
	mt.act(`{"type":"set-sails","seat":0}`)
	mt.act(`{"type":"move","seat":0,"path":["R1C1"]}`)
	mt.act(`{"type":"attack-merchant","seat":0,"back":{"name":"Test Trader","cubes":2,"winAbility":true}}`)
	a, _ := Rules().DecodeAction([]byte(`{"type":"battle-step","seat":-1,"step":"pass","role":"defender"}`))
	if _, ok := mt.g.(*Game).DecisionOf(a); ok {
		t.Error("a Merchant's side is a player's decision")
	}
}
