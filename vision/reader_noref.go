package vision

// What the reader does only without an empty-board reference, where
// nothing tells it what the bare board looks like but the frame itself.

import (
	"math"
	"sync"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// noRefLight estimates, without a reference, the light over the board from
// the frame itself (see background; the field is read row by row by
// correctField), leaving out what lies over the board
// (overBoard: a hand), whose pixels it returns (nil when none) so that
// they are not read as cubes; and the print's darkness from the borders'
// wood (printShade), which also sets the board's colour in the corrected
// image (bgLab).
func (r *core) noRefLight(px []byte) (light *lightField, over []bool) {
	over = r.overBoard(px)
	r.skip = over
	light = r.cellGrid(px, framePct, false)
	r.skip = nil
	k := r.printShade(px, light.gainAt, r.borders, nominalBorderG)
	light.scale(k)
	r.bgLab = labOf(board.Color{uint8(float32(NominalBoard[0]) * k), uint8(float32(NominalBoard[1]) * k), uint8(float32(NominalBoard[2]) * k)})
	return light, over
}

// fillCells gives each cell without pixels enough (all under a hand) the
// mean of its neighbours that have them, spreading inward until every cell
// has a value; cells are then valid. (Such a cell otherwise takes the
// median of valid neighbours only when it has any: deep under a hand it
// has none, and its light was an empty histogram's.)
func fillCells(med [][3]float32, valid []bool, cw, ch int) {
	for {
		var next []int
		var vals [][3]float32
		for c := range med {
			if valid[c] {
				continue
			}
			cx, cy := c%cw, c/cw
			var sum [3]float32
			n := 0
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					x, y := cx+dx, cy+dy
					if x < 0 || y < 0 || x >= cw || y >= ch || !valid[y*cw+x] {
						continue
					}
					for k := range sum {
						sum[k] += med[y*cw+x][k]
					}
					n++
				}
			}
			if n > 0 {
				next = append(next, c)
				vals = append(vals, [3]float32{sum[0] / float32(n), sum[1] / float32(n), sum[2] / float32(n)})
			}
		}
		if len(next) == 0 {
			return
		}
		for i, c := range next {
			med[c], valid[c] = vals[i], true
		}
	}
}

// clearOver unlabels the pixels overBoard found (nil: none).
func clearOver(cls []uint8, over []bool) {
	for i, o := range over {
		if o {
			cls[i] = 0
		}
	}
}

// overBoard finds, without an empty-board reference, what lies over the
// board without being the board or a cube: a hand (or a sleeve) reaching in
// over the board's edge. Without a reference nothing else says it is not
// the board: where it covers most of a light-estimate cell the light there
// is taken from it, the hand is corrected to the board's colour and only
// its fringe, where the estimate blends into the board's real light, shows
// as a cube's colour (an orange or black cube that is not there). Skin is
// redder than the board's print under any light (less green and less blue
// for its red: 0.68-0.75 and 0.48-0.61 of red, the board 0.90-0.95 and
// 0.74-0.83), and so are the raised borders' wood and brown ink; but those
// are thin (a border, an icon's stroke) or small (an icon), while a hand is
// a wide region reaching in from the board's edge. So: the pixels whose
// green and blue, each for its red, are both well below the board's
// (medians over the board) are marked; what remains of them after an
// erosion by handErodeMM, where it touches the board's edge and is at
// least handCoreMM2, is grown back by the erosion plus a mm. The cube
// colours are never marked (orange has far less blue, purple and blue more,
// black and green as much as the board), nor are shadows (less light, the
// same hue). It returns nil when nothing is found; else one flag per
// warped pixel.
func (r *core) overBoard(px []byte) []bool {
	// A half-resolution grid: a hand is wide, and the read must stay cheap.
	gw, gh := (r.ww+1)/2, (r.wh+1)/2
	var hg, hb [256]int32
	n := 0
	q := perRed() // v*128/red, at most 255, looked up: no division
	outside := r.outside[:r.ww*r.wh]
	px = px[:3*r.ww*r.wh]
	for y := 0; y < r.wh; y += 2 {
		for x := 0; x < r.ww; x += 2 {
			i := y*r.ww + x
			p := px[3*i : 3*i+3 : 3*i+3]
			if outside[i] || p[2] < handMinRed {
				continue
			}
			red := int(p[2]) << 8
			hg[q[red|int(p[1])]]++
			hb[q[red|int(p[0])]]++
			n++
		}
	}
	if n < 100 {
		return nil
	}
	// The board is most of what the camera sees of it.
	mg, mb := int(histPercentile(&hg, n, 0.5)), int(histPercentile(&hb, n, 0.5))
	if mg == 0 || mb == 0 {
		return nil
	}
	// marked: skin-like (0), board or anything else (1); off the board
	// counts as marked, so a hand reaching in over the edge is not eroded
	// from there.
	const far = 1 << 20
	b := &r.buf.over
	dist := grow(b.dist, gw*gh)
	mark := grow(b.mark, gw*gh) // skin-like, on the board
	off := grow(b.off, gw*gh)   // off the board
	b.dist, b.mark, b.off = dist, mark, off
	clear(dist)
	clear(mark)
	clear(off)
	marked := 0
	// Green (and blue) for red relative to the board's, in 1/128, is
	// v*128*128/(red*mg), whose whole part lies in [lo, hi] exactly when
	// lo*red*mg <= v*128*128 < (hi+1)*red*mg: compared so, without a
	// division per pixel.
	for gy := 0; gy < gh; gy++ {
		for gx := 0; gx < gw; gx++ {
			i := 2*gy*r.ww + 2*gx
			g := gy*gw + gx
			if outside[i] {
				dist[g] = far
				off[g] = true
				continue
			}
			p := px[3*i : 3*i+3 : 3*i+3]
			red := int(p[2])
			if red < int(handMinRed) {
				continue
			}
			vg, vb := int(p[1])*128*128, int(p[0])*128*128
			rmg, rmb := red*mg, red*mb
			if vg >= handMinRel*rmg && vg < (handMaxRel+1)*rmg && vb >= handMinRelB*rmb && vb < (handMaxRel+1)*rmb {
				dist[g] = far
				mark[g] = true
				marked++
			}
		}
	}
	// The erosion below needs handCoreMM2 of marks at least.
	cell := 2 / r.s // mm per grid step
	if float64(marked)*cell*cell < handCoreMM2 {
		return nil
	}
	chamfer(dist, gw, gh)
	// The cores: marked deeper than the erosion (chamfer units: 3 a step).
	e := int32(3 * handErodeMM / cell)
	core := grow(b.core, gw*gh)
	b.core = core
	found := false
	for g, d := range dist {
		core[g] = d > e && mark[g]
	}
	// Keep the cores that touch the board's edge and are large.
	seen := grow(b.seen, gw*gh)
	keep := grow(b.keep, gw*gh) // 0 kept core, far otherwise (grown below)
	b.seen, b.keep = seen, keep
	clear(seen)
	for g := range keep {
		keep[g] = far
	}
	var stack, comp []int32
	for start := range core {
		if !core[start] || seen[start] {
			continue
		}
		comp = comp[:0]
		edge := false
		stack = append(stack[:0], int32(start))
		seen[start] = true
		for len(stack) > 0 {
			g := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			comp = append(comp, g)
			gx, gy := int(g)%gw, int(g)/gw
			for _, nb := range [4][2]int{{gx - 1, gy}, {gx + 1, gy}, {gx, gy - 1}, {gx, gy + 1}} {
				if nb[0] < 0 || nb[1] < 0 || nb[0] >= gw || nb[1] >= gh {
					continue
				}
				j := nb[1]*gw + nb[0]
				if off[j] {
					edge = true
					continue
				}
				if core[j] && !seen[j] {
					seen[j] = true
					stack = append(stack, int32(j))
				}
			}
		}
		if !edge || float64(len(comp))*cell*cell < handCoreMM2 {
			continue
		}
		for _, g := range comp {
			keep[g] = 0
		}
		found = true
	}
	if !found {
		return nil
	}
	// Grow the kept cores back by the erosion and a mm, over what is
	// marked only: a cube beside a hand (or the hull) keeps all of itself.
	chamfer(keep, gw, gh)
	grow := int32(3 * (handErodeMM + 1) / cell)
	out := make([]bool, r.ww*r.wh)
	for y := 0; y < r.wh; y++ {
		for x := 0; x < r.ww; x++ {
			if g := (y/2)*gw + x/2; mark[g] && keep[g] <= grow {
				out[y*r.ww+x] = true
			}
		}
	}
	return out
}

// perRed is, at red<<8|v, min(255, v*128/red) (red from 1): overBoard's
// hue histograms look it up instead of dividing for every pixel.
var perRed = sync.OnceValue(func() *[1 << 16]uint8 {
	t := new([1 << 16]uint8)
	for red := 1; red < 256; red++ {
		for v := 0; v < 256; v++ {
			t[red<<8|v] = uint8(min(255, v*128/red))
		}
	}
	return t
})

// chamfer turns d (0 unmarked, anything larger marked) into each marked
// cell's 3-4 chamfer distance to the nearest unmarked cell (3 a step).
// Cells beyond the grid count as far (1<<20). The two passes look at the
// neighbours through row slices, bounds checked once a row: the same
// minima as chamferPlain (reader_speed_test.go), which looked each one up
// through a function checking the grid's bounds (about a third of
// overBoard's work).
func chamfer(d []int32, w, h int) {
	const far = 1 << 20
	d = d[:w*h]
	for y := 0; y < h; y++ {
		row := d[y*w : (y+1)*w]
		var up []int32
		if y > 0 {
			up = d[(y-1)*w : y*w]
		}
		for x := 0; x < w; x++ {
			v := row[x]
			if v == 0 {
				continue
			}
			left, ul, u, ur := int32(far), int32(far), int32(far), int32(far)
			if x > 0 {
				left = row[x-1]
			}
			if up != nil {
				u = up[x]
				if x > 0 {
					ul = up[x-1]
				}
				if x+1 < w {
					ur = up[x+1]
				}
			}
			row[x] = min(v, left+3, u+3, ul+4, ur+4)
		}
	}
	for y := h - 1; y >= 0; y-- {
		row := d[y*w : (y+1)*w]
		var down []int32
		if y+1 < h {
			down = d[(y+1)*w : (y+2)*w]
		}
		for x := w - 1; x >= 0; x-- {
			v := row[x]
			if v == 0 {
				continue
			}
			right, dr, dn, dl := int32(far), int32(far), int32(far), int32(far)
			if x+1 < w {
				right = row[x+1]
			}
			if down != nil {
				dn = down[x]
				if x+1 < w {
					dr = down[x+1]
				}
				if x > 0 {
					dl = down[x-1]
				}
			}
			row[x] = min(v, right+3, dn+3, dr+4, dl+4)
		}
	}
}

// Limits of overBoard.
var (
	handMinRed  = byte(24) // darker pixels say nothing of their hue
	handMinRel  = 64       // green or blue for its red, relative to the board's, in 1/128: at least
	handMinRelB = 52       // (blue: skin is bluer than orange's 0.17 of the board's)
	handMaxRel  = 113      // and at most (0.88: the board's tints are within 0.95)
	handErodeMM = 4.0      // thicker than a border, an icon's stroke; a small icon vanishes
	handCoreMM2 = 100.0    // what remains of a hand after the erosion, at least
)

// inkBlack reports, without a reference, whether a pixel dark and grey
// enough for a black cube is too warm (yellow) for one: dark print.
func (r *core) inkBlack(i int, b float64) bool {
	return !r.inStrip[i] && b-r.lab[r.black][2] > inkWarm
}

var inkWarm = 3.5

// flatPrint reports, without a reference, whether a part of a black blob
// (pixels pix, centred at c in warped px) is flat dark print rather than a
// black cube: where the camera sees a cube's sides (at least flatMinShift
// mm of them beside its top), a cube's top and sides are lit differently,
// so its lightness spreads and changes from the side toward the camera to
// the far edge of its top; printed ink is one flat tone. A flat part
// slightly warmer than the palette's black (flatMinB, below the warm rule's
// limit) is the grey ink of a disc or skull in dim light. A real cube whose
// sides are lost (on dark print, clipped) is flat too, but as cool as its
// paint, so it stays.
func (r *core) flatPrint(pix []int32, lab []byte, c [2]float64) bool {
	at := r.warpToBoard(c[0], c[1])
	if len(pix) == 0 || r.sideShift(at) < flatMinShift {
		return false
	}
	hist, _, mb := partLab(pix, lab)
	if mb-r.lab[r.black][2] <= flatMinB {
		return false
	}
	if lightSpread(&hist, len(pix)) > flatMaxSpread {
		return false
	}
	return math.Abs(r.nearFarStep(pix, lab, c, at)) < flatMaxStep
}

// nearFarStep is the mean lightness of the far half of a part (pixels pix
// centred at c in warped px, at board point at), away from the point
// below the camera, where a cube's top is, less that of its near half,
// where its sides show; 0 when a half is empty.
func (r *core) nearFarStep(pix []int32, lab []byte, c [2]float64, at board.Point) float64 {
	u := at.Sub(r.pose.Nadir)
	u = u.Scale(1 / u.Len())
	var near, far, nn, nf float64
	for _, i := range pix {
		dx := float64(int(i)%r.ww) + 0.5 - c[0]
		dy := float64(int(i)/r.ww) + 0.5 - c[1]
		if dx*u.X+dy*u.Y < 0 {
			near += float64(lab[int(i)*3])
			nn++
		} else {
			far += float64(lab[int(i)*3])
			nf++
		}
	}
	if nn == 0 || nf == 0 {
		return 0
	}
	return far/nf - near/nn
}

// Limits of flatPrint.
var (
	flatMinShift  = 2.0 // mm of sides the camera sees there, at least
	flatMaxSpread = 4   // L (8-bit) between the part's 10th and 90th percentiles, at most
	flatMaxStep   = 1.5 // L between its near and far halves, at most
	flatMinB      = 1.6 // mean Lab b above the palette's black, more than (the warm rule: 2.5 on the darker half)
)

// redGreyInk reports, without a reference, whether a part of a black blob
// (pixels pix, centred at c in warped px) is the board's red-grey ink (the
// disc of strength-2-bottom, a skull of damage-right) rather than a black
// cube. That ink in dim light is too little yellow for the warm rule and,
// where the camera is nearly above it (sides under flatMinShift mm) or a
// cube touches it, flatPrint cannot judge it; but it is red as well as
// yellow: its mean Lab a and b above the black paint's add up to more than
// redInkMin (2.9 to 6.6 on the tuning seeds), with b more than redInkMinB,
// or a alone is more than redInkMinA (under a shade's bluish light the ink
// loses its yellow but stays red: a 4.3 and 5.2 over the paint, b -0.3 and
// 0.3, on tuning seeds 5493 and 5497; the 5184 real black cubes main's
// build read on 5000-5999, 3.9 at most).
// That alone would drop a real cube whose edge pixels blend with the warm
// board, so the part must also be one a cube's top does not make: flat
// (its lightness within redInkSpread from the 10th to the 90th percentile,
// and where at least flatMinStepShift mm of sides show, no step between
// its near and far halves), or smaller than redInkArea of a cube (a piece
// of ink k-means cut beside a cube, or a disc partly classified). Real
// black cubes so flat added up to 2.4 at most, those so small to 2.2.
func (r *core) redGreyInk(pix []int32, lab []byte, c [2]float64) bool {
	if len(pix) == 0 {
		return false
	}
	hist, ma, mb := partLab(pix, lab)
	n := float64(len(pix))
	yellow, red := mb-r.lab[r.black][2], ma-r.lab[r.black][1]
	if (yellow <= redInkMinB || yellow+red <= redInkMin) && red <= redInkMinA {
		return false
	}
	at := r.warpToBoard(c[0], c[1])
	if n < redInkArea*r.expectedArea(at) {
		return true
	}
	if lightSpread(&hist, len(pix)) > redInkSpread {
		return false
	}
	return r.sideShift(at) < flatMinStepShift || math.Abs(r.nearFarStep(pix, lab, c, at)) < flatMaxStep
}

// Limits of redGreyInk.
var (
	redInkMin        = 2.8  // mean Lab a plus b above the palette's black, more than
	redInkMinB       = 1.0  // and b alone, more than
	redInkMinA       = 4.0  // or a alone, more than (red ink under a bluish shade)
	redInkArea       = 0.75 // a part smaller than this much of a cube is judged by its hue alone
	redInkSpread     = 8    // else it must be flat: L between its 10th and 90th percentiles, at most
	flatMinStepShift = 0.5  // mm of sides below which no near/far step is looked for
)

// offBoardCube reports, without a reference, whether a pixel beyond the
// board's edge whose nearest palette colour is best is read as it is
// (black there is only marked: see edgeBlack). A cube lying
// near the edge is seen from a camera inward of it with its top shifted
// outward by its sides' width (up to 5-6 mm at the board's far edges), so
// part of its top lies beyond the edge in the top-down image; cut there,
// an orange or green cube at the edge of a corner zone was too small to be
// a cube (missed) or between two counts (unreadable). The blob's middle
// must still lie on the board (cubesOf), so nothing on the table alone is
// read; black is left out, since the table, the hull and their shadows
// are dark and grey.
func (r *core) offBoardCube(best int) bool {
	return best != r.black
}

// edgeBlack marks, without a reference, a pixel beyond the board's edge
// that would be a black cube's on the board (classify); it is no palette
// colour's label. A black cube lying near the edge, seen from a camera
// inward of it, shows its top up to its sides' width (6-8 mm at the
// board's far edges) beyond the edge in the top-down image. Cut there, what
// was left of it was too small for a cube (missed) or between two counts
// ("0 or 1 cube?"): the black cubes lying at the board's left and right
// edges. A black blob on the board takes in the marked pixels it touches
// (blobs) where a cube's top can reach (edgeReach), unless they run far
// beyond it (edgeBounded: a dark table). Nothing black beyond the edge
// starts a blob of its own.
const edgeBlack = 255

// warmEdge reports whether a dark pixel beyond the board's edge is too
// yellow for a black cube's paint (Lab b, as the warm print rule on the
// board, but on a border's strip too): the table and the hull around the
// board are dark wood, brown.
func (r *core) warmEdge(b float64) bool {
	return b-r.lab[r.black][2] > inkWarm
}

// edgeReach reports whether pixel i beyond the board's edge lies where the
// top of a cube lying on the board can show: no farther beyond the edge
// than the width of the sides the camera sees there, and half a mm of
// blur.
func (r *core) edgeReach(i int) bool {
	p := r.warpToBoard(float64(i%r.ww)+0.5, float64(i/r.ww)+0.5)
	q := board.Point{X: min(max(p.X, 0), r.layout.Width), Y: min(max(p.Y, 0), r.layout.Height)}
	return p.Sub(q).Len() <= r.sideShift(q)+edgeBlurMM
}

// edgeBounded returns a black blob's pixels (pix) without those beyond the
// board's edge when these are more than edgeMaxOff times those on it: then
// they are not the tops of the cubes there but a dark table along the edge.
func (r *core) edgeBounded(pix []int32, cls []uint8) []int32 {
	off := 0
	for _, i := range pix {
		if cls[i] == edgeBlack {
			off++
		}
	}
	if off == 0 || float64(off) <= edgeMaxOff*float64(len(pix)-off) {
		return pix
	}
	on := pix[:0]
	for _, i := range pix {
		if cls[i] != edgeBlack {
			on = append(on, i)
		}
	}
	return on
}

// Limits of the black beyond the board's edge.
var (
	edgeBlurMM = 0.5 // mm beyond the sides' width a top's pixel may blur
	edgeMaxOff = 1.5 // pixels beyond the edge per pixel on the board, at most
)

// sidesHidden reports, without a reference, whether a blob of n warped
// pixels at board point at is large enough for k cubes that hide each
// other's sides. The expected area of one cube (expectedArea) counts its
// top and the sides the camera sees; but cubes lying side by side along
// the direction away from the point below the camera hide the sides of
// all but the nearest, so k of them cover as little as k tops and one
// cube's sides. Two such cubes came out at 1.51-1.55 cubes' area on the
// tuning seeds: between two counts ("1 or 2 cubes?"), though one cube
// could not be so long. Only when the fewer cubes are too long for the
// blob is the larger count taken (cubesOf), and only when the blob holds
// at least sidesHiddenMin of k such cubes' area.
func (r *core) sidesHidden(n float64, k int, at board.Point) bool {
	s := r.layout.CubeMM
	// 0.9 and 1.2 as in expectedArea.
	least := 0.9 * (float64(k)*s*s + 1.2*s*r.sideShift(at)) * r.s * r.s
	return n >= sidesHiddenMin*least
}

// sidesHiddenMin is the share of k cubes' least area (sidesHidden) a blob
// must hold for k cubes: the pairs the rule is for held 0.94-0.99.
var sidesHiddenMin = 0.85

// markBlob marks a blob's pixels in r.buf.stamp (for ragged) and
// returns the mark.
func (r *core) markBlob(pix []int32) uint32 {
	mark := r.buf.nextEpoch(r.ww * r.wh)
	st := r.buf.stamp
	for _, i := range pix {
		st[i] = mark
	}
	return mark
}

// ragged is how ragged a part of a black blob is: its pixels on the blob's
// edge (a 4-neighbour outside the blob, whose pixels carry mark in
// r.buf.stamp) per square root of its pixels. A cube's top and sides are
// one solid patch of black (a square: about 4, a cube with its sides 3-5);
// grey ink lit near the black limit is read black in specks and threads
// with holes between them.
func (r *core) ragged(part []int32, mark uint32) float64 {
	if len(part) == 0 {
		return 0
	}
	st := r.buf.stamp
	W, n := r.ww, len(st)
	edge := 0
	for _, i := range part {
		j := int(i)
		if j%W == 0 || j%W == W-1 || j < W || j >= n-W ||
			st[j-1] != mark || st[j+1] != mark || st[j-W] != mark || st[j+W] != mark {
			edge++
		}
	}
	return float64(edge) / math.Sqrt(float64(len(part)))
}

// raggedInk drops, without a reference, the parts of a black blob of
// several parts that are the grey ink of an icon rather than a cube. The
// disc of strength-2-bottom and the skull of damage-right, lit near the
// black limit, are read black in specks and threads; a black cube touching
// them makes one blob with them, and the part k-means gives the ink was a
// second, invented cube beside the real one. A cube's part is one solid
// patch, so a part more ragged than raggedMin is dropped when it is also
// more ragged than the blob's least ragged part by raggedRel where the
// blob's count came from its shape (byShape: its area said fewer cubes),
// or by raggedRelRed where the part is red-grey as that ink is (mean Lab a
// plus b above the palette's black more than redInkMin, b more than
// redInkMinB). Parts as ragged as each other (two cubes in a noisy
// photograph) are kept, and so is a blob of one part: real cubes alone
// were as ragged as 5.7, and as red-grey. drop (one flag a part) is set;
// the blob's pixels carry mark (markBlob).
func (r *core) raggedInk(parts [][]int32, lab []byte, byShape bool, drop []bool, mark uint32) {
	if len(parts) < 2 {
		return
	}
	rag := make([]float64, len(parts))
	least := math.Inf(1)
	for j, p := range parts {
		rag[j] = r.ragged(p, mark)
		if len(p) > 0 {
			least = min(least, rag[j])
		}
	}
	for j, p := range parts {
		if rag[j] <= raggedMin || drop[j] {
			continue
		}
		if byShape && rag[j] > raggedRel*least || rag[j] > raggedRelRed*least && r.redGrey(p, lab) {
			drop[j] = true
		}
	}
}

// redGrey reports whether a part of a black blob is as red and yellow
// as the board's grey ink (redGreyInk's colour test).
func (r *core) redGrey(pix []int32, lab []byte) bool {
	var sa, sb float64
	for _, i := range pix {
		sa += float64(lab[int(i)*3+1])
		sb += float64(lab[int(i)*3+2])
	}
	n := float64(len(pix))
	yellow := sb/n - r.lab[r.black][2]
	return yellow > redInkMinB && yellow+sa/n-r.lab[r.black][1] > redInkMin
}

// Limits of raggedInk.
var (
	raggedMin    = 5.0 // edge pixels per square root of the part's pixels, more than
	raggedRel    = 2.0 // and this many times the least ragged part's (a count from the shape: the ink 2.1-3.7, a lit cube 1.6)
	raggedRelRed = 1.6 // or this many times, when the part is red-grey (the ink 1.7)
)

// secondLook grows, without a reference, a black blob too small for a
// cube (from growFrom to under growBelow of one: lost, or "0 or 1
// cube?") into the dark grey pixels around it, and returns the grown blob
// and the local cast it grew under (ringCast) when it then holds one cube;
// else pix as it was and 0. A black cube's top lit
// brighter and warmer than the light estimate says (a crowded or shaded
// cell) is read black only at its darker sides or in specks and pieces,
// each under half a cube: its other pixels are as dark and grey as a
// cube's but a little yellower than coolBlack takes (Lab b 2-4 over the
// paint's, L 40-58 on the tuning seeds 5089, 5242, 5649). Those per-pixel
// limits must stay, or the grey ink would be read black everywhere; next
// to black already read, and within one cube's reach, such pixels are
// taken (growBlob). The grown blob must then be one cube: at least
// growBelow of one and not too long (holdsOneCube); cubesOf judges it as
// any other (the warm, flat and red-grey ink rules). seen marks the pixels
// taken; those of a growth given up are unmarked again, and stack is
// blobs' scratch stack, returned for reuse.
func (r *core) secondLook(pix []int32, cls []uint8, lab []byte, seen []bool, stack []int32) ([]int32, float64, []int32) {
	if len(pix) == 0 {
		return pix, 0, stack
	}
	cx, cy := centroid(pix, r.ww)
	ctr := r.warpToBoard(cx, cy)
	area := r.expectedArea(ctr)
	if ratio := float64(len(pix)) / area; ratio >= growBelow || ratio < growFrom {
		return pix, 0, stack
	}
	cast := r.ringCast(pix, cls, lab, ctr)
	base := len(pix)
	pix, stack, ok := r.growBlob(pix, cls, lab, seen, stack, ctr, area, cast)
	if ok && r.holdsOneCube(pix) {
		return pix, cast, stack
	}
	for _, i := range pix[base:] {
		seen[i] = false
	}
	return pix[:base], 0, stack
}

// centroid is the mean warped position of pixels pix (an image w wide).
func centroid(pix []int32, w int) (float64, float64) {
	var sx, sy float64
	for _, i := range pix {
		sx += float64(int(i)%w) + 0.5
		sy += float64(int(i)/w) + 0.5
	}
	n := float64(len(pix))
	return sx / n, sy / n
}

// growBlob is secondLook's growth of a black blob (pixels pix, middle at
// board point ctr, where one cube covers area warped pixels): it takes
// the 4-neighbours not seen yet that are black (pieces of the same top
// not read yet) or unlabelled and dark grey (growDark), no farther from
// the blob's middle than a cube and its sides reach. It reports false
// (give up) when the growth takes more than growMax cubes' area (a dark
// icon or a shadow, not a cube) or touches black blobs read before along
// more than growTouch of a cube's side (a piece of that cube: a second
// cube beside it would be invented; a neighbour touches at a corner).
// cast is the ring's local yellow cast, which growDark allows for.
func (r *core) growBlob(pix []int32, cls []uint8, lab []byte, seen []bool, stack []int32, ctr board.Point, area, cast float64) ([]int32, []int32, bool) {
	W, H := r.ww, r.wh
	cx, cy := centroid(pix, W)
	reach := (r.layout.CubeMM + r.sideShift(ctr)) * r.s
	limit := int(growMax * area)
	mark := r.markBlob(pix)
	touched := r.buf.nextEpoch(W * H) // black pixels of other blobs met
	st := r.buf.stamp
	touch, maxTouch := 0, int(growTouch*r.layout.CubeMM*r.s)
	stack = append(stack[:0], pix...)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		x, y := int(i)%W, int(i)/W
		for _, nb := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
			if nb[0] < 0 || nb[1] < 0 || nb[0] >= W || nb[1] >= H {
				continue
			}
			j := nb[1]*W + nb[0]
			black := cls[j] != 0 && cls[j] != edgeBlack && int(cls[j]-1) == r.black
			if seen[j] {
				if black && st[j] != mark && st[j] != touched {
					st[j] = touched
					if touch++; touch > maxTouch {
						return pix, stack[:0], false
					}
				}
				continue
			}
			if !black && (cls[j] != 0 || !r.growDark(j, lab, cast)) {
				continue
			}
			if dx, dy := float64(nb[0])+0.5-cx, float64(nb[1])+0.5-cy; math.Hypot(dx, dy) > reach {
				continue
			}
			seen[j] = true
			st[j] = mark
			pix = append(pix, int32(j))
			if len(pix) > limit {
				return pix, stack[:0], false
			}
			stack = append(stack, int32(j))
		}
	}
	return pix, stack, true
}

// holdsOneCube reports whether a grown black blob is one cube: at least
// growBelow of one cube's area where it lies, and not too long for one
// (tooLong, with a leaning cube's length near a border).
func (r *core) holdsOneCube(pix []int32) bool {
	cx, cy := centroid(pix, r.ww)
	at := r.warpToBoard(cx, cy)
	if float64(len(pix))/r.expectedArea(at) < growBelow {
		return false
	}
	long := 0.0
	if r.layout.BorderDist(at) < r.layout.CubeMM {
		long = leanLength
	}
	return !r.tooLong(pix, make([]int32, len(pix)), [][2]float64{{cx, cy}}, long)
}

// growDark reports whether an unlabelled pixel is dark and grey enough for
// secondLook to take it into a black blob: as dark as coolBlack allows,
// as grey as darkBlack asks, and at most growMaxB yellower than the
// palette's black (the borders' shaded wood is brown, yellower by 5 or
// more), plus the local cast scaled by the pixel's lightness. A pixel
// lighter than coolBlack allows, up to growCoolMaxL, is taken only when
// it is as cool as coolBlack asks (coolMaxB): the tops of black cubes lit
// brighter still (L 59-66 on the tuning seeds 5654 and 5822, 0.28 and 0.39
// of a cube read black at their sides: missed) are as cool as the paint,
// while printed ink that light is warm.
func (r *core) growDark(i int, lab []byte, cast float64) bool {
	l, a, b := float64(lab[3*i]), float64(lab[3*i+1]), float64(lab[3*i+2])
	yellow := b - r.lab[r.black][2]
	if l > growCoolMaxL || r.outside[i] || yellow > growMaxB+cast*l || l > coolMaxL && yellow > coolMaxB {
		return false
	}
	c2 := chroma2(a, b)
	if r.inStrip[i] {
		return r.stripGrey(b, c2)
	}
	return c2 <= blackMaxChroma*blackMaxChroma
}

// Limits of secondLook.
var (
	growFrom  = 0.1  // a black blob of at least this much of a cube is grown
	growBelow = 0.55 // and under this much (the least a cube is read from without a question)
	growMax   = 1.5  // the growth is given up beyond this many cubes' area
	growMaxB  = 4.0  // Lab b over the palette's black a grown pixel may show, at most
	growTouch = 0.3  // the grown blob may touch black blobs read before along this many cube sides, at most

	// growCoolMaxL is the lightest a grown pixel may be when it is as
	// cool as coolBlack asks (coolMaxB); warmer ones stop at coolMaxL.
	growCoolMaxL = 68.0
)

// ringCast is the local colour cast around a black blob (pixels pix,
// middle at board point ctr) that the light estimate missed, as the Lab b
// a grey pixel gains per unit of its lightness (growDark allows that much
// more yellow, times its L): the median Lab b of the board's light pixels
// in a ring just beyond a cube's reach, less the estimate's board's
// (bgLab), over the board's lightness. A grey surface under a yellower
// light turns yellower by a share of the board's shift that falls with
// its lightness (Lab b grows with the cube root of the light, as L does),
// so a black top L 40-50 under a ring 5-15 yellower than bgLab is 1-4
// yellower than the paint beyond growMaxB (seeds 5458, 5551, 5224, 5696).
// Only a yellower ring counts (0 otherwise), at most ringCastMax of the
// board's shift, and none from fewer than ringMinPix board pixels.
func (r *core) ringCast(pix []int32, cls []uint8, lab []byte, ctr board.Point) float64 {
	W, H := r.ww, r.wh
	cx, cy := centroid(pix, W)
	in := (r.layout.CubeMM + r.sideShift(ctr)) * r.s
	out := in + ringWidthMM*r.s
	minL := ringMinL * r.bgLab[0]
	var hist [256]int32
	n := 0
	for y := max(0, int(cy-out)); y <= min(H-1, int(cy+out)); y++ {
		for x := max(0, int(cx-out)); x <= min(W-1, int(cx+out)); x++ {
			d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy)
			i := y*W + x
			if d < in || d > out || cls[i] != 0 || r.outside[i] || float64(lab[3*i]) < minL {
				continue
			}
			hist[lab[3*i+2]]++
			n++
		}
	}
	if n < ringMinPix {
		return 0
	}
	cast := float64(histPercentile(&hist, n, 0.5)) - r.bgLab[2]
	return min(max(cast, 0), ringCastMax) / r.bgLab[0]
}

// Limits of ringCast.
var (
	ringWidthMM = 4.0  // the ring of board beyond a cube's reach, this wide
	ringMinL    = 0.8  // its pixels at least this share of the board's lightness (not print)
	ringMinPix  = 40   // the fewest such pixels a cast is taken from
	ringCastMax = 15.0 // the most yellow over bgLab the ring's board is taken to show
)

// sidesCovered reports, without a reference, whether a black blob too
// small for a cube where it lies (pix: nothing, or "0 or 1 cube?", as
// cubesOf counts; secondLook having found nothing to grow into) is a
// black cube whose sides the cubes beside it hide. The expected area
// counts a cube's top and the sides the camera sees, which near the
// board's far edges are as wide as a third to a half of the cube; a black
// cube with a cube standing against it on the camera's side shows its top
// alone: 0.43 and 0.44 of a cube on the tuning seeds 5605 and 5902 (a
// green and an orange, a blue cube beside it), missed, and 0.49-0.62 on
// seven others (5036, 5112, 5340, 5652, 5711, 5825, 5920), "0 or 1
// cube?" re-drops. Such a blob is one cube when it holds most of a top
// (coverMinTop), is no longer than a top (coverMaxLen, across and along
// the way its sides would show), and other cubes' pixels cover at least
// coverMin of the band on the camera's side of it where its sides would
// show (coverShare: 0.73-1.00 on those nine, 0.02 on a lone top).
func (r *core) sidesCovered(pix []int32, cls []uint8) bool {
	if len(pix) == 0 {
		return false
	}
	cx, cy := centroid(pix, r.ww)
	at := r.warpToBoard(cx, cy)
	shift := r.sideShift(at)
	if shift < coverMinShift {
		return false
	}
	s := r.layout.CubeMM
	n := float64(len(pix))
	if n < coverMinTop*r.topArea() || !r.underOne(n, at) {
		return false
	}
	u := at.Sub(r.pose.Nadir)
	u = u.Scale(1 / u.Len())
	if r.lengths(pix, cx, cy, u) > coverMaxLen*s {
		return false
	}
	return r.coverShare(pix, cls, cx, cy, u, shift) >= coverMin
}

// underOne reports whether a blob of n warped pixels at board point at is
// too small for one cube where it lies, as cubesOf counts: under minBlob
// (nothing) or between 0 and 1 ("0 or 1 cube?"), its area near a border
// taken for a leaning cube's.
func (r *core) underOne(n float64, at board.Point) bool {
	ratio := n / r.expectedArea(at)
	if r.layout.BorderDist(at) < r.layout.CubeMM {
		ratio /= leanArea
	}
	return ratio < 1-maxFrac
}

// lengths is the longer of a blob's lengths along u and across it (mm;
// sqrt(12 x the variance), exact for a rectangle), its middle at (cx, cy)
// in warped px.
func (r *core) lengths(pix []int32, cx, cy float64, u board.Point) float64 {
	var vu, vv float64
	for _, i := range pix {
		dx := float64(int(i)%r.ww) + 0.5 - cx
		dy := float64(int(i)/r.ww) + 0.5 - cy
		a, b := dx*u.X+dy*u.Y, -dx*u.Y+dy*u.X
		vu += a * a
		vv += b * b
	}
	n := float64(len(pix))
	return math.Sqrt(12*max(vu, vv)/n) / r.s
}

// coverShare is the share of the band where a black top's sides would
// show (on the camera's side of it, towards the point below the camera:
// -u; as wide as the top, from its edge to shift mm beyond) that other
// cubes' pixels cover: any colour's label but this blob's own pixels
// (pix, middle (cx, cy) in warped px).
func (r *core) coverShare(pix []int32, cls []uint8, cx, cy float64, u board.Point, shift float64) float64 {
	mark := r.markBlob(pix)
	st := r.buf.stamp
	h := r.layout.CubeMM / 2
	covered, all := 0, 0
	for a := h + coverGapMM; a <= h+shift; a += 1 / r.s {
		for b := -h * coverWidth; b <= h*coverWidth; b += 1 / r.s {
			x := int(cx - (a*u.X-b*u.Y)*r.s)
			y := int(cy - (a*u.Y+b*u.X)*r.s)
			if x < 0 || y < 0 || x >= r.ww || y >= r.wh {
				continue
			}
			i := y*r.ww + x
			all++
			if cls[i] != 0 && cls[i] != edgeBlack && st[i] != mark {
				covered++
			}
		}
	}
	if all == 0 {
		return 0
	}
	return float64(covered) / float64(all)
}

// Limits of sidesCovered.
var (
	coverMinShift = 3.0 // mm of sides the camera would see there, at least
	coverMinTop   = 0.7 // the blob holds this many cube tops' area (topArea), at least (5605 and 5902: 0.86)
	coverMaxLen   = 1.3 // cube sides, its length at most
	coverMin      = 0.4 // share of the sides' band other cubes cover, at least
	coverGapMM    = 1.0 // the band starts this far beyond the top's middle edge
	coverWidth    = 0.8 // and is this share of the top's width wide
)
