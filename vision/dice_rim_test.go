package vision

import (
	"math"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// rimSample is a flat die's top as the reader samples it: paint, the
// renderer's pips (0.085 of a side) of face n, and the grid's outer ring
// shaded by the die's rounded edge to rim (the paint's luminance: no
// shade).
func rimSample(paint, ink, rim float64, n int) *faceSample {
	f := &faceSample{}
	pips := pipLayouts[n-1]
	for j := 0; j < faceN; j++ {
		for i := 0; i < faceN; i++ {
			k := j*faceN + i
			u := (float64(i)/(faceN-1) - 0.5) * 0.86
			v := (float64(j)/(faceN-1) - 0.5) * 0.86
			l := paint
			if onRim(k) {
				l = rim
			}
			for _, p := range pips {
				if math.Hypot(u-p[0], v-p[1]) < 0.085 {
					l = ink
				}
			}
			f.lum[k] = l
			f.rgb[k] = [3]float64{l, l, l}
		}
	}
	f.finish(false)
	return f
}

// A white die's rounded edge, shaded darker than its flat top, is no ink:
// a white 2 whose rim is 20% darker than its paint (tuning seed 1055 read
// 0.876 where it lay) reads as clearly as one lit evenly. A dark die's
// lighter rim is not its rounding, and still counts.
func TestReadPipsLeavesADarkRimOut(t *testing.T) {
	set := synth.DefaultDiceSet()
	white, red := set.Die("white"), set.Die("red")
	for _, n := range []int{1, 2, 4} {
		even := rimSample(220, 30, 220, n)
		shaded := rimSample(220, 30, 176, n)
		_, se, _ := readPips(white, even)
		label, ss, _ := readPips(white, shaded)
		if label != diceLabel(n) || ss < minScore || math.Abs(ss-se) > 0.02 {
			t.Errorf("white %d with a shaded rim: read %s %.3f, want %d at %.3f as lit evenly", n, label, ss, n, se)
		}
	}
	// White pips on red paint: a light ring around the face is kept (a
	// print-only candidate's floor, a neighbour), and lowers the score.
	_, se, _ := readPips(red, rimSample(60, 230, 60, 2))
	_, sl, _ := readPips(red, rimSample(60, 230, 150, 2))
	if sl > se-0.05 {
		t.Errorf("red 2 with a light ring: %.3f, want well under %.3f", sl, se)
	}
}

// diceLabel is pip count n's label.
func diceLabel(n int) string { return string(rune('0' + n)) }
