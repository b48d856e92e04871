package deadreckoning

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// seedActions is one valid example of every action type, for the fuzz corpus.
var seedActions = []string{
	`{"type":"choose-bonus-token","seat":0,"token":"b1"}`,
	`{"type":"level-up","seat":1,"card":"captain"}`,
	`{"type":"play-card","seat":0,"card":"crew-1"}`,
	`{"type":"name-hand","seat":1,"cards":["captain","crew-1","crew-1"]}`,
	`{"type":"set-sails","seat":0,"choices":[{"card":"deck-hand-1","ability":0,"option":1}]}`,
	`{"type":"move","seat":0,"path":["R1C1","R2C1"],"order":[1]}`,
	`{"type":"explore","seat":0,"island":"test-isle-7","card":"test-adv-2-top"}`,
	`{"type":"explore","seat":0,"newIsland":{"id":"x","name":"X","slots":3,"values":[3,2],"cargo":1,"coins":0},"newCard":{"id":"y","name":"Y","row":2,"slot":"top","cost":2,"abilities":[{"options":[{"effects":[{"kind":"sails","n":1}]}]}]}}`,
	`{"type":"reveal-board","seat":-1,"at":"R1C1","openSea":{"arrows":["up","left"]}}`,
	`{"type":"reveal-card","seat":-1,"at":"R1C2","card":"test-adv-1-top"}`,
	`{"type":"load","seat":0,"from":"dock","holds":{"A":{"cargo":1}}}`,
	`{"type":"unload","seat":0,"to":"island","holds":{"D":{"cargo":1,"coins":1}}}`,
	`{"type":"rearrange","seat":1,"holds":{"A":{"cargo":0}}}`,
	`{"type":"jettison","seat":0,"holds":{"A":{"cargo":1}}}`,
	`{"type":"buy","seat":0,"pay":{"A":1}}`,
	`{"type":"attack-merchant","seat":0,"back":{"name":"M","cubes":3,"win":[{"kind":"gain-coins","n":2,"to":"ship"}]}}`,
	`{"type":"attack-ship","seat":0,"target":1,"flag":{"card":"captain","ability":0}}`,
	`{"type":"attack-building","seat":0}`,
	`{"type":"use-ability","seat":0,"card":"buccaneer","ability":0,"replace":[1,1],"reclaim":["R1C2"]}`,
	`{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0,"replace":[1],"partial":true}`,
	`{"type":"level-up","seat":1,"card":"gunner-1"}`,
	`{"type":"use-ability","seat":0,"card":"first-mate","ability":0,"builds":[{"at":"R1C1","building":"fort"}],"pay":{"dock":2,"holds":{"A":2}}}`,
	`{"type":"use-ability","seat":0,"card":"bosun","ability":1,"option":1,"tile":{"newTile":{"id":"t","name":"T","tier":"basic","sails":1},"space":"B"},"pay":{"dock":3}}`,
	`{"type":"master-merchant","seat":0,"pay":{"dock":12}}`,
	`{"type":"end-turn","seat":0,"pirate":false,"sleeves":[{"adv":3,"card":"crew-1"}],"drawn":["captain"]}`,
	`{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`,
	`{"type":"battle-step","seat":1,"step":"defend","role":"defender","play":["gunner-1"]}`,
	`{"type":"battle-step","seat":1,"step":"jettison","role":"defender","goods":{"cargo":1,"coins":0},"holds":{"A":{"cargo":1}}}`,
	`{"type":"battle-step","seat":-1,"step":"drop"}`,
	`{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"explode":1},"green":{"damage-left":1}},"redrop":{"green":0}}}`,
	`{"type":"battle-step","seat":0,"step":"ability","role":"attacker","ability":"0/gunner-1/level/0","zone":"damage-left"}`,
	`{"type":"battle-step","seat":1,"step":"pass","role":"defender"}`,
	`{"type":"battle-step","seat":0,"step":"plunder","role":"attacker","plunder":{"choiceCoins":1,"ship":{"cargo":1,"coins":1},"island":{"cargo":0,"coins":0}}}`,
	`{"type":"tie-break-read","seat":-1,"read":{"cubes":{"purple":{"strength-1-left":1},"green":{"explode":1}}}}`,
	`{"type":"record-battle-outcome","seat":-1,"attackerWon":true,"damageToDefender":1,"attackerPlunder":{"holds":{"A":{"cargo":1}},"island":{"coins":1}}}`,
}

func FuzzDecodeAction(f *testing.F) {
	for _, s := range seedActions {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"type":"move","seat":0,"path":["R9C9"]}`))
	f.Add([]byte(`{"type":"nope","seat":0}`))
	f.Add([]byte(`{"v":99,"type":"move","seat":0}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := Rules().DecodeAction(b)
		if err != nil {
			if !errors.Is(err, engine.ErrMalformed) {
				t.Fatalf("decode error is not ErrMalformed: %v", err)
			}
			return
		}
		js, err := Codec().Encode(a)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Rules().DecodeAction(js); err != nil {
			t.Fatalf("re-decoding %s: %v", js, err)
		}
	})
}

// midGame is a game some way in, so fuzzed actions meet islands, cards in
// play and cargo on ships.
func midGame(t testing.TB) *Game {
	g, _ := playout(t, 3, 11, 120, false)
	return g
}

func FuzzApply(f *testing.F) {
	for _, s := range seedActions {
		f.Add([]byte(s))
	}
	base := midGame(f)
	baseSnap, _ := base.Snapshot()
	f.Fuzz(func(t *testing.T, b []byte) {
		applyFuzzed(t, base, b)
		if s, _ := base.Snapshot(); !bytes.Equal(s, baseSnap) {
			t.Fatal("the base game changed")
		}
	})
}

// FuzzApplyPhysical is FuzzApply on a table with physical cards: hands
// the companion only counts, one player's phone keeping theirs.
func FuzzApplyPhysical(f *testing.F) {
	for _, s := range seedActions {
		f.Add([]byte(s))
	}
	base := newGame(f, physicalSetup(2), 9)
	for _, js := range []string{`{"type":"play-card","seat":0,"card":"crew-1"}`, `{"type":"name-hand","seat":1,"cards":["gunner-1","captain"]}`, `{"type":"end-turn","seat":0}`} {
		do(f, base, js)
	}
	baseSnap, _ := base.Snapshot()
	f.Fuzz(func(t *testing.T, b []byte) {
		applyFuzzed(t, base, b)
		if s, _ := base.Snapshot(); !bytes.Equal(s, baseSnap) {
			t.Fatal("the base game changed")
		}
	})
}

// applyFuzzed applies the fuzzed action b (if it decodes) to a copy of
// base and checks what every fuzz target of the rules promises: a refusal
// is a rule error and changes nothing, an accepted action keeps the totals,
// and the public view keeps the secrets. It returns the copy.
func applyFuzzed(t *testing.T, base *Game, b []byte) *Game {
	t.Helper()
	g := &Game{st: base.st.clone(), version: base.version}
	a, err := Rules().DecodeAction(b)
	if err != nil {
		return g
	}
	before, _ := g.Snapshot()
	_, err = g.Apply(a)
	after, _ := g.Snapshot()
	if err != nil {
		if _, ok := engine.AsRuleError(err); !ok {
			t.Fatalf("%s: not a rule error: %v", b, err)
		}
		if !bytes.Equal(before, after) {
			t.Fatalf("%s: refused, but the state changed", b)
		}
	} else {
		conserved(t, g.st)
	}
	checkPublicView(t, g)
	return g
}

// checkPublicView: no hand, deck, discard or bonus token of anyone, and no
// chest before the game is over.
func checkPublicView(t testing.TB, g *Game) {
	t.Helper()
	js, err := json.Marshal(g.View(engine.Public))
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Players []map[string]json.RawMessage `json:"players"`
		Supply  json.RawMessage              `json:"supply"`
	}
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatal(err)
	}
	if v.Supply != nil {
		t.Fatal("public view shows the supply's coins, which give away the chests' sum")
	}
	for _, p := range v.Players {
		for _, k := range []string{"chest", "hand", "deck", "discard", "bonusToken", "bonusDealt"} {
			if k == "chest" && g.Over() {
				continue // chests are counted in public at the end (p. 23)
			}
			if _, ok := p[k]; ok {
				t.Fatalf("public view holds %q", k)
			}
		}
	}
}
