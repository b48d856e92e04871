package board

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"
)

// Effect kinds a zone can give (battle-board.md).
const (
	Strength    = "strength"
	Explode     = "explode"
	Cargo       = "cargo"
	Coin        = "coin"
	CargoOrCoin = "cargo_or_coin"
	Damage      = "damage"
)

// EffectKinds lists every effect kind in the order the tally prints them.
var EffectKinds = []string{Strength, Explode, Cargo, Coin, CargoOrCoin, Damage}

// Effect is one thing a zone gives, N times.
type Effect struct {
	Kind string `json:"kind"`
	N    int    `json:"n"`
}

// Zone is one region of the board: a polygon in board millimetres.
type Zone struct {
	ID      string       `json:"id"`
	Polygon [][2]float64 `json:"polygon"`
	Effects []Effect     `json:"effects"`

	poly []Point
}

// Poly returns the zone's outline as points.
func (z *Zone) Poly() []Point { return z.poly }

// Layout is a battle board: its size, border and cube size, and its zones.
type Layout struct {
	Name     string  `json:"name"`
	Units    string  `json:"units"`
	Width    float64 `json:"width"`
	Height   float64 `json:"height"`
	BorderMM float64 `json:"border_mm"`
	CubeMM   float64 `json:"cube_mm"`
	Zones    []Zone  `json:"zones"`

	borders []Segment
}

//go:embed layout.default.json
var defaultLayoutJSON []byte

// DefaultLayoutJSON returns the embedded default layout file.
func DefaultLayoutJSON() []byte { return bytes.Clone(defaultLayoutJSON) }

// DefaultLayout returns the embedded default layout (an approximation of the
// printed board; owners calibrate their own).
func DefaultLayout() *Layout {
	l, err := ParseLayout(defaultLayoutJSON)
	if err != nil {
		panic("board: embedded default layout is invalid: " + err.Error())
	}
	return l
}

// LoadLayout reads and validates a layout file.
func LoadLayout(path string) (*Layout, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("layout: %w", err)
	}
	l, err := ParseLayout(b)
	if err != nil {
		return nil, fmt.Errorf("layout %s: %w", path, err)
	}
	return l, nil
}

// Limits that keep a hostile file from costing much.
const (
	maxZones  = 256
	maxPoints = 256
)

// ParseLayout decodes and validates a layout (JSON of battle-board.md).
func ParseLayout(b []byte) (*Layout, error) {
	var l Layout
	dec := json.NewDecoder(bytes.NewReader(b))
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("malformed layout JSON: %v", err)
	}
	if err := l.validate(); err != nil {
		return nil, err
	}
	return &l, nil
}

func (l *Layout) validate() error {
	if l.Units != "" && l.Units != "mm" {
		return fmt.Errorf("units %q: only \"mm\" is supported", l.Units)
	}
	if !finite(l.Width, l.Height, l.BorderMM, l.CubeMM) {
		return fmt.Errorf("width, height, border_mm and cube_mm must be numbers")
	}
	if l.Width <= 0 || l.Height <= 0 || l.Width > 5000 || l.Height > 5000 {
		return fmt.Errorf("board size %gx%g mm is out of range (0, 5000]", l.Width, l.Height)
	}
	if l.CubeMM <= 0 || l.CubeMM > math.Min(l.Width, l.Height)/2 {
		return fmt.Errorf("cube_mm %g is out of range", l.CubeMM)
	}
	if l.BorderMM < 0 || l.BorderMM > l.CubeMM*2 {
		return fmt.Errorf("border_mm %g is out of range [0, %g]", l.BorderMM, l.CubeMM*2)
	}
	if len(l.Zones) == 0 || len(l.Zones) > maxZones {
		return fmt.Errorf("want 1 to %d zones, got %d", maxZones, len(l.Zones))
	}
	seen := map[string]bool{}
	tol := 0.5
	for i := range l.Zones {
		z := &l.Zones[i]
		if z.ID == "" {
			return fmt.Errorf("zone %d has no id", i+1)
		}
		if seen[z.ID] {
			return fmt.Errorf("zone id %q appears twice", z.ID)
		}
		seen[z.ID] = true
		if len(z.Polygon) < 3 || len(z.Polygon) > maxPoints {
			return fmt.Errorf("zone %q: polygon needs 3 to %d points, has %d", z.ID, maxPoints, len(z.Polygon))
		}
		z.poly = make([]Point, len(z.Polygon))
		for k, p := range z.Polygon {
			if !finite(p[0], p[1]) || p[0] < -tol || p[1] < -tol || p[0] > l.Width+tol || p[1] > l.Height+tol {
				return fmt.Errorf("zone %q: point %d (%g,%g) is outside the %gx%g mm board", z.ID, k+1, p[0], p[1], l.Width, l.Height)
			}
			z.poly[k] = Point{p[0], p[1]}
		}
		if math.Abs(PolygonArea(z.poly)) < 1 {
			return fmt.Errorf("zone %q: polygon has no area", z.ID)
		}
		for _, e := range z.Effects {
			if !validKind(e.Kind) {
				return fmt.Errorf("zone %q: unknown effect kind %q (want one of %v)", z.ID, e.Kind, EffectKinds)
			}
			if e.N < 0 || e.N > 100 {
				return fmt.Errorf("zone %q: effect %s count %d is out of range [0, 100]", z.ID, e.Kind, e.N)
			}
		}
	}
	l.borders = sharedEdges(l.Zones)
	return nil
}

func validKind(k string) bool {
	for _, x := range EffectKinds {
		if x == k {
			return true
		}
	}
	return false
}

// sharedEdges finds the collinear overlapping pieces of the edges of
// different zones: the raised borders run there.
func sharedEdges(zs []Zone) []Segment {
	var out []Segment
	const eps = 0.25
	for i := range zs {
		for j := i + 1; j < len(zs); j++ {
			pi, pj := zs[i].poly, zs[j].poly
			for a := range pi {
				e1 := Segment{pi[a], pi[(a+1)%len(pi)]}
				d := e1.B.Sub(e1.A)
				L := d.Len()
				if L < eps {
					continue
				}
				u := d.Scale(1 / L)
				for b := range pj {
					e2 := Segment{pj[b], pj[(b+1)%len(pj)]}
					if math.Abs(u.Cross(e2.A.Sub(e1.A))) > eps || math.Abs(u.Cross(e2.B.Sub(e1.A))) > eps {
						continue
					}
					t1, t2 := u.Dot(e2.A.Sub(e1.A)), u.Dot(e2.B.Sub(e1.A))
					lo, hi := math.Max(0, math.Min(t1, t2)), math.Min(L, math.Max(t1, t2))
					if hi-lo > eps {
						out = append(out, Segment{e1.A.Add(u.Scale(lo)), e1.A.Add(u.Scale(hi))})
					}
				}
			}
		}
	}
	return out
}

// Borders returns the raised borders: the shared edges of neighbouring zones.
func (l *Layout) Borders() []Segment { return l.borders }

// BorderDist returns the distance from p (board mm) to the nearest border
// centre line, or +Inf when the layout has no borders.
func (l *Layout) BorderDist(p Point) float64 {
	best := math.Inf(1)
	for _, s := range l.borders {
		best = math.Min(best, s.Dist(p))
	}
	return best
}

// ZoneAt returns the zone containing p, or the nearest zone when p falls in
// no polygon (a gap in a hand-drawn layout, or a point on the outer edge).
// It returns nil only for an empty layout.
func (l *Layout) ZoneAt(p Point) *Zone {
	var best *Zone
	bd := math.Inf(1)
	for i := range l.Zones {
		z := &l.Zones[i]
		if PolygonContains(z.poly, p) {
			return z
		}
		if d := PolygonDist(z.poly, p); d < bd {
			bd, best = d, z
		}
	}
	return best
}

// Zone returns the zone with the given id, or nil.
func (l *Layout) Zone(id string) *Zone {
	for i := range l.Zones {
		if l.Zones[i].ID == id {
			return &l.Zones[i]
		}
	}
	return nil
}

// ZoneIDs returns the zone ids in layout order.
func (l *Layout) ZoneIDs() []string {
	ids := make([]string, len(l.Zones))
	for i, z := range l.Zones {
		ids[i] = z.ID
	}
	return ids
}

// Color is an sRGB colour.
type Color [3]uint8

// Palette is the set of named cube colours.
type Palette struct {
	Note   string           `json:"note,omitempty"`
	Colors map[string]Color `json:"-"`
}

//go:embed palette.default.json
var defaultPaletteJSON []byte

// DefaultPalette returns the embedded nominal palette.
func DefaultPalette() *Palette {
	p, err := ParsePalette(defaultPaletteJSON)
	if err != nil {
		panic("board: embedded default palette is invalid: " + err.Error())
	}
	return p
}

// LoadPalette reads and validates a palette file.
func LoadPalette(path string) (*Palette, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("palette: %w", err)
	}
	p, err := ParsePalette(b)
	if err != nil {
		return nil, fmt.Errorf("palette %s: %w", path, err)
	}
	return p, nil
}

// ParsePalette decodes and validates a palette: {"colors": {"name": [r,g,b]}}.
func ParsePalette(b []byte) (*Palette, error) {
	var raw struct {
		Note   string               `json:"note"`
		Colors map[string][]float64 `json:"colors"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("malformed palette JSON: %v", err)
	}
	if len(raw.Colors) == 0 || len(raw.Colors) > 32 {
		return nil, fmt.Errorf("palette: want 1 to 32 colours, got %d", len(raw.Colors))
	}
	p := &Palette{Note: raw.Note, Colors: map[string]Color{}}
	for name, v := range raw.Colors {
		if name == "" {
			return nil, fmt.Errorf("palette: a colour has an empty name")
		}
		if len(v) != 3 {
			return nil, fmt.Errorf("palette: colour %q wants [r,g,b], got %d values", name, len(v))
		}
		var c Color
		for i, x := range v {
			if !finite(x) || x < 0 || x > 255 {
				return nil, fmt.Errorf("palette: colour %q value %g is outside 0..255", name, x)
			}
			c[i] = uint8(math.Round(x))
		}
		p.Colors[name] = c
	}
	return p, nil
}

// MarshalJSON writes the palette in the same format ParsePalette reads.
func (p *Palette) MarshalJSON() ([]byte, error) {
	type out struct {
		Note   string            `json:"note,omitempty"`
		Colors map[string][3]int `json:"colors"`
	}
	o := out{Note: p.Note, Colors: map[string][3]int{}}
	for k, c := range p.Colors {
		o.Colors[k] = [3]int{int(c[0]), int(c[1]), int(c[2])}
	}
	return json.Marshal(o)
}

// Names returns the colour names sorted.
func (p *Palette) Names() []string {
	n := make([]string, 0, len(p.Colors))
	for k := range p.Colors {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}
