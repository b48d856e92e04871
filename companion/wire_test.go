package companion

import (
	"bytes"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// message is the WebSocket message as a client decodes it.
type message struct {
	Type     string         `json:"type"`
	Snapshot Snapshot       `json:"snapshot"`
	Events   []engine.Event `json:"events"`
	Notice   *Notice        `json:"notice"`
}

func decodeMessage(t *testing.T, b []byte) message {
	t.Helper()
	var m message
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		t.Fatalf("message is not the expected JSON: %v\n%s", err, b)
	}
	return m
}

// Every subscriber of one viewer gets the same encoded bytes; each viewer's
// bytes hold only what that viewer may see.
func TestUpdatesEncodedOncePerViewer(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	var pub, ann, ben []<-chan Update
	for i := 0; i < 3; i++ {
		ch, cancel := tt.s.Subscribe(engine.Public, 0)
		defer cancel()
		pub = append(pub, ch)
		ch, cancel = tt.s.Subscribe(engine.PlayerViewer(0), 0)
		defer cancel()
		ann = append(ann, ch)
	}
	ch, cancel := tt.s.Subscribe(engine.PlayerViewer(1), 0)
	defer cancel()
	ben = append(ben, ch)

	tt.must(tt.player(0), json.RawMessage(`{"type":"hide","seat":0,"coins":4,"note":"under the mast"}`))

	msgs := func(chs []<-chan Update) [][]byte {
		var out [][]byte
		for _, ch := range chs {
			u := <-ch
			b, err := u.Message()
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, b)
		}
		return out
	}
	p, a, b := msgs(pub), msgs(ann), msgs(ben)
	for i := 1; i < 3; i++ {
		if &p[i][0] != &p[0][0] || &a[i][0] != &a[0][0] {
			t.Errorf("subscribers of one viewer must share one encoding")
		}
	}
	if bytes.Contains(p[0], []byte("under the mast")) || bytes.Contains(b[0], []byte("under the mast")) {
		t.Errorf("Ann's secret reached another viewer:\n%s\n%s", p[0], b[0])
	}
	if !bytes.Contains(a[0], []byte("under the mast")) {
		t.Errorf("Ann's phone must get her secret: %s", a[0])
	}
	m := decodeMessage(t, a[0])
	if m.Type != "view" || m.Snapshot.Version != 1 || len(m.Events) != 1 || m.Snapshot.Table != tt.s.ID() {
		t.Errorf("decoded message: %+v", m)
	}
	var v struct {
		Mine *int `json:"mine"`
	}
	if err := json.Unmarshal(m.Snapshot.View, &v); err != nil || v.Mine == nil || *v.Mine != 4 {
		t.Errorf("Ann's view in her message: %s (%v)", m.Snapshot.View, err)
	}
}

// The spliced encoding is the same JSON as a plain encoding, whatever the
// players are called.
func TestMessageEncodingMatchesPlainJSON(t *testing.T) {
	for _, name := range []string{"Ann", `"view":0`, `a","view":0,"x":"`, "Zoë \u2028 <b>&"} {
		u := Update{
			Snapshot: Snapshot{Table: "t1", Rules: "test-counter", Version: 3, View: json.RawMessage(`{"counter": 3, "names":["` + "x" + `"]}`),
				Players: []PlayerInfo{{Name: name, Colour: "red", Seat: 0}}},
			Events: []engine.Event{engine.NewEvent("added", 0, name+" added 1", map[string]int{"n": 1})},
		}
		got, err := u.Message()
		if err != nil {
			t.Fatal(err)
		}
		plain, _ := json.Marshal(struct {
			Type     string         `json:"type"`
			Snapshot Snapshot       `json:"snapshot"`
			Events   []engine.Event `json:"events"`
		}{"view", u.Snapshot, u.Events})
		var a, b any
		if err := json.Unmarshal(got, &a); err != nil {
			t.Fatalf("name %q: not JSON: %v\n%s", name, err, got)
		}
		json.Unmarshal(plain, &b)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("name %q:\n got %s\nwant %s", name, got, plain)
		}
	}
	n := Update{Snapshot: Snapshot{Table: "t", View: json.RawMessage(`{}`)}, Notice: &Notice{Kind: NoticeButton, Text: "Ann pressed"}}
	b, _ := n.Message()
	if m := decodeMessage(t, b); m.Type != "notice" || m.Notice == nil || m.Notice.Text != "Ann pressed" {
		t.Errorf("notice message: %s", b)
	}
}
