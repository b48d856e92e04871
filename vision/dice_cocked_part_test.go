package vision

import (
	"math"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// A die leaning on a wall, alone in its part of the foreground, may leave
// only a partly full square whose face does not read: its top tilted
// toward the wall (over it, for a dark die by a dark wall), its raised side
// on the camera's side taken by the sweep. It is reported cocked; before,
// it was not reported at all (small scenes with most dice cocked: a white
// die on seed 187, a printed one on seed 237). The flat dice of both
// photographs are still read.
func TestReadDiceCockedPartlyFull(t *testing.T) {
	for _, seed := range []uint64{187, 237} {
		s := smallDice(seed, synth.DiceOptions{PCocked: 0.6})
		res, _ := readScene(t, s, nil)
		for _, d := range s.Dice {
			switch d.Pose {
			case synth.Flat:
				if !readRight(d, res) {
					t.Errorf("seed %d: flat %s %s at (%.0f,%.0f) not read right: %+v", seed, d.ID, d.Label, d.Center.X, d.Center.Y, res.Dice)
				}
			case synth.Cocked:
				found := false
				for _, u := range res.Unreadable {
					found = found || u.Reason == DiceCocked && math.Hypot(u.XMM-d.Center.X, u.YMM-d.Center.Y) < d.Size*0.6
				}
				for _, r := range res.Dice {
					if math.Hypot(r.XMM-d.Center.X, r.YMM-d.Center.Y) < d.Size*0.6 {
						t.Errorf("seed %d: %s leaning at %.0f degrees read as %s", seed, d.ID, d.Tilt*180/math.Pi, r.Face)
					}
				}
				if !found {
					t.Errorf("seed %d: %s leaning at %.0f degrees at (%.0f,%.0f) not reported cocked: %+v", seed, d.ID, d.Tilt*180/math.Pi, d.Center.X, d.Center.Y, res.Unreadable)
				}
			}
		}
	}
}
