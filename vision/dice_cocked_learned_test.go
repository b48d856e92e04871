package vision

import (
	"math"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// strokeFace is a learned face's template: ink (1) on the cells of the
// given rectangles (first and last column and row, on the faceN grid).
func strokeFace(rects ...[4]int) []float64 {
	t := make([]float64, faceN*faceN)
	for _, q := range rects {
		for j := q[2]; j <= q[3]; j++ {
			for i := q[0]; i <= q[1]; i++ {
				t[j*faceN+i] = 1
			}
		}
	}
	return t
}

// testLearned is the test set's learned die ("mm") with six drawn faces:
// a block numeral 2 (face 2) and five other shapes.
func testLearned() *LearnedFaces {
	two := strokeFace([4]int{4, 15, 3, 5}, [4]int{13, 15, 3, 10}, [4]int{4, 15, 9, 11}, [4]int{4, 6, 9, 16}, [4]int{4, 15, 14, 16})
	return &LearnedFaces{Dice: []LearnedDie{{
		ID:     "mm",
		Labels: [6]string{"icon", "1", "2", "3", "4", "icon"},
		Paint:  [3]float64{30, 60, 120},
		Ink:    [3]float64{230, 230, 230},
		Faces: [6][]float64{
			strokeFace([4]int{5, 14, 5, 14}),
			strokeFace([4]int{9, 11, 3, 16}),
			two,
			strokeFace([4]int{4, 15, 3, 5}, [4]int{13, 15, 3, 16}, [4]int{7, 15, 9, 11}, [4]int{4, 15, 14, 16}),
			strokeFace([4]int{4, 6, 3, 11}, [4]int{4, 15, 9, 11}, [4]int{12, 14, 3, 16}),
			strokeFace([4]int{3, 16, 9, 10}, [4]int{9, 10, 3, 16}),
		},
	}}}
}

// drawnPrint is a patch around top (mm, plane of the tops) showing the
// template t on a die of side s, its print stretched by su along x and sv
// along y (1, 1: a flat die's top); paint and ink are its brightness.
func drawnPrint(top board.Point, s float64, t []float64, su, sv float64, paint, ink float32) *topPatch {
	const half = 14.0
	p := &topPatch{x0: top.X - half, y0: top.Y - half, n: int(2 * half * patchPx)}
	p.lum = make([]float32, p.n*p.n)
	p.nt = (p.n + patchTile - 1) / patchTile
	p.done = make([]bool, p.nt*p.nt)
	for i := range p.done {
		p.done[i] = true
	}
	for j := 0; j < p.n; j++ {
		for i := 0; i < p.n; i++ {
			// The cell of the template under the pixel's centre, in
			// sides of the face (the grid spans 0.86 of it).
			u := ((float64(i)+0.5)/patchPx - half) / (su * s)
			v := ((float64(j)+0.5)/patchPx - half) / (sv * s)
			gi := (u/0.86 + 0.5) * (faceN - 1)
			gj := (v/0.86 + 0.5) * (faceN - 1)
			val := 0.0
			if ci, cj := int(math.Round(gi)), int(math.Round(gj)); ci >= 0 && ci < faceN && cj >= 0 && cj < faceN {
				val = t[cj*faceN+ci]
			}
			p.lum[j*p.n+i] = paint + (ink-paint)*float32(val)
		}
	}
	return p
}

// A learned print gains little on a tilted top's shape, but the
// parallelogram it reads best on still takes that shape: a print seen 12%
// shorter along one axis (a tilt of about 28 degrees) is cocked in a sharp
// frame, the same print square or 4% larger both ways (print and
// template differ in size) is not, and a small frame's is not judged.
func TestLearnedTiltedByItsShape(t *testing.T) {
	sharp := testLearnedReaderAt(t, 1280, 960)
	small := testLearnedReaderAt(t, 400, 300)
	top := board.Point{X: sharp.tray.Width / 2, Y: sharp.tray.Height / 2}
	d := sharp.set.Die("mm")
	if d == nil {
		t.Fatal("the test set has no learned die mm")
	}
	two := testLearned().Dice[0].Faces[2]
	for _, c := range []struct {
		name   string
		su, sv float64
		sharp  bool // called tilted in the sharp frame
	}{
		{"square", 1, 1, false},
		{"4% larger both ways", 1.04, 1.04, false},
		{"12% shorter along x", 0.88, 1, true},
		{"12% shorter along y", 1, 0.88, true},
	} {
		p := drawnPrint(top, d.SizeMM, two, c.su, c.sv, 55, 225)
		su, sv, sh, gain := sharp.affineFit(p, d, "2", top, 0)
		if got := sharp.learnedTilted(d, top, su, sv, sh, gain); got != c.sharp {
			t.Errorf("%s: tilted %v (parallelogram %.2f x %.2f, slant %.2f), want %v", c.name, got, su, sv, sh, c.sharp)
		}
		p = drawnPrint(top, d.SizeMM, two, c.su, c.sv, 55, 225)
		su, sv, sh, gain = small.affineFit(p, d, "2", top, 0)
		if small.learnedTilted(d, top, su, sv, sh, gain) {
			t.Errorf("%s: a learned print's shape is judged in a 400x300 frame", c.name)
		}
	}
}

// A top tilted toward the camera is seen nearly square: its print settles
// on a parallelogram within the flat dice's band, yet reads better there
// than on the square, which a flat die's print does not (learnedGain): a
// print 9% shorter along y (read 0.96 x 0.92: within
// learnedOffSquare) is cocked by its gain in a sharp frame,
// not in a small one; the square print and one 4% larger both ways are not.
func TestLearnedTiltedByItsGain(t *testing.T) {
	sharp := testLearnedReaderAt(t, 1280, 960)
	small := testLearnedReaderAt(t, 400, 300)
	top := board.Point{X: sharp.tray.Width / 2, Y: sharp.tray.Height / 2}
	d := sharp.set.Die("mm")
	if d == nil {
		t.Fatal("the test set has no learned die mm")
	}
	two := testLearned().Dice[0].Faces[2]
	for _, c := range []struct {
		name   string
		su, sv float64
		sharp  bool // called tilted in the sharp frame
	}{
		{"square", 1, 1, false},
		{"4% larger both ways", 1.04, 1.04, false},
		{"9% shorter along y", 1, 0.91, true},
	} {
		p := drawnPrint(top, d.SizeMM, two, c.su, c.sv, 55, 225)
		su, sv, sh, gain := sharp.affineFit(p, d, "2", top, 0)
		t.Logf("%s: parallelogram %.2f x %.2f, slant %.2f, gain %.4f", c.name, su, sv, sh, gain)
		if off := math.Max(math.Max(math.Abs(su-1), math.Abs(sv-1)), math.Abs(sh)); off >= learnedOffSquare-1e-9 {
			t.Fatalf("%s: the parallelogram is %.2f off the square: the shape alone tells it", c.name, off)
		}
		if got := sharp.learnedTilted(d, top, su, sv, sh, gain); got != c.sharp {
			t.Errorf("%s: tilted %v (gain %.4f), want %v", c.name, got, gain, c.sharp)
		}
		su, sv, sh, gain = small.affineFit(p, d, "2", top, 0)
		if small.learnedTilted(d, top, su, sv, sh, gain) {
			t.Errorf("%s: a learned print's gain is judged in a 400x300 frame", c.name)
		}
	}
}

// testLearnedReaderAt is a dice reader for a camera of w x h pixels over
// the test tray that knows testLearned's faces (no frame rendered).
func testLearnedReaderAt(t *testing.T, w, h int) *DiceReader {
	t.Helper()
	s := synth.RandomDice(3, synth.DiceOptions{W: w, H: h, MaxTiltDeg: 1})
	r, err := NewDiceReader(s.Tray, s.Set, s.Corners(), s.Camera.W, s.Camera.H, DiceOptions{Learned: testLearned()})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
