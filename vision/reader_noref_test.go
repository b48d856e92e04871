package vision

import (
	"math"
	"testing"
)

// fill paints the board rectangle [x0,x1]x[y0,y1] mm of a warped BGR image
// (clipped to the image: a hand may reach in from beyond the board).
func fill(r *core, px []byte, x0, y0, x1, y1 float64, col [3]byte) {
	for y := 0; y < r.wh; y++ {
		for x := 0; x < r.ww; x++ {
			p := r.warpToBoard(float64(x)+0.5, float64(y)+0.5)
			if p.X >= x0 && p.X < x1 && p.Y >= y0 && p.Y < y1 {
				copy(px[(y*r.ww+x)*3:], col[:])
			}
		}
	}
}

// overAt counts the pixels overBoard marked in the board rectangle around
// (x, y) mm, half as wide as h.
func overAt(r *core, over []bool, x, y, h float64) (n, of int) {
	for yy := 0; yy < r.wh; yy++ {
		for xx := 0; xx < r.ww; xx++ {
			p := r.warpToBoard(float64(xx)+0.5, float64(yy)+0.5)
			if math.Abs(p.X-x) < h && math.Abs(p.Y-y) < h {
				of++
				if over != nil && over[yy*r.ww+xx] {
					n++
				}
			}
		}
	}
	return n, of
}

// Without the reference, a hand reaching in over the board's edge is found
// (it is not the board, and was read as cubes along its fringe), while an
// orange cube, a brown printed icon and the borders' wood beside it are
// not; the light estimate leaves it out, and no cube is read on it.
func TestOverBoardFindsAHandNotCubesOrPrint(t *testing.T) {
	r := testCore(t)
	// BGR, under a warm light: the board, the borders' wood, skin, an
	// orange cube, brown ink.
	floor, wood := [3]byte{150, 180, 200}, [3]byte{60, 95, 130}
	skin, orange, ink := [3]byte{105, 135, 190}, [3]byte{25, 110, 215}, [3]byte{35, 55, 80}
	px := drawBoard(r, floor, wood, 0, 0)
	fill(r, px, 150, -20, 230, 30, skin)  // a hand over the top-right corner
	fill(r, px, 100, 80, 108, 88, orange) // a cube
	fill(r, px, 40, 80, 52, 92, ink)      // an icon
	over := r.overBoard(px)
	if n, of := overAt(r, over, 180, 15, 10); n < of*9/10 {
		t.Errorf("the hand: %d of %d pixels found", n, of)
	}
	for _, c := range [][2]float64{{104, 84}, {46, 86}, {115, 60}} { // cube, icon, a border
		if n, _ := overAt(r, over, c[0], c[1], 4); n != 0 {
			t.Errorf("%v: %d pixels taken for a hand", c, n)
		}
	}
	// The light under the hand is the board's around it, not the hand's.
	gain, over := r.noRefLight(px)
	if over == nil {
		t.Fatal("noRefLight found no hand")
	}
	for k := 0; k < 3; k++ {
		clear, under := gainAt(r, gain, 120, 60, k), gainAt(r, gain, 190, 10, k)
		if math.Abs(under-clear) > 0.08*clear {
			t.Errorf("channel %d: gain %.2f under the hand, %.2f on the bare board", k, under, clear)
		}
	}
}

// Without the reference, nothing is taken for a hand on a board with
// cubes and print only (the hull's band along an edge aside).
func TestOverBoardFindsNothingWithoutAHand(t *testing.T) {
	r := testCore(t)
	px := drawBoard(r, [3]byte{150, 180, 200}, [3]byte{60, 95, 130}, 0, 0)
	crowd(r, px, 140, 60, 48, [3]byte{25, 110, 215})
	fill(r, px, 40, 80, 52, 92, [3]byte{35, 55, 80})
	if over := r.overBoard(px); over != nil {
		n, _ := overAt(r, over, 100, 60, 100)
		t.Errorf("%d pixels taken for a hand", n)
	}
}

// Without the reference, dark print as dark and grey as a black cube but
// warm (yellow) is not black, pixel by pixel; a black cube is.
func TestInkBlackIsNotACube(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	black := uint8(r.black + 1)
	lab := make([]byte, r.ww*r.wh*3)
	bg := labOf(NominalBoard)
	for i := 0; i < r.ww*r.wh; i++ {
		lab[i*3], lab[i*3+1], lab[i*3+2] = byte(bg[0]), byte(bg[1]), byte(bg[2])
	}
	cube := byte(math.Round(r.lab[r.black][2]))
	warm := byte(math.Round(r.lab[r.black][2] + 5))
	rectBlob(r, black, 60, 60, 8, 8, lab, 30, 128, cube)
	rectBlob(r, black, 120, 60, 8, 8, lab, 30, 129, warm)
	cls := r.classify(lab)
	count := func(cx float64) int {
		n := 0
		for y := 0; y < r.wh; y++ {
			for x := 0; x < r.ww; x++ {
				if p := r.warpToBoard(float64(x)+0.5, float64(y)+0.5); math.Abs(p.X-cx) < 4 && math.Abs(p.Y-60) < 4 && cls[y*r.ww+x] == black {
					n++
				}
			}
		}
		return n
	}
	if n := count(60); n < 500 {
		t.Errorf("a black cube's top: %d of 576 pixels black", n)
	}
	if n := count(120); n != 0 {
		t.Errorf("warm ink as dark: %d pixels black", n)
	}
}
