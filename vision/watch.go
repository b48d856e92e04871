package vision

import (
	"context"
	"errors"
	"image"
	"math"
	"time"
)

// Source is a stream of camera frames: a live camera (OpenCamera), a video
// file, or the simulated camera of package synth.
type Source interface {
	// Next blocks until the next frame, or until ctx is done.
	Next(ctx context.Context) (image.Image, error)
}

// FrameReader reads one frame; *Reader is one.
type FrameReader interface {
	ReadImage(img image.Image) (Result, error)
}

// WatchOptions tune a Watcher; the zero value is the default.
type WatchOptions struct {
	// Motion is the change of brightness (0-255) of one sample point between
	// two frames that counts as movement there; default 20. Sensor noise
	// stays below it; a cube passing does not.
	Motion float64
	// MinChanged is how many of the 160x120 sample points must change for
	// the frame to count as moving; default 3.
	MinChanged int
	// StillFrames is how many frames in a row must be still before the read;
	// default 5 (a sixth of a second at 30 fps).
	StillFrames int
	// Region is the part of the frame to watch (the board's bounding box);
	// default the whole frame.
	Region image.Rectangle
}

// Settled is one read per drop, with the frame it came from.
type Settled struct {
	Result Result
	// Frame is the frame read. A source that recycles its buffers (as the
	// camera service's pump does) may reuse it once the watcher has taken
	// its next frame: copy it to keep it.
	Frame image.Image
	At    time.Time
	// Hinted tells whether the drop sensor announced this drop.
	Hinted bool
}

// Watcher follows a frame source, notices a drop (motion, or a hint from the
// tower's drop sensor), waits until nothing moves, then reads once.
type Watcher struct {
	src  Source
	rd   FrameReader
	opt  WatchOptions
	hint chan struct{}
}

// withDefaults fills in the zero fields of o.
func (o WatchOptions) withDefaults() WatchOptions {
	if o.Motion <= 0 {
		o.Motion = 20
	}
	if o.MinChanged <= 0 {
		o.MinChanged = 3
	}
	if o.StillFrames <= 0 {
		o.StillFrames = 5
	}
	return o
}

// NewWatcher makes a watcher over src that reads settled frames with rd.
func NewWatcher(src Source, rd FrameReader, o WatchOptions) *Watcher {
	return &Watcher{src: src, rd: rd, opt: o.withDefaults(), hint: make(chan struct{}, 1)}
}

// Motion tells whether a stream of frames moves: each frame is compared
// with the one before over a 160x120 grid of brightness samples of the
// options' Region, with their Motion and MinChanged thresholds. The Watcher
// uses it to see a drop; anything else that must wait for a still board
// (a calibration step) uses the same measure.
type Motion struct {
	opt WatchOptions
	// prev and cur are the 160x120 brightness thumbnails of the last two
	// frames, swapped at every frame so a stream costs no allocation.
	prev, cur []float32
	seen      bool
}

// NewMotion makes a motion meter with o's thresholds (defaults as for a
// Watcher).
func NewMotion(o WatchOptions) *Motion { return &Motion{opt: o.withDefaults()} }

// Moved reports whether img differs from the frame given before it. The
// first frame has nothing to differ from: false.
func (m *Motion) Moved(img image.Image) bool {
	m.cur = thumb(m.cur[:0], img, m.opt.Region)
	moved := m.seen && len(m.prev) == len(m.cur) && changed(m.prev, m.cur, m.opt.Motion) >= m.opt.MinChanged
	m.prev, m.cur, m.seen = m.cur, m.prev, true
	return moved
}

// DropStarted tells the watcher that cubes are falling (the tower's drop
// sensor fired). It never blocks. The watcher then reads once the board is
// still, even if the fall itself was too quick to be seen moving.
func (w *Watcher) DropStarted() {
	select {
	case w.hint <- struct{}{}:
	default:
	}
}

// Run follows the source until ctx is done or the source fails, sending one
// Settled per drop on out. A read that fails is skipped (the drop is then
// left for a person to enter); Run returns the source's error, or nil when
// ctx ends.
func (w *Watcher) Run(ctx context.Context, out chan<- Settled) error {
	motion := NewMotion(w.opt)
	moving, hinted := false, false
	still := 0
	for {
		img, err := w.src.Next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			return err
		}
		select {
		case <-w.hint:
			moving, hinted, still = true, true, 0
		default:
		}
		switch {
		case motion.Moved(img):
			moving, still = true, 0
		case moving:
			still++
		}
		if moving && still >= w.opt.StillFrames {
			moving, still = false, 0
			res, err := w.rd.ReadImage(img)
			h := hinted
			hinted = false
			if err != nil {
				continue
			}
			select {
			case out <- Settled{Result: res, Frame: img, At: time.Now(), Hinted: h}:
			case <-ctx.Done():
				return nil
			}
		}
	}
}

// thumb appends to out the brightness of a 160x120 grid of samples over
// the region: the small image the motion check compares.
func thumb(out []float32, img image.Image, region image.Rectangle) []float32 {
	b := img.Bounds()
	if !region.Empty() {
		b = region.Intersect(b)
	}
	const gw, gh = 160, 120
	if b.Empty() {
		return out
	}
	rgba, _ := img.(*image.RGBA)
	for gy := 0; gy < gh; gy++ {
		y := b.Min.Y + (2*gy+1)*b.Dy()/(2*gh)
		for gx := 0; gx < gw; gx++ {
			x := b.Min.X + (2*gx+1)*b.Dx()/(2*gw)
			var r, g, bb uint32
			if rgba != nil {
				i := rgba.PixOffset(x, y)
				r, g, bb = uint32(rgba.Pix[i]), uint32(rgba.Pix[i+1]), uint32(rgba.Pix[i+2])
			} else {
				cr, cg, cb, _ := img.At(x, y).RGBA()
				r, g, bb = cr>>8, cg>>8, cb>>8
			}
			out = append(out, float32(r*299+g*587+bb*114)/1000)
		}
	}
	return out
}

// changed counts the sample points whose brightness moved more than th.
func changed(a, b []float32, th float64) int {
	n := 0
	for i := range a {
		if math.Abs(float64(a[i]-b[i])) > th {
			n++
		}
	}
	return n
}

// ErrClosed is returned by a source that has been closed.
var ErrClosed = errors.New("vision: source closed")
