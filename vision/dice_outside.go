package vision

import (
	"image"
	"math"
	"slices"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// Dice outside the tray, without a photograph of the empty tray.
//
// The reader's view and its background model cover the floor only. A die
// that rolled off the tray lies on the table beyond a wall: this file looks
// for it in a band of table around the walls, on a grid of its own (1 px per
// mm, enough to see a die-sized outBlob and cheap next to the floor's view),
// models that table from the frame the way the floor is modelled (block
// medians, then the median of each block's neighbours, so that a die drops
// out), and reports each die-sized outBlob that differs from it and looks like
// a die of the set as unreadable `outside` at its place. It is never read
// and never counted in a zone: the players re-roll it.
//
// The tray layout gives the walls' thickness, not the table's height: the
// table is taken to be the floor's plane (a tray's floor is a few mm above
// the table at most), so a die's top lies on the plane h0 the reader's view
// already uses, and its footprint is found as a die on the floor's is.

// outPx is the resolution (px per mm) of the band around the tray.
const outPx = 1.0

// outBlock is the side (px) of the band's background blocks: 8 mm.
const outBlock = 8

// outsideBand is the table around the tray, as the reader sees it.
type outsideBand struct {
	x0, y0 float64 // tray mm (plane h0) of the grid's first pixel's corner
	gw, gh int
	idx    []int32  // frame pixel of each band pixel, or -1 off the band
	on     []int32  // the band pixels whose idx is not -1, in order
	blocks []bool   // background block holds band pixels (model)
	rim    []bool   // band pixel at the band's outer limit
	view   []uint8  // RGB of the band
	bg     []uint8  // RGB of the table without dice, modelled from the frame
	glob   [3]uint8 // the band's typical colour: the median block's
	fg     []bool
	labels []int32
}

// newOutsideBand lays the band: table points (on the plane h0) beyond the
// walls' outer edge, out to two and a half dice beyond it, that are in the
// frame and whose ray from the camera down to the table passes no wall.
func (r *DiceReader) newOutsideBand() *outsideBand {
	t := r.tray
	S := r.h0
	reach := t.WallMM + 2.5*S
	b := &outsideBand{x0: -reach, y0: -reach}
	b.gw = int(math.Ceil((t.Width + 2*reach) * outPx))
	b.gh = int(math.Ceil((t.Height + 2*reach) * outPx))
	n := b.gw * b.gh
	b.idx = make([]int32, n)
	b.rim = make([]bool, n)
	// The walls' outer edge, with a millimetre to spare for the wall's
	// rounded top and blur.
	lx, ly, hx, hy := -t.WallMM-1, -t.WallMM-1, t.Width+t.WallMM+1, t.Height+t.WallMM+1
	inWall := func(p board.Point) bool { return p.X > lx && p.Y > ly && p.X < hx && p.Y < hy }
	for y := 0; y < b.gh; y++ {
		for x := 0; x < b.gw; x++ {
			i := y*b.gw + x
			b.idx[i] = -1
			q := board.Point{X: b.x0 + (float64(x)+0.5)/outPx, Y: b.y0 + (float64(y)+0.5)/outPx}
			// The ray through q at h0 meets the table at f: between them
			// it must not cross the walls. (Above h0 it passes over them:
			// a tray's walls are lower than its dice.)
			f := r.pose.Parallax(q, r.h0)
			if inWall(q) || inWall(f) || inWall(q.Add(f).Scale(0.5)) {
				continue
			}
			p := r.imgAt(q)
			if p.X >= 0 && p.Y >= 0 && p.X < float64(r.w) && p.Y < float64(r.h) {
				b.idx[i] = int32(int(p.Y)*r.w + int(p.X))
				b.rim[i] = q.X < b.x0+2 || q.Y < b.y0+2 || q.X > t.Width+reach-2 || q.Y > t.Height+reach-2
			}
		}
	}
	// Most of the grid lies over the tray or off the frame: the band's
	// pixels are listed once, and each read visits those only.
	for i, k := range b.idx {
		if k >= 0 {
			b.on = append(b.on, int32(i))
		}
	}
	// Most blocks of the grid lie over the tray: the model skips them.
	bw, bh := (b.gw+outBlock-1)/outBlock, (b.gh+outBlock-1)/outBlock
	b.blocks = make([]bool, bw*bh)
	for i, k := range b.idx {
		if k >= 0 {
			b.blocks[(i/b.gw/outBlock)*bw+(i%b.gw)/outBlock] = true
		}
	}
	b.view = make([]uint8, 3*n)
	b.bg = make([]uint8, 3*n)
	b.fg = make([]bool, n)
	b.labels = make([]int32, n)
	return b
}

// sample fills the band's view from the frame.
func (b *outsideBand) sample(img image.Image, w int) {
	bd := img.Bounds()
	m, _ := img.(*image.RGBA)
	if m != nil && bd.Min == (image.Point{}) && m.Stride == 4*w {
		// The cameras' and the renderer's frames: a pixel's bytes are at
		// four times its index.
		px := m.Pix
		for _, i := range b.on {
			o := 4 * int(b.idx[i])
			s := px[o : o+3 : o+3]
			v := b.view[3*i : 3*i+3 : 3*i+3]
			v[0], v[1], v[2] = s[0], s[1], s[2]
		}
		return
	}
	for _, i := range b.on {
		k := b.idx[i]
		x, y := int(k)%w, int(k)/w
		if m != nil {
			o := m.PixOffset(bd.Min.X+x, bd.Min.Y+y)
			b.view[3*i], b.view[3*i+1], b.view[3*i+2] = m.Pix[o], m.Pix[o+1], m.Pix[o+2]
			continue
		}
		c := rgbAt(img, bd.Min.X+x, bd.Min.Y+y)
		b.view[3*i], b.view[3*i+1], b.view[3*i+2] = c[0], c[1], c[2]
	}
}

// model estimates the table without dice: the median colour of each block
// of the band, then the median of each block's neighbours (7x7 blocks, 56
// mm), so that a die (two or three blocks) drops out and the table's grain,
// shade and gradient stay.
func (b *outsideBand) model() {
	bw, bh := (b.gw+outBlock-1)/outBlock, (b.gh+outBlock-1)/outBlock
	med := make([][3]uint8, bw*bh)
	valid := make([]bool, bw*bh)
	// A block's median: the lower middle of its values (as histMedian
	// counts), found by selection among its few dozen.
	var vals [3][]uint8
	for by := 0; by < bh; by++ {
		for bx := 0; bx < bw; bx++ {
			if !b.blocks[by*bw+bx] {
				continue
			}
			for k := range vals {
				vals[k] = vals[k][:0]
			}
			for y := by * outBlock; y < min((by+1)*outBlock, b.gh); y++ {
				for x := bx * outBlock; x < min((bx+1)*outBlock, b.gw); x++ {
					i := y*b.gw + x
					if b.idx[i] < 0 {
						continue
					}
					vals[0] = append(vals[0], b.view[3*i])
					vals[1] = append(vals[1], b.view[3*i+1])
					vals[2] = append(vals[2], b.view[3*i+2])
				}
			}
			n := len(vals[0])
			if n < outBlock*outBlock/4 {
				continue
			}
			valid[by*bw+bx] = true
			for k := 0; k < 3; k++ {
				med[by*bw+bx][k] = nthByte(vals[k], (n+1)/2-1)
			}
		}
	}
	for k := range vals {
		vals[k] = vals[k][:0]
	}
	for i, v := range valid {
		if v {
			for k := 0; k < 3; k++ {
				vals[k] = append(vals[k], med[i][k])
			}
		}
	}
	for k := 0; k < 3; k++ {
		if v := vals[k]; len(v) > 0 {
			slices.Sort(v)
			b.glob[k] = v[len(v)/2]
		}
	}
	med2 := make([][3]uint8, bw*bh)
	var wc windowCounts
	neighbourMedians(med, valid, bw, bh, 3, 9, b.blocks, &vals, &wc, med2)
	for by := 0; by < bh; by++ {
		for bx := 0; bx < bw; bx++ {
			if !b.blocks[by*bw+bx] {
				continue
			}
			c := med2[by*bw+bx]
			for y := by * outBlock; y < min((by+1)*outBlock, b.gh); y++ {
				for x := bx * outBlock; x < min((bx+1)*outBlock, b.gw); x++ {
					i := y*b.gw + x
					b.bg[3*i], b.bg[3*i+1], b.bg[3*i+2] = c[0], c[1], c[2]
				}
			}
		}
	}
}

// foreground marks band pixels that differ from the table more than its
// grain and shade do: the floor's test (a change of colour, or of
// brightness beyond light and shade) against the table around the pixel
// and against the band's typical colour both. Where something large lies
// beside the tray (the board), the neighbourhood's median is its colour,
// and the table beside it would stand out from that alone.
func (b *outsideBand) foreground() {
	clear(b.fg)
	for _, i := range b.on {
		a := b.view[3*i : 3*i+3 : 3*i+3]
		b.fg[i] = differs(a, b.bg[3*i:3*i+3:3*i+3]) && differs(a, b.glob[:])
	}
}

// differs is the floor's foreground test between a pixel and a background
// colour.
func differs(a, c []uint8) bool {
	d0 := float64(logTab[a[0]] - logTab[c[0]])
	d1 := float64(logTab[a[1]] - logTab[c[1]])
	d2 := float64(logTab[a[2]] - logTab[c[2]])
	m := (d0 + d1 + d2) / 3
	e := max(math.Abs(d0-m), math.Abs(d1-m), math.Abs(d2-m))
	return e > outChroma || m > outBright || m < outDark
}

// The band's foreground thresholds (log colour): the floor's.
const (
	outChroma = 0.16
	outBright = 0.28
	outDark   = -0.72
)

// outBlob is a connected part of the band's foreground.
type outBlob struct {
	n              int
	rim            bool // reaches the band's outer limit
	sx, sy         float64
	x0, y0, x1, y1 int
}

// blobs labels the band's foreground in 4-connected parts.
func (b *outsideBand) blobs() []outBlob {
	clear(b.labels)
	var out []outBlob
	var stack []int32
	next := int32(0)
	for s := range b.fg {
		if !b.fg[s] || b.labels[s] != 0 {
			continue
		}
		next++
		b.labels[s] = next
		stack = append(stack[:0], int32(s))
		p := outBlob{x0: b.gw, y0: b.gh}
		for len(stack) > 0 {
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			x, y := int(q)%b.gw, int(q)/b.gw
			p.n++
			p.rim = p.rim || b.rim[q]
			p.sx += float64(x)
			p.sy += float64(y)
			p.x0, p.y0, p.x1, p.y1 = min(p.x0, x), min(p.y0, y), max(p.x1, x), max(p.y1, y)
			for _, nb := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
				if nb[0] < 0 || nb[1] < 0 || nb[0] >= b.gw || nb[1] >= b.gh {
					continue
				}
				j := nb[1]*b.gw + nb[0]
				if b.fg[j] && b.labels[j] == 0 {
					b.labels[j] = next
					stack = append(stack, int32(j))
				}
			}
		}
		out = append(out, p)
	}
	return out
}

// findOutside adds to res, as unreadable `outside`, the dice lying on the
// table around the tray. Without the empty tray's photograph only (the
// band is laid by NewDiceReader then); with it the whole view is searched
// already.
func (r *DiceReader) findOutside(img image.Image, res *DiceResult) {
	b := r.out
	if b == nil {
		return
	}
	b.sample(img, r.w)
	b.model()
	b.foreground()
	S := r.h0 * outPx
	for _, p := range b.blobs() {
		// A die's top and the sides the camera sees: about a die's area,
		// less when the frame's edge cuts it; never much longer than a die
		// with its sides (a hand, the board beside the tray, a wall's edge).
		// A die that rolled off lies within two dice of the wall: what
		// reaches in from beyond the band (the board beside the tray, a
		// hand, a cup) is no die, whatever piece of it the band holds.
		if p.rim {
			continue
		}
		if float64(p.n) < 0.35*S*S || float64(p.n) > 2.6*S*S || float64(p.x1-p.x0+1) > 2*S || float64(p.y1-p.y0+1) > 2*S {
			continue
		}
		// Solid: most of its box, as a die seen from above is.
		if float64(p.n) < 0.45*float64((p.x1-p.x0+1)*(p.y1-p.y0+1)) {
			continue
		}
		c := board.Point{X: b.x0 + (p.sx/float64(p.n)+0.5)/outPx, Y: b.y0 + (p.sy/float64(p.n)+0.5)/outPx}
		top := r.awayFromNadir(c)
		ang := b.angle(p)
		pt := &r.patch
		r.fillPatch(img, top, pt)
		f := r.sampleFace(pt, top, ang, r.h0)
		d, dist, _ := r.classify(f)
		// A die of the set: its paint and print, not the table's grain.
		if dist > 1.2 || f.inkShare < 0.015 {
			continue
		}
		foot := r.pose.Unparallax(r.pose.Parallax(top, r.h0), d.SizeMM)
		if r.tray.OnFloor(foot.X, foot.Y) {
			continue
		}
		res.Unreadable = append(res.Unreadable, DieUnreadable{Die: d.ID, XMM: round1(foot.X), YMM: round1(foot.Y), Reason: DiceOutside})
	}
}

// awayFromNadir moves a outBlob's centre (mm, plane h0) away from the camera's
// nadir by half a die's visible side: the sides the camera sees join the
// top on the camera's side, and the top is the outBlob's far part.
func (r *DiceReader) awayFromNadir(c board.Point) board.Point {
	H := r.pose.Height
	if math.IsInf(H, 0) || H <= r.h0+1 {
		return c
	}
	return c.Add(c.Sub(r.pose.Nadir).Scale(r.h0 / H / 2))
}

// angle is the dominant edge angle (mod 90 degrees) of a outBlob's outline.
func (b *outsideBand) angle(p outBlob) float64 {
	in := func(x, y int) float64 {
		if x < 0 || y < 0 || x >= b.gw || y >= b.gh || !b.fg[y*b.gw+x] {
			return 0
		}
		return 1
	}
	var cs, sn float64
	for y := p.y0 - 1; y <= p.y1+1; y++ {
		for x := p.x0 - 1; x <= p.x1+1; x++ {
			gx := in(x+1, y-1) + 2*in(x+1, y) + in(x+1, y+1) - in(x-1, y-1) - 2*in(x-1, y) - in(x-1, y+1)
			gy := in(x-1, y+1) + 2*in(x, y+1) + in(x+1, y+1) - in(x-1, y-1) - 2*in(x, y-1) - in(x+1, y-1)
			m := gx*gx + gy*gy
			if m == 0 {
				continue
			}
			a := 4 * math.Atan2(gy, gx)
			cs += m * math.Cos(a)
			sn += m * math.Sin(a)
		}
	}
	return math.Atan2(sn, cs) / 4
}
