package vision

import (
	"encoding/binary"
	"math"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// With an empty-board reference, a black cube lying on a printed icon as
// dark as itself (the skull of a damage zone, the disc of a strength zone)
// differs from the reference only where it sticks out of the icon, covers
// the icon's light details, or is a little darker than the ink: its
// labelled pixels are fragments, and their area says too few cubes (or
// none). Where a black blob meets such print, the print is "could be
// cube" ground: the cubes there are found by their shape instead, squares
// of a cube's size (with the sides the camera sees) lying on the labelled
// pixels and that ground, placed one by one where they cover the most
// labelled pixels not yet explained.

// Dark-print fit limits.
var (
	// A pixel is "could be cube" ground when the reference and the frame
	// are both at most this dark there (OpenCV 8-bit L): print as dark as
	// a black cube, and nothing lighter in the frame.
	refDarkL = 70.0
	// A group of black pixels is fitted when it touches at least this much
	// of one cube's area of such ground, or holds this much of pixels
	// found only by the dark-print rule.
	fitTouch = 0.08
	// A placed cube must lie this much on labelled pixels or dark ground.
	fitInside = 0.85
	// Another cube is placed while one still explains this much of a
	// cube's area in labelled pixels (those found only by the dark-print
	// rule count half: a cast shadow on print is found by it too).
	fitMore = 0.3
	// Placed cubes may share this much of a cube's area (two cubes side by
	// side share the strip the nearer one's sides cover).
	fitOverlap = 0.35
	// Places explaining at least this much of the most are peeled from
	// the outside first.
	fitNear = 0.9
	// The percentile of a group's print pixels' darkening taken as the
	// print's own (printOffset).
	printOffsetQ = 0.25
	// A placed cube is weak when it explains less than this much of a
	// cube's evidence, at least fitOffWeak of it black off the print
	// (fitCubes).
	fitFirm    = 0.5
	fitOffWeak = 0.5
	// A group found wholly by the dark-print rule whose outline faces bare
	// board (unlabelled in the frame) on at least this share of its sides
	// is the print darker up to its own rim (darkerToItsRim).
	rimShare = 0.25
)

// refBlackGroup floods, with a reference, from the black pixel start over
// black pixels and dark ground (refDark) joined to them, marking the black
// ones seen. When the group touches dark print it returns the cubes found
// by their shape and true; otherwise false, and the caller reads the blob
// (the group's black pixels: one 4-connected blob, or a few joined by less
// than fitTouch of a cube's area of dark ground) as any other.
func (r *core) refBlackGroup(start int, cls []uint8, lab []byte, seen []bool, stack []int32) (blob, []detection, bool) {
	W, H := r.ww, r.wh
	c := cls[start]
	b := blob{cls: c}
	var ground []int32
	// inG: a ground pixel already taken (a mark in the reader's stamp
	// buffer rather than a map: this runs for every black blob).
	mark := r.buf.nextEpoch(len(cls))
	inG := r.buf.stamp
	stack = append(stack[:0], int32(start))
	seen[start] = true
	nPrint := 0
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if cls[i] == c {
			b.pix = append(b.pix, i)
			if r.onPrint[i] {
				nPrint++
			}
		} else {
			ground = append(ground, i)
		}
		x, y := int(i)%W, int(i)/W
		for _, nb := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
			if nb[0] < 0 || nb[1] < 0 || nb[0] >= W || nb[1] >= H {
				continue
			}
			j := nb[1]*W + nb[0]
			if cls[j] == c {
				if !seen[j] {
					seen[j] = true
					stack = append(stack, int32(j))
				}
				continue
			}
			if cls[j] == 0 && inG[j] != mark && r.refDark(j, lab) {
				inG[j] = mark
				stack = append(stack, int32(j))
			}
		}
	}
	if len(b.pix) == 0 {
		return b, nil, false
	}
	if nPrint > 0 {
		b.pix, ground = r.printOffset(b.pix, ground, cls, lab)
		b.pix, ground = r.unshadow(b.pix, ground, cls, lab)
		if len(b.pix) == 0 || r.darkerToItsRim(b.pix, cls) {
			return b, nil, true
		}
	}
	var sx, sy float64
	for _, i := range b.pix {
		sx += float64(int(i)%W) + 0.5
		sy += float64(int(i)/W) + 0.5
	}
	n := float64(len(b.pix))
	ctr := r.warpToBoard(sx/n, sy/n)
	a1 := r.expectedArea(ctr)
	if float64(len(ground)) < fitTouch*a1 && float64(nPrint) < fitTouch*a1 {
		return b, nil, false
	}
	if ctr.X < -1 || ctr.Y < -1 || ctr.X > r.layout.Width+1 || ctr.Y > r.layout.Height+1 {
		return b, nil, true // outside the board: the hull, not a cube
	}
	fit, weak := r.fitCubes(b, ground, ctr, cls)
	own := r.ownReading(b, cls, lab)
	if len(fit) == 0 {
		// No outline fits (a cube split by a raised border, or showing
		// too little of itself): the blob's own reading stands, unsure or
		// not, and a group that shows at least a small cube's worth of
		// black off the print is a cube a person must look at rather
		// than nothing (a missed cube changes a battle).
		if len(own) == 0 && float64(r.offPrint(b.pix)) >= minBlob*a1 {
			own = []detection{{color: r.names[b.cls-1], at: r.placePose().Unparallax(ctr, r.layout.CubeMM/2), unreadable: true, why: "0 or 1 cube?"}}
		}
		return b, own, true
	}
	// When the blob's own reading finds as many cubes and is sure of
	// every one, it is kept: it places a single cube from its top and a
	// cube leaning on a border better than the middle of a fitted outline,
	// and where a cube is seen whole the fit adds nothing. A weak outline
	// on black off the print beside a cube the own reading found near a
	// border is not counted: a cube leaning on a border shows more of
	// itself than its top (its tilted side), which the own reading allows
	// for there (leanArea) and the fit does not.
	firm := len(fit)
	for j, d := range fit {
		if weak[j] && r.besideLeaning(d.at, own) {
			firm--
		}
	}
	if len(own) > 0 && len(own) >= firm && !shapeOutvotes(own, len(fit)) {
		sure := true
		for _, d := range own {
			sure = sure && !d.unreadable
		}
		if sure {
			return b, own, true
		}
	}
	return b, fit, true
}

// shapeOutvotes reports whether the own reading (own) finds more cubes
// than the fit's nFit outlines only because a blob was too long for one
// cube (WhyTooLong): dark print in a cube's cast shadow (a ring's arc, the
// rim of a disc) comes out black and lengthens the cube's blob, and the
// shape test, which does not know the print, splits it in two. The fit
// weighs that print as the ground it is, so its count stands.
func shapeOutvotes(own []detection, nFit int) bool {
	if len(own) <= nFit {
		return false
	}
	for _, d := range own {
		if d.why == WhyTooLong {
			return true
		}
	}
	return false
}

// darkerToItsRim reports whether a group's black pixels (pix), every one
// found by the dark-print rule, are the print itself made darker: on at
// least rimShare of the sides of its outline it faces bare board (light in
// the reference) or the ground beyond the board's edge, unlabelled in the
// frame. A black cube lying on dark print as dark as itself shows only
// where it is darker than the ink, its edges and sides, inside the ink or
// beside black of its own off the print; ink darkened up to its own rim
// is the light's change (a shade's sharp edge the smooth light estimate
// misses), not a cube. Beyond the edge no print lies: dark ground there
// (the table, the board's shadow) darker than in the reference is the
// light's change too, and a cube at the edge shows black off the print on
// the light board within it (the board's print keeps clear of its edge).
func (r *core) darkerToItsRim(pix []int32, cls []uint8) bool {
	W := r.ww
	sides, board := 0, 0
	for _, i := range pix {
		if !r.onPrint[i] {
			return false
		}
		x, y := int(i)%W, int(i)/W
		for _, nb := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
			if nb[0] < 0 || nb[1] < 0 || nb[0] >= W || nb[1] >= r.wh {
				continue
			}
			j := nb[1]*W + nb[0]
			if cls[j] == cls[i] {
				continue
			}
			sides++
			if cls[j] == 0 && (r.outside[j] || float64(r.refLab[j*3]) > refDarkL && !r.inStrip[j]) {
				board++
			}
		}
	}
	return sides > 0 && float64(board) >= rimShare*float64(sides)
}

// ownReading reads the group's 4-connected black blobs as any other blob
// (cubesOf), each on its own.
func (r *core) ownReading(g blob, cls []uint8, lab []byte) []detection {
	W := r.ww
	mark := r.buf.nextEpoch(len(cls))
	done := r.buf.stamp // done: stamped with mark
	var out []detection
	var stack []int32
	for _, s := range g.pix {
		if done[s] == mark {
			continue
		}
		b := blob{cls: g.cls}
		done[s] = mark
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			b.pix = append(b.pix, i)
			x, y := int(i)%W, int(i)/W
			for _, nb := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
				if nb[0] < 0 || nb[1] < 0 || nb[0] >= W || nb[1] >= r.wh {
					continue
				}
				j := int32(nb[1]*W + nb[0])
				if cls[j] == g.cls && done[j] != mark {
					done[j] = mark
					stack = append(stack, j)
				}
			}
		}
		out = append(out, r.cubesOf(b, lab)...)
	}
	return out
}

// printOffset takes out of a group's black pixels those found by the
// dark-print rule that are no darker than the rest of the print around
// them: where the light's change was measured a little wrong, a dark icon
// as a whole comes out darker than in the reference (a cube on it is
// darker still). The print's own offset is a low percentile (printOffsetQ)
// of how much darker than the reference the group's print pixels are;
// those within blackRefDrop of it become dark ground again, unless they
// are cooler than the print's own coolness by coolInkDrop on warm ink
// (coolerThanPrint): a black cube's top lit from above may be no darker
// than the ink, only more neutral (seeds 5402 and 5700 missed a cube
// so), and was marked for that (coolOnWarmInk).
func (r *core) printOffset(pix, ground []int32, cls []uint8, lab []byte) ([]int32, []int32) {
	var hist [256]int32
	n := 0
	diff := func(i int32) int {
		return max(0, int(r.refLab[int(i)*3])-int(lab[int(i)*3]))
	}
	for _, i := range pix {
		if r.onPrint[i] {
			hist[diff(i)]++
			n++
		}
	}
	for _, i := range ground {
		hist[diff(i)]++
		n++
	}
	off := int(histPercentile(&hist, n, printOffsetQ))
	if off < 1 {
		return pix, ground
	}
	coff := r.printCoolOffset(pix, ground, lab)
	keep := pix[:0]
	for _, i := range pix {
		if r.onPrint[i] && float64(diff(i)) < float64(off)+blackRefDrop && !coolerThanPrint(r.refLab[int(i)*3+2], lab[int(i)*3+2], coff) {
			cls[i] = 0
			r.onPrint[i] = false
			ground = append(ground, i)
			continue
		}
		keep = append(keep, i)
	}
	return keep, ground
}

// printCoolOffset is how much cooler (Lab b) than the reference a group's
// print comes out as a whole: the low percentile (printOffsetQ) of how
// much cooler its print pixels and dark ground are that printOffset takes
// of their darkening. A light's colour a little off makes a whole icon
// cooler (the disc of strength-2-bottom came out 3 cooler than its
// reference on seed 5132, with no cube on it); a black cube's neutral top
// on warm ink is cooler still.
func (r *core) printCoolOffset(pix, ground []int32, lab []byte) int {
	var hist [256]int32
	n := 0
	cool := func(i int32) int {
		return max(0, int(r.refLab[int(i)*3+2])-int(lab[int(i)*3+2]))
	}
	for _, i := range pix {
		if r.onPrint[i] {
			hist[cool(i)]++
			n++
		}
	}
	for _, i := range ground {
		hist[cool(i)]++
		n++
	}
	return int(histPercentile(&hist, n, printOffsetQ))
}

// coolerThanPrint reports whether a pixel (Lab b) is cooler than warm
// print in the reference (refB) by coolInkDrop more than the print's own
// offset (coff, printCoolOffset): a black cube's top on the ink that is
// no darker than the ink (lit from above), which printOffset, judging
// by darkness alone, would give back to the ground.
func coolerThanPrint(refB, b byte, coff int) bool {
	return int(refB) >= 128+warmInkB && int(b) <= int(refB)-coff-coolInkDrop
}

// refDark reports whether an unlabelled pixel is dark print that a black
// cube could be lying on unseen: both the reference and the frame dark
// there, on the board and off the raised borders (their shaded sides are
// dark wood).
func (r *core) refDark(i int, lab []byte) bool {
	return !r.outside[i] && !r.inStrip[i] && float64(r.refLab[i*3]) <= refDarkL && float64(lab[i*3]) <= refDarkL
}

// fitCubes places black cubes on a group of black pixels (b) and dark
// ground around them by their shape: on a grid of 2x2 warped pixels, a
// cube (a square of the cube's side swept by the sides the camera sees,
// at 12 turns) may stand, centred on the group or on dark ground, where it
// lies at least fitInside on the group, on dark ground or on another cube
// (which may hide part of it). Cubes are
// placed one by one, peeled from the outside: among the places explaining
// nearly the most labelled pixels not yet explained, the one farthest from
// the middle of those pixels (a place straddling two cubes side by side
// explains as much as one on either, and would leave two halves too small
// for a cube each); again while one still explains fitMore of a cube.
//
// It also says which cubes are weak: explaining less than fitFirm of a
// cube, most of it black off the print (not found by the dark-print
// rule, where the area undercounts and only the fit can find a cube).
func (r *core) fitCubes(b blob, ground []int32, ctr board.Point, cls []uint8) ([]detection, []bool) {
	W := r.ww
	// The group's box, grown by a cube, in grid cells of 2x2 warped pixels.
	minX, minY, maxX, maxY := W, r.wh, 0, 0
	grow := func(i int32) {
		x, y := int(i)%W, int(i)/W
		minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
	}
	for _, i := range b.pix {
		grow(i)
	}
	pad := int(r.layout.CubeMM * r.s)
	minX, minY = max(0, minX-pad), max(0, minY-pad)
	maxX, maxY = min(r.ww-1, maxX+pad), min(r.wh-1, maxY+pad)
	gx0, gy0 := minX/2, minY/2
	gw, gh := maxX/2-gx0+1, maxY/2-gy0+1
	// Per cell: how much of it a cube may cover (0-4: the group, dark
	// ground, other cubes) and the group's evidence there (per pixel: black
	// 2, black by the dark-print rule only 1).
	in := make([]int8, gw*gh)
	ev := make([]int8, gw*gh)
	off := make([]int8, gw*gh) // the group's pixels off the print
	cellOf := func(i int) int {
		x, y := i%W, i/W
		return (y/2-gy0)*gw + x/2 - gx0
	}
	for y := minY; y <= maxY; y++ {
		for x := minX; x <= maxX; x++ {
			i := y*W + x
			if cls[i] != 0 && cls[i] != b.cls {
				in[cellOf(i)]++
			}
		}
	}
	for _, i := range b.pix {
		c := cellOf(int(i))
		in[c]++
		if r.onPrint[i] {
			ev[c]++
		} else {
			ev[c] += 2
			off[c]++
		}
	}
	for _, i := range ground {
		if x, y := int(i)%W, int(i)/W; x >= minX && x <= maxX && y >= minY && y <= maxY {
			in[cellOf(int(i))]++
		}
	}
	// The cube's outline on the grid at each turn: a square of the cube's
	// side, swept along u (away from the point below the camera) by the
	// sides seen, centred.
	s := r.layout.CubeMM * r.s / 2 * 0.95 // grid cells; blur trims the edges
	d := r.sideShift(ctr) * r.s / 2
	u := board.Point{X: 1}
	if l := ctr.Sub(r.pose.Nadir).Len(); d > 0 && l > 0 {
		u = ctr.Sub(r.pose.Nadir).Scale(1 / l)
	}
	rad := int(math.Ceil(s*0.75 + d/2 + 1))
	ts := cubeOutlines(s, u.Scale(d), rad)
	full := float64(len(ts[0])) // every turn covers about the same
	// The outlines as runs along the grid's rows (an outline is summed a
	// run at a time from running sums along the rows: the same integer
	// sums as cell by cell).
	truns := make([][]sweepSeg, len(ts))
	for ti, t := range ts {
		for _, o := range t { // in rows, then along x
			if n := len(truns[ti]); n > 0 && truns[ti][n-1].dy == o[1] && truns[ti][n-1].x1 == o[0]-1 {
				truns[ti][n-1].x1 = o[0]
				continue
			}
			truns[ti] = append(truns[ti], sweepSeg{o[1], o[0], o[0]})
		}
	}
	used := make([]bool, gw*gh) // cells explained by a placed cube
	// Running sums along each row (gw+1 per row): of in, and, updated
	// after each cube placed, of the cells used and of the evidence in
	// the cells not used.
	rs := gw + 1
	sIn, sUsed, sGain := make([]int32, gh*rs), make([]int32, gh*rs), make([]int32, gh*rs)
	for y := 0; y < gh; y++ {
		for x := 0; x < gw; x++ {
			sIn[y*rs+x+1] = sIn[y*rs+x] + int32(in[y*gw+x])
		}
	}
	// The 12 outlines' hull, row by row (from the leftmost to the
	// rightmost cell any turn covers on that row): the cells are counts,
	// never negative, so what any turn holds at a centre is at most what
	// the hull holds there, and a centre whose hull holds too little
	// evidence, or too little a cube may cover, is skipped without trying
	// the turns (the same candidates, found cheaper).
	hull := make([]sweepSeg, 0, 2*rad+1)
	for dy := -rad; dy <= rad; dy++ {
		seg, any := sweepSeg{dy: dy}, false
		for _, runs := range truns {
			for _, ru := range runs {
				if ru.dy != dy {
					continue
				}
				if !any {
					seg.x0, seg.x1, any = ru.x0, ru.x1, true
				}
				seg.x0, seg.x1 = min(seg.x0, ru.x0), max(seg.x1, ru.x1)
			}
		}
		if any {
			hull = append(hull, seg)
		}
	}
	// sums adds, over the runs centred at (cx, cy), the running sums a
	// and b (cells of an outline beyond the grid count nothing).
	sums := func(runs []sweepSeg, cx, cy int, a, b []int32) (sa, sb int32) {
		for _, ru := range runs {
			y := cy + ru.dy
			if y < 0 || y >= gh {
				continue
			}
			lo, hi := max(cx+ru.x0, 0), min(cx+ru.x1+1, gw)
			if lo >= hi {
				continue
			}
			lo, hi = y*rs+lo, y*rs+hi
			sa += a[hi] - a[lo]
			sb += b[hi] - b[lo]
		}
		return sa, sb
	}
	type place struct {
		gain float64
		x, y int
		t    int
	}
	var cands []place
	var out []detection
	var weak []bool
	for len(out) < maxCluster {
		// The middle of the evidence not yet explained.
		var mx, my, mw float64
		for c, e := range ev {
			if e > 0 && !used[c] {
				mx += float64(c%gw) * float64(e)
				my += float64(c/gw) * float64(e)
				mw += float64(e)
			}
		}
		if mw < fitMore*8*full {
			break
		}
		mx, my = mx/mw, my/mw
		for y := 0; y < gh; y++ {
			for x := 0; x < gw; x++ {
				c, k := y*gw+x, y*rs+x
				u, g := int32(0), int32(ev[c])
				if used[c] {
					u, g = 1, 0
				}
				sUsed[k+1], sGain[k+1] = sUsed[k]+u, sGain[k]+g
			}
		}
		cands = cands[:0]
		best := 0.0
		for cy := 0; cy < gh; cy++ {
			for cx := 0; cx < gw; cx++ {
				// An outline may be centred on dark ground too: a cube
				// lying mostly on the print shows only its edge, and its
				// middle is on the ink.
				if in[cy*gw+cx] == 0 || used[cy*gw+cx] {
					continue
				}
				if hIn, hGain := sums(hull, cx, cy, sIn, sGain); float64(hIn) < fitInside*4*full || float64(hGain) < fitMore*8*full {
					continue
				}
				// Cells of an outline beyond the grid count nothing.
				for ti, runs := range truns {
					var inside, gainN, shared int32
					for _, ru := range runs {
						y := cy + ru.dy
						if y < 0 || y >= gh {
							continue
						}
						lo, hi := max(cx+ru.x0, 0), min(cx+ru.x1+1, gw)
						if lo >= hi {
							continue
						}
						lo, hi = y*rs+lo, y*rs+hi
						inside += sIn[hi] - sIn[lo]
						shared += sUsed[hi] - sUsed[lo]
						gainN += sGain[hi] - sGain[lo]
					}
					gain := float64(gainN)
					if float64(inside) < fitInside*4*full || float64(shared) > fitOverlap*full || gain < fitMore*8*full {
						continue
					}
					cands = append(cands, place{gain, cx, cy, ti})
					best = max(best, gain)
				}
			}
		}
		if len(cands) == 0 {
			break
		}
		pick, far := cands[0], -1.0
		for _, p := range cands {
			if p.gain < fitNear*best {
				continue
			}
			if d := sq(float64(p.x)-mx) + sq(float64(p.y)-my); d > far {
				pick, far = p, d
			}
		}
		nOff := 0 // of the pixels it explains, those off the print
		for _, o := range ts[pick.t] {
			x, y := pick.x+o[0], pick.y+o[1]
			if x >= 0 && y >= 0 && x < gw && y < gh {
				if !used[y*gw+x] {
					nOff += int(off[y*gw+x])
				}
				used[y*gw+x] = true
			}
		}
		seen := r.warpToBoard(float64(2*(pick.x+gx0))+1, float64(2*(pick.y+gy0))+1)
		p := r.placePose().Unparallax(seen, r.layout.CubeMM/2)
		if r.layout.BorderDist(p) < r.layout.CubeMM/2+1 {
			p = r.placePose().Unparallax(seen, r.layout.CubeMM/2+borderHeightMM)
		}
		weak = append(weak, pick.gain < fitFirm*8*full && 2*float64(nOff) >= fitOffWeak*pick.gain)
		out = append(out, detection{color: r.names[b.cls-1], at: p, conf: math.Min(1, pick.gain/(8*full))})
	}
	return out, weak
}

// besideLeaning reports whether the cube of own (the own reading's cubes)
// nearest to p may lean on a border: within a cube of one (as cubesOf
// allows a leaning cube's larger area there).
func (r *core) besideLeaning(p board.Point, own []detection) bool {
	best, near := math.Inf(1), board.Point{}
	for _, d := range own {
		if l := d.at.Sub(p).Len(); l < best {
			best, near = l, d.at
		}
	}
	return len(own) > 0 && r.layout.BorderDist(near) < r.layout.CubeMM
}

// cubeOutlines draws a cube's outline at 12 turns (0 to 82.5 degrees):
// the points (dx, dy), |dx|, |dy| <= rad, inside a square of side s swept
// by sw (inSwept), listed row by row. A point farther from the middle
// than the square's half diagonal and half the sweep is outside at every
// step of the sweep, one nearer than half the side inside the middle
// step's square whatever the turn (with 0.01 to spare for rounding):
// only the points between are tested step by step.
func cubeOutlines(s float64, sw board.Point, rad int) [][][2]int {
	out2 := sq(s*math.Sqrt2/2 + sw.Len()/2 + 0.01)
	in2 := -1.0
	if s/2 > 0.01 {
		in2 = sq(s/2 - 0.01)
	}
	ts := make([][][2]int, 0, 12)
	// Room for a turn's points at once: every turn covers about as many
	// as the one before (the list grown point by point cost a fifth as
	// much as fitCubes itself in a CPU profile).
	room := (2*rad + 1) * (2*rad + 1)
	for k := 0; k < 12; k++ {
		th := float64(k) * math.Pi / 24
		cs, sn := math.Cos(th), math.Sin(th)
		t := make([][2]int, 0, room)
		for dy := -rad; dy <= rad; dy++ {
			for dx := -rad; dx <= rad; dx++ {
				r2 := float64(dx*dx + dy*dy)
				if r2 > out2 {
					continue
				}
				if r2 <= in2 || inSwept(float64(dx), float64(dy), cs, sn, s, sw) {
					t = append(t, [2]int{dx, dy})
				}
			}
		}
		ts = append(ts, t)
		room = len(t) + len(t)/8 + 8
	}
	return ts
}

// inSwept reports whether the point (x, y), relative to the centre of a
// cube's outline, lies in it: a square of side s turned by (cs, sn),
// swept by the vector sw, centred.
func inSwept(x, y, cs, sn, s float64, sw board.Point) bool {
	// Points of the swept square are q + t sw, q in the square centred at
	// -sw/2, t in [0, 1]: test a few t (the sweep is short).
	for t := 0.0; t <= 1.0001; t += 0.25 {
		px, py := x+sw.X/2-t*sw.X, y+sw.Y/2-t*sw.Y
		a, b := px*cs+py*sn, -px*sn+py*cs
		if math.Abs(a) <= s/2 && math.Abs(b) <= s/2 {
			return true
		}
	}
	return false
}

// A cube casts a shadow on the board on the side away from the light; on
// dark print that shadow is as dark and grey as a black cube's top (the
// disc of a strength zone in a cube's shadow reads like a black cube on
// it). The light is far away, so every cube's shadow falls the same way:
// the shadow of a cube's top lies at the same offset from every cube. It is
// measured where shadows fall on bare board, which the reference shows
// lighter than the frame there (shadows); on dark print a black pixel the dark-print
// rule found inside a cube's shadow is then no evidence of a cube.

// Shadow limits.
var (
	// Bare board: the reference at least this light (OpenCV 8-bit L).
	shadowBoardL = 120.0
	// A shadow darkens bare board by at least this much (8-bit L, after
	// the change of light); a shadow's offset is taken only when the mean
	// darkening it predicts is at least this.
	shadowMinDark = 8.0
	// The longest shadow of a cube's top looked for, in cube sides (light
	// at 50 degrees above the board casts 0.84).
	shadowMaxLen = 1.0
	// The shadow's direction is searched within this turn of the darkest
	// offset's.
	shadowTurn = 30 * math.Pi / 180
	// Black pixels off print cast a shadow when a 4-connected part of them
	// shows at least this much of a cube (less: the print may hold the
	// rest of that cube).
	shadowWhole = 0.8
	shadowOne   = 1.4 // and at most this much (more: two cubes or more)
)

// shadowMap is a read's cast shadows: the pixels in a cube's shadow
// (built lazily by the first black group that needs it). Its buffers are
// kept for the next read (blobs resets built, not the memory).
type shadowMap struct {
	built bool
	in    []bool // nil: no shadow measured
	dx    int    // the shadow offset of a cube's top, warped px
	dy    int
	mem   []bool     // in's memory
	qruns []pixRun   // the cube pixels sampled for the search, as runs
	pruns []pixRun   // every non-black cube pixel, as runs
	pf    []int32    // row sums of bare board's darkening (searchPrefix)
	pg    []int32    // and of bare board pixels
	score []float64  // the rays' darkening by length
	segs  []sweepSeg // the sweep's offsets, a segment per row
	blk   []int32    // black pixels off print
}

// pixRun is a run of pixels along one row: x0 <= x < x1 in row y (in the
// units of the image it was taken from).
type pixRun struct{ y, x0, x1 int32 }

// sweepSeg is the part of a shadow sweep that stays in one row: the
// offsets (x0..x1, dy) from a cube pixel, x0 <= x1.
type sweepSeg struct{ dy, x0, x1 int }

// shadows returns the read's shadow map, building it on first use from
// the labelled pixels (cls) and the corrected frame (lab).
//
// How it is computed (the same shadow as shifting each sampled cube pixel
// by each offset, in a fraction of the time): the search's cube pixels
// (every second row and column) are taken as runs along rows, and bare
// board's darkening as running sums along the rows of the grid the
// shifted pixels land on, so one offset costs a subtraction per run, not
// a read per pixel; the sums are integers, as the darkenings are. The
// sweep marks, per run of cube pixels, one stretch of a row for each row
// the offset's steps pass through.
func (r *core) shadows(cls []uint8, lab []byte) *shadowMap {
	sm := &r.shadow
	if sm.built {
		return sm
	}
	sm.built = true
	sm.in = nil
	W, H := r.ww, r.wh
	// Cube pixels (every second row and column): any colour, not found
	// only by the dark-print rule.
	qw, qh := (W+1)/2, (H+1)/2
	runs := sm.qruns[:0]
	for j := 0; j < qh; j++ {
		row := 2 * j * W
		start := -1
		for i := 0; i < qw; i++ {
			k := row + 2*i
			if cls[k] != 0 && !r.onPrint[k] && !r.outside[k] {
				if start < 0 {
					start = i
				}
				continue
			}
			if start >= 0 {
				runs = append(runs, pixRun{int32(j), int32(start), int32(i)})
				start = -1
			}
		}
		if start >= 0 {
			runs = append(runs, pixRun{int32(j), int32(start), int32(qw)})
		}
	}
	sm.qruns = runs
	if len(runs) == 0 {
		return sm
	}
	// The offset whose shifted cube pixels land on the darkest bare board
	// (unlabelled, the reference light, off the borders): the shadow of
	// the cubes' tops.
	maxD := int(shadowMaxLen * r.layout.CubeMM * r.s)
	// Offsets step by 2 from -maxD: a sampled pixel (even x, y) lands on
	// the grid of pixels whose x and y have maxD's parity.
	p := maxD & 1
	fw, fh := (W-p+1)/2, (H-p+1)/2
	pf, pg := r.searchPrefix(sm, cls, lab, p, fw, fh)
	type cand struct {
		dx, dy int
		m      float64
	}
	best := cand{}
	for dy := -maxD; dy <= maxD; dy += 2 {
		ey := (dy - p) / 2
		for dx := -maxD; dx <= maxD; dx += 2 {
			if dx*dx+dy*dy > maxD*maxD || float64(dx*dx+dy*dy) < 4*r.s*r.s {
				continue
			}
			ex := (dx - p) / 2
			var sum, n int32
			for _, ru := range runs {
				b := int(ru.y) + ey
				if b < 0 || b >= fh {
					continue
				}
				lo, hi := max(int(ru.x0)+ex, 0), min(int(ru.x1)+ex, fw)
				if lo >= hi {
					continue
				}
				o := b * (fw + 1)
				sum += pf[o+hi] - pf[o+lo]
				n += pg[o+hi] - pg[o+lo]
			}
			if n < 20 {
				continue
			}
			if c := (cand{dx, dy, float64(sum) / float64(n)}); c.m > best.m {
				best = c
			}
		}
	}
	if best.m < shadowMinDark {
		return sm
	}
	// The shadow is darkest next to the cube; its length is where the
	// board along rays from the cubes' edges in about that direction stops
	// being darker than half of it: the length, and a turn of up to
	// shadowTurn, that most sum the darkening beyond that half.
	tau := best.m / 2
	th0 := math.Atan2(float64(best.dy), float64(best.dx))
	bestScore, bdx, bdy := math.Inf(-1), best.dx, best.dy
	sm.score = grow(sm.score, maxD+1)
	score := sm.score
	for k := -3; k <= 3; k++ {
		th := th0 + float64(k)*shadowTurn/3
		ux, uy := math.Cos(th), math.Sin(th)
		// score[l]: the darkening beyond tau summed over the rays' l-th px.
		clear(score)
		for _, ru := range runs {
			y0 := float64(2*ru.y) + 0.5
			for i := ru.x0; i < ru.x1; i++ {
				x0 := float64(2*i) + 0.5
				for l := 1; l <= maxD; l++ {
					x, y := int(x0+ux*float64(l)), int(y0+uy*float64(l))
					if x < 0 || y < 0 || x >= W || y >= H {
						break
					}
					j := y*W + x
					if cls[j] != 0 {
						break // not an edge this way, or the next cube
					}
					if r.outside[j] || r.inStrip[j] || float64(r.refLab[j*3]) < shadowBoardL {
						continue
					}
					score[l] += float64(r.refLab[j*3]) - float64(lab[j*3]) - tau
				}
			}
		}
		acc := 0.0
		for l := 1; l <= maxD; l++ {
			acc += score[l]
			if acc > bestScore {
				bestScore = acc
				bdx, bdy = int(math.Round(ux*float64(l))), int(math.Round(uy*float64(l)))
			}
		}
	}
	sm.dx, sm.dy = bdx, bdy
	// The shadow: every cube pixel swept along the offset.
	sm.mem = grow(sm.mem, W*H)
	clear(sm.mem)
	sm.in = sm.mem
	sm.sweepSegs()
	sm.pruns, sm.blk = r.castPixels(sm.pruns[:0], sm.blk[:0], cls)
	for _, ru := range sm.pruns {
		sm.sweep(int(ru.y), int(ru.x0), int(ru.x1), W, H)
	}
	// Black pixels off print cast a shadow where they show one whole cube
	// (a part of a cube may have the rest of itself on the print).
	for _, part := range r.offPrintParts(sm.blk) {
		a := float64(len(part)) / r.expectedArea(r.groupCentre(part))
		if a < shadowWhole || a > shadowOne {
			continue
		}
		for _, i := range part {
			sm.sweep(int(i)/W, int(i)%W, int(i)%W+1, W, H)
		}
	}
	return sm
}

// searchPrefix fills, for the offset search, the running sums along the
// rows of the grid of pixels whose x and y have parity p (fw x fh of
// them): per row, pf[k] sums the darkening (the reference's L less the
// frame's) of bare board pixels (unlabelled, the reference light, off the
// borders) among the row's first k, pg counts them.
func (r *core) searchPrefix(sm *shadowMap, cls []uint8, lab []byte, p, fw, fh int) (pf, pg []int32) {
	W := r.ww
	sm.pf, sm.pg = grow(sm.pf, fh*(fw+1)), grow(sm.pg, fh*(fw+1))
	pf, pg = sm.pf, sm.pg
	for b := 0; b < fh; b++ {
		row := (2*b + p) * W
		o := b * (fw + 1)
		var sf, sg int32
		pf[o], pg[o] = 0, 0
		for a := 0; a < fw; a++ {
			j := row + 2*a + p
			if cls[j] == 0 && !r.outside[j] && !r.inStrip[j] && float64(r.refLab[j*3]) >= shadowBoardL {
				sf += int32(r.refLab[j*3]) - int32(lab[j*3])
				sg++
			}
			pf[o+a+1], pg[o+a+1] = sf, sg
		}
	}
	return pf, pg
}

// castPixels lists the pixels that cast a shadow by their colour alone
// (any cube colour but black, on the board) as runs along rows, and the
// black pixels off print (whether they cast one depends on their parts).
func (r *core) castPixels(runs []pixRun, blk []int32, cls []uint8) ([]pixRun, []int32) {
	W := r.ww
	for y := 0; y < r.wh; y++ {
		row := cls[y*W : (y+1)*W]
		start := -1
		for x := 0; x < W; x++ {
			// Most of the board is unlabelled: skip it eight pixels at a time.
			if start < 0 && x&7 == 0 && x+8 <= W && binary.LittleEndian.Uint64(row[x:x+8]) == 0 {
				x += 7
				continue
			}
			i := y*W + x
			c := row[x]
			cast := c != 0 && int(c-1) != r.black && !r.outside[i]
			if c != 0 && int(c-1) == r.black && !r.onPrint[i] && !r.outside[i] {
				blk = append(blk, int32(i))
			}
			if cast {
				if start < 0 {
					start = x
				}
				continue
			}
			if start >= 0 {
				runs = append(runs, pixRun{int32(y), int32(start), int32(x)})
				start = -1
			}
		}
		if start >= 0 {
			runs = append(runs, pixRun{int32(y), int32(start), int32(W)})
		}
	}
	return runs, blk
}

// sweepSegs splits the shadow offset's steps (t = 1..steps, each at
// (dx t/steps, dy t/steps) from the cube pixel) into one segment per row
// they pass through: the steps move at most one pixel along x at a time,
// so a row's steps cover a stretch x0..x1.
func (sm *shadowMap) sweepSegs() {
	sm.segs = sm.segs[:0]
	steps := max(abs(sm.dx), abs(sm.dy))
	for t := 1; t <= steps; t++ {
		ox, oy := sm.dx*t/steps, sm.dy*t/steps
		if n := len(sm.segs); n > 0 && sm.segs[n-1].dy == oy {
			s := &sm.segs[n-1]
			s.x0, s.x1 = min(s.x0, ox), max(s.x1, ox)
			continue
		}
		sm.segs = append(sm.segs, sweepSeg{oy, ox, ox})
	}
}

// sweep marks the shadow of the cube pixels x0 <= x < x1 of row y: the
// pixels along the shadow offset from each (sweepSegs), within the image
// (the steps move away from the pixel, so once one leaves the image the
// rest do too).
func (sm *shadowMap) sweep(y, x0, x1, W, H int) {
	for _, s := range sm.segs {
		yy := y + s.dy
		if yy < 0 || yy >= H {
			continue
		}
		a, b := max(x0+s.x0, 0), min(x1-1+s.x1, W-1)
		row := sm.in[yy*W : (yy+1)*W]
		for x := a; x <= b; x++ {
			row[x] = true
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// unshadow takes out of a group's black pixels those found by the
// dark-print rule that lie in a cube's cast shadow (shadows): dark print
// in shadow, ground a cube could still lie on but no evidence of one.
func (r *core) unshadow(pix, ground []int32, cls []uint8, lab []byte) ([]int32, []int32) {
	sm := r.shadows(cls, lab)
	if sm.in == nil {
		return pix, ground
	}
	keep := pix[:0]
	for _, i := range pix {
		if r.onPrint[i] && sm.in[i] {
			cls[i] = 0
			r.onPrint[i] = false
			ground = append(ground, i)
			continue
		}
		keep = append(keep, i)
	}
	return keep, ground
}

// offPrintParts splits black pixels, keeping those not found by the
// dark-print rule, into 4-connected parts. The pixels still to take are
// marked in the reader's stamp buffer (a map of them cost more than the
// rest of the shadow estimate).
func (r *core) offPrintParts(pix []int32) [][]int32 {
	W := r.ww
	mark := r.buf.nextEpoch(len(r.onPrint))
	in := r.buf.stamp // in: stamped with mark; taken: cleared
	for _, i := range pix {
		if !r.onPrint[i] {
			in[i] = mark
		}
	}
	var parts [][]int32
	var stack []int32
	for _, s := range pix {
		if in[s] != mark {
			continue
		}
		var part []int32
		in[s] = 0
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			part = append(part, i)
			x := int(i) % W
			for _, j := range [4]int32{i - 1, i + 1, i - int32(W), i + int32(W)} {
				if (j == i-1 && x == 0) || (j == i+1 && x == W-1) || j < 0 || int(j) >= len(in) {
					continue // not a neighbour: the row's other end, or off the image
				}
				if in[j] == mark {
					in[j] = 0
					stack = append(stack, j)
				}
			}
		}
		parts = append(parts, part)
	}
	return parts
}

// groupCentre is the board point (mm) at the middle of warped pixels.
func (r *core) groupCentre(pix []int32) board.Point {
	var sx, sy float64
	for _, i := range pix {
		sx += float64(int(i)%r.ww) + 0.5
		sy += float64(int(i)/r.ww) + 0.5
	}
	n := float64(max(1, len(pix)))
	return r.warpToBoard(sx/n, sy/n)
}

// offPrint counts the pixels not found only by the dark-print rule.
func (r *core) offPrint(pix []int32) int {
	n := 0
	for _, i := range pix {
		if !r.onPrint[i] {
			n++
		}
	}
	return n
}
