package vision

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine/layout"
	"github.com/quartermaster-table/quartermaster/vision/board"
)

// A red top 16 mm square at the middle of a drawn view (the camera
// straight above it: a flat die shows no side), a die touching its left
// side. On its right, strip mm of the die's colour, the raised side of a
// die leaning on the one at its left; holes lists the steps (0.5 mm from
// the top's edge) where four of the nine samples along the edge see the
// floor, as a side's pip or the dark seam by the top leaves them.
func risenView(strip float64, holes ...int) *DiceReader {
	const margin, w, h = 10.0, 200.0, 150.0
	r := &DiceReader{tray: &layout.Tray{Width: w, Height: h}, h0: 16, margin: margin,
		pose: board.CameraPose{Nadir: board.Point{X: 100, Y: 75}, Height: 400}}
	r.gw, r.gh = int((w+2*margin)*diePx), int((h+2*margin)*diePx)
	r.fg = make([]bool, r.gw*r.gh)
	r.view = make([]uint8, 3*r.gw*r.gh)
	for i := range r.fg {
		x := (float64(i%r.gw)+0.5)/diePx - margin
		y := (float64(i/r.gw)+0.5)/diePx - margin
		if y < 67 || y > 83 {
			continue
		}
		switch {
		case x >= 76 && x < 108: // the die touched, and the top
		case x >= 108 && x < 108+strip:
			hole := false
			for _, j := range holes {
				d := risenStep * (float64(j) + 0.5)
				// Four samples (along y, 1.4 mm apart from 69.4 mm) on
				// the column of step j.
				hole = hole || x >= 108+d-0.25 && x < 108+d+0.25 && y < 74
			}
			if hole {
				continue
			}
		default:
			continue
		}
		r.fg[i] = true
		r.view[3*i], r.view[3*i+1], r.view[3*i+2] = 170, 30, 35
	}
	return r
}

// The raised side of a leaning die shows beyond its top as the die's
// colour; its print may leave one step of the profile short of the share
// (tuning seed 250, a black die read as a 2 before), which does not end
// the side. A flat die's blurred edge (1.5 mm) is no raised side, nor is
// a strip cut twice in a row.
func TestRisenSideThroughOneGap(t *testing.T) {
	paint := [3]float64{170, 30, 35}
	top := board.Point{X: 100, Y: 75}
	for _, c := range []struct {
		what  string
		strip float64
		holes []int
		want  bool
	}{
		{"a side 4 mm wide", 4, nil, true},
		{"a side 4 mm wide, one step short of the share", 4, []int{3}, true},
		{"a side 4 mm wide, two steps in a row short", 4, []int{3, 4}, false},
		{"a flat die's edge, 1.5 mm", 1.5, nil, false},
		{"no side", 0, nil, false},
	} {
		if got := risenView(c.strip, c.holes...).risenBeside(top, 0, paint); got != c.want {
			t.Errorf("%s: risen %v, want %v", c.what, got, c.want)
		}
	}
}
