package vision

import (
	"math"
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
		ok := false
		for _, r := range res.Dice {
			if math.Hypot(r.XMM-d.Center.X, r.YMM-d.Center.Y) < d.Size/2 && r.Die == d.ID && r.Face == d.Label && r.Zone == d.Zone {
				ok = true
			}
		}
		if !ok {
			t.Errorf("flat %s %s at (%.0f,%.0f) not read", d.ID, d.Label, d.Center.X, d.Center.Y)
		}
	}
	if len(res.Dice) != 10 || len(res.Unreadable) != 0 {
		t.Errorf("want the 10 dice read and nothing unreadable: %+v %+v", res.Dice, res.Unreadable)
	}
}
