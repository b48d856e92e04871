package vision

import (
	"math"
	"slices"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// fill paints the board rectangle [x0,x1]x[y0,y1] mm of a warped BGR image
// (clipped to the image: a hand may reach in from beyond the board).
func fill(r *core, px []byte, x0, y0, x1, y1 float64, col [3]byte) {
	for y := 0; y < r.wh; y++ {
		for x := 0; x < r.ww; x++ {
			p := r.warpToBoard(float64(x)+0.5, float64(y)+0.5)
			if p.X >= x0 && p.X < x1 && p.Y >= y0 && p.Y < y1 {
				copy(px[(y*r.ww+x)*3:], col[:])
			}
		}
	}
}

// overAt counts the pixels overBoard marked in the board rectangle around
// (x, y) mm, half as wide as h.
func overAt(r *core, over []bool, x, y, h float64) (n, of int) {
	for yy := 0; yy < r.wh; yy++ {
		for xx := 0; xx < r.ww; xx++ {
			p := r.warpToBoard(float64(xx)+0.5, float64(yy)+0.5)
			if math.Abs(p.X-x) < h && math.Abs(p.Y-y) < h {
				of++
				if over != nil && over[yy*r.ww+xx] {
					n++
				}
			}
		}
	}
	return n, of
}

// Without the reference, a hand reaching in over the board's edge is found
// (it is not the board, and was read as cubes along its fringe), while an
// orange cube, a brown printed icon and the borders' wood beside it are
// not; the light estimate leaves it out, and no cube is read on it.
func TestOverBoardFindsAHandNotCubesOrPrint(t *testing.T) {
	r := testCore(t)
	// BGR, under a warm light: the board, the borders' wood, skin, an
	// orange cube, brown ink.
	floor, wood := [3]byte{150, 180, 200}, [3]byte{60, 95, 130}
	skin, orange, ink := [3]byte{105, 135, 190}, [3]byte{25, 110, 215}, [3]byte{35, 55, 80}
	px := drawBoard(r, floor, wood, 0, 0)
	fill(r, px, 150, -20, 230, 30, skin)  // a hand over the top-right corner
	fill(r, px, 100, 80, 108, 88, orange) // a cube
	fill(r, px, 40, 80, 52, 92, ink)      // an icon
	over := r.overBoard(px)
	if n, of := overAt(r, over, 180, 15, 10); n < of*9/10 {
		t.Errorf("the hand: %d of %d pixels found", n, of)
	}
	for _, c := range [][2]float64{{104, 84}, {46, 86}, {115, 60}} { // cube, icon, a border
		if n, _ := overAt(r, over, c[0], c[1], 4); n != 0 {
			t.Errorf("%v: %d pixels taken for a hand", c, n)
		}
	}
	// The light under the hand is the board's around it, not the hand's.
	light, over := r.noRefLight(px)
	if over == nil {
		t.Fatal("noRefLight found no hand")
	}
	gain := make([]float32, r.ww*r.wh*3)
	for y := 0; y < r.wh; y++ {
		light.gainRow(y, gain[y*r.ww*3:])
	}
	for k := 0; k < 3; k++ {
		clear, under := gainAt(r, gain, 120, 60, k), gainAt(r, gain, 190, 10, k)
		if math.Abs(under-clear) > 0.08*clear {
			t.Errorf("channel %d: gain %.2f under the hand, %.2f on the bare board", k, under, clear)
		}
	}
}

// Without the reference, nothing is taken for a hand on a board with
// cubes and print only (the hull's band along an edge aside).
func TestOverBoardFindsNothingWithoutAHand(t *testing.T) {
	r := testCore(t)
	px := drawBoard(r, [3]byte{150, 180, 200}, [3]byte{60, 95, 130}, 0, 0)
	crowd(r, px, 140, 60, 48, [3]byte{25, 110, 215})
	fill(r, px, 40, 80, 52, 92, [3]byte{35, 55, 80})
	if over := r.overBoard(px); over != nil {
		n, _ := overAt(r, over, 100, 60, 100)
		t.Errorf("%d pixels taken for a hand", n)
	}
}

// Without the reference, dark print as dark and grey as a black cube but
// warm (yellow) is not black, pixel by pixel; a black cube is.
func TestInkBlackIsNotACube(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	black := uint8(r.black + 1)
	lab := make([]byte, r.ww*r.wh*3)
	bg := labOf(NominalBoard)
	for i := 0; i < r.ww*r.wh; i++ {
		lab[i*3], lab[i*3+1], lab[i*3+2] = byte(bg[0]), byte(bg[1]), byte(bg[2])
	}
	cube := byte(math.Round(r.lab[r.black][2]))
	warm := byte(math.Round(r.lab[r.black][2] + 5))
	rectBlob(r, black, 60, 60, 8, 8, lab, 30, 128, cube)
	rectBlob(r, black, 120, 60, 8, 8, lab, 30, 129, warm)
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
		t.Errorf("a black cube's top: %d of 576 pixels black", n)
	}
	if n := count(120); n != 0 {
		t.Errorf("warm ink as dark: %d pixels black", n)
	}
}

// discBlob is a blob of colour cls: a disc of radius rad mm centred at
// board point (cx, cy), painted l, a, b into lab.
func discBlob(r *core, cls uint8, cx, cy, rad float64, lab []byte, l, a, b byte) blob {
	bl := blob{cls: cls}
	for y := 0; y < r.wh; y++ {
		for x := 0; x < r.ww; x++ {
			if r.warpToBoard(float64(x)+0.5, float64(y)+0.5).Sub(board.Point{X: cx, Y: cy}).Len() < rad {
				i := y*r.ww + x
				bl.pix = append(bl.pix, int32(i))
				lab[i*3], lab[i*3+1], lab[i*3+2] = l, a, b
			}
		}
	}
	return bl
}

// Without the reference, where the camera sees a cube's sides, a flat
// printed disc of grey ink a little warmer than the palette's black (too
// little for the warm rule) is not a black cube; a cube of that tone whose
// side toward the camera shows darker than its top is one, and so is a
// flat blob as cool as the black paint (a cube whose sides are lost).
func TestFlatGreyInkIsNotABlackCube(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	// Camera 300 mm above (100, 60): at x = 20 a cube's sides show 2.2 mm.
	r.pose = board.CameraPose{Nadir: board.Point{X: 100, Y: 60}, Height: 300}
	if d := r.sideShift(board.Point{X: 20, Y: 60}); d < flatMinShift {
		t.Fatalf("sides of %.1f mm: the scene does not test the rule", d)
	}
	black := uint8(r.black + 1)
	cool := byte(math.Round(r.lab[r.black][2]))
	grey := cool + 2 // warmer than the paint, under the warm rule's 2.5
	lab := make([]byte, r.ww*r.wh*3)
	// A disc of a cube's area and a half.
	rad := math.Sqrt(1.5*r.expectedArea(board.Point{X: 20, Y: 60})/math.Pi) / r.s
	if ds := r.cubesOf(discBlob(r, black, 20, 60, rad, lab, 30, 128, grey), lab); len(ds) != 0 {
		t.Errorf("a flat grey printed disc was read as %+v, want nothing", ds)
	}
	// The cube: its top, and its side toward the camera (x > 20) darker.
	s := r.layout.CubeMM * 0.95
	side := r.sideShift(board.Point{X: 20, Y: 60})
	lab = make([]byte, r.ww*r.wh*3)
	top := rectBlob(r, black, 20-side/2, 60, s, s, lab, 32, 128, grey)
	sides := rectBlob(r, black, 20+s/2, 60, side, s, lab, 18, 128, grey)
	cube := blob{cls: black, pix: append(top.pix, sides.pix...)}
	if ds := r.cubesOf(cube, lab); len(ds) != 1 || ds[0].unreadable {
		t.Errorf("a grey black cube with its darker side was read as %+v, want one cube", ds)
	}
	lab = make([]byte, r.ww*r.wh*3)
	flat := rectBlob(r, black, 20, 60, s, s, lab, 30, 128, cool)
	if ds := r.cubesOf(flat, lab); len(ds) != 1 || ds[0].unreadable {
		t.Errorf("a flat cube as cool as the black paint was read as %+v, want one cube", ds)
	}
}

// Without the reference, where the camera is nearly above it (no sides to
// show a step), a flat printed disc of grey ink a little red and yellow
// (each too little alone: under the warm and the yellow rules) is not a
// black cube, nor where it shows 1.2 mm of sides but no step; a flat black
// cube there, as cool as its paint, is one cube, and so is a red-grey
// cube whose side toward the camera is darker than its top (redGreyInk).
func TestFlatRedGreyInkBelowTheCamera(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	// Camera 300 mm above (100, 60): at (80, 60) a cube's sides show 0.55
	// mm, at (56, 60) 1.2 mm; at (20, 60) 2.2 mm.
	r.pose = board.CameraPose{Nadir: board.Point{X: 100, Y: 60}, Height: 300}
	black := uint8(r.black + 1)
	a0, b0 := r.lab[r.black][1], r.lab[r.black][2]
	// Redder by 2, yellower by 1.5: 3.5 together.
	red, yellow := byte(math.Round(a0+2)), byte(math.Round(b0+1.5))
	coolA, coolB := byte(math.Round(a0+0.5)), byte(math.Round(b0+0.5))
	for _, x := range []float64{100, 80, 56} {
		if d := r.sideShift(board.Point{X: x, Y: 60}); d >= flatMinShift {
			t.Fatalf("sides of %.1f mm at x=%v: the yellow rule could judge it", d, x)
		}
		lab := make([]byte, r.ww*r.wh*3)
		rad := math.Sqrt(1.2*r.expectedArea(board.Point{X: x, Y: 60})/math.Pi) / r.s
		if ds := r.cubesOf(discBlob(r, black, x, 60, rad, lab, 30, red, yellow), lab); len(ds) != 0 {
			t.Errorf("x=%v: a flat red-grey printed disc was read as %+v, want nothing", x, ds)
		}
		lab = make([]byte, r.ww*r.wh*3)
		s := r.layout.CubeMM * 0.95
		if ds := r.cubesOf(rectBlob(r, black, x, 60, s, s, lab, 30, coolA, coolB), lab); len(ds) != 1 || ds[0].unreadable {
			t.Errorf("x=%v: a flat cool black cube was read as %+v, want one cube", x, ds)
		}
	}
	// Where the sides show, a cube of the red-grey tone with its darker
	// side is not flat: one cube.
	s := r.layout.CubeMM * 0.95
	side := r.sideShift(board.Point{X: 20, Y: 60})
	lab := make([]byte, r.ww*r.wh*3)
	top := rectBlob(r, black, 20-side/2, 60, s, s, lab, 32, red, yellow)
	sides := rectBlob(r, black, 20+s/2, 60, side, s, lab, 18, red, yellow)
	if ds := r.cubesOf(blob{cls: black, pix: append(top.pix, sides.pix...)}, lab); len(ds) != 1 || ds[0].unreadable {
		t.Errorf("a red-grey black cube with its darker side was read as %+v, want one cube", ds)
	}
}

// Without the reference, a black cube touching the red-grey ink makes one
// blob with it, longer than a cube: split in two, the ink's piece, smaller
// than a cube and red-grey, is dropped, and one cube is read where the
// cube lies, not two (an invented cube beside it).
func TestRedGreyInkBesideABlackCube(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	black := uint8(r.black + 1)
	a0, b0 := r.lab[r.black][1], r.lab[r.black][2]
	s := r.layout.CubeMM * 0.95
	lab := make([]byte, r.ww*r.wh*3)
	// The ink first: the cube covers what they share.
	rad := math.Sqrt(0.5*r.expectedArea(board.Point{X: 60, Y: 60})/math.Pi) / r.s
	disc := discBlob(r, black, 60+s/2+rad*0.6, 60, rad, lab, 34, byte(math.Round(a0+3)), byte(math.Round(b0+3)))
	cube := rectBlob(r, black, 60, 60, s, s, lab, 24, byte(math.Round(a0)), byte(math.Round(b0)))
	in := map[int32]bool{}
	bl := blob{cls: black}
	for _, i := range append(cube.pix, disc.pix...) {
		if !in[i] {
			in[i] = true
			bl.pix = append(bl.pix, i)
		}
	}
	ds := r.cubesOf(bl, lab)
	if len(ds) != 1 || ds[0].unreadable || ds[0].at.Sub(board.Point{X: 60, Y: 60}).Len() > 2 {
		t.Errorf("a black cube at (60, 60) touching red-grey ink was read as %+v, want one cube there", ds)
	}
}

// labBoard is a corrected top-down image in Lab showing the bare board
// everywhere (the ground around it too).
func labBoard(r *core) []byte {
	lab := make([]byte, r.ww*r.wh*3)
	bg := r.bgLab
	for i := 0; i < r.ww*r.wh; i++ {
		lab[i*3], lab[i*3+1], lab[i*3+2] = byte(bg[0]), byte(bg[1]), byte(bg[2])
	}
	return lab
}

// paintLab paints the board rectangle [x0,x1]x[y0,y1] mm of a Lab image.
func paintLab(r *core, lab []byte, x0, y0, x1, y1 float64, c [3]float64) {
	for y := 0; y < r.wh; y++ {
		for x := 0; x < r.ww; x++ {
			if p := r.warpToBoard(float64(x)+0.5, float64(y)+0.5); p.X >= x0 && p.X < x1 && p.Y >= y0 && p.Y < y1 {
				i := (y*r.ww + x) * 3
				lab[i], lab[i+1], lab[i+2] = byte(math.Round(c[0])), byte(math.Round(c[1])), byte(math.Round(c[2]))
			}
		}
	}
}

// Without the reference, the top of an orange cube at the board's edge
// that the camera sees partly beyond the edge is read whole: one cube in
// its zone, not too small a piece (missed); black beyond the edge (the
// table, the hull) is still not read.
func TestCubeTopBeyondTheEdgeIsRead(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	orange := slices.Index(r.names, "orange")
	W := r.layout.Width
	s := r.layout.CubeMM * 0.95
	lab := labBoard(r)
	// Half the top beyond the right edge, beside the middle of it.
	paintLab(r, lab, W-s/2, 30, W+s/2, 30+s, r.lab[orange])
	// Black beyond the left edge only.
	paintLab(r, lab, -s, 70, 0, 70+s, r.lab[r.black])
	ds := r.blobs(r.classify(lab), lab)
	if len(ds) != 1 || ds[0].color != "orange" || ds[0].unreadable {
		t.Fatalf("read %+v, want one orange cube", ds)
	}
	if d := ds[0].at.Sub(board.Point{X: W, Y: 30 + s/2}).Len(); d > 1 {
		t.Errorf("the cube read %.1f mm from where its top lies", d)
	}
}

// Without the reference, a black cube's top on a border's strip lit a
// little brighter than darkBlack allows is black when it is as cool and
// grey as the paint; the borders' brown wood as dark is not.
func TestCoolBlackOnABorder(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	// A pixel on a border's strip.
	at := -1
	for i, in := range r.inStrip {
		if in && !r.outside[i] {
			at = i
			break
		}
	}
	if at < 0 {
		t.Fatal("no border strip")
	}
	lab := labBoard(r)
	bl := r.lab[r.black]
	set := func(l, a, b float64) {
		lab[at*3], lab[at*3+1], lab[at*3+2] = byte(l), byte(math.Round(a)), byte(math.Round(b))
	}
	set(48, bl[1], bl[2])
	if cls := r.classify(lab); cls[at] != uint8(r.black+1) {
		t.Errorf("a cool grey black top at L 48 on a border: class %d, want black", cls[at])
	}
	set(48, bl[1]+1, bl[2]+5)
	if cls := r.classify(lab); cls[at] != 0 {
		t.Errorf("brown wood at L 48 on a border: class %d, want none", cls[at])
	}
}

// edgeCube paints, in a Lab image of the bare board, what a camera at pose
// sees of a black cube whose footprint spans [x0,x0+s] x [y0,y0+s] mm: the
// footprint (its sides seen) and its top, shifted away from the point below
// the camera, as one rectangle along x (the cube lies straight out from the
// camera's nadir on the board's middle row).
func edgeCube(r *core, lab []byte, x0, y0 float64) {
	s := r.layout.CubeMM
	top := r.pose.Parallax(board.Point{X: x0 + s/2, Y: y0 + s/2}, s).X - s/2
	paintLab(r, lab, math.Min(top, x0), y0, math.Max(top+s, x0+s), y0+s, r.lab[r.black])
}

// Without the reference, a black cube lying at the board's left edge, seen
// from a camera far inward of it, shows most of its top beyond the edge: it
// is one cube where it lies, not too small a piece of one (missed, or "0
// or 1 cube?"); a dark table along the whole edge beside it is not taken
// in (no heap of cubes, nothing invented: what is on the board is asked
// about), and black beyond the edge alone is nothing.
func TestBlackCubeTopBeyondTheEdgeIsRead(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	H := r.layout.Height
	r.pose = board.CameraPose{Nadir: board.Point{X: 150, Y: H / 2}, Height: 200}
	s := r.layout.CubeMM
	foot := board.Point{X: 0.5 + s/2, Y: H/2 - s/2 + s/2}
	check := func(what string, lab []byte) {
		t.Helper()
		ds := r.blobs(r.classify(lab), lab)
		if len(ds) != 1 || ds[0].color != "black" || ds[0].unreadable {
			t.Fatalf("%s: read %+v, want one black cube", what, ds)
		}
		if d := ds[0].at.Sub(foot).Len(); d > 1.5 {
			t.Errorf("%s: the cube read %.1f mm from where it lies", what, d)
		}
	}
	lab := labBoard(r)
	edgeCube(r, lab, 0.5, H/2-s/2)
	check("a cube at the edge", lab)
	// A table as dark and grey as the cube all along the edge, as far out
	// as a cube's top can show there.
	paintLab(r, lab, -2.5, 0, 0, H, r.lab[r.black])
	if ds := r.blobs(r.classify(lab), lab); len(ds) != 1 || ds[0].why == WhyHeap || ds[0].at.Sub(foot).Len() > s {
		t.Errorf("on a dark table: read %+v, want the one cube (or a question about it)", ds)
	}
	lab = labBoard(r)
	paintLab(r, lab, -s, 20, 0, 20+s, r.lab[r.black])
	if ds := r.blobs(r.classify(lab), lab); len(ds) != 0 {
		t.Errorf("black beyond the edge alone: read %+v, want nothing", ds)
	}
}

// Without the reference, of two cubes lying one behind the other, away from
// the point below the camera, the nearer hides the farther one's sides: the
// pair covers about 1.5 cubes' area, between two counts, though one cube
// could not be so long. It is read as the two cubes, not "1 or 2 cubes?".
func TestCubesHidingTheirSidesAreCounted(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	orange := slices.Index(r.names, "orange")
	s := r.layout.CubeMM
	y0 := 50.0
	r.pose = board.CameraPose{Nadir: board.Point{X: -100, Y: y0 + s/2}, Height: 208}
	x0 := 96.0
	// The pair's footprints [x0, x0+2s], and the farther top shifted
	// away from the nadir by the sides' width there.
	far := r.pose.Parallax(board.Point{X: x0 + 1.5*s, Y: y0 + s/2}, s).X + s/2
	lab := labBoard(r)
	paintLab(r, lab, x0, y0, far, y0+s, r.lab[orange])
	ds := r.blobs(r.classify(lab), lab)
	if len(ds) != 2 || ds[0].unreadable || ds[1].unreadable {
		t.Fatalf("read %+v, want two orange cubes", ds)
	}
	for _, want := range []float64{x0 + s/2, x0 + 1.5*s} {
		ok := false
		for _, d := range ds {
			ok = ok || d.at.Sub(board.Point{X: want, Y: y0 + s/2}).Len() < 3
		}
		if !ok {
			t.Errorf("no cube read near %.0f mm: %+v", want, ds)
		}
	}
}

// speckle keeps the pixels of a blob that a fixed scatter picks, about
// fill of them: black read in specks, as grey ink lit near the black limit
// is (or a black cube in a very noisy photograph).
func speckle(r *core, b blob, fill float64) blob {
	out := blob{cls: b.cls}
	for _, i := range b.pix {
		x, y := uint32(int(i)%r.ww), uint32(int(i)/r.ww)
		if float64((x*73856093^y*19349663)%1000) < fill*1000 {
			out.pix = append(out.pix, i)
		}
	}
	return out
}

// union is the blob of a's pixels and b's not in a.
func union(a, b blob) blob {
	in := map[int32]bool{}
	out := blob{cls: a.cls}
	for _, i := range append(append([]int32(nil), a.pix...), b.pix...) {
		if !in[i] {
			in[i] = true
			out.pix = append(out.pix, i)
		}
	}
	return out
}

// Without the reference, a black cube touching an icon's grey ink that is
// read black only in specks makes one blob too long for one cube: the
// cube added for its length takes the ink, and it is dropped (raggedInk),
// so one cube is read where the cube lies, not a second one beside it.
// Two black cubes side by side both read in specks (a noisy photograph:
// as ragged as each other) are still two. Red-grey ink in specks beside a
// cube, large enough for the area to say two cubes, is dropped too.
func TestRaggedInkIsNotASecondCube(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	black := uint8(r.black + 1)
	a0, b0 := byte(math.Round(r.lab[r.black][1])), byte(math.Round(r.lab[r.black][2]))
	s := r.layout.CubeMM * 0.95
	at := board.Point{X: 60, Y: 60}

	lab := make([]byte, r.ww*r.wh*3)
	rad := 0.45 * r.layout.CubeMM
	ink := speckle(r, discBlob(r, black, 60+s/2+rad*0.8, 60, rad, lab, 30, a0, b0), 0.5)
	cube := rectBlob(r, black, 60, 60, s, s, lab, 24, a0, b0)
	ds := r.cubesOf(union(cube, ink), lab)
	if len(ds) != 1 || ds[0].at.Sub(at).Len() > 2 {
		t.Errorf("a black cube at (60, 60) touching specks of ink was read as %+v, want one cube there", ds)
	}

	lab = make([]byte, r.ww*r.wh*3)
	pair := speckle(r, rectBlob(r, black, 60+s/2, 60, 2*s, s, lab, 24, a0, b0), 0.65)
	if ratio := float64(len(pair.pix)) / r.expectedArea(at); math.Round(ratio) != 1 {
		t.Fatalf("the speckled pair holds %.2f cubes' area: the count would not come from its shape", ratio)
	}
	ds = r.cubesOf(pair, lab)
	if len(ds) != 2 {
		t.Errorf("two black cubes side by side, read in specks, were read as %+v, want two", ds)
	}

	// Red-grey ink beside the cube, its lightness spread as a cube's
	// would be (not flat print), read in specks: the blob's area says
	// two cubes, the ink's part is dropped for its colour and its specks.
	lab = make([]byte, r.ww*r.wh*3)
	blot := speckle(r, rectBlob(r, black, 60+s, 60, 1.2*s, 1.2*s, lab, 30, a0+2, b0+2), 0.7)
	for k, i := range blot.pix {
		lab[int(i)*3] = byte(16 + 4*(k%5))
	}
	cube = rectBlob(r, black, 60, 60, s, s, lab, 24, a0, b0)
	both := union(cube, blot)
	if ratio := float64(len(both.pix)) / r.expectedArea(at); math.Round(ratio) != 2 {
		t.Fatalf("the cube and the ink hold %.2f cubes' area: the count would not come from the area", ratio)
	}
	ds = r.cubesOf(both, lab)
	if len(ds) != 1 || ds[0].at.Sub(at).Len() > 2 {
		t.Errorf("a black cube at (60, 60) beside specks of red-grey ink was read as %+v, want one cube there", ds)
	}
}

// Without the reference, a black cube whose top the light estimate left
// too bright and warm for the black limits (a crowded or shaded cell) is
// read black only along its darker side, under half a cube: the second
// look grows it into the dark grey pixels of its top, and it is one cube
// where it lies. A dark piece of a cube already read, with the same grey
// beside it, is not a second cube; nor is a dark speck in a grey icon
// larger than a cube.
func TestSecondLookFindsAWarmTop(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	s := r.layout.CubeMM * 0.95
	bk := r.lab[r.black]
	warmTop := [3]float64{50, bk[1], bk[2] + 2.5}
	side := [3]float64{25, bk[1], bk[2]}

	lab := labBoard(r)
	paintLab(r, lab, 60-s/2, 60-s/2, 60+s/2, 60+s/2, warmTop)
	paintLab(r, lab, 60-s/2, 60-s/2, 60-s/6, 60+s/2, side)
	ds := r.blobs(r.classify(lab), lab)
	if len(ds) != 1 || ds[0].color != "black" || ds[0].unreadable || ds[0].at.Sub(board.Point{X: 60, Y: 60}).Len() > 1.5 {
		t.Errorf("a black cube at (60, 60) with a warm top was read as %+v, want one black cube there", ds)
	}

	// A cube read whole, a dark speck beside it on its grey: one cube.
	lab = labBoard(r)
	paintLab(r, lab, 60-s/2, 60-s/2, 60+s/2, 60+s/2, side)
	paintLab(r, lab, 60+s/2, 60-s/2, 60+1.2*s, 60+s/2, warmTop)
	paintLab(r, lab, 60+0.65*s, 60-s/4, 60+0.95*s, 60+s/4, side)
	if ds := r.blobs(r.classify(lab), lab); len(ds) != 1 || ds[0].at.Sub(board.Point{X: 60, Y: 60}).Len() > 1.5 {
		t.Errorf("a black cube at (60, 60) beside a dark speck on grey was read as %+v, want one cube there", ds)
	}

	// A dark speck in a grey icon three cubes large: nothing.
	lab = labBoard(r)
	paintLab(r, lab, 60-s, 60-s, 60+s, 60+s/2, warmTop)
	paintLab(r, lab, 60-s/4, 60-s/4, 60+s/4, 60+s/4, side)
	if ds := r.blobs(r.classify(lab), lab); len(ds) != 0 {
		t.Errorf("a dark speck in a large grey icon was read as %+v, want nothing", ds)
	}
}

// Without a reference, a black cube's top under a local yellow cast the
// light estimate missed (the board around it 10 yellower than bgLab) is
// yellower still than secondLook's limit and the warm rule allow on the
// plain board; judged under the ring's light (ringCast) it is one cube.
// Dark ink much yellower than that cast explains stays nothing.
func TestSecondLookAllowsALocalCast(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	s := r.layout.CubeMM * 0.95
	bk := r.lab[r.black]
	cast := r.bgLab
	cast[2] += 10
	side := [3]float64{25, bk[1], bk[2] + 1.5}
	for _, c := range []struct {
		topB float64
		want int
	}{{5.5, 1}, {9, 0}} {
		lab := labBoard(r)
		paintLab(r, lab, 60-3*s, 60-3*s, 60+3*s, 60+3*s, cast)
		paintLab(r, lab, 60-s/2, 60-s/2, 60+s/2, 60+s/2, [3]float64{45, bk[1], bk[2] + c.topB})
		paintLab(r, lab, 60-s/2, 60-s/2, 60-s/6, 60+s/2, side)
		ds := r.blobs(r.classify(lab), lab)
		if len(ds) != c.want || c.want == 1 && (ds[0].color != "black" || ds[0].unreadable || ds[0].at.Sub(board.Point{X: 60, Y: 60}).Len() > 1.5) {
			t.Errorf("a black top %.1f yellower than the paint under a cast was read as %+v, want %d black cube(s) at (60, 60)", c.topB, ds, c.want)
		}
	}
}

// Without a reference, a black cube near the board's far edge (its sides
// 6 mm wide in the photograph) with an orange cube standing against its
// side toward the camera shows its top alone, under half a cube's
// expected area (or a little more: "0 or 1 cube?"): it is one black cube,
// its footprint a side's width from its top toward the camera
// (sidesCovered). The same top with nothing
// beside it, a black piece as large but too long for a top beside the
// orange cube, and the top with the orange cube on its far side are
// nothing.
func TestBlackTopBesideACubeIsACube(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	r.pose = board.CameraPose{Nadir: board.Point{X: 100, Y: 60}, Height: 120}
	at := board.Point{X: 185, Y: 60} // where the top shows
	s := r.layout.CubeMM
	shift := r.sideShift(at)
	if shift < 5.5 {
		t.Fatalf("sides of %.1f mm: the scene does not test the rule", shift)
	}
	orange := r.lab[slices.Index(r.names, "orange")]
	top := 0.85 * s // a top's edges blur into the board
	paint := func(w, h, orangeX float64) []detection {
		lab := labBoard(r)
		if orangeX != 0 {
			paintLab(r, lab, orangeX-s/2, at.Y-s/2, orangeX+s/2, at.Y+s/2, orange)
		}
		paintLab(r, lab, at.X-w/2, at.Y-h/2, at.X+w/2, at.Y+h/2, r.lab[r.black])
		var black []detection
		for _, d := range r.blobs(r.classify(lab), lab) {
			if d.color == "black" {
				black = append(black, d)
			}
		}
		return black
	}
	if n := top * top * r.s * r.s / r.expectedArea(at); n >= minBlob {
		t.Fatalf("the top holds %.2f of a cube: read without the rule", n)
	}
	// The orange cube against the black one, on the camera's side; the
	// top a little larger is "0 or 1 cube?" without the rule.
	foot := board.Point{X: at.X - shift, Y: at.Y}
	for _, w := range []float64{top, 0.95 * s} {
		ds := paint(w, w, at.X-s-0.5)
		if len(ds) != 1 || ds[0].unreadable || ds[0].at.Sub(foot).Len() > 1.5 {
			t.Errorf("a black top %.1f mm wide beside an orange cube on the camera's side was read as %+v, want one black cube at %v", w, ds, foot)
		}
	}
	for _, c := range []struct {
		name          string
		w, h, orangeX float64
	}{
		{"alone", top, top, 0},
		{"too long", 0.6 * top, top / 0.6, at.X - s - 0.5},
		{"the orange cube beyond it", top, top, at.X + s + 0.5},
	} {
		if ds := paint(c.w, c.h, c.orangeX); len(ds) != 0 {
			t.Errorf("%s: read %+v, want no black cube", c.name, ds)
		}
	}
}

// Without a reference, a black cube's top lit brighter than coolBlack
// takes (L 62, as on the tuning seeds 5654 and 5822) but as cool as the
// paint, read black only along its darker side, grows into the rest of
// the top: one cube where it lies. The same top 3 yellower than the paint
// (grey ink that light) stays nothing.
func TestSecondLookTakesABrightCoolTop(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	s := r.layout.CubeMM * 0.95
	bk := r.lab[r.black]
	side := [3]float64{25, bk[1], bk[2]}
	for _, c := range []struct {
		topB float64
		want int
	}{{0, 1}, {3, 0}} {
		lab := labBoard(r)
		paintLab(r, lab, 60-s/2, 60-s/2, 60+s/2, 60+s/2, [3]float64{62, bk[1], bk[2] + c.topB})
		paintLab(r, lab, 60-s/2, 60-s/2, 60-s/6, 60+s/2, side)
		ds := r.blobs(r.classify(lab), lab)
		if len(ds) != c.want || c.want == 1 && (ds[0].color != "black" || ds[0].unreadable || ds[0].at.Sub(board.Point{X: 60, Y: 60}).Len() > 1.5) {
			t.Errorf("a black top at L 62, %.0f yellower than the paint, was read as %+v, want %d black cube(s) at (60, 60)", c.topB, ds, c.want)
		}
	}
}

// Without the reference, the red-grey ink under a shade's bluish light
// stays red (Lab a 5 over the black paint) but is no yellower than the
// paint: a piece of it 0.6 of a cube large is not a black cube
// (redGreyInk's red alone); a black cube's piece as large, as neutral as
// its paint, is still one.
func TestRedInkUnderABluishShade(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	black := uint8(r.black + 1)
	a0, b0 := r.lab[r.black][1], r.lab[r.black][2]
	rad := math.Sqrt(0.6*r.expectedArea(board.Point{X: 60, Y: 60})/math.Pi) / r.s
	lab := make([]byte, r.ww*r.wh*3)
	ink := discBlob(r, black, 60, 60, rad, lab, 40, byte(math.Round(a0+5)), byte(math.Round(b0)))
	if ds := r.cubesOf(ink, lab); len(ds) != 0 {
		t.Errorf("red ink no yellower than the black paint was read as %+v, want nothing", ds)
	}
	lab = make([]byte, r.ww*r.wh*3)
	cube := discBlob(r, black, 60, 60, rad, lab, 40, byte(math.Round(a0+1)), byte(math.Round(b0)))
	if ds := r.cubesOf(cube, lab); len(ds) != 1 {
		t.Errorf("a neutral black piece of 0.6 of a cube was read as %+v, want one cube", ds)
	}
}

// Without the reference, a black cube balanced on a border whose top comes
// out a little purple (Lab a 3.5 over the paint, b 4 under it: more colour
// than stripChroma, and on the strip unlabelled but for the pieces off it)
// with a darker side is one black cube where it stands (stripGrey); brown
// wood as dark and as colourful stays nothing.
func TestBluishBlackTopOnABorder(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	// A point on a border line, the border running along y.
	var on board.Point
	found := false
	for x := 20.0; x < 180 && !found; x += 0.25 {
		for y := 30.0; y < 90 && !found; y += 0.25 {
			p := board.Point{X: x, Y: y}
			if r.layout.BorderDist(p) < 0.1 && r.layout.BorderDist(board.Point{X: x, Y: y - 10}) < 0.3 && r.layout.BorderDist(board.Point{X: x, Y: y + 10}) < 0.3 &&
				r.layout.BorderDist(board.Point{X: x - 8, Y: y}) > 6 && r.layout.BorderDist(board.Point{X: x + 8, Y: y}) > 6 {
				on, found = p, true
			}
		}
	}
	if !found {
		t.Fatal("no border line along y")
	}
	s := r.layout.CubeMM * 0.95
	bl := r.lab[r.black]
	for _, c := range []struct {
		name string
		col  [3]float64
		want int
	}{{"a bluish black top", [3]float64{38, bl[1] + 3.5, bl[2] - 4}, 1}, {"brown wood", [3]float64{38, bl[1] + 4, bl[2] + 6}, 0}} {
		lab := labBoard(r)
		paintLab(r, lab, on.X-s/2, on.Y-s/2, on.X+s/2, on.Y+s/2, c.col)
		side := c.col
		side[0] = 20
		paintLab(r, lab, on.X-s/2, on.Y-s/2, on.X+s/2, on.Y-s/6, side)
		ds := r.blobs(r.classify(lab), lab)
		if len(ds) != c.want || c.want == 1 && (ds[0].color != "black" || ds[0].unreadable || ds[0].at.Sub(on).Len() > 1.5) {
			t.Errorf("%s on a border at %v was read as %+v, want %d black cube(s) there", c.name, on, ds, c.want)
		}
	}
}
