package layout

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// TrayWholeZone is the zone id of a tray file that names no zones: the whole
// floor is one zone (dice.md).
const TrayWholeZone = "tray"

// Tray is a dice tray (dice.md): a flat rectangular floor in millimetres,
// with low walls, optionally split into named zones so that two sides can
// roll at once. A die belongs to the zone its footprint's centre is in.
type Tray struct {
	Name   string     `json:"name"`
	Units  string     `json:"units"`
	Width  float64    `json:"width"`
	Height float64    `json:"height"`
	WallMM float64    `json:"wall_mm"`
	Zones  []TrayZone `json:"zones"`
}

// TrayZone is one named region of the tray floor: a simple polygon of at
// least three [x, y] points in millimetres.
type TrayZone struct {
	ID      string       `json:"id"`
	Polygon [][2]float64 `json:"polygon"`
}

//go:embed tray.default.json
var defaultTrayJSON []byte

// DefaultTray returns a fresh copy of the embedded default tray (dice.md's
// tray.default.json: 240 x 160 mm split into the attacker's and the
// defender's halves); owners calibrate their own.
func DefaultTray() *Tray {
	t, err := ParseTray(defaultTrayJSON)
	if err != nil {
		panic("layout: the embedded default tray is invalid: " + err.Error())
	}
	return t
}

// trayLimitMM bounds every size and coordinate: a tray is a box on a table,
// and a bound keeps the reader's buffers small whatever the file says.
const trayLimitMM = 2000

// ParseTray decodes and checks a tray file. Unknown fields are refused (a
// misspelt "wall_mm" would silently mean no wall). A file without zones
// gets the single zone "tray" covering the floor.
func ParseTray(data []byte) (*Tray, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var t Tray
	if err := dec.Decode(&t); err != nil {
		return nil, fmt.Errorf("tray: %v", err)
	}
	if dec.More() {
		return nil, errors.New("tray: trailing data after the JSON object")
	}
	if err := t.Check(); err != nil {
		return nil, err
	}
	if len(t.Zones) == 0 {
		w, h := t.Width, t.Height
		t.Zones = []TrayZone{{ID: TrayWholeZone, Polygon: [][2]float64{{0, 0}, {w, 0}, {w, h}, {0, h}}}}
	}
	return &t, nil
}

// Check reports the first problem with the tray, naming it.
func (t *Tray) Check() error {
	if t.Units != "mm" {
		return fmt.Errorf("tray: units %q: want \"mm\"", t.Units)
	}
	if !(t.Width > 0 && t.Width <= trayLimitMM) || !(t.Height > 0 && t.Height <= trayLimitMM) {
		return fmt.Errorf("tray: width %g and height %g must be in (0, %d] mm", t.Width, t.Height, trayLimitMM)
	}
	if !(t.WallMM >= 0 && t.WallMM <= 100) {
		return fmt.Errorf("tray: wall_mm %g must be in [0, 100]", t.WallMM)
	}
	seen := map[string]bool{}
	for i, z := range t.Zones {
		if z.ID == "" {
			return fmt.Errorf("tray: zone %d has no id", i+1)
		}
		if seen[z.ID] {
			return fmt.Errorf("tray: zone %q is named twice", z.ID)
		}
		seen[z.ID] = true
		if len(z.Polygon) < 3 {
			return fmt.Errorf("tray: zone %q: a polygon needs at least 3 points, got %d", z.ID, len(z.Polygon))
		}
		for _, p := range z.Polygon {
			if math.IsNaN(p[0]) || math.IsNaN(p[1]) || p[0] < 0 || p[1] < 0 || p[0] > t.Width || p[1] > t.Height {
				return fmt.Errorf("tray: zone %q: point [%g, %g] is outside the %gx%g mm floor", z.ID, p[0], p[1], t.Width, t.Height)
			}
		}
		if math.Abs(polygonArea(z.Polygon)) < 1 {
			return fmt.Errorf("tray: zone %q has no area", z.ID)
		}
	}
	return nil
}

// OnFloor reports whether the point (mm) is on the tray floor.
func (t *Tray) OnFloor(x, y float64) bool {
	return x >= 0 && y >= 0 && x <= t.Width && y <= t.Height
}

// ZoneAt returns the id of the zone containing the point (mm), the first
// listed when zones overlap, or "" when the point is in no zone (off the
// floor, or on a part of the floor the zones leave out).
func (t *Tray) ZoneAt(x, y float64) string {
	if !t.OnFloor(x, y) {
		return ""
	}
	if len(t.Zones) == 0 {
		return TrayWholeZone
	}
	for _, z := range t.Zones {
		if polygonContains(z.Polygon, x, y) {
			return z.ID
		}
	}
	return ""
}

// polygonContains is the even-odd rule; a point on the shared edge of two
// zones goes to exactly one of them (the half-open test on y and x).
func polygonContains(poly [][2]float64, x, y float64) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a[1] > y) != (b[1] > y) && x < (b[0]-a[0])*(y-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

func polygonArea(poly [][2]float64) float64 {
	s := 0.0
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		s += a[0]*b[1] - b[0]*a[1]
	}
	return s / 2
}
