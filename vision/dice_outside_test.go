package vision

import (
	"image/color"
	"math"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
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

// The board beside the tray, cream with dark print like a white die's
// paint and pips, is not a die on the table: nothing is reported outside.
func TestReadDiceOutsideBoardBesideNotADie(t *testing.T) {
	s := smallDice(4, synth.DiceOptions{MinDice: 2, MaxDice: 2, PCocked: 1e-9, POutside: 1e-9, Clean: true})
	lf, err := diceLearnedSmall()
	if err != nil {
		t.Fatal(err)
	}
	img := synth.RenderDice(s)
	// Test board: from 4 mm beyond the right wall out past the frame.
	tr := s.Tray
	for y := -120.0; y < tr.Height+120; y += 0.2 {
		for x := tr.Width + tr.WallMM + 4; x < tr.Width+200; x += 0.2 {
			p := s.Project3(board.Point{X: x, Y: y}, 0)
			if p.X < 0 || p.Y < 0 || p.X >= float64(s.Camera.W) || p.Y >= float64(s.Camera.H) {
				continue
			}
			c := color.RGBA{225, 215, 185, 255}
			if math.Mod(x, 6) < 2 && math.Mod(y+120, 6) < 2 {
				c = color.RGBA{30, 25, 20, 255}
			}
			img.SetRGBA(int(p.X), int(p.Y), c)
		}
	}
	res, err := ReadDice(img, DiceCalibration{Tray: s.Tray, Set: s.Set, Corners: s.Corners(), Options: DiceOptions{Learned: lf}})
	if err != nil {
		t.Fatal(err)
	}
	for _, u := range res.Unreadable {
		t.Errorf("reported %+v; the scene's dice are all flat on the floor", u)
	}
	if len(res.Dice) != len(s.Dice) {
		t.Errorf("read %d dice, want the %d on the floor: %+v", len(res.Dice), len(s.Dice), res.Dice)
	}
}
