package battle

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/layout"
)

// TestDefaultLayoutMatchesDesign keeps the embedded copy equal to the design
// file the camera reader uses, when that file is beside the checkout.
func TestDefaultLayoutMatchesDesign(t *testing.T) {
	design, err := os.ReadFile("../../../../shared/design/battle-board.default.json")
	if err != nil {
		t.Skip("design file not beside the checkout:", err)
	}
	if !bytes.Equal(bytes.TrimSpace(design), bytes.TrimSpace(layout.DefaultJSON())) {
		t.Error("board.default.json differs from ../shared/design/battle-board.default.json")
	}
}

func TestDefaultLayout(t *testing.T) {
	l := DefaultLayout()
	if len(l.Zones) != 12 {
		t.Fatalf("%d zones", len(l.Zones))
	}
	z, ok := l.Zone("strength-1-plunder")
	if !ok || !z.Has(Strength) || !z.Has(Cargo) {
		t.Fatalf("strength-1-plunder: %+v", z)
	}
	r := Read{Cubes: map[string]map[string]int{"purple": {"strength-1-plunder": 2, "strength-2-top": 1, "damage-left": 1, "plunder-choice-left": 1, "explode": 1}}}
	if err := l.CheckRead(r, map[string]int{"purple": 6}); err != nil {
		t.Fatal(err)
	}
	got := l.TallyOf(r, "purple")
	want := Tally{Strength: 4, Cargo: 2, Damage: 1, CargoOrCoin: 1, Explode: 1}
	if got != want {
		t.Errorf("tally %+v, want %+v", got, want)
	}
	if n := l.InExplode(r, "purple"); n != 1 {
		t.Errorf("InExplode %d", n)
	}
}

func TestParseLayoutRefusals(t *testing.T) {
	cases := map[string]string{
		"not JSON":       `{`,
		"no zones":       `{"zones":[]}`,
		"unknown field":  `{"zones":[],"colour":1}`,
		"unknown effect": `{"zones":[{"id":"a","polygon":[[0,0],[1,0],[1,1]],"effects":[{"kind":"gold","n":1}]},{"id":"x","polygon":[[0,0],[1,0],[1,1]],"effects":[{"kind":"explode","n":1}]}]}`,
		"duplicate id":   `{"zones":[{"id":"x","polygon":[[0,0],[1,0],[1,1]],"effects":[{"kind":"strength","n":1}]},{"id":"x","polygon":[[0,0],[1,0],[1,1]],"effects":[{"kind":"explode","n":1}]}]}`,
		"no explode":     `{"zones":[{"id":"a","polygon":[[0,0],[1,0],[1,1]],"effects":[{"kind":"strength","n":1}]}]}`,
		"zero n":         `{"zones":[{"id":"a","polygon":[[0,0],[1,0],[1,1]],"effects":[{"kind":"strength","n":0}]},{"id":"x","polygon":[[0,0],[1,0],[1,1]],"effects":[{"kind":"explode","n":1}]}]}`,
		"two corners":    `{"zones":[{"id":"x","polygon":[[0,0],[1,0]],"effects":[{"kind":"explode","n":1}]}]}`,
	}
	for name, data := range cases {
		if _, err := ParseLayout([]byte(data)); err == nil || !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%s: got %v, want a malformed-input error", name, err)
		}
	}
}

func TestCheckReadRefusals(t *testing.T) {
	l := DefaultLayout()
	want := map[string]int{"purple": 2, "black": 1}
	cases := []struct {
		name string
		r    Read
		code string
	}{
		{"unknown colour", Read{Cubes: map[string]map[string]int{"purple": {"explode": 2}, "black": {"explode": 1}, "green": {"explode": 1}}}, CodeReadColour},
		{"unknown zone", Read{Cubes: map[string]map[string]int{"purple": {"deck": 2}, "black": {"explode": 1}}}, CodeReadZone},
		{"negative", Read{Cubes: map[string]map[string]int{"purple": {"explode": 3, "damage-left": -1}, "black": {"explode": 1}}}, CodeReadCount},
		{"lost cube", Read{Cubes: map[string]map[string]int{"purple": {"explode": 1}, "black": {"explode": 1}}}, CodeReadCount},
		{"extra cube", Read{Cubes: map[string]map[string]int{"purple": {"explode": 2}, "black": {"explode": 1}}, Redrop: map[string]int{"black": 1}}, CodeReadCount},
		{"unknown redrop colour", Read{Cubes: map[string]map[string]int{"purple": {"explode": 2}, "black": {"explode": 1}}, Redrop: map[string]int{"red": 1}}, CodeReadColour},
	}
	for _, tc := range cases {
		err := l.CheckRead(tc.r, want)
		re, ok := engine.AsRuleError(err)
		if !ok || re.Code != tc.code || re.Page != 19 {
			t.Errorf("%s: got %v, want %s", tc.name, err, tc.code)
		}
	}
	// A zone no board has, or a count below zero, is answered with what
	// to count, never with the zone's id sent back.
	for i, said := range map[int]string{
		1: "The read names a zone that is not on this battle board: count the cubes in its zones or on a border",
		2: "Count 0 or more purple cubes in each zone",
	} {
		re, _ := engine.AsRuleError(l.CheckRead(cases[i].r, want))
		if re == nil || re.Detail != said {
			t.Errorf("%s: got %v, want %q", cases[i].name, re, said)
		}
	}
}

func FuzzParseLayout(f *testing.F) {
	f.Add(layout.DefaultJSON())
	f.Add([]byte(`{"zones":[{"id":"x","polygon":[[0,0],[1,0],[1,1]],"effects":[{"kind":"explode","n":1}]}]}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := ParseLayout(data)
		if err != nil {
			if !errors.Is(err, engine.ErrMalformed) {
				t.Fatal(err)
			}
			return
		}
		if !strings.Contains(l.String(), "zones") {
			t.Fatal(l.String())
		}
		for _, id := range l.ZoneIDs() {
			if _, ok := l.Zone(id); !ok {
				t.Fatal(id)
			}
		}
	})
}
