package vision

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// Seed 474: a black 2 by the wall touching another die; its part's one
// square sat astride the two and read as a 1, and what no square took was
// a leftover. A square beside a leftover is one of touching dice: its
// face not reading, it is searched again wide, and the 2 is read.
func TestReadDiceSquareBesideLeftoverSearchedWide(t *testing.T) {
	s, res := readSeed(t, 474)
	found := false
	for _, d := range s.Dice {
		if d.ID != "black" || d.Label != "2" || d.Pose != synth.Flat {
			continue
		}
		found = true
		if !readRight(d, res) {
			t.Errorf("flat black 2 at (%.0f,%.0f) not read as a 2: %+v", d.Center.X, d.Center.Y, res.Dice)
		}
	}
	if !found {
		t.Fatal("the scene has no flat black 2 (the renderer changed?)")
	}
}
