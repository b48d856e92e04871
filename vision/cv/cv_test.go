//go:build cgo && !novision

package cv

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// rect returns a gray w x h image, black with a white filled rectangle r.
func rect(w, h int, r image.Rectangle) Image {
	m := NewImage(w, h, 1)
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			m.Pix[y*w+x] = 255
		}
	}
	return m
}

func TestCvtColorConvertsPixels(t *testing.T) {
	bgr := NewImage(4, 2, 3)
	for i := 0; i < 8; i++ {
		bgr.Pix[3*i], bgr.Pix[3*i+1], bgr.Pix[3*i+2] = 10, 200, 30 // B, G, R
	}
	rgba := NewImage(4, 2, 4)
	if err := CvtColor(rgba, bgr, ColorBGRToRGBA); err != nil {
		t.Fatal(err)
	}
	if got := rgba.Pix[4:8]; got[0] != 30 || got[1] != 200 || got[2] != 10 || got[3] != 255 {
		t.Errorf("BGR (10,200,30) as RGBA: %v", got)
	}
	// And back: the reader's RGBA frames become BGR this way.
	back := NewImage(4, 2, 3)
	if err := CvtColor(back, rgba, ColorRGBAToBGR); err != nil {
		t.Fatal(err)
	}
	if got := back.Pix[3:6]; got[0] != 10 || got[1] != 200 || got[2] != 30 {
		t.Errorf("RGBA (30,200,10,255) as BGR: %v", got)
	}
	gray := NewImage(4, 2, 1)
	if err := CvtColor(gray, bgr, ColorBGRToGray); err != nil {
		t.Fatal(err)
	}
	// OpenCV's luma: 0.299 R + 0.587 G + 0.114 B.
	if want := 0.299*30 + 0.587*200 + 0.114*10; math.Abs(float64(gray.Pix[5])-want) > 1 {
		t.Errorf("gray %d, want about %.1f", gray.Pix[5], want)
	}
	lab := NewImage(4, 2, 3)
	if err := CvtColor(lab, bgr, ColorBGRToLab); err != nil {
		t.Fatal(err)
	}
	// A green: L high, a (green-red) well below 128, b (blue-yellow) above.
	if l, a, b := lab.Pix[0], lab.Pix[1], lab.Pix[2]; l < 150 || a > 80 || b < 160 {
		t.Errorf("Lab of a green: %d %d %d", l, a, b)
	}
}

func TestContoursOfARectangle(t *testing.T) {
	m := rect(80, 60, image.Rect(10, 20, 50, 45))
	cs, err := FindContours(m, RetrievalExternal, ChainApproxSimple)
	if err != nil {
		t.Fatal(err)
	}
	if len(cs) != 1 || len(cs[0]) != 4 {
		t.Fatalf("contours %v, want one of 4 corners", cs)
	}
	if a, err := ContourArea(cs[0]); err != nil || a != 39*24 {
		t.Errorf("area %g %v, want %d", a, err, 39*24)
	}
	if l, err := ArcLength(cs[0], true); err != nil || l != 2*(39+24) {
		t.Errorf("perimeter %g %v", l, err)
	}
	if r, err := BoundingRect(cs[0]); err != nil || r != image.Rect(10, 20, 50, 45) {
		t.Errorf("bounding rect %v %v", r, err)
	}
	// A square with a dent in one side simplifies back to its corners.
	dented := []image.Point{{0, 0}, {50, 0}, {50, 25}, {49, 26}, {50, 27}, {50, 50}, {0, 50}}
	if ap, err := ApproxPolyDP(dented, 3, true); err != nil || len(ap) != 4 {
		t.Errorf("simplified %v %v, want 4 corners", ap, err)
	}
	if a, err := ContourArea(nil); err != nil || a != 0 {
		t.Errorf("area of nothing %g %v", a, err)
	}
	// OpenCV asserts on a malformed list; the assertion is an error here.
	if _, err := ApproxPolyDP([]image.Point{{1, 1}}, -1, true); err == nil {
		t.Error("a negative tolerance: no error")
	}
}

func TestThresholdMorphologyAndStats(t *testing.T) {
	m := rect(40, 40, image.Rect(10, 10, 30, 30))
	m.Pix[0] = 90 // a dim speck that Otsu's threshold puts with the black
	bin := NewImage(40, 40, 1)
	th, err := Threshold(bin, m, 0, 255, ThresholdBinary|ThresholdOtsu)
	if err != nil || th < 90 || th >= 255 {
		t.Fatalf("threshold %g %v", th, err)
	}
	if n, err := CountNonZero(bin); err != nil || n != 400 {
		t.Errorf("%d white pixels %v, want 400", n, err)
	}
	// A one-pixel hole is filled by a closing.
	bin.Pix[20*40+20] = 0
	closed := NewImage(40, 40, 1)
	if err := MorphologyEx(closed, bin, MorphClose, MorphRect, 3, 3); err != nil {
		t.Fatal(err)
	}
	if closed.Pix[20*40+20] != 255 {
		t.Error("the closing left the hole")
	}
	mean, std, err := MeanStdDev(rect(10, 10, image.Rect(0, 0, 10, 5)))
	if err != nil || mean[0] != 127.5 || std[0] != 127.5 {
		t.Errorf("mean %v std %v %v", mean, std, err)
	}
}

func TestDrawingWritesIntoTheImage(t *testing.T) {
	img := NewImage(100, 60, 3)
	red := color.RGBA{255, 0, 0, 255}
	if err := Line(img, image.Pt(0, 30), image.Pt(99, 30), red, 1); err != nil {
		t.Fatal(err)
	}
	// BGR: the red line has 255 in the third byte.
	if p := img.Pix[(30*100+50)*3:]; p[0] != 0 || p[1] != 0 || p[2] != 255 {
		t.Errorf("line pixel %v", p[:3])
	}
	before := append([]byte(nil), img.Pix...)
	if err := PutText(img, "Test Isle", image.Pt(5, 20), FontHersheySimplex, 0.5, red, 1); err != nil {
		t.Fatal(err)
	}
	if err := Polylines(img, [][]image.Point{{{60, 40}, {90, 40}, {90, 55}}}, true, red, 2); err != nil {
		t.Fatal(err)
	}
	n := 0
	for i := range before {
		if before[i] != img.Pix[i] {
			n++
		}
	}
	if n < 50 {
		t.Errorf("text and polygon changed only %d bytes", n)
	}
}

func TestWarpAndBlur(t *testing.T) {
	src := NewImage(20, 20, 3)
	for i := range src.Pix {
		src.Pix[i] = byte(i % 251)
	}
	dst := NewImage(10, 10, 3)
	// The identity: the top-left 10x10 of src.
	if err := WarpPerspective(dst, src, [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}, BorderReplicate, color.RGBA{}); err != nil {
		t.Fatal(err)
	}
	for y := 0; y < 10; y++ {
		for x := 0; x < 30; x++ {
			if dst.Pix[y*30+x] != src.Pix[y*60+x] {
				t.Fatalf("identity warp differs at row %d byte %d", y, x)
			}
		}
	}
	flat := NewImage(10, 10, 3)
	for i := range flat.Pix {
		flat.Pix[i] = 77
	}
	out := NewImage(10, 10, 3)
	if err := GaussianBlur(out, flat, 3, 0, BorderReplicate); err != nil {
		t.Fatal(err)
	}
	if out.Pix[0] != 77 || out.Pix[150] != 77 {
		t.Errorf("a flat image blurred to %d, %d", out.Pix[0], out.Pix[150])
	}
	// In place, as the reader's old code did with gocv.
	if err := GaussianBlur(flat, flat, 5, 0, BorderReplicate); err != nil {
		t.Fatal(err)
	}
}

// Bad sizes and channel counts are errors, never a crash: neither Go's
// slice indexing nor an OpenCV assertion may take the process down.
func TestBadInputIsAnError(t *testing.T) {
	ok := NewImage(8, 8, 3)
	gray := NewImage(8, 8, 1)
	short := Image{W: 8, H: 8, C: 3, Pix: make([]byte, 10)}
	bad := []struct {
		name string
		err  error
	}{
		{"empty image", CvtColor(NewImage(8, 8, 4), Image{}, ColorBGRToRGBA)},
		{"short buffer", CvtColor(NewImage(8, 8, 4), short, ColorBGRToRGBA)},
		{"negative size", CvtColor(Image{W: -8, H: 8, C: 3}, ok, ColorBGRToLab)},
		{"huge size", CvtColor(NewImage(1<<16, 1, 3), ok, ColorBGRToLab)},
		{"two channels", CvtColor(ok, NewImage(8, 8, 2), ColorGrayToBGR)},
		{"wrong channels for the code", CvtColor(ok, ok, ColorBGRToGray)},
		{"unknown code", CvtColor(ok, ok, ColorCode(9999))},
		{"sizes differ", CvtColor(NewImage(4, 4, 3), ok, ColorBGRToLab)},
		{"even kernel (OpenCV's assertion)", GaussianBlur(NewImage(8, 8, 3), ok, 4, 0, BorderReplicate)},
		{"zero kernel", GaussianBlur(NewImage(8, 8, 3), ok, 0, 0, BorderReplicate)},
		{"warp channels", WarpPerspective(gray, ok, [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}, BorderReplicate, color.RGBA{})},
		{"absdiff sizes", AbsDiff(ok, ok, NewImage(4, 4, 3))},
		{"morphology element", MorphologyEx(gray, gray, MorphClose, MorphRect, 0, 3)},
		{"thick line", Line(ok, image.Point{}, image.Pt(3, 3), color.RGBA{}, 0)},
		{"point out of range", Line(ok, image.Point{}, image.Pt(math.MaxInt, 3), color.RGBA{}, 1)},
		{"text scale", PutText(ok, "x", image.Point{}, FontHersheySimplex, -1, color.RGBA{}, 1)},
		{"text on a short buffer", PutText(short, "x", image.Point{}, FontHersheySimplex, 1, color.RGBA{}, 1)},
	}
	for _, b := range bad {
		if b.err == nil {
			t.Errorf("%s: no error", b.name)
		} else if !strings.HasPrefix(b.err.Error(), "cv: ") {
			t.Errorf("%s: %v", b.name, b.err)
		}
	}
	if _, err := Threshold(NewImage(8, 8, 3), ok, 0, 255, ThresholdOtsu); err == nil {
		t.Error("Otsu on a colour image: no error")
	}
	if _, err := CountNonZero(ok); err == nil {
		t.Error("count on a colour image: no error")
	}
	if _, err := FindContours(ok, RetrievalExternal, ChainApproxSimple); err == nil {
		t.Error("contours of a colour image: no error")
	}
	if _, _, err := MeanStdDev(short); err == nil {
		t.Error("stats of a short buffer: no error")
	}
}

// FuzzImageOps hands every wrapped operation images of any declared size,
// channel count and buffer length: errors are fine, a crash is not.
func FuzzImageOps(f *testing.F) {
	f.Add(8, 8, 3, 192, 3)
	f.Add(0, 5, 1, 0, 1)
	f.Add(3, 3, 4, 35, 2)
	f.Add(1, 1, 1, 1, 4)
	f.Fuzz(func(t *testing.T, w, h, c, n, k int) {
		if n < 0 || n > 1<<16 {
			return
		}
		m := Image{W: w, H: h, C: c, Pix: make([]byte, n)}
		for i := range m.Pix {
			m.Pix[i] = byte(i * 7)
		}
		out := func(c int) Image {
			if w > 0 && h > 0 && w*h <= 1<<16 {
				return NewImage(w, h, c)
			}
			return Image{W: w, H: h, C: c}
		}
		for code := range channels {
			_ = CvtColor(out(channels[code][1]), m, code)
		}
		_ = GaussianBlur(out(c), m, k, 0, BorderReplicate)
		_ = WarpPerspective(NewImage(4, 4, max(1, min(c, 4))), m, [9]float64{1, 0, 0, 0, 1, 0, 0, 0, 1}, BorderReplicate, color.RGBA{})
		_ = AbsDiff(out(c), m, m)
		_, _ = Threshold(out(c), m, 0, 255, ThresholdBinary|ThresholdOtsu)
		_, _ = CountNonZero(m)
		_, _, _ = MeanStdDev(m)
		_ = MorphologyEx(out(c), m, MorphClose, MorphRect, k, k)
		_, _ = FindContours(m, RetrievalExternal, ChainApproxSimple)
		_ = Line(m, image.Pt(-w, k), image.Pt(w*2, h), color.RGBA{R: 200}, max(1, k%5))
		_ = PutText(m, "Test Isle", image.Pt(k, h), FontHersheySimplex, float64(k%4)+0.5, color.RGBA{G: 200}, 1)
		pts := []image.Point{{w, h}, {k, -k}, {n % 97, c}}
		_, _ = ContourArea(pts)
		_, _ = ArcLength(pts, k%2 == 0)
		_, _ = ApproxPolyDP(pts, float64(k), true)
		_, _ = BoundingRect(pts)
	})
}

// TestRemapIsWarpPerspective: a map computed once and remapped gives
// WarpPerspective's image byte for byte, for homographies like the
// reader's (a board seen at an angle, shrunk to a small top-down image)
// and a few others, with 3 and 4 channels and pixels warped from beyond
// the frame's edge.
func TestRemapIsWarpPerspective(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	src3, src4 := NewImage(320, 240, 3), NewImage(320, 240, 4)
	for i := range src3.Pix {
		src3.Pix[i] = byte(rng.IntN(256))
	}
	for i := range src4.Pix {
		src4.Pix[i] = byte(rng.IntN(256))
	}
	ms := [][9]float64{
		{1, 0, 0, 0, 1, 0, 0, 0, 1},
		{0.5, 0, -3.25, 0, 0.5, 2.5, 0, 0, 1},
	}
	for k := 0; k < 20; k++ {
		// Perspective: a shrink, a turn, a tilt and a shift.
		s, a := 0.4+rng.Float64()*0.8, rng.Float64()*0.3-0.15
		ms = append(ms, [9]float64{
			s * math.Cos(a), -s * math.Sin(a), rng.Float64()*40 - 20,
			s * math.Sin(a), s * math.Cos(a), rng.Float64()*40 - 20,
			rng.Float64()*0.002 - 0.001, rng.Float64()*0.002 - 0.001, 1,
		})
	}
	for i, m := range ms {
		for _, w := range []int{200, 137} {
			pm, err := NewPerspectiveMap(m, w, 150)
			if err != nil {
				t.Fatal(err)
			}
			for _, src := range []Image{src3, src4} {
				want, got := NewImage(w, 150, src.C), NewImage(w, 150, src.C)
				if err := WarpPerspective(want, src, m, BorderReplicate, color.RGBA{}); err != nil {
					t.Fatal(err)
				}
				if err := Remap(got, src, pm, BorderReplicate, color.RGBA{}); err != nil {
					t.Fatal(err)
				}
				for j := range want.Pix {
					if want.Pix[j] != got.Pix[j] {
						px := j / src.C
						t.Fatalf("homography %d, %d px wide, %d channels: pixel (%d, %d) is %d, WarpPerspective's %d", i, w, src.C, px%w, px/w, got.Pix[j], want.Pix[j])
					}
				}
			}
		}
	}
	if _, err := NewPerspectiveMap(ms[0], 0, 10); err == nil {
		t.Error("an empty map was made")
	}
	if err := Remap(NewImage(10, 10, 3), src3, nil, BorderReplicate, color.RGBA{}); err == nil {
		t.Error("a remap without a map did not fail")
	}
}
