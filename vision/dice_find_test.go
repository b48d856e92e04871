package vision

import (
	"math"
	"math/rand/v2"
	"testing"
)

// The outline's angle looks up the trigonometry of a mask's Sobel
// gradients (whole numbers from -4 to 4): it must give, bit for bit, the
// angle the plain formula gives, on masks of every density.
func TestEdgeAngleIsThePlainSobel(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	r := &DiceReader{gw: 40, gh: 30}
	mask := make([]bool, r.gw*r.gh)
	in := func(x, y int) float64 {
		if mask[y*r.gw+x] {
			return 1
		}
		return 0
	}
	plain := func(x0, y0, x1, y1 int) float64 {
		var cs, sn float64
		for y := max(1, y0-1); y <= min(r.gh-2, y1+1); y++ {
			for x := max(1, x0-1); x <= min(r.gw-2, x1+1); x++ {
				gx := in(x+1, y-1) + 2*in(x+1, y) + in(x+1, y+1) - in(x-1, y-1) - 2*in(x-1, y) - in(x-1, y+1)
				gy := in(x-1, y+1) + 2*in(x, y+1) + in(x+1, y+1) - in(x-1, y-1) - 2*in(x, y-1) - in(x+1, y-1)
				m := gx*gx + gy*gy
				if m == 0 {
					continue
				}
				a := 4 * math.Atan2(gy, gx)
				cs += m * math.Cos(a)
				sn += m * math.Sin(a)
			}
		}
		return math.Atan2(sn, cs) / 4
	}
	for trial := 0; trial < 300; trial++ {
		p := rng.Float64()
		for i := range mask {
			mask[i] = rng.Float64() < p
		}
		// A turned square too: the outlines the reader measures.
		if trial%2 == 0 {
			a, cx, cy := rng.Float64()*math.Pi/2, 10+rng.Float64()*20, 8+rng.Float64()*14
			for i := range mask {
				u, v := float64(i%r.gw)-cx, float64(i/r.gw)-cy
				mask[i] = math.Abs(u*math.Cos(a)+v*math.Sin(a)) < 6 && math.Abs(-u*math.Sin(a)+v*math.Cos(a)) < 6
			}
		}
		x0, y0 := rng.IntN(r.gw), rng.IntN(r.gh)
		x1, y1 := x0+rng.IntN(r.gw-x0), y0+rng.IntN(r.gh-y0)
		if got, want := r.edgeAngle(x0, y0, x1, y1, in), plain(x0, y0, x1, y1); math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("trial %d: box (%d,%d)-(%d,%d): angle %v, the plain Sobel gives %v", trial, x0, y0, x1, y1, got, want)
		}
	}
}
