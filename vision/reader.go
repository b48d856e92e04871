//go:build cgo && !novision

package vision

import (
	"errors"
	"fmt"
	"image"
	"math"
	"time"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/cv"
)

// Options tune a Reader.
type Options struct {
	// Empty is a photograph of the empty board from the same camera under
	// the same light; optional. With it, printed icons and borders vanish
	// from the comparison and dark cubes on dark print are found.
	Empty image.Image
	// PxPerMM is the resolution of the top-down board image the reader
	// works on; default 3.
	PxPerMM float64
	// Focal is the camera's focal length in pixels at the frame's size,
	// when known (the camera module's lens); 0: a 62° field of view is
	// assumed (board.DefaultFocal). It is used only where the four
	// corners cannot tell it, a camera looking nearly straight down:
	// there they give only the ratio of focal length to height, and a
	// wrong focal length misplaces the camera's height and with it the
	// parallax correction of every cube (a cube balanced on a border was
	// then read about 2 mm into the zone beside it).
	Focal float64
}

// Reader reads cubes from frames of one calibrated camera. It is not safe
// for concurrent use.
type Reader struct {
	core
	corners board.Corners
	toWarp  board.Homography
	// toWarpMap is toWarp's warp computed once (where each top-down pixel
	// comes from in the frame): the calibration fixes it, so a frame is
	// only remapped, not warped from scratch (cv.PerspectiveMap).
	toWarpMap *cv.PerspectiveMap
	toImg     board.Homography // board mm -> image px
	imgW      int
	imgH      int
	// The board's shift found in the last read (a knocked camera): the
	// overlay draws where the cubes are in the frame, not where the
	// calibration put the board.
	shift   shiftField
	shifted bool
	focal   float64 // Options.Focal
}

// NewReader makes a reader for a layout, a palette and the board's four
// image corners (top-left, top-right, bottom-right, bottom-left).
func NewReader(l *board.Layout, p *board.Palette, c board.Corners, o Options) (*Reader, error) {
	if l == nil || p == nil {
		return nil, errors.New("vision: a layout and a palette are needed")
	}
	if err := c.Validate(); err != nil {
		return nil, err
	}
	if o.PxPerMM == 0 {
		o.PxPerMM = 3
	}
	if o.PxPerMM < 0.5 || o.PxPerMM > 10 {
		return nil, fmt.Errorf("vision: %g px per mm is out of range [0.5, 10]", o.PxPerMM)
	}
	if o.Focal < 0 || math.IsNaN(o.Focal) || math.IsInf(o.Focal, 0) {
		return nil, fmt.Errorf("vision: a focal length of %g px is not possible", o.Focal)
	}
	r := &Reader{core: newCore(l, p, o.PxPerMM), corners: c, focal: o.Focal}
	if r.ww*r.wh > 4e6 {
		return nil, fmt.Errorf("vision: a %gx%g mm board at %g px/mm is too large", l.Width, l.Height, r.s)
	}
	bc := [4]board.Point{{}, {X: l.Width}, {X: l.Width, Y: l.Height}, {Y: l.Height}}
	var err error
	if r.toImg, err = board.HomographyFrom4(bc, [4]board.Point(c)); err != nil {
		return nil, fmt.Errorf("corners: %v", err)
	}
	var wc [4]board.Point
	for i, b := range bc {
		wc[i] = r.boardToWarp(b)
	}
	if r.toWarp, err = board.HomographyFrom4([4]board.Point(c), wc); err != nil {
		return nil, fmt.Errorf("corners: %v", err)
	}
	if r.toWarpMap, err = cv.NewPerspectiveMap(r.toWarp, r.ww, r.wh); err != nil {
		return nil, fmt.Errorf("corners: %v", err)
	}
	if o.Empty != nil {
		m, err := matFromImage(o.Empty)
		if err != nil {
			return nil, fmt.Errorf("empty board: %v", err)
		}
		if err := r.setFrameSize(m.W, m.H); err != nil {
			return nil, fmt.Errorf("empty board: %v", err)
		}
		px, err := r.warp(m)
		if err != nil {
			return nil, fmt.Errorf("empty board: %v", err)
		}
		// The read's buffers are reused by every read: what is kept of
		// the empty board is copied out of them.
		r.refPx = append([]byte(nil), px...)
		px = r.refPx
		r.refBG = append([]float32(nil), r.background(px, refPct)...)
		if k := r.printShade(px, sliceGain(r.refBG, r.ww), r.borders, nominalBorderGRef); k != 1 {
			scaleGain(r.refBG, k)
		}
		lab, err := r.correct(px, r.refBG)
		if err != nil {
			return nil, fmt.Errorf("empty board: %v", err)
		}
		r.refLab = append([]byte(nil), lab...)
	}
	return r, nil
}

// Close does nothing now that a reader holds no OpenCV memory (every
// image it works on is Go's); it stays so callers need not change.
func (r *Reader) Close() {}

// frameAt is where board point p (mm) appears in the last frame read: the
// calibration's homography, after the shift the read found.
func (r *Reader) frameAt(p board.Point) board.Point {
	if r.shifted {
		w := r.boardToWarp(p)
		dx, dy := r.shift.at(w.X, w.Y)
		p = r.warpToBoard(w.X+dx, w.Y+dy)
	}
	return r.toImg.Apply(p)
}

// Layout returns the reader's layout.
func (r *Reader) Layout() *board.Layout { return r.layout }

// Corners returns the reader's calibration corners.
func (r *Reader) Corners() board.Corners { return r.corners }

func (r *Reader) setFrameSize(w, h int) error {
	if w == r.imgW && h == r.imgH {
		return nil
	}
	if err := r.corners.Inside(w, h); err != nil {
		return err
	}
	if r.refBG != nil {
		return fmt.Errorf("the frame is %dx%d but the empty board was %dx%d", w, h, r.imgW, r.imgH)
	}
	r.imgW, r.imgH = w, h
	r.pose = board.EstimatePose(r.toImg, w, h)
	r.place = board.CameraPose{}
	if r.focal > 0 {
		r.place = board.EstimatePoseFocal(r.toImg, w, h, r.focal)
	}
	r.borders = r.samples()
	return nil
}

// warp maps a BGR frame to the top-down board image (r.ww x r.wh BGR
// pixels, the reader's buffer: the next read overwrites it).
func (r *Reader) warp(frame cv.Image) ([]byte, error) {
	r.buf.flat = grow(r.buf.flat, r.ww*r.wh*3)
	flat := cv.Image{W: r.ww, H: r.wh, C: 3, Pix: r.buf.flat}
	if err := cv.Remap(flat, frame, r.toWarpMap, cv.BorderReplicate, colorBlack); err != nil {
		return nil, fmt.Errorf("warp failed: %v", err)
	}
	return r.blurWarped()
}

// blurWarped blurs the warped image (r.buf.flat) into r.buf.warped and
// returns it.
func (r *Reader) blurWarped() ([]byte, error) {
	n := r.ww * r.wh * 3
	r.buf.warped = grow(r.buf.warped, n)
	flat := cv.Image{W: r.ww, H: r.wh, C: 3, Pix: r.buf.flat[:n]}
	// A light blur: sensor noise on dark cubes otherwise scatters their hue.
	out := cv.Image{W: r.ww, H: r.wh, C: 3, Pix: r.buf.warped}
	if err := cv.GaussianBlur(out, flat, 3, 0, cv.BorderReplicate); err != nil {
		return nil, fmt.Errorf("warp failed: %v", err)
	}
	return out.Pix, nil
}

// matFromImage converts any image to an 8-bit BGR image.
func matFromImage(img image.Image) (cv.Image, error) {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	if w < 16 || h < 16 || w > 10000 || h > 10000 {
		return cv.Image{}, fmt.Errorf("image size %dx%d is out of range", w, h)
	}
	buf := make([]byte, w*h*3)
	switch im := img.(type) {
	case *image.RGBA:
		for y := 0; y < h; y++ {
			row := im.Pix[(y)*im.Stride:]
			for x := 0; x < w; x++ {
				i, o := x*4, (y*w+x)*3
				buf[o], buf[o+1], buf[o+2] = row[i+2], row[i+1], row[i]
			}
		}
	default:
		for y := 0; y < h; y++ {
			for x := 0; x < w; x++ {
				cr, cg, cb, _ := img.At(b.Min.X+x, b.Min.Y+y).RGBA()
				o := (y*w + x) * 3
				buf[o], buf[o+1], buf[o+2] = uint8(cb>>8), uint8(cg>>8), uint8(cr>>8)
			}
		}
	}
	return cv.Image{W: w, H: h, C: 3, Pix: buf}, nil
}

// ReadImage reads an image (any Go image).
func (r *Reader) ReadImage(img image.Image) (Result, error) {
	t0 := time.Now()
	if f, ok := rgbaFrame(img); ok {
		// The camera's and the renderer's frames: warped as they are.
		ds, err := r.detectIn(r.topDownRGBA(f))
		if err != nil {
			return Result{}, err
		}
		res := decide(r.layout, ds)
		res.ElapsedMS = float64(time.Since(t0).Microseconds()) / 1000
		return res, nil
	}
	m, err := matFromImage(img)
	if err != nil {
		return Result{}, err
	}
	res, err := r.Read(m)
	res.ElapsedMS = float64(time.Since(t0).Microseconds()) / 1000
	return res, err
}

// rgbaFrame returns an RGBA image's pixels as a 4-channel frame, without
// a copy, when they are laid out as one (no padding, at the origin) and
// matFromImage would take its size.
func rgbaFrame(img image.Image) (cv.Image, bool) {
	im, ok := img.(*image.RGBA)
	if !ok || im.Rect.Min != (image.Point{}) {
		return cv.Image{}, false
	}
	w, h := im.Rect.Dx(), im.Rect.Dy()
	if w < 16 || h < 16 || w > 10000 || h > 10000 || im.Stride != 4*w || len(im.Pix) < 4*w*h {
		return cv.Image{}, false
	}
	return cv.Image{W: w, H: h, C: 4, Pix: im.Pix[:4*w*h]}, true
}

// topDownRGBA is topDown for an RGBA frame (rgbaFrame). Converting the
// whole frame to BGR first (matFromImage) cost more than the rest of the
// warp: the frame is warped with its four channels, and only the small
// top-down image is turned into BGR before the blur. Bilinear warping
// works on each channel alone, so this is the same image.
func (r *Reader) topDownRGBA(frame cv.Image) ([]byte, error) {
	if err := frame.Check(); err != nil {
		return nil, fmt.Errorf("unsupported frame: %v", err)
	}
	if err := r.setFrameSize(frame.W, frame.H); err != nil {
		return nil, err
	}
	n := r.ww * r.wh
	r.buf.flat4 = grow(r.buf.flat4, n*4)
	flat4 := cv.Image{W: r.ww, H: r.wh, C: 4, Pix: r.buf.flat4}
	if err := cv.Remap(flat4, frame, r.toWarpMap, cv.BorderReplicate, colorBlack); err != nil {
		return nil, fmt.Errorf("warp failed: %v", err)
	}
	// The shuffle to BGR is OpenCV's (vectorised): a Go loop over the
	// bytes cost a third as much as the warp itself.
	r.buf.flat = grow(r.buf.flat, n*3)
	if err := cv.CvtColor(cv.Image{W: r.ww, H: r.wh, C: 3, Pix: r.buf.flat}, flat4, cv.ColorRGBAToBGR); err != nil {
		return nil, fmt.Errorf("warp failed: %v", err)
	}
	return r.blurWarped()
}

// Read reads one BGR frame (8-bit, 1, 3 or 4 channels).
func (r *Reader) Read(frame cv.Image) (Result, error) {
	t0 := time.Now()
	ds, err := r.detect(frame)
	if err != nil {
		return Result{}, err
	}
	res := decide(r.layout, ds)
	res.ElapsedMS = float64(time.Since(t0).Microseconds()) / 1000
	return res, nil
}

// bgr returns frame as an 8-bit 3-channel image, checking what OpenCV
// would otherwise refuse. A 3-channel frame is returned as it is unless
// fresh is set (the caller draws on the result).
func bgr(frame cv.Image, fresh bool) (cv.Image, error) {
	if frame.W*frame.H == 0 || len(frame.Pix) == 0 {
		return cv.Image{}, errors.New("the frame is empty")
	}
	if frame.W < 16 || frame.H < 16 {
		return cv.Image{}, fmt.Errorf("the frame is only %dx%d", frame.W, frame.H)
	}
	if err := frame.Check(); err != nil {
		return cv.Image{}, fmt.Errorf("unsupported frame: %v", err)
	}
	var code cv.ColorCode
	switch frame.C {
	case 3:
		if !fresh {
			return frame, nil
		}
		return cv.Image{W: frame.W, H: frame.H, C: 3, Pix: append([]byte(nil), frame.Pix...)}, nil
	case 4:
		code = cv.ColorBGRAToBGR
	case 1:
		code = cv.ColorGrayToBGR
	}
	out := cv.NewImage(frame.W, frame.H, 3)
	if err := cv.CvtColor(out, frame, code); err != nil {
		return cv.Image{}, err
	}
	return out, nil
}

// topDown warps a camera frame to the top-down board image the reader
// works on, and returns its BGR pixels (the reader's buffer, see warp).
func (r *Reader) topDown(frame cv.Image) ([]uint8, error) {
	f, err := bgr(frame, false)
	if err != nil {
		return nil, err
	}
	if err := r.setFrameSize(f.W, f.H); err != nil {
		return nil, err
	}
	return r.warp(f)
}

// detect finds the cubes: warp to a top-down board image, correct the light
// against the board (or the empty reference), classify each pixel by the
// nearest palette colour, group pixels into blobs per colour, and split
// blobs by the expected size of one cube.
func (r *Reader) detect(frame cv.Image) ([]detection, error) {
	return r.detectIn(r.topDown(frame))
}

// detectIn is detect once the frame is warped (px, err: topDown's).
func (r *Reader) detectIn(px []byte, err error) ([]detection, error) {
	if err != nil {
		return nil, err
	}
	// A knocked camera: move the board image back under the layout.
	r.shift, r.shifted = r.alignment(px, r.borders)
	if r.shifted {
		r.shiftImage(px, r.shift)
	}
	var light *lightField
	var over []bool
	if r.refBG != nil {
		light = r.lightChange(px)
	} else {
		light, over = r.noRefLight(px)
	}
	lab, err := r.correctField(px, light)
	if err != nil {
		return nil, err
	}
	cls := r.classify(lab)
	if r.refLab == nil {
		r.castLook(cls, lab, over)
	}
	r.clearHull(cls)
	clearOver(cls, over)
	return r.blobs(cls, lab), nil
}

// correct divides the light out of a warped image (gain, from background,
// maps the board's colour under that light to NominalBoard) and returns it
// in Lab (the reader's buffer: the next call overwrites it).
func (r *Reader) correct(px []byte, bg []float32) ([]byte, error) {
	n := r.ww * r.wh * 3
	r.buf.norm = grow(r.buf.norm, n)
	normalizeInto(r.buf.norm, px, bg)
	return r.toLab()
}

// correctField is correct with the gain of a light field, taken row by
// row as the image is corrected: the whole gain (three floats a pixel)
// is never stored and read back.
func (r *Reader) correctField(px []byte, f *lightField) ([]byte, error) {
	r.buf.norm = grow(r.buf.norm, r.ww*r.wh*3)
	if err := normalizeField(r.buf.norm, px, f, r.wh); err != nil {
		return nil, err
	}
	return r.toLab()
}

// normalizeField writes the h rows of px corrected by the field's gain
// into norm: normRow's bytes, computed by cv.NormalizeRow four pixels at
// a time (normRow, in Go, divided one float at a time: the largest share
// of a read's Go code).
func normalizeField(norm, px []byte, f *lightField, h int) error {
	w := f.ww * 3
	g := cv.RowGain{Cells: f.row, X0: f.x0s, X1: f.x1s, T: f.txs, Ends: f.ends, NB: f.nb, K: f.k}
	for y := 0; y < h; y++ {
		f.rowBlend(y)
		if f.logRatio {
			g.Ref = f.refBG[y*w : (y+1)*w]
		}
		if err := cv.NormalizeRow(norm[y*w:(y+1)*w], px[y*w:(y+1)*w], &g); err != nil {
			return err
		}
	}
	return nil
}

// toLab converts the corrected image (r.buf.norm) to Lab.
func (r *Reader) toLab() ([]byte, error) {
	r.buf.lab = grow(r.buf.lab, r.ww*r.wh*3)
	norm := cv.Image{W: r.ww, H: r.wh, C: 3, Pix: r.buf.norm}
	lab := cv.Image{W: r.ww, H: r.wh, C: 3, Pix: r.buf.lab}
	if err := cv.CvtColor(lab, norm, cv.ColorBGRToLab); err != nil {
		return nil, err
	}
	return lab.Pix, nil
}
