package vision

// Colour distances by table. classify measures, for every warped pixel, a
// weighted Lab distance (labDist2) to the board's colour (or to the empty
// board's pixel) and, off the board's colour, to every palette colour.
// The pixel's Lab is three bytes, so each of the three squared terms takes
// only 256 values (or 511 for a difference of two bytes): looked up, the
// distance is three loads and two additions instead of three subtractions,
// a multiplication and three squares in float64 per colour. The terms are
// computed by the same operations as labDist2's and summed in its order
// ((dL² + da²) + db²), so every distance is the same float64, bit for bit.

// labTerms are the squared terms of labDist2 against one fixed colour, by
// the pixel's 8-bit L, a and b.
type labTerms [3][256]float64

// setLabTerms fills t for colour c.
func (t *labTerms) set(c [3]float64) {
	for v := 0; v < 256; v++ {
		f := float64(v)
		dl, da, db := (c[0]-f)*wL, c[1]-f, c[2]-f
		t[0][v], t[1][v], t[2][v] = dl*dl, da*da, db*db
	}
}

// dist2 is labDist2(c, l, a, b) for the colour c the terms were set for.
func (t *labTerms) dist2(l, a, b byte) float64 {
	return t[0][l] + t[1][a] + t[2][b]
}

// diffTerms are labDist2's squared terms by the difference of two bytes
// (reference minus pixel, offset by 255): against the empty board's Lab,
// which differs at every pixel.
type diffTerms [3][511]float64

func newDiffTerms() *diffTerms {
	var t diffTerms
	for d := -255; d <= 255; d++ {
		f := float64(d)
		dl := f * wL
		t[0][d+255], t[1][d+255], t[2][d+255] = dl*dl, f*f, f*f
	}
	return &t
}

// refDiffTerms is shared by every reader: it depends on nothing but wL.
var refDiffTerms = newDiffTerms()

// dist2 is labDist2 of reference bytes (rl, ra, rb) and pixel (l, a, b).
func (t *diffTerms) dist2(rl, ra, rb, l, a, b byte) float64 {
	return t[0][255+int(rl)-int(l)] + t[1][255+int(ra)-int(a)] + t[2][255+int(rb)-int(b)]
}
