package companion

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// applyPatch applies an RFC 6902 patch (add, remove, replace) to a decoded
// JSON document, as a client does; the test's own, independent of the diff.
func applyPatch(doc any, patch []byte) (any, error) {
	var ops []struct {
		Op    string          `json:"op"`
		Path  string          `json:"path"`
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(patch, &ops); err != nil {
		return nil, err
	}
	for _, op := range ops {
		var val any
		if op.Op != "remove" {
			if err := json.Unmarshal(op.Value, &val); err != nil {
				return nil, fmt.Errorf("%s %s: %v", op.Op, op.Path, err)
			}
		}
		var err error
		if doc, err = applyOp(doc, op.Op, op.Path, val); err != nil {
			return nil, err
		}
	}
	return doc, nil
}

func applyOp(doc any, op, path string, val any) (any, error) {
	if path == "" {
		if op == "remove" {
			return nil, fmt.Errorf("remove of the whole document")
		}
		return val, nil
	}
	if path[0] != '/' {
		return nil, fmt.Errorf("path %q", path)
	}
	toks := strings.Split(path[1:], "/")
	for i, t := range toks {
		toks[i] = strings.ReplaceAll(strings.ReplaceAll(t, "~1", "/"), "~0", "~")
	}
	var walk func(cur any, toks []string) (any, error)
	walk = func(cur any, toks []string) (any, error) {
		last := len(toks) == 1
		switch c := cur.(type) {
		case map[string]any:
			k := toks[0]
			if !last {
				child, ok := c[k]
				if !ok {
					return nil, fmt.Errorf("%s: no key %q", path, k)
				}
				n, err := walk(child, toks[1:])
				c[k] = n
				return c, err
			}
			_, had := c[k]
			switch op {
			case "remove":
				if !had {
					return nil, fmt.Errorf("%s: remove of a missing key", path)
				}
				delete(c, k)
			case "replace":
				if !had {
					return nil, fmt.Errorf("%s: replace of a missing key", path)
				}
				c[k] = val
			case "add":
				c[k] = val
			}
			return c, nil
		case []any:
			i, err := strconv.Atoi(toks[0])
			if err != nil || i < 0 || i > len(c) || (i == len(c) && (op != "add" || !last)) {
				return nil, fmt.Errorf("%s: index %q of %d", path, toks[0], len(c))
			}
			if !last {
				n, err := walk(c[i], toks[1:])
				c[i] = n
				return c, err
			}
			switch op {
			case "remove":
				return append(c[:i:i], c[i+1:]...), nil
			case "replace":
				c[i] = val
				return c, nil
			case "add":
				out := append(c[:i:i], val)
				return append(out, c[i:]...), nil
			}
		}
		return nil, fmt.Errorf("%s: cannot step into %T", path, cur)
	}
	return walk(doc, toks)
}

func decode(t testing.TB, b []byte) any {
	t.Helper()
	var v any
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b)
	}
	return v
}

// roundTrip checks that the patch from a to b, applied to a, gives b.
func roundTrip(t testing.TB, a, b []byte) []byte {
	t.Helper()
	out, err := diffValue([]byte{'['}, "", a, b)
	if err != nil {
		t.Fatalf("diff: %v\na=%s\nb=%s", err, a, b)
	}
	if len(out) > 1 {
		out = out[:len(out)-1]
	}
	patch := append(out, ']')
	got, err := applyPatch(decode(t, a), patch)
	if err != nil {
		t.Fatalf("apply: %v\na=%s\nb=%s\npatch=%s", err, a, b, patch)
	}
	if want := decode(t, b); !reflect.DeepEqual(got, want) {
		t.Fatalf("patch does not give the new value\na=%s\nb=%s\npatch=%s\ngot=%v", a, b, patch, got)
	}
	return patch
}

// randValue makes a random JSON value, with keys that need escaping in a
// JSON pointer or a JSON string now and then.
func randValue(r *rand.Rand, depth int) any {
	keys := []string{"a", "b", "cargo", "holds", "x/y", "m~n", "~1", "", "é", `q"uote`, "0", "ships"}
	k := r.IntN(8)
	if depth <= 0 {
		k = r.IntN(5)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return float64(r.IntN(200) - 50)
	case 3:
		return keys[r.IntN(len(keys))] + strings.Repeat("z", r.IntN(3))
	case 4:
		return "Test Isle " + strconv.Itoa(r.IntN(5))
	case 5, 6:
		m := map[string]any{}
		for i, n := 0, r.IntN(5); i < n; i++ {
			m[keys[r.IntN(len(keys))]] = randValue(r, depth-1)
		}
		return m
	default:
		var a []any
		for i, n := 0, r.IntN(5); i < n; i++ {
			a = append(a, randValue(r, depth-1))
		}
		return a
	}
}

// mutate changes a few places of v (a copy), so pairs are like a view and
// the next one: mostly the same.
func mutate(r *rand.Rand, v any) any {
	switch c := v.(type) {
	case map[string]any:
		m := map[string]any{}
		for k, x := range c {
			switch r.IntN(8) {
			case 0: // dropped
			case 1:
				m[k] = randValue(r, 2)
			default:
				m[k] = mutate(r, x)
			}
		}
		if r.IntN(4) == 0 {
			m["new"+strconv.Itoa(r.IntN(3))] = randValue(r, 2)
		}
		return m
	case []any:
		var a []any
		for _, x := range c {
			if r.IntN(8) != 0 {
				a = append(a, mutate(r, x))
			}
		}
		for r.IntN(3) == 0 {
			a = append(a, randValue(r, 2))
		}
		return a
	}
	if r.IntN(4) == 0 {
		return randValue(r, 1)
	}
	return v
}

// For random pairs of values, unrelated or one a change of the other,
// applying the patch to the old gives the new.
func TestPatchRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 6902))
	for i := 0; i < 3000; i++ {
		a := randValue(r, 4)
		b := mutate(r, a)
		if i%5 == 0 {
			b = randValue(r, 4)
		}
		ab, _ := json.Marshal(a)
		bb, _ := json.Marshal(b)
		roundTrip(t, ab, bb)
		roundTrip(t, bb, ab)
	}
}

func FuzzPatchRoundTrip(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(7), uint64(7))
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		r := rand.New(rand.NewPCG(s1, s2))
		a := randValue(r, 5)
		b := mutate(r, a)
		ab, _ := json.Marshal(a)
		bb, _ := json.Marshal(b)
		roundTrip(t, ab, bb)
	})
}

// A small change gives a small patch with the path of the change; a
// changed array is patched by index; a subtree that changed everywhere is
// replaced whole.
func TestPatchIsSmall(t *testing.T) {
	a := []byte(`{"ships":[{"name":"Test Sloop","holds":{"A":{"cargo":1,"label":"Test fore hold"},"D":{"label":"Test aft hold"}}},{"name":"Test Brig","holds":{}}],"round":3}`)
	b := []byte(`{"ships":[{"name":"Test Sloop","holds":{"A":{"label":"Test fore hold"},"D":{"cargo":1,"label":"Test aft hold"}}},{"name":"Test Brig","holds":{}}],"round":3}`)
	p := roundTrip(t, a, b)
	want := `[{"op":"remove","path":"/ships/0/holds/A/cargo"},{"op":"add","path":"/ships/0/holds/D/cargo","value":1}]`
	if string(p) != want {
		t.Errorf("patch\n got %s\nwant %s", p, want)
	}
	p = roundTrip(t, []byte(`{"log":[1,2,3,4,5,6,7,8]}`), []byte(`{"log":[0,1,2,3,4,5,6,7,8]}`))
	if string(p) != `[{"op":"replace","path":"/log","value":[0,1,2,3,4,5,6,7,8]}]` {
		t.Errorf("an array shifted by one is cheaper replaced whole: %s", p)
	}
	p = roundTrip(t, []byte(`{"a":[1,2,3]}`), []byte(`{"a":[1,2]}`))
	if string(p) != `[{"op":"remove","path":"/a/2"}]` {
		t.Errorf("a shorter array: %s", p)
	}
	if p := roundTrip(t, a, a); string(p) != `[]` {
		t.Errorf("no change must be an empty patch: %s", p)
	}
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
	got, err := applyPatch(decode(t, ab), m.Patch)
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
				if held[i], err = applyPatch(held[i], m.Patch); err != nil {
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
		}
	}
	if patches < len(actions)*len(viewers)/2 {
		t.Errorf("only %d of %d updates were patches", patches, len(actions)*len(viewers))
	}
	if !strings.Contains(fmt.Sprint(held[1]), "bilge") {
		t.Errorf("Ann's phone must hold her secret: %v", held[1])
	}
}
