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

// The background model's block medians are 8-bit colours, a few dozen
// with many repeats: selection must give what sorting gives there too.
func TestNthUint8IsTheSortedValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 2000; trial++ {
		n := 1 + rng.IntN(120)
		v := make([]uint8, n)
		lo, span := rng.IntN(256), 1+rng.IntN(256)
		for i := range v {
			v[i] = uint8(min(255, lo+rng.IntN(span)))
		}
		want := append([]uint8(nil), v...)
		sort.Slice(want, func(i, j int) bool { return want[i] < want[j] })
		k := rng.IntN(n)
		if got := nth(append([]uint8(nil), v...), k); got != want[k] {
			t.Fatalf("trial %d: n %d k %d: got %v, sorted gives %v", trial, n, k, got, want[k])
		}
		if got := nthByte(v, k); got != want[k] {
			t.Fatalf("trial %d: n %d k %d: nthByte %v, sorted gives %v", trial, n, k, got, want[k])
		}
	}
}

// A background block's median counted (nthByte) or by selection is
// histMedian's (the lower middle of an even count).
func TestBlockMedianIsHistMedian(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 2000; trial++ {
		n := 1 + rng.IntN(64)
		v := make([]uint8, n)
		var h [256]int32
		lo, span := rng.IntN(256), 1+rng.IntN(40)
		for i := range v {
			v[i] = uint8(min(255, lo+rng.IntN(span)))
			h[v[i]]++
		}
		if got, want := nthByte(v, (n+1)/2-1), histMedian(&h, n); got != want {
			t.Fatalf("trial %d: n %d: counted %d, histMedian %d", trial, n, got, want)
		}
		if got, want := nth(v, (n+1)/2-1), histMedian(&h, n); got != want {
			t.Fatalf("trial %d: n %d: selection %d, histMedian %d", trial, n, got, want)
		}
	}
}

// The correlations summed over a sample's ink cells with the transposed
// smoothing (corr, learned faces), and those summed over the pips
// (pipCorr), must be those of the smoothed ink with the templates (up to
// the order of the additions).
func TestCorrIsTheSmoothedInksCorrelation(t *testing.T) {
	softCorr := newCorrTemplates(softPips[:]...)
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
		var got, sparse [12]float64
		pipCorr(f, &got, false)
		corr(f, softCorr, 0, 3, sparse[:])
		for k := range softPips {
			if math.Abs(sparse[k]-got[k]) > 1e-12 {
				t.Fatalf("trial %d template %d: %v summed over the ink cells, %v over the pips", trial, k, sparse[k], got[k])
			}
			want := 0.0
			for i, v := range softPips[k] {
				want += soft[i] * v
			}
			want /= f.softNorm
			if math.Abs(got[k]-want) > 1e-12 {
				t.Fatalf("trial %d template %d: %v, the smoothed ink gives %v", trial, k, got[k], want)
			}
		}
		if n := len(f.inkCells()); n == 0 || n == len(f.lum) {
			t.Fatalf("trial %d: %d ink cells: the test wants paint and ink", trial, n)
		}
	}
}

// otsuPlain is Otsu's threshold as first written (float sums, a branch
// per clamp): otsu must give exactly its threshold.
func otsuPlain(v []float64) float64 {
	var h [256]int
	for _, x := range v {
		b := 0
		if x >= 255 {
			b = 255
		} else if x > 0 {
			b = int(x)
		}
		h[b]++
	}
	sum := 0.0
	for i, c := range h {
		sum += float64(i * c)
	}
	best, th := -1.0, 0.0
	wB, sumB := 0, 0.0
	for t, c := range h {
		if c == 0 {
			continue
		}
		wB += c
		wF := len(v) - wB
		if wF == 0 {
			break
		}
		sumB += float64(t * c)
		mB, mF := sumB/float64(wB), (sum-sumB)/float64(wF)
		if bv := float64(wB) * float64(wF) * (mB - mF) * (mB - mF); bv > best {
			best, th = bv, float64(t)+0.5
		}
	}
	return th
}

func TestOtsuIsThePlainThreshold(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 3000; trial++ {
		v := make([]float64, faceN*faceN)
		a, b := 300*rng.Float64()-20, 300*rng.Float64()-20
		for i := range v {
			// Two levels with noise, past both ends at times.
			v[i] = a + 15*rng.NormFloat64()
			if rng.IntN(4) == 0 {
				v[i] = b + 15*rng.NormFloat64()
			}
			if rng.IntN(50) == 0 {
				v[i] = math.Round(v[i])
			}
		}
		if got, want := otsu(v), otsuPlain(v); got != want {
			t.Fatalf("trial %d: %v, the plain threshold is %v", trial, got, want)
		}
	}
}
