package vision

import "testing"

// A flat die's top is lit alike across, a square astride a leaning die's
// top and its raised side is not: a single pip read on such a square is
// no face on top. The paint's two thirds are compared whatever the pip.
func TestUnevenPaintTellsASquareAstrideTwoFaces(t *testing.T) {
	sample := func(left float64) *faceSample {
		f := &faceSample{}
		for j := 0; j < faceN; j++ {
			for i := 0; i < faceN; i++ {
				k := j*faceN + i
				f.lum[k] = 180
				if i < faceN/2 {
					f.lum[k] = left
				}
				// One pip in the middle: ink, left out of the paint.
				if (i-faceN/2)*(i-faceN/2)+(j-faceN/2)*(j-faceN/2) < 9 {
					f.lum[k], f.ink[k] = 30, 1
				}
			}
		}
		return f
	}
	if u := unevenPaint(sample(175)); u > unevenOne {
		t.Errorf("a top lit alike but for a slight gradient: %.3f, want at most %.2f", u, unevenOne)
	}
	if u := unevenPaint(sample(110)); u <= unevenOne {
		t.Errorf("a square half over a side lit darker than the top: %.3f, want above %.2f", u, unevenOne)
	}
}
