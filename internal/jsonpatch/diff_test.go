package jsonpatch

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/quartermaster-table/quartermaster/internal/jsonpatch/jsonpatchtest"
)

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
	patch, err := Diff(a, b)
	if err != nil {
		t.Fatalf("diff: %v\na=%s\nb=%s", err, a, b)
	}
	got, err := Apply(decode(t, a), patch)
	if err != nil {
		t.Fatalf("apply: %v\na=%s\nb=%s\npatch=%s", err, a, b, patch)
	}
	if want := decode(t, b); !reflect.DeepEqual(got, want) {
		t.Fatalf("patch does not give the new value\na=%s\nb=%s\npatch=%s\ngot=%v", a, b, patch, got)
	}
	return patch
}

// For random pairs of values, unrelated or one a change of the other,
// applying the patch to the old gives the new.
func TestDiffRoundTrip(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 6902))
	for i := 0; i < 3000; i++ {
		a := jsonpatchtest.Value(r, 4)
		b := jsonpatchtest.Change(r, a)
		if i%5 == 0 {
			b = jsonpatchtest.Value(r, 4)
		}
		ab, _ := json.Marshal(a)
		bb, _ := json.Marshal(b)
		roundTrip(t, ab, bb)
		roundTrip(t, bb, ab)
	}
}

func FuzzDiffRoundTrip(f *testing.F) {
	f.Add(uint64(1), uint64(2))
	f.Add(uint64(7), uint64(7))
	f.Fuzz(func(t *testing.T, s1, s2 uint64) {
		r := rand.New(rand.NewPCG(s1, s2))
		a := jsonpatchtest.Value(r, 5)
		b := jsonpatchtest.Change(r, a)
		ab, _ := json.Marshal(a)
		bb, _ := json.Marshal(b)
		roundTrip(t, ab, bb)
	})
}

// A small change gives a small patch with the path of the change; a
// changed array is patched by index; a subtree that changed everywhere is
// replaced whole.
func TestDiffIsSmall(t *testing.T) {
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

// A patch that does not fit the document is an error, never a panic.
func FuzzApply(f *testing.F) {
	f.Add([]byte(`{"a":[1,2],"b":{"c":null}}`), []byte(`[{"op":"add","path":"/a/-","value":3},{"op":"remove","path":"/b/c"}]`))
	f.Add([]byte(`[1]`), []byte(`[{"op":"replace","path":"/01","value":3}]`))
	f.Add([]byte(`{}`), []byte(`[{"op":"move","path":"/x"}]`))
	f.Fuzz(func(t *testing.T, doc, patch []byte) {
		var d any
		if json.Unmarshal(doc, &d) != nil {
			return
		}
		Apply(d, patch)
	})
}

// Refusals a client relies on to ask for the full view instead.
func TestApplyRefusesWhatDoesNotFit(t *testing.T) {
	for _, p := range []string{
		`[{"op":"replace","path":"/missing","value":1}]`,
		`[{"op":"remove","path":"/a/5"}]`,
		`[{"op":"add","path":"/a/01","value":1}]`,
		`[{"op":"copy","path":"/a","from":"/b"}]`,
		`[{"op":"add","path":"/a/0/x","value":1}]`,
		`[{"op":"add","path":"a","value":1}]`,
		`{"op":"add"}`,
	} {
		if _, err := Apply(map[string]any{"a": []any{1.0}}, []byte(p)); err == nil {
			t.Errorf("patch %s applied", p)
		}
	}
}

// Any two JSON documents (canonical, then indented: the diff must also
// walk whitespace), the patch applied to the first gives the second.
func FuzzDiffDocuments(f *testing.F) {
	f.Add([]byte(`{"a":[1,{"b":"x\"y"}],"c/d":null}`), []byte(`{"a":[1,{"b":"z"},3],"~":true}`))
	f.Add([]byte(`[]`), []byte(`{"\u00e9\\":[[],{}]}`))
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var da, db any
		if json.Unmarshal(a, &da) != nil || json.Unmarshal(b, &db) != nil {
			return
		}
		ca, _ := json.Marshal(da)
		cb, _ := json.Marshal(db)
		roundTrip(t, ca, cb)
		var ia, ib bytes.Buffer
		json.Indent(&ia, ca, " ", "\t")
		json.Indent(&ib, cb, "", "  ")
		roundTrip(t, ia.Bytes(), ib.Bytes())
	})
}
