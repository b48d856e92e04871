package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"sort"

	"github.com/quartermaster-table/quartermaster/engine/layout"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// Reasons a die is not read (dice.md).
const (
	// DiceCocked: no face on top (leaning on a wall or another die).
	DiceCocked = "cocked"
	// DiceOutside: the die is not on the tray floor.
	DiceOutside = "outside"
	// DiceUnclear: the reader cannot tell the die or its face.
	DiceUnclear = "unclear"
)

// DieRead is one die read flat on the tray.
type DieRead struct {
	Die        string  `json:"die"`
	Face       string  `json:"face"`
	Zone       string  `json:"zone"`
	XMM        float64 `json:"x_mm"`
	YMM        float64 `json:"y_mm"`
	Confidence float64 `json:"confidence"`
}

// DieUnreadable is a die seen but not read, and why.
type DieUnreadable struct {
	Die    string  `json:"die"`
	XMM    float64 `json:"x_mm"`
	YMM    float64 `json:"y_mm"`
	Reason string  `json:"reason"`
}

// DiceResult is one read of the tray.
type DiceResult struct {
	Dice       []DieRead       `json:"dice"`
	Unreadable []DieUnreadable `json:"unreadable"`
	// Count sums Dice per zone, die and face.
	Count map[string]map[string]map[string]int `json:"count"`
}

// DiceOptions tune a DiceReader.
type DiceOptions struct {
	// Empty is a photograph of the empty tray from the same camera under the
	// same light; optional.
	Empty image.Image
	// Learned holds the faces of the set's learned dice, from a calibration
	// roll; without it a learned die is seen but reported unclear.
	Learned *LearnedFaces
}

// DiceCalibration is what a watcher needs to read dice from a frame.
type DiceCalibration struct {
	Tray    *layout.Tray
	Set     *diceset.Set
	Corners board.Corners
	Options DiceOptions
}

// ReadDice reads one frame with a calibration. A watcher that reads many
// frames of one camera keeps a DiceReader instead.
func ReadDice(frame image.Image, c DiceCalibration) (DiceResult, error) {
	if frame == nil {
		return DiceResult{}, errors.New("dice: no frame")
	}
	b := frame.Bounds()
	r, err := NewDiceReader(c.Tray, c.Set, c.Corners, b.Dx(), b.Dy(), c.Options)
	if err != nil {
		return DiceResult{}, err
	}
	return r.Read(frame)
}

// diePx is the resolution of the reader's top-down view of the tray.
const diePx = 2.0

// faceN is the side of the grid a top face is sampled on.
const faceN = 20

// DiceReader reads dice from frames of one calibrated camera over a tray.
// It is not safe for concurrent use.
type DiceReader struct {
	tray    *layout.Tray
	set     *diceset.Set
	learned *LearnedFaces
	w, h    int // frame size
	toImg   board.Homography
	pose    board.CameraPose
	h0      float64 // height of the plane the top-down view shows, mm
	margin  float64 // mm of table shown around the floor
	gw, gh  int
	idx     []int32 // frame pixel of each view pixel, or -1
	view    []uint8 // RGB of the view
	bg      []uint8 // RGB of the empty tray in the view
	haveRef bool
	fg, m2  []bool
	cnt     []uint8 // foreground in each pixel's row of three
	fgRuns  []fgRun // the pixels the foreground test looks at (colourChange)
	walls   []int32 // the view pixels that show a wall (fillBackground)
	work    [4]int  // x0, y0, x1, y1: the part of the view searched
	floor   []bool  // view pixel over the floor
	cat     []uint8 // what the view pixel shows without dice (catFloor...)
	sweep   []int32 // view pixel x+v of each view pixel x, or -1
	labels  []int32
	lab2    []int32              // parts of the foreground, for print alone
	edgeBuf []float64            // edgeAngle's mask values
	topH    board.Homography     // plane h0 (tray mm) to frame pixels
	patch   topPatch             // the die being judged, resampled
	scratch faceSample           // the search's samples
	faces   []*faceSample        // full samples kept between reads (newFace)
	nFaces  int                  // of faces, those handed out in this read
	seen    map[[3]int32]float64 // the search's placements read so far
	tmpl    map[*LearnedDie]*learnedTemplates
	retries []wideRetry // squares whose face did not read (dice_wide.go)
	// wideMemo: each of retries' wide search, kept while retryWide runs.
	wideMemo []wideMemo
	wideRank []int
	boxBuf   []int32 // squares' sums of every placement
	weakTo   []int32 // foreground the sweep took next to what it kept (dice_sweep.go)
	// The pixels labels, lab2 and weakTo were set at: cleared there before
	// they are set again, not over the whole view (a few percent of it is
	// foreground; clearing the view's int32s took a twentieth of the read).
	labelSet, lab2Set, weakSet []int32
	ink                        []bool // what differs from the floor as only print does (dice_ink.go)

	out *outsideBand // the table around the tray (dice_outside.go)
}

// NewDiceReader makes a reader for a tray, a dice set, the tray floor's four
// image corners (top-left, top-right, bottom-right, bottom-left) and the
// frame size.
func NewDiceReader(t *layout.Tray, set *diceset.Set, c board.Corners, w, h int, o DiceOptions) (*DiceReader, error) {
	if t == nil || set == nil {
		return nil, errors.New("dice: a tray and a dice set are needed")
	}
	if err := t.Check(); err != nil {
		return nil, err
	}
	if err := set.Check(); err != nil {
		return nil, err
	}
	if w < 32 || h < 32 || w > 10000 || h > 10000 {
		return nil, fmt.Errorf("dice: a %dx%d frame is not a photograph of a tray", w, h)
	}
	if err := c.Validate(); err != nil {
		return nil, fmt.Errorf("dice: corners: %v", err)
	}
	if err := c.Inside(w, h); err != nil {
		return nil, fmt.Errorf("dice: corners: %v", err)
	}
	toImg, err := board.HomographyFrom4([4]board.Point{{}, {X: t.Width}, {X: t.Width, Y: t.Height}, {Y: t.Height}}, [4]board.Point(c))
	if err != nil {
		return nil, fmt.Errorf("dice: corners: %v", err)
	}
	r := &DiceReader{tray: t, set: set, learned: o.Learned, w: w, h: h, toImg: toImg}
	r.pose = board.EstimatePose(toImg, w, h)
	sizes := make([]float64, 0, len(set.Dice))
	maxS := 0.0
	for _, d := range set.Dice {
		sizes = append(sizes, d.SizeMM)
		maxS = math.Max(maxS, d.SizeMM)
	}
	sort.Float64s(sizes)
	r.h0 = sizes[len(sizes)/2]
	// The plane h0 is seen as the floor scaled about the nadir (Parallax):
	// one homography takes it to the frame.
	r.topH = toImg
	if H := r.pose.Height; !math.IsInf(H, 0) && H > r.h0+1 {
		k := H / (H - r.h0)
		n := r.pose.Nadir
		r.topH = mulH(toImg, board.Homography{k, 0, n.X * (1 - k), 0, k, n.Y * (1 - k), 0, 0, 1})
	}
	r.margin = t.WallMM + 1.5*maxS
	r.gw = int(math.Ceil((t.Width + 2*r.margin) * diePx))
	r.gh = int(math.Ceil((t.Height + 2*r.margin) * diePx))
	n := r.gw * r.gh
	r.idx = make([]int32, n)
	for y := 0; y < r.gh; y++ {
		for x := 0; x < r.gw; x++ {
			q := r.imgAt(r.viewMM(float64(x)+0.5, float64(y)+0.5))
			i := y*r.gw + x
			r.idx[i] = -1
			if q.X >= 0 && q.Y >= 0 && q.X < float64(w) && q.Y < float64(h) {
				r.idx[i] = int32(int(q.Y)*w + int(q.X))
			}
		}
	}
	// Without a picture of the empty tray, the walls and the table around
	// it have no background model to stand out from: only dice whose top is
	// over the floor are looked for.
	r.floor = make([]bool, n)
	r.cat = make([]uint8, n)
	for y := 0; y < r.gh; y++ {
		for x := 0; x < r.gw; x++ {
			i := y*r.gw + x
			q := r.viewMM(float64(x)+0.5, float64(y)+0.5)
			r.floor[i] = q.X > 0.5 && q.Y > 0.5 && q.X < t.Width-0.5 && q.Y < t.Height-0.5
			f := r.pose.Parallax(q, r.h0)
			switch {
			case !r.floor[i]:
				r.cat[i] = catTable
			case f.X < 0:
				r.cat[i] = catWallLeft
			case f.X > t.Width:
				r.cat[i] = catWallRight
			case f.Y < 0:
				r.cat[i] = catWallTop
			case f.Y > t.Height:
				r.cat[i] = catWallBottom
			default:
				r.cat[i] = catFloor
			}
		}
	}
	// The sweep's partner of every view pixel (see foreground), or -1
	// where nothing tells.
	r.sweep = make([]int32, n)
	for y := 0; y < r.gh; y++ {
		for x := 0; x < r.gw; x++ {
			i := y*r.gw + x
			r.sweep[i] = -1
			if H := r.pose.Height; !math.IsInf(H, 0) {
				p := r.viewMM(float64(x)+0.5, float64(y)+0.5)
				v := p.Sub(r.pose.Nadir).Scale(-r.h0 / H * diePx * 0.9)
				xx, yy := x+int(math.Round(v.X)), y+int(math.Round(v.Y))
				// Where x+v leaves the part of the view searched, nothing
				// tells: the pixel is kept.
				if xx >= 0 && yy >= 0 && xx < r.gw && yy < r.gh && (o.Empty != nil || r.floor[yy*r.gw+xx]) {
					r.sweep[i] = int32(yy*r.gw + xx)
				}
			}
		}
	}
	r.view = make([]uint8, 3*n)
	r.bg = make([]uint8, 3*n)
	r.fg = make([]bool, n)
	r.cnt = make([]uint8, n)
	r.lab2 = make([]int32, n)
	// Without an empty tray only the floor is searched: the rest of the
	// view is never looked at.
	r.work = [4]int{0, 0, r.gw, r.gh}
	if o.Empty == nil {
		r.work = [4]int{r.gw, r.gh, 0, 0}
		for i, f := range r.floor {
			if f {
				x, y := i%r.gw, i/r.gw
				r.work = [4]int{min(r.work[0], x), min(r.work[1], y), max(r.work[2], x+1), max(r.work[3], y+1)}
			}
		}
	}
	r.m2 = make([]bool, n)
	r.weakTo = make([]int32, n)
	r.ink = make([]bool, n)
	r.labels = make([]int32, n)
	if o.Empty != nil {
		if b := o.Empty.Bounds(); b.Dx() != w || b.Dy() != h {
			return nil, fmt.Errorf("dice: the empty tray is %dx%d, the frames %dx%d", b.Dx(), b.Dy(), w, h)
		}
		r.sample(o.Empty, r.bg)
		r.haveRef = true
	} else {
		r.out = r.newOutsideBand()
	}
	return r, nil
}

// viewMM is the tray point (on the plane h0 above the floor) at view pixel (x, y).
func (r *DiceReader) viewMM(x, y float64) board.Point {
	return board.Point{X: x/diePx - r.margin, Y: y/diePx - r.margin}
}

// imgAt maps a point of the plane h0 above the floor to the frame.
func (r *DiceReader) imgAt(p board.Point) board.Point {
	return r.toImg.Apply(r.pose.Parallax(p, r.h0))
}

// sample fills dst with the view of img.
func (r *DiceReader) sample(img image.Image, dst []uint8) {
	b := img.Bounds()
	switch m := img.(type) {
	case *image.RGBA:
		if b.Min == (image.Point{}) && m.Stride == 4*r.w {
			px := m.Pix
			x0, x1 := r.work[0], r.work[2]
			for y := r.work[1]; y < r.work[3] && x0 < x1; y++ {
				i0 := y*r.gw + x0
				idx := r.idx[i0 : i0+x1-x0]
				d := dst[3*i0 : 3*(i0+x1-x0)]
				for k, o := range idx {
					t := d[3*k : 3*k+3 : 3*k+3]
					if o < 0 {
						t[0], t[1], t[2] = 0, 0, 0
						continue
					}
					s := px[4*int(o) : 4*int(o)+3 : 4*int(o)+3]
					t[0], t[1], t[2] = s[0], s[1], s[2]
				}
			}
			return
		}
		for i, k := range r.idx {
			if k < 0 {
				dst[3*i], dst[3*i+1], dst[3*i+2] = 0, 0, 0
				continue
			}
			x, y := int(k)%r.w, int(k)/r.w
			o := m.PixOffset(b.Min.X+x, b.Min.Y+y)
			dst[3*i], dst[3*i+1], dst[3*i+2] = m.Pix[o], m.Pix[o+1], m.Pix[o+2]
		}
	case *image.NRGBA:
		for i, k := range r.idx {
			if k < 0 {
				dst[3*i], dst[3*i+1], dst[3*i+2] = 0, 0, 0
				continue
			}
			x, y := int(k)%r.w, int(k)/r.w
			o := m.PixOffset(b.Min.X+x, b.Min.Y+y)
			dst[3*i], dst[3*i+1], dst[3*i+2] = m.Pix[o], m.Pix[o+1], m.Pix[o+2]
		}
	default:
		for i, k := range r.idx {
			if k < 0 {
				dst[3*i], dst[3*i+1], dst[3*i+2] = 0, 0, 0
				continue
			}
			c := rgbAt(img, b.Min.X+int(k)%r.w, b.Min.Y+int(k)/r.w)
			dst[3*i], dst[3*i+1], dst[3*i+2] = c[0], c[1], c[2]
		}
	}
}

func rgbAt(img image.Image, x, y int) [3]uint8 {
	switch m := img.(type) {
	case *image.RGBA:
		o := m.PixOffset(x, y)
		return [3]uint8{m.Pix[o], m.Pix[o+1], m.Pix[o+2]}
	case *image.YCbCr:
		c := m.YCbCrAt(x, y)
		rr, g, bb, _ := c.RGBA()
		return [3]uint8{uint8(rr >> 8), uint8(g >> 8), uint8(bb >> 8)}
	}
	rr, g, bb, _ := img.At(x, y).RGBA()
	return [3]uint8{uint8(rr >> 8), uint8(g >> 8), uint8(bb >> 8)}
}

// Read reads the dice in one frame of the reader's camera.
func (r *DiceReader) Read(img image.Image) (DiceResult, error) {
	if img == nil {
		return DiceResult{}, errors.New("dice: no frame")
	}
	if b := img.Bounds(); b.Dx() != r.w || b.Dy() != r.h {
		return DiceResult{}, fmt.Errorf("dice: the frame is %dx%d, the reader was calibrated for %dx%d", b.Dx(), b.Dy(), r.w, r.h)
	}
	r.nFaces = 0
	r.sample(img, r.view)
	if !r.haveRef {
		r.estimateBackground()
	}
	r.foreground()
	cands := r.findDice()
	res := DiceResult{Dice: []DieRead{}, Unreadable: []DieUnreadable{}, Count: map[string]map[string]map[string]int{}}
	r.retries = r.retries[:0]
	for _, c := range cands {
		r.judge(img, c, &res)
	}
	r.retryWide(img, &res)
	r.findOutside(img, &res)
	res.Dice = dropTwiceRead(res.Dice, 0.75*r.h0)
	res.Unreadable = r.dropDuplicates(res)
	for _, d := range res.Dice {
		z := res.Count[d.Zone]
		if z == nil {
			z = map[string]map[string]int{}
			res.Count[d.Zone] = z
		}
		if z[d.Die] == nil {
			z[d.Die] = map[string]int{}
		}
		z[d.Die][d.Face]++
	}
	return res, nil
}

// dropDuplicates drops what was sent to unreadable within three quarters
// of a die's size of a die read or of an earlier unreadable one: two dice
// are never that close (touching flat dice are a size apart, a cocked die
// leaning on one further), so it is a second square on the same die, or
// the sides and shadows between touching dice.
func (r *DiceReader) dropDuplicates(res DiceResult) []DieUnreadable {
	lim := 0.75 * r.h0
	out := res.Unreadable[:0]
	for _, u := range res.Unreadable {
		dup := false
		for _, d := range res.Dice {
			if math.Hypot(u.XMM-d.XMM, u.YMM-d.YMM) < lim {
				dup = true
			}
		}
		for _, o := range out {
			if math.Hypot(u.XMM-o.XMM, u.YMM-o.YMM) < lim {
				dup = true
			}
		}
		if !dup {
			out = append(out, u)
		}
	}
	return out
}

// dropTwiceRead keeps, of dice read closer together than lim (mm), the
// most confident: two squares that settled on the same die.
func dropTwiceRead(dice []DieRead, lim float64) []DieRead {
	out := dice[:0]
	for _, d := range dice {
		dup := -1
		for k, o := range out {
			if math.Hypot(d.XMM-o.XMM, d.YMM-o.YMM) < lim {
				dup = k
			}
		}
		switch {
		case dup < 0:
			out = append(out, d)
		case d.Confidence > out[dup].Confidence:
			out[dup] = d
		}
	}
	return out
}

// estimateBackground models the empty tray from the frame itself. The
// floor: the median colour of blocks of the view, then the median of each
// block's neighbours, so that dice (small against a neighbourhood) drop out.
// Each wall's inner face, seen past the dice near it: its own median.
func (r *DiceReader) estimateBackground() {
	const bs = bgBlock // px: 8 mm
	bw, bh := (r.gw+bs-1)/bs, (r.gh+bs-1)/bs
	med := make([][3]uint8, bw*bh)
	valid := make([]bool, bw*bh)
	// A block's median: the lower middle of its values (as histMedian
	// counts), found by selection among its few dozen.
	var vals [3][]uint8
	for by := 0; by < bh; by++ {
		for bx := 0; bx < bw; bx++ {
			for k := range vals {
				vals[k] = vals[k][:0]
			}
			for y := by * bs; y < min((by+1)*bs, r.gh); y += 2 {
				for x := bx * bs; x < min((bx+1)*bs, r.gw); x += 2 {
					i := y*r.gw + x
					if r.cat[i] != catFloor {
						continue
					}
					vals[0] = append(vals[0], r.view[3*i])
					vals[1] = append(vals[1], r.view[3*i+1])
					vals[2] = append(vals[2], r.view[3*i+2])
				}
			}
			n := len(vals[0])
			if n < 8 {
				continue
			}
			valid[by*bw+bx] = true
			for k := 0; k < 3; k++ {
				med[by*bw+bx][k] = nthByte(vals[k], (n+1)/2-1)
			}
		}
	}
	dropDiceBlocks(med, valid, bw, bh)
	// Each wall's median.
	var walls [catTable][3][256]int32
	var wn [catTable]int
	for i := 0; i < len(r.cat); i += 3 {
		c := r.cat[i]
		if c == catFloor || c >= catTable {
			continue
		}
		walls[c][0][r.view[3*i]]++
		walls[c][1][r.view[3*i+1]]++
		walls[c][2][r.view[3*i+2]]++
		wn[c]++
	}
	var wallMed [catTable][3]uint8
	for c := range wallMed {
		for k := 0; k < 3; k++ {
			wallMed[c][k] = histMedian(&walls[c][k], wn[c])
		}
	}
	// Neighbourhood medians: 5x5 blocks (40 mm), wider where the floor is
	// mostly hidden.
	med2 := make([][3]uint8, bw*bh)
	var wc windowCounts
	neighbourMedians(med, valid, bw, bh, 2, 5, nil, &vals, &wc, med2)
	r.fillBackground(med2, bw, &wallMed)
}

// neighbourMedian is the median colour, channel by channel, of the valid
// blocks (medians med, bw x bh of them) within rad0 blocks of (bx, by),
// widened two blocks at a time until at least need are found (the floor or
// the table mostly hidden by dice); zero where none is. vals is scratch
// space kept between calls.
func neighbourMedian(med [][3]uint8, valid []bool, bw, bh, bx, by, rad0, need int, vals *[3][]uint8) [3]uint8 {
	for rad := rad0; rad < max(bw, bh); rad += 2 {
		for k := range vals {
			vals[k] = vals[k][:0]
		}
		for y := max(0, by-rad); y <= min(bh-1, by+rad); y++ {
			for x := max(0, bx-rad); x <= min(bw-1, bx+rad); x++ {
				if !valid[y*bw+x] {
					continue
				}
				for k := 0; k < 3; k++ {
					vals[k] = append(vals[k], med[y*bw+x][k])
				}
			}
		}
		if len(vals[0]) >= need {
			break
		}
	}
	var c [3]uint8
	for k := 0; k < 3; k++ {
		if v := vals[k]; len(v) > 0 {
			// What sorting would put in the middle, without sorting.
			c[k] = nthByte(v, len(v)/2)
		}
	}
	return c
}

// View pixel categories: what a ray through the plane of the dice's tops
// meets when no die is in the way.
const (
	catFloor = iota
	catWallLeft
	catWallRight
	catWallTop
	catWallBottom
	catTable // beyond: the table around the tray
)

func histMedian(h *[256]int32, n int) uint8 {
	acc := int32(0)
	for v := 0; v < 256; v++ {
		acc += h[v]
		if int(acc)*2 >= n {
			return uint8(v)
		}
	}
	return 255
}

// logTab is log(v+10) for 8-bit values: ratios of colours that a change
// of light alone (shadow, gradient) keeps in proportion.
var logTab = func() (t [256]float32) {
	for v := range t {
		t[v] = float32(math.Log(float64(v) + 10))
	}
	return
}()

// fgChroma is the bits of float32(0.16), the foreground's least change of
// colour (see foreground).
var fgChroma = math.Float32bits(0.16)

// foreground marks view pixels that differ from the empty tray by more than
// a shadow would: a change of colour, or a change of brightness beyond what
// light and shade do. Then it removes the sides of the dice the camera sees
// (see sweep).
func (r *DiceReader) foreground() {
	y0, y1 := r.work[1], r.work[3]
	x0, x1 := r.work[0], r.work[2]
	r.colourChange()
	// Fill pinholes (noise on a dark die, a pip's rim): a pixel most of
	// whose neighbours are foreground is foreground.
	r.fillPinholes()
	// A die's sides show on the camera's side of its top in this view (the
	// view is of the plane of the dice's tops): a side pixel x has the floor,
	// not the die, at x+v, where v points from a die's top toward its foot
	// as seen. Keeping only pixels whose x+v is also foreground leaves the
	// tops.
	// (Most pixels are not foreground: only those that are look further.)
	clear(r.inWork(r.m2))
	for y := y0; y < y1; y++ {
		fg := r.fg[y*r.gw+x0 : y*r.gw+x1]
		for k, f := range fg {
			if f {
				i := y*r.gw + x0 + k
				j := r.sweep[i]
				r.m2[i] = j < 0 || r.fg[j]
			}
		}
	}
	r.markWeak()
}

// inWork is the part of a view-sized mask from the first pixel of the part
// of the view searched to its last: the foreground's masks are set there
// only, so clearing it clears them (the rest of the view stays false).
func (r *DiceReader) inWork(m []bool) []bool {
	if r.work[3] <= r.work[1] || r.work[2] <= r.work[0] {
		return nil
	}
	return m[r.work[1]*r.gw+r.work[0] : (r.work[3]-1)*r.gw+r.work[2]]
}

// candidate is a die-sized square found in the view.
type candidate struct {
	c     board.Point // centre, view pixels
	angle float64     // radians, mod 90 degrees
	// angle0 is the angle the square was placed at (its part's outline's):
	// judge's search turns angle.
	angle0 float64
	fill   float64 // fraction of the square that is foreground
	spill  float64 // foreground around the square, in squares
	// inkOnly: only the print was seen (a die the colour of the floor);
	// it is read only if its face reads clearly, never reported otherwise.
	inkOnly bool
	alt     board.Point // inkOnly: a second place to start from
	alt2    board.Point // inkOnly: and a third
	// pipChecked: inkOnly, placed where a lone pip's face reads (dice_pip1.go).
	pipChecked bool
	// learnChecked: inkOnly, placed where a learned face reads
	// (dice_learnprint.go).
	learnChecked bool
	// wide: placed by the wide search (dice_wide.go), not searched again.
	wide bool
	// group: how many squares and leftovers its part holds (touching dice).
	group int
	// leftover: what no flat square took of a part (fill 0).
	leftover bool
}

// findDice splits the foreground into die-sized squares: connected parts,
// each filled greedily with squares of the nominal die size at the part's
// dominant angle. Each part also holds the weak pixels next to it (the
// strip of a top the sweep took, dice_sweep.go), which count half.
func (r *DiceReader) findDice() []candidate {
	for _, i := range r.labelSet {
		r.labels[i] = 0
	}
	r.labelSet = r.labelSet[:0]
	S := r.h0 * diePx
	minArea := 0.3 * S * S
	type part struct {
		n2, nw         int
		x0, y0, x1, y1 int
	}
	var parts []part
	var stack []int32
	next := int32(0)
	// The sweep keeps pixels inside the part of the view searched only.
	m2 := boolBytes(r.m2)
	for y := r.work[1]; y < r.work[3]; y++ {
		end := y*r.gw + r.work[2]
		for s := nextSet(m2, y*r.gw+r.work[0], end); s < end; s = nextSet(m2, s+1, end) {
			if r.labels[s] != 0 {
				continue
			}
			next++
			r.labels[s] = next
			stack = append(stack[:0], int32(s))
			p := part{x0: r.gw, y0: r.gh}
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				r.labelSet = append(r.labelSet, q)
				p.n2++
				x, y := int(q)%r.gw, int(q)/r.gw
				p.x0, p.y0, p.x1, p.y1 = min(p.x0, x), min(p.y0, y), max(p.x1, x), max(p.y1, y)
				for _, nb := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
					if nb[0] < 0 || nb[1] < 0 || nb[0] >= r.gw || nb[1] >= r.gh {
						continue
					}
					j := nb[1]*r.gw + nb[0]
					if r.m2[j] && r.labels[j] == 0 {
						r.labels[j] = next
						stack = append(stack, int32(j))
					}
				}
			}
			parts = append(parts, p)
		}
	}
	for _, i := range r.weakSet {
		w := r.weakTo[i]
		p := &parts[r.labels[w-1]-1]
		x, y := int(i)%r.gw, int(i)/r.gw
		p.nw++
		p.x0, p.y0, p.x1, p.y1 = min(p.x0, x), min(p.y0, y), max(p.x1, x), max(p.y1, y)
	}
	var out []candidate
	for k, p := range parts {
		// Weak pixels count half, and never make a part on their own.
		if float64(p.n2)+float64(p.nw)/2 < minArea || float64(p.n2) < minArea/2 {
			continue
		}
		out = append(out, r.squares(int32(k+1), p.x0, p.y0, p.x1, p.y1, S)...)
	}
	out = append(out, r.inkClusters(out, S, r.fg, 0.9)...)
	// On a noisy dark felt the foreground's specks join a print to the
	// floor around it: the print alone again, from what differs as only
	// print does (dice_ink.go; r.ink is marked with the foreground).
	return append(out, r.inkClusters(out, S, r.ink, inkNear)...)
}

// inkClusters finds dice whose top has the floor's colour: only their print
// (pips, symbols) stands out, in small parts no square was placed on,
// close together within a die's size. Each cluster is a candidate whose
// place and angle the face search settles.
//
// The parts are those of mask; a part whose centre lies within near dice
// sizes of a die found is that die's print.
func (r *DiceReader) inkClusters(found []candidate, S float64, mask []bool, near float64) []candidate {
	type part struct {
		n              int
		sx, sy         float64
		x0, y0, x1, y1 int
	}
	for _, i := range r.lab2Set {
		r.lab2[i] = 0
	}
	r.lab2Set = r.lab2Set[:0]
	var parts []part
	var stack []int32
	next := int32(0)
	x0w, y0w, x1w, y1w := r.work[0], r.work[1], r.work[2], r.work[3]
	mb := boolBytes(mask)
	for y := y0w; y < y1w; y++ {
		end := y*r.gw + x1w
		for s := nextSet(mb, y*r.gw+x0w, end); s < end; s = nextSet(mb, s+1, end) {
			if r.lab2[s] != 0 {
				continue
			}
			next++
			r.lab2[s] = next
			r.lab2Set = append(r.lab2Set, int32(s))
			stack = append(stack[:0], int32(s))
			p := part{x0: r.gw, y0: r.gh}
			for len(stack) > 0 && p.n <= int(1.3*S*S) {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				qx, qy := int(q)%r.gw, int(q)/r.gw
				p.n++
				p.sx += float64(qx)
				p.sy += float64(qy)
				p.x0, p.y0, p.x1, p.y1 = min(p.x0, qx), min(p.y0, qy), max(p.x1, qx), max(p.y1, qy)
				for _, nb := range [4][2]int{{qx - 1, qy}, {qx + 1, qy}, {qx, qy - 1}, {qx, qy + 1}} {
					if nb[0] < x0w || nb[1] < y0w || nb[0] >= x1w || nb[1] >= y1w {
						continue
					}
					j := nb[1]*r.gw + nb[0]
					if mask[j] && r.lab2[j] == 0 {
						r.lab2[j] = next
						r.lab2Set = append(r.lab2Set, int32(j))
						stack = append(stack, int32(j))
					}
				}
			}
			stack = stack[:0]
			// Print is small, but a die barely brighter than the floor
			// joins its print to part of its top: a part up to a face's
			// size may be one (the face search decides). A part wider
			// than a face is no die's print alone.
			if p.n < 6 || float64(p.n) > 1.2*S*S || float64(p.x1-p.x0) > 1.6*S || float64(p.y1-p.y0) > 1.6*S {
				continue
			}
			parts = append(parts, p)
		}
	}
	// Parts within a die's reach of a die already found are its print.
	var keep []part
	for _, p := range parts {
		cx, cy := p.sx/float64(p.n), p.sy/float64(p.n)
		isNear := false
		for _, c := range found {
			if math.Hypot(cx-c.c.X, cy-c.c.Y) < near*S {
				isNear = true
				break
			}
		}
		if !isNear {
			keep = append(keep, p)
		}
	}
	// Group the parts whose centres lie within most of a face of each other.
	used := make([]bool, len(keep))
	var out []candidate
	for i := range keep {
		if used[i] {
			continue
		}
		used[i] = true
		g := []int{i}
		for k := 0; k < len(g); k++ {
			a := keep[g[k]]
			for j := range keep {
				if used[j] {
					continue
				}
				b := keep[j]
				if math.Hypot(a.sx/float64(a.n)-b.sx/float64(b.n), a.sy/float64(a.n)-b.sy/float64(b.n)) < 0.7*S {
					used[j] = true
					g = append(g, j)
				}
			}
		}
		n, sx, sy := 0, 0.0, 0.0
		x0, y0, x1, y1 := r.gw, r.gh, 0, 0
		big := keep[g[0]]
		for _, k := range g {
			p := keep[k]
			if p.n > big.n {
				big = p
			}
		}
		// The sides the camera sees lie toward the nadir: of the larger
		// parts, the one farthest from it is on the top.
		if H := r.pose.Height; !math.IsInf(H, 0) {
			nx, ny := (r.pose.Nadir.X+r.margin)*diePx, (r.pose.Nadir.Y+r.margin)*diePx
			far := -1.0
			min := big.n / 2
			for _, k := range g {
				p := keep[k]
				if d := math.Hypot(p.sx/float64(p.n)-nx, p.sy/float64(p.n)-ny); p.n >= min && d > far {
					far, big = d, p
				}
			}
		}
		for _, k := range g {
			p := keep[k]
			n += p.n
			sx += p.sx
			sy += p.sy
			x0, y0, x1, y1 = min(x0, p.x0), min(y0, p.y0), max(x1, p.x1), max(y1, p.y1)
		}
		// A face's print covers a few percent of it at least, and fits in it.
		// (A side the camera sees slantwise may add its own print to the
		// group, beyond the top's square; a thin line is the floor's edge
		// along a wall, no print.)
		if float64(n) < 0.03*S*S || float64(x1-x0) > 1.6*S || float64(y1-y0) > 1.6*S || float64(min(x1-x0, y1-y0)) < 0.12*S {
			continue
		}
		// The search starts from the print's centre and from its largest
		// part's: the print of a side the camera sees slantwise may have
		// joined the group, and is smaller than the top's.
		ang := r.printAngle(big.x0, big.y0, big.x1, big.y1)
		out = append(out, candidate{c: board.Point{X: sx/float64(n) + 0.5, Y: sy/float64(n) + 0.5}, angle: ang, fill: 1, inkOnly: true,
			alt: board.Point{X: big.sx/float64(big.n) + 0.5, Y: big.sy/float64(big.n) + 0.5}, alt2: r.awayFromCamera(sx/float64(n)+0.5, sy/float64(n)+0.5)})
	}
	return out
}

// awayFromCamera is view pixel (x, y) moved away from the nadir by half a
// flat die's visible side: a die the colour of the floor whose side toward
// the camera is shaded joins that side to its print, and its top is the
// group's far half.
func (r *DiceReader) awayFromCamera(x, y float64) board.Point {
	p := board.Point{X: x, Y: y}
	if H := r.pose.Height; !math.IsInf(H, 0) {
		v := r.pose.Nadir.Sub(r.viewMM(x, y)).Scale(r.h0 / H * diePx / 2)
		p = p.Sub(v)
	}
	return p
}

// printAngle is the dominant edge angle (mod 90 degrees) of the foreground
// in a box: print is drawn square to the face's edges.
func (r *DiceReader) printAngle(x0, y0, x1, y1 int) float64 {
	in := func(x, y int) float64 {
		if r.fg[y*r.gw+x] {
			return 1
		}
		return 0
	}
	return r.edgeAngle(x0, y0, x1, y1, in)
}

// edgeAngle is the dominant angle (mod 90 degrees) of the edges of a mask
// in a box (Sobel, each edge weighted by its strength): the angle of a
// square's outline, or of print drawn square to a face's edges. in is 0
// or 1 at every pixel.
func (r *DiceReader) edgeAngle(x0, y0, x1, y1 int, in func(x, y int) float64) float64 {
	var cs, sn float64
	// The mask around the window, read once per pixel (each Sobel sum
	// reads six of its values): m(x, y) is in(x, y).
	xa, xb := max(1, x0-1), min(r.gw-2, x1+1)
	ya, yb := max(1, y0-1), min(r.gh-2, y1+1)
	if xb < xa || yb < ya {
		return math.Atan2(0, 0) / 4
	}
	w := xb - xa + 3
	buf := r.edgeBuf[:0]
	for y := ya - 1; y <= yb+1; y++ {
		for x := xa - 1; x <= xb+1; x++ {
			buf = append(buf, in(x, y))
		}
	}
	r.edgeBuf = buf
	for y := ya; y <= yb; y++ {
		// The rows above, at and below y, from x-1 on.
		up, at, dn := buf[(y-ya)*w:], buf[(y-ya+1)*w:], buf[(y-ya+2)*w:]
		for x := xa; x <= xb; x++ {
			k := x - xa
			gx := up[k+2] + 2*at[k+2] + dn[k+2] - up[k] - 2*at[k] - dn[k]
			gy := dn[k] + 2*dn[k+1] + dn[k+2] - up[k] - 2*up[k+1] - up[k+2]
			if gx == 0 && gy == 0 {
				continue
			}
			// A mask's gradients are whole numbers from -4 to 4: the
			// cosine and sine of four times their angle are looked up
			// (the same values; the sums are written as before, so a
			// compiler that fuses them fuses them alike).
			m := gx*gx + gy*gy
			t := &sobelTrig[int(gy)+4][int(gx)+4]
			cs += m * t[0]
			sn += m * t[1]
		}
	}
	return math.Atan2(sn, cs) / 4
}

// sobelTrig[gy+4][gx+4] is the cosine and the sine of four times the
// angle of a mask's gradient (gx, gy), as edgeAngle weighs it.
var sobelTrig = func() (t [9][9][2]float64) {
	for gy := -4; gy <= 4; gy++ {
		for gx := -4; gx <= 4; gx++ {
			a := 4 * math.Atan2(float64(gy), float64(gx))
			t[gy+4][gx+4] = [2]float64{math.Cos(a), math.Sin(a)}
		}
	}
	return
}()

// squares fills one connected part with squares of side S (view pixels).
func (r *DiceReader) squares(label int32, x0, y0, x1, y1 int, S float64) []candidate {
	// Dominant edge angle (mod 90 degrees) of the part's outline: the
	// outline of the dice's tops (Sobel on the part's mask; pips and print
	// inside do not count).
	in := func(x, y int) float64 {
		if i := y*r.gw + x; r.labels[i] == label && r.m2[i] {
			return 1
		}
		return 0
	}
	ang := r.edgeAngle(x0, y0, x1, y1, in)
	ca, sa := math.Cos(ang), math.Sin(ang)
	// The part in the die's frame: a patch whose axes follow the angle.
	cx, cy := float64(x0+x1)/2, float64(y0+y1)/2
	half := int(math.Hypot(float64(x1-x0), float64(y1-y0))/2 + S/2 + 3)
	pn := 2*half + 1
	patch := make([]int32, pn*pn)
	at := func(a, b int) (int, int) {
		u, v := float64(a-half), float64(b-half)
		return int(math.Round(cx + u*ca - v*sa)), int(math.Round(cy + u*sa + v*ca))
	}
	// Kept pixels are 2 in the patch, weak ones 1.
	for b := 0; b < pn; b++ {
		for a := 0; a < pn; a++ {
			x, y := at(a, b)
			if x >= 0 && y >= 0 && x < r.gw && y < r.gh {
				i := y*r.gw + x
				if r.labels[i] == label && r.m2[i] {
					patch[b*pn+a] = 2
				} else if w := r.weakTo[i]; w > 0 && r.labels[w-1] == label {
					patch[b*pn+a] = 1
				}
			}
		}
	}
	si := int(math.Round(S))
	// integ sums the kept pixels, integW the patch (kept 2, weak 1).
	integ := make([]int32, (pn+1)*(pn+1))
	integW := make([]int32, (pn+1)*(pn+1))
	sum := func(t []int32, a, b, w int) int32 { // over [a, a+w) x [b, b+w)
		if a < 0 || b < 0 || a+w > pn || b+w > pn {
			return -1
		}
		W := pn + 1
		return t[(b+w)*W+a+w] - t[b*W+a+w] - t[(b+w)*W+a] + t[b*W+a]
	}
	box := func(a, b, w int) int32 { return sum(integ, a, b, w) }
	var out []candidate
	var placed [][2]int
	// Every placement's sums of kept pixels (boxK) and of the patch
	// (boxW), np x np of them, and each row's largest. A square placed
	// clears its pixels from row bb down: the integrals above it, and
	// the placements whose rows all lie above it, are as they were, and
	// are not summed again (from: the first patch row changed).
	np := max(0, pn-si+1)
	// (Kept by the reader between parts and reads: every cell is written
	// before it is read.)
	if need := 2*np*np + 2*np; cap(r.boxBuf) < need {
		r.boxBuf = make([]int32, need)
	}
	buf := r.boxBuf[:2*np*np+2*np]
	boxK, boxW := buf[:np*np], buf[np*np:2*np*np]
	rowMaxK, rowMaxW := buf[2*np*np:2*np*np+np], buf[2*np*np+np:]
	from := 0
	for len(out) < 12 {
		W := pn + 1
		for b := from; b < pn; b++ {
			row, rowW := int32(0), int32(0)
			for a := 0; a < pn; a++ {
				v := patch[b*pn+a]
				row += v >> 1
				rowW += v
				integ[(b+1)*W+a+1] = integ[b*W+a+1] + row
				integW[(b+1)*W+a+1] = integW[b*W+a+1] + rowW
			}
		}
		for b := max(0, from-si+1); b < np; b++ {
			t0, t1 := integ[b*W:(b+1)*W], integ[(b+si)*W:(b+si+1)*W]
			u0, u1 := integW[b*W:(b+1)*W], integW[(b+si)*W:(b+si+1)*W]
			bk, bw := boxK[b*np:(b+1)*np], boxW[b*np:(b+1)*np]
			mk, mw := int32(0), int32(0)
			for a := range bk {
				k := t1[a+si] - t0[a+si] - t1[a] + t0[a]
				kw := u1[a+si] - u0[a+si] - u1[a] + u0[a]
				bk[a], bw[a] = k, kw
				mk, mw = max(mk, k), max(mw, kw)
			}
			rowMaxK[b], rowMaxW[b] = mk, mw
		}
		best, bestW := int32(0), int32(0)
		for b := range rowMaxK {
			best, bestW = max(best, rowMaxK[b]), max(bestW, rowMaxW[b])
		}
		// A top the sweep took a strip of may not fill a square with kept
		// pixels: its weak pixels then count half, and say on which side
		// the strip lies (a square full enough of kept pixels is placed as
		// it was, the weak pixels only choosing among the fullest).
		weighted := float64(best) < 0.55*S*S
		top := best
		if weighted {
			top = bestW / 2
		}
		if float64(top) < 0.55*S*S {
			break
		}
		// Among the (near) fullest placements, the one with the sharpest
		// outline: between two touching dice, a square straddling both is as
		// full as either die, but its sides cross faces instead of edges.
		// Weak pixels inside add to it: where the fullest placements reach
		// past a top, over the floor or over a strip the sweep took.
		ba, bb, bscore := -1, -1, -1.0
		for b := 0; b < np; b++ {
			for a := 0; a < np; a++ {
				k, kw := boxK[b*np+a], boxW[b*np+a]
				f := k
				if weighted {
					f = kw / 2
				}
				if float64(f) < float64(top)*0.96 {
					continue
				}
				inner := box(a+2, b+2, si-4)
				outer := box(a-2, b-2, si+4)
				sc := float64(best)
				if inner >= 0 && outer >= 0 {
					ring := float64(outer - k)
					sc = float64(inner)/float64((si-4)*(si-4)) - ring/float64((si+4)*(si+4)-si*si)
				}
				if weighted {
					sc += 0.5 * float64(kw-2*k) / float64(si*si)
				}
				if sc > bscore {
					ba, bb, bscore = a, b, sc
				}
			}
		}
		kept := box(ba, bb, si)
		if weighted && float64(kept) < 0.25*S*S {
			// Weak pixels are a top's only next to its kept part: a square
			// mostly of them is a side.
			break
		}
		ring := int32(0)
		if o := box(ba-si/3, bb-si/3, si+2*(si/3)); o >= 0 {
			ring = o - kept
		}
		for b := bb; b < bb+si; b++ {
			for a := ba; a < ba+si; a++ {
				patch[b*pn+a] = 0
			}
		}
		placed = append(placed, [2]int{ba, bb})
		from = bb
		fa, fb := float64(ba)+float64(si-1)/2, float64(bb)+float64(si-1)/2
		u, v := fa-float64(half), fb-float64(half)
		out = append(out, candidate{
			c:     board.Point{X: cx + u*ca - v*sa + 0.5, Y: cy + u*sa + v*ca + 0.5},
			angle: ang, angle0: ang,
			fill:  float64(kept) / float64(si*si),
			spill: float64(ring) / float64(si*si),
		})
	}
	// What no square took: a large leftover is a die of its own that fits
	// no flat square (cocked); it is reported, and is not its neighbours'
	// spill. (Kept pixels only: weak ones are a side's or a strip's.) A
	// smaller one may be the top of a die nearly the floor's colour
	// joined to the dice it touches (smallLeftover): judged as a leftover,
	// but not counted among the part's dice.
	seen := make([]bool, pn*pn)
	small := 0
	var stack []int
	for s0 := range patch {
		if patch[s0] != 2 || seen[s0] {
			continue
		}
		seen[s0] = true
		stack = append(stack[:0], s0)
		var part []int
		for len(stack) > 0 {
			p := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			part = append(part, p)
			a, b := p%pn, p/pn
			for _, q := range [4][2]int{{a - 1, b}, {a + 1, b}, {a, b - 1}, {a, b + 1}} {
				if q[0] < 0 || q[1] < 0 || q[0] >= pn || q[1] >= pn {
					continue
				}
				if j := q[1]*pn + q[0]; patch[j] == 2 && !seen[j] {
					seen[j] = true
					stack = append(stack, j)
				}
			}
		}
		if float64(len(part)) < smallLeftover*S*S {
			continue
		}
		var ma, mb float64
		for _, p := range part {
			ma += float64(p % pn)
			mb += float64(p / pn)
		}
		ma, mb = ma/float64(len(part)), mb/float64(len(part))
		if float64(len(part)) < 0.45*S*S {
			// A side or strip of a die placed lies against its square;
			// another die's top a die's width from its centre.
			near := len(out) == 0
			for _, q := range placed {
				if q[0] >= 0 && math.Hypot(ma-(float64(q[0])+float64(si-1)/2), mb-(float64(q[1])+float64(si-1)/2)) < smallLeftoverFar*S {
					near = true
				}
			}
			if near {
				continue
			}
			small++
		}
		for _, p := range part {
			patch[p] = 0
		}
		u, v := ma-float64(half), mb-float64(half)
		out = append(out, candidate{c: board.Point{X: cx + u*ca - v*sa + 0.5, Y: cy + u*sa + v*ca + 0.5}, angle: ang, angle0: ang, fill: 0, spill: 1, leftover: true})
		placed = append(placed, [2]int{-1, -1})
	}
	// The part holds as many dice as squares and leftovers: a square
	// beside a leftover is one of touching dice (dice_wide.go).
	for k := range out {
		out[k].group = len(out) - small
	}
	// Spill counted before a neighbour was placed includes the neighbour:
	// recount it against what is left (the parts no square took), side by
	// side. A cocked die shows one of its sides beside its top, on the side
	// away from what it leans on; a flat die shows none, but for what the
	// sweep left of its sides toward the camera: that side is not counted.
	for k := range out {
		ba, bb := placed[k][0], placed[k][1]
		if ba < 0 {
			continue
		}
		var toCam board.Point
		if H := r.pose.Height; !math.IsInf(H, 0) {
			p := r.viewMM(out[k].c.X, out[k].c.Y)
			if d := r.pose.Nadir.Sub(p); d.Len()*r.h0/H > 0.5 {
				toCam = d.Scale(1 / d.Len())
			}
		}
		var sides [4]int // -a, +a, -b, +b
		e := si / 3
		for b := bb - e; b < bb+si+e; b++ {
			for a := ba - e; a < ba+si+e; a++ {
				// Blur widens every die by a pixel or two: only what lies
				// beyond that counts.
				if a < 0 || b < 0 || a >= pn || b >= pn || (a >= ba-3 && a < ba+si+3 && b >= bb-3 && b < bb+si+3) || patch[b*pn+a] != 2 {
					continue
				}
				switch {
				case a < ba-3:
					sides[0]++
				case a >= ba+si+3:
					sides[1]++
				case b < bb-3:
					sides[2]++
				default:
					sides[3]++
				}
			}
		}
		normals := [4]board.Point{{X: -ca, Y: -sa}, {X: ca, Y: sa}, {X: sa, Y: -ca}, {X: -sa, Y: ca}}
		worst := 0
		for i, n := range sides {
			if n > worst && normals[i].Dot(toCam) < 0.5 {
				worst = n
			}
		}
		out[k].spill = float64(worst) / float64(si*si)
	}
	return out
}

// smallLeftover is the least share of a die's top (kept pixels) that a
// leftover of a part must hold to be judged. A red die on the red felt
// touching white dice (tuning seed 988) stands out from the felt only on
// its lit half, joined to the white dice's part: no square is full enough
// there (0.37 of a die, 0.43 with the weak pixels at half) and the
// leftover holds 0.41, under the 0.45 a leftover needed; its pips are
// another die's print to the print search, being next to the white dice.
// Judged as a leftover it reads a clear 5 where it lies. A leftover is
// read only when its face reads clearly (judge), and is reported nowhere
// otherwise.
const smallLeftover = 0.3

// smallLeftoverFar is how far (in die sizes) from the centre of every
// square placed in its part a small leftover must lie to be judged: a
// side or a strip of a die placed lies against its square, its centre
// 0.5-0.6 of a die from the square's (tuning seeds: a black 1 made up
// there, a cocked red die read as a 1, a flat learned die whose read
// moved), another die's top further (0.89-0.95 for the three dice it
// reads).
const smallLeftoverFar = 0.85

// mulH is the homography a∘b (b applied first).
func mulH(a, b board.Homography) board.Homography {
	var m board.Homography
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				m[3*i+j] += a[3*i+k] * b[3*k+j]
			}
		}
	}
	return m
}
