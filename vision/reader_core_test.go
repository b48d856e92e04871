package vision

import (
	"bytes"
	"math"
	"sync"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// These tests run without OpenCV: the reader's plain-Go part on top-down
// board images drawn here.

var (
	testOnce sync.Once
	testBase core
	testWood []bool // warped pixel on a border's top, the board in place
)

// testCore is a core for the default layout at 3 px/mm, seen straight down
// from far away (no parallax); a copy, so a test may set its fields.
func testCore(t *testing.T) *core {
	t.Helper()
	testOnce.Do(func() {
		testBase = newCore(board.DefaultLayout(), board.DefaultPalette(), 3)
		testBase.pose = board.CameraPose{Height: math.Inf(1)}
		testBase.borders = testBase.samples()
		r := &testBase
		testWood = make([]bool, r.ww*r.wh)
		for y := 0; y < r.wh; y++ {
			for x := 0; x < r.ww; x++ {
				testWood[y*r.ww+x] = r.layout.BorderDist(r.warpToBoard(float64(x)+0.5, float64(y)+0.5)) < r.layout.BorderMM/2
			}
		}
	})
	r := testBase
	return &r
}

// drawBoard paints a warped BGR image: the floor in floor, the raised
// borders in wood, everything shifted by (dx, dy) mm (a knocked camera),
// to the nearest pixel.
func drawBoard(r *core, floor, wood [3]byte, dx, dy float64) []byte {
	px := make([]byte, r.ww*r.wh*3)
	sx, sy := int(math.Round(dx*r.s)), int(math.Round(dy*r.s))
	for y := 0; y < r.wh; y++ {
		for x := 0; x < r.ww; x++ {
			c := floor
			if xx, yy := x-sx, y-sy; xx >= 0 && yy >= 0 && xx < r.ww && yy < r.wh && testWood[yy*r.ww+xx] {
				c = wood
			}
			copy(px[(y*r.ww+x)*3:], c[:])
		}
	}
	return px
}

func TestAlignmentFindsAKnockedCamera(t *testing.T) {
	r := testCore(t)
	floor, wood := [3]byte{160, 190, 200}, [3]byte{50, 80, 110}
	if _, moved := r.alignment(drawBoard(r, floor, wood, 0, 0), r.borders); moved {
		t.Error("a board in place was moved")
	}
	px := drawBoard(r, floor, wood, 2, -1.33)
	f, moved := r.alignment(px, r.borders)
	if !moved {
		t.Fatal("a board moved by 2.4 mm was not found")
	}
	dx, dy := f.at(float64(r.ww)/2, float64(r.wh)/2)
	if math.Abs(dx-6) > 1.5 || math.Abs(dy+4) > 1.5 { // within half a mm
		t.Errorf("shift %.1f,%.1f px, want 6,-4", dx, dy)
	}
	r.shiftImage(px, f)
	// Back under the layout: the middle of a border is wood again.
	b := r.layout.Borders()[0]
	w := r.boardToWarp(b.A.Add(b.B).Scale(0.5))
	if i := (int(w.Y)*r.ww + int(w.X)) * 3; px[i] != wood[0] {
		t.Errorf("after the shift the border's middle is %v, not wood", px[i:i+3])
	}
}

func TestPrintShadeSeesADarkerPrint(t *testing.T) {
	r := testCore(t)
	for _, tc := range []struct {
		dark float64
		want float32
	}{{0, 1}, {0.3, 0.7}} {
		// The floor is corrected to NominalBoard; the wood is the same on
		// every board, so against a darker floor it looks brighter once
		// corrected.
		g := float64(NominalBoard[1]) * (1 - tc.dark)
		floor := [3]byte{byte(float64(NominalBoard[2]) * (1 - tc.dark)), byte(g), byte(float64(NominalBoard[0]) * (1 - tc.dark))}
		wood := [3]byte{40, byte(nominalBorderG), 100}
		px := drawBoard(r, floor, wood, 0, 0)
		gain := r.background(px, framePct)
		if k := r.printShade(px, sliceGain(gain, r.ww), r.borders, nominalBorderG); math.Abs(float64(k-tc.want)) > 0.04 {
			t.Errorf("print %.0f%% darker: factor %.2f, want %.2f", tc.dark*100, k, tc.want)
		}
	}
}

func TestLightChangeFollowsTheLight(t *testing.T) {
	r := testCore(t)
	r.refPx = drawBoard(r, [3]byte{160, 190, 200}, [3]byte{50, 80, 110}, 0, 0)
	r.refBG = make([]float32, len(r.refPx))
	for i := range r.refBG {
		r.refBG[i] = 1
	}
	// The drop is photographed in a dimmer, warmer light.
	px := make([]byte, len(r.refPx))
	scale := [3]float64{0.6, 0.8, 0.9}
	for i := range px {
		px[i] = byte(float64(r.refPx[i]) * scale[i%3])
	}
	g := fieldGains(r, r.lightChange(px))
	mid := (r.wh/2*r.ww + r.ww/2) * 3
	for k := 0; k < 3; k++ {
		if want := 1 / scale[k]; math.Abs(float64(g[mid+k])-want) > 0.05*want {
			t.Errorf("channel %d: gain %.2f, want %.2f", k, g[mid+k], want)
		}
	}
}

func TestClearHullKeepsACubeBesideIt(t *testing.T) {
	r := testCore(t)
	cls := make([]uint8, r.ww*r.wh)
	edge := int(r.m * r.s)
	// The hull: 2 mm deep along the whole top edge.
	for y := edge; y < edge+6; y++ {
		for x := edge; x < r.ww-edge; x++ {
			cls[y*r.ww+x] = 1
		}
	}
	// A cube lying 1 mm from it, and one touching it.
	set := func(x0, y0 int) {
		for y := y0; y < y0+24; y++ {
			for x := x0; x < x0+24; x++ {
				cls[y*r.ww+x] = 2
			}
		}
	}
	set(edge+60, edge+9)
	set(edge+200, edge+6)
	r.clearHull(cls)
	if cls[(edge+2)*r.ww+edge+30] != 0 {
		t.Error("the hull was not cleared")
	}
	for _, x0 := range []int{edge + 60, edge + 200} {
		n := 0
		for y := edge; y < edge+40; y++ {
			for x := x0; x < x0+24; x++ {
				if cls[y*r.ww+x] == 2 {
					n++
				}
			}
		}
		if n < 24*24*3/4 {
			t.Errorf("the cube at x %d keeps only %d of %d pixels", x0, n, 24*24)
		}
	}
}

// rectBlob is a blob of colour cls: a w x h mm rectangle centred at board
// point (cx, cy), with lab (as long as the warped image) painted l, a, b on it.
func rectBlob(r *core, cls uint8, cx, cy, w, h float64, lab []byte, l, a, b byte) blob {
	bl := blob{cls: cls}
	for y := 0; y < r.wh; y++ {
		for x := 0; x < r.ww; x++ {
			p := r.warpToBoard(float64(x)+0.5, float64(y)+0.5)
			if math.Abs(p.X-cx) < w/2 && math.Abs(p.Y-cy) < h/2 {
				i := y*r.ww + x
				bl.pix = append(bl.pix, int32(i))
				lab[i*3], lab[i*3+1], lab[i*3+2] = l, a, b
			}
		}
	}
	return bl
}

// A darker print's brown ink is as dark as a black cube; its warmth tells
// it apart. The same blob in the palette's neutral black is a cube.
func TestWarmPrintIsNotABlackCube(t *testing.T) {
	r := testCore(t)
	black := uint8(r.black + 1)
	side := r.layout.CubeMM * 0.95 // the 0.9 of an expected area (blur)
	lab := make([]byte, r.ww*r.wh*3)
	ink := rectBlob(r, black, 60, 60, side, side, lab, 70, 131, 133)
	if ds := r.cubesOf(ink, lab); len(ds) != 0 {
		t.Errorf("a warm brown icon was read as %d black cube(s)", len(ds))
	}
	cube := rectBlob(r, black, 60, 60, side, side, lab, 70, 129, 127)
	if ds := r.cubesOf(cube, lab); len(ds) != 1 || ds[0].unreadable {
		t.Errorf("a neutral black cube was read as %+v, want one cube", ds)
	}
}

// A blob whose area lies between two counts is unreadable only when both
// are possible: a square one cube could cover is one cube (two would be
// longer); half a cube's area may be a cube or nothing, and the reason
// says so.
func TestUnreadableOnlyWhenTwoCountsFit(t *testing.T) {
	r := testCore(t)
	red := uint8(1)
	for i, n := range r.names {
		if n != "black" {
			red = uint8(i + 1)
			break
		}
	}
	lab := make([]byte, r.ww*r.wh*3)
	s := r.layout.CubeMM
	// 1.5 cubes of area (the reader takes 0.9 s² for one).
	sq := math.Sqrt(1.5*0.9) * s
	ds := r.cubesOf(rectBlob(r, red, 60, 60, sq, sq, lab, 120, 160, 150), lab)
	if len(ds) != 1 || ds[0].unreadable {
		t.Errorf("a square blob one cube could cover: %+v, want one cube read", ds)
	}
	// Half a cube of area: a cube mostly hidden, or a shadow.
	half := math.Sqrt(0.5*0.9) * s
	ds = r.cubesOf(rectBlob(r, red, 60, 60, half, half, lab, 120, 160, 150), lab)
	if len(ds) != 1 || !ds[0].unreadable || ds[0].why != "0 or 1 cube?" {
		t.Errorf("half a cube's area: %+v, want unreadable with \"0 or 1 cube?\"", ds)
	}
}

// The last read's alignment is kept while the board stays where it was,
// and searched again as soon as it moves (back in place here).
func TestAlignmentFollowsTheBoardBetweenReads(t *testing.T) {
	r := testCore(t)
	floor, wood := [3]byte{160, 190, 200}, [3]byte{50, 80, 110}
	moved := drawBoard(r, floor, wood, 2, -1.33)
	f1, ok1 := r.alignment(moved, r.borders)
	f2, ok2 := r.alignment(moved, r.borders)
	if !ok1 || !ok2 || f1 != f2 {
		t.Errorf("the same knocked board read twice: %+v %v then %+v %v", f1, ok1, f2, ok2)
	}
	if _, ok := r.alignment(drawBoard(r, floor, wood, 0, 0), r.borders); ok {
		t.Error("the board back in place kept the old shift")
	}
	f3, ok3 := r.alignment(drawBoard(r, floor, wood, -1.33, 2), r.borders)
	dx, dy := f3.at(float64(r.ww)/2, float64(r.wh)/2)
	if !ok3 || math.Abs(dx+4) > 1.5 || math.Abs(dy-6) > 1.5 {
		t.Errorf("knocked the other way: %v, shift %.1f,%.1f px, want -4,6", ok3, dx, dy)
	}
}

// crowd paints black 8 mm squares, 9.5 mm apart (seven tenths of the
// area), over the board square [x0, x0+size) x [y0, y0+size) mm of a warped
// BGR image: a corner crowded with black cubes.
func crowd(r *core, px []byte, x0, y0, size float64, col [3]byte) {
	for y := 0; y < r.wh; y++ {
		for x := 0; x < r.ww; x++ {
			p := r.warpToBoard(float64(x)+0.5, float64(y)+0.5)
			dx, dy := p.X-x0, p.Y-y0
			if dx < 0 || dy < 0 || dx >= size || dy >= size {
				continue
			}
			if math.Mod(dx, 9.5) < 8 && math.Mod(dy, 9.5) < 8 {
				copy(px[(y*r.ww+x)*3:], col[:])
			}
		}
	}
}

// gainAt is a light field's gain at board point (x, y) mm, channel k.
// fieldGains is every pixel's gain in a light field, stored as cellField
// stores it.
func fieldGains(r *core, f *lightField) []float32 {
	g := make([]float32, r.ww*r.wh*3)
	for y := 0; y < r.wh; y++ {
		f.gainRow(y, g[y*r.ww*3:])
	}
	return g
}

func gainAt(r *core, g []float32, x, y float64, k int) float64 {
	w := r.boardToWarp(board.Point{X: x, Y: y})
	return float64(g[(int(w.Y)*r.ww+int(w.X))*3+k])
}

// Without the reference, a corner full of black cubes is not taken for
// dim light: its gain stays the bare board's, so the cubes still look
// black once corrected (they were read too bright and missed).
func TestBackgroundIsNotDarkenedByACrowdOfCubes(t *testing.T) {
	r := testCore(t)
	floor := [3]byte{150, 180, 195}
	px := drawBoard(r, floor, [3]byte{50, 80, 110}, 0, 0)
	crowd(r, px, 140, 60, 48, [3]byte{22, 20, 20})
	g := r.background(px, framePct)
	for k := 0; k < 3; k++ {
		clear, crowded := gainAt(r, g, 40, 90, k), gainAt(r, g, 164, 84, k)
		if math.Abs(crowded-clear) > 0.05*clear {
			t.Errorf("channel %d: gain %.2f among the cubes, %.2f on the bare board", k, crowded, clear)
		}
	}
}

// With the reference, the change of light in a cell mostly covered by
// cubes is still the board's (the cubes' ratios are not the light's).
func TestLightChangeSeesPastACrowdOfCubes(t *testing.T) {
	r := testCore(t)
	r.refPx = drawBoard(r, [3]byte{160, 190, 200}, [3]byte{50, 80, 110}, 0, 0)
	r.refBG = make([]float32, len(r.refPx))
	for i := range r.refBG {
		r.refBG[i] = 1
	}
	px := make([]byte, len(r.refPx))
	for i := range px {
		px[i] = byte(float64(r.refPx[i]) * 0.8)
	}
	crowd(r, px, 140, 60, 48, [3]byte{22, 20, 20})
	g := fieldGains(r, r.lightChange(px))
	for k := 0; k < 3; k++ {
		if got := gainAt(r, g, 164, 84, k); math.Abs(got-1.25) > 0.05*1.25 {
			t.Errorf("channel %d: gain %.2f among the cubes, want 1.25", k, got)
		}
	}
}

// Without the reference, a black cube's top lit a little brighter than
// the light estimate allows for is still black when it is as cool as the
// palette's black; printed ink as light and as grey is warm, and is not.
func TestCoolBlackIsACubeWarmInkIsNot(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	black := uint8(r.black + 1)
	lab := make([]byte, r.ww*r.wh*3)
	bg := labOf(NominalBoard)
	for i := 0; i < r.ww*r.wh; i++ {
		lab[i*3], lab[i*3+1], lab[i*3+2] = byte(bg[0]), byte(bg[1]), byte(bg[2])
	}
	cool := byte(r.lab[r.black][2] - 1)
	rectBlob(r, black, 60, 60, 8, 8, lab, 52, 128, cool)
	rectBlob(r, black, 120, 60, 8, 8, lab, 52, 129, 132)
	cls := r.classify(lab)
	count := func(cx float64) int {
		n := 0
		for y := 0; y < r.wh; y++ {
			for x := 0; x < r.ww; x++ {
				if p := r.warpToBoard(float64(x)+0.5, float64(y)+0.5); math.Abs(p.X-cx) < 4 && math.Abs(p.Y-60) < 4 && cls[y*r.ww+x] == black {
					n++
				}
			}
		}
		return n
	}
	if n := count(60); n < 500 {
		t.Errorf("a cool black cube top of lightness 52: %d of 576 pixels black", n)
	}
	if n := count(120); n != 0 {
		t.Errorf("warm ink of lightness 52: %d pixels black", n)
	}
}

// The light field read row by row (correctField's way) and at single
// pixels (printShade's) gives every pixel the gain cellField stores, bit
// for bit, and corrects each row as normalizeInto does with it, before and after a darker print's factor: the read corrects
// the image exactly as it did when the whole gain was stored.
func TestLightFieldRowsAreCellFields(t *testing.T) {
	r := testCore(t)
	px := drawBoard(r, [3]byte{150, 180, 195}, [3]byte{50, 80, 110}, 0, 0)
	crowd(r, px, 140, 60, 48, [3]byte{22, 20, 20})
	want := append([]float32(nil), r.background(px, framePct)...)
	row := make([]float32, r.ww*3)
	for _, k := range []float32{1, 0.83} {
		f := r.cellGrid(px, framePct, false)
		f.scale(k)
		scaleGain(want, k)
		bad := 0
		norm := make([]byte, r.ww*3)
		for y := 0; y < r.wh; y++ {
			f.normRow(y, px[y*r.ww*3:], norm)
			if w := normalizeInto(make([]byte, r.ww*3), px[y*r.ww*3:(y+1)*r.ww*3], want[y*r.ww*3:]); !bytes.Equal(norm, w) {
				bad++
			}
			f.gainRow(y, row)
			for x := 0; x < r.ww; x++ {
				for c := 0; c < 3; c++ {
					w := want[(y*r.ww+x)*3+c]
					if row[x*3+c] != w || (x%7 == 0 && f.gainAt(x, y, c) != w) {
						bad++
					}
				}
			}
		}
		if bad > 0 {
			t.Errorf("factor %v: %d gains differ from cellField's", k, bad)
		}
	}
}

// With the reference the field is the reference's gain times the change
// of light: corrected row by row, the image is the one the stored gain
// gave.
func TestLightChangeRowsAreCellFields(t *testing.T) {
	r := testCore(t)
	r.refPx = drawBoard(r, [3]byte{160, 190, 200}, [3]byte{50, 80, 110}, 0, 0)
	r.refBG = make([]float32, len(r.refPx))
	for i := range r.refBG {
		r.refBG[i] = 0.9 + float32(i%7)/50
	}
	px := make([]byte, len(r.refPx))
	for i := range px {
		px[i] = byte(float64(r.refPx[i]) * 0.7)
	}
	crowd(r, px, 140, 60, 48, [3]byte{22, 20, 20})
	f := r.lightChange(px)
	got := make([]byte, len(px))
	w := r.ww * 3
	for y := 0; y < r.wh; y++ {
		f.normRow(y, px[y*w:(y+1)*w], got[y*w:(y+1)*w])
	}
	want := normalizeInto(make([]byte, len(px)), px, r.cellField(r.buf.enc, 0.5, true))
	if !bytes.Equal(got, want) {
		t.Error("the image corrected row by row differs from the one corrected by the stored gain")
	}
}

// A flat patch of a cube colour with less than fadedChroma of the colour's
// chroma (board under a shade's colour cast) is not a cube; the same patch
// as colourful as the paint is one, and so is a pale one whose side toward
// the camera is darker than its top (a cube in a shade).
func TestFadedFlatPatchIsNotACube(t *testing.T) {
	r := testCore(t)
	blue := -1
	for k, n := range r.names {
		if n == "blue" {
			blue = k
		}
	}
	if blue < 0 {
		t.Fatal("no blue in the default palette")
	}
	c := uint8(blue + 1)
	p := r.lab[blue]
	pale := func(f float64) (byte, byte) {
		return byte(math.Round(128 + f*(p[1]-128))), byte(math.Round(128 + f*(p[2]-128)))
	}
	s := r.layout.CubeMM * 0.95
	lab := make([]byte, r.ww*r.wh*3)
	a, b := pale(0.45)
	if ds := r.cubesOf(rectBlob(r, c, 60, 60, s, s, lab, 100, a, b), lab); len(ds) != 0 {
		t.Errorf("a flat pale blue patch was read as %+v, want nothing", ds)
	}
	lab = make([]byte, r.ww*r.wh*3)
	a, b = pale(1)
	if ds := r.cubesOf(rectBlob(r, c, 60, 60, s, s, lab, 100, a, b), lab); len(ds) != 1 {
		t.Errorf("a flat blue cube was read as %+v, want one cube", ds)
	}
	lab = make([]byte, r.ww*r.wh*3)
	a, b = pale(0.45)
	top := rectBlob(r, c, 60, 58, s, s*0.7, lab, 100, a, b)
	side := rectBlob(r, c, 60, 58+s*0.5, s, s*0.3, lab, 70, a, b)
	if ds := r.cubesOf(blob{cls: c, pix: append(top.pix, side.pix...)}, lab); len(ds) != 1 {
		t.Errorf("a pale blue cube with a darker side was read as %+v, want one cube", ds)
	}
}
