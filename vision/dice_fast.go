package vision

import (
	"bytes"
	"cmp"
	"encoding/binary"
	"math"
	"slices"
	"unsafe"
)

// The face search reads hundreds of placements per die, and the foreground
// and background look at every pixel of the view; these helpers do the
// arithmetic of the plain loops they replace with fewer instructions. All
// keep the same sums in the same order (bit for bit the same values) but
// the correlations (corr, pipCorr), which add the same products in
// another order: equal but for the last bits, which no read of the tuning
// seeds 0-599 shows.

// nthFloat returns the k-th smallest value of v (from 0), reordering v:
// the value a sort would put at v[k], found without sorting (quickselect).
func nthFloat(v []float64, k int) float64 { return nth(v, k) }

// nth is nthFloat for any ordered values (the background model's 8-bit
// block medians too).
func nth[T cmp.Ordered](v []T, k int) T {
	lo, hi := 0, len(v)-1
	for hi-lo > 12 {
		// The median of three as the pivot, left in the middle.
		mid := lo + (hi-lo)/2
		if v[mid] < v[lo] {
			v[mid], v[lo] = v[lo], v[mid]
		}
		if v[hi] < v[lo] {
			v[hi], v[lo] = v[lo], v[hi]
		}
		if v[hi] < v[mid] {
			v[hi], v[mid] = v[mid], v[hi]
		}
		p := v[mid]
		i, j := lo, hi
		for i <= j {
			for v[i] < p {
				i++
			}
			for v[j] > p {
				j--
			}
			if i <= j {
				v[i], v[j] = v[j], v[i]
				i++
				j--
			}
		}
		// Now v[lo..j] <= p <= v[i..hi], and what lies between equals p.
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return v[k]
		}
	}
	for i := lo + 1; i <= hi; i++ {
		x := v[i]
		j := i
		for ; j > lo && v[j-1] > x; j-- {
			v[j] = v[j-1]
		}
		v[j] = x
	}
	return v[k]
}

// nthByte is nth for 8-bit values without reordering them: two counts of
// 16 bins, the high four bits, then the low four among the values in the
// high bin that holds the k-th. The background's block medians (a few
// dozen values each, thousands of blocks a read) took a tenth of the read
// by quickselect, whose comparisons the branch predictor cannot guess.
func nthByte(v []uint8, k int) uint8 {
	var hi [16]int32
	for _, x := range v {
		hi[x>>4]++
	}
	h, acc := 0, int32(0)
	for ; h < 15; h++ {
		if acc+hi[h] > int32(k) {
			break
		}
		acc += hi[h]
	}
	var lo [16]int32
	hb := uint8(h)
	for _, x := range v {
		// Values outside the high bin add 0 (no branch to mispredict).
		m := int32(0)
		if x>>4 == hb {
			m = 1
		}
		lo[x&15] += m
	}
	l := 0
	for ; l < 15; l++ {
		if acc+lo[l] > int32(k) {
			break
		}
		acc += lo[l]
	}
	return hb<<4 | uint8(l)
}

// A sample's correlation with a template is the dot product of its
// smoothed ink with the normalised template (over the norm of the smoothed
// ink less its mean). The smoothing is linear: the dot product of the
// smoothed ink with a template t is the dot product of the ink itself with
// the template smoothed the other way round (its transpose, smoothT). Most
// of a face is paint, whose ink is exactly 0: the product is summed over
// the sample's ink cells only (faceSample.nz), a fifth to a third of the
// grid. The sums are those of the dense products in another order: equal
// but for the last bits.

// inkCells lists the cells of f whose ink is not 0 (once per sample: only
// learned faces need them).
func (f *faceSample) inkCells() []int16 {
	if f.nnz < 0 {
		n := 0
		for k, v := range f.ink[:] { // the slice: ranging over the array copies it
			if v != 0 {
				f.nz[n] = int16(k)
				n++
			}
		}
		f.nnz = n
	}
	return f.nz[:f.nnz]
}

// corrTemplates are templates prepared for corr: smoothT of each, laid
// out cell by cell (the n templates' weights of one cell side by side).
type corrTemplates struct {
	n int
	w []float64 // w[cell*n + k]
}

// newCorrTemplates prepares normalised templates (as normTemplate gives)
// for corr, in groups of four.
func newCorrTemplates(ts ...[]float64) *corrTemplates {
	if len(ts)%4 != 0 {
		panic("vision: templates come in groups of four")
	}
	c := &corrTemplates{n: len(ts), w: make([]float64, faceN*faceN*len(ts))}
	for k, t := range ts {
		u := smoothT(t)
		for i, v := range u {
			c.w[i*c.n+k] = v
		}
	}
	return c
}

// smoothT is the transpose of smoothInto: smoothInto divides each cell's
// neighbourhood sum by the neighbourhood's count, so a cell of the input
// weighs in on each of its neighbours' outputs with 1 over that
// neighbour's count.
func smoothT(t []float64) []float64 {
	const n = faceN
	out := make([]float64, n*n)
	cnt := func(i int) float64 {
		if i == 0 || i == n-1 {
			return 2
		}
		return 3
	}
	for j := 0; j < n; j++ {
		for i := 0; i < n; i++ {
			s := 0.0
			for b := max(0, j-1); b <= min(n-1, j+1); b++ {
				for a := max(0, i-1); a <= min(n-1, i+1); a++ {
					s += t[b*n+a] / (cnt(a) * cnt(b))
				}
			}
			out[j*n+i] = s
		}
	}
	return out
}

// corr writes into out[4*g0:4*g1] the correlations of f with the
// templates of c's groups g0 to g1-1 (0 where the sample has no contrast).
func corr(f *faceSample, c *corrTemplates, g0, g1 int, out []float64) {
	out = out[:4*g1]
	clear(out[4*g0:])
	if f.softNorm <= 1e-12 {
		return
	}
	w := c.w
	nz := f.inkCells()
	for k0 := 4 * g0; k0 < 4*g1; k0 += 4 {
		// Four sums at a time: independent additions keep the processor
		// busy.
		var s0, s1, s2, s3 float64
		for _, i := range nz {
			v := f.ink[i]
			o := int(i)*c.n + k0
			q := w[o : o+4 : o+4]
			s0 += v * q[0]
			s1 += v * q[1]
			s2 += v * q[2]
			s3 += v * q[3]
		}
		out[k0], out[k0+1], out[k0+2], out[k0+3] = s0/f.softNorm, s1/f.softNorm, s2/f.softNorm, s3/f.softNorm
	}
}

// fgRun is a run of view pixels [i0, i1) on one row that the foreground
// test looks at: in the part of the view searched, seen by the frame, and
// over the floor unless the empty tray is known.
type fgRun struct{ i0, i1 int32 }

// foregroundRuns lists the runs of pixels the foreground test looks at,
// row by row, once per reader: the test then needs no check per pixel.
func (r *DiceReader) foregroundRuns() []fgRun {
	var runs []fgRun
	for y := r.work[1]; y < r.work[3]; y++ {
		in := false
		for x := r.work[0]; x < r.work[2]; x++ {
			i := y*r.gw + x
			look := r.idx[i] >= 0 && (r.haveRef || r.floor[i])
			switch {
			case look && !in:
				runs = append(runs, fgRun{i0: int32(i)})
				in = true
			case !look && in:
				runs[len(runs)-1].i1 = int32(i)
				in = false
			}
		}
		if in {
			runs[len(runs)-1].i1 = int32(y*r.gw + r.work[2])
		}
	}
	return runs
}

// colourChange marks the view pixels that differ from the empty tray by
// more than a shadow would (see foreground), and clears all others; and
// among them those that differ as much as print does (r.ink, see
// dice_ink.go: print's thresholds are all beyond the foreground's, so no
// pixel the pinholes add later is print).
func (r *DiceReader) colourChange() {
	if r.fgRuns == nil {
		r.fgRuns = r.foregroundRuns()
	}
	clear(r.inWork(r.fg))
	clear(r.inWork(r.ink))
	for _, run := range r.fgRuns {
		fg := r.fg[run.i0:run.i1]
		ink := r.ink[run.i0:run.i1]
		view := r.view[3*run.i0 : 3*run.i1]
		bg := r.bg[3*run.i0 : 3*run.i1]
		for k := range fg {
			a, b := view[3*k:3*k+3:3*k+3], bg[3*k:3*k+3:3*k+3]
			d0 := logTab[a[0]] - logTab[b[0]]
			d1 := logTab[a[1]] - logTab[b[1]]
			d2 := logTab[a[2]] - logTab[b[2]]
			m := (d0 + d1 + d2) / 3
			// The largest deviation of a channel from the mean over 0.16:
			// compared as the bits of their magnitudes, which order as the
			// numbers do (logTab has no NaN), without branches.
			e0 := math.Float32bits(d0-m) &^ (1 << 31)
			e1 := math.Float32bits(d1-m) &^ (1 << 31)
			e2 := math.Float32bits(d2-m) &^ (1 << 31)
			e := max(e0, e1, e2)
			fg[k] = e > fgChroma || m > 0.28 || m < -0.72
			ink[k] = e > inkChromaBits || m > inkBright || m < inkDark
		}
	}
}

// nextSet is the index of the first byte 1 in b[from:to], or to if
// none: the labelling passes skip the unset pixels of a mask (most of
// the view) a word at a time (bytes.IndexByte) instead of testing each,
// and visit the set ones in the same order as a plain scan.
func nextSet(b []byte, from, to int) int {
	if from >= to {
		return to
	}
	if k := bytes.IndexByte(b[from:to], 1); k >= 0 {
		return from + k
	}
	return to
}

// boolBytes is b's memory as bytes: a Go bool is one byte, 0 or 1.
func boolBytes(b []bool) []byte {
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(b))), len(b))
}

// fillPinholes makes foreground every pixel (inside the part of the view
// searched, one pixel in from the view's edge) with at least 5 of the 9
// pixels of its 3x3 neighbourhood foreground. The counts are summed eight
// pixels at a time, a byte each (a count is at most 9: no byte carries
// into the next): first along rows into r.cnt, then across three rows.
func (r *DiceReader) fillPinholes() {
	y0, y1 := r.work[1], r.work[3]
	xa, xb := max(1, r.work[0]), min(r.gw-1, r.work[2])
	if xb <= xa {
		return
	}
	fg, cnt := boolBytes(r.fg), r.cnt
	for y := y0; y < y1; y++ {
		i, end := y*r.gw+xa, y*r.gw+xb
		for ; i+8 <= end; i += 8 {
			s := binary.LittleEndian.Uint64(fg[i-1:]) + binary.LittleEndian.Uint64(fg[i:]) + binary.LittleEndian.Uint64(fg[i+1:])
			binary.LittleEndian.PutUint64(cnt[i:], s)
		}
		for ; i < end; i++ {
			cnt[i] = fg[i-1] + fg[i] + fg[i+1]
		}
	}
	// A byte's bit 7 is set when its count reaches 5 (count + 123 >= 128,
	// at most 132: no carry), and a pixel becomes foreground then; one
	// that is stays so. Rows outside the part searched count 0 (r.cnt is
	// written only inside it).
	const add5 = 0x7b7b7b7b7b7b7b7b
	const high = 0x8080808080808080
	gw := r.gw
	for y := max(1, y0); y < min(r.gh-1, y1); y++ {
		i, end := y*gw+xa, y*gw+xb
		for ; i+8 <= end; i += 8 {
			s := binary.LittleEndian.Uint64(cnt[i-gw:]) + binary.LittleEndian.Uint64(cnt[i:]) + binary.LittleEndian.Uint64(cnt[i+gw:])
			f := binary.LittleEndian.Uint64(fg[i:])
			binary.LittleEndian.PutUint64(fg[i:], f|((s+add5)&high)>>7)
		}
		for ; i < end; i++ {
			if cnt[i-gw]+cnt[i]+cnt[i+gw] >= 5 {
				fg[i] = 1
			}
		}
	}
}

// bgBlock is the side (view pixels, 8 mm) of the background model's blocks.
const bgBlock = 16

// fillBackground writes the background model into r.bg over the part of
// the view searched: each floor pixel its block's colour (med, bw blocks
// a row), each wall pixel its wall's colour. A row of blocks' colours is
// laid out pixel by pixel once and copied into each of its view rows,
// then the walls' pixels (listed once per reader) are written over.
func (r *DiceReader) fillBackground(med [][3]uint8, bw int, wallMed *[catTable][3]uint8) {
	const bs = bgBlock
	x0, x1 := r.work[0], r.work[2]
	if x1 <= x0 {
		return
	}
	line := make([]uint8, 3*bw*bs)
	for y := r.work[1]; y < r.work[3]; y++ {
		if y == r.work[1] || y%bs == 0 {
			row := med[(y/bs)*bw : (y/bs+1)*bw]
			for x := 0; x < bw*bs; x++ {
				c := row[x/bs]
				line[3*x], line[3*x+1], line[3*x+2] = c[0], c[1], c[2]
			}
		}
		i := y * r.gw
		copy(r.bg[3*(i+x0):3*(i+x1)], line[3*x0:3*x1])
	}
	if r.walls == nil {
		r.walls = []int32{}
		for y := r.work[1]; y < r.work[3]; y++ {
			for x := x0; x < x1; x++ {
				if k := r.cat[y*r.gw+x]; k != catFloor && k < catTable {
					r.walls = append(r.walls, int32(y*r.gw+x))
				}
			}
		}
	}
	for _, i := range r.walls {
		c := wallMed[r.cat[i]]
		d := r.bg[3*i : 3*i+3 : 3*i+3]
		d[0], d[1], d[2] = c[0], c[1], c[2]
	}
}

// A pip template is the union of its pips' disks, which never touch, so
// its smoothed template is the sum of its pips' smoothed disks; and the
// twelve templates (six faces, two turns) hold only nine distinct pips.
// A sample's correlation with a pip template is then the sum of its
// products with the template's smoothed pips (each a few dozen cells),
// less the template's mean times the sample's sum, over the template's
// norm (normTemplate) and the sample's (softNorm): the correlation with
// softPips, up to the order of the additions.

// pipSpot is one pip's smoothed disk, by the cells it covers.
type pipSpot struct {
	idx []int16
	w   []float64
}

// pipFace is one pip template: its pips (indices into pipSpots), and the
// mean and norm of its smoothed template.
type pipFace struct {
	spots      []int
	mean, norm float64
}

var pipSpots, pipFaces = makePipSpots()

func makePipSpots() ([]pipSpot, [12]pipFace) {
	const rad = pipRad
	layouts := pipLayouts
	var spots []pipSpot
	var masks [][faceN * faceN]float64
	var faces [12]pipFace
	for f, pips := range layouts {
		for turn := 0; turn < 2; turn++ {
			k := f*2 + turn
			var sum [faceN * faceN]float64
			for _, p := range pips {
				var m [faceN * faceN]float64
				for j := 0; j < faceN; j++ {
					for i := 0; i < faceN; i++ {
						u := (float64(i)/(faceN-1) - 0.5) * 0.86
						v := (float64(j)/(faceN-1) - 0.5) * 0.86
						if turn == 1 {
							u, v = -v, u
						}
						if math.Hypot(u-p[0], v-p[1]) < rad {
							m[j*faceN+i] = 1
						}
					}
				}
				s := slices.Index(masks, m)
				if s < 0 {
					s = len(masks)
					masks = append(masks, m)
					var sp pipSpot
					for i, w := range smoothGrid(m[:]) {
						if w != 0 {
							sp.idx = append(sp.idx, int16(i))
							sp.w = append(sp.w, w)
						}
					}
					spots = append(spots, sp)
				}
				faces[k].spots = append(faces[k].spots, s)
				for i, v := range m {
					sum[i] += v
				}
			}
			if sum != pipTemplates[k] {
				panic("vision: a pip template is not the sum of its pips")
			}
			st := smoothGrid(sum[:])
			mean := 0.0
			for _, v := range st {
				mean += v
			}
			mean /= float64(len(st))
			ss := 0.0
			for _, v := range st {
				ss += (v - mean) * (v - mean)
			}
			faces[k].mean, faces[k].norm = mean, math.Sqrt(ss)
		}
	}
	return spots, faces
}

// pipCorr writes the correlations of f with the twelve pip templates
// (softPips' order; 0 where the sample has no contrast).
func pipCorr(f *faceSample, out *[12]float64, rimless bool) {
	*out = [12]float64{}
	soft, sum, norm := f.pipView(rimless)
	if norm <= 1e-12 {
		return
	}
	var d [16]float64
	soft = soft[:faceN*faceN]
	for s := range pipSpots {
		d[s&15] = spotDot(soft, &pipSpots[s])
	}
	for k := range out {
		out[k] = pipFaceCorr(k, &d, sum, norm)
	}
}

// spotDot is the product of a sample's smoothed ink with one smoothed
// pip, in two lanes (two chains of additions half as long: the same sum
// but for the last bits).
func spotDot(soft []float64, sp *pipSpot) float64 {
	idx := sp.idx
	w := sp.w[:len(idx)]
	var t0, t1 float64
	k := 0
	for ; k+1 < len(idx); k += 2 {
		t0 += soft[idx[k]] * w[k]
		t1 += soft[idx[k+1]] * w[k+1]
	}
	if k < len(idx) {
		t0 += soft[idx[k]] * w[k]
	}
	return t0 + t1
}

// pipFaceCorr is the correlation with pip template k from the products
// d with the pips (spotDot).
func pipFaceCorr(k int, d *[16]float64, sum, norm float64) float64 {
	pf := &pipFaces[k]
	raw := 0.0
	for _, s := range pf.spots {
		raw += d[s&15]
	}
	return (raw - pf.mean*sum) / pf.norm / norm
}

// pipFaceScore is the better correlation of f with face k's two turns
// (templates 2k and 2k+1) alone: what pipCorr gives for them, from the
// products with their pips only.
func pipFaceScore(f *faceSample, k int, rimless bool) float64 {
	soft, sum, norm := f.pipView(rimless)
	if norm <= 1e-12 {
		return 0
	}
	var d [16]float64
	soft = soft[:faceN*faceN]
	for t := 2 * k; t <= 2*k+1; t++ {
		for _, s := range pipFaces[t].spots {
			d[s&15] = spotDot(soft, &pipSpots[s])
		}
	}
	return max(pipFaceCorr(2*k, &d, sum, norm), pipFaceCorr(2*k+1, &d, sum, norm))
}
