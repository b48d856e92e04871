package piratescode

import (
	"bytes"
	"encoding/json"
	"errors"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// seedActions is one example of every action type, for the fuzz corpus.
var seedActions = []string{
	`{"type":"choose-order","seat":0,"to":3,"pay":["repair"],"free":["rigging"]}`,
	`{"type":"sail","seat":0,"path":["R1C1","R1C2"],"tokens":1,"storm":1,"jostle":["extort","wheel"]}`,
	`{"type":"pass-order","seat":0}`,
	`{"type":"plunder","seat":0,"drop":["rum"]}`,
	`{"type":"trade","seat":0,"count":2}`,
	`{"type":"crew-up","seat":0,"refresh":true,"take":1,"discard":0,"mutiny":true}`,
	`{"type":"search","seat":0,"token":"test-token-3","drawnBooty":["rum"]}`,
	`{"type":"crew-up","seat":0,"take":0,"drawnCrew":["test-crew-9"]}`,
	`{"type":"attack","seat":0,"target":"orange"}`,
	`{"type":"attack","seat":0,"target":"seat2"}`,
	`{"type":"hide-out","seat":0,"assign":{"rigging":1,"cannons":1,"extort":1}}`,
	`{"type":"hide-out","seat":0,"assign":{"rigging":2,"cannons":1,"extort":1},"wheel":[2,2,5]}`,
	`{"type":"sail","seat":0,"path":["R2C1"],"jostle":["wheel3"]}`,
	`{"type":"bonus","seat":0,"card":"captain","index":0}`,
	`{"type":"bonus","seat":0,"card":"test-crew-6","index":0,"path":["R2C2"]}`,
	`{"type":"surefire","seat":0,"die":0,"face":6}`,
	`{"type":"reroll","seat":0,"card":"test-crew-5","dice":[0,1]}`,
	`{"type":"resolve","seat":0,"swap":"rum","port":1}`,
	`{"type":"end-turn","seat":0}`,
	`{"type":"adjust","seat":-1,"player":1,"reason":"misplaced","gold":3,"surefire":1,"booty":["rum"],"legend":1,"assign":{"rigging":3},"cell":"R2C2","inCove":false}`,
	`{"type":"roll","seat":-1,"request":"r1","faces":["6","2"]}`,
	`{"type":"roll","seat":-1,"request":"r1","digital":true}`,
	`{"type":"roll","seat":-1,"request":"r1","corrects":"roll2","faces":["1","1"],"reason":"misread"}`,
}

func FuzzDecodeAction(f *testing.F) {
	for _, s := range seedActions {
		f.Add([]byte(s))
	}
	f.Add([]byte(`{"type":"nope","seat":0}`))
	f.Add([]byte(`{"v":99,"type":"sail","seat":0}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		a, err := Rules().DecodeAction(b)
		if err != nil {
			if !errors.Is(err, engine.ErrMalformed) {
				t.Fatalf("decode error is not ErrMalformed: %v", err)
			}
			return
		}
		out, err := Codec().Encode(a)
		if err != nil {
			t.Fatalf("decoded action does not encode: %v", err)
		}
		if _, err := Rules().DecodeAction(out); err != nil {
			t.Fatalf("re-encoded action %s does not decode: %v", out, err)
		}
	})
}

// FuzzApply applies a fuzzed action to a game some turns in (a fight open
// when the seed gives one): it is accepted with the invariants kept, or
// refused as a rule error that changes nothing. Never a panic or another
// error.
func FuzzApply(f *testing.F) {
	for _, s := range seedActions {
		f.Add([]byte(s), uint8(3))
	}
	f.Add([]byte(`{"type":"roll","seat":-1,"request":"r1","faces":["9"]}`), uint8(5))
	f.Fuzz(func(t *testing.T, b []byte, turns uint8) {
		a, err := Rules().DecodeAction(b)
		if err != nil {
			return
		}
		ag := playout(t, 1+int(turns%2), 3, false, int(turns%12))
		g := ag.g
		if turns%3 == 0 && !g.st.Players[g.st.Current].Automa {
			// Open a fight so that roll, surefire, reroll and resolve meet one.
			s := g.st
			p := s.Players[s.Current]
			s.Merchants[0].Cell = p.Cell
			p.InCove = false
			for sp, o := range p.Wheel {
				if o == Attack {
					p.Captain = sp
				}
			}
			s.Turn = Turn{Step: stepAct}
			_, _ = g.Apply(&AttackAction{ActionHeader: engine.ActionHeader{Type: "attack", Seat: s.Current}, Target: "orange"})
		}
		before, _ := g.Snapshot()
		v := g.Version()
		_, err = g.Apply(a)
		if err != nil {
			if _, ok := engine.AsRuleError(err); !ok {
				t.Fatalf("%s: not a rule error: %v", b, err)
			}
			after, _ := g.Snapshot()
			if !bytes.Equal(before, after) || g.Version() != v {
				t.Fatalf("%s: refused and changed the game", b)
			}
			return
		}
		checkInvariants(t, g)
		if _, err := json.Marshal(g.View(engine.PlayerViewer(0))); err != nil {
			t.Fatal(err)
		}
	})
}

// A setup that is not JSON, lacks the catalog or has a wrong count is a
// clear error wrapping ErrMalformed.
func TestSetupRefusals(t *testing.T) {
	cat := string(testCatalogJSON(t))
	for _, s := range []string{
		`nope`,
		`{"players":[{"name":"A"},{"name":"B"}]}`,
		`{"players":[],"catalog":` + cat + `}`,
		`{"players":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"},{"name":"E"}],"catalog":` + cat + `}`,
		`{"players":[{"name":"A","colour":"red"},{"name":"B","colour":"red"}],"catalog":` + cat + `}`,
		`{"players":[{"name":"A"},{"name":"B"}],"catalog":{"mapCards":[]}}`,
		`{"players":[{"name":"A"},{"name":"B"}],"catalog":` + cat + `,"first":7}`,
	} {
		if _, err := Rules().New(json.RawMessage(s), 1); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("setup %.60s...: want a malformed-input error, got %v", s, err)
		}
	}
}
