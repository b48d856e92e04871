package vision

import (
	"math"
	"sort"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// Where the search for a die seen by its print alone starts.
//
// A die the colour of the floor (a red die on the red felt) shows only
// its pips. The search starts from the print's centre, its largest
// part's and a place moved away from the camera, at four angles, and
// climbs (1 mm steps, up to searchReach) from the three starts that read
// best. But a start a millimetre or two off its face reads its pips cut
// in half: how well it reads says little about where the climb leads
// (tuning seeds 0-999: four red dice on the red felt not seen, each
// reading 0.99 where it lies and reached by a climb from a start that
// read 0.03-0.23, while the three starts that read best, 0.2-0.42, led
// nowhere).
//
// So when none of the three best leads to a face that reads
// (printReads), the climb goes on from the other starts in turn until
// one does: those at the print's own angle or an eighth of a turn from
// it (the pips' rows or their diagonal), whose colours are their die's
// (printDieDist). Most print seen alone is no die (specks of a dark felt,
// a wall's edge, the sides of dice seen slantwise), and its starts read
// as no die's colours: few are climbed again. A place that repeats
// another (the print's centre is often its largest part's) is read once.

// printReads is the quick score a climb must reach for its face to be
// read (judgePrint reads a face from 0.85).
const printReads = 0.85

// printDieDist is how near its die's colours (classify's distance) a
// start must read for the climb to go on from it. Tuning seeds 0-999:
// the starts that led to a face the three best missed read 0.01-0.12
// (red dice on the red felt, the blue learned die on the blue felt).
const printDieDist = 0.2

// printStart is a placement the search for a print starts from: where and
// at what angle (mm on the plane h0, radians), the die it reads as, its
// sample and score there.
type printStart struct {
	p  board.Point
	a  float64
	d  *diceset.Die
	f  *faceSample
	sc float64
	// dist is how far its colours are from its die's (classify).
	dist float64
	// main: at the print's angle or an eighth of a turn from it.
	main bool
}

// printStarts reads the search's starts for a print seen alone (c): its
// three places at four angles each, a place within a quarter of a
// millimetre of an earlier one read once; those that read as no die of
// the set are left out. They are sorted best first.
func (r *DiceReader) printStarts(p *topPatch, c candidate) []printStart {
	var starts []printStart
	var places []board.Point
	for _, v := range []board.Point{c.c, c.alt, c.alt2} {
		at := r.viewMM(v.X, v.Y)
		again := false
		for _, q := range places {
			if q.Sub(at).Len() < 0.25 {
				again = true
			}
		}
		if again {
			continue
		}
		places = append(places, at)
		for k, da := range []float64{0, math.Pi / 4, math.Pi / 8, -math.Pi / 8} {
			f := r.sampleFace(p, at, c.angle+da, r.h0)
			d, dist, _ := r.classify(f)
			if dist > 1 {
				continue
			}
			starts = append(starts, printStart{at, c.angle + da, d, f, r.faceScore(d, f), dist, k < 2})
		}
	}
	sort.SliceStable(starts, func(i, j int) bool { return starts[i].sc > starts[j].sc })
	return starts
}

// climbPrint runs the coarse steps from the three starts that read best,
// then from the other main starts of the die's colours in turn while no
// climb has reached printReads; it returns the best climb and its start.
func (r *DiceReader) climbPrint(p *topPatch, starts []printStart) (climb, printStart) {
	var bc climb
	var bs printStart
	bc.best = math.Inf(-1)
	for k, st := range starts {
		if k >= 3 {
			if bc.best >= printReads {
				break
			}
			if !st.main || st.dist > printDieDist {
				continue
			}
		}
		if c := r.climbCoarse(p, st.d, st.p, st.a, st.sc); c.best > bc.best {
			bc, bs = c, st
		}
	}
	return bc, bs
}
