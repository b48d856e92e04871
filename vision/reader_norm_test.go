//go:build cgo && !novision

package vision

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"
)

// The read corrects the light with cv.NormalizeRow (normalizeField): the
// same bytes as normRow, the Go loop it replaced, without and with the
// reference, with and without a darker print's factor, over pixels of every
// value (bright ones clipped at 255).
func TestNormalizeFieldIsNormRow(t *testing.T) {
	r := testCore(t)
	rng := rand.New(rand.NewPCG(3, 5))
	noisy := func(px []byte) []byte {
		out := append([]byte(nil), px...)
		for i := range out {
			if rng.IntN(20) == 0 {
				out[i] = byte(rng.IntN(256))
			} else {
				out[i] = byte(min(255, max(0, int(out[i])+rng.IntN(21)-10)))
			}
		}
		return out
	}
	clipped := 0
	check := func(name string, px []byte, f *lightField) {
		t.Helper()
		w := r.ww * 3
		want := make([]byte, len(px))
		for y := 0; y < r.wh; y++ {
			f.normRow(y, px[y*w:(y+1)*w], want[y*w:(y+1)*w])
		}
		got := make([]byte, len(px))
		if err := normalizeField(got, px, f, r.wh); err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			n := 0
			for i := range got {
				if got[i] != want[i] {
					n++
				}
			}
			t.Errorf("%s: %d bytes differ from normRow's", name, n)
		}
		for _, b := range want {
			if b == 255 {
				clipped++
			}
		}
	}
	px := drawBoard(r, [3]byte{150, 180, 195}, [3]byte{50, 80, 110}, 0, 0)
	crowd(r, px, 140, 60, 48, [3]byte{22, 20, 20})
	px = noisy(px)
	for _, k := range []float32{1, 0.83, 1.07} {
		f := r.cellGrid(px, framePct, false)
		f.scale(k)
		check(fmt.Sprintf("without the reference, factor %v", k), px, f)
	}
	r.refPx = drawBoard(r, [3]byte{160, 190, 200}, [3]byte{50, 80, 110}, 0, 0)
	r.refBG = make([]float32, len(r.refPx))
	for i := range r.refBG {
		r.refBG[i] = 0.9 + float32(i%7)/50
	}
	dim := make([]byte, len(r.refPx))
	for i := range dim {
		dim[i] = byte(float64(r.refPx[i]) * 0.7)
	}
	crowd(r, dim, 140, 60, 48, [3]byte{22, 20, 20})
	dim = noisy(dim)
	for _, k := range []float32{1, 0.9} {
		f := r.lightChange(dim)
		f.scale(k)
		check(fmt.Sprintf("with the reference, factor %v", k), dim, f)
	}
	if clipped == 0 {
		t.Error("no byte was clipped at 255: the test misses that case")
	}
}
