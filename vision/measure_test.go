//go:build cgo && !novision

package vision

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// A calibration drop under a coloured light: each zone got cubes of one
// colour. The measured palette names every colour after the right cubes,
// and a read of the drop with it gets every lying cube's colour right.
func TestMeasureColorsFromCalibrationDrop(t *testing.T) {
	zc := map[string]string{"explode": "purple", "strength-1-left": "green", "strength-1-right": "orange",
		"strength-2-bottom": "blue", "damage-left": "black", "plunder-cargo": "black"}
	var s *synth.Scene
	for seed := uint64(500); seed < 560 && s == nil; seed++ {
		c := synth.Random(seed, synth.Options{W: 800, H: 600, MinCubes: 30, MaxCubes: 30, PBalanced: 1e-9, PLeaning: 1e-9})
		var kept []synth.Cube
		seen := map[string]bool{}
		for _, q := range c.Cubes {
			if col, ok := zc[q.Zone]; ok && q.Pose == synth.Lying {
				q.Color = col
				kept = append(kept, q)
				seen[col] = true
			}
		}
		if len(seen) == 5 {
			c.Cubes = kept
			s = c
		}
	}
	if s == nil {
		t.Fatal("no scene with a cube of every colour")
	}
	r, err := NewReader(s.Layout, s.Palette, s.Corners(), Options{Empty: synth.RenderEmpty(s)})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	drop := synth.Render(s)
	p, err := r.MeasureColors(drop, zc)
	if err != nil {
		t.Fatal(err)
	}
	for name, c := range p.Colors {
		nearest, bd := "", 1e18
		for n, nc := range s.Palette.Colors {
			d := 0.0
			for k := 0; k < 3; k++ {
				d += (float64(c[k]) - float64(nc[k])) * (float64(c[k]) - float64(nc[k]))
			}
			if d < bd {
				nearest, bd = n, d
			}
		}
		if nearest != name {
			t.Errorf("measured %s %v is nearest to nominal %s", name, c, nearest)
		}
	}
	r2, err := NewReader(s.Layout, p, s.Corners(), Options{Empty: synth.RenderEmpty(s)})
	if err != nil {
		t.Fatal(err)
	}
	defer r2.Close()
	res, err := r2.ReadImage(drop)
	if err != nil {
		t.Fatal(err)
	}
	right := 0
	for _, c := range res.Cubes {
		if zc[c.Zone] == c.Color {
			right++
		}
	}
	if right != len(s.Cubes) || len(res.Cubes) != len(s.Cubes) {
		t.Errorf("with the measured palette: %d of %d cubes right (%d read)", right, len(s.Cubes), len(res.Cubes))
	}
	if _, err := r.MeasureColors(drop, map[string]string{"no-such-zone": "purple"}); err == nil {
		t.Error("unknown zone accepted")
	}
	if _, err := r.MeasureColors(synth.RenderEmpty(s), zc); err == nil {
		t.Error("an empty board gave measured colours")
	}
}
