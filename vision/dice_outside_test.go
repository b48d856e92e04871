package vision

import (
	"math"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// A die that rolled off the tray onto the table is reported unreadable
// `outside` at its place, without the empty tray's photograph, and the dice
// on the floor still read.
func TestReadDiceOutsideWithoutEmpty(t *testing.T) {
	for _, seed := range []uint64{1, 13} {
		s := smallDice(seed, synth.DiceOptions{MinDice: 3, MaxDice: 3, PCocked: 1e-9, POutside: 0.4, PTouch: 1e-9, Clean: true})
		res, _ := readScene(t, s, nil)
		outside := 0
		for _, d := range s.Dice {
			near := func(x, y float64) bool { return math.Hypot(x-d.Center.X, y-d.Center.Y) < 0.6*d.Size }
			switch d.Pose {
			case synth.Outside:
				outside++
				found := false
				for _, u := range res.Unreadable {
					if near(u.XMM, u.YMM) {
						found = true
						if u.Reason != DiceOutside {
							t.Errorf("seed %d: the %s die on the table at (%.0f,%.0f) reported %q, want %q", seed, d.ID, d.Center.X, d.Center.Y, u.Reason, DiceOutside)
						}
					}
				}
				for _, r := range res.Dice {
					if near(r.XMM, r.YMM) {
						t.Errorf("seed %d: the %s die on the table at (%.0f,%.0f) read as %s", seed, d.ID, d.Center.X, d.Center.Y, r.Face)
					}
				}
				if !found {
					t.Errorf("seed %d: the %s die on the table at (%.0f,%.0f) not reported; unreadable %+v", seed, d.ID, d.Center.X, d.Center.Y, res.Unreadable)
				}
			case synth.Flat:
				found := false
				for _, r := range res.Dice {
					if near(r.XMM, r.YMM) && r.Die == d.ID && r.Face == d.Label {
						found = true
					}
				}
				if !found {
					t.Errorf("seed %d: the flat %s %s at (%.0f,%.0f) not read; read %+v", seed, d.ID, d.Label, d.Center.X, d.Center.Y, res.Dice)
				}
			}
		}
		if outside == 0 {
			t.Fatalf("seed %d: the scene has no die outside the tray", seed)
		}
		if len(res.Unreadable) != outside {
			t.Errorf("seed %d: %d unreadable, want the %d dice outside: %+v", seed, len(res.Unreadable), outside, res.Unreadable)
		}
	}
}
