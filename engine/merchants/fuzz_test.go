package merchants

import (
	"bytes"
	"encoding/json"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

func FuzzDecodeAction(f *testing.F) {
	for _, s := range []string{`{"type":"move","seat":0,"to":"tz-open"}`, `{"type":"roll","seat":-1,"request":"r1","faces":["skull"]}`,
		`{"type":"shipyard","seat":0,"repair":{"hull":1}}`, `{"type":"raid","seat":0,"op":"end","keep":[]}`, `{"type":"nope"}`, `[]`, `{"type":"move"}`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		a, err := Rules().DecodeAction(data)
		if err != nil {
			if !errors.Is(err, engine.ErrMalformed) {
				t.Fatalf("a decoding error must wrap ErrMalformed: %v", err)
			}
			return
		}
		if _, err := Codec().Encode(a); err != nil {
			t.Fatalf("a decoded action does not encode: %v", err)
		}
	})
}

// FuzzApply applies fuzzed actions to games part-way through: a refusal is
// a rule error that changes nothing, an acceptance keeps the invariants.
func FuzzApply(f *testing.F) {
	r := rand.New(rand.NewPCG(5, 5))
	g, _, _ := playout(f, 3, 11, 40)
	for i := 0; i < 40; i++ {
		f.Add(uint16(i*7), []byte(randomAction(g, r)))
	}
	f.Add(uint16(3), []byte(`{"type":"adjust","seat":-1,"target":0,"damage":{"hull":9},"reason":"x"}`))
	f.Add(uint16(9), []byte(`{"type":"stash","seat":0,"amount":-99999999999}`))
	f.Fuzz(func(t *testing.T, steps uint16, data []byte) {
		g, _, _ := playout(t, 3, 11, int(steps%120))
		a, err := Rules().DecodeAction(data)
		if err != nil {
			return
		}
		before, _ := g.Snapshot()
		if _, err := g.Apply(a); err != nil {
			if _, ok := engine.AsRuleError(err); !ok {
				t.Fatalf("%s: not a rule error: %v", data, err)
			}
			after, _ := g.Snapshot()
			if !bytes.Equal(before, after) {
				t.Fatalf("%s: a refusal changed the state", data)
			}
			return
		}
		t.Logf("applied %s after %d steps", data, steps%120)
		checkInvariants(t, g)
		if _, err := json.Marshal(g.View(engine.PlayerViewer(0))); err != nil {
			t.Fatal(err)
		}
	})
}
