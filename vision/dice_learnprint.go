package vision

import (
	"math"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// A learned die the colour of the floor (the test set's blue die on the
// blue felt) is found from its print alone (inkClusters), and its print
// may join, through the shade of the die's edges, the print of a side the
// camera sees slantwise or of a die beside it: the cluster's centre, its
// largest part's and the point half a side away from the camera may all
// sit 7-12 mm off the top's print, beyond the face search's reach, or the
// search stops on a placement cutting the print (tuning seeds 0-799: four
// success icons, a 2 and a 3, flat, not reported; an icon's ring read as
// a 1 from one of its blades, or as an icon at 0.79). So where a learned
// die's colour was clearly seen but its face did not read, the top is
// looked for again on three rings of starts around where the search
// ended, each read once (a quick sample), and searched as any face from
// the one that reads best. Only for that case: no other read does more.

// learnRings are the rings' radii (mm) around where the search ended:
// the tuning seeds' tops lay 7-12 mm from where the search started.
var learnRings = [3]float64{3.5, 7, 10.5}

// learnDirs is how many starts each ring holds (each read at two angles,
// an eighth of a turn apart).
const learnDirs = 12

// learnedPrintAround looks around (at, ang) for a placement where a face
// of learned die d reads clearly (0.85, margin 0.1, as a print alone
// needs). It returns the placement; p is refilled around it.
func (r *DiceReader) learnedPrintAround(p *topPatch, d *diceset.Die, ld *LearnedDie, at board.Point, ang float64) (board.Point, float64, bool) {
	img := p.fr.img
	g := &r.scratch
	bestSc, bestC, bestA := -1.0, board.Point{}, 0.0
	for _, rad := range learnRings {
		for k := 0; k < learnDirs; k++ {
			th := 2*math.Pi*float64(k)/learnDirs + rad/7*math.Pi/learnDirs
			c := at.Add(board.Point{X: math.Cos(th), Y: math.Sin(th)}.Scale(rad))
			r.fillPatch(img, c, p)
			for _, a := range [2]float64{ang, ang + math.Pi/4} {
				r.sampleInto(g, p, c, a, r.h0, 1, 1, true)
				if g.inkShare < 0.015 {
					continue
				}
				if _, sc, _ := r.match(ld, g); sc > bestSc {
					bestSc, bestC, bestA = sc, c, a
				}
			}
		}
	}
	if bestSc < 0.4 {
		return board.Point{}, 0, false
	}
	r.fillPatch(img, bestC, p)
	f := r.sampleFace(p, bestC, bestA, r.h0)
	top, a, f2 := r.refine(p, d, bestC, bestA, f)
	if _, score, margin := r.match(ld, f2); score < 0.85 || margin < 0.1 {
		return board.Point{}, 0, false
	}
	return top, a, true
}
