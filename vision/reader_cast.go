package vision

// A coloured cube under a local colour cast, read without a reference.

import "math"

// castLook labels, without a reference, the coloured cubes a local colour
// cast hid from classify. The light estimate takes the board's colour from
// cells about 16 mm wide; a cast narrower than that (a shade's coloured
// edge, the hull's reflected light near a corner) is left in the corrected
// image, and a cube under it is off its palette colour by as much as the
// board around it is off the board's: on the tuning seeds 5986 and 5151 an
// orange cube's top came out at Lab a 125-138 and b 178-181 (orange: 165,
// 191), the board within a few mm 13-20 greener than bgLab, and nothing
// was labelled (both cubes missed). So each 4-connected group of
// unlabelled, colourful pixels (castCandidate) of castMinArea of a cube's
// top or more is looked at: the board's median colour in a band just
// around it (castBand) less bgLab is the local cast; where it is at least
// castMin (Lab a, b), each pixel is taken back by it (a and b less the
// cast, L times the board's lightness over the band's) and classified
// again. The new labels are kept when a palette colour other than black
// takes at least castMinShare of the group; the blob tests (fadedFlat)
// still judge the cube. Under no cast (the band as bgLab) nothing changes.
//
// over is what overBoard found over the board (nil: nothing): a hand is
// not looked at.
func (r *core) castLook(cls []uint8, lab []byte, over []bool) {
	r.skip = over
	defer func() { r.skip = nil }()
	n := r.ww * r.wh
	mark := r.buf.nextEpoch(n)
	st := r.buf.stamp
	minPix := int(castMinArea * r.topArea())
	var stack, comp []int32
	for start := 0; start < n; start++ {
		if st[start] == mark || !r.castCandidate(start, cls, lab) {
			continue
		}
		comp, stack = r.castGroup(start, cls, lab, mark, comp[:0], stack)
		if len(comp) < minPix {
			continue
		}
		r.castRelabel(comp, cls, lab)
	}
}

// castCandidate reports whether a warped pixel is one castLook groups:
// unlabelled, on the board, not under a hand (r.skip), and colourful (chroma castMinChroma or more:
// the board under the casts castLook corrects stays under it).
func (r *core) castCandidate(i int, cls []uint8, lab []byte) bool {
	if cls[i] != 0 || r.outside[i] || r.skip != nil && r.skip[i] {
		return false
	}
	return chroma2(float64(lab[3*i+1]), float64(lab[3*i+2])) >= castMinChroma*castMinChroma
}

// castGroup gathers the 4-connected castCandidate pixels from start into
// comp, marking them in r.buf.stamp with mark.
func (r *core) castGroup(start int, cls []uint8, lab []byte, mark uint32, comp, stack []int32) ([]int32, []int32) {
	W, H := r.ww, r.wh
	st := r.buf.stamp
	st[start] = mark
	stack = append(stack[:0], int32(start))
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		comp = append(comp, i)
		x, y := int(i)%W, int(i)/W
		for _, nb := range [4][2]int{{x - 1, y}, {x + 1, y}, {x, y - 1}, {x, y + 1}} {
			if nb[0] < 0 || nb[1] < 0 || nb[0] >= W || nb[1] >= H {
				continue
			}
			j := nb[1]*W + nb[0]
			if st[j] != mark && r.castCandidate(j, cls, lab) {
				st[j] = mark
				stack = append(stack, int32(j))
			}
		}
	}
	return comp, stack
}

// castRelabel classifies a group of colourful unlabelled pixels again
// under the local cast around it (castBand), keeping the labels when a
// cube colour takes castMinShare of the group.
func (r *core) castRelabel(comp []int32, cls []uint8, lab []byte) {
	if len(comp) > int(castMaxArea*r.topArea()) {
		return
	}
	dl, da, db, ok := r.castBand(comp, cls, lab)
	if !ok || math.Hypot(da, db) < castMin {
		return
	}
	var count [256]int
	for _, i := range comp {
		l := min(255, float64(lab[3*i])*dl)
		a, b := float64(lab[3*i+1])-da, float64(lab[3*i+2])-db
		if a < 0 || a > 255 || b < 0 || b > 255 {
			continue
		}
		lb, ab, bb := byte(l), byte(a), byte(b)
		best, bd := r.nearestColour(lb, ab, bb)
		if best < 0 || best == r.black || bd >= 0.8*math.Sqrt(r.bgT.dist2(lb, ab, bb)) {
			continue
		}
		cls[i] = uint8(best + 1)
		count[best+1]++
	}
	most := 0
	for _, c := range count {
		most = max(most, c)
	}
	if float64(most) >= castMinShare*float64(len(comp)) {
		return
	}
	for _, i := range comp {
		cls[i] = 0
	}
}

// castBand is the local cast around a group of pixels (comp): the median
// Lab of the light, unlabelled board pixels (not castCandidate, at least
// castMinL of the board's lightness) in a band castBandMM wide from 1 mm
// beyond the group's radius around its middle, as the factor that takes
// their lightness to bgLab's and their a and b less bgLab's; ok is false
// when fewer than ringMinPix such pixels lie there.
func (r *core) castBand(comp []int32, cls []uint8, lab []byte) (dl, da, db float64, ok bool) {
	W, H := r.ww, r.wh
	cx, cy := centroid(comp, W)
	in := math.Sqrt(float64(len(comp))/math.Pi) + r.s
	out := in + castBandMM*r.s
	minL := castMinL * r.bgLab[0]
	var hl, ha, hb [256]int32
	n := 0
	for y := max(0, int(cy-out)); y <= min(H-1, int(cy+out)); y++ {
		for x := max(0, int(cx-out)); x <= min(W-1, int(cx+out)); x++ {
			d2 := sq(float64(x)+0.5-cx) + sq(float64(y)+0.5-cy)
			i := y*W + x
			if d2 < in*in || d2 > out*out || cls[i] != 0 || r.outside[i] || float64(lab[3*i]) < minL || r.castCandidate(i, cls, lab) {
				continue
			}
			hl[lab[3*i]]++
			ha[lab[3*i+1]]++
			hb[lab[3*i+2]]++
			n++
		}
	}
	if n < ringMinPix {
		return 1, 0, 0, false
	}
	ml := float64(histPercentile(&hl, n, 0.5))
	dl = min(max(r.bgLab[0]/max(ml, 1), 1), castMaxGain)
	return dl, float64(histPercentile(&ha, n, 0.5)) - r.bgLab[1], float64(histPercentile(&hb, n, 0.5)) - r.bgLab[2], true
}

// Limits of castLook.
var (
	castMinChroma = 28.0 // a pixel this colourful (Lab chroma) or more is looked at again
	castMinArea   = 0.3  // a group of at least this many cube tops' area
	castMaxArea   = 3.0  // and at most this many (a wider one is print or a shade, not a cube)
	castMin       = 6.0  // the band's cast (Lab a, b off bgLab's), at least
	castMinL      = 0.6  // the band's board pixels at least this share of bgLab's lightness
	castBandMM    = 4.0  // the band's width
	castMaxGain   = 1.4  // the most the band's lightness is taken up by
	castMinShare  = 0.5  // a cube colour must take this share of the group
)
