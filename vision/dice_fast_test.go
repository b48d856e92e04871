package vision

import (
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

// The search's four dot products at once must equal the plain loop's, to
// the bit: a read may not change with how it is computed.
func TestDot4EqualsOneLoop(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	a := make([]float64, faceN*faceN)
	var ts [4][]float64
	for k := range ts {
		ts[k] = make([]float64, len(a))
		for i := range ts[k] {
			ts[k][i] = rng.NormFloat64()
		}
	}
	for i := range a {
		a[i] = rng.Float64()
	}
	s0, s1, s2, s3 := dot4(a, ts[0], ts[1], ts[2], ts[3])
	for k, got := range []float64{s0, s1, s2, s3} {
		want := 0.0
		for i, v := range ts[k] {
			want += a[i] * v
		}
		if got != want {
			t.Fatalf("template %d: %v, one loop gives %v", k, got, want)
		}
	}
}
