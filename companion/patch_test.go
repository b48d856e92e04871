package companion

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/internal/jsonpatch"
)

func decode(t testing.TB, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	return v
}

// The patch of a snapshot covers its version, view and expects, and the
// message names both versions.
func TestPatchMessage(t *testing.T) {
	players := []PlayerInfo{{Name: "Ann", Seat: 0}}
	a := Snapshot{Table: "t1", Rules: "test-counter", Version: 4, View: json.RawMessage(`{"counter":3,"name":"Test Isle","long":"` + strings.Repeat("x", 2000) + `"}`), Players: players, Expects: []engine.Expect{}}
	b := a
	b.Version, b.View = 5, json.RawMessage(`{"counter":4,"name":"Test Isle","long":"`+strings.Repeat("x", 2000)+`"}`)
	b.Expects = []engine.Expect{{Kind: "cubes", ID: "battle"}}
	u := Update{Snapshot: b, Events: []engine.Event{engine.NewEvent("added", 0, "Ann added 1", nil)}}
	u.wire = &wire{u: u, base: &a}
	msg, err := u.PatchMessage()
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Type    string          `json:"type"`
		Base    uint64          `json:"base"`
		Version uint64          `json:"version"`
		Patch   json.RawMessage `json:"patch"`
		Events  []engine.Event  `json:"events"`
	}
	if err := json.Unmarshal(msg, &m); err != nil || m.Type != "patch" || m.Base != 4 || m.Version != 5 || len(m.Events) != 1 {
		t.Fatalf("patch message: %s (%v)", msg, err)
	}
	ab, _ := json.Marshal(a)
	bb, _ := json.Marshal(b)
	got, err := jsonpatch.Apply(decode(t, ab), m.Patch)
	if err != nil || !reflect.DeepEqual(got, decode(t, bb)) {
		t.Errorf("the patch does not give the new snapshot: %v\n%s", err, m.Patch)
	}
	if len(msg) >= len(b.View) {
		t.Errorf("patch message of %d bytes for a view of %d", len(msg), len(b.View))
	}
	// Nothing worth patching: the full message.
	c := b
	c.Version, c.View = 6, json.RawMessage(`{"other":true}`)
	c.Players = []PlayerInfo{{Name: strings.Repeat("Test Captain ", 10), Seat: 0}}
	u2 := Update{Snapshot: c}
	u2.wire = &wire{u: u2, base: &b}
	full, _ := u2.PatchMessage()
	if !bytes.Contains(full, []byte(`"type":"view"`)) {
		t.Errorf("a patch longer than the view must fall back to the full view: %s", full)
	}
}

// Through a session: every subscriber's patch, applied to the snapshot it
// held, gives the snapshot the session shows it now; a phone's patches
// never carry another seat's secret.
func TestPatchesPerViewerAndPrivate(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	viewers := []engine.Viewer{engine.Public, engine.PlayerViewer(0), engine.PlayerViewer(1)}
	chs := make([]<-chan Update, len(viewers))
	held := make([]any, len(viewers))
	for i, v := range viewers {
		ch, cancel := tt.s.Subscribe(v, 0)
		defer cancel()
		chs[i] = ch
		b, _ := json.Marshal(tt.s.View(v))
		held[i] = decode(t, b)
	}
	actions := []string{
		`{"type":"add","seat":0,"n":2}`,
		`{"type":"hide","seat":0,"coins":4,"note":"under the mast"}`,
		`{"type":"add","seat":1,"n":1}`,
		`{"type":"hide","seat":0,"coins":1,"note":"in the bilge"}`,
	}
	patches := 0
	for _, a := range actions {
		var act struct {
			Seat engine.Seat `json:"seat"`
		}
		json.Unmarshal([]byte(a), &act)
		tt.must(tt.player(act.Seat), json.RawMessage(a))
		for i, v := range viewers {
			u := <-chs[i]
			msg, err := u.PatchMessage()
			if err != nil {
				t.Fatal(err)
			}
			var m struct {
				Type     string          `json:"type"`
				Base     uint64          `json:"base"`
				Version  uint64          `json:"version"`
				Patch    json.RawMessage `json:"patch"`
				Snapshot json.RawMessage `json:"snapshot"`
			}
			json.Unmarshal(msg, &m)
			if v.Seat != 0 && (bytes.Contains(msg, []byte("mast")) || bytes.Contains(msg, []byte("bilge"))) {
				t.Errorf("Ann's secret reached viewer %v: %s", v, msg)
			}
			switch m.Type {
			case "patch":
				patches++
				if hv := held[i].(map[string]any)["version"].(float64); uint64(hv) != m.Base {
					t.Fatalf("viewer %v holds version %v, the patch is against %d", v, hv, m.Base)
				}
				if held[i], err = jsonpatch.Apply(held[i], m.Patch); err != nil {
					t.Fatal(err)
				}
			case "view":
				held[i] = decode(t, m.Snapshot)
			default:
				t.Fatalf("message %s", msg)
			}
			now, _ := json.Marshal(tt.s.View(v))
			if !reflect.DeepEqual(held[i], decode(t, now)) {
				t.Errorf("viewer %v after %s: holds %v, the table shows %s", v, a, held[i], now)
			}
			// The views were made while the entry was written (and
			// cached): they are the game's view now, drawn afresh.
			tt.s.mu.Lock()
			fresh := encodeView(tt.s.game, v)
			tt.s.mu.Unlock()
			if got := held[i].(map[string]any)["view"]; !reflect.DeepEqual(got, decode(t, fresh)) {
				t.Errorf("viewer %v after %s: holds the view %v, the game draws %s", v, a, got, fresh)
			}
		}
	}
	if patches < len(actions)*len(viewers)/2 {
		t.Errorf("only %d of %d updates were patches", patches, len(actions)*len(viewers))
	}
	if !strings.Contains(fmt.Sprint(held[1]), "bilge") {
		t.Errorf("Ann's phone must hold her secret: %v", held[1])
	}
}
