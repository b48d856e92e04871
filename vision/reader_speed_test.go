package vision

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
)

// These tests keep stages as first written and check that the faster
// computation gives the same result (plain Go, no OpenCV).

// shiftImagePlain is shiftImage as first written: the field evaluated and
// rounded at every pixel.
func shiftImagePlain(r *core, px []byte, f shiftField) {
	src := append([]byte(nil), px...)
	for y := 0; y < r.wh; y++ {
		for x := 0; x < r.ww; x++ {
			dx, dy := f.at(float64(x), float64(y))
			sx := min(max(x+int(math.Round(dx)), 0), r.ww-1)
			sy := min(max(y+int(math.Round(dy)), 0), r.wh-1)
			copy(px[(y*r.ww+x)*3:(y*r.ww+x)*3+3], src[(sy*r.ww+sx)*3:(sy*r.ww+sx)*3+3])
		}
	}
}

// A knocked camera's image is moved back exactly as before: shifts of
// whole and half pixels (the rounding's ties), small turns and changes of
// scale, shifts that push the source past every edge.
func TestShiftImageMatchesThePlainShift(t *testing.T) {
	r := testCore(t)
	rng := rand.New(rand.NewPCG(18, 10))
	img := make([]byte, r.ww*r.wh*3)
	for i := range img {
		img[i] = byte(rng.IntN(256))
	}
	fields := []shiftField{
		{tx: 3, ty: -2, cx: float64(r.ww) / 2, cy: float64(r.wh) / 2},
		{tx: 0.5, ty: -0.5, cx: float64(r.ww) / 2, cy: float64(r.wh) / 2},
		{tx: -15, ty: 15, a: 0.01, b: -0.01, cx: 100, cy: 50},
	}
	for k := 0; k < 20; k++ {
		fields = append(fields, shiftField{
			tx: rng.Float64()*30 - 15, ty: rng.Float64()*30 - 15,
			a: rng.Float64()*0.04 - 0.02, b: rng.Float64()*0.04 - 0.02,
			cx: rng.Float64() * float64(r.ww), cy: rng.Float64() * float64(r.wh),
		})
	}
	for _, f := range fields {
		want := append([]byte(nil), img...)
		shiftImagePlain(r, want, f)
		got := append([]byte(nil), img...)
		r.shiftImage(got, f)
		if !bytes.Equal(got, want) {
			t.Fatalf("field %+v: the shifted image differs from the plain shift", f)
		}
	}
}
