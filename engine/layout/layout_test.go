package layout

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"strings"
	"testing"
)

// TestDefaultMatchesDesign keeps the one embedded board equal to the design
// file, when that file is beside the checkout.
func TestDefaultMatchesDesign(t *testing.T) {
	design, err := os.ReadFile("../../../shared/design/battle-board.default.json")
	if err != nil {
		t.Skip("design file not beside the checkout:", err)
	}
	if !bytes.Equal(bytes.TrimSpace(design), bytes.TrimSpace(defaultJSON)) {
		t.Error("board.default.json differs from ../shared/design/battle-board.default.json")
	}
}

// A cube on the board lands in the zone it lies in; a point in a gap or on
// the outer edge goes to the nearest zone.
func TestDefaultZoneAt(t *testing.T) {
	l := Default()
	if len(l.Zones) != 12 {
		t.Fatalf("%d zones, want 12", len(l.Zones))
	}
	for _, c := range []struct {
		p    Point
		zone string
	}{
		{Point{X: 100, Y: 60}, "explode"},
		{Point{X: 10, Y: 10}, "damage-left"},
		{Point{X: 60, Y: 60}, "strength-1-left"},
		{Point{X: 190, Y: 110}, "plunder-choice-right"},
		{Point{X: -5, Y: -5}, "damage-left"},
	} {
		if got := l.ZoneAt(c.p).ID; got != c.zone {
			t.Errorf("ZoneAt(%v) = %s, want %s", c.p, got, c.zone)
		}
	}
	if z := l.Zone("strength-1-plunder"); z == nil || !z.Has(Strength) || !z.Has(Cargo) || z.Has(Damage) {
		t.Errorf("strength-1-plunder: %+v", z)
	}
	if l.Zone("deck") != nil {
		t.Error("a zone the board does not have was found")
	}
	// The raised borders run between zones, not along the board's edge.
	if d := l.BorderDist(Point{X: 35, Y: 20}); d > 1e-9 {
		t.Errorf("border distance on the damage-left/cargo edge = %g", d)
	}
	if d := l.BorderDist(Point{X: 100, Y: 1}); d < 14.9 {
		t.Errorf("the outer edge counted as a border: %g", d)
	}
}

// A board written back out parses to the same zones: what the calibration
// page saves is what the rules and the camera read.
func TestRoundTrip(t *testing.T) {
	l := Default()
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	m, err := Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(m.ZoneIDs(), ",") != strings.Join(l.ZoneIDs(), ",") || len(m.Borders()) != len(l.Borders()) {
		t.Errorf("round trip changed the board: %v / %d borders, want %v / %d", m.ZoneIDs(), len(m.Borders()), l.ZoneIDs(), len(l.Borders()))
	}
}

func TestParseRefusals(t *testing.T) {
	tri := `"polygon":[[0,0],[10,0],[10,10]]`
	for name, js := range map[string]string{
		"not JSON":      `{`,
		"trailing":      `{"zones":[{"id":"a",` + tri + `}]} {}`,
		"unknown field": `{"colour":1,"zones":[{"id":"a",` + tri + `}]}`,
		"no zones":      `{"zones":[]}`,
		"inches":        `{"units":"in","zones":[{"id":"a",` + tri + `}]}`,
		"negative size": `{"width":-1,"zones":[{"id":"a",` + tri + `}]}`,
		"huge size":     `{"width":1e9,"zones":[{"id":"a",` + tri + `}]}`,
		"no id":         `{"zones":[{` + tri + `}]}`,
		"duplicate id":  `{"zones":[{"id":"a",` + tri + `},{"id":"a",` + tri + `}]}`,
		"two corners":   `{"zones":[{"id":"a","polygon":[[0,0],[1,0]]}]}`,
		"unknown kind":  `{"zones":[{"id":"a",` + tri + `,"effects":[{"kind":"gold","n":1}]}]}`,
		"negative n":    `{"zones":[{"id":"a",` + tri + `,"effects":[{"kind":"coin","n":-1}]}]}`,
	} {
		if _, err := Parse([]byte(js)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

// The geometry a camera needs is checked apart from the format: the rules
// take a board drawn without sizes, the camera does not.
func TestCheckGeometry(t *testing.T) {
	ok := `{"width":200,"height":120,"cube_mm":8,"zones":[{"id":"a","polygon":[[0,0],[10,0],[10,10]]}]}`
	l, err := Parse([]byte(ok))
	if err != nil {
		t.Fatal(err)
	}
	if err := l.CheckGeometry(); err != nil {
		t.Fatalf("a board on its size refused: %v", err)
	}
	for name, js := range map[string]string{
		"no size":      `{"cube_mm":8,"zones":[{"id":"a","polygon":[[0,0],[10,0],[10,10]]}]}`,
		"no cube size": `{"width":200,"height":120,"zones":[{"id":"a","polygon":[[0,0],[10,0],[10,10]]}]}`,
		"tall border":  `{"width":200,"height":120,"cube_mm":8,"border_mm":17,"zones":[{"id":"a","polygon":[[0,0],[10,0],[10,10]]}]}`,
		"outside":      `{"width":200,"height":120,"cube_mm":8,"zones":[{"id":"a","polygon":[[0,0],[300,0],[10,10]]}]}`,
		"flat":         `{"width":200,"height":120,"cube_mm":8,"zones":[{"id":"a","polygon":[[0,0],[10,0],[20,0]]}]}`,
	} {
		l, err := Parse([]byte(js))
		if err != nil {
			t.Errorf("%s: the format refused: %v", name, err)
			continue
		}
		if err := l.CheckGeometry(); err == nil {
			t.Errorf("%s: accepted by CheckGeometry", name)
		}
	}
}

// A Layout decoded without Parse (a view's JSON) still finds its zones.
func TestZoneWithoutParse(t *testing.T) {
	var l Layout
	if err := json.Unmarshal(defaultJSON, &l); err != nil {
		t.Fatal(err)
	}
	if z := l.Zone("explode"); z == nil || !z.Has(Explode) {
		t.Errorf("explode: %+v", z)
	}
}

func FuzzParse(f *testing.F) {
	f.Add(defaultJSON)
	f.Add([]byte(`{"zones":[{"id":"x","polygon":[[0,0],[1,0],[1,1]],"effects":[{"kind":"explode","n":1}]}]}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse(data)
		if err != nil {
			return
		}
		for _, id := range l.ZoneIDs() {
			if l.Zone(id) == nil {
				t.Fatal(id)
			}
		}
		geomErr := l.CheckGeometry()
		z := l.ZoneAt(Point{X: l.Width / 2, Y: l.Height / 2})
		if z == nil {
			t.Fatal("no zone for the board's middle")
		}
		if d := l.BorderDist(Point{}); geomErr == nil && math.IsNaN(d) {
			t.Fatal("NaN border distance")
		}
	})
}
