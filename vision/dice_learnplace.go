package vision

import (
	"image"
	"math"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// A learned face is the ink on the square the reader places on the die
// it is shown, and every later read of that face places its square where
// the face matches best: wherever the calibration's square sat on the
// die, the reads sit the same way. The square found from the outline of
// the foreground is good to a millimetre or two (blur, the sweep's 0.9 of
// a side, the rounded edges' shade): on the tuning seeds' calibration
// roll 0.8 to 1.5 mm toward the camera and up to 0.1 rad turned. The
// learned die was then read 1-1.5 mm off its place (pip dice: 0.1-0.3
// mm), so a flat one by a wall reached into it and was sent to unreadable
// as leaning there, one near the zones' border was counted in the other
// zone, and its faces correlated less with their own templates than with
// each other (a printed 4 at 0.68 where it lay).
//
// The top's outline cannot say better: its far edges are the rounded
// edges' shade, its near edges fade into the sides the camera sees. The
// print can: a face's print (a numeral, an icon, pips) is centred on the
// face and drawn square to its edges. So before a face is learned its
// square is centred on the print's bounding box, at the angle (within
// learnTurn of the outline's) at which that box is smallest. Calibration
// happens once per face: this costs nothing per read.

// learnTurn is how far (radians) the print's angle may be from the outline's.
const learnTurn = 0.12

// learnStep is the spacing (mm) of the grid the print is sampled on.
const learnStep = 0.25

// centreOnPrint returns the placement (centre mm on the plane h0, angle)
// of a die's top that centres its print, searched around (top, ang);
// paint and ink are the top's colours. It returns (top, ang) when no
// print is found.
func (r *DiceReader) centreOnPrint(img image.Image, top board.Point, ang float64, paint, ink [3]float64) (board.Point, float64) {
	fr := newFrameReader(img)
	s := r.h0
	// The grid covers what a face sample covers: the top less its edges.
	n := int(0.86*s/learnStep) + 1
	isInk := make([]bool, n*n)
	seen := make([]bool, n*n)
	var stack []int
	// box is the print's bounding box (mm, the die's frame) on the grid
	// centred on c at angle a: what is nearer the ink's colour than the
	// paint's, in parts that do not reach the grid's edge (the rounded
	// edges' shade, a side, the floor) and are more than a speck.
	box := func(c board.Point, a float64) (u0, v0, u1, v1 float64, ok bool) {
		ca, sa := math.Cos(a), math.Sin(a)
		h := float64(n-1) / 2
		for j := 0; j < n; j++ {
			for i := 0; i < n; i++ {
				u, v := (float64(i)-h)*learnStep, (float64(j)-h)*learnStep
				q := r.topH.Apply(board.Point{X: c.X + u*ca - v*sa, Y: c.Y + u*sa + v*ca})
				col := fr.bilinear(q.X-0.5, q.Y-0.5)
				var dp, di float64
				for k := 0; k < 3; k++ {
					dp += (float64(col[k]) - paint[k]) * (float64(col[k]) - paint[k])
					di += (float64(col[k]) - ink[k]) * (float64(col[k]) - ink[k])
				}
				isInk[j*n+i] = di < dp
			}
		}
		clear(seen)
		u0, v0, u1, v1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for s0 := range isInk {
			if !isInk[s0] || seen[s0] {
				continue
			}
			seen[s0] = true
			stack = append(stack[:0], s0)
			var part []int
			edge := false
			for len(stack) > 0 {
				p := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				part = append(part, p)
				i, j := p%n, p/n
				if i == 0 || j == 0 || i == n-1 || j == n-1 {
					edge = true
				}
				for _, nb := range [4][2]int{{i - 1, j}, {i + 1, j}, {i, j - 1}, {i, j + 1}} {
					if nb[0] < 0 || nb[1] < 0 || nb[0] >= n || nb[1] >= n {
						continue
					}
					if q := nb[1]*n + nb[0]; isInk[q] && !seen[q] {
						seen[q] = true
						stack = append(stack, q)
					}
				}
			}
			// A speck is under a square millimetre.
			if edge || float64(len(part))*learnStep*learnStep < 1 {
				continue
			}
			for _, p := range part {
				u, v := (float64(p%n)-h)*learnStep, (float64(p/n)-h)*learnStep
				u0, v0, u1, v1 = min(u0, u), min(v0, v), max(u1, u), max(v1, v)
			}
		}
		return u0, v0, u1, v1, u1 >= u0
	}
	// centre moves c onto the print's box (the grid moves with it: a
	// few rounds).
	centre := func(c board.Point, a float64) (board.Point, float64, bool) {
		ca, sa := math.Cos(a), math.Sin(a)
		area := 0.0
		for round := 0; round < 3; round++ {
			u0, v0, u1, v1, ok := box(c, a)
			if !ok {
				return c, 0, false
			}
			u, v := (u0+u1)/2, (v0+v1)/2
			c = board.Point{X: c.X + u*ca - v*sa, Y: c.Y + u*sa + v*ca}
			area = (u1 - u0 + learnStep) * (v1 - v0 + learnStep)
		}
		return c, area, true
	}
	c0, a0, ok := centre(top, ang)
	if !ok || top.Sub(c0).Len() > 0.25*s {
		return top, ang
	}
	bc, ba, barea := c0, ang, a0
	for k := 1; float64(k)*0.01 <= learnTurn; k++ {
		for _, a := range []float64{ang + float64(k)*0.01, ang - float64(k)*0.01} {
			c, area, ok := centre(c0, a)
			// A print with no edges to align (a ring) is as large at
			// any angle: the outline's stands unless one is clearly
			// smaller.
			if ok && area < barea && area < 0.97*a0 && c.Sub(top).Len() <= 0.25*s {
				bc, ba, barea = c, a, area
			}
		}
	}
	return bc, ba
}
