package vision

import (
	"math"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// A die leaning on a wall, its top toward it, is cocked however clearly its
// slanted face shows: a flat die's footprint cannot reach into the wall.
func TestReadDiceLeaningOnWallIsCocked(t *testing.T) {
	for _, seed := range []uint64{51, 52, 53, 54} {
		s := smallDice(seed, synth.DiceOptions{IDs: []string{"white", "red"}, Faces: []int{3, 1}, Clean: true})
		tilt := 30 * math.Pi / 180
		c := &s.Dice[0]
		c.Pose, c.Tilt, c.TiltDir, c.Zone = synth.Cocked, tilt, board.Point{Y: -1}, ""
		c.Angle = -math.Pi / 2
		c.Center = board.Point{X: 70, Y: c.Size/2*(math.Cos(tilt)+math.Sin(tilt)) + 0.4}
		s.Dice[1].Center, s.Dice[1].Angle = board.Point{X: 160, Y: 100}, 0.3
		s.Dice[1].Zone = s.Tray.ZoneAt(160, 100)
		res, _ := readScene(t, s, nil)
		for _, r := range res.Dice {
			if math.Hypot(r.XMM-c.Center.X, r.YMM-c.Center.Y) < c.Size {
				t.Errorf("seed %d: the die leaning on the wall read as %s %s", seed, r.Die, r.Face)
			}
		}
		cocked := 0
		for _, u := range res.Unreadable {
			if u.Reason == DiceCocked && math.Hypot(u.XMM-c.Center.X, u.YMM-c.Center.Y) < c.Size {
				cocked++
			}
		}
		if cocked != 1 {
			t.Errorf("seed %d: the die leaning on the wall is not reported cocked: %+v", seed, res)
		}
		if len(res.Dice) != 1 || res.Dice[0].Face != "2" {
			t.Errorf("seed %d: the flat red 2 is not read alone: %+v", seed, res.Dice)
		}
	}
}

// What lies between touching dice (their sides and shadows) is no die: an
// unreadable square closer to a die read, or to another unreadable one,
// than three quarters of a die is dropped, and a die read twice is kept
// once; dice that far apart are all kept.
func TestDiceDuplicatesDropped(t *testing.T) {
	r := &DiceReader{h0: 16}
	res := DiceResult{
		Dice:       []DieRead{{Die: "red", Face: "3", XMM: 50, YMM: 50, Confidence: 0.9}, {Die: "red", Face: "3", XMM: 55, YMM: 52, Confidence: 0.95}, {Die: "white", Face: "1", XMM: 72, YMM: 50, Confidence: 0.9}},
		Unreadable: []DieUnreadable{{Die: "black", XMM: 59, YMM: 50, Reason: DiceCocked}, {Die: "black", XMM: 100, YMM: 50, Reason: DiceCocked}, {Die: "black", XMM: 100, YMM: 60, Reason: DiceCocked}, {Die: "black", XMM: 100, YMM: 67, Reason: DiceCocked}},
	}
	res.Dice = dropTwiceRead(res.Dice, 0.75*r.h0)
	if len(res.Dice) != 2 || res.Dice[0].XMM != 55 || res.Dice[1].Die != "white" {
		t.Errorf("dice read: %+v", res.Dice)
	}
	u := r.dropDuplicates(res)
	if len(u) != 2 || u[0].YMM != 50 || u[1].YMM != 67 {
		t.Errorf("unreadable: %+v", u)
	}
}
