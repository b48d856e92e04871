package vision

import (
	"fmt"
	"math"
	"sort"
	"sync"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// NominalBoard is the colour of the board's print under the light the
// nominal palette describes. The reader corrects every frame so that the
// board shows this colour; the palette's nominal colours are then compared
// as they are. Measured samples (a calibration drop) are taken in the same
// corrected space, so they need no such assumption.
var NominalBoard = board.Color{210, 194, 164}

// core is the reader's plain-Go part: the light estimate, the pixel
// classification, the blobs and their splitting into cubes. It works on the
// top-down board image (warped, s px per mm, a margin of m mm around the
// board) and needs no OpenCV, so it builds and is tested without cgo.
type core struct {
	layout  *board.Layout
	palette *board.Palette
	names   []string
	s, m    float64 // px per mm, margin in mm
	ww, wh  int     // warped size
	pose    board.CameraPose
	// place is pose with the camera's known focal length (Options.Focal),
	// zero when none is known: where a cube is put from where its top is
	// seen (placePose). Sizes and shapes (expectedArea, sideShift, the
	// fit's outlines) keep pose, whose assumed focal length their limits
	// were tuned with: with the known one, fragments of strength-2-bottom's
	// disc fitted a smaller outline and two cubes were invented (5011, 5632).
	place   board.CameraPose
	refBG   []float32 // gain from the light over the empty board (smooth) to NominalBoard, or nil
	refLab  []byte    // the empty board, corrected, in Lab, or nil
	refPx   []byte    // the empty board, warped BGR, or nil
	lab     [][3]float64
	labT    []labTerms // labDist2's terms against each palette colour (reader_dist.go)
	black   int        // index of the darkest palette colour, if dark; else -1
	bgLab   [3]float64
	bgT     labTerms   // labDist2's terms against bgLab, for bgTFor
	bgTFor  [3]float64 // the bgLab bgT was set for (bgTSet: set at all)
	bgTSet  bool
	inStrip []bool // warped pixel near a border line
	onPrint []bool // black only by the dark-print rule (scratch of classify)
	outside []bool // warped pixel off the board
	skip    []bool // without a reference, pixels the light estimate leaves out (a hand; nil: none)
	borders borderSamples
	// lastAlign: the last read's alignment (a board that has not moved
	// is not searched again).
	lastAlign lastAlign
	buf       readBufs
	// shadow: with a reference, the cubes' cast shadows of the read
	// (reader_ref.go).
	shadow shadowMap
}

// sliceGain reads a stored gain (w pixels a row, BGR) as printShade asks.
func sliceGain(g []float32, w int) func(x, y, k int) float32 {
	return func(x, y, k int) float32 { return g[(y*w+x)*3+k] }
}

// scaleGain multiplies a gain by k (a darker print: see printShade).
func scaleGain(g []float32, k float32) {
	if k == 1 {
		return
	}
	for i := range g {
		g[i] *= k
	}
}

// newCore sets up the plain-Go part for a layout and palette at s px per
// mm, with a margin of one cube around the board.
func newCore(l *board.Layout, p *board.Palette, s float64) core {
	r := core{layout: l, s: s, m: l.CubeMM}
	r.ww = int(math.Ceil((l.Width + 2*r.m) * r.s))
	r.wh = int(math.Ceil((l.Height + 2*r.m) * r.s))
	if r.ww*r.wh > 4e6 {
		return r // refused by the caller before any pixel is touched
	}
	r.setPalette(p)
	r.bgLab = labOf(NominalBoard)
	r.inStrip = make([]bool, r.ww*r.wh)
	r.outside = make([]bool, r.ww*r.wh)
	strip := l.BorderMM/2 + 1.5
	for y := 0; y < r.wh; y++ {
		for x := 0; x < r.ww; x++ {
			p := r.warpToBoard(float64(x)+0.5, float64(y)+0.5)
			if l.BorderDist(p) < strip {
				r.inStrip[y*r.ww+x] = true
			}
			r.outside[y*r.ww+x] = p.X < 0 || p.Y < 0 || p.X > l.Width || p.Y > l.Height
		}
	}
	return r
}

func (r *core) setPalette(p *board.Palette) {
	r.palette = p
	r.names = p.Names()
	r.lab = make([][3]float64, len(r.names))
	r.labT = make([]labTerms, len(r.names))
	r.black = -1
	darkest := math.Inf(1)
	for i, n := range r.names {
		r.lab[i] = labOf(p.Colors[n])
		r.labT[i].set(r.lab[i])
		if r.lab[i][0] < darkest && r.lab[i][0] < 60 {
			r.black, darkest = i, r.lab[i][0]
		}
	}
}

func (r *core) boardToWarp(p board.Point) board.Point {
	return board.Point{X: (p.X + r.m) * r.s, Y: (p.Y + r.m) * r.s}
}

func (r *core) warpToBoard(x, y float64) board.Point {
	return board.Point{X: x/r.s - r.m, Y: y/r.s - r.m}
}

// normalize divides the light out of a warped BGR image: each channel
// times its gain (from background).
func (r *core) normalize(px []byte, gain []float32) []byte {
	return normalizeInto(make([]byte, len(px)), px, gain)
}

// normalizeInto is normalize writing into norm (as long as px).
func normalizeInto(norm, px []byte, gain []float32) []byte {
	gain = gain[:len(px)]
	norm = norm[:len(px)]
	for i := range px {
		norm[i] = normByte(px[i], gain[i])
	}
	return norm
}

// background estimates the colour the bare board shows at every warped
// pixel: a percentile of the board's pixels in cells of about 16 mm aligned
// with the board (the dark hull around it is left out, or it would darken
// the light at the edges), made robust against cells full of cubes or print
// by the median of neighbouring cells, and interpolated between cell
// centres. It returns, per pixel and BGR channel, the gain that turns that
// colour into NominalBoard.
func (r *core) background(px []byte, q float64) []float32 {
	return r.cellField(px, q, false)
}

// lightChange measures, with an empty-board reference, how the light
// changed since the reference was photographed: per cell and channel the
// median ratio of the reference to the frame (cubes, their shadows and a
// hand are a minority of a cell's pixels), made robust and interpolated
// like the background. Its field gives the frame's gain: the reference's
// gain times that ratio.
func (r *core) lightChange(px []byte) *lightField {
	// Only the pixels cellField samples (every second row and column).
	// A pixel whose ratio in any channel is more than a change of light can
	// give is left out, all three channels (0: not counted; ratioCodes).
	// Only the sampled pixels are written (and read by cellField): an out
	// one is set to 0, so the reused buffer needs no clearing.
	codes := ratioCodes()
	r.buf.enc = grow(r.buf.enc, len(px))
	enc := r.buf.enc
	for y := 0; y < r.wh; y += 2 {
		for x := 0; x < r.ww; x += 2 {
			i := (y*r.ww + x) * 3
			v0 := codes[int(r.refPx[i])<<8|int(px[i])]
			v1 := codes[int(r.refPx[i+1])<<8|int(px[i+1])]
			v2 := codes[int(r.refPx[i+2])<<8|int(px[i+2])]
			if v0 == 0 || v1 == 0 || v2 == 0 {
				v0, v1, v2 = 0, 0, 0
			}
			enc[i], enc[i+1], enc[i+2] = v0, v1, v2
		}
	}
	return r.cellGrid(enc, 0.5, true)
}

// ratioScale encodes a ratio of light r as the byte 128 + ratioScale ln r.
const ratioScale = 40

// ratioCodes is, for a reference byte a and a frame byte b, at a<<8|b, the
// encoded ratio of the reference's light to the frame's (128 + ratioScale
// (ln(a+1) - ln(b+1)), truncated), or 0 when that is more than a change of
// light can give: the frame 1.6 times brighter or 3 times darker than the
// reference (a dimmer lamp, a hand's or the hull's shadow). A black cube
// where the reference shows bare board is 5-8 times darker, and where such
// cubes cover most of a cell the median would be theirs and the light
// there corrected far too bright. Every code in range is at least 109, so
// 0 is free to mean "out". A table of 64 KiB, built once, in place of two
// logarithm look-ups, float arithmetic and two comparisons per channel of
// every sampled pixel: the same codes, computed the same way.
var ratioCodes = sync.OnceValue(func() *[1 << 16]uint8 {
	var lg [256]float32
	for i := range lg {
		lg[i] = ratioScale * float32(math.Log(float64(i)+1))
	}
	lo := 128 - ratioScale*float32(math.Log(1.6))
	hi := 128 + ratioScale*float32(math.Log(3))
	t := new([1 << 16]uint8)
	for a := 0; a < 256; a++ {
		for b := 0; b < 256; b++ {
			v := 128 + lg[a] - lg[b]
			if v < lo || v > hi {
				continue
			}
			t[a<<8|b] = uint8(v)
		}
	}
	return t
})

// cellField estimates a smooth field over the board from the pixels' values
// (BGR bytes, warped): the q-th percentile per channel in cells of about 16
// mm aligned with the board (the hull around it left out), a cell far from
// its neighbours replaced by their median (relatively, or when logRatio
// additively, the values being log ratios), interpolated between cell
// centres. It returns per pixel and channel the gain that maps the field to
// NominalBoard, or with logRatio the reference's gain times the ratio
// (the cells' log ratios turned into ratios before interpolating). The
// result is the reader's buffer, overwritten by the next call: a caller
// that keeps it copies it.
func (r *core) cellField(px []byte, q float64, logRatio bool) []float32 {
	f := r.cellGrid(px, q, logRatio)
	r.buf.gain = grow(r.buf.gain, r.ww*r.wh*3)
	res := r.buf.gain
	for y := 0; y < r.wh; y++ {
		f.gainRow(y, res[y*r.ww*3:(y+1)*r.ww*3])
	}
	return res
}

// cellGrid is cellField's cells: their percentiles made robust, ready to
// be interpolated into any pixel's gain (lightField). A read takes the
// gain row by row as it corrects the image (correctField), without
// storing the whole field.
func (r *core) cellGrid(px []byte, q float64, logRatio bool) *lightField {
	L := r.layout
	cw, ch := max(1, int(math.Round(L.Width/16))), max(1, int(math.Round(L.Height/16)))
	cellW, cellH := L.Width/float64(cw)*r.s, L.Height/float64(ch)*r.s // warped px
	x0, y0 := r.m*r.s, r.m*r.s                                        // the board's origin in warped px
	hist := make([][3][256]int32, cw*ch)
	count := make([]int, cw*ch)
	colOf := make([]int, r.ww)
	for x := range colOf {
		colOf[x] = clampI(int(math.Floor((float64(x)+0.5-x0)/cellW)), cw-1)
	}
	for y := 0; y < r.wh; y += 2 {
		cy := clampI(int(math.Floor((float64(y)+0.5-y0)/cellH)), ch-1)
		for x := 0; x < r.ww; x += 2 {
			i := y*r.ww + x
			if r.outside[i] || r.skip != nil && r.skip[i] || logRatio && px[i*3] == 0 && px[i*3+1] == 0 && px[i*3+2] == 0 {
				continue
			}
			c := cy*cw + colOf[x]
			h := &hist[c]
			h[0][px[i*3]]++
			h[1][px[i*3+1]]++
			h[2][px[i*3+2]]++
			count[c]++
		}
	}
	med := make([][3]float32, cw*ch)
	valid := make([]bool, cw*ch)
	for c := range med {
		valid[c] = count[c] > 20
		for k := 0; k < 3; k++ {
			if logRatio {
				med[c][k] = float32(histPercentile(&hist[c][k], count[c], q))
				continue
			}
			med[c][k] = float32(brightPercentile(&hist[c][k], count[c], q))
		}
	}
	if r.skip != nil {
		fillCells(med, valid, cw, ch)
	}
	sm := make([][3]float32, len(med))
	var nv [3][]float32
	for cy := 0; cy < ch; cy++ {
		for cx := 0; cx < cw; cx++ {
			for k := range nv {
				nv[k] = nv[k][:0]
			}
			for dy := -1; dy <= 1; dy++ {
				for dx := -1; dx <= 1; dx++ {
					x, y := cx+dx, cy+dy
					if x < 0 || y < 0 || x >= cw || y >= ch || !valid[y*cw+x] {
						continue
					}
					for k := 0; k < 3; k++ {
						nv[k] = append(nv[k], med[y*cw+x][k])
					}
				}
			}
			for k := 0; k < 3; k++ {
				v := med[cy*cw+cx][k]
				if len(nv[k]) == 0 {
					sm[cy*cw+cx][k] = v
					continue
				}
				// A cell is replaced only when it is far from its
				// neighbours (full of cubes or print).
				s := nv[k]
				sort.Slice(s, func(a, b int) bool { return s[a] < s[b] })
				m := s[len(s)/2]
				far := v < m*0.85 || v > m*1.15
				if logRatio {
					far = math.Abs(float64(v-m)) > ratioScale*0.14
				}
				if !valid[cy*cw+cx] || far {
					v = m
				}
				sm[cy*cw+cx][k] = v
			}
		}
	}
	// Interpolate between cell centres (separably: a row's blend of two
	// cell rows, then along x): see gainRow.
	f := &r.buf.field
	*f = lightField{ww: r.ww, cw: cw, ch: ch, cellH: cellH, y0: y0, sm: sm, logRatio: logRatio, add: 1, k: 1,
		nb:  [3]float32{float32(NominalBoard[2]), float32(NominalBoard[1]), float32(NominalBoard[0])},
		x0s: grow(f.x0s, r.ww), x1s: grow(f.x1s, r.ww), txs: grow(f.txs, r.ww), row: grow(f.row, cw*3),
		ends: grow(f.ends, r.ww)}
	if logRatio {
		f.add = 0 // the gain is of px+1 (normalize), the ratio of nothing
		f.refBG = r.refBG
		for c := range sm {
			for k := 0; k < 3; k++ {
				sm[c][k] = float32(math.Exp(float64(sm[c][k]-128) / ratioScale))
			}
		}
	}
	for x := 0; x < r.ww; x++ {
		fx := float32((float64(x)+0.5-x0)/cellW - 0.5)
		xf := int(math.Floor(float64(fx)))
		f.x0s[x], f.x1s[x] = int32(clampI(xf, cw-1)*3), int32(clampI(xf+1, cw-1)*3)
		f.txs[x] = min(max(fx-float32(xf), 0), 1)
	}
	// The spans of columns between the same two cells, the same on every
	// row: normRow looked for each span's end pixel by pixel on each row.
	for x := r.ww - 1; x >= 0; x-- {
		if x+1 < r.ww && f.x0s[x+1] == f.x0s[x] && f.x1s[x+1] == f.x1s[x] {
			f.ends[x] = f.ends[x+1]
		} else {
			f.ends[x] = int32(x + 1)
		}
	}
	return f
}

// lightField is the light estimate of one image (cellGrid): per cell and
// channel the board's colour (or, with logRatio, the change of light
// since the empty board), interpolated between cell centres into each
// pixel's gain on demand. It lives in the reader's buffers: the next
// estimate overwrites it.
type lightField struct {
	ww, cw, ch int
	cellH, y0  float64
	sm         [][3]float32 // the cells, robust
	nb         [3]float32   // NominalBoard, BGR
	add        float32
	logRatio   bool
	refBG      []float32 // with logRatio, the empty board's gain
	k          float32   // a darker print's factor on the gain (scale)
	x0s, x1s   []int32   // per column, the two cells (times 3) it lies between
	txs        []float32 // and how far between them
	ends       []int32   // per column, the end of its span of columns between the same two cells
	row        []float32 // gainRow's blend of two cell rows
}

// scale multiplies every gain the field gives by k, as scaleGain does to
// a stored gain.
func (f *lightField) scale(k float32) { f.k *= k }

// rowBlend fills f.row with row y's blend of the two cell rows around it.
func (f *lightField) rowBlend(y int) {
	fy := float32((float64(y)+0.5-f.y0)/f.cellH - 0.5)
	yf := int(math.Floor(float64(fy)))
	ty := min(max(fy-float32(yf), 0), 1)
	y0c, y1c := clampI(yf, f.ch-1), clampI(yf+1, f.ch-1)
	for c := 0; c < f.cw; c++ {
		a, b := f.sm[y0c*f.cw+c], f.sm[y1c*f.cw+c]
		for k := 0; k < 3; k++ {
			f.row[c*3+k] = f.add + a[k]*(1-ty) + b[k]*ty
		}
	}
}

// gainRow writes row y's gain (ww pixels, BGR) into o.
func (f *lightField) gainRow(y int, o []float32) {
	f.rowBlend(y)
	row, nb := f.row, f.nb
	o = o[:f.ww*3]
	var g []float32
	if f.logRatio {
		g = f.refBG[y*f.ww*3 : (y+1)*f.ww*3]
	}
	for x := 0; x < f.ww; x++ {
		tx := f.txs[x]
		a, b := row[f.x0s[x]:f.x0s[x]+3], row[f.x1s[x]:f.x1s[x]+3]
		if !f.logRatio {
			// The gain that maps the light to NominalBoard.
			o[x*3] = nb[0] / (a[0]*(1-tx) + b[0]*tx)
			o[x*3+1] = nb[1] / (a[1]*(1-tx) + b[1]*tx)
			o[x*3+2] = nb[2] / (a[2]*(1-tx) + b[2]*tx)
			continue
		}
		for k := 0; k < 3; k++ {
			o[x*3+k] = g[x*3+k] * (a[k]*(1-tx) + b[k]*tx)
		}
	}
	if f.k != 1 {
		scaleGain(o, f.k)
	}
}

// normRow corrects row y of a warped image (px, ww BGR pixels) into norm:
// normalizeInto with gainRow's gain, computed and used at once (never
// stored), span by span: the pixels between the same two cell centres
// share the cells' blend, kept in registers. The same arithmetic as
// gainRow and normalizeInto, so the same bytes.
func (f *lightField) normRow(y int, px, norm []byte) {
	w := f.ww * 3
	px, norm = px[:w], norm[:w]
	f.rowBlend(y)
	row, nb, k := f.row, f.nb, f.k
	x0s, x1s, txs, ends := f.x0s[:f.ww], f.x1s[:f.ww], f.txs[:f.ww], f.ends[:f.ww]
	var ref []float32
	if f.logRatio {
		ref = f.refBG[y*w : (y+1)*w]
	}
	for x := 0; x < f.ww; {
		c0, c1 := x0s[x], x1s[x]
		a, b := row[c0:c0+3:c0+3], row[c1:c1+3:c1+3]
		a0, a1, a2, b0, b1, b2 := a[0], a[1], a[2], b[0], b[1], b[2]
		end := int(ends[x])
		if ref != nil {
			// The reference's gain times the change of light.
			for ; x < end; x++ {
				tx := txs[x]
				g := ref[x*3 : x*3+3 : x*3+3]
				g0, g1, g2 := g[0]*(a0*(1-tx)+b0*tx), g[1]*(a1*(1-tx)+b1*tx), g[2]*(a2*(1-tx)+b2*tx)
				if k != 1 {
					g0, g1, g2 = g0*k, g1*k, g2*k
				}
				p, o := px[x*3:x*3+3:x*3+3], norm[x*3:x*3+3:x*3+3]
				o[0], o[1], o[2] = normByte(p[0], g0), normByte(p[1], g1), normByte(p[2], g2)
			}
			continue
		}
		for ; x < end; x++ {
			tx := txs[x]
			g0 := nb[0] / (a0*(1-tx) + b0*tx)
			g1 := nb[1] / (a1*(1-tx) + b1*tx)
			g2 := nb[2] / (a2*(1-tx) + b2*tx)
			if k != 1 {
				g0, g1, g2 = g0*k, g1*k, g2*k
			}
			p, o := px[x*3:x*3+3:x*3+3], norm[x*3:x*3+3:x*3+3]
			o[0], o[1], o[2] = normByte(p[0], g0), normByte(p[1], g1), normByte(p[2], g2)
		}
	}
}

// normByte is one byte of normalizeInto: (p+1) times its gain, at most 255.
func normByte(p byte, g float32) byte {
	o := (float32(p) + 1) * g
	if o > 255 {
		o = 255
	}
	return uint8(o)
}

// gainAt is the gain of channel k at pixel (x, y), as gainRow gives it.
func (f *lightField) gainAt(x, y, k int) float32 {
	f.rowBlend(y)
	tx := f.txs[x]
	a, b := f.row[int(f.x0s[x])+k], f.row[int(f.x1s[x])+k]
	var g float32
	if !f.logRatio {
		g = f.nb[k] / (a*(1-tx) + b*tx)
	} else {
		g = f.refBG[(y*f.ww+x)*3+k] * (a*(1-tx) + b*tx)
	}
	if f.k != 1 {
		g *= f.k
	}
	return g
}

// partLab gathers what the ink and cast tests read of a part: its
// lightness histogram and its mean Lab a and b.
func partLab(pix []int32, lab []byte) (hist [256]int32, a, b float64) {
	for _, i := range pix {
		hist[lab[int(i)*3]]++
		a += float64(lab[int(i)*3+1])
		b += float64(lab[int(i)*3+2])
	}
	if n := float64(len(pix)); n > 0 {
		a, b = a/n, b/n
	}
	return hist, a, b
}

// lightSpread is the spread of n lightness values counted in h, from the
// 10th to the 90th percentile: how flat a part is.
func lightSpread(h *[256]int32, n int) int {
	return int(histPercentile(h, n, 0.9)) - int(histPercentile(h, n, 0.1))
}

// histPercentile is the q-th percentile of n values counted in h.
func histPercentile(h *[256]int32, n int, q float64) byte {
	want := int(float64(n) * q)
	c := 0
	for i, v := range h {
		c += int(v)
		if c > want {
			return byte(i)
		}
	}
	return 255
}

// brightPercentile is the q-th percentile of the n values counted in h
// that are at least brightFloor of their 95th percentile. A cell crowded
// with black cubes and dark print (a corner full of cubes) has a dark
// majority, and its plain percentile would take them for the board under
// a dim light: every colour there would then be corrected too bright, and
// a black cube would no longer look black. Nothing the board's own print
// or the light's gradient shows within a cell is that much darker.
func brightPercentile(h *[256]int32, n int, q float64) byte {
	lo := int(float64(histPercentile(h, n, 0.95)) * brightFloor)
	m := 0
	for _, v := range h[lo:] {
		m += int(v)
	}
	if m == 0 {
		return histPercentile(h, n, q)
	}
	want := int(float64(m) * q)
	c := 0
	for i := lo; i < 256; i++ {
		c += int(h[i])
		if c > want {
			return byte(i)
		}
	}
	return 255
}

// Percentiles of a cell's pixels taken as the bare board's colour: in a
// frame with cubes, the bright majority; in the empty reference, where only
// the print is darker than the board, nearly the brightest.
var (
	framePct = 0.6
	refPct   = 0.95

	brightFloor = 0.6 // see brightPercentile

	stripChroma = 6.0

	blackRefDrop = 6.0

	blackWarm = 2.5 // a black blob's darker half more yellow than the palette's black by this much (Lab b, 8-bit units) is print
)

func clampI(v, hi int) int {
	if v < 0 {
		return 0
	}
	if v > hi {
		return hi
	}
	return v
}

// labOf converts an sRGB colour to OpenCV's 8-bit Lab (L*2.55, a+128, b+128).
func labOf(c board.Color) [3]float64 {
	lin := func(u uint8) float64 {
		v := float64(u) / 255
		if v <= 0.04045 {
			return v / 12.92
		}
		return math.Pow((v+0.055)/1.055, 2.4)
	}
	R, G, B := lin(c[0]), lin(c[1]), lin(c[2])
	X := (0.412453*R + 0.357580*G + 0.180423*B) / 0.950456
	Y := 0.212671*R + 0.715160*G + 0.072169*B
	Z := (0.019334*R + 0.119193*G + 0.950227*B) / 1.088754
	f := func(t float64) float64 {
		if t > 0.008856 {
			return math.Cbrt(t)
		}
		return 7.787*t + 16.0/116
	}
	L := 116*f(Y) - 16
	if Y <= 0.008856 {
		L = 903.3 * Y
	}
	return [3]float64{L * 255 / 100, 500*(f(X)-f(Y)) + 128, 200*(f(Y)-f(Z)) + 128}
}

// blackMaxL is the brightest (OpenCV 8-bit L) a pixel of a black cube may be
// when there is no empty-board reference to tell it from dark print.
const blackMaxL = 40

// coolMaxL and coolMaxB bound coolBlack: the lightness (OpenCV 8-bit L)
// and how much yellower (Lab b) than the palette's black a cool black pixel
// may be.
const (
	coolMaxL = 58
	coolMaxB = 1.5
)

// blackMaxChroma is the most colour (Lab chroma, OpenCV 8-bit units) a
// black cube's pixel may show after the light correction.
const blackMaxChroma = 12

// blackMaxLRef is the same limit with an empty-board reference.
const blackMaxLRef = 60

// Colour distance weights: lightness matters less than hue, because the
// sides of a cube are darker than its top.
const wL = 0.45

func labDist(a [3]float64, l, aa, bb float64) float64 {
	return math.Sqrt(labDist2(a, l, aa, bb))
}

// labDist2 is labDist squared.
func labDist2(a [3]float64, l, aa, bb float64) float64 {
	dl, da, db := (a[0]-l)*wL, a[1]-aa, a[2]-bb
	return dl*dl + da*da + db*db
}

// classify labels each warped pixel with 1+ the index of its palette colour,
// or 0 for the board.
func (r *core) classify(lab []byte) []uint8 {
	n := r.ww * r.wh
	r.buf.cls = grow(r.buf.cls, n)
	cls := r.buf.cls
	clear(cls)
	if len(r.onPrint) != n {
		r.onPrint = make([]bool, n)
	}
	clear(r.onPrint)
	if r.buf.memo == nil {
		r.buf.memo = new(classMemo)
	}
	mark := r.buf.memo.next()
	memoK, memoV, memoD := &r.buf.memo.key, &r.buf.memo.val, &r.buf.memo.dist
	if r.refLab == nil && (!r.bgTSet || r.bgTFor != r.bgLab) {
		r.bgT.set(r.bgLab)
		r.bgTFor, r.bgTSet = r.bgLab, true
	}
	// The loop reads locals, not the reader's fields (which the compiler
	// reloads at every pixel), and slices it has bounded once.
	ref := r.refLab
	dt, bg := refDiffTerms, &r.bgT
	lab = lab[:3*n]
	outside := r.outside[:n]
	if ref != nil {
		ref = ref[:3*n]
	}
	for i := 0; i < n; i++ {
		p := lab[3*i : 3*i+3 : 3*i+3]
		lb, ab, bb := p[0], p[1], p[2]
		var d2 float64
		if ref != nil {
			q := ref[3*i : 3*i+3 : 3*i+3]
			d2 = dt.dist2(q[0], q[1], q[2], lb, ab, bb)
			if d2 < 22*22 {
				if r.black >= 0 && lb <= blackMaxL && (float64(lb) < float64(q[0])-blackRefDrop || coolOnWarmInk(q[2], bb)) && r.darkBlack(i, float64(lb), float64(ab), float64(bb)) {
					// A black cube on dark print differs little from
					// the reference there, but it is darker than the
					// print, or cooler than warm print, and as dark
					// and grey as a black cube.
					cls[i] = uint8(r.black + 1)
					r.onPrint[i] = true
				}
				continue
			}
		} else if d2 = bg.dist2(lb, ab, bb); d2 < 22*22 {
			continue
		}
		// Without a reference the ground around the board (the table,
		// the hull) is unknown: only cube colours other than black are
		// read there (offBoardCube).
		off := ref == nil && outside[i]
		l, a, b := float64(lb), float64(ab), float64(bb)
		// The nearest colour depends on the pixel's three bytes alone: a
		// cube's pixels repeat a few thousand colours, so it is
		// remembered for the read.
		key := uint32(lb)<<16 | uint32(ab)<<8 | uint32(bb) | mark
		h := (key * 2654435761) >> (32 - memoBits)
		var best int
		var bd float64
		if memoK[h] == key {
			best, bd = int(memoV[h])-1, memoD[h]
		} else {
			best, bd = r.nearestColour(lb, ab, bb)
			memoK[h], memoV[h], memoD[h] = key, uint8(best+1), bd
		}
		if best < 0 || bd >= math.Sqrt(d2)*0.8 {
			continue
		}
		// Black beyond the edge is only marked (edgeBlack): a black blob
		// on the board may take it in (blobs).
		edge := off && !r.offBoardCube(best)
		if best == r.black && l > blackMaxLRef {
			// Shadows on dark print are dark too; a black cube is darker.
			continue
		}
		if r.refLab == nil && best == r.black && (!r.darkBlack(i, l, a, b) && !r.coolBlack(i, l, a, b) || r.inkBlack(i, b)) {
			// Without a reference, dark print and the borders' shadowed
			// sides look black: only the darkest pixels off the borders
			// count as a black cube.
			continue
		}
		if edge {
			if !r.warmEdge(b) {
				cls[i] = edgeBlack
			}
			continue
		}
		cls[i] = uint8(best + 1)
	}
	return cls
}

// coolOnWarmInk reports whether a pixel close to the reference is cooler
// (bluer, Lab b) than warm print there by at least coolInkDrop: a black
// cube's neutral paint on warm dark ink, whose top may be no darker than
// the ink (lit from above) so that the darker-than-the-print rule misses it.
func coolOnWarmInk(refB, b byte) bool {
	return int(refB) >= 128+warmInkB && int(b) <= int(refB)-coolInkDrop
}

// warmInkB and coolInkDrop: see coolOnWarmInk (OpenCV 8-bit Lab units).
const (
	warmInkB    = 1
	coolInkDrop = 4
)

// nearestColour is the palette colour (its index) a pixel whose Lab
// bytes are (lb, ab, bb) is read as, if it is not nearer the board (or
// the reference) than 1.25 times bd, its distance to the nearest colour,
// and before the checks that depend on where it lies: -1 for none (no
// colour nearer than 40; black only for a pixel grey enough, else the
// nearest other colour).
func (r *core) nearestColour(lb, ab, bb byte) (int, float64) {
	var d2s [16]float64
	l, a, b := float64(lb), float64(ab), float64(bb)
	best, bd := -1, math.Inf(1)
	for k := range r.labT {
		d := r.labT[k].dist2(lb, ab, bb)
		if k < len(d2s) {
			d2s[k] = d
		}
		if d < bd {
			best, bd = k, d
		}
	}
	bd = math.Sqrt(bd)
	near := bd
	if bd >= 40 {
		return -1, near
	}
	if best == r.black && chroma2(a, b) > blackMaxChroma*blackMaxChroma {
		// Too colourful for a black cube: the shaded side of a coloured
		// one. Take the nearest other colour.
		best, bd = -1, math.Inf(1)
		for k := range r.lab {
			var d float64
			if k < len(d2s) {
				d = math.Sqrt(d2s[k]) // labDist, computed above
			} else {
				d = labDist(r.lab[k], l, a, b)
			}
			if k != r.black && d < bd {
				best, bd = k, d
			}
		}
		if best < 0 || bd >= 40 {
			return -1, near
		}
	}
	return best, near
}

// memoBits is the size of classify's table of nearest colours (2^memoBits
// entries: a read meets a few thousand colours off the board's).
const memoBits = 14

// classMemo is classify's table of nearest colours, by a hash of the
// pixel's Lab bytes: the key (the bytes and the read's mark in the top
// byte), 1+ the colour (0: none) and the distance to the nearest colour.
type classMemo struct {
	key  [1 << memoBits]uint32
	val  [1 << memoBits]uint8
	dist [1 << memoBits]float64 // the distance to the nearest colour
	mark uint32                 // the current read's mark, 1-255 (in the key's top byte)
}

// next returns a fresh mark: entries of earlier reads no longer match (the
// palette or the board's colour may have changed since).
func (m *classMemo) next() uint32 {
	m.mark++
	if m.mark > 255 {
		clear(m.key[:])
		m.mark = 1
	}
	return m.mark << 24
}

// darkBlack reports whether a pixel is dark and grey enough to be a black
// cube even where the print may be dark: darker than blackMaxL, and on the
// borders (dark wood with shaded sides) nearly without colour.
func (r *core) darkBlack(i int, l, a, b float64) bool {
	if l > blackMaxL {
		return false
	}
	c := chroma2(a, b)
	if r.inStrip[i] {
		return c <= stripChroma*stripChroma
	}
	return c <= blackMaxChroma*blackMaxChroma
}

// chroma2 is the squared chroma of a pixel's 8-bit Lab a and b. They are
// whole numbers, so the square is exact, and comparing it with a limit's
// square decides as comparing math.Hypot with the limit did, without its
// cost (classify asks for it on every dark pixel).
func chroma2(a, b float64) float64 {
	return (a-128)*(a-128) + (b-128)*(b-128)
}

// coolBlack reports, without a reference, whether a pixel too bright for
// darkBlack is still a black cube's: a cube's top lit more than the board
// around it was corrected for (a light estimate a little off) is up to
// coolMaxL, and printed ink that dark is warm (yellow), while the cube's
// paint is about as cool as the palette's black (within coolMaxB; the
// warm-print rule of cubesOf still judges the blob). On a border's strip it
// must also be as grey as darkBlack asks there.
func (r *core) coolBlack(i int, l, a, b float64) bool {
	if l > coolMaxL {
		return false
	}
	c2 := chroma2(a, b)
	if r.inStrip[i] {
		// On a border: the top of a black cube balanced there came out
		// at L 45-55 on the tuning scenes (lit more than the light
		// estimate says), above darkBlack's limit; the wood's shaded
		// sides are as dark, but brown (yellower by 5 or more).
		return b-r.lab[r.black][2] <= coolMaxB && r.stripGrey(b, c2)
	}
	return b-r.lab[r.black][2] <= coolMaxB && c2 <= blackMaxChroma*blackMaxChroma
}

// stripGrey reports, without a reference, whether a dark pixel on a
// border's strip (Lab b, squared chroma c2) is grey enough for a black
// cube there: within stripChroma, or, when it is bluer than the palette's
// black (no brown wood is), within blackMaxChroma as off the strip. The
// tops of the black cubes balanced on a border on the tuning seeds 5433
// and 5727 came out at L 28-40, Lab a 4-6 over the paint and b up to 9
// under it (chroma 6-10): left unlabelled on the strip, each was read as
// a piece of 0.41-0.43 of a cube (missed); the wood's shaded sides are
// yellower than the paint by 5 or more.
func (r *core) stripGrey(b, c2 float64) bool {
	if c2 <= stripChroma*stripChroma {
		return true
	}
	return b-r.lab[r.black][2] <= stripBlueB && c2 <= blackMaxChroma*blackMaxChroma
}

// stripBlueB is how much yellower (Lab b) than the palette's black a dark
// pixel on a border's strip may be and still take blackMaxChroma
// (stripGrey): at most as yellow.
var stripBlueB = 0.0

type blob struct {
	cls uint8
	pix []int32
	// cast is the local yellow cast (ringCast) of a blob secondLook grew
	// under it, 0 otherwise: warm judges its colour under that light.
	cast float64
	// covered is set for a black blob that is a cube whose sides the
	// cubes beside it hide (sidesCovered): its top alone is a cube.
	covered bool
}

// blobs groups labelled pixels into 4-connected blobs of one colour and
// turns each into cubes.
func (r *core) blobs(cls []uint8, lab []byte) []detection {
	W, H := r.ww, r.wh
	r.buf.seen = grow(r.buf.seen, len(cls))
	seen := r.buf.seen
	clear(seen)
	var out []detection
	stack := make([]int32, 0, 1024)
	pixBuf := r.buf.pix
	r.shadow.built = false
	for start := range cls {
		if cls[start] == 0 || cls[start] == edgeBlack || seen[start] {
			continue
		}
		c := cls[start]
		if r.refLab != nil && int(c-1) == r.black {
			// With a reference a black cube may lie on print as dark as
			// itself (reader_ref.go).
			b, ds, ok := r.refBlackGroup(start, cls, lab, seen, stack)
			if ok {
				out = append(out, ds...)
			} else {
				out = append(out, r.cubesOf(b, lab)...)
			}
			continue
		}
		// The blob's pixels go into one buffer the blobs share (cubesOf
		// keeps none of them): each blob grew a list of its own before.
		b := blob{cls: c, pix: pixBuf[:0]}
		stack = append(stack[:0], int32(start))
		seen[start] = true
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			b.pix = append(b.pix, i)
			x, y := int(i)%W, int(i)/W
			for _, nb := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
				if nb[0] < 0 || nb[1] < 0 || nb[0] >= W || nb[1] >= H {
					continue
				}
				j := nb[1]*W + nb[0]
				if !seen[j] && (cls[j] == c || cls[j] == edgeBlack && r.edgeReach(j)) {
					seen[j] = true
					stack = append(stack, int32(j))
				}
			}
		}
		if int(c-1) == r.black {
			b.pix = r.edgeBounded(b.pix, cls)
			if r.refLab == nil {
				// A piece of a top too warm for the black limits
				// takes in the rest of it (reader_noref.go).
				b.pix, b.cast, stack = r.secondLook(b.pix, cls, lab, seen, stack)
				b.covered = r.sidesCovered(b.pix, cls)
			}
		}
		out = append(out, r.cubesOf(b, lab)...)
		pixBuf = b.pix
	}
	r.buf.pix = pixBuf
	return out
}

// expectedArea is the area, in warped pixels, that one cube standing at
// board point p covers in the top-down image: its footprint plus the sides
// the camera sees, which grow with the distance from the point below the
// camera.
func (r *core) expectedArea(p board.Point) float64 {
	s := r.layout.CubeMM
	shift := 0.0
	if !math.IsInf(r.pose.Height, 0) && r.pose.Height > s+1 {
		shift = s * p.Sub(r.pose.Nadir).Len() / (r.pose.Height - s)
	}
	// 0.9: measured on rendered scenes (blur and thresholds trim the edges).
	return 0.9 * (s*s + 1.2*s*shift) * r.s * r.s
}

// topArea is the area, in warped pixels, of a cube's top alone (0.9 as in
// expectedArea).
func (r *core) topArea() float64 {
	s := r.layout.CubeMM
	return 0.9 * s * s * r.s * r.s
}

// placePose is the pose a cube's footprint is found with: the one with the
// camera's known focal length when there is one.
func (r *core) placePose() board.CameraPose {
	if r.place.Height != 0 {
		return r.place
	}
	return r.pose
}

// onBoard reports whether a board point is on the board, within 1 mm of
// its outer edge.
func (r *core) onBoard(p board.Point) bool {
	return p.X >= -1 && p.Y >= -1 && p.X <= r.layout.Width+1 && p.Y <= r.layout.Height+1
}

func (r *core) cubesOf(b blob, lab []byte) []detection {
	var sx, sy float64
	for _, i := range b.pix {
		sx += float64(int(i)%r.ww) + 0.5
		sy += float64(int(i)/r.ww) + 0.5
	}
	n := float64(len(b.pix))
	ctr := r.warpToBoard(sx/n, sy/n)
	// Outside the board: the hull, not a cube. But a cube leaning or
	// balanced on the board's outer edge, seen from a camera over the far
	// side of the board, shows its top beyond the edge (5475, 5920 at
	// x 6 mm with the camera over x 202): a coloured blob is kept when
	// the point below it at a cube's height is on the board. The hull
	// is dark wood: a black blob beyond the edge is still dropped.
	beyond := !r.onBoard(ctr)
	if beyond && (int(b.cls-1) == r.black || !r.onBoard(r.pose.Unparallax(ctr, r.layout.CubeMM))) {
		return nil
	}
	area := r.expectedArea(ctr)
	if b.covered {
		// Its sides are hidden: one cube shows its top alone
		// (reader_noref.go).
		area = r.topArea()
	}
	ratio := n / area
	if ratio < minBlob {
		return nil
	}
	if int(b.cls-1) == r.black && r.refLab != nil && ratio < printBlob {
		// A cube's cast shadow on dark print is as dark and grey as a
		// black cube; a blob found mostly by the dark-print rule must
		// show most of a cube.
		np := 0
		for _, i := range b.pix {
			if r.onPrint[i] {
				np++
			}
		}
		if float64(np) > 0.6*n {
			return nil
		}
	}
	// Near a border a cube may lean on it: tilted, it shows more of itself
	// from above (up to about 1.5 cubes' area) and is longer.
	long := 0.0
	if r.layout.BorderDist(ctr) < r.layout.CubeMM {
		ratio /= leanArea
		long = leanLength
	}
	k := int(math.Round(ratio))
	if k < 1 {
		k = 1
	}
	if k > maxCluster {
		// Far more than a cluster of cubes: a shadow, a hand, a change of
		// light. A person must look.
		return []detection{{color: r.names[b.cls-1], at: ctr, unreadable: true, why: WhyHeap}}
	}
	color := r.names[b.cls-1]
	centres := [][2]float64{{sx / n, sy / n}}
	labels := make([]int32, len(b.pix))
	if k > 1 {
		centres = kmeans(b.pix, r.ww, k, labels)
	}
	// The area undercounts when faces are lost (a shaded side on dark
	// print, a top clipped by the light): a part longer than one cube can
	// be holds more than one. Add a cube while a part is too long and every
	// cube would still show at least minPart of its area.
	byShape := false
	for k < maxCluster && ratio/float64(k+1) >= minPart && r.tooLong(b.pix, labels, centres, long) {
		k++
		centres = kmeans(b.pix, r.ww, k, labels)
		byShape = true
	}
	frac := math.Abs(ratio - float64(k))
	unreadable := frac > maxFrac
	why := ""
	if unreadable {
		lo := int(math.Floor(ratio))
		why = fmt.Sprintf("%d or %d cubes?", lo, lo+1)
		if lo == 0 {
			why = "0 or 1 cube?"
		}
		if !byShape && lo >= 1 {
			// The area says lo or lo+1. Two cubes side by side are
			// longer than one cube can look: when lo parts are not,
			// lo+1 cubes are not possible.
			lab1, c1 := labels, centres
			if k != lo {
				lab1 = make([]int32, len(b.pix))
				c1 = [][2]float64{{sx / n, sy / n}}
				if lo > 1 {
					c1 = kmeans(b.pix, r.ww, lo, lab1)
				}
			}
			if !r.tooLong(b.pix, lab1, c1, long) {
				k, centres, labels = lo, c1, lab1
				unreadable = false
			} else if r.refLab == nil && r.sidesHidden(n, lo+1, ctr) {
				// lo cubes are too long for it; lo+1 that hide
				// each other's sides fill it (reader_noref.go).
				lab2, c2 := labels, centres
				if k != lo+1 {
					lab2 = make([]int32, len(b.pix))
					c2 = kmeans(b.pix, r.ww, lo+1, lab2)
				}
				if !r.tooLong(b.pix, lab2, c2, long) {
					k, centres, labels = lo+1, c2, lab2
					unreadable = false
				}
			}
		}
	}
	if byShape {
		// The count comes from the shape; it is trusted when no part is
		// still too long for one cube.
		unreadable = r.tooLong(b.pix, labels, centres, long)
		why = WhyTooLong
		frac = math.Min(frac, 0.5)
	}
	// Parts of a black blob found mostly by the dark-print rule and
	// smaller than most of a cube are a cast shadow on dark print beside
	// a black cube, not a second cube.
	var drop []bool
	if int(b.cls-1) == r.black && r.refLab == nil {
		// Dark print made darker is as dark as a black cube, but its ink
		// is warmer than a black cube's paint; a black cube beside or on
		// it makes one blob with it, whose parts are checked one by one.
		drop = make([]bool, k)
		parts := make([][]int32, k)
		for i, p := range b.pix {
			parts[labels[i]] = append(parts[labels[i]], p)
		}
		for j := range parts {
			drop[j] = r.warm(parts[j], lab, b.cast) || r.flatPrint(parts[j], lab, centres[j]) || r.redGreyInk(parts[j], lab, centres[j])
		}
		if k > 1 {
			// Grey ink touching a black cube: the part k-means gave
			// it is ink when it is ragged (reader_noref.go).
			r.raggedInk(parts, lab, byShape, drop, r.markBlob(b.pix))
		}
	}
	if int(b.cls-1) != r.black {
		// A patch of board in a shade's or the hull's colour cast is
		// read as a pale cube colour (fadedFlat).
		drop = r.fadedParts(b.pix, labels, k, lab, b.cls)
	}
	if int(b.cls-1) == r.black && r.refLab != nil && k > 1 {
		drop = make([]bool, k)
		cnt, np := make([]float64, k), make([]float64, k)
		for i, p := range b.pix {
			cnt[labels[i]]++
			if r.onPrint[p] {
				np[labels[i]]++
			}
		}
		for j, c := range centres {
			drop[j] = np[j] > 0.6*cnt[j] && cnt[j]/r.expectedArea(r.warpToBoard(c[0], c[1])) < printBlob
		}
	}
	var out []detection
	for j, c := range centres {
		if drop != nil && drop[j] {
			continue
		}
		seen := r.warpToBoard(c[0], c[1])
		h := r.layout.CubeMM / 2
		if k == 1 && useTop > 0 {
			// A single cube: its top, whose far edge is always seen, is
			// placed better than the middle of what is seen of it.
			seen, h = r.topCentre(b.pix, seen)
		}
		p := r.placePose().Unparallax(seen, h)
		if r.layout.BorderDist(p) < r.layout.CubeMM/2+1 {
			// Near a border a cube is raised: on top of it, or tilted
			// against it. It is about a border's height higher.
			p = r.placePose().Unparallax(seen, h+borderHeightMM)
		}
		if beyond && !r.onBoard(p) {
			// Its footprint, too, is beyond the edge: light on the
			// table or the hull (5224, 5952), not a cube on the edge.
			continue
		}
		d := detection{color: color, at: p, conf: math.Max(0.05, 1-frac), unreadable: unreadable, why: why}
		out = append(out, d)
	}
	return out
}

// fadedParts splits a coloured blob's pixels (pix, labelled by part, k
// parts, of class c) and reports which parts are fadedFlat; nil when none
// is.
func (r *core) fadedParts(pix []int32, labels []int32, k int, lab []byte, c uint8) []bool {
	parts := make([][]int32, k)
	for i, p := range pix {
		parts[labels[i]] = append(parts[labels[i]], p)
	}
	var drop []bool
	for j, p := range parts {
		if r.fadedFlat(p, lab, c) {
			if drop == nil {
				drop = make([]bool, k)
			}
			drop[j] = true
		}
	}
	return drop
}

// fadedFlat reports whether a part of a blob of a cube colour (not black)
// is a patch of board under a colour cast (a shade's sharp edge, the
// hull's reflected light) rather than a cube: its mean colour has less than
// fadedChroma of its palette colour's chroma (Lab a, b from neutral) and
// its lightness is one flat tone (fadedSpread or less between its 10th and
// 90th percentiles). A cube is as colourful as its paint where the light
// estimate is right, and where it is not (a cube in a shade, the sides
// darker than the top) its top, its sides and its edges blended with the
// board spread its lightness: of the cubes main's build read on tuning
// seeds 5000-5999 without the reference, the 212 of a spread of 8 or less
// kept 0.68 of their colour's chroma or more, and the 19 under 0.65 of it
// spread by 11 or more; the patches read as a blue cube (5872) and an
// orange one (5502, with the reference) kept 0.42 and 0.48, at a spread
// of 5 and 3.
func (r *core) fadedFlat(pix []int32, lab []byte, c uint8) bool {
	if len(pix) == 0 {
		return false
	}
	hist, ma, mb := partLab(pix, lab)
	p := r.lab[c-1]
	if chroma2(ma, mb) >= fadedChroma*fadedChroma*chroma2(p[1], p[2]) {
		return false
	}
	return lightSpread(&hist, len(pix)) <= fadedSpread
}

// Limits of fadedFlat.
var (
	fadedChroma = 0.6 // a part's chroma under this share of its colour's
	fadedSpread = 8   // and its lightness within this (8-bit L) from the 10th to the 90th percentile
)

// warm reports, without an empty-board reference, whether a black blob (or
// a part of one) is warmer (yellower) than the palette's black by more than
// blackWarm: dark brown print, not a cube. The darker half is measured,
// since the edge pixels blend with the board around them, which is yellow.
// (With the reference the print is compared away, and the change of light
// shifts the cubes' hue more than this.)
func (r *core) warm(pix []int32, lab []byte, cast float64) bool {
	var hist [256]int32
	for _, i := range pix {
		hist[lab[int(i)*3]]++
	}
	med := histPercentile(&hist, len(pix), 0.5)
	var sb, sl float64
	n := 0
	for _, i := range pix {
		if lab[int(i)*3] <= med {
			sb += float64(lab[int(i)*3+2])
			sl += float64(lab[int(i)*3])
			n++
		}
	}
	// A blob secondLook grew under a local yellow cast is judged by its
	// colour under the ring's light (ringCast).
	return n > 0 && (sb-cast*sl)/float64(n)-r.lab[r.black][2] > blackWarm
}

// topCentre finds where the top face of the single cube seen as pix
// appears on the board plane, and the height to unparallax it from. The
// camera sees the top and the sides facing it, which stretch the blob only
// along the direction u away from the point below the camera; the sides
// are often lost (dark, or on print of their colour). So the top's far edge
// along u is the blob's far edge, and its width along u equals the blob's
// width across u (a square is as wide in any two perpendicular directions).
// ctr is the blob's centroid in board mm.
func (r *core) topCentre(pix []int32, ctr board.Point) (board.Point, float64) {
	s := r.layout.CubeMM
	if math.IsInf(r.pose.Height, 0) || r.sideShift(ctr) < 0.5 {
		return ctr, s / 2
	}
	u := ctr.Sub(r.pose.Nadir)
	u = u.Scale(1 / u.Len())
	c := r.boardToWarp(ctr)
	pu := make([]float64, len(pix))
	pv := make([]float64, len(pix))
	for i, p := range pix {
		dx := float64(int(p)%r.ww) + 0.5 - c.X
		dy := float64(int(p)/r.ww) + 0.5 - c.Y
		pu[i] = dx*u.X + dy*u.Y
		pv[i] = -dx*u.Y + dy*u.X
	}
	// The percentiles are order statistics: selected, not sorted for.
	q := func(v []float64, f float64) float64 { return nthFloat(v, int(f*float64(len(v)-1))) }
	far := q(pu, 0.99)
	w := q(pv, 0.99) - q(pv, 0.01)
	mu := far - w/2
	if mu < q(pu, 0.01)+w/2-0.15*w {
		// The blob is shorter along u than the top is wide: a partly
		// hidden cube; its middle is the best guess.
		return ctr, s / 2
	}
	mv := (q(pv, 0.99) + q(pv, 0.01)) / 2
	top := board.Point{X: c.X + mu*u.X - mv*u.Y, Y: c.Y + mu*u.Y + mv*u.X}
	return r.warpToBoard(top.X, top.Y), s
}

// tooLong reports whether a part of a blob (pixels labelled by part, parts
// centred at centres) is longer than one cube can look there: the length
// along its major axis (sqrt(12 x the largest variance), exact for a
// rectangle, and the same for a square at any rotation) more than
// maxLength cube sides plus the side faces the camera sees.
func (r *core) tooLong(pix []int32, labels []int32, centres [][2]float64, extra float64) bool {
	k := len(centres)
	m := make([][3]float64, k) // sum of dx², dy², dxdy
	cnt := make([]float64, k)
	for i, p := range pix {
		j := labels[i]
		dx := float64(int(p)%r.ww) + 0.5 - centres[j][0]
		dy := float64(int(p)/r.ww) + 0.5 - centres[j][1]
		m[j][0] += dx * dx
		m[j][1] += dy * dy
		m[j][2] += dx * dy
		cnt[j]++
	}
	s := r.layout.CubeMM
	for j := range centres {
		if cnt[j] == 0 {
			continue
		}
		a, c, b := m[j][0]/cnt[j], m[j][1]/cnt[j], m[j][2]/cnt[j]
		at := r.warpToBoard(centres[j][0], centres[j][1])
		d := r.sideShift(at)
		if d < 0.5 {
			l1 := (a+c)/2 + math.Sqrt((a-c)*(a-c)/4+b*b)
			if math.Sqrt(12*l1)/r.s > (maxLength+extra)*s {
				return true
			}
			continue
		}
		// Along u (away from the point below the camera) one cube is its
		// side plus the sides seen; across u, just its side.
		u := at.Sub(r.pose.Nadir)
		u = u.Scale(1 / u.Len())
		vu := a*u.X*u.X + 2*b*u.X*u.Y + c*u.Y*u.Y
		vv := a*u.Y*u.Y - 2*b*u.X*u.Y + c*u.X*u.X
		if math.Sqrt(12*vu)/r.s > (maxLengthU+extra)*s+d || math.Sqrt(12*vv)/r.s > (maxLength+extra)*s {
			return true
		}
	}
	return false
}

// sideShift is how far, in mm on the board plane, a cube's top appears
// shifted from its footprint at board point p: the width of the sides the
// camera sees.
func (r *core) sideShift(p board.Point) float64 {
	s := r.layout.CubeMM
	if math.IsInf(r.pose.Height, 0) || r.pose.Height <= s+1 {
		return 0
	}
	return s * p.Sub(r.pose.Nadir).Len() / (r.pose.Height - s)
}

// borderHeightMM is how high the raised borders stand (the layout does not
// say; 2 mm is the assumption, used only for the parallax of a cube on or
// against a border).
const borderHeightMM = 2

// Blob size limits, as a fraction of one cube's expected area.
const (
	minBlob = 0.45 // smaller: a cube's side face, a shadow or noise
	maxFrac = 0.45 // between two counts: cannot tell how many

	maxCluster = 8 // more cubes than this in one blob: unreadable
)

// Shape limits for counting the cubes of a blob.
var (
	printBlob = 0.75 // a black blob found mostly on dark print must be at least this much of a cube

	maxLength  = 1.45 // a part longer than this many cube sides across the direction its sides show holds two cubes
	maxLengthU = 1.35 // and along it (plus the sides seen)
	minPart    = 0.5  // a cube shows at least this fraction of its expected area

	useTop = 1.0

	leanArea   = 1.15 // near a border, one cube's area is taken this much larger (it may lean)
	leanLength = 0.15 // and its length this many cube sides longer
)

// kmeans splits a blob's pixels into k groups and returns their centres;
// labels (as long as pix) receives each pixel's group.
func kmeans(pix []int32, W, k int, labels []int32) [][2]float64 {
	pts := make([][2]float64, len(pix))
	for i, p := range pix {
		pts[i] = [2]float64{float64(int(p)%W) + 0.5, float64(int(p)/W) + 0.5}
	}
	// Farthest-point start.
	cs := [][2]float64{pts[0]}
	for len(cs) < k {
		bi, bd := 0, -1.0
		for i, p := range pts {
			d := math.Inf(1)
			for _, c := range cs {
				d = math.Min(d, sq(p[0]-c[0])+sq(p[1]-c[1]))
			}
			if d > bd {
				bi, bd = i, d
			}
		}
		cs = append(cs, pts[bi])
	}
	for it := 0; it < 12; it++ {
		sum := make([][3]float64, k)
		for i, p := range pts {
			bi, bd := 0, math.Inf(1)
			for j, c := range cs {
				if d := sq(p[0]-c[0]) + sq(p[1]-c[1]); d < bd {
					bi, bd = j, d
				}
			}
			labels[i] = int32(bi)
			sum[bi][0] += p[0]
			sum[bi][1] += p[1]
			sum[bi][2]++
		}
		for j := range cs {
			if sum[j][2] > 0 {
				cs[j] = [2]float64{sum[j][0] / sum[j][2], sum[j][1] / sum[j][2]}
			}
		}
	}
	return cs
}

func sq(x float64) float64 { return x * x }
