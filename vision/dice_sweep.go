package vision

import "math"

// The sweep (foreground) keeps a pixel only when its partner one
// die-height toward the camera is foreground too: that drops a die's
// sides, which lie on the camera's side of its top. But where the side
// toward the camera looks like the floor (a white die's shaded side on
// grey felt, the lower half of a lit side), the partner of the top's own
// strip next to that side is floor too, and the sweep takes a strip of
// the top as wide as the side: on the tuning seeds up to three quarters
// of a top, too little for a square, so the die was not seen at all.
//
// Which of the pixels the sweep dropped are the top's strip and which are
// a side cannot be told pixel by pixel (a side's pixel near a top's
// corner is as close to the top's far edge as a strip's), so they are
// kept apart as weak pixels: foreground the sweep dropped, within the
// sweep's reach toward the camera of a pixel it kept. A square is placed
// on the kept pixels first; where no square is full of them, the weak
// ones count half (squares), so a top missing its strip gets its square
// over the strip rather than over the floor beyond its far edge.

// markWeak sets r.weakTo: for each pixel the sweep dropped from which,
// walking away from the camera through foreground no further than the
// sweep's reach, a pixel the sweep kept is met, that pixel's index plus
// one (0 for any other pixel). The weak pixel belongs to that pixel's part.
func (r *DiceReader) markWeak() {
	for _, i := range r.weakSet {
		r.weakTo[i] = 0
	}
	r.weakSet = r.weakSet[:0]
	x0, y0, x1, y1 := r.work[0], r.work[1], r.work[2], r.work[3]
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			i := y*r.gw + x
			j := r.sweep[i]
			if !r.fg[i] || r.m2[i] || j < 0 {
				continue
			}
			// Away from the camera: opposite to the partner.
			dx, dy := float64(x-int(j)%r.gw), float64(y-int(j)/r.gw)
			l := math.Hypot(dx, dy)
			if l == 0 {
				continue
			}
			dx, dy = dx/l, dy/l
			for t := 1; t <= int(l)+2; t++ {
				qx, qy := x+int(math.Round(float64(t)*dx)), y+int(math.Round(float64(t)*dy))
				if qx < x0 || qy < y0 || qx >= x1 || qy >= y1 {
					break
				}
				q := qy*r.gw + qx
				if !r.fg[q] {
					break
				}
				if r.m2[q] {
					r.weakTo[i] = int32(q) + 1
					r.weakSet = append(r.weakSet, int32(i))
					break
				}
			}
		}
	}
}
