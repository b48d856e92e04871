package vision

// A die's edges are rounded: its top is flat only to some way short of
// its sides, and the sample grid's outer cells (0.43 of a side from the
// centre, 1.1 mm short of a 16 mm die's side) lie on that rounding, which
// faces away from the light and is shaded darker than the flat top. On a
// light die with dark pips the shaded rim reads as a ring of faint ink
// around the face, which no pip template has: a flat white 2 read 0.876
// where it lies (tuning seed 1055), its rim's cells 15-30% darker than
// its paint, and white faces read 0.90-0.93 where red and black ones read
// 0.98-0.99. No pip lies there (a pip's edge is 0.38 of a side from the
// centre at most), so where the ink is darker than the paint, the pip
// templates are matched without the rim.
//
// Where the ink is lighter (a dark die's), a darker rim is paint to Otsu
// and needs nothing; what a light rim shows there is not the die's
// rounding (a print-only candidate's floor, a neighbour), and is kept:
// leaving it out read a cocked red die's surroundings as a 1 (tuning
// seed 8 rendered with a third of the dice cocked). A learned die's faces
// are samples of the die itself, its rim's shade included, and are
// matched on the whole grid: leaving the rim out there moved the search
// for a blue die's print on the blue felt (tuning seed 795) off its top.

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
