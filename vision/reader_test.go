//go:build cgo && !novision

package vision

import (
	"image"
	"math"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/cv"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// pixelsChanged counts the pixels that differ between two BGR images.
func pixelsChanged(t *testing.T, a, b cv.Image) int {
	t.Helper()
	diff := cv.NewImage(a.W, a.H, 3)
	gray := cv.NewImage(a.W, a.H, 1)
	if err := cv.AbsDiff(diff, a, b); err != nil {
		t.Fatal(err)
	}
	if err := cv.CvtColor(gray, diff, cv.ColorBGRToGray); err != nil {
		t.Fatal(err)
	}
	n, err := cv.CountNonZero(gray)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestReadEmptyBoardFindsNothing(t *testing.T) {
	s := synth.Random(42, synth.Options{W: 480, H: 360})
	s.Cubes = nil
	img := synth.Render(s)
	for _, ref := range []bool{false, true} {
		o := Options{}
		if ref {
			o.Empty = synth.RenderEmpty(s)
		}
		r, err := NewReader(s.Layout, s.Palette, s.Corners(), o)
		if err != nil {
			t.Fatal(err)
		}
		res, err := r.ReadImage(img)
		r.Close()
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Cubes)+len(res.Redrop) != 0 {
			t.Errorf("reference %v: an empty board reads as %+v %+v", ref, res.Cubes, res.Redrop)
		}
	}
}

func TestReadRefusesBadInput(t *testing.T) {
	l, p := board.DefaultLayout(), board.DefaultPalette()
	c, _ := board.ParseCorners("10,10;300,10;300,200;10,200")
	r, err := NewReader(l, p, c, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	if _, err := r.Read(cv.Image{}); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty frame: %v", err)
	}
	small := image.NewRGBA(image.Rect(0, 0, 200, 150))
	if _, err := r.ReadImage(small); err == nil || !strings.Contains(err.Error(), "outside") {
		t.Errorf("corners outside the frame: %v", err)
	}
	if _, err := r.Read(cv.NewImage(320, 240, 2)); err == nil {
		t.Error("a two-channel frame was read")
	}
	short := cv.NewImage(320, 240, 3)
	short.Pix = short.Pix[:100]
	if _, err := r.Read(short); err == nil {
		t.Error("a frame shorter than its size was read")
	}
	if _, err := NewReader(l, p, board.Corners{{X: 10, Y: 10}, {X: 10, Y: 200}, {X: 300, Y: 200}, {X: 300, Y: 10}}, Options{}); err == nil {
		t.Error("corners in the wrong order were accepted")
	}
	for _, f := range []float64{-1, math.NaN(), math.Inf(1)} {
		if _, err := NewReader(l, p, c, Options{Focal: f}); err == nil {
			t.Errorf("a focal length of %g px was accepted", f)
		}
	}
	ref, err := NewReader(l, p, c, Options{Empty: image.NewRGBA(image.Rect(0, 0, 320, 240))})
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	if _, err := ref.ReadImage(image.NewRGBA(image.Rect(0, 0, 640, 480))); err == nil {
		t.Error("a frame of another size than the empty board was read")
	}
}

func TestOverlayDrawsCubes(t *testing.T) {
	s := synth.Random(8, synth.Options{W: 480, H: 360, Clean: true})
	img := synth.Render(s)
	r, err := NewReader(s.Layout, s.Palette, s.Corners(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	m, _ := matFromImage(img)
	res, err := r.Read(m)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Cubes) == 0 {
		t.Fatal("no cubes read on a clean scene")
	}
	d, err := r.DrawOverlay(m, res)
	if err != nil {
		t.Fatal(err)
	}
	if n := pixelsChanged(t, m, d); n < 100*len(res.Cubes) {
		t.Errorf("the overlay changed only %d pixels for %d cubes", n, len(res.Cubes))
	}
	for _, ext := range []string{".png", ".jpg"} {
		b, err := r.Overlay(m, res, ext)
		if err != nil || len(b) < 1000 {
			t.Errorf("overlay %s: %d bytes, %v", ext, len(b), err)
		}
	}
	if _, err := r.Overlay(m, res, ".gif"); err == nil {
		t.Error("a .gif overlay was accepted")
	}
	b, err := r.OverlayImage(img, res, ".jpg")
	if err != nil || len(b) < 1000 || b[0] != 0xFF || b[1] != 0xD8 {
		t.Errorf("overlay of a Go image: %d bytes, %v", len(b), err)
	}
}

// An unreadable cube's overlay says what could not be decided, beside the
// cube: the words are drawn (the picture differs from one without them).
func TestOverlaySaysWhyACubeIsUnreadable(t *testing.T) {
	s := synth.Random(8, synth.Options{W: 480, H: 360, Clean: true})
	img := synth.Render(s)
	r, err := NewReader(s.Layout, s.Palette, s.Corners(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	m, _ := matFromImage(img)
	res := Result{Redrop: []Redrop{{Color: "black", XMM: 60, YMM: 60, Reason: ReasonUnreadable, Why: "1 or 2 cubes?"}}}
	with, err := r.DrawOverlay(m, res)
	if err != nil {
		t.Fatal(err)
	}
	res.Redrop[0].Why = ""
	without, err := r.DrawOverlay(m, res)
	if err != nil {
		t.Fatal(err)
	}
	if n := pixelsChanged(t, with, without); n < 150 {
		t.Errorf("the reason changed only %d pixels of the overlay", n)
	}
}

// After a read that found the camera knocked, the overlay draws a board
// point where the frame shows it, not where the calibration put it.
func TestOverlayFollowsAKnockedCamera(t *testing.T) {
	s := synth.Random(8, synth.Options{W: 480, H: 360, Clean: true})
	r, err := NewReader(s.Layout, s.Palette, s.Corners(), Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	p := board.Point{X: 50, Y: 40}
	if got, want := r.frameAt(p), r.toImg.Apply(p); got != want {
		t.Errorf("board in place: %v, want the calibration's %v", got, want)
	}
	// The read found the board's content 2 mm to the right.
	r.shift, r.shifted = shiftField{tx: 2 * r.s, cx: float64(r.ww) / 2, cy: float64(r.wh) / 2}, true
	got, want := r.frameAt(p), r.toImg.Apply(board.Point{X: 52, Y: 40})
	if math.Hypot(got.X-want.X, got.Y-want.Y) > 1e-6 {
		t.Errorf("knocked 2 mm: drawn at %v, want %v", got, want)
	}
}
