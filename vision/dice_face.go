package vision

import (
	"image"
	"math"
	"sort"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// faceSample is a die's top face sampled from the frame on a faceN x faceN
// grid in the die's own frame, split into paint and ink (pips, symbols).
type faceSample struct {
	rgb      [faceN * faceN][3]float64
	lum      [faceN * faceN]float64
	ink      [faceN * faceN]float64 // 0 paint .. 1 ink
	soft     []float64              // ink, smoothed for matching
	paint    [3]float64             // median colour of the paint
	inkRGB   [3]float64             // median colour of the ink
	inkShare float64
}

// sampleFace samples the square of side s (mm, on the plane h0) centred on
// centre (mm) at angle ang from the frame, with bilinear interpolation.
func (r *DiceReader) sampleFace(img image.Image, centre board.Point, ang, s float64) *faceSample {
	return r.sampleFaceAspect(img, centre, ang, s, 1, 1, false)
}

// sampleFaceAspect samples a rectangle: the square scaled by su along the
// die's first axis and sv along its second. Quick samples (for searching)
// take the mean colours of paint and ink instead of the medians.
func (r *DiceReader) sampleFaceAspect(img image.Image, centre board.Point, ang, s, su, sv float64, quick bool) *faceSample {
	f := &faceSample{}
	ca, sa := math.Cos(ang), math.Sin(ang)
	b := img.Bounds()
	for j := 0; j < faceN; j++ {
		for i := 0; i < faceN; i++ {
			u := (float64(i)/(faceN-1) - 0.5) * 0.86 * s * su
			v := (float64(j)/(faceN-1) - 0.5) * 0.86 * s * sv
			p := r.imgAt(board.Point{X: centre.X + u*ca - v*sa, Y: centre.Y + u*sa + v*ca})
			c := bilinear(img, b, p.X-0.5, p.Y-0.5)
			k := j*faceN + i
			f.rgb[k] = c
			f.lum[k] = 0.3*c[0] + 0.59*c[1] + 0.11*c[2]
		}
	}
	// Split paint and ink by Otsu's threshold on luminance; the paint is
	// the larger part.
	th := otsu(f.lum[:])
	var hi, lo []int
	for k, l := range f.lum {
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
	if quick {
		f.paint, f.inkRGB = meanRGB(f.rgb[:], paint), meanRGB(f.rgb[:], ink)
	} else {
		f.paint, f.inkRGB = medianRGB(f.rgb[:], paint), medianRGB(f.rgb[:], ink)
	}
	f.inkShare = float64(len(ink)) / float64(len(f.lum))
	pl := 0.3*f.paint[0] + 0.59*f.paint[1] + 0.11*f.paint[2]
	il := 0.3*f.inkRGB[0] + 0.59*f.inkRGB[1] + 0.11*f.inkRGB[2]
	if math.Abs(il-pl) > 1 {
		for k, l := range f.lum {
			f.ink[k] = math.Max(0, math.Min(1, (l-pl)/(il-pl)))
		}
	}
	f.soft = smoothGrid(f.ink[:])
	return f
}

// smoothGrid box-blurs a sample grid (3x3): a square placed a pixel off,
// or a face printed a little off centre, still matches its template.
func smoothGrid(g []float64) []float64 {
	out := make([]float64, len(g))
	for j := 0; j < faceN; j++ {
		for i := 0; i < faceN; i++ {
			s, n := 0.0, 0.0
			for dj := -1; dj <= 1; dj++ {
				for di := -1; di <= 1; di++ {
					a, b := i+di, j+dj
					if a >= 0 && b >= 0 && a < faceN && b < faceN {
						s += g[b*faceN+a]
						n++
					}
				}
			}
			out[j*faceN+i] = s / n
		}
	}
	return out
}

func bilinear(img image.Image, b image.Rectangle, x, y float64) [3]float64 {
	x = math.Max(0, math.Min(float64(b.Dx()-1)-1e-9, x))
	y = math.Max(0, math.Min(float64(b.Dy()-1)-1e-9, y))
	x0, y0 := int(x), int(y)
	fx, fy := x-float64(x0), y-float64(y0)
	var out [3]float64
	for _, c := range [4]struct {
		dx, dy int
		w      float64
	}{{0, 0, (1 - fx) * (1 - fy)}, {1, 0, fx * (1 - fy)}, {0, 1, (1 - fx) * fy}, {1, 1, fx * fy}} {
		xx, yy := min(x0+c.dx, b.Dx()-1), min(y0+c.dy, b.Dy()-1)
		p := rgbAt(img, b.Min.X+xx, b.Min.Y+yy)
		for k := 0; k < 3; k++ {
			out[k] += c.w * float64(p[k])
		}
	}
	return out
}

func otsu(v []float64) float64 {
	var h [256]int
	for _, x := range v {
		h[int(math.Max(0, math.Min(255, x)))]++
	}
	total := len(v)
	sum := 0.0
	for i, c := range h {
		sum += float64(i * c)
	}
	best, th := -1.0, 0.0
	wB, sumB := 0, 0.0
	for t := 0; t < 256; t++ {
		wB += h[t]
		if wB == 0 {
			continue
		}
		wF := total - wB
		if wF == 0 {
			break
		}
		sumB += float64(t * h[t])
		mB, mF := sumB/float64(wB), (sum-sumB)/float64(wF)
		if bv := float64(wB) * float64(wF) * (mB - mF) * (mB - mF); bv > best {
			best, th = bv, float64(t)+0.5
		}
	}
	return th
}

func meanRGB(rgb [][3]float64, idx []int) [3]float64 {
	var out [3]float64
	for _, j := range idx {
		for k := 0; k < 3; k++ {
			out[k] += rgb[j][k]
		}
	}
	if len(idx) > 0 {
		for k := 0; k < 3; k++ {
			out[k] /= float64(len(idx))
		}
	}
	return out
}

func medianRGB(rgb [][3]float64, idx []int) [3]float64 {
	var out [3]float64
	if len(idx) == 0 {
		return out
	}
	v := make([]float64, len(idx))
	for k := 0; k < 3; k++ {
		for i, j := range idx {
			v[i] = rgb[j][k]
		}
		sort.Float64s(v)
		out[k] = v[len(v)/2]
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

// pipTemplates are the six faces of a standard die on the sample grid, in
// the two orientations a square can show (2, 3 and 6 differ by a quarter
// turn): index (face-1)*2 + turn.
var pipTemplates = func() (t [12][faceN * faceN]float64) {
	const q, rad = 0.27, 0.11
	layouts := [6][][2]float64{
		{{0, 0}},
		{{-q, -q}, {q, q}},
		{{-q, -q}, {0, 0}, {q, q}},
		{{-q, -q}, {q, q}, {q, -q}, {-q, q}},
		{{-q, -q}, {q, q}, {q, -q}, {-q, q}, {0, 0}},
		{{-q, -q}, {q, q}, {q, -q}, {-q, q}, {-q, 0}, {q, 0}},
	}
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
		t[k] = smoothGrid(pipTemplates[k][:])
	}
	return
}()

// ncc is the normalised correlation of two samples.
func ncc(a, b []float64) float64 {
	var ma, mb float64
	for i := range a {
		ma += a[i]
		mb += b[i]
	}
	n := float64(len(a))
	ma /= n
	mb /= n
	var sab, saa, sbb float64
	for i := range a {
		x, y := a[i]-ma, b[i]-mb
		sab += x * y
		saa += x * x
		sbb += y * y
	}
	if saa <= 0 || sbb <= 0 {
		return 0
	}
	return sab / math.Sqrt(saa*sbb)
}

// readPips returns the pip count that matches best, its score and the
// margin to the next count.
func readPips(f *faceSample) (string, float64, float64) {
	score := [6]float64{}
	for k := 0; k < 6; k++ {
		score[k] = math.Max(ncc(f.soft, softPips[2*k]), ncc(f.soft, softPips[2*k+1]))
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
	f := r.sampleFace(img, top, c.angle, r.h0)
	d, dist, second := r.classify(f)
	if c.fill >= 0.62 {
		// The square found from the outline may sit a millimetre off,
		// enough to cut pips in half: settle it where the face reads best.
		top, c.angle, f = r.refine(img, d, top, c.angle, f)
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
	if c.fill < 0.62 {
		unread(DiceCocked)
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
		label, score, margin = readPips(f)
	} else {
		ld := r.learned.die(d.ID)
		if ld == nil {
			unread(DiceUnclear)
			return
		}
		label, score, margin = ld.match(f)
	}
	squash := 0.0
	if score >= 0.62 {
		squash = r.squashed(img, d, top, c.angle, score)
	}
	// Printed faces can differ by a stroke (a 2 and a 3): a learned face
	// must win more clearly than a pip count.
	minMargin := 0.05
	if d.Faces.Kind == diceset.Learned {
		minMargin = 0.1
	}
	if score < 0.62 || margin < minMargin || squash > 0.04 {
		unread(DiceCocked)
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
		_, sc, _ := readPips(f)
		return sc
	}
	if ld := r.learned.die(d.ID); ld != nil {
		_, sc, _ := ld.match(f)
		return sc
	}
	return 0
}

// refine searches around a square's centre and angle for the placement
// whose face reads best: every neighbour in x, y and angle, a coarse step
// then a fine one.
func (r *DiceReader) refine(img image.Image, d *diceset.Die, top board.Point, ang float64, f *faceSample) (board.Point, float64, *faceSample) {
	best := r.faceScore(d, f)
	moved := false
	for _, step := range []struct{ mm, rad float64 }{{0.8, 0.05}, {0.4, 0.025}} {
		c0, a0 := top, ang
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				for da := -1; da <= 1; da++ {
					if dx == 0 && dy == 0 && da == 0 {
						continue
					}
					p := board.Point{X: c0.X + float64(dx)*step.mm, Y: c0.Y + float64(dy)*step.mm}
					a := a0 + float64(da)*step.rad
					g := r.sampleFaceAspect(img, p, a, r.h0, 1, 1, true)
					if sc := r.faceScore(d, g); sc > best {
						best, top, ang, moved = sc, p, a, true
					}
				}
			}
		}
	}
	if moved {
		f = r.sampleFace(img, top, ang, r.h0)
	}
	return top, ang, f
}

// squashed tells a face seen at a slant: a cocked die's top is tilted, so
// the camera sees it shorter across the tilt. It returns how much better
// the face reads shortened (along either axis, shifted either way) than
// square; a flat die reads best square.
func (r *DiceReader) squashed(img image.Image, d *diceset.Die, top board.Point, ang, score float64) float64 {
	best := 0.0
	ca, sa := math.Cos(ang), math.Sin(ang)
	for _, k := range []float64{0.84} {
		for axis := 0; axis < 2; axis++ {
			su, sv := k, 1.0
			dir := board.Point{X: ca, Y: sa}
			if axis == 1 {
				su, sv = 1, k
				dir = board.Point{X: -sa, Y: ca}
			}
			for _, sh := range []float64{-1, 0, 1} {
				p := top.Add(dir.Scale(sh * (1 - k) * r.h0 / 2))
				g := r.sampleFaceAspect(img, p, ang, r.h0, su, sv, false)
				best = math.Max(best, r.faceScore(d, g)-score)
			}
		}
	}
	return best
}

func round1(v float64) float64 { return math.Round(v*10) / 10 }
