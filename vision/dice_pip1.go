package vision

import (
	"math"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// A pip die the colour of the floor (a red die on the red felt) shows
// only its pips, and the print search may find one of them alone: a
// corner pip, its face's other pips left out of a square centred on it,
// reads as a perfect 1 (tuning seeds 0-999: four red dice on the red
// felt, a 4 and a 2 among them, read as 1s 6 mm from their centres).
// So a 1 seen from print alone is read again as a corner pip: the face
// it would belong to has its centre a corner pip's offset away along its
// diagonal, in a direction the single pip cannot tell. If such a face
// reads clearly, the die is that face, judged from there.

// cornerDirs is how many directions around a lone pip are tried.
const cornerDirs = 24

// faceAroundPip looks for a face of pip die d other than a 1 of which
// the pip at pip (mm, plane h0) is a corner pip. It returns the placement
// (centre, angle) where such a face reads clearly, searched as any face
// is; p is refilled around it.
func (r *DiceReader) faceAroundPip(p *topPatch, d *diceset.Die, pip board.Point) (board.Point, float64, bool) {
	img := p.fr.img
	off := pipQ * math.Sqrt2 * r.h0
	g := &r.scratch
	bestSc, bestC, bestA := -1.0, board.Point{}, 0.0
	for k := 0; k < cornerDirs; k++ {
		th := 2 * math.Pi * float64(k) / cornerDirs
		c := pip.Add(board.Point{X: math.Cos(th), Y: math.Sin(th)}.Scale(off))
		// The face's edges are at 45 degrees to its diagonal.
		a := th + math.Pi/4
		r.fillPatch(img, c, p)
		r.sampleInto(g, p, c, a, r.h0, 1, 1, true)
		if l, sc, _ := readPips(d, g); l != "1" && sc > bestSc {
			bestSc, bestC, bestA = sc, c, a
		}
	}
	if bestSc < 0 {
		return board.Point{}, 0, false
	}
	r.fillPatch(img, bestC, p)
	f := r.sampleFace(p, bestC, bestA, r.h0)
	top, ang, f2 := r.refine(p, d, bestC, bestA, f)
	label, score, margin := readPips(d, f2)
	if label == "1" || score < 0.85 || margin < 0.1 {
		return board.Point{}, 0, false
	}
	return top, ang, true
}
