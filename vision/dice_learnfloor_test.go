package vision

import (
	"errors"
	"image"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// A calibration roll on a floor of the printed die's colour (the test
// set's blue die on the blue felt) sees only the die's print: LearnFace
// says so (ErrLearnLikeFloor) instead of "saw 0". An empty tray, whatever
// its felt, and the die on a felt of another colour are not taken for it.
func TestLearnFaceDieLikeFloor(t *testing.T) {
	blue, yellow, red := [3]float64{0.14, 0.24, 0.45}, [3]float64{0.51, 0.42, 0.28}, [3]float64{0.50, 0.13, 0.16}
	for _, c := range []struct {
		name  string
		seed  uint64
		felt  [3]float64
		empty bool
		like  bool
	}{
		{"the die on the blue felt", 424238, blue, false, true},
		{"the die on the blue felt, another table", 424233, blue, false, true},
		{"the die on the yellow felt", 424228, yellow, false, false},
		{"an empty tray, blue felt", 424238, blue, true, false},
		{"an empty tray, yellow felt", 424228, yellow, true, false},
		{"an empty tray, red felt", 424230, red, true, false},
	} {
		s := smallDice(c.seed, synth.DiceOptions{IDs: []string{"mm"}, Faces: []int{2}})
		s.Felt = c.felt
		var img image.Image = synth.RenderDice(s)
		if c.empty {
			img = synth.RenderDiceEmpty(s)
		}
		r, err := NewDiceReader(s.Tray, s.Set, s.Corners(), s.Camera.W, s.Camera.H, DiceOptions{})
		if err != nil {
			t.Fatal(err)
		}
		_, err = r.LearnFace(img, "mm", 2)
		if got := errors.Is(err, ErrLearnLikeFloor); got != c.like {
			t.Errorf("%s: %v, want the die taken for the floor's colour: %v", c.name, err, c.like)
		}
		if !c.like && !c.empty && err != nil {
			t.Errorf("%s: %v, want the face learned", c.name, err)
		}
	}
}

// likeColour compares chromaticities, whatever the brightness.
func TestLikeColour(t *testing.T) {
	die := [3]uint8{30, 60, 120}
	for _, c := range []struct {
		seen [3]float64
		want bool
	}{{[3]float64{27, 55, 116}, true}, {[3]float64{60, 120, 240}, true}, {[3]float64{54, 36, 17}, false}, {[3]float64{42, 19, 15}, false}, {[3]float64{0, 0, 0}, false}} {
		if got := likeColour(c.seen, die); got != c.want {
			t.Errorf("likeColour(%v, %v) = %v, want %v", c.seen, die, got, c.want)
		}
	}
}
