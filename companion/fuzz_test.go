package companion

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

func FuzzDecodeSubmission(f *testing.F) {
	for _, seed := range []string{
		`{"action":{"type":"add","seat":0,"n":1},"baseVersion":3,"key":"k1","source":"tablet"}`,
		`{"action":{"type":"read","seat":-1,"cubes":4},"baseVersion":0,"corrects":2}`,
		`{"action":[1,2],"baseVersion":1}`,
		`{"action":null}`,
		`{"action":{},"baseVersion":-1}`,
		`{"action":{},"access":{"host":true}}`,
		`{"action":{}} {"action":{}}`,
		`{"action":{},"key":"a\u0000b"}`,
		`{"action":{"type":"add","seat":0,"note":"fish & chips <b>"},"baseVersion":1}`,
		``, `null`, `"x"`, `{`,
	} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		sub, err := DecodeSubmission(data)
		if err != nil {
			if !errors.Is(err, engine.ErrMalformed) {
				t.Fatalf("error %v does not wrap ErrMalformed", err)
			}
			return
		}
		if sub.Access.Host || !sub.Access.Viewer.IsPublic() {
			t.Fatalf("the body set the access: %+v", sub.Access)
		}
		if len(sub.Action) == 0 || sub.Action[0] != '{' || !json.Valid(sub.Action) {
			t.Fatalf("accepted a submission whose action is not an object: %q", sub.Action)
		}
		// What was accepted encodes and decodes to the same submission.
		again, err := DecodeSubmission(must(json.Marshal(sub)))
		if err != nil {
			t.Fatalf("re-decoding %+v: %v", sub, err)
		}
		// The action is compared as a value: encoding may escape characters
		// differently ("&" and "\u0026" are the same JSON string).
		var a, b any
		if json.Unmarshal(sub.Action, &a) != nil || json.Unmarshal(again.Action, &b) != nil {
			t.Fatalf("the action is not JSON after a round trip: %q / %q", sub.Action, again.Action)
		}
		if !reflect.DeepEqual(a, b) || again.BaseVersion != sub.BaseVersion || again.Key != sub.Key || again.Source != sub.Source || again.Corrects != sub.Corrects {
			t.Fatalf("round trip changed %+v into %+v", sub, again)
		}
	})
}

func must[T any](v T, err error) T {
	if err != nil {
		panic(err)
	}
	return v
}

// FuzzSubmit sends arbitrary actions to a table: nothing panics, a refused
// action changes nothing, an accepted one moves the version by exactly one.
func FuzzSubmit(f *testing.F) {
	for _, seed := range []string{
		`{"type":"add","seat":0,"n":3}`, `{"type":"add","seat":1,"n":99}`, `{"type":"hide","seat":0,"coins":2,"note":"x"}`,
		`{"type":"read","seat":-1,"cubes":5}`, `{"type":"finish","seat":-1}`, `{"type":"add"}`, `{"type":"add","seat":"0"}`,
		`{"v":9,"type":"add","seat":0}`, `[]`, `{"type":"hide","seat":7,"coins":1}`, `{"type":"read","seat":-1,"cubes":-1}`,
	} {
		f.Add([]byte(seed), uint8(0), false)
	}
	tt := newTestTable(f, 2, ManagerOpts{})
	f.Fuzz(func(t *testing.T, action []byte, who uint8, host bool) {
		a := Access{Viewer: engine.Public, Host: host}
		if who%3 > 0 {
			a.Viewer = engine.PlayerViewer(engine.Seat(who%3 - 1))
		}
		before := tt.s.View(engine.Public)
		res, err := tt.s.Submit(bg, Submission{Access: a, Action: action, BaseVersion: before.Version, Source: "fuzz"})
		after := tt.s.View(engine.Public)
		if err != nil {
			if mustJSON(t, after) != mustJSON(t, before) {
				t.Fatalf("refused %q (%v) but the table changed", action, err)
			}
			return
		}
		if res.Version != before.Version+1 || after.Version != res.Version {
			t.Fatalf("accepted %q: version %d -> %d (result %d)", action, before.Version, after.Version, res.Version)
		}
	})
}
