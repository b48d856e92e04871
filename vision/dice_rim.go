package vision

import "github.com/quartermaster-table/quartermaster/vision/diceset"

// A die's edges are rounded: its top is flat only to some way short of
// its sides, and the sample grid's outer cells (0.43 of a side from the
// centre, 1.1 mm short of a 16 mm die's side) lie on that rounding, which
// faces away from the light and is shaded darker than the flat top. On a
// light die with dark pips the shaded rim reads as a ring of faint ink
// around the face, which no pip template has: a flat white 2 read 0.876
// where it lies (tuning seed 1055), its rim's cells 15-30% darker than
// its paint, and white faces read 0.90-0.93 where red and black ones read
// 0.98-0.99. No pip lies there (a pip's edge is 0.38 of a side from the
// centre at most), so a die whose pips are darker than its paint
// (darkPips) is matched without the rim, where the sample's ink is darker
// than its paint too.
//
// Where the ink is lighter (a dark die's), a darker rim is paint to Otsu
// and needs nothing; what a light rim shows there is not the die's
// rounding (a print-only candidate's floor, a neighbour), and is kept:
// leaving it out read a cocked red die's surroundings as a 1 (tuning
// seed 8 rendered with a third of the dice cocked). A learned die's faces
// are samples of the die itself, its rim's shade included, and are
// matched on the whole grid: leaving the rim out there moved the search
// for a blue die's print on the blue felt (tuning seed 795) off its top.
// And the die decides, not the sample: a leaning blue die's top over the
// dark wall (TestReadDiceCockedPartlyFull, seed 237) was read as a black
// die's 6 (0.61), its sample's ink darker than its paint; matched
// without its rim, it no longer looked cocked and was not reported.

// darkPips reports whether die d's pips are darker than its paint.
func darkPips(d *diceset.Die) bool {
	lum := func(c [3]uint8) float64 { return 0.3*float64(c[0]) + 0.59*float64(c[1]) + 0.11*float64(c[2]) }
	return d != nil && d.Faces.Kind == diceset.Pips && lum(d.Faces.PipColour) < lum(d.Colour)
}

// pipView is what the pip templates are matched against: the smoothed
// ink, its sum and its norm, without the rim when rimless (a die with
// dark pips) and the sample's ink is darker than its paint.
func (f *faceSample) pipView(rimless bool) ([]float64, float64, float64) {
	if rimless {
		return f.pipSoft, f.pipSum, f.pipNorm
	}
	return f.soft, f.softSum, f.softNorm
}

// onRim reports whether cell k of the sample grid is in its outer ring.
func onRim(k int) bool {
	i, j := k%faceN, k/faceN
	return i == 0 || j == 0 || i == faceN-1 || j == faceN-1
}

// rimless is the sample's ink without its rim (onRim), in f.rim.
func (f *faceSample) rimless() []float64 {
	f.rim = f.ink
	for k := 0; k < faceN; k++ {
		f.rim[k] = 0
		f.rim[(faceN-1)*faceN+k] = 0
		f.rim[k*faceN] = 0
		f.rim[k*faceN+faceN-1] = 0
	}
	return f.rim[:]
}
