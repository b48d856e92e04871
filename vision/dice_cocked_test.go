package vision

import (
	"math"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// A die leaning on another at 18-26 degrees whose face reads clearly from
// above (a white 5, a printed 3) is still cocked: its top is seen as a
// parallelogram, not a square. The flat dice beside it are read as before.
// (Without the parallelogram test both scenes' cocked dice were read as
// faces.)
func TestReadDiceCockedClearFace(t *testing.T) {
	for _, seed := range []uint64{75, 87} {
		checkCockedScene(t, seed)
	}
}

// A die leaning on another whose top reads as a square (a red 2 at 34
// degrees, a printed 1 at 27) is cocked by the side it raises: beside
// its top, away from the die it leans on, where a flat die shows the
// floor. The die it leans on, flat and touching it, is still read. (Both
// cocked dice were read as faces before.)
func TestReadDiceCockedRisenSide(t *testing.T) {
	for _, seed := range []uint64{128, 134} {
		checkCockedScene(t, seed)
	}
}

// checkCockedScene reads a small rendered scene of two or three dice, most
// of them cocked, and checks every cocked die is reported cocked and every
// flat one read right.
func checkCockedScene(t *testing.T, seed uint64) {
	t.Helper()
	s := smallDice(seed, synth.DiceOptions{MinDice: 2, MaxDice: 3, PCocked: 0.6, POutside: 1e-9, Clean: true})
	res, _ := readScene(t, s, nil)
	for _, d := range s.Dice {
		var read *DieRead
		for i, r := range res.Dice {
			if math.Hypot(r.XMM-d.Center.X, r.YMM-d.Center.Y) < d.Size*0.6 {
				read = &res.Dice[i]
			}
		}
		switch d.Pose {
		case synth.Cocked:
			if read != nil {
				t.Errorf("seed %d: %s leaning at %.0f degrees read as %s", seed, d.ID, d.Tilt*180/math.Pi, read.Face)
			}
			found := false
			for _, u := range res.Unreadable {
				found = found || u.Reason == DiceCocked && math.Hypot(u.XMM-d.Center.X, u.YMM-d.Center.Y) < d.Size*0.6
			}
			if !found {
				t.Errorf("seed %d: %s leaning at %.0f degrees not reported cocked: %+v", seed, d.ID, d.Tilt*180/math.Pi, res.Unreadable)
			}
		case synth.Flat:
			if read == nil || read.Die != d.ID || read.Face != d.Label {
				t.Errorf("seed %d: flat %s showing %s read as %+v", seed, d.ID, d.Label, read)
			}
		}
	}
}

// A die leaning on another raises a side that may show a single pip; a
// square half over that side and half over the top read it as a 1 as
// clearly as a flat 1 (two red dice, the second seen through a side's pip
// next to its top). The paint on such a square is lit unevenly: cocked.
func TestReadDiceCockedSidePip(t *testing.T) {
	for _, seed := range []uint64{19, 164} {
		checkCockedScene(t, seed)
	}
}

// A die leaning on a wall, its top's edge against it, raises its side
// away from the wall as a die leaning on a die does (a printed die read
// as a 4 and a red one read as a 5, before: their tops looked square
// enough).
func TestReadDiceCockedOnWall(t *testing.T) {
	for _, seed := range []uint64{17, 162} {
		checkCockedScene(t, seed)
	}
}

// A die seen by its print alone (the colour of the felt) whose print reads
// clearly on a parallelogram better than on the square is cocked, as any
// die (a red die read as a 2, a printed mark read as the mark, before).
func TestReadDiceCockedPrintOnly(t *testing.T) {
	for _, seed := range []uint64{185, 215} {
		checkCockedScene(t, seed)
	}
}
