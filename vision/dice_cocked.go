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

// looksCocked tells a die whose face reads clearly, as label, on the
// square at top and ang (mm and radians on the plane of the tops), sampled
// as f, that is cocked all the same: the side it raises shows beside its
// top (risenBeside), or its print reads better on a parallelogram than on
// the square (a tilted top), or, for a learned die, the parallelogram is
// well off the square or reads any better than it (learnedTilted).
func (r *DiceReader) looksCocked(p *topPatch, d *diceset.Die, label string, top board.Point, ang float64, f *faceSample) bool {
	if r.risenBeside(top, ang, f.paint) {
		return true
	}
	if d.Faces.Kind == diceset.Pips && label == "1" {
		// One round pip reads much the same on any shape near the
		// square: what it gains on a parallelogram is the noise's (a flat
		// white 1 of the calibration page's test roll was called cocked).
		// But a single pip is also what the raised side of a leaning die
		// shows, read on a square half over that side and half over the
		// top, lit unlike each other (unevenPaint). And a tilted top's
		// own 1, seen sharply enough, is an ellipse (tiltedOne).
		return unevenPaint(f) > unevenOne || r.tiltedOne(p, top, f)
	}
	minGain, minSkew := cockedGainOther, cockedSkewOther
	if spreadPrint(d, label) {
		minGain, minSkew = cockedGain, cockedSkew
	}
	su, sv, sh, gain := r.affineFit(p, d, label, top, ang)
	if gain > minGain && math.Max(math.Abs(su-sv), math.Abs(sh)) >= minSkew-1e-9 {
		return true
	}
	// A learned print gains little on a tilted top's shape, but settles
	// on it all the same, and a flat one gains less still
	// (dice_cocked_learned.go).
	return r.learnedTilted(d, top, su, sv, sh, gain)
}

// The risen side of a die leaning on another die.
//
// A die leaning on another tilts its top toward it: the top's edge against
// the other die is low, the far edge high, and the side below the far edge
// rises from the floor, facing up (4-10 mm of a 16 mm die seen from above,
// at 15-40 degrees). The reader's view shows that side beside the top, on
// the side away from the die it leans on, in the die's own colour, where a
// flat die shows only its sides the camera sees (as far as the parallax of
// a die's height, toward the nadir) and its blurred edge. Beside a flat
// die touching another there is the floor, and now and then a shadow: on
// a dark felt the shadow is foreground too, but not of the die's colour.
//
// Tuning seeds 0-599 and 900-999 rendered with a third of the dice cocked:
// of the 45 cocked dice every other test read as flat, 9 show, on the side
// opposite a die they touch, foreground on 7 in 10 samples along the edge
// at least 2 mm further than a flat die's sides would reach, a sixth of it
// or more the die's colour (8), or the die's colour on 6 in 10 samples
// 2 mm further (1). Of the 3,056 flat dice, none: the nearest, two blue
// learned dice on dark felts, showed their shadows 2 mm and more beyond
// (a tenth and none of it the die's colour), and eight the die's colour
// 1 mm further.
const (
	// risenExcess: how much further (mm) than a flat die's sides the
	// foreground reaches, on risenSolid of the edge.
	risenExcess = 2.0
	risenSolid  = 0.7
	// risenPaint: the least share of the die's colour in that strip
	// (beyond the blurred millimetre next to the sides a flat die shows).
	risenPaint = 0.15
	// risenColour: how much further (mm) the die's colour alone reaches,
	// on risenColourShare of the edge.
	risenColour      = 2.0
	risenColourShare = 0.6
	// risenNeighbour: foreground reaching this far (mm) beyond a side, on
	// half the edge, is a die touching it.
	risenNeighbour = 12.0
	// risenStep is the profiles' step (mm).
	risenStep = 0.5
)

// A die leaning on a wall raises its side away from the wall as one
// leaning on a die does, and its top, tilted toward the wall, is seen with
// its edge against it. A flat die whose top's edge is that close to a wall
// shows beyond its opposite side only what any flat die shows.
//
// Tuning seeds 0-799: of the cocked dice by a wall read as flat, 3 were
// read with the top's edge within 1 mm of the wall and, on the opposite
// side, foreground on half the edge 2.5-3.5 mm beyond a flat die's sides
// (the die's colour there or not: a side facing away from the light is
// dark); of the flat dice read that close to a wall with no die touching
// the opposite side, the most was 0.9 mm (and 2.1 mm for one 2.3 mm off
// its wall).
const risenWall = 1.0

// sideToWall is how far (mm) the side of a top (mm, plane h0) facing along
// the unit normal n lies from the tray's wall it faces, or +Inf for a side
// that faces no wall squarely.
func (r *DiceReader) sideToWall(top, n board.Point) float64 {
	d := math.Inf(1)
	if n.X < -0.7 {
		d = math.Min(d, top.X/-n.X)
	}
	if n.X > 0.7 {
		d = math.Min(d, (r.tray.Width-top.X)/n.X)
	}
	if n.Y < -0.7 {
		d = math.Min(d, top.Y/-n.Y)
	}
	if n.Y > 0.7 {
		d = math.Min(d, (r.tray.Height-top.Y)/n.Y)
	}
	return d - r.h0/2
}

// sideProfile is, at each step beyond one side of a top, the share of the
// edge's samples that are foreground, and that are the die's colour.
type sideProfile struct {
	fg, paint [int(risenNeighbour / risenStep)]float64
}

// reach is how far (mm) a profile stays at share or above.
func reach(p []float64, share float64) float64 {
	for j, v := range p {
		if v < share {
			return risenStep * float64(j)
		}
	}
	return risenStep * float64(len(p))
}

// A raised side is sampled at nine points along the edge per step; its
// print (a side's pips, dark or light) and the dark strip where it meets
// the top drop a step's share now and then. On tuning seed 250 a black die
// leaning on a printed one at 20 degrees, the camera on its raised side's
// side, shows that side 5.5 mm beyond its top (a flat die's sides there:
// 2.4 mm) on 0.6-1 of the edge, 0.7 or more but at one step: reach stopped
// there (1 mm beyond the top) and the die was read as a 2. So a single step
// under the share between two at or above it does not end the side
// (reachGaps); two in a row do.

// reachGaps is reach, a single step under share between two at or above
// it not ending the profile.
func reachGaps(p []float64, share float64) float64 {
	for j, v := range p {
		if v >= share {
			continue
		}
		if j > 0 && j+1 < len(p) && p[j-1] >= share && p[j+1] >= share {
			continue
		}
		return risenStep * float64(j)
	}
	return risenStep * float64(len(p))
}

// risenBeside tells a top (mm, plane h0, at angle ang) of a die whose
// paint is the colour paint, beside which, on the side away from a die it
// touches, the die's colour reaches further than a flat die's sides (a
// single step short of risenSolid not ending it: reachGaps): the raised
// side of a die leaning on that die.
func (r *DiceReader) risenBeside(top board.Point, ang float64, paint [3]float64) bool {
	s := r.h0
	ca, sa := math.Cos(ang), math.Sin(ang)
	u := board.Point{X: ca, Y: sa}
	v := board.Point{X: -sa, Y: ca}
	normals := [4]board.Point{u.Scale(-1), u, v.Scale(-1), v}
	// Where a flat die's foot shows in the view: its sides toward the
	// camera fill the way from the top's edges to there.
	var off board.Point
	if H := r.pose.Height; !math.IsInf(H, 0) {
		off = r.pose.Nadir.Sub(top).Scale(s / H)
	}
	// The die's colour: its chromaticity, which the shading of a side
	// leaves as it is.
	ps := paint[0] + paint[1] + paint[2] + 1
	pc := [3]float64{paint[0] / ps, paint[1] / ps, paint[2] / ps}
	var prof [4]sideProfile
	for k, n := range normals {
		t := board.Point{X: -n.Y, Y: n.X}
		for j := range prof[k].fg {
			dist := risenStep * (float64(j) + 0.5)
			nf, np, nn := 0, 0, 0
			// The middle 70% of the edge: its rounded ends and a
			// neighbour's offset corner stay out.
			for e := -4; e <= 4; e++ {
				q := top.Add(n.Scale(s/2 + dist)).Add(t.Scale(float64(e) * 0.35 * s / 4))
				x, y := int((q.X+r.margin)*diePx), int((q.Y+r.margin)*diePx)
				if x < 0 || y < 0 || x >= r.gw || y >= r.gh {
					continue
				}
				nn++
				i := y*r.gw + x
				if !r.fg[i] {
					continue
				}
				nf++
				a := r.view[3*i : 3*i+3 : 3*i+3]
				as := float64(a[0]) + float64(a[1]) + float64(a[2]) + 1
				if math.Abs(float64(a[0])/as-pc[0]) < 0.07 && math.Abs(float64(a[1])/as-pc[1]) < 0.07 && math.Abs(float64(a[2])/as-pc[2]) < 0.07 {
					np++
				}
			}
			if nn > 0 {
				prof[k].fg[j] = float64(nf) / float64(nn)
				prof[k].paint[j] = float64(np) / float64(nn)
			}
		}
	}
	for k := range normals {
		o := k ^ 1 // the opposite side
		if reach(prof[o].fg[:], 0.5) >= risenNeighbour {
			continue
		}
		flat := math.Max(0, normals[o].Dot(off))
		if reach(prof[k].fg[:], 0.5) < risenNeighbour {
			// Leaning on a wall, not on a die (see risenWall).
			if r.sideToWall(top, normals[k]) <= risenWall && reach(prof[o].fg[:], 0.5)-flat >= risenExcess {
				return true
			}
			continue
		}
		if ex := reachGaps(prof[o].fg[:], risenSolid) - flat; ex >= risenExcess {
			sum, n := 0.0, 0
			for j, v := range prof[o].paint {
				if d := risenStep * (float64(j) + 0.5); d >= flat+1 && d <= flat+ex {
					sum += v
					n++
				}
			}
			if n > 0 && sum/float64(n) >= risenPaint {
				return true
			}
		}
		if reach(prof[o].paint[:], risenColourShare)-flat >= risenColour {
			return true
		}
	}
	return false
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
	climb := func(cur par, best float64, free bool) (par, float64) {
		for _, k := range []float64{2, 1} {
			// The last move (step, sign): its reverse is where the climb
			// came from, which read worse than where it is (by more than
			// 1e-9), so it is not read again.
			lastSt, lastSg := -1, 0.0
			for iter := 0; iter < 8; iter++ {
				improved := false
				steps := []par{{x: 0.25 * k}, {y: 0.25 * k}, {a: 0.015 * k}}
				if free {
					steps = append(steps, par{su: 0.02 * k}, par{sv: 0.02 * k}, par{sh: 0.02 * k})
				}
				for si, st := range steps {
					for _, sg := range []float64{-1, 1} {
						if si == lastSt && sg == -lastSg {
							continue
						}
						q := par{cur.x + sg*st.x, cur.y + sg*st.y, cur.a + sg*st.a, cur.su + sg*st.su, cur.sv + sg*st.sv, cur.sh + sg*st.sh}
						// A tilt of 15-40 degrees, seen from any camera:
						// within a third either way.
						if q.su < 0.7 || q.su > 1.35 || q.sv < 0.7 || q.sv > 1.35 || math.Abs(q.sh) > 0.35 || math.Hypot(q.x-top.X, q.y-top.Y) > 4 {
							continue
						}
						if sc := eval(q); sc > best+1e-9 {
							best, cur, improved = sc, q, true
							lastSt, lastSg = si, sg
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
	// (The parallelogram's climb starts from the square's score: the same
	// sample, read the same way.)
	st := par{top.X, top.Y, ang, 1, 1, 0}
	sq, square := climb(st, eval(st), false)
	fit, sc := climb(sq, square, true)
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
	// A cell's position is ((c + u*a) + v*b - p.x0)*patchPx - 0.5, u
	// along the rows and v down the columns: the products and the first
	// sum computed once per column or row (the same operations in the
	// same order as written out per cell).
	var ux, uy, vx, vy [faceN]float64
	for i, u := range affineSpan {
		ux[i], uy[i] = c.X+u*a.X, c.Y+u*a.Y
		vx[i], vy[i] = u*b.X, u*b.Y
	}
	n := p.n
	lum := p.lum
	for j := 0; j < faceN; j++ {
		bx, by := vx[j], vy[j]
		out := f.lum[j*faceN : (j+1)*faceN : (j+1)*faceN]
		for i := range out {
			x := (ux[i]+bx-p.x0)*patchPx - 0.5
			y := (uy[i]+by-p.y0)*patchPx - 0.5
			x = clampPos(x, lim)
			y = clampPos(y, lim)
			x0, y0 := int(x), int(y)
			fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
			o := y0*n + x0
			r0, r1 := lum[o:o+2:o+2], lum[o+n:o+n+2:o+n+2]
			out[i] = float64((1-fx)*(1-fy)*r0[0] + fx*(1-fy)*r0[1] + (1-fx)*fy*r1[0] + fx*fy*r1[1])
		}
	}
	f.finish(true)
}

// affineSpan is a grid cell's offset from the face's centre along either
// side, in sides: (i/(faceN-1) - 0.5) * 0.86, as sampleAffine wrote it.
var affineSpan = func() (t [faceN]float64) {
	const span = 0.86
	for i := range t {
		t[i] = (float64(i)/(faceN-1) - 0.5) * span
	}
	return
}()

// labelScore is how well a sample reads as the face labelled label of die
// d (any of its turns), or -1.
func (r *DiceReader) labelScore(d *diceset.Die, label string, f *faceSample) float64 {
	if f.inkShare < 0.015 {
		return -1
	}
	if d.Faces.Kind == diceset.Pips {
		for k, l := range diceset.PipLabels {
			if l == label {
				// Face k's two turns are templates 2k and 2k+1: only
				// their correlations are computed.
				return pipFaceScore(f, k, darkPips(d))
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

// printCocked tells a die seen by its print alone (judgePrint: the colour
// of the floor, mostly), whose face reads clearly, that is cocked: the same
// tests as for any die about to be read (looksCocked). Its top is found
// from the print only, so nothing else has judged its shape.
//
// Tuning seeds 0-799: of the 7 cocked dice read as flat from their print
// alone (the blue learned die on the blue felt, red on red; 6 of them
// leaning on a wall), 6 read better on a parallelogram; of the 169 flat
// dice read from their print, none.
func (r *DiceReader) printCocked(p *topPatch, d *diceset.Die, label string, top board.Point, ang float64, f *faceSample) bool {
	return r.looksCocked(p, d, label, top, ang, f)
}

// A single pip read on a square that is not one top.
//
// A die leaning on another shows, beside its top, its raised side, whose
// face may be a single pip at that side's centre; the square read there
// covers part of the side and part of the top (or of the floor), at
// different angles to the light, and reads as a 1 as clearly as a flat
// die's 1. A flat die's top is lit alike across: the paint's brightness
// in its first and last thirds along either axis differs little.
//
// Tuning seeds 0-799: of the 469 pip dice about to be read as a 1 that
// are flat 1s, the paint of the two thirds differed by at most 0.153 (the
// logarithm of their ratio); cocked dice read as a 1 from a side's pip,
// 0.306 to 0.389 (3), and two flat dice (a red 4, a red 2) misread as a 1
// on a square astride their top and floor, 0.345 and 0.458.
const unevenOne = 0.2

// unevenPaint is how differently lit (the absolute logarithm of the ratio
// of their mean brightness) the paint of a sample's first and last thirds
// are, along the axis where they differ most.
func unevenPaint(f *faceSample) float64 {
	const third = faceN / 3
	var sum [4]float64
	var n [4]int
	for j := 0; j < faceN; j++ {
		for i := 0; i < faceN; i++ {
			k := j*faceN + i
			if f.ink[k] > 0.15 {
				continue
			}
			l := f.lum[k]
			if i < third+1 {
				sum[0] += l
				n[0]++
			} else if i >= faceN-third-1 {
				sum[1] += l
				n[1]++
			}
			if j < third+1 {
				sum[2] += l
				n[2]++
			} else if j >= faceN-third-1 {
				sum[3] += l
				n[3]++
			}
		}
	}
	worst := 0.0
	for a := 0; a < 2; a++ {
		// Too little paint in a third (a large print) tells nothing.
		if n[2*a] < 10 || n[2*a+1] < 10 {
			continue
		}
		m0, m1 := sum[2*a]/float64(n[2*a]), sum[2*a+1]/float64(n[2*a+1])
		worst = math.Max(worst, math.Abs(math.Log((m0+1)/(m1+1))))
	}
	return worst
}
