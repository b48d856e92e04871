package vision

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// The shadow estimate is computed with running sums, runs of pixels and
// swept row stretches (shadows); plainShadows below is the estimate as it
// was first written, a pixel and an offset at a time. On drawn frames of
// cubes, their cast shadows, dark print and scattered noise both must
// find the same offset and mark the same pixels.
func TestShadowsMatchThePlainEstimate(t *testing.T) {
	base := testCore(t)
	found := 0
	for seed := uint64(1); seed <= 6; seed++ {
		r := *base
		if seed%2 == 0 {
			// An odd longest offset: the search lands on odd pixels.
			l := *r.layout
			l.CubeMM = 9.7
			r.layout = &l
		}
		rng := rand.New(rand.NewPCG(seed, 7))
		lab, cls := shadowScene(&r, rng)
		wantIn, wantDX, wantDY := plainShadows(&r, cls, lab)
		r.shadow = shadowMap{}
		sm := r.shadows(cls, lab)
		if (sm.in == nil) != (wantIn == nil) {
			t.Fatalf("seed %d: shadow found %v, the plain estimate %v", seed, sm.in != nil, wantIn != nil)
		}
		if wantIn == nil {
			continue
		}
		found++
		if sm.dx != wantDX || sm.dy != wantDY {
			t.Fatalf("seed %d: offset (%d, %d), the plain estimate (%d, %d)", seed, sm.dx, sm.dy, wantDX, wantDY)
		}
		for i := range wantIn {
			if sm.in[i] != wantIn[i] {
				t.Fatalf("seed %d: pixel (%d, %d) in shadow %v, the plain estimate %v", seed, i%r.ww, i/r.ww, sm.in[i], wantIn[i])
			}
		}
		// Built once per read: a second call returns the same map.
		if again := r.shadows(cls, lab); again != sm {
			t.Fatalf("seed %d: the map was built twice", seed)
		}
	}
	if found < 3 {
		t.Fatalf("only %d of 6 scenes have a shadow: the comparison tests too little", found)
	}
}

// shadowScene draws a corrected frame (lab) and its labels (cls) with the
// reference (r.refLab, r.onPrint): bare board with a little noise, dark
// discs and lighter print, cubes of every colour with shadows at one
// offset, black cubes partly on dark print (the dark-print rule's pixels
// there), and stray labelled pixels.
func shadowScene(r *core, rng *rand.Rand) ([]byte, []uint8) {
	n := r.ww * r.wh
	W := r.ww
	r.refLab = make([]byte, n*3)
	r.onPrint = make([]bool, n)
	lab := make([]byte, n*3)
	cls := make([]uint8, n)
	for i := 0; i < n; i++ {
		r.refLab[i*3], r.refLab[i*3+1], r.refLab[i*3+2] = 200, 128, 150
	}
	disc := func(cx, cy, rad float64, l byte) {
		for y := int(cy - rad); y <= int(cy+rad); y++ {
			for x := int(cx - rad); x <= int(cx+rad); x++ {
				if x >= 0 && y >= 0 && x < W && y < r.wh && math.Hypot(float64(x)-cx, float64(y)-cy) <= rad {
					r.refLab[(y*W+x)*3] = l
				}
			}
		}
	}
	for k := 0; k < 30; k++ {
		l := byte(40)
		if k%3 == 0 {
			l = 100
		}
		disc(rng.Float64()*float64(W), rng.Float64()*float64(r.wh), 10+rng.Float64()*40, l)
	}
	for i := 0; i < n; i++ {
		lab[i*3] = byte(max(0, min(255, int(r.refLab[i*3])+rng.IntN(7)-3)))
		lab[i*3+1], lab[i*3+2] = 128, 140
	}
	side := r.layout.CubeMM * r.s * 0.95
	sdx, sdy := (rng.Float64()*2-1)*side*0.8, (rng.Float64()*2-1)*side*0.8
	type cube struct {
		x, y float64
		c    uint8
	}
	var cubes []cube
	for k := 0; k < 6+rng.IntN(20); k++ {
		c := uint8(1 + rng.IntN(len(r.names)))
		if k%4 == 0 && r.black >= 0 {
			c = uint8(r.black + 1)
		}
		cubes = append(cubes, cube{rng.Float64() * float64(W), rng.Float64() * float64(r.wh), c})
	}
	square := func(cx, cy float64, f func(i int)) {
		for y := int(cy - side/2); y < int(cy+side/2); y++ {
			for x := int(cx - side/2); x < int(cx+side/2); x++ {
				if x >= 0 && y >= 0 && x < W && y < r.wh {
					f(y*W + x)
				}
			}
		}
	}
	for _, c := range cubes { // shadows first: the cubes cover them
		square(c.x+sdx, c.y+sdy, func(i int) { lab[i*3] = byte(max(0, int(lab[i*3])-30)) })
	}
	for _, c := range cubes {
		square(c.x, c.y, func(i int) {
			lab[i*3] = 40
			cls[i] = c.c
			if int(c.c-1) == r.black && r.refLab[i*3] <= 70 {
				r.onPrint[i] = true
			}
		})
	}
	for k := 0; k < 600; k++ {
		i := rng.IntN(n)
		cls[i] = uint8(1 + rng.IntN(len(r.names)))
		r.onPrint[i] = int(cls[i]-1) == r.black && rng.IntN(2) == 0
	}
	return lab, cls
}

// plainShadows is the shadow estimate as first written (shadows' result:
// the map, nil when no shadow is measured, and the offset).
func plainShadows(r *core, cls []uint8, lab []byte) ([]bool, int, int) {
	W, H := r.ww, r.wh
	var qs []int32
	for y := 0; y < H; y += 2 {
		for x := 0; x < W; x += 2 {
			i := y*W + x
			if cls[i] != 0 && !r.onPrint[i] && !r.outside[i] {
				qs = append(qs, int32(i))
			}
		}
	}
	if len(qs) == 0 {
		return nil, 0, 0
	}
	maxD := int(shadowMaxLen * r.layout.CubeMM * r.s)
	type cand struct {
		dx, dy int
		m      float64
	}
	best := cand{}
	for dy := -maxD; dy <= maxD; dy += 2 {
		for dx := -maxD; dx <= maxD; dx += 2 {
			if dx*dx+dy*dy > maxD*maxD || float64(dx*dx+dy*dy) < 4*r.s*r.s {
				continue
			}
			var sum float64
			n := 0
			for _, q := range qs {
				x, y := int(q)%W+dx, int(q)/W+dy
				if x < 0 || y < 0 || x >= W || y >= H {
					continue
				}
				j := y*W + x
				if cls[j] != 0 || r.outside[j] || r.inStrip[j] || float64(r.refLab[j*3]) < shadowBoardL {
					continue
				}
				sum += float64(r.refLab[j*3]) - float64(lab[j*3])
				n++
			}
			if n < 20 {
				continue
			}
			if c := (cand{dx, dy, sum / float64(n)}); c.m > best.m {
				best = c
			}
		}
	}
	if best.m < shadowMinDark {
		return nil, 0, 0
	}
	tau := best.m / 2
	th0 := math.Atan2(float64(best.dy), float64(best.dx))
	bestScore, bdx, bdy := math.Inf(-1), best.dx, best.dy
	for k := -3; k <= 3; k++ {
		th := th0 + float64(k)*shadowTurn/3
		ux, uy := math.Cos(th), math.Sin(th)
		score := make([]float64, maxD+1)
		for _, q := range qs {
			x0, y0 := float64(int(q)%W)+0.5, float64(int(q)/W)+0.5
			for l := 1; l <= maxD; l++ {
				x, y := int(x0+ux*float64(l)), int(y0+uy*float64(l))
				if x < 0 || y < 0 || x >= W || y >= H {
					break
				}
				j := y*W + x
				if cls[j] != 0 {
					break
				}
				if r.outside[j] || r.inStrip[j] || float64(r.refLab[j*3]) < shadowBoardL {
					continue
				}
				score[l] += float64(r.refLab[j*3]) - float64(lab[j*3]) - tau
			}
		}
		acc := 0.0
		for l := 1; l <= maxD; l++ {
			acc += score[l]
			if acc > bestScore {
				bestScore = acc
				bdx, bdy = int(math.Round(ux*float64(l))), int(math.Round(uy*float64(l)))
			}
		}
	}
	in := make([]bool, W*H)
	sweep := func(i int) {
		steps := max(abs(bdx), abs(bdy))
		x0, y0 := i%W, i/W
		for t := 1; t <= steps; t++ {
			x, y := x0+bdx*t/steps, y0+bdy*t/steps
			if x < 0 || y < 0 || x >= W || y >= H {
				return
			}
			in[y*W+x] = true
		}
	}
	for i := range cls {
		if cls[i] == 0 || int(cls[i]-1) == r.black || r.outside[i] {
			continue
		}
		sweep(i)
	}
	var blk []int32
	for i := range cls {
		if int(cls[i]-1) == r.black && cls[i] != 0 && !r.onPrint[i] && !r.outside[i] {
			blk = append(blk, int32(i))
		}
	}
	for _, part := range plainParts(r, blk) {
		a := float64(len(part)) / r.expectedArea(r.groupCentre(part))
		if a < shadowWhole || a > shadowOne {
			continue
		}
		for _, i := range part {
			sweep(int(i))
		}
	}
	return in, bdx, bdy
}

// plainParts is offPrintParts as first written (a map of the pixels).
func plainParts(r *core, pix []int32) [][]int32 {
	W := r.ww
	in := make(map[int32]bool, len(pix))
	for _, i := range pix {
		if !r.onPrint[i] {
			in[i] = true
		}
	}
	var parts [][]int32
	var stack []int32
	for _, s := range pix {
		if !in[s] {
			continue
		}
		var part []int32
		delete(in, s)
		stack = append(stack[:0], s)
		for len(stack) > 0 {
			i := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			part = append(part, i)
			x := int(i) % W
			for _, j := range [4]int32{i - 1, i + 1, i - int32(W), i + int32(W)} {
				if (j == i-1 && x == 0) || (j == i+1 && x == W-1) {
					continue
				}
				if in[j] {
					delete(in, j)
					stack = append(stack, j)
				}
			}
		}
		parts = append(parts, part)
	}
	return parts
}

// cubeOutlines skips the points surely outside or inside a turned, swept
// square; the outlines must be those of testing every point.
func TestCubeOutlinesMatchEveryPointTested(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for k := 0; k < 40; k++ {
		s := 2 + rng.Float64()*14
		d := rng.Float64() * 6
		if k%5 == 0 {
			d = 0
		}
		th := rng.Float64() * 2 * math.Pi
		sw := board.Point{X: d * math.Cos(th), Y: d * math.Sin(th)}
		rad := int(math.Ceil(s*0.75 + d/2 + 1))
		got := cubeOutlines(s, sw, rad)
		for turn := 0; turn < 12; turn++ {
			a := float64(turn) * math.Pi / 24
			cs, sn := math.Cos(a), math.Sin(a)
			var want [][2]int
			for dy := -rad; dy <= rad; dy++ {
				for dx := -rad; dx <= rad; dx++ {
					if inSwept(float64(dx), float64(dy), cs, sn, s, sw) {
						want = append(want, [2]int{dx, dy})
					}
				}
			}
			if len(got[turn]) != len(want) {
				t.Fatalf("side %.2f sweep %v turn %d: %d points, every point tested %d", s, sw, turn, len(got[turn]), len(want))
			}
			for i := range want {
				if got[turn][i] != want[i] {
					t.Fatalf("side %.2f sweep %v turn %d: point %d is %v, every point tested %v", s, sw, turn, i, got[turn][i], want[i])
				}
			}
		}
	}
}
