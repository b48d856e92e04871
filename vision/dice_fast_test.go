package vision

import (
	"math"
	"math/rand/v2"
	"sort"
	"testing"
)

// The median of a die's paint and ink is taken by selection: it must be
// the value a sort gives, whatever the values and their repeats.
func TestNthFloatIsTheSortedValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := 0; trial < 2000; trial++ {
		n := 1 + rng.IntN(400)
		v := make([]float64, n)
		levels := 1 + rng.IntN(300) // few levels: many repeats
		for i := range v {
			v[i] = float64(rng.IntN(levels)) + 0.25*float64(rng.IntN(3))
		}
		want := append([]float64(nil), v...)
		sort.Float64s(want)
		k := rng.IntN(n)
		if got := nthFloat(append([]float64(nil), v...), k); got != want[k] {
			t.Fatalf("trial %d: n %d k %d: got %v, sorted gives %v", trial, n, k, got, want[k])
		}
	}
}

// The correlations summed over a sample's ink cells with the transposed
// smoothing must be those of the smoothed ink with the templates (up to
// the order of the additions).
func TestCorrIsTheSmoothedInksCorrelation(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 200; trial++ {
		f := &faceSample{}
		for k := range f.lum {
			// Paint near 200, ink near 40 on a few cells.
			f.lum[k] = 200 + 5*rng.NormFloat64()
			if rng.IntN(5) == 0 {
				f.lum[k] = 40 + 20*rng.NormFloat64()
			}
		}
		f.finish(true)
		soft := smoothGrid(f.ink[:])
		var got [12]float64
		corr(f, pipCorr, 0, 3, got[:])
		for k := range softPips {
			want := 0.0
			for i, v := range softPips[k] {
				want += soft[i] * v
			}
			want /= f.softNorm
			if math.Abs(got[k]-want) > 1e-12 {
				t.Fatalf("trial %d template %d: %v, the smoothed ink gives %v", trial, k, got[k], want)
			}
		}
		if f.nnz == 0 || f.nnz == len(f.lum) {
			t.Fatalf("trial %d: %d ink cells: the test wants paint and ink", trial, f.nnz)
		}
	}
}
