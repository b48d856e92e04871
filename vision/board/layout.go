package board

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"sort"

	"github.com/quartermaster-table/quartermaster/engine/layout"
)

// The battle-board format is engine/layout's, shared with the rules: these
// names keep the camera's code as it was.
type (
	// Effect is layout.Effect.
	Effect = layout.Effect
	// Zone is layout.Zone.
	Zone = layout.Zone
	// Layout is layout.Layout.
	Layout = layout.Layout
)

// Effect kinds a zone can give (layout's).
const (
	Strength    = layout.Strength
	Explode     = layout.Explode
	Cargo       = layout.Cargo
	Coin        = layout.Coin
	CargoOrCoin = layout.CargoOrCoin
	Damage      = layout.Damage
)

// EffectKinds lists every effect kind in the order the tally prints them.
var EffectKinds = layout.EffectKinds

// DefaultLayoutJSON returns the embedded default layout file (the one the
// rules use too).
func DefaultLayoutJSON() []byte { return layout.DefaultJSON() }

// DefaultLayout returns the embedded default layout (an approximation of the
// printed board; owners calibrate their own).
func DefaultLayout() *Layout { return layout.Default() }

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

// ParseLayout decodes a layout and checks both its format and what the
// reader needs of its geometry (zones on the board, with an area).
func ParseLayout(b []byte) (*Layout, error) {
	l, err := layout.Parse(b)
	if err != nil {
		return nil, err
	}
	if err := l.CheckGeometry(); err != nil {
		return nil, err
	}
	return l, nil
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
