package vision

import (
	"errors"
	"math"
)

// A calibration roll shows each face of a learned die once, and every
// later read matches against what was seen then: a face learned badly
// makes every read of that face wrong, or unclear. What can be told at
// once is said to the owner, who shows the face again:
//   - the die touched another (their tops are one part of the foreground,
//     and a square may take some of each): refused;
//   - little print seen (a dark or blurred picture, a die shown with a
//     worn face): learned, with a doubt;
//   - two faces with different labels too alike to the reader (a printed
//     2 and 3 differ by a stroke; blur or a face learned off its print
//     makes them closer): learned, with a doubt on both.

// ErrLearnTouching is LearnFace's refusal when the die shown touches
// another die.
var ErrLearnTouching = errors.New("dice: the die touches another; move them apart")

// The doubts about a learned face (FaceDoubt.Why).
const (
	// DoubtLittleInk: less print was seen than a printed face has.
	DoubtLittleInk = "little ink"
	// DoubtAlike: the face reads nearly as well as another face of the
	// die with another label.
	DoubtAlike = "alike"
)

// littleInk is the share of a face's grid (the template's mean ink) under
// which a learned face is doubted: half of the faintest face of the test
// die (its printed 1, 0.15 on the tuning calibration rolls; its icon 0.31,
// its 2, 3 and 4 0.17-0.21).
const littleInk = 0.075

// alikeFaces is the correlation, as the reader matches faces (smoothed,
// any quarter turn), above which two learned faces with different labels
// are doubted. A learned face must win by 0.1 (judge): a read of face A
// that correlates s with A correlates about s*c with a face c-alike, so
// above 0.9 a read at 0.95 no longer wins by 0.1. The test die's 2 and 3,
// the closest pair, are 0.85-0.87 on the tuning calibration rolls.
const alikeFaces = 0.9

// FaceDoubt is one reason a learned face may read badly.
type FaceDoubt struct {
	// Face is the face (0-5) doubted.
	Face int
	// Why is DoubtLittleInk or DoubtAlike.
	Why string
	// Like is, for DoubtAlike, the face it is too like.
	Like int
	// Value is the measure: the face's ink share, or the two faces'
	// correlation.
	Value float64
}

// Doubts returns what may make the die's learned faces read badly, face
// by face (faces not shown yet have none).
func (d *LearnedDie) Doubts() []FaceDoubt {
	var out []FaceDoubt
	var norm [6][4][]float64
	for k, t := range d.Faces {
		if len(t) != faceN*faceN {
			continue
		}
		m := 0.0
		for _, v := range t {
			m += v
		}
		if m /= float64(len(t)); m < littleInk {
			out = append(out, FaceDoubt{Face: k, Why: DoubtLittleInk, Value: m})
		}
		for q := 0; q < 4; q++ {
			norm[k][q] = normTemplate(smoothGrid(rotateGrid(t, q)))
		}
	}
	for a := 0; a < 6; a++ {
		for b := a + 1; b < 6; b++ {
			if norm[a][0] == nil || norm[b][0] == nil || d.Labels[a] == d.Labels[b] {
				continue
			}
			c := -1.0
			for q := 0; q < 4; q++ {
				s := 0.0
				for i, v := range norm[a][0] {
					s += v * norm[b][q][i]
				}
				c = math.Max(c, s)
			}
			if c > alikeFaces {
				out = append(out, FaceDoubt{Face: a, Why: DoubtAlike, Like: b, Value: c}, FaceDoubt{Face: b, Why: DoubtAlike, Like: a, Value: c})
			}
		}
	}
	return out
}
