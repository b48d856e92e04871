package battle

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// TestStepsAsJSON plays a Merchant battle from JSON steps, as the tablet
// sends them.
func TestStepsAsJSON(t *testing.T) {
	b, err := New(nil, merchantConfig(1))
	must(t, err)
	for _, js := range []string{
		`{"step":"cannons","role":"attacker","cannons":{"ship":1}}`,
		`{"step":"jettison","role":"attacker","goods":{"cargo":0,"coins":0}}`,
		`{"step":"drop","role":"attacker"}`,
		`{"step":"read","role":"attacker","read":{"cubes":{"purple":{"plunder-choice-left":1},"black":{"strength-1-left":1}}}}`,
		`{"step":"pass","role":"attacker"}`,
		`{"step":"plunder","role":"attacker","plunder":{"choiceCoins":1,"ship":{"cargo":0,"coins":1},"island":{"cargo":0,"coins":0}}}`,
	} {
		s, err := DecodeStep([]byte(js))
		must(t, err)
		if err := b.Apply(s); err != nil && s.Step != StepJettison {
			t.Fatalf("%s: %v", js, err)
		} else if s.Step == StepJettison {
			refused(t, err, CodeJettison)
		}
	}
	o, ok := b.Outcome()
	if !ok || o.Winner != Defender || o.Sides[Attacker].Ship != (Goods{Coins: 1}) || !o.Merchant.Bury {
		t.Fatalf("outcome %+v", o)
	}
}

func TestDecodeStepRefusals(t *testing.T) {
	for _, js := range []string{
		`{}`, `{"step":"fly"}`, `{"step":"read"}`, `{"step":"ability","role":"attacker"}`, `{"step":"plunder"}`,
		`{"step":"jettison"}`, `{"step":"pass","role":"captain"}`, `{"step":"pass","extra":1}`, `[]`, `{"step":"pass"} {}`,
	} {
		if _, err := DecodeStep([]byte(js)); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%s: got %v, want a malformed-step error", js, err)
		}
	}
}

// FuzzSteps applies arbitrary JSON steps to a ship battle: never a panic,
// every refusal is a rule error that changes nothing.
func FuzzSteps(f *testing.F) {
	for _, s := range []string{
		`{"step":"cannons","role":"attacker","cannons":{"ship":1}}`,
		`{"step":"defend","role":"defender","play":["x"]}`,
		`{"step":"drop","role":"attacker"}`,
		`{"step":"read","role":"attacker","read":{"cubes":{"purple":{"explode":1}},"redrop":{"green":1}}}`,
		`{"step":"ability","role":"defender","ability":"d","zone":"explode"}`,
		`{"step":"plunder","role":"attacker","plunder":{"choiceCoins":-1}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := DecodeStep(data)
		if err != nil {
			return
		}
		b, err := New(nil, shipConfig())
		must(t, err)
		for i := 0; i < 4; i++ {
			before, _ := json.Marshal(b)
			if err := b.Apply(s); err != nil {
				if _, ok := engine.AsRuleError(err); !ok {
					t.Fatalf("not a rule error: %v", err)
				}
				if after, _ := json.Marshal(b); string(after) != string(before) {
					t.Fatal("a refused step changed the battle")
				}
			}
			_ = b.Need()
		}
	})
}
