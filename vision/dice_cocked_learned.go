package vision

import (
	"math"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// A learned die's tilted top, told by the parallelogram's shape alone.
//
// A learned face (an icon, a numeral) correlates with its template about
// as well a little off square as on it: a cocked learned die's print
// gains almost nothing on the parallelogram (0.005-0.025 on the tuning
// seeds, under looksCocked's 0.02-0.03 most times), so the gain cannot
// tell it. But the shape the climb settles on still does: a flat die's
// print differs from its template in size alike along both axes (the
// print and the calibration roll's are the same die), so its best
// parallelogram stays near the square on each axis; a tilted top is
// seen shorter along its tilt and stretched or slanted by the
// perspective of its height.
//
// Tuning seeds 0-999 (main at 24225af, a scratch trace of every learned
// die about to be read, not committed): of the 1,206 flat learned dice
// read, the parallelogram's scales along the die's axes lay within
// 0.96-1.08 and its slant within 0.08 (the climb's steps are 0.02); of
// the 7 cocked learned dice read as a face, 5 were 10% or more off on an
// axis (1.10, 1.12, 0.86) or slanted 0.10 (seeds 187, 495, 759, 818,
// 983). The two left (120, 454) read within 0.06 of the square. The
// frame must be sharp enough to tell (elongRes, as for a pip 1's
// ellipse): blur in a small frame leaves a print's shape loose.
const learnedOffSquare = 0.1

// Small as the gain is, a flat learned die gains less still: its square is
// its top, so the climb finds nothing better than noise. Every learned die
// about to be read (a scratch trace, not committed; tuning seeds 0-999,
// the cocked-heavy seeds 0-59 and 62-299, and seeds 0-69 rendered learned-
// heavy, `tunedice -cocked 0.33 -ids mm,mm,mm,white,red,black`): the 1,559
// flat learned dice gained at most 0.005 on their best parallelogram; of
// the cocked learned dice read as a face, within 0.08 of the square on
// every axis, 5 gained 0.010-0.028 (seeds 68 of the learned-heavy set, 63,
// 89 and 227 of 62-299, each read as flat before) and 11 at most 0.009.
// Pip dice are left out: their flat dice gain up to 0.06 (black) and 0.24
// (a white 1's round pip fits any shape).
const learnedGain = 0.01

// learnedTilted tells a learned die whose best parallelogram (scales su
// and sv along its axes, slant sh, and its gain over the square, from
// affineFit) is off the square by learnedOffSquare or more on an axis or
// in slant, or reads learnedGain better than the square, in a frame sharp
// enough at top (frameRes).
func (r *DiceReader) learnedTilted(d *diceset.Die, top board.Point, su, sv, sh, gain float64) bool {
	if d.Faces.Kind != diceset.Learned {
		return false
	}
	off := math.Max(math.Max(math.Abs(su-1), math.Abs(sv-1)), math.Abs(sh))
	// The climb's scales are multiples of 0.02: a hair under the bar
	// keeps 0.1 itself on the cocked side.
	if off < learnedOffSquare-1e-9 && gain < learnedGain-1e-9 {
		return false
	}
	return r.frameRes(top) >= elongRes
}
