package vision

import (
	"image"
	"math"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// faceSample is a die's top face sampled on a faceN x faceN grid in the
// die's own frame, split into paint and ink (pips, symbols).
type faceSample struct {
	rgb      [faceN * faceN][3]float64
	lum      [faceN * faceN]float64
	ink      [faceN * faceN]float64 // 0 paint .. 1 ink
	soft     []float64              // ink, smoothed for matching
	softNorm float64                // the norm of soft less its mean
	softSum  float64                // the sum of soft
	// What the pip templates are matched against (dice_rim.go): soft, or
	// where the ink is darker than the paint, rimSoft, the ink without
	// the grid's outer ring (rim) smoothed; and its sum and norm.
	pipSoft         []float64
	pipSum, pipNorm float64
	rim             [faceN * faceN]float64
	rimSoft         []float64
	rows            [faceN * faceN]float64 // smoothWith's row sums
	paint           [3]float64             // median colour of the paint
	inkRGB          [3]float64             // median colour of the ink
	inkShare        float64
	// nz lists the cells whose ink is not 0, nnz of them, or nnz is -1
	// when not listed yet (see inkCells).
	nz  [faceN * faceN]int16
	nnz int
}

// patchPx is the resolution (px per mm) of a die's local patch.
const patchPx = 4.0

// patchHalf is the half side (mm) of a die's local patch: the face grid
// turned any way (its half diagonal) plus the search's reach.
const patchHalf = 0.86*0.5*1.4142*16.0 + searchReach + 1

// searchReach is how far (mm) the search may move a square from where the
// outline put it.
const searchReach = 3.5

// topPatch is the frame resampled once around one die on the plane of the
// dice's tops (an axis-aligned grid in tray millimetres), so that the many
// placements the search tries read plain arrays instead of the frame.
//
// It is resampled lazily, a tile of patchTile x patchTile pixels when a
// placement first reads it: a die whose face reads at once needs about a
// quarter of the patch, and the search's reach is a circle in a square.
// Each pixel is computed as it would be in one pass, whatever the order.
type topPatch struct {
	x0, y0 float64 // tray mm of the patch's first pixel's corner
	n      int
	lum    []float32
	rgb    []float32
	fr     frameReader
	H      board.Homography // plane h0 (tray mm) to frame pixels
	nt     int              // tiles per side
	done   []bool           // tile filled
}

// patchTile is the side (px) of the tiles a patch is filled by.
const patchTile = 8

// fillPatch makes p the patch around centre (mm, plane h0) in img; its
// pixels are resampled when first read (need).
func (r *DiceReader) fillPatch(img image.Image, centre board.Point, p *topPatch) {
	half := patchHalf
	if s := r.h0 * 0.5 * 0.86 * 1.4142; s+searchReach+1 > half {
		half = s + searchReach + 1
	}
	p.n = int(math.Ceil(2 * half * patchPx))
	p.x0, p.y0 = centre.X-half, centre.Y-half
	if cap(p.lum) < p.n*p.n {
		p.lum = make([]float32, p.n*p.n)
		p.rgb = make([]float32, 3*p.n*p.n)
	}
	p.lum, p.rgb = p.lum[:p.n*p.n], p.rgb[:3*p.n*p.n]
	p.fr = newFrameReader(img)
	p.H = r.topH
	p.nt = (p.n + patchTile - 1) / patchTile
	if cap(p.done) < p.nt*p.nt {
		p.done = make([]bool, p.nt*p.nt)
	}
	p.done = p.done[:p.nt*p.nt]
	clear(p.done)
}

// need resamples the tiles not filled yet that hold any of the pixels
// (xa..xb, ya..yb), clamped to the patch.
func (p *topPatch) need(xa, ya, xb, yb int) {
	// A sample clamped to the patch's edge reads its last two pixels, so
	// a region beyond the patch still fills the edge's tiles.
	xa, ya = min(max(0, xa), p.n-2)/patchTile, min(max(0, ya), p.n-2)/patchTile
	xb, yb = min(p.n-1, max(1, xb))/patchTile, min(p.n-1, max(1, yb))/patchTile
	for ty := ya; ty <= yb; ty++ {
		for tx := xa; tx <= xb; tx++ {
			if t := ty*p.nt + tx; !p.done[t] {
				p.done[t] = true
				p.fillTile(tx*patchTile, ty*patchTile, min(p.n, (tx+1)*patchTile), min(p.n, (ty+1)*patchTile))
			}
		}
	}
}

// fillTile resamples the patch's pixels [i0, i1) x [j0, j1) from the frame.
func (p *topPatch) fillTile(i0, j0, i1, j1 int) {
	if p.fr.rgba != nil {
		p.fillTileRGBA(i0, j0, i1, j1)
		return
	}
	H := p.H
	for j := j0; j < j1; j++ {
		Y := p.y0 + (float64(j)+0.5)/patchPx
		for i := i0; i < i1; i++ {
			X := p.x0 + (float64(i)+0.5)/patchPx
			iw := 1 / (H[6]*X + H[7]*Y + H[8])
			x := (H[0]*X+H[1]*Y+H[2])*iw - 0.5
			y := (H[3]*X+H[4]*Y+H[5])*iw - 0.5
			c := p.fr.bilinear(x, y)
			k := j*p.n + i
			p.rgb[3*k], p.rgb[3*k+1], p.rgb[3*k+2] = c[0], c[1], c[2]
			p.lum[k] = 0.3*c[0] + 0.59*c[1] + 0.11*c[2]
		}
	}
}

// fillTileRGBA is fillTile for an RGBA frame (what the cameras and the
// renderer give), with frameReader.bilinear's arithmetic inlined and
// plain clamps (a frame position is never NaN): the same values, at a
// fraction of the cost.
func (p *topPatch) fillTileRGBA(i0, j0, i1, j1 int) {
	H := p.H
	fr := &p.fr
	m := fr.rgba
	w, h := fr.b.Dx(), fr.b.Dy()
	xm, ym := float64(w-1)-1e-9, float64(h-1)-1e-9
	pix, stride, base := m.Pix, m.Stride, m.PixOffset(fr.b.Min.X, fr.b.Min.Y)
	// The homography's products with X, one per column of the tile,
	// computed once (each sum below adds the same products in the same
	// order as written out in full).
	var h0X, h3X, h6X [patchTile]float64
	for i := i0; i < i1; i++ {
		X := p.x0 + (float64(i)+0.5)/patchPx
		h0X[i-i0], h3X[i-i0], h6X[i-i0] = H[0]*X, H[3]*X, H[6]*X
	}
	for j := j0; j < j1; j++ {
		Y := p.y0 + (float64(j)+0.5)/patchPx
		h1Y, h4Y, h7Y := H[1]*Y, H[4]*Y, H[7]*Y
		for i := i0; i < i1; i++ {
			// One reciprocal for both coordinates (the last bit of a
			// position may differ from two divisions').
			iw := 1 / (h6X[i-i0] + h7Y + H[8])
			x := (h0X[i-i0]+h1Y+H[2])*iw - 0.5
			y := (h3X[i-i0]+h4Y+H[5])*iw - 0.5
			x = clampPos(x, xm)
			y = clampPos(y, ym)
			// x and y are clamped below w-1 and h-1: the next pixel on
			// the row and the next row always exist.
			x0, y0 := int(x), int(y)
			fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
			gx, gy := 1-fx, 1-fy
			o00 := base + y0*stride + 4*x0
			o01 := o00 + stride
			// Each row's two pixels in one slice.
			r0, r1 := pix[o00:o00+7:o00+7], pix[o01:o01+7:o01+7]
			c0 := (float32(r0[0])*gx+float32(r0[4])*fx)*gy + (float32(r1[0])*gx+float32(r1[4])*fx)*fy
			c1 := (float32(r0[1])*gx+float32(r0[5])*fx)*gy + (float32(r1[1])*gx+float32(r1[5])*fx)*fy
			c2 := (float32(r0[2])*gx+float32(r0[6])*fx)*gy + (float32(r1[2])*gx+float32(r1[6])*fx)*fy
			k := j*p.n + i
			rgb := p.rgb[3*k : 3*k+3 : 3*k+3]
			rgb[0], rgb[1], rgb[2] = c0, c1, c2
			p.lum[k] = 0.3*c0 + 0.59*c1 + 0.11*c2
		}
	}
}

// sampleFace samples the square of side s (mm, on the plane h0) centred on
// centre (mm) at angle ang from the patch.
func (r *DiceReader) sampleFace(p *topPatch, centre board.Point, ang, s float64) *faceSample {
	f := r.newFace()
	r.sampleInto(f, p, centre, ang, s, 1, 1, false)
	return f
}

// newFace is a face sample to fill: the reader keeps those of earlier
// reads (a read takes a few dozen, of 20 KB each) and hands each out once
// per read (Read starts again from the first), so that a read allocates
// none. Every field a sample's reader looks at is written when it is
// filled (sampleInto, finish).
func (r *DiceReader) newFace() *faceSample {
	if r.nFaces < len(r.faces) {
		r.nFaces++
		return r.faces[r.nFaces-1]
	}
	f := &faceSample{}
	if len(r.faces) < maxKeptFaces {
		r.faces = append(r.faces, f)
		r.nFaces++
	}
	return f
}

// maxKeptFaces bounds the samples a reader keeps (about 5 MB): calls
// outside a read (LearnFace) never start again from the first.
const maxKeptFaces = 256

// sampleInto samples a rectangle into f: the square scaled by su along the
// die's first axis and sv along its second. Quick samples (for searching)
// read luminance only and take the mean paint and ink instead of the
// medians of their colours.
func (r *DiceReader) sampleInto(f *faceSample, p *topPatch, centre board.Point, ang, s, su, sv float64, quick bool) {
	ca, sa := math.Cos(ang), math.Sin(ang)
	step := 0.86 * s / (faceN - 1)
	du, dv := step*su, step*sv
	u0, v0 := -0.43*s*su, -0.43*s*sv
	// The grid in patch pixels: an affine walk, x along i and along j.
	px0 := (centre.X+u0*ca-v0*sa-p.x0)*patchPx - 0.5
	py0 := (centre.Y+u0*sa+v0*ca-p.y0)*patchPx - 0.5
	dxi, dyi := du*ca*patchPx, du*sa*patchPx
	dxj, dyj := -dv*sa*patchPx, dv*ca*patchPx
	lim := float64(p.n-1) - 1e-6
	// The walk's steps, each product computed once: x at (i, j) is
	// (px0 + i*dxi) + j*dxj, as written out in full.
	var ixs, iys, jxs, jys [faceN]float64
	for i := 0; i < faceN; i++ {
		ixs[i], iys[i] = float64(i)*dxi, float64(i)*dyi
		jxs[i], jys[i] = float64(i)*dxj, float64(i)*dyj
	}
	inside := true
	var cx, cy [4]float64
	for k, c := range [4][2]int{{0, 0}, {faceN - 1, 0}, {0, faceN - 1}, {faceN - 1, faceN - 1}} {
		x, y := px0+ixs[c[0]]+jxs[c[1]], py0+iys[c[0]]+jys[c[1]]
		if x < 0 || y < 0 || x >= lim || y >= lim {
			inside = false
		}
		cx[k], cy[k] = x, y
	}
	// Every sample lies within the corners' box (the walk is monotone in
	// i and j, and so is the clamp), and reads its pixel and the next: a
	// pixel more on every side is only caution.
	xa, xb := min(cx[0], cx[1], cx[2], cx[3]), max(cx[0], cx[1], cx[2], cx[3])
	ya, yb := min(cy[0], cy[1], cy[2], cy[3]), max(cy[0], cy[1], cy[2], cy[3])
	xa, xb, ya, yb = max(0, min(lim, xa)), max(0, min(lim, xb)), max(0, min(lim, ya)), max(0, min(lim, yb))
	p.need(int(xa)-1, int(ya)-1, int(xb)+2, int(yb)+2)
	n := p.n
	lum, rgb := p.lum, p.rgb
	// px0 + ixs[i] is the first sum of every x on column i: added once.
	var axs, ays [faceN]float64
	for i := 0; i < faceN; i++ {
		axs[i], ays[i] = px0+ixs[i], py0+iys[i]
	}
	if quick && inside {
		quickGrid(&f.lum, lum, n, &axs, &ays, &jxs, &jys)
		f.finish(true)
		return
	}
	for j := 0; j < faceN; j++ {
		jx, jy := jxs[j], jys[j]
		out := f.lum[j*faceN : (j+1)*faceN : (j+1)*faceN]
		for i := range out {
			x := axs[i] + jx
			y := ays[i] + jy
			if !inside {
				x = clampPos(x, lim)
				y = clampPos(y, lim)
			}
			x0, y0 := int(x), int(y)
			fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
			o := y0*n + x0
			gx, gy := 1-fx, 1-fy
			w00, w10, w01, w11 := gx*gy, fx*gy, gx*fy, fx*fy
			r0, r1 := lum[o:o+2:o+2], lum[o+n:o+n+2:o+n+2]
			out[i] = float64(w00*r0[0] + w10*r0[1] + w01*r1[0] + w11*r1[1])
			if !quick {
				c0, c1 := rgb[3*o:3*o+6:3*o+6], rgb[3*(o+n):3*(o+n)+6:3*(o+n)+6]
				c := &f.rgb[j*faceN+i]
				for q := 0; q < 3; q++ {
					c[q] = float64(w00*c0[q] + w10*c0[3+q] + w01*c1[q] + w11*c1[3+q])
				}
			}
		}
	}
	f.finish(quick)
}

// quickGrid is sampleInto's loop for a quick sample whose grid lies
// inside the patch (most of them): the same arithmetic in the same order,
// without the clamps, the colours and the two tests per cell.
func quickGrid(out *[faceN * faceN]float64, lum []float32, n int, axs, ays, jxs, jys *[faceN]float64) {
	for j := 0; j < faceN; j++ {
		jx, jy := jxs[j], jys[j]
		row := out[j*faceN : (j+1)*faceN : (j+1)*faceN]
		for i := range row {
			x := axs[i] + jx
			y := ays[i] + jy
			x0, y0 := int(x), int(y)
			fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
			o := y0*n + x0
			gx, gy := 1-fx, 1-fy
			w00, w10, w01, w11 := gx*gy, fx*gy, gx*fy, fx*fy
			r0, r1 := lum[o:o+2:o+2], lum[o+n:o+n+2:o+n+2]
			row[i] = float64(w00*r0[0] + w10*r0[1] + w01*r1[0] + w11*r1[1])
		}
	}
}

// finish splits a sampled grid's luminance into paint and ink by Otsu's
// threshold (the paint is the larger part) and smooths the ink for
// matching; a quick sample keeps no colours, only the two sides' mean
// luminances.
//
// The face search finishes hundreds of samples a read, so the loops are
// written for the processor: no branch that depends on a cell's value
// (paint cells' noise falls either side of the paint's level, a branch
// the predictor cannot guess), and sums in four lanes, each added up
// separately, not one chain of 400 dependent additions. The lanes' sums
// are those of one chain in another order: equal but for the last bits.
func (f *faceSample) finish(quick bool) {
	th := otsu(f.lum[:])
	var pl, il float64
	if quick {
		pl, il = f.quickSplit(th)
	} else {
		pl, il = f.paintAndInk(th)
	}
	if math.Abs(il-pl) > 1 {
		inv := 1 / (il - pl)
		// (Ranging over the slice, not the array, which range would copy.)
		for k, l := range f.lum[:] {
			f.ink[k] = clamp01((l - pl) * inv)
		}
	} else {
		f.ink = [faceN * faceN]float64{}
	}
	f.nnz = -1 // listed when first needed (inkCells)
	if len(f.soft) != faceN*faceN {
		f.soft = make([]float64, faceN*faceN)
	}
	f.softSum, f.softNorm = smoothNorm(f.soft, f.ink[:], &f.rows)
	// The pip templates are matched without the rim where the ink is
	// darker than the paint (dice_rim.go).
	f.pipSoft, f.pipSum, f.pipNorm = f.soft, f.softSum, f.softNorm
	if il < pl {
		if len(f.rimSoft) != faceN*faceN {
			f.rimSoft = make([]float64, faceN*faceN)
		}
		f.pipSum, f.pipNorm = smoothNorm(f.rimSoft, f.rimless(), &f.rows)
		f.pipSoft = f.rimSoft
	}
}

// smoothNorm smooths g into out (smoothWith, with the row sums in h) and
// returns the sum of out and the norm of out less its mean.
func smoothNorm(out, g []float64, h *[faceN * faceN]float64) (sum, norm float64) {
	sum = smoothWith(out, g, h)
	m := sum / float64(len(out))
	var s0, s1, s2, s3 float64
	soft := out[:faceN*faceN]
	for k := 0; k < len(soft); k += 4 {
		v := soft[k : k+4 : k+4]
		d0, d1, d2, d3 := v[0]-m, v[1]-m, v[2]-m, v[3]-m
		s0 += d0 * d0
		s1 += d1 * d1
		s2 += d2 * d2
		s3 += d3 * d3
	}
	return sum, math.Sqrt((s0 + s1) + (s2 + s3))
}

// clamp01 is max(0, min(1, v)) for v not NaN (a sample's cells never
// are): +0 for v <= 0 (-0 included), 1 from 1 up. It works on the bits:
// a float64 of sign bit 0 orders as its bits do as an int64, so the
// sign's mask makes any negative +0 and the integer min (a conditional
// move) caps it at 1's bits. No branch on the cell's value, and fewer
// instructions than the built-ins, whose float min and max must also
// handle NaN and signed zeros.
func clamp01(v float64) float64 {
	b := int64(math.Float64bits(v))
	b &^= b >> 63
	return math.Float64frombits(uint64(min(b, oneBits)))
}

// oneBits is 1.0's bits as an int64.
const oneBits = 0x3ff0000000000000

// quickSplit sets a quick sample's ink share and returns the mean
// luminances of its paint (the larger side of the threshold th) and ink.
func (f *faceSample) quickSplit(th float64) (pl, il float64) {
	// Per lane, the count and sum of the cells above th and the sum of
	// the others: a cell's value goes to one sum and +0 to the other
	// (x + 0 is x), chosen by a mask, not a branch.
	var n0, n1, n2, n3 int
	var h0, h1, h2, h3, l0, l1, l2, l3 float64
	lum := f.lum[:]
	for k := 0; k < len(lum); k += 4 {
		v := lum[k : k+4 : k+4]
		b0, b1, b2, b3 := above(v[0], th), above(v[1], th), above(v[2], th), above(v[3], th)
		x0 := math.Float64frombits(math.Float64bits(v[0]) & -uint64(b0))
		x1 := math.Float64frombits(math.Float64bits(v[1]) & -uint64(b1))
		x2 := math.Float64frombits(math.Float64bits(v[2]) & -uint64(b2))
		x3 := math.Float64frombits(math.Float64bits(v[3]) & -uint64(b3))
		n0, n1, n2, n3 = n0+b0, n1+b1, n2+b2, n3+b3
		h0, h1, h2, h3 = h0+x0, h1+x1, h2+x2, h3+x3
		// v or +0.
		l0, l1, l2, l3 = l0+(v[0]-x0), l1+(v[1]-x1), l2+(v[2]-x2), l3+(v[3]-x3)
	}
	n := (n0 + n1) + (n2 + n3)
	sh := (h0 + h1) + (h2 + h3)
	sl := (l0 + l1) + (l2 + l3)
	nLo := len(lum) - n
	if n > 0 {
		sh /= float64(n)
	}
	if nLo > 0 {
		sl /= float64(nLo)
	}
	f.inkShare = float64(min(n, nLo)) / float64(len(lum))
	if nLo > n {
		// The paint is the larger side: below th, the ink above.
		return sl, sh
	}
	return sh, sl
}

// above is 1 when v > th, else 0 (a flag, not a branch).
func above(v, th float64) int {
	b := 0
	if v > th {
		b = 1
	}
	return b
}

// paintAndInk sets the median colours of the paint (the larger side of
// the threshold th) and of the ink, and the ink's share, and returns
// their luminances. (Apart from sampleInto, whose quick samples need none
// of its buffers.)
func (f *faceSample) paintAndInk(th float64) (pl, il float64) {
	var hiA, loA [faceN * faceN]int
	var buf [faceN * faceN]float64
	hi, lo := hiA[:0], loA[:0]
	for k, l := range f.lum[:] { // the slice: ranging over the array copies it
		if l > th {
			hi = append(hi, k)
		} else {
			lo = append(lo, k)
		}
	}
	paint, ink := hi, lo
	if len(lo) > len(hi) {
		paint, ink = lo, hi
	}
	f.paint, f.inkRGB = medianRGB(f.rgb[:], paint, buf[:]), medianRGB(f.rgb[:], ink, buf[:])
	f.inkShare = float64(len(ink)) / float64(len(f.lum))
	pl = 0.3*f.paint[0] + 0.59*f.paint[1] + 0.11*f.paint[2]
	il = 0.3*f.inkRGB[0] + 0.59*f.inkRGB[1] + 0.11*f.inkRGB[2]
	return pl, il
}

// smoothGrid box-blurs a sample grid (3x3): a square placed a pixel off,
// or a face printed a little off centre, still matches its template.
func smoothGrid(g []float64) []float64 {
	out := make([]float64, len(g))
	smoothInto(out, g)
	return out
}

// smoothInto writes smoothGrid(g) into out and returns the sum of out.
func smoothInto(out, g []float64) float64 {
	var h [faceN * faceN]float64
	return smoothWith(out, g, &h)
}

// smoothDiv3, smoothDiv2: the reciprocals of the counts of cells
// smoothInto's sums cover, in a row of three or of two (3 by 3 inside, 2
// on an edge): a product costs a fraction of a division (400 a sample),
// and differs from it in the last bit at most.
var smoothDiv3, smoothDiv2 = func() (d3, d2 [faceN]float64) {
	for i := range d3 {
		ni := 3.0
		if i == 0 || i == faceN-1 {
			ni = 2
		}
		d3[i], d2[i] = 1/(ni*3), 1/(ni*2)
	}
	return
}()

// smoothWith is smoothInto with the row sums in h (any values: all are
// written before they are read), so that a sample's finish need not
// clear them.
func smoothWith(out, g []float64, h *[faceN * faceN]float64) float64 {
	// Separable: sums over rows, then over columns, divided by the count
	// of cells inside the grid (the edges average fewer). Each cell adds
	// itself, then the one before, then the one after.
	const n = faceN
	g, out = g[:n*n], out[:n*n]
	for j := 0; j < n; j++ {
		row := g[j*n : (j+1)*n : (j+1)*n]
		hr := h[j*n : (j+1)*n : (j+1)*n]
		hr[0] = row[0] + row[1]
		for i := 1; i < n-1; i++ {
			hr[i] = row[i] + row[i-1] + row[i+1]
		}
		hr[n-1] = row[n-1] + row[n-2]
	}
	div3, div2 := &smoothDiv3, &smoothDiv2
	for j := 0; j < n; j++ {
		c := h[j*n : (j+1)*n : (j+1)*n]
		o := out[j*n : (j+1)*n : (j+1)*n]
		switch j {
		case 0:
			dn := h[n : 2*n : 2*n]
			for i := range o {
				o[i] = (c[i] + dn[i]) * div2[i]
			}
		case n - 1:
			up := h[(n-2)*n : (n-1)*n : (n-1)*n]
			for i := range o {
				o[i] = (c[i] + up[i]) * div2[i]
			}
		default:
			up, dn := h[(j-1)*n:j*n:j*n], h[(j+1)*n:(j+2)*n:(j+2)*n]
			for i := range o {
				o[i] = (c[i] + up[i] + dn[i]) * div3[i]
			}
		}
	}
	// The sum in four lanes (cells k mod 4), each in index order, not one
	// chain of 400 dependent additions: the same sum but for the last bits.
	var s0, s1, s2, s3 float64
	for k := 0; k < n*n; k += 4 {
		v := out[k : k+4 : k+4]
		s0 += v[0]
		s1 += v[1]
		s2 += v[2]
		s3 += v[3]
	}
	return (s0 + s1) + (s2 + s3)
}

// frameReader reads a frame's pixels, directly for the RGBA frames the
// cameras and the renderer give.
type frameReader struct {
	img  image.Image
	rgba *image.RGBA
	b    image.Rectangle
}

func newFrameReader(img image.Image) frameReader {
	fr := frameReader{img: img, b: img.Bounds()}
	fr.rgba, _ = img.(*image.RGBA)
	return fr
}

func (fr *frameReader) bilinear(x, y float64) [3]float32 {
	w, h := fr.b.Dx(), fr.b.Dy()
	x = max(0, min(float64(w-1)-1e-9, x))
	y = max(0, min(float64(h-1)-1e-9, y))
	x0, y0 := int(x), int(y)
	fx, fy := float32(x-float64(x0)), float32(y-float64(y0))
	x1, y1 := min(x0+1, w-1), min(y0+1, h-1)
	var out [3]float32
	if m := fr.rgba; m != nil {
		o00 := m.PixOffset(fr.b.Min.X+x0, fr.b.Min.Y+y0)
		o10 := o00 + 4*(x1-x0)
		o01 := o00 + m.Stride*(y1-y0)
		o11 := o01 + 4*(x1-x0)
		px := m.Pix
		for k := 0; k < 3; k++ {
			a := float32(px[o00+k])*(1-fx) + float32(px[o10+k])*fx
			b := float32(px[o01+k])*(1-fx) + float32(px[o11+k])*fx
			out[k] = a*(1-fy) + b*fy
		}
		return out
	}
	c00 := rgbAt(fr.img, fr.b.Min.X+x0, fr.b.Min.Y+y0)
	c10 := rgbAt(fr.img, fr.b.Min.X+x1, fr.b.Min.Y+y0)
	c01 := rgbAt(fr.img, fr.b.Min.X+x0, fr.b.Min.Y+y1)
	c11 := rgbAt(fr.img, fr.b.Min.X+x1, fr.b.Min.Y+y1)
	for k := 0; k < 3; k++ {
		a := float32(c00[k])*(1-fx) + float32(c10[k])*fx
		b := float32(c01[k])*(1-fx) + float32(c11[k])*fx
		out[k] = a*(1-fy) + b*fy
	}
	return out
}

// otsu is Otsu's threshold of values in 0..255 (a histogram of whole
// levels). Empty levels are skipped: they add nothing to the sums and
// leave the between-class variance as it was at the last level counted,
// so they can never become the threshold.
func otsu(v []float64) float64 {
	var h [256]int32
	// The level of x is max(0, min(255, int(x))): x itself when whole,
	// 0 for x <= 0 (and NaN), 255 from 255 up. The sums of levels are
	// whole numbers far below 2^53: as integers they are exactly the
	// float64 sums.
	isum := 0
	for _, x := range v {
		b := max(0, min(255, int(x)))
		h[b]++
		isum += b
	}
	lo, hi := 0, 255
	for lo < 255 && h[lo] == 0 {
		lo++
	}
	for hi > lo && h[hi] == 0 {
		hi--
	}
	total := len(v)
	best, th := -1.0, 0.0
	wB, isumB := 0, 0
	for t := lo; t <= hi; t++ {
		if h[t] == 0 {
			continue
		}
		c := int(h[t])
		wB += c
		wF := total - wB
		if wF == 0 {
			break
		}
		isumB += t * c
		// The between-class variance wB*wF*(mB-mF)^2 is
		// (isumB*total - isum*wB)^2 / (wB*wF): the numerator is a whole
		// number below 2^53 (a grid of 400 levels up to 255), exact as a
		// float64, so one division, correctly rounded, instead of three
		// (equal values now compare equal: the lowest level wins a tie).
		num := float64(isumB*total - isum*wB)
		if bv := num * num / float64(wB*wF); bv > best {
			best, th = bv, float64(t)+0.5
		}
	}
	return th
}

// medianRGB is the per-channel median of the colours rgb[idx] (the upper
// median of an even count), selected in buf, which holds len(idx) values.
func medianRGB(rgb [][3]float64, idx []int, buf []float64) [3]float64 {
	var out [3]float64
	if len(idx) == 0 {
		return out
	}
	v := buf[:len(idx)]
	for k := 0; k < 3; k++ {
		for i, j := range idx {
			v[i] = rgb[j][k]
		}
		out[k] = nthFloat(v, len(v)/2)
	}
	return out
}

// contrastSig is a die's light-independent signature: per channel, the log
// ratio of its paint to its ink. A change of light colour or brightness
// scales paint and ink alike and leaves it as it is.
func contrastSig(paint, ink [3]float64) [3]float64 {
	var s [3]float64
	for k := 0; k < 3; k++ {
		s[k] = math.Log(paint[k]+10) - math.Log(ink[k]+10)
	}
	return s
}

// nominalInk is the ink of a die: its pips, a learned die's measured ink,
// or for a learned die not yet calibrated, light on dark and dark on light.
func (r *DiceReader) nominalSig(d *diceset.Die) [3]float64 {
	if ld := r.learned.die(d.ID); ld != nil {
		return contrastSig(ld.Paint, ld.Ink)
	}
	p := [3]float64{float64(d.Colour[0]), float64(d.Colour[1]), float64(d.Colour[2])}
	var ink [3]float64
	if d.Faces.Kind == diceset.Pips {
		ink = [3]float64{float64(d.Faces.PipColour[0]), float64(d.Faces.PipColour[1]), float64(d.Faces.PipColour[2])}
	} else if 0.3*p[0]+0.59*p[1]+0.11*p[2] < 128 {
		ink = [3]float64{235, 225, 200}
	} else {
		ink = [3]float64{20, 20, 20}
	}
	return contrastSig(p, ink)
}

// classify returns the set's die whose signature is nearest, and how far.
func (r *DiceReader) classify(f *faceSample) (*diceset.Die, float64, float64) {
	o := contrastSig(f.paint, f.inkRGB)
	best, second := math.Inf(1), math.Inf(1)
	var bd *diceset.Die
	for i := range r.set.Dice {
		d := &r.set.Dice[i]
		e := r.nominalSig(d)
		// Blur and compression lower the contrast of small pips: allow
		// the signature to shrink, never to grow or turn.
		a := (o[0]*e[0] + o[1]*e[1] + o[2]*e[2]) / math.Max(1e-9, e[0]*e[0]+e[1]*e[1]+e[2]*e[2])
		a = math.Max(0.45, math.Min(1.1, a))
		dist := math.Sqrt((o[0]-a*e[0])*(o[0]-a*e[0]) + (o[1]-a*e[1])*(o[1]-a*e[1]) + (o[2]-a*e[2])*(o[2]-a*e[2]))
		if dist < best {
			best, second, bd = dist, best, d
		} else if dist < second {
			second = dist
		}
	}
	return bd, best, second
}

// pipQ is a corner pip's offset from a face's centre and pipRad a pip's
// radius, in sides of the face.
const pipQ, pipRad = 0.27, 0.11

// pipLayouts are the pips' centres of faces 1 to 6, one layout for the
// templates and the sparse correlation both.
var pipLayouts = func() [6][][2]float64 {
	const q = pipQ
	return [6][][2]float64{
		{{0, 0}},
		{{-q, -q}, {q, q}},
		{{-q, -q}, {0, 0}, {q, q}},
		{{-q, -q}, {q, q}, {q, -q}, {-q, q}},
		{{-q, -q}, {q, q}, {q, -q}, {-q, q}, {0, 0}},
		{{-q, -q}, {q, q}, {q, -q}, {-q, q}, {-q, 0}, {q, 0}},
	}
}()

// pipTemplates are the six faces of a standard die on the sample grid, in
// the two orientations a square can show (2, 3 and 6 differ by a quarter
// turn): index (face-1)*2 + turn.
var pipTemplates = func() (t [12][faceN * faceN]float64) {
	const rad = pipRad
	layouts := pipLayouts
	for f, pips := range layouts {
		for turn := 0; turn < 2; turn++ {
			for j := 0; j < faceN; j++ {
				for i := 0; i < faceN; i++ {
					u := (float64(i)/(faceN-1) - 0.5) * 0.86
					v := (float64(j)/(faceN-1) - 0.5) * 0.86
					if turn == 1 {
						u, v = -v, u
					}
					for _, p := range pips {
						if math.Hypot(u-p[0], v-p[1]) < rad {
							t[f*2+turn][j*faceN+i] = 1
						}
					}
				}
			}
		}
	}
	return
}()

// softPips are the pip templates smoothed as the samples are.
var softPips = func() (t [12][]float64) {
	for k := range t {
		t[k] = normTemplate(smoothGrid(pipTemplates[k][:]))
	}
	return
}()

// normTemplate makes a template zero-mean and of unit norm, so that its
// correlation with a sample is one dot product (ncc4).
func normTemplate(t []float64) []float64 {
	out := make([]float64, len(t))
	m := 0.0
	for _, v := range t {
		m += v
	}
	m /= float64(len(t))
	ss := 0.0
	for i, v := range t {
		out[i] = v - m
		ss += (v - m) * (v - m)
	}
	if ss > 0 {
		k := 1 / math.Sqrt(ss)
		for i := range out {
			out[i] *= k
		}
	}
	return out
}

// readPips returns the pip count of die d that matches best, its score
// and the margin to the next count.
func readPips(d *diceset.Die, f *faceSample) (string, float64, float64) {
	var c [12]float64
	pipCorr(f, &c, darkPips(d))
	score := [6]float64{}
	for k := 0; k < 6; k++ {
		score[k] = max(c[2*k], c[2*k+1])
	}
	best, second := 0, -1
	for k := 1; k < 6; k++ {
		if score[k] > score[best] {
			best = k
		}
	}
	for k := 0; k < 6; k++ {
		if k != best && (second < 0 || score[k] > score[second]) {
			second = k
		}
	}
	return diceset.PipLabels[best], score[best], score[best] - score[second]
}

// judge decides what a candidate square is: a die read, or one that cannot
// be read and why.
func (r *DiceReader) judge(img image.Image, c candidate, res *DiceResult) {
	top := r.viewMM(c.c.X, c.c.Y)
	p := &r.patch
	r.fillPatch(img, top, p)
	if c.inkOnly {
		// Its starts are read there (no face sampled here).
		r.judgePrint(p, c, res)
		return
	}
	f := r.sampleFace(p, top, c.angle, r.h0)
	d, dist, second := r.classify(f)
	if r.faceScore(d, f) < 0.95 {
		// The square found from the outline may sit a few millimetres off,
		// enough to cut pips in half: settle it where the face reads best.
		// (A face that already reads clearly is where it is: most are.)
		top, c.angle, f = r.settle(p, d, top, c.angle, f)
	}
	if r.faceScore(d, f) < minScore {
		// Astride the top and the side the camera sees (dice_far.go).
		if t2, a2, f2, ok := r.farSettle(img, p, d, top, c.angle); ok {
			if d2, dist2, second2 := r.classify(f2); d2 == d {
				top, c.angle, f, dist, second = t2, a2, f2, dist2, second2
			}
		}
	}
	// The footprint: the top seen at h0 belongs to a die of its own size.
	foot := r.pose.Unparallax(r.pose.Parallax(top, r.h0), d.SizeMM)
	unread := func(reason string) {
		res.Unreadable = append(res.Unreadable, DieUnreadable{Die: d.ID, XMM: round1(foot.X), YMM: round1(foot.Y), Reason: reason})
	}
	if !r.tray.OnFloor(foot.X, foot.Y) {
		// Not a die unless it looks like one: the walls and the table
		// around the tray are not dice.
		if f.inkShare > 0.015 && dist < 1.2 && c.fill > 0.75 {
			unread(DiceOutside)
		}
		return
	}
	if f.inkShare < 0.015 || dist > 1.6 {
		// No ink at all, or no die of the set looks like this: a shadow,
		// a stain, something that is not a die. Not a made-up die.
		if c.fill > 0.85 && f.inkShare >= 0.015 {
			unread(DiceUnclear)
		}
		return
	}
	zone := r.tray.ZoneAt(foot.X, foot.Y)
	if zone == "" {
		unread(DiceOutside)
		return
	}
	var label string
	var score, margin float64
	if d.Faces.Kind == diceset.Pips {
		label, score, margin = readPips(d, f)
	} else {
		ld := r.learned.die(d.ID)
		if ld == nil {
			unread(DiceUnclear)
			return
		}
		label, score, margin = r.match(ld, f)
	}
	squash := 0.0
	if score >= minScore {
		squash = r.squashed(p, d, top, c.angle)
	}
	over := r.overWall(foot, c.angle, d.SizeMM)
	// Printed faces can differ by a stroke (a 2 and a 3): a learned face
	// must win more clearly than a pip count.
	minMargin := 0.05
	if d.Faces.Kind == diceset.Learned {
		minMargin = learnedMargin(score)
	}
	// A flat die's footprint is on the floor; a top read reaching 0.2 mm
	// into a wall (the reader's placement is good to about 0.1 mm) is a
	// die leaning on that wall (tuning seeds: 6 of the 10 cocked dice read
	// as flat, no flat die).
	// A face that reads clearly may still be a tilted top's: its print
	// reads better on a parallelogram than on the square (dice_cocked.go).
	if score < minScore || margin < minMargin || squash > 0.04 || over > 0.2 || r.looksCocked(p, d, label, top, c.angle, f) {
		// A square only partly full is a flat die's top with a strip swept
		// off (its side toward the camera shaded like the floor), read
		// when its face reads clearly, or else the leftover between
		// touching dice (their sides and shadows): not a die. A cocked
		// die's outline fills its square (tuning seeds: 1 cocked die in
		// 66 filled less). A face that reads badly but not slanted may be
		// a square in the wrong place: searched again wider (dice_wide.go).
		// Slanted says so of a full square only: one astride a die's top
		// and the floor reads part of a face, which may read better
		// shortened too (tuning seed 696: a white 3's square 6.5 mm off
		// read 0.70 and 0.044 better shortened), and its wide search
		// climbs from every angle (readStart).
		if r.mayBeElsewhere(c, over) && (score < minScore || margin < minMargin) && squash <= 0.04 && (c.fill < wideFullFill || !r.slanted(p, d, top, c.angle, score)) {
			r.keepForWide(c, d, foot)
			r.partCocked(c, p, d, label, dist, top, f, foot)
			return
		}
		if c.fill < 0.65 {
			return
		}
		// A flat, square top whose face reads well but as two faces
		// nearly alike (a printed 2 and 3 differ by a stroke) is no
		// cocked die: the players are told the face is unclear, not that
		// the die leans.
		if score >= minScore && margin < minMargin && squash <= 0.04 && over <= 0.2 && !r.looksCocked(p, d, label, top, c.angle, f) {
			unread(DiceUnclear)
			return
		}
		unread(DiceCocked)
		return
	}
	conf := math.Min(1, score) * math.Min(1, 0.5+margin*2) * math.Min(1, (second-dist)/0.5+0.5)
	res.Dice = append(res.Dice, DieRead{Die: d.ID, Face: label, Zone: zone, XMM: round1(foot.X), YMM: round1(foot.Y), Confidence: math.Round(math.Max(0, conf)*100) / 100})
}

// judgePrint reads a die of which only the print was seen: the face
// search starts from the print's centre at a few angles, and the die is
// read only when a face of the set reads clearly there; anything else is
// not reported (it may be no die at all).
func (r *DiceReader) judgePrint(p *topPatch, c candidate, res *DiceResult) {
	// Every start is read once; the search runs from those that read best
	// (dice_printstart.go), the fine steps from the best climb only, and
	// not where no face reads: most such starts are no die.
	starts := r.printStarts(p, c)
	if len(starts) == 0 {
		return
	}
	bc, bs := r.climbPrint(p, starts)
	clear(r.seen)
	r.seen[bc.at] = bc.best
	top, bestAng, f := r.climbFine(p, bs.d, bc, bs.f, printHopeless)
	bestD := bs.d
	d, dist, second := r.classify(f)
	if d != bestD || dist > 0.8 || f.inkShare < 0.015 {
		return
	}
	foot := r.pose.Unparallax(r.pose.Parallax(top, r.h0), d.SizeMM)
	zone := r.tray.ZoneAt(foot.X, foot.Y)
	if !r.tray.OnFloor(foot.X, foot.Y) || zone == "" {
		return
	}
	var label string
	var score, margin float64
	if d.Faces.Kind == diceset.Pips {
		label, score, margin = readPips(d, f)
	} else {
		ld := r.learned.die(d.ID)
		if ld == nil {
			return
		}
		label, score, margin = r.match(ld, f)
		// A learned die's colour seen clearly, its face not read: its
		// top may lie beyond the search's reach (dice_learnprint.go).
		if (score < 0.85 || margin < 0.1) && dist < 0.5 && !c.learnChecked {
			if t2, a2, ok := r.learnedPrintAround(p, d, ld, top, bestAng); ok {
				at := board.Point{X: (t2.X + r.margin) * diePx, Y: (t2.Y + r.margin) * diePx}
				r.judgePrint(p, candidate{c: at, alt: at, alt2: at, angle: a2, angle0: a2, fill: 1, inkOnly: true, learnChecked: true}, res)
				return
			}
		}
	}
	if score < 0.85 || margin < 0.1 {
		return
	}
	// A lone pip may be a corner of another face (dice_pip1.go).
	if label == "1" && d.Faces.Kind == diceset.Pips && !c.pipChecked {
		if t2, a2, ok := r.faceAroundPip(p, d, top); ok {
			at := board.Point{X: (t2.X + r.margin) * diePx, Y: (t2.Y + r.margin) * diePx}
			r.judgePrint(p, candidate{c: at, alt: at, alt2: at, angle: a2, angle0: a2, fill: 1, inkOnly: true, pipChecked: true}, res)
			return
		}
	}
	// A face reaching into a wall is a cocked die's, as for any die
	// (judge): a print that reads clearly is a die's, so it is reported
	// (tuning seeds 0-799: 3 cocked dice not reported before, no flat die).
	if r.overWall(foot, bestAng, d.SizeMM) > 0.2 {
		res.Unreadable = append(res.Unreadable, DieUnreadable{Die: d.ID, XMM: round1(foot.X), YMM: round1(foot.Y), Reason: DiceCocked})
		return
	}
	// A print that reads clearly is a die's; if its top is tilted (the
	// same tests as judge's), it is cocked (dice_cocked.go).
	if r.printCocked(p, d, label, top, bestAng, f) {
		res.Unreadable = append(res.Unreadable, DieUnreadable{Die: d.ID, XMM: round1(foot.X), YMM: round1(foot.Y), Reason: DiceCocked})
		return
	}
	conf := math.Min(1, score) * math.Min(1, 0.5+margin*2) * math.Min(1, (second-dist)/0.5+0.5)
	res.Dice = append(res.Dice, DieRead{Die: d.ID, Face: label, Zone: zone, XMM: round1(foot.X), YMM: round1(foot.Y), Confidence: math.Round(math.Max(0, conf)*100) / 100})
}

// faceScore is how well a sample reads as some face of die d.
func (r *DiceReader) faceScore(d *diceset.Die, f *faceSample) float64 {
	if f.inkShare < 0.015 {
		return -1
	}
	if d.Faces.Kind == diceset.Pips {
		_, sc, _ := readPips(d, f)
		return sc
	}
	if ld := r.learned.die(d.ID); ld != nil {
		_, sc, _ := r.match(ld, f)
		return sc
	}
	return 0
}

// refine searches around a square's centre and angle for the placement
// whose face reads best: a hill climb over the neighbours in x, y and
// angle, from coarse steps to fine ones, never further than searchReach
// from where it started.
func (r *DiceReader) refine(p *topPatch, d *diceset.Die, top board.Point, ang float64, f *faceSample) (board.Point, float64, *faceSample) {
	c := r.climbCoarse(p, d, top, ang, r.faceScore(d, f))
	return r.climbFine(p, d, c, f, math.Inf(-1))
}

// climb is a hill climb's state: where it started, the best placement so
// far (in fine steps from the start) and its quick score.
type climb struct {
	top  board.Point
	ang  float64
	at   [3]int32
	best float64
}

// climbCoarse is the hill climb's coarse steps (1 mm, 0.06 rad) from
// top and ang, whose face scores best there.
func (r *DiceReader) climbCoarse(p *topPatch, d *diceset.Die, top board.Point, ang, best float64) climb {
	c := climb{top: top, ang: ang, best: best}
	if r.seen == nil {
		r.seen = map[[3]int32]float64{}
	}
	clear(r.seen)
	r.seen[[3]int32{}] = best
	r.climbSteps(p, d, &c, coarseSteps)
	return c
}

// climbFine finishes a climb with the fine steps, unless no face reads
// where the coarse steps led, and samples the face there in full (f when
// the climb never moved).
func (r *DiceReader) climbFine(p *topPatch, d *diceset.Die, c climb, f *faceSample, hopeless float64) (board.Point, float64, *faceSample) {
	if c.best >= hopeless {
		r.climbSteps(p, d, &c, fineSteps)
	}
	top, ang := c.top, c.ang
	if c.at != [3]int32{} {
		top = board.Point{X: top.X + float64(c.at[0])*refineFine, Y: top.Y + float64(c.at[1])*refineFine}
		ang += float64(c.at[2]) * refineFineRad
		f = r.sampleFace(p, top, ang, r.h0)
	}
	return top, ang, f
}

// The hill climb's grid: placements are on a grid of the finest step
// (mm, rad) around the start, each read once (r.seen); the steps are
// multiples of it.
const refineFine, refineFineRad = 0.25, 0.015

var coarseSteps, fineSteps = []int32{4}, []int32{2, 1}

// climbSteps climbs with each of steps in turn, moving to the best
// neighbour while one reads better.
func (r *DiceReader) climbSteps(p *topPatch, d *diceset.Die, c *climb, steps []int32) {
	g := &r.scratch
	for _, step := range steps {
		for iter := 0; iter < 8; iter++ {
			improved := false
			from := c.at
			for _, n := range refineMoves {
				k := [3]int32{from[0] + n[0]*step, from[1] + n[1]*step, from[2] + n[2]*step}
				if math.Hypot(float64(k[0]), float64(k[1]))*refineFine > searchReach {
					continue
				}
				sc, ok := r.seen[k]
				if !ok {
					q := board.Point{X: c.top.X + float64(k[0])*refineFine, Y: c.top.Y + float64(k[1])*refineFine}
					r.sampleInto(g, p, q, c.ang+float64(k[2])*refineFineRad, r.h0, 1, 1, true)
					sc = r.faceScore(d, g)
					r.seen[k] = sc
				}
				if sc > c.best+1e-9 {
					c.best, c.at, improved = sc, k, true
				}
			}
			if !improved {
				break
			}
		}
	}
}

// settle is refine from the square's angle and, when the face still does
// not read clearly, from three more angles an eighth of a turn apart: the
// outline's angle is its part's, and a part of several touching dice at
// different angles can give a die an angle far off its own (a 3 read across
// its diagonal is no face at all).
func (r *DiceReader) settle(p *topPatch, d *diceset.Die, top board.Point, ang float64, f *faceSample) (board.Point, float64, *faceSample) {
	bt, ba, bf := r.refine(p, d, top, ang, f)
	best := r.faceScore(d, bf)
	if best >= 0.93 {
		return bt, ba, bf
	}
	for _, da := range []float64{math.Pi / 8, -math.Pi / 8, math.Pi / 4} {
		f0 := r.sampleFace(p, top, ang+da, r.h0)
		t2, a2, f2 := r.refine(p, d, top, ang+da, f0)
		if sc := r.faceScore(d, f2); sc > best+0.02 {
			best, bt, ba, bf = sc, t2, a2, f2
		}
	}
	return bt, ba, bf
}

// printHopeless is the quick score below which the search for a die seen
// by its print alone stops after the coarse steps: no face reads there
// (a read needs 0.85).
const printHopeless = 0.5

// refineMoves are the hill climb's neighbours: the eight around in the
// plane, and a turn either way.
var refineMoves = [][3]int32{{-1, -1, 0}, {0, -1, 0}, {1, -1, 0}, {-1, 0, 0}, {1, 0, 0}, {-1, 1, 0}, {0, 1, 0}, {1, 1, 0}, {0, 0, -1}, {0, 0, 1}}

// squashed tells a face seen at a slant: a cocked die's top is tilted, so
// the camera sees it shorter across the tilt. It returns how much better
// the face reads shortened (along either axis, shifted either way) than
// square; a flat die reads best square.
func (r *DiceReader) squashed(p *topPatch, d *diceset.Die, top board.Point, ang float64) float64 {
	best := 0.0
	ca, sa := math.Cos(ang), math.Sin(ang)
	g := &r.scratch
	// Quick samples on both sides of the comparison.
	r.sampleInto(g, p, top, ang, r.h0, 1, 1, true)
	score := r.faceScore(d, g)
	const k = 0.84
	for axis := 0; axis < 2; axis++ {
		su, sv := k, 1.0
		dir := board.Point{X: ca, Y: sa}
		if axis == 1 {
			su, sv = 1, k
			dir = board.Point{X: -sa, Y: ca}
		}
		for _, sh := range []float64{-1, 0, 1} {
			q := top.Add(dir.Scale(sh * (1 - k) * r.h0 / 2))
			r.sampleInto(g, p, q, ang, r.h0, su, sv, true)
			best = math.Max(best, r.faceScore(d, g)-score)
		}
	}
	return best
}

// overWall is how far (mm) a flat die of side s, its footprint centred
// on foot at angle ang, would reach into the tray's walls: a die lying
// flat cannot, but a cocked die's top leans toward the wall it rests on,
// so the square read there sits closer to the wall than half a die.
func (r *DiceReader) overWall(foot board.Point, ang, s float64) float64 {
	ca, sa := math.Cos(ang)*s/2, math.Sin(ang)*s/2
	over := math.Inf(-1)
	for _, k := range [4][2]float64{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
		x := foot.X + k[0]*ca - k[1]*sa
		y := foot.Y + k[0]*sa + k[1]*ca
		over = max(over, -x, x-r.tray.Width, -y, y-r.tray.Height)
	}
	return over
}

// minScore is the least correlation with a face's layout for a die to be
// read: correct reads of flat dice correlate above 0.95 almost always, and
// a cocked die's slanted face seldom above 0.8 (tuning seeds 0-199).
const minScore = 0.88

func round1(v float64) float64 { return math.Round(v*10) / 10 }

// clampPos is max(0, min(lim, v)) for a sample position, with branches
// (a position is nearly always inside: they are predicted) rather than
// the float built-ins, which also handle NaN (a position never is) and
// signed zeros (!(v > 0) gives +0 for -0 as they do). Small enough to be
// inlined in the sampling loops.
func clampPos(v, lim float64) float64 {
	if v > lim {
		return lim
	}
	if !(v > 0) {
		return 0
	}
	return v
}
