package vision

import (
	"math"
	"sort"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// The camera may have been knocked since calibration, the board may be
// printed darker than the nominal one, and the light may have changed since
// the empty board was photographed. The functions here measure each of
// these on the frame itself, from what never changes: the raised borders
// of the layout.

// borderSamples are points along the borders, one place per mm, for
// alignment and for the print's darkness: on each border's top (raised,
// seen with parallax) its middle (top[3i]) and just inside its two edges,
// and on the floor beside it just outside the edges and farther out
// (side[4i:4i+4]). The points near the edges make the alignment sharp: a
// border is wide, and its middle alone would be dark over a range of
// shifts.
type borderSamples struct {
	top, side []board.Point // board mm as they appear on the board plane
}

// samples lists the border sample points once the camera pose is known.
func (r *core) samples() borderSamples {
	var bs borderSamples
	L := r.layout
	off := L.BorderMM/2 + 2.5
	in, out := L.BorderMM/2-0.6, L.BorderMM/2+0.6
	for _, b := range L.Borders() {
		d := b.B.Sub(b.A)
		l := d.Len()
		if l < 6 {
			continue
		}
		u := d.Scale(1 / l)
		n := board.Point{X: -u.Y, Y: u.X}
		for t := 3.0; t <= l-3; t++ {
			p := b.A.Add(u.Scale(t))
			// Near a junction the floor beside is another border.
			if L.BorderDist(p.Add(n.Scale(off))) < L.BorderMM/2+1 || L.BorderDist(p.Sub(n.Scale(off))) < L.BorderMM/2+1 {
				continue
			}
			bs.top = append(bs.top, r.pose.Parallax(p, borderHeightMM),
				r.pose.Parallax(p.Add(n.Scale(in)), borderHeightMM), r.pose.Parallax(p.Sub(n.Scale(in)), borderHeightMM))
			bs.side = append(bs.side, p.Add(n.Scale(off)), p.Sub(n.Scale(off)), p.Add(n.Scale(out)), p.Sub(n.Scale(out)))
		}
	}
	return bs
}

// shiftField is a small similarity motion of the warped image, in warped
// px: the frame's content at (x, y) lies at (x, y) + d(x, y), where
// d = (tx + a(x-cx) - b(y-cy), ty + b(x-cx) + a(y-cy)).
type shiftField struct {
	tx, ty, a, b, cx, cy float64
}

func (f shiftField) at(x, y float64) (float64, float64) {
	return f.tx + f.a*(x-f.cx) - f.b*(y-f.cy), f.ty + f.b*(x-f.cx) + f.a*(y-f.cy)
}

// lastAlign is the alignment of the last read, kept so that the next read
// of a board that has not moved skips the search.
type lastAlign struct {
	valid    bool
	gx, gy   int     // the whole board's shift, warped px
	contrast float64 // the borders' contrast at it
	f        shiftField
	ok       bool
}

// alignment finds where the frame's borders lie against where the
// calibration puts them: the shift that makes the border tops darkest
// against the floor beside them, searched within maxShiftMM over the whole
// board (by mm, then by pixels), then refined in each quarter of the board;
// the four shifts give a turn and a change of scale as well (a camera
// knocked sideways, turned or raised). ok is false when the board is where
// it was calibrated.
func (r *core) alignment(px []byte, bs borderSamples) (f shiftField, ok bool) {
	if len(bs.top) < 120 {
		return f, false
	}
	toPx := func(ps []board.Point) [][2]int {
		out := make([][2]int, len(ps))
		for i, p := range ps {
			w := r.boardToWarp(p)
			out[i] = [2]int{int(w.X), int(w.Y)}
		}
		return out
	}
	top, side := toPx(bs.top), toPx(bs.side)
	// The sum of the channels: looked up in px while only the last shift
	// is checked (nine looks at each sample), then once summed for the
	// whole image, since the full search looks at each pixel many times.
	var sum []int32
	gray := func(x, y int) int {
		if x < 0 || y < 0 || x >= r.ww || y >= r.wh {
			return -1
		}
		i := y*r.ww + x
		if sum == nil {
			return int(px[3*i]) + int(px[3*i+1]) + int(px[3*i+2])
		}
		return int(sum[i])
	}
	// contrast of the samples whose index passes keep, shifted by (sx, sy).
	contrast := func(keep func(i int) bool, sx, sy int) float64 {
		var t, s float64
		var nt, ns int
		for i := 0; i < len(top)/3; i++ {
			if !keep(i) {
				continue
			}
			for _, p := range top[3*i : 3*i+3] {
				if g := gray(p[0]+sx, p[1]+sy); g >= 0 {
					t += float64(g)
					nt++
				}
			}
			for _, q := range side[4*i : 4*i+4] {
				if g := gray(q[0]+sx, q[1]+sy); g >= 0 {
					s += float64(g)
					ns++
				}
			}
		}
		if nt < 10 || ns < 10 {
			return math.Inf(-1)
		}
		return s/float64(ns) - t/float64(nt)
	}
	search := func(keep func(i int) bool, cx, cy, lim, step int) (int, int, float64) {
		best, bx, by := math.Inf(-1), cx, cy
		for sy := cy - lim; sy <= cy+lim; sy += step {
			for sx := cx - lim; sx <= cx+lim; sx += step {
				if c := contrast(keep, sx, sy); c > best {
					best, bx, by = c, sx, sy
				}
			}
		}
		return bx, by, best
	}
	all := func(int) bool { return true }
	if a := r.lastAlign; a.valid {
		// The board seldom moves between reads: when the borders are
		// still sharpest at the last shift (none of its neighbours a
		// pixel away is clearer) and as clear as they were, it holds.
		bx, by, c := search(all, a.gx, a.gy, 1, 1)
		if bx == a.gx && by == a.gy && c >= a.contrast*alignKeep {
			return a.f, a.ok
		}
	}
	r.buf.sum = grow(r.buf.sum, r.ww*r.wh)
	sum = r.buf.sum
	for i := range sum {
		sum[i] = int32(px[3*i]) + int32(px[3*i+1]) + int32(px[3*i+2])
	}
	step := max(1, int(math.Round(r.s*0.6)))
	lim := int(math.Ceil(maxShiftMM*r.s/float64(step))) * step
	base := contrast(all, 0, 0)
	gx, gy, _ := search(all, 0, 0, lim, step)
	gx, gy, best := search(all, gx, gy, step-1, 1)
	defer func() {
		r.lastAlign = lastAlign{valid: true, gx: gx, gy: gy, contrast: best, f: f, ok: ok}
	}()
	// A shift must explain the borders clearly better than none: a board
	// in place keeps its calibration.
	if best < base*alignGain || float64(gx*gx+gy*gy) < minShiftPx*minShiftPx {
		return f, false
	}
	f = shiftField{tx: float64(gx), ty: float64(gy), cx: float64(r.ww) / 2, cy: float64(r.wh) / 2}
	// Each quarter's own shift, near the global one.
	type obs struct{ x, y, dx, dy float64 }
	var qs []obs
	for q := 0; q < 4; q++ {
		keep := func(i int) bool {
			p := top[3*i]
			return (float64(p[0]) < f.cx) == (q%2 == 0) && (float64(p[1]) < f.cy) == (q < 2)
		}
		qx, qy, c := search(keep, gx, gy, quarterPx, 1)
		if math.IsInf(c, -1) {
			continue
		}
		var sx, sy, n float64
		for i := 0; i < len(top)/3; i++ {
			if p := top[3*i]; keep(i) {
				sx += float64(p[0])
				sy += float64(p[1])
				n++
			}
		}
		qs = append(qs, obs{sx / n, sy / n, float64(qx), float64(qy)})
	}
	if len(qs) < 3 {
		return f, true
	}
	// Least squares for (tx, ty, a, b): with u = x-cx, v = y-cy,
	// dx = tx + a u - b v and dy = ty + b u + a v.
	var A [4][5]float64
	addRow := func(row [4]float64, y float64) {
		for i := 0; i < 4; i++ {
			for j := 0; j < 4; j++ {
				A[i][j] += row[i] * row[j]
			}
			A[i][4] += row[i] * y
		}
	}
	for _, o := range qs {
		u, v := o.x-f.cx, o.y-f.cy
		addRow([4]float64{1, 0, u, -v}, o.dx)
		addRow([4]float64{0, 1, v, u}, o.dy)
	}
	sol, solved := solve4(A)
	if !solved || math.Abs(sol[2]) > 0.03 || math.Abs(sol[3]) > 0.03 {
		return f, true
	}
	f.tx, f.ty, f.a, f.b = sol[0], sol[1], sol[2], sol[3]
	return f, true
}

// solve4 solves a 4x4 linear system given as an augmented matrix.
func solve4(m [4][5]float64) ([4]float64, bool) {
	for c := 0; c < 4; c++ {
		p := c
		for rr := c + 1; rr < 4; rr++ {
			if math.Abs(m[rr][c]) > math.Abs(m[p][c]) {
				p = rr
			}
		}
		if math.Abs(m[p][c]) < 1e-9 {
			return [4]float64{}, false
		}
		m[c], m[p] = m[p], m[c]
		for rr := 0; rr < 4; rr++ {
			if rr == c {
				continue
			}
			k := m[rr][c] / m[c][c]
			for j := c; j < 5; j++ {
				m[rr][j] -= k * m[c][j]
			}
		}
	}
	var x [4]float64
	for i := range x {
		x[i] = m[i][4] / m[i][i]
	}
	return x, true
}

// shiftImage moves a warped BGR image back under the layout, in place,
// repeating the edge: what the field says lies at (x, y) + d comes to
// (x, y), d rounded to the nearest pixel.
//
// d is shiftField.at's expression, evaluated in its order: its terms in x
// alone are the same on every row and are computed once per column, those
// in y once per row, so each pixel adds two floats, rounds them and copies
// three bytes (the same source pixel as at() and math.Round per pixel).
func (r *core) shiftImage(px []byte, f shiftField) {
	W, H := r.ww, r.wh
	r.buf.shiftSrc = append(r.buf.shiftSrc[:0], px...)
	src := r.buf.shiftSrc[:W*H*3]
	px = px[:W*H*3]
	r.buf.shiftCol = grow(r.buf.shiftCol, 2*W)
	colX, colY := r.buf.shiftCol[:W], r.buf.shiftCol[W:2*W]
	for x := range colX {
		cx := float64(x) - f.cx
		colX[x] = f.tx + f.a*cx // at's dx: (tx + a(x-cx)) - b(y-cy)
		colY[x] = f.ty + f.b*cx // at's dy: (ty + b(x-cx)) + a(y-cy)
	}
	for y := 0; y < H; y++ {
		cy := float64(y) - f.cy
		by, ay := f.b*cy, f.a*cy
		row := px[y*W*3 : (y+1)*W*3 : (y+1)*W*3]
		for x := 0; x < W; x++ {
			sx := min(max(x+int(math.Round(colX[x]-by)), 0), W-1)
			sy := min(max(y+int(math.Round(colY[x]+ay)), 0), H-1)
			s := src[(sy*W+sx)*3 : (sy*W+sx)*3+3 : (sy*W+sx)*3+3]
			o := row[x*3 : x*3+3 : x*3+3]
			o[0], o[1], o[2] = s[0], s[1], s[2]
		}
	}
}

// printShade measures how dark the board's print is against the raised
// borders' wood, which is the same on every board: in an image corrected
// to NominalBoard the border tops look brighter when the print is darker.
// It returns the factor (1 nominal, smaller for a darker print) that brings
// the corrected cube colours back to what the palette describes. gain is
// the light's gain at a pixel and channel (sliceGain, lightField.gainAt).
func (r *core) printShade(px []byte, gain func(x, y, k int) float32, bs borderSamples, nominal float64) float32 {
	if len(bs.top) < 20 {
		return 1
	}
	var v []float64
	for i := 0; i < len(bs.top); i += 3 { // the middles of the tops
		w := r.boardToWarp(bs.top[i])
		x, y := int(w.X), int(w.Y)
		if x < 0 || y < 0 || x >= r.ww || y >= r.wh {
			continue
		}
		i := (y*r.ww + x) * 3
		// Green: the channel in which the wood and the print differ most.
		v = append(v, (float64(px[i+1])+1)*float64(gain(x, y, 1)))
	}
	if len(v) < 20 {
		return 1
	}
	sort.Float64s(v)
	k := nominal / v[len(v)/2]
	if math.Abs(k-1) < 0.06 {
		return 1
	}
	return float32(min(max(k, 0.55), 1.1))
}

// Alignment and print limits.
var (
	maxShiftMM = 5.0  // the farthest a knocked camera is looked for
	minShiftPx = 1.0  // smaller shifts are not worth moving the image
	alignGain  = 1.15 // a shift must make the borders this much clearer
	quarterPx  = 4    // how far (warped px) a quarter's shift may differ from the board's
	alignKeep  = 0.9  // the last shift holds while the borders keep this much of their contrast at it
	// A border top's green in a corrected image of the nominal board:
	// corrected by the 60th percentile of a frame (measured on rendered
	// scenes 5000-5011: 80.7-82.5), by the 95th of the empty board (75.0-76.2).
	nominalBorderG    = 81.5
	nominalBorderGRef = 75.5
)

// clearHull removes, without an empty-board reference, what stands over
// the board's edge along most of one side (the Battle Ship's hull, a rail):
// a band of labelled pixels running inward from the edge along more than
// hullCover of that side. It is cleared to the depth most of the band
// reaches, so a cube lying beside it keeps what lies deeper.
func (r *core) clearHull(cls []uint8) {
	x0, y0 := int(math.Round(r.m*r.s)), int(math.Round(r.m*r.s))
	x1, y1 := int(math.Round((r.m+r.layout.Width)*r.s))-1, int(math.Round((r.m+r.layout.Height)*r.s))-1
	maxRun := int(hullMaxMM * r.s)
	for side := 0; side < 4; side++ {
		// Walk along the side; step inward from the edge.
		var n, sx, sy, ix, iy, ex, ey int
		switch side {
		case 0:
			n, sx, sy, ix, iy, ex, ey = x1-x0+1, x0, y0, 1, 0, 0, 1
		case 1:
			n, sx, sy, ix, iy, ex, ey = y1-y0+1, x1, y0, 0, 1, -1, 0
		case 2:
			n, sx, sy, ix, iy, ex, ey = x1-x0+1, x0, y1, 1, 0, 0, -1
		default:
			n, sx, sy, ix, iy, ex, ey = y1-y0+1, x0, y0, 0, 1, 1, 0
		}
		runs := make([]int, n)
		covered := 0
		for k := 0; k < n; k++ {
			x, y := sx+k*ix, sy+k*iy
			run := 0
			for run < maxRun {
				xx, yy := x+run*ex, y+run*ey
				if xx < 0 || yy < 0 || xx >= r.ww || yy >= r.wh || cls[yy*r.ww+xx] == 0 {
					break
				}
				run++
			}
			runs[k] = run
			if run >= 2 {
				covered++
			}
		}
		if float64(covered) < hullCover*float64(n) {
			continue
		}
		sorted := append([]int(nil), runs...)
		sort.Ints(sorted)
		depth := sorted[n*3/4] + int(r.s)
		for k := 0; k < n; k++ {
			x, y := sx+k*ix, sy+k*iy
			for d := 0; d < min(runs[k], depth); d++ {
				cls[(y+d*ey)*r.ww+x+d*ex] = 0
			}
		}
	}
}

// Hull limits.
var (
	hullCover = 0.6  // a band along this much of a side is the hull
	hullMaxMM = 12.0 // the deepest the hull is looked for over the board
)
