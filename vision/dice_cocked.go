package vision

import (
	"math"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// The cocked test for a die whose face reads clearly.
//
// The reader looks at the plane of the dice's tops from straight above, so
// a flat die's top is an exact square there, whatever the camera's tilt and
// place. A cocked die's top is tilted: it is seen shorter along its tilt,
// and, being higher at one edge than at the other, stretched or slanted by
// the camera's perspective toward or across the tilt. Its print then reads
// better on a parallelogram than on the square. A flat die's print may
// read better a little smaller or larger (print and templates differ in
// size), but alike along both axes and without slant.
//
// Faces whose print spreads both ways tell best: the 4, 5 and 6 of a pip
// die, and a learned numeral. A 1 or a centred mark fits many shapes; the
// 2's and 3's pips lie on one diagonal, along which a slant and a stretch
// look alike (on the tuning seeds, white 2s and 3s lying flat read up to
// 10% slanted). Those faces must read better on a parallelogram further
// off square.
//
// Tuning seeds 0-599 and 100 scenes with more cocked dice (seeds 900-999
// rendered with a third of the dice cocked): of the 53 cocked dice that
// the other tests read as flat, 24 show a face that spreads, of which 12
// read at least 2% better on a parallelogram 8% off square; of the 1,280
// flat dice showing such a face, none. Of the 29 with another face, 6
// read 3% better 12% off square; of the 1,397 flat dice with such a face,
// none (2 at 10%).
const (
	// cockedGain: how much better the print must read on the parallelogram.
	cockedGain = 0.02
	// cockedSkew: how far off square (the two axes' scales apart, or the
	// slant) the parallelogram must be.
	cockedSkew = 0.08
	// cockedGainOther, cockedSkewOther: the same for the other faces.
	cockedGainOther = 0.03
	cockedSkewOther = 0.12
)

// looksCocked tells a die whose face reads clearly, as label, but whose
// print reads better on a parallelogram than on the square at top and ang
// (mm and radians on the plane of the tops): a tilted top.
func (r *DiceReader) looksCocked(p *topPatch, d *diceset.Die, label string, top board.Point, ang float64) bool {
	if d.Faces.Kind == diceset.Pips && label == "1" {
		// One round pip reads much the same on any shape near the
		// square: what it gains on a parallelogram is the noise's (a flat
		// white 1 of the calibration page's test roll was called cocked).
		return false
	}
	minGain, minSkew := cockedGainOther, cockedSkewOther
	if spreadPrint(d, label) {
		minGain, minSkew = cockedGain, cockedSkew
	}
	su, sv, sh, gain := r.affineFit(p, d, label, top, ang)
	return gain > minGain && math.Max(math.Abs(su-sv), math.Abs(sh)) >= minSkew-1e-9
}

// spreadPrint tells faces whose print spreads both ways across the face
// (see looksCocked).
func spreadPrint(d *diceset.Die, label string) bool {
	if d.Faces.Kind == diceset.Pips {
		return label == "4" || label == "5" || label == "6"
	}
	// A learned label that names a pip count of one, or a mark (any
	// other word), is a single shape; numerals of two or more are drawn
	// with strokes both ways.
	switch label {
	case "2", "3", "4", "5", "6":
		return true
	}
	return false
}

// affineFit searches, from the square at top and ang, the parallelogram on
// which the face labelled label reads best. It returns the scales along the
// die's two axes, the slant (the second side's lean along the first, in
// sides), and how much better the face reads there than on the best square
// (searched the same way, so that a square merely misplaced gains nothing).
func (r *DiceReader) affineFit(p *topPatch, d *diceset.Die, label string, top board.Point, ang float64) (su, sv, sh, gain float64) {
	g := &r.scratch
	type par struct{ x, y, a, su, sv, sh float64 }
	eval := func(q par) float64 {
		ca, sa := math.Cos(q.a), math.Sin(q.a)
		u := board.Point{X: ca, Y: sa}
		v := board.Point{X: -sa, Y: ca}
		r.sampleAffine(g, p, board.Point{X: q.x, Y: q.y}, u.Scale(q.su*r.h0), v.Scale(q.sv*r.h0).Add(u.Scale(q.sh*r.h0)))
		return r.labelScore(d, label, g)
	}
	climb := func(cur par, free bool) (par, float64) {
		best := eval(cur)
		for _, k := range []float64{2, 1} {
			for iter := 0; iter < 8; iter++ {
				improved := false
				steps := []par{{x: 0.25 * k}, {y: 0.25 * k}, {a: 0.015 * k}}
				if free {
					steps = append(steps, par{su: 0.02 * k}, par{sv: 0.02 * k}, par{sh: 0.02 * k})
				}
				for _, st := range steps {
					for _, sg := range []float64{-1, 1} {
						q := par{cur.x + sg*st.x, cur.y + sg*st.y, cur.a + sg*st.a, cur.su + sg*st.su, cur.sv + sg*st.sv, cur.sh + sg*st.sh}
						// A tilt of 15-40 degrees, seen from any camera:
						// within a third either way.
						if q.su < 0.7 || q.su > 1.35 || q.sv < 0.7 || q.sv > 1.35 || math.Abs(q.sh) > 0.35 || math.Hypot(q.x-top.X, q.y-top.Y) > 4 {
							continue
						}
						if sc := eval(q); sc > best+1e-9 {
							best, cur, improved = sc, q, true
						}
					}
				}
				if !improved {
					break
				}
			}
		}
		return cur, best
	}
	// The parallelogram is searched from the best square: both searches
	// then settle the place and angle alike.
	sq, square := climb(par{top.X, top.Y, ang, 1, 1, 0}, false)
	fit, sc := climb(sq, true)
	return fit.su, fit.sv, fit.sh, sc - square
}

// sampleAffine samples the face grid on a parallelogram: centre c, the
// face's first side a and second side b (whole sides, mm), quick (luminance
// only) as sampleInto's quick samples are.
func (r *DiceReader) sampleAffine(f *faceSample, p *topPatch, c, a, b board.Point) {
	const span = 0.86 // the grid covers the face less its rounded edges
	lim := float64(p.n-1) - 1e-6
	// The patch is resampled lazily (topPatch): the tiles under the
	// parallelogram, with two pixels to spare, are filled first.
	ex := 0.5*span*(math.Abs(a.X)+math.Abs(b.X))*patchPx + 2
	ey := 0.5*span*(math.Abs(a.Y)+math.Abs(b.Y))*patchPx + 2
	cx, cy := (c.X-p.x0)*patchPx-0.5, (c.Y-p.y0)*patchPx-0.5
	p.need(int(max(0, cx-ex)), int(max(0, cy-ey)), int(max(0, cx+ex))+1, int(max(0, cy+ey))+1)
	for j := 0; j < faceN; j++ {
		v := (float64(j)/(faceN-1) - 0.5) * span
		for i := 0; i < faceN; i++ {
			u := (float64(i)/(faceN-1) - 0.5) * span
			x := max(0, min(lim, (c.X+u*a.X+v*b.X-p.x0)*patchPx-0.5))
			y := max(0, min(lim, (c.Y+u*a.Y+v*b.Y-p.y0)*patchPx-0.5))
			x0, y0 := int(x), int(y)
			fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
			o := y0*p.n + x0
			f.lum[j*faceN+i] = float64((1-fx)*(1-fy)*p.lum[o] + fx*(1-fy)*p.lum[o+1] + (1-fx)*fy*p.lum[o+p.n] + fx*fy*p.lum[o+p.n+1])
		}
	}
	f.finish(true)
}

// labelScore is how well a sample reads as the face labelled label of die
// d (any of its turns), or -1.
func (r *DiceReader) labelScore(d *diceset.Die, label string, f *faceSample) float64 {
	if f.inkShare < 0.015 {
		return -1
	}
	if d.Faces.Kind == diceset.Pips {
		for k, l := range diceset.PipLabels {
			if l == label {
				// Face k's two turns are templates 2k and 2k+1.
				var c [12]float64
				pipCorr(f, &c)
				return max(c[2*k], c[2*k+1])
			}
		}
		return -1
	}
	ld := r.learned.die(d.ID)
	if ld == nil {
		return -1
	}
	t := r.templates(ld)
	best := -1.0
	var c [24]float64
	for k := 0; k < 6; k++ {
		if ld.Labels[k] != label {
			continue
		}
		corr(f, t.c, k, k+1, c[:])
		for q := 0; q < 4; q++ {
			best = math.Max(best, c[4*k+q])
		}
	}
	return best
}
