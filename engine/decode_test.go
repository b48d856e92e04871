package engine

import (
	"strings"
	"testing"
)

func TestDecodeStrict(t *testing.T) {
	var v struct {
		Gold int `json:"gold"`
	}
	if err := DecodeStrict([]byte(`{"gold": 3}`), &v); err != nil || v.Gold != 3 {
		t.Fatalf("a plain value: %v, %+v", err, v)
	}
	for in, want := range map[string]string{
		`{"glod": 3}`:       "unknown field",
		`{"gold": "3"}`:     "gold: want int, not a JSON string",
		`{"gold": 3} {"x"}`: "more data after the value",
		`{"gold": 3`:        "EOF",
	} {
		if err := DecodeStrict([]byte(in), &v); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want an error saying %q", in, err, want)
		}
	}
}
