package vision

// A die the colour of the felt (the test set's blue learned die on the
// blue felt) shows only its print, found among the foreground's small
// parts (inkClusters). On a dark, noisy felt the foreground is speckled:
// the specks join the print to the floor around it into parts wider than
// a face, and the die was not seen (on the tuning seeds most of the blue
// dice missed on the blue felt). Print differs from the floor far more
// than noise does: ink is that difference alone.

// Ink's least difference from the floor (log(v+10), as the foreground):
// in brightness either way, or in colour.
const (
	inkBright = 0.5
	inkDark   = -0.9
	inkChroma = 0.3
)

// inkNear is how close (in die sizes) to a die found a part of ink may
// lie and still be another die's print: a print's centre is a little off
// its own die's (a numeral), which touches the found die, a side apart.
const inkNear = 0.8

// markInk sets r.ink: the foreground pixels that differ from the floor
// as much as print does.
func (r *DiceReader) markInk() {
	clear(r.ink)
	x0, y0, x1, y1 := r.work[0], r.work[1], r.work[2], r.work[3]
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			i := y*r.gw + x
			if !r.fg[i] {
				continue
			}
			a, b := r.view[3*i:3*i+3:3*i+3], r.bg[3*i:3*i+3:3*i+3]
			d0 := logTab[a[0]] - logTab[b[0]]
			d1 := logTab[a[1]] - logTab[b[1]]
			d2 := logTab[a[2]] - logTab[b[2]]
			m := (d0 + d1 + d2) / 3
			c := max(abs32(d0-m), abs32(d1-m), abs32(d2-m))
			r.ink[i] = m > inkBright || m < inkDark || c > inkChroma
		}
	}
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}
