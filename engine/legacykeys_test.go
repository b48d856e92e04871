package engine

import (
	"encoding/json"
	"reflect"
	"testing"
)

var testKeys = LegacyKeys{"color": "colour", "used_cannons": "usedCannons", "tie_break": "tieBreak"}

// Old names are renamed at any depth, in arrays too; values that happen to
// spell an old name are left alone; numbers keep their digits.
func TestLegacyKeysRewriteOldNames(t *testing.T) {
	in := `{"players":[{"name":"Ann","color":"purple"}],"battle":{"used_cannons":{"front":1}},` +
		`"tie_break":null,"note":"color","big":12345678901234567890,"x":1.50,"ok":true}`
	got := testKeys.Rewrite([]byte(in))
	var a, b any
	if err := json.Unmarshal(got, &a); err != nil {
		t.Fatalf("rewrite %s: %v", got, err)
	}
	want := `{"players":[{"name":"Ann","colour":"purple"}],"battle":{"usedCannons":{"front":1}},` +
		`"tieBreak":null,"note":"color","big":12345678901234567890,"x":1.50,"ok":true}`
	_ = json.Unmarshal([]byte(want), &b)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("rewrote\n %s\nto\n %s\nwant\n %s", in, got, want)
	}
	if string(got) != want {
		t.Errorf("rewrote to %s, want exactly %s (order and digits kept)", got, want)
	}
}

// JSON naming no old key, and input that is not JSON, pass unchanged.
func TestLegacyKeysLeaveTheRestAlone(t *testing.T) {
	for _, in := range []string{`{"colour":"purple", "n": 1}`, `{"color":`, `not json "color"`, ``, `{"color":1} trailing`} {
		got := string(testKeys.Rewrite([]byte(in)))
		switch in {
		case `{"color":1} trailing`:
			if got != `{"colour":1} trailing` {
				t.Errorf("%q became %q: trailing data must stay for the decoder to refuse", in, got)
			}
		default:
			if got != in {
				t.Errorf("%q became %q", in, got)
			}
		}
	}
}

// An object with both the old and the new name keeps both, so a strict
// decoder sees two values for one field rather than one silently winning.
func TestLegacyKeysKeepBothNames(t *testing.T) {
	got := string(testKeys.Rewrite([]byte(`{"color":"red","colour":"blue"}`)))
	if got != `{"colour":"red","colour":"blue"}` {
		t.Errorf("got %s", got)
	}
}

func FuzzLegacyKeysRewrite(f *testing.F) {
	f.Add([]byte(`{"players":[{"color":"purple"}],"used_cannons":{"a":1}}`))
	f.Add([]byte(`[{"tie_break":{"color":[1,2,{"x":null}]}}]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		out := testKeys.Rewrite(data)
		if json.Valid(data) != json.Valid(out) {
			t.Fatalf("validity changed: %q -> %q", data, out)
		}
	})
}
