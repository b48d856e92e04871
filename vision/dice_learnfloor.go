package vision

import (
	"errors"
	"image"
	"math"

	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// A die about the colour of the tray's floor (the test set's blue printed
// die on the blue felt) differs from the floor only by its print, so a
// calibration roll on that floor sees no die: the foreground's squares are
// the die's outline, and there is none. Reads find such a die from its
// print alone (judgePrint) once its faces are learned, but a face cannot
// be learned that way: its template is the ink on the top's square, and
// with no outline nothing says where the square is. The owner is told
// why, and to show the faces on a floor of another colour; without this
// the calibration page said only that no die is seen (tenth session).

// ErrLearnLikeFloor is LearnFace's refusal when no die is seen but a print
// in the die's colours is: the die is about the colour of the tray's floor.
var ErrLearnLikeFloor = errors.New("dice: only the die's print is seen, not the die: the die is about the colour of the tray's floor")

// printOnlyOf reports whether, among the candidates found from print alone
// on the floor, one shows ink whose contrast with its surroundings is die
// d's, on paint (the floor around the print) of about d's colour: the
// print of d on a floor of d's colour. On calibration tables 424228-424245
// (the tuning command's calibration seed and its neighbours) the printed
// die on the blue felt read 0.03-0.06 from its contrast with the floor
// about its colour; the same tables with no die showed specks of noise
// and grain reading 0.40-0.46 from it at best, on yellow and red felts.
func (r *DiceReader) printOnlyOf(img image.Image, cands []candidate, d *diceset.Die) bool {
	for _, c := range cands {
		if !c.inkOnly {
			continue
		}
		top := r.viewMM(c.c.X, c.c.Y)
		if !r.tray.OnFloor(top.X, top.Y) {
			continue
		}
		r.fillPatch(img, top, &r.patch)
		f := r.sampleFace(&r.patch, top, c.angle, r.h0)
		if f.inkShare < 0.015 {
			continue
		}
		got, dist, _ := r.classify(f)
		if got == d && dist < printOnlyDist && likeColour(f.paint, d.Colour) {
			return true
		}
	}
	return false
}

// printOnlyDist is the largest distance of a print's contrast from its
// die's for printOnlyOf (judgePrint takes a die's colour as clearly seen
// under 0.5; a calibration is told apart more strictly, see above).
const printOnlyDist = 0.2

// likeColour reports whether a colour seen (0-255 per channel) has about
// the chromaticity of a die's nominal colour: its shares of red and green
// within 0.1 of the die's, whatever the brightness. The blue felt under
// the test die read 0.00-0.04 off, the yellow and red felts 0.35 and more.
func likeColour(seen [3]float64, c [3]uint8) bool {
	s := seen[0] + seen[1] + seen[2]
	cs := float64(c[0]) + float64(c[1]) + float64(c[2])
	if s <= 0 || cs <= 0 {
		return false
	}
	return math.Abs(seen[0]/s-float64(c[0])/cs) < 0.1 && math.Abs(seen[1]/s-float64(c[1])/cs) < 0.1
}
