package vision

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// A red 5 on the red felt touching two white dice (tuning seed 988)
// stands out only on its lit half, joined to the white dice's part: no
// square was full enough there and its leftover was under the 0.45 of a
// die a leftover needed, so it was not seen. Judged as a small leftover,
// far from the white dice's squares, it reads where it lies; every other
// flat die of the roll is read too.
func TestReadDiceSmallLeftoverRead(t *testing.T) {
	s, res := readSeed(t, 988)
	found := false
	for _, d := range s.Dice {
		if d.Pose != synth.Flat {
			continue
		}
		if d.ID == "red" && d.Label == "5" {
			found = true
		}
		if !readRight(d, res) {
			t.Errorf("flat %s %s at (%.0f,%.0f) not read: %+v %+v", d.ID, d.Label, d.Center.X, d.Center.Y, res.Dice, res.Unreadable)
		}
	}
	if !found {
		t.Fatal("seed 988 has no flat red 5 (the renderer changed?)")
	}
}
