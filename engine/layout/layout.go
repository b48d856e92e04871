package layout

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// Effect kinds a zone can give (battle-board.md). They are plain strings so
// a game may name its own kinds' type after them.
const (
	// Strength adds N battle strength to the cube's side.
	Strength = "strength"
	// Explode sends the cube back into the tower with one extra cube.
	Explode = "explode"
	// Cargo plunders N cargo for the cube's side.
	Cargo = "cargo"
	// Coin plunders N coins for the cube's side.
	Coin = "coin"
	// CargoOrCoin plunders N items, each cargo or coin as the side chooses.
	CargoOrCoin = "cargo_or_coin"
	// Damage deals N damage to the other side's ship.
	Damage = "damage"
)

// EffectKinds lists every effect kind in the order a tally prints them.
var EffectKinds = []string{Strength, Explode, Cargo, Coin, CargoOrCoin, Damage}

// Effect is one thing a zone gives, N times per cube.
type Effect struct {
	Kind string `json:"kind"`
	N    int    `json:"n"`
}

// Zone is one area of the board: a polygon in board millimetres and what a
// cube resting there gives.
type Zone struct {
	ID      string       `json:"id"`
	Polygon [][2]float64 `json:"polygon"`
	Effects []Effect     `json:"effects"`

	poly []Point
}

// Poly returns the zone's outline as points (nil for a zone not parsed).
func (z *Zone) Poly() []Point { return z.poly }

// Has reports whether the zone gives an effect of kind k.
func (z *Zone) Has(k string) bool {
	for _, e := range z.Effects {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// Layout is a battle board: its size, the height of its raised borders,
// the size of a cube, and its zones. Make one with Parse or Default.
type Layout struct {
	Name     string  `json:"name"`
	Units    string  `json:"units"`
	Width    float64 `json:"width"`
	Height   float64 `json:"height"`
	BorderMM float64 `json:"border_mm"`
	CubeMM   float64 `json:"cube_mm"`
	Zones    []Zone  `json:"zones"`

	byID    map[string]int
	borders []Segment
}

//go:embed board.default.json
var defaultJSON []byte

// DefaultJSON returns the embedded default board file (a copy: the caller
// may change it).
func DefaultJSON() []byte { return bytes.Clone(defaultJSON) }

// Default returns a fresh copy of the embedded default board, an
// approximation of the printed board shipped with the program (owners
// calibrate their own).
func Default() *Layout {
	l, err := Parse(defaultJSON)
	if err == nil {
		err = l.CheckGeometry()
	}
	if err != nil {
		panic("layout: the embedded default board is invalid: " + err.Error())
	}
	return l
}

// Limits that keep a hostile file from costing much: finding the borders
// compares every edge with every other.
const (
	MaxZones       = 256
	MaxPoints      = 256 // per zone
	MaxTotalPoints = 2048
	MaxSizeMM      = 5000
	MaxEffectN     = 100
)

// Parse decodes a board and checks its format: known fields only, one JSON
// object, millimetres, sizes that are numbers in [0, MaxSizeMM], 1 to
// MaxZones zones with unique non-empty ids, polygons of 3 to MaxPoints
// finite points, and effects of known kinds with 0 to MaxEffectN each. The
// error names the field at fault. It does not check that the zones lie on
// the board (CheckGeometry does) nor any game's own rules.
func Parse(data []byte) (*Layout, error) {
	var l Layout
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("malformed layout JSON: %v", err)
	}
	if dec.More() {
		return nil, errors.New("unexpected data after the board's object")
	}
	if err := l.check(); err != nil {
		return nil, err
	}
	return &l, nil
}

func (l *Layout) check() error {
	if l.Units != "" && l.Units != "mm" {
		return fmt.Errorf("units %q: only \"mm\" is supported", l.Units)
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"width", l.Width}, {"height", l.Height}, {"border_mm", l.BorderMM}, {"cube_mm", l.CubeMM}} {
		if !Finite(f.v) || f.v < 0 || f.v > MaxSizeMM {
			return fmt.Errorf("%s: %g is not a size in [0, %d] mm", f.name, f.v, MaxSizeMM)
		}
	}
	if len(l.Zones) == 0 || len(l.Zones) > MaxZones {
		return fmt.Errorf("zones: want 1 to %d, got %d", MaxZones, len(l.Zones))
	}
	l.byID = make(map[string]int, len(l.Zones))
	total := 0
	for i := range l.Zones {
		z := &l.Zones[i]
		if z.ID == "" {
			return fmt.Errorf("zones[%d].id: empty", i)
		}
		if _, dup := l.byID[z.ID]; dup {
			return fmt.Errorf("zones[%d].id: %q is used twice", i, z.ID)
		}
		l.byID[z.ID] = i
		if len(z.Polygon) < 3 || len(z.Polygon) > MaxPoints {
			return fmt.Errorf("zones[%d].polygon: a zone needs 3 to %d corners, %q has %d", i, MaxPoints, z.ID, len(z.Polygon))
		}
		if total += len(z.Polygon); total > MaxTotalPoints {
			return fmt.Errorf("zones: more than %d corners in all", MaxTotalPoints)
		}
		z.poly = make([]Point, len(z.Polygon))
		for k, p := range z.Polygon {
			if !Finite(p[0], p[1]) {
				return fmt.Errorf("zones[%d].polygon[%d]: not a number", i, k)
			}
			z.poly[k] = Point{p[0], p[1]}
		}
		for j, e := range z.Effects {
			if !knownKind(e.Kind) {
				return fmt.Errorf("zones[%d].effects[%d].kind: unknown effect %q (want one of %v)", i, j, e.Kind, EffectKinds)
			}
			if e.N < 0 || e.N > MaxEffectN {
				return fmt.Errorf("zones[%d].effects[%d].n: %d is not between 0 and %d", i, j, e.N, MaxEffectN)
			}
		}
	}
	l.borders = sharedEdges(l.Zones)
	return nil
}

// CheckGeometry checks what a camera needs to measure cubes on the board:
// a size, a cube that fits, borders no higher than two cubes, and zones
// that lie on the board and have an area.
func (l *Layout) CheckGeometry() error {
	if l.Width <= 0 || l.Height <= 0 {
		return fmt.Errorf("board size %gx%g mm: both must be above 0", l.Width, l.Height)
	}
	if l.CubeMM <= 0 || l.CubeMM > math.Min(l.Width, l.Height)/2 {
		return fmt.Errorf("cube_mm %g is out of range (0, %g]", l.CubeMM, math.Min(l.Width, l.Height)/2)
	}
	if l.BorderMM > l.CubeMM*2 {
		return fmt.Errorf("border_mm %g is out of range [0, %g]", l.BorderMM, l.CubeMM*2)
	}
	const tol = 0.5 // hand-measured corners on the board's edge
	for i := range l.Zones {
		z := &l.Zones[i]
		for k, p := range z.poly {
			if p.X < -tol || p.Y < -tol || p.X > l.Width+tol || p.Y > l.Height+tol {
				return fmt.Errorf("zone %q: point %d (%g,%g) is outside the %gx%g mm board", z.ID, k+1, p.X, p.Y, l.Width, l.Height)
			}
		}
		if math.Abs(PolygonArea(z.poly)) < 1 {
			return fmt.Errorf("zone %q: polygon has no area", z.ID)
		}
	}
	return nil
}

func knownKind(k string) bool {
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
// It returns nil only for a layout without zones.
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
	if l.byID != nil {
		if i, ok := l.byID[id]; ok {
			return &l.Zones[i]
		}
		return nil
	}
	for i := range l.Zones { // a Layout not made by Parse
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

// String names the layout for logs.
func (l *Layout) String() string {
	return fmt.Sprintf("battle board %q (%d zones)", l.Name, len(l.Zones))
}
