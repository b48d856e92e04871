package vision

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// nthFloat finds what sorting would put at k, with repeated values too (a
// cube blob's projections repeat whenever its pixels line up).
func TestNthFloatWithRepeatedValues(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for n := 1; n < 60; n++ {
		for _, spread := range []int{2, 7, 1000} {
			v := make([]float64, n)
			for i := range v {
				v[i] = float64(rng.IntN(spread)) / 4
			}
			sorted := slices.Clone(v)
			slices.Sort(sorted)
			for k := 0; k < n; k++ {
				w := slices.Clone(v)
				if got := nthFloat(w, k); got != sorted[k] {
					t.Fatalf("n %d spread %d: nthFloat(%d) = %v, sorted %v", n, spread, k, got, sorted[k])
				}
			}
		}
	}
}

// grow reuses a buffer only when it is large enough, and a new group's
// marks never match the last group's.
func TestGrowReusesOnlyWhatFits(t *testing.T) {
	b := make([]byte, 4, 8)
	if g := grow(b, 8); &g[0] != &b[0] || len(g) != 8 {
		t.Error("a buffer large enough was not reused")
	}
	if g := grow(b, 9); &g[0] == &b[0] || len(g) != 9 {
		t.Error("a buffer too small was reused")
	}
	var bufs readBufs
	m1 := bufs.nextEpoch(5)
	bufs.stamp[3] = m1
	if m2 := bufs.nextEpoch(5); m2 == m1 || bufs.stamp[3] == m2 {
		t.Error("a new group sees the last group's marks")
	}
}
