package vision

import "testing"

// The floor model's blocks: a grey felt under a light gradient, with a
// crowd of black dice (their blocks dark) by one wall. The dice's blocks
// are left out of the floor's neighbourhoods; the felt's, however the
// gradient lights them, and a wall's shadow, are kept.
func TestDropDiceBlocksKeepsTheFloor(t *testing.T) {
	const bw, bh = 30, 20
	med := make([][3]uint8, bw*bh)
	valid := make([]bool, bw*bh)
	dice := map[int]bool{}
	shadow := map[int]bool{}
	for by := 0; by < bh; by++ {
		for bx := 0; bx < bw; bx++ {
			i := by*bw + bx
			valid[i] = true
			g := 90 + 2*bx // brighter to the right: 90..148
			c := [3]uint8{uint8(g), uint8(g), uint8(g - 6)}
			switch {
			case bx < 4 && by >= 6 && by < 12:
				c = [3]uint8{34, 34, 36} // black dice against the left wall
				dice[i] = true
			case by == 0:
				c = [3]uint8{uint8(g * 7 / 10), uint8(g * 7 / 10), uint8((g - 6) * 7 / 10)} // the top wall's shadow
				shadow[i] = true
			}
			med[i] = c
		}
	}
	dropDiceBlocks(med, valid, bw, bh)
	for i := range valid {
		switch {
		case dice[i] && valid[i]:
			t.Errorf("block %d,%d holds black dice and was kept as floor", i%bw, i/bw)
		case !dice[i] && !valid[i]:
			what := "felt"
			if shadow[i] {
				what = "shadow"
			}
			t.Errorf("block %d,%d is %s and was left out", i%bw, i/bw, what)
		}
	}
}
