package vision

import (
	"math/rand/v2"
	"testing"
)

// TestNeighbourMediansAreThePlainOnes compares the sliding window's
// medians with neighbourMedian's, block by block, on random grids of block
// medians: valid blocks dense, sparse (neighbourMedian widens the window,
// the slide hands those blocks to it) and none; the floor's window (2
// blocks, 5 needed) and the table band's (3 blocks, 9 needed, some blocks
// not wanted).
func TestNeighbourMediansAreThePlainOnes(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var vals [3][]uint8
	var wc windowCounts
	for trial := 0; trial < 60; trial++ {
		bw, bh := 1+rng.IntN(40), 1+rng.IntN(30)
		density := []float64{1, 0.7, 0.2, 0.05, 0}[trial%5]
		med := make([][3]uint8, bw*bh)
		valid := make([]bool, bw*bh)
		want := make([]bool, bw*bh)
		for i := range med {
			// Values bunched as a felt's are, and spread: ties and nibbles.
			base := uint8(rng.IntN(256))
			for k := 0; k < 3; k++ {
				if trial%2 == 0 {
					med[i][k] = base + uint8(rng.IntN(9))
				} else {
					med[i][k] = uint8(rng.IntN(256))
				}
			}
			valid[i] = rng.Float64() < density
			want[i] = rng.IntN(3) > 0
		}
		for _, c := range []struct {
			rad, need int
			want      []bool
		}{{2, 5, nil}, {3, 9, want}} {
			out := make([][3]uint8, bw*bh)
			neighbourMedians(med, valid, bw, bh, c.rad, c.need, c.want, &vals, &wc, out)
			for by := 0; by < bh; by++ {
				for bx := 0; bx < bw; bx++ {
					if c.want != nil && !c.want[by*bw+bx] {
						continue
					}
					if got, exp := out[by*bw+bx], neighbourMedian(med, valid, bw, bh, bx, by, c.rad, c.need, &vals); got != exp {
						t.Fatalf("trial %d (%dx%d, rad %d) block (%d, %d): %v, neighbourMedian %v", trial, bw, bh, c.rad, bx, by, got, exp)
					}
				}
			}
		}
	}
}
