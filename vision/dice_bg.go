package vision

import (
	"math"
	"slices"
)

// Without an empty-tray photograph the floor is modelled from the frame:
// each 8 mm block's median colour, then the median of its neighbourhood
// (estimateBackground). Where dice, their dark sides and their shadows
// cover most of a neighbourhood (several dice together, or dice by a
// wall, where half the neighbourhood is wall), that median is a die's
// colour: on the tuning seeds black dice on the grey felt were then no
// foreground and not seen. The floor is one felt under smooth light (a
// gradient, a vignette): a block whose median is far from a smooth fit
// of all the blocks is a die's, and is left out of the neighbourhoods.

// bgFitIters is how many times the fit is redone without the blocks it
// fits worst.
const bgFitIters = 3

// dropDiceBlocks marks invalid the blocks (medians med, valid ones in
// valid, bw x bh of them) whose colour is not the floor's: further than
// a die's print or shade would take it from a quadratic fit (per channel,
// on log(v+10), over the valid blocks, refit without the blocks it fits
// worst). A shadow stays within the darkening a shadow gives.
func dropDiceBlocks(med [][3]uint8, valid []bool, bw, bh int) {
	type blk struct {
		i      int
		x, y   float64
		l      [3]float64
		inFit  bool
		resMax float64
	}
	var bs []blk
	for i, v := range valid {
		if !v {
			continue
		}
		b := blk{i: i, x: float64(i%bw)/float64(bw) - 0.5, y: float64(i/bw)/float64(bh) - 0.5, inFit: true}
		for k := 0; k < 3; k++ {
			b.l[k] = float64(logTab[med[i][k]])
		}
		bs = append(bs, b)
	}
	if len(bs) < 24 {
		return
	}
	terms := func(x, y float64) [6]float64 { return [6]float64{1, x, y, x * x, x * y, y * y} }
	var coef [3][6]float64
	resid := func(b *blk) (m, c float64) {
		t := terms(b.x, b.y)
		var d [3]float64
		for k := 0; k < 3; k++ {
			f := 0.0
			for j := range t {
				f += coef[k][j] * t[j]
			}
			d[k] = b.l[k] - f
		}
		m = (d[0] + d[1] + d[2]) / 3
		c = max(math.Abs(d[0]-m), math.Abs(d[1]-m), math.Abs(d[2]-m))
		return m, c
	}
	for it := 0; it < bgFitIters; it++ {
		var ata [6][6]float64
		var atb [3][6]float64
		n := 0
		for _, b := range bs {
			if !b.inFit {
				continue
			}
			n++
			t := terms(b.x, b.y)
			for p := 0; p < 6; p++ {
				for q := 0; q < 6; q++ {
					ata[p][q] += t[p] * t[q]
				}
				for k := 0; k < 3; k++ {
					atb[k][p] += t[p] * b.l[k]
				}
			}
		}
		if n < 12 {
			return
		}
		for k := 0; k < 3; k++ {
			c, ok := solve6(ata, atb[k])
			if !ok {
				return
			}
			coef[k] = c
		}
		// Refit on the blocks that fit best: the floor is most of the tray.
		res := make([]float64, len(bs))
		for j := range bs {
			m, c := resid(&bs[j])
			bs[j].resMax = math.Max(math.Abs(m), 2*c)
			res[j] = bs[j].resMax
		}
		slices.Sort(res)
		lim := res[len(res)*7/10]
		for j := range bs {
			bs[j].inFit = bs[j].resMax <= lim
		}
	}
	for j := range bs {
		m, c := resid(&bs[j])
		// The foreground's limits are 0.16 of colour, 0.28 brighter and
		// 0.72 darker: a block off the floor by half of that holds a die.
		if c > 0.08 || m > 0.14 || m < -0.45 {
			valid[bs[j].i] = false
		}
	}
}

// solve6 solves a x = b (Gaussian elimination with partial pivoting).
func solve6(a [6][6]float64, b [6]float64) ([6]float64, bool) {
	const n = 6
	for c := 0; c < n; c++ {
		p := c
		for r := c + 1; r < n; r++ {
			if math.Abs(a[r][c]) > math.Abs(a[p][c]) {
				p = r
			}
		}
		if math.Abs(a[p][c]) < 1e-12 {
			return b, false
		}
		a[c], a[p] = a[p], a[c]
		b[c], b[p] = b[p], b[c]
		for r := c + 1; r < n; r++ {
			f := a[r][c] / a[c][c]
			for k := c; k < n; k++ {
				a[r][k] -= f * a[c][k]
			}
			b[r] -= f * b[c]
		}
	}
	var x [6]float64
	for r := n - 1; r >= 0; r-- {
		s := b[r]
		for k := r + 1; k < n; k++ {
			s -= a[r][k] * x[k]
		}
		x[r] = s / a[r][r]
	}
	return x, true
}
