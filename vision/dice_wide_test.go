package vision

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// A rendered roll of ten flat pip dice, two pairs touching (a white 5
// against a black 5, a black 2 against a black 5): the squares the pairs'
// outlines gave sat astride both dice, and the white 5 and the black 2
// were sent to unreadable. Searched again wider, every die is read.
func TestReadDiceTouchingPairsAllRead(t *testing.T) {
	s := synth.RandomDice(182, synth.DiceOptions{})
	img := synth.RenderDice(s)
	res, err := ReadDice(img, DiceCalibration{Tray: s.Tray, Set: s.Set, Corners: s.Corners()})
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Dice) != 10 {
		t.Fatalf("the scene has %d dice, want 10 (the renderer changed?)", len(s.Dice))
	}
	for _, d := range s.Dice {
		if d.Pose != synth.Flat {
			t.Fatalf("the scene's %s die is not flat (the renderer changed?)", d.ID)
		}
		if !readRight(d, res) {
			t.Errorf("flat %s %s at (%.0f,%.0f) not read", d.ID, d.Label, d.Center.X, d.Center.Y)
		}
	}
	if len(res.Dice) != 10 || len(res.Unreadable) != 0 {
		t.Errorf("want the 10 dice read and nothing unreadable: %+v %+v", res.Dice, res.Unreadable)
	}
}

// On the grey felt a white die's side toward the camera is shaded like
// the felt, and the sweep takes a strip of its top as wide as that side:
// what is left of a lone die by the wall (seed 27: a white 5 4 mm from
// it) met the wall's edge, and its square took the wall's angle and sat
// 5 mm toward it; a white 3 touching a learned die (seed 939) had its
// square turned half a radian by the search that did not read it. Both
// were not seen; searched again wide from the outline's angle too, every
// flat die of both rolls is read.
func TestReadDiceStripTakenByWallRead(t *testing.T) {
	for _, seed := range []uint64{27, 939} {
		s, res := readSeed(t, seed)
		for _, d := range s.Dice {
			if d.Pose != synth.Flat {
				t.Fatalf("seed %d: the scene's %s die is not flat (the renderer changed?)", seed, d.ID)
			}
			if !readRight(d, res) {
				t.Errorf("seed %d: flat %s %s at (%.0f,%.0f) not read", seed, d.ID, d.Label, d.Center.X, d.Center.Y)
			}
		}
		if len(res.Dice) != len(s.Dice) || len(res.Unreadable) != 0 {
			t.Errorf("seed %d: want the %d dice read and nothing unreadable: %+v %+v", seed, len(s.Dice), res.Dice, res.Unreadable)
		}
	}
}

// A red 4 on the red felt (seed 154) shows only its pips; the print
// search found one of them alone and read a 1 six millimetres from the
// die's centre. Read again as a corner pip, the die is its 4.
func TestReadDiceLonePipNotAOne(t *testing.T) {
	s, res := readSeed(t, 154)
	n := 0
	for _, d := range s.Dice {
		if d.ID != "red" || d.Pose != synth.Flat {
			continue
		}
		n++
		if !readRight(d, res) {
			t.Errorf("flat red %s at (%.0f,%.0f) not read: %+v", d.Label, d.Center.X, d.Center.Y, res.Dice)
		}
	}
	if n != 4 || s.Felt[1] > 0.2 {
		t.Fatalf("want four red dice on the red felt (the renderer changed?): %d, felt %v", n, s.Felt)
	}
	for _, r := range res.Dice {
		if r.Face == "1" && r.Die == "red" {
			t.Errorf("a red 1 read where none lies: %+v", r)
		}
	}
}
