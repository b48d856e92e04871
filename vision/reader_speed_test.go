package vision

import (
	"bytes"
	"maps"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
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

// classifyPlain is classify as it was before it remembered each read's
// nearest colours: every pixel off the board's colour searched the
// palette.
func classifyPlain(r *core, lab []byte) []uint8 {
	n := r.ww * r.wh
	cls := make([]uint8, n)
	if len(r.onPrint) != n {
		r.onPrint = make([]bool, n)
	}
	clear(r.onPrint)
	// Each pixel's squared distances to the palette's colours, kept for
	// the second look a too colourful black takes.
	var d2s [16]float64
	if r.refLab == nil && (!r.bgTSet || r.bgTFor != r.bgLab) {
		r.bgT.set(r.bgLab)
		r.bgTFor, r.bgTSet = r.bgLab, true
	}
	// The loop reads locals, not the reader's fields (which the compiler
	// reloads at every pixel), and slices it has bounded once.
	ref := r.refLab
	dt, bg, labT := refDiffTerms, &r.bgT, r.labT
	lab = lab[:3*n]
	outside := r.outside[:n]
	if ref != nil {
		ref = ref[:3*n]
	}
	for i := 0; i < n; i++ {
		p := lab[3*i : 3*i+3 : 3*i+3]
		lb, ab, bb := p[0], p[1], p[2]
		var d2 float64
		if ref != nil {
			q := ref[3*i : 3*i+3 : 3*i+3]
			d2 = dt.dist2(q[0], q[1], q[2], lb, ab, bb)
			if d2 < 22*22 {
				if r.black >= 0 && float64(lb) < float64(q[0])-blackRefDrop && r.darkBlack(i, float64(lb), float64(ab), float64(bb)) {
					// A black cube on dark print differs little from
					// the reference there, but it is darker than the
					// print and as dark and grey as a black cube.
					cls[i] = uint8(r.black + 1)
					r.onPrint[i] = true
				}
				continue
			}
		} else if d2 = bg.dist2(lb, ab, bb); d2 < 22*22 {
			continue
		}
		// Without a reference the ground around the board (the table,
		// the hull) is unknown: only cube colours other than black are
		// read there (offBoardCube).
		off := ref == nil && outside[i]
		l, a, b := float64(lb), float64(ab), float64(bb)
		dbg := math.Sqrt(d2)
		best, bd := -1, math.Inf(1)
		for k := range labT {
			d := labT[k].dist2(lb, ab, bb)
			if k < len(d2s) {
				d2s[k] = d
			}
			if d < bd {
				best, bd = k, d
			}
		}
		bd = math.Sqrt(bd)
		if bd >= dbg*0.8 || bd >= 40 {
			continue
		}
		if best == r.black && chroma2(a, b) > blackMaxChroma*blackMaxChroma {
			// Too colourful for a black cube: the shaded side of a coloured
			// one. Take the nearest other colour.
			best, bd = -1, math.Inf(1)
			for k := range r.lab {
				var d float64
				if k < len(d2s) {
					d = math.Sqrt(d2s[k]) // labDist, computed above
				} else {
					d = labDist(r.lab[k], l, a, b)
				}
				if k != r.black && d < bd {
					best, bd = k, d
				}
			}
			if best < 0 || bd >= 40 {
				continue
			}
		}
		// Black beyond the edge is only marked (edgeBlack), as in classify.
		edge := off && !r.offBoardCube(best)
		if best == r.black && l > blackMaxLRef {
			// Shadows on dark print are dark too; a black cube is darker.
			continue
		}
		if r.refLab == nil && best == r.black && (!r.darkBlack(i, l, a, b) && !r.coolBlack(i, l, a, b) || r.inkBlack(i, b)) {
			// Without a reference, dark print and the borders' shadowed
			// sides look black: only the darkest pixels off the borders
			// count as a black cube.
			continue
		}
		if edge {
			if !r.warmEdge(b) {
				cls[i] = edgeBlack
			}
			continue
		}
		cls[i] = uint8(best + 1)
	}
	return cls
}

// Every pixel is labelled as without the table of nearest colours: cube
// colours with noise (so colours repeat, as on a cube, and the table's
// slots are shared by several colours), the board's, random ones; over
// several reads, a palette changed between them, with and without a
// reference, black print and pixels beyond the board's edge.
func TestClassifyMatchesThePlainSearch(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	rng := rand.New(rand.NewPCG(18, 11))
	n := r.ww * r.wh
	image := func() []byte {
		lab := make([]byte, 3*n)
		for i := 0; i < n; i++ {
			var c [3]float64
			switch k := rng.IntN(10); {
			case k < 4:
				c = r.bgLab
			case k < 9:
				c = r.lab[rng.IntN(len(r.lab))]
			default:
				c = [3]float64{rng.Float64() * 255, rng.Float64() * 255, rng.Float64() * 255}
			}
			for j := range c {
				lab[3*i+j] = byte(min(255, max(0, c[j]+rng.NormFloat64()*12)))
			}
		}
		return lab
	}
	check := func(what string) {
		t.Helper()
		lab := image()
		if r.refLab != nil {
			// With a reference: most pixels are the empty board's, a
			// little changed (dark print darkened, as under a black cube).
			for i := 0; i < n; i++ {
				if rng.IntN(3) > 0 {
					for j := 0; j < 3; j++ {
						lab[3*i+j] = byte(min(255, max(0, float64(r.refLab[3*i+j])+rng.NormFloat64()*8)))
					}
				}
			}
		}
		want := classifyPlain(r, lab)
		if got := r.classify(lab); !bytes.Equal(got, want) {
			diff := 0
			for i := range got {
				if got[i] != want[i] {
					diff++
				}
			}
			t.Fatalf("%s: %d pixels labelled differently from the plain search", what, diff)
		}
	}
	for k := 0; k < 3; k++ {
		check("a read")
	}
	// A palette whose black is lighter: what the table remembered of the
	// last read no longer holds.
	p := *r.palette
	p.Colors = maps.Clone(p.Colors)
	for name, c := range p.Colors {
		if labOf(c)[0] < 60 {
			p.Colors[name] = board.Color{c[0] + 25, c[1] + 25, c[2] + 25}
		}
	}
	r.setPalette(&p)
	check("after the palette changed")
	// With the empty board's reference: the nearest colour is remembered
	// alike, but the board's distance is each pixel's own.
	r.refLab = image()
	for k := 0; k < 2; k++ {
		check("with a reference")
	}
	r.refLab = nil
	// The table's marks wrap after 255 reads.
	r.buf.memo.mark = 254
	for k := 0; k < 3; k++ {
		check("as the marks wrap")
	}
}

// chamferPlain is chamfer as first written: every neighbour looked up
// through a function that checks the grid's bounds.
func chamferPlain(d []int32, w, h int) {
	at := func(x, y int) int32 {
		if x < 0 || y < 0 || x >= w || y >= h {
			return 1 << 20
		}
		return d[y*w+x]
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			v := d[y*w+x]
			if v == 0 {
				continue
			}
			v = min(v, at(x-1, y)+3, at(x, y-1)+3, at(x-1, y-1)+4, at(x+1, y-1)+4)
			d[y*w+x] = v
		}
	}
	for y := h - 1; y >= 0; y-- {
		for x := w - 1; x >= 0; x-- {
			v := d[y*w+x]
			if v == 0 {
				continue
			}
			v = min(v, at(x+1, y)+3, at(x, y+1)+3, at(x+1, y+1)+4, at(x-1, y+1)+4)
			d[y*w+x] = v
		}
	}
}

// chamfer gives chamferPlain's distances: grids of random marks, sparse
// and dense (marks touching every edge and corner), of odd sizes down to
// one row or one column, and marked through (no unmarked cell at all).
func TestChamferMatchesThePlainChamfer(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 4))
	for k := 0; k < 60; k++ {
		w, h := 1+rng.IntN(40), 1+rng.IntN(30)
		fill := []int{2, 50, 90, 100}[k%4]
		d := make([]int32, w*h)
		for i := range d {
			if rng.IntN(100) < fill {
				d[i] = 1 << 20
			}
		}
		want := append([]int32(nil), d...)
		chamferPlain(want, w, h)
		chamfer(d, w, h)
		for i := range d {
			if d[i] != want[i] {
				t.Fatalf("%dx%d grid, %d%% marked: cell (%d, %d) at %d, the plain chamfer's %d", w, h, fill, i%w, i/w, d[i], want[i])
			}
		}
	}
}
