package vision

import (
	"math"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// A tilted top's single pip, seen with enough pixels to tell its shape.
//
// A flat die's top is seen as it is on the plane of the tops, its pips
// round; a tilted top is seen shorter along its tilt (by the cosine of the
// tilt: 5% at 18 degrees, 14% at 31), stretched or slanted besides by the
// perspective of its height, and its pips as ellipses. A 1 reads alike on
// any shape near the square (looksCocked), but its pip's own shape tells.
//
// The tenth session's rule (a pip 13% shorter one way is cocked) was
// reverted: flat 1s of small frames (the read-dice command's, the camera
// service's and the calibration journey's, 400x300 and 640x480) read
// above its bar. A pip of a 16 mm die is 3.5 mm across: at 1.1-2 frame
// pixels a millimetre it spans 4-7 pixels, whose blur, stretched by the
// camera's tilt onto the plane of the tops, makes a round pip an ellipse.
// So the pip's shape is asked only where the frame has at least
// elongRes pixels a millimetre along both of the plane's axes (a
// 1280x960 frame over the test tray has about 2-4.7).
const (
	// elongOne: a pip about 13% shorter one way than the other.
	elongOne = 0.145
	// elongRes: the least frame pixels per millimetre.
	elongRes = 2.5
)

// frameRes is how many frame pixels a millimetre of the plane of the tops
// spans at top, along the axis where it spans fewer.
func (r *DiceReader) frameRes(top board.Point) float64 {
	a := r.imgAt(top)
	b := r.imgAt(top.Add(board.Point{X: 1}))
	c := r.imgAt(top.Add(board.Point{Y: 1}))
	return math.Min(math.Hypot(b.X-a.X, b.Y-a.Y), math.Hypot(c.X-a.X, c.Y-a.Y))
}

// tiltedOne tells a pip 1 on the square at top, sampled as f from the
// patch p, whose pip reads as an ellipse in a frame sharp enough to tell.
func (r *DiceReader) tiltedOne(p *topPatch, top board.Point, f *faceSample) bool {
	if r.frameRes(top) < elongRes {
		return false
	}
	return r.pipElongation(p, top, f) > elongOne
}

// pipElongation is how far from round (the square root of the ratio of its
// second moments' principal values, less one) the ink of the pip at the
// centre of a face reads on the patch p, the face's top at top (mm, plane
// h0) sampled as f. It is 0 when no pip reads there.
func (r *DiceReader) pipElongation(p *topPatch, top board.Point, f *faceSample) float64 {
	pl := 0.3*f.paint[0] + 0.59*f.paint[1] + 0.11*f.paint[2]
	il := 0.3*f.inkRGB[0] + 0.59*f.inkRGB[1] + 0.11*f.inkRGB[2]
	if math.Abs(il-pl) < 20 {
		return 0
	}
	// The window: half as wide again as a pip, centred on the face's
	// centre, then once more on the ink found there (the square read is
	// good to a fraction of a millimetre).
	rad := pipRad * r.h0 * 1.5 * patchPx
	cx, cy := (top.X-p.x0)*patchPx-0.5, (top.Y-p.y0)*patchPx-0.5
	var sw, mxx, myy, mxy float64
	for pass := 0; pass < 2; pass++ {
		x0, y0 := int(cx-rad)-1, int(cy-rad)-1
		x1, y1 := int(cx+rad)+2, int(cy+rad)+2
		if x0 < 0 || y0 < 0 || x1 >= p.n || y1 >= p.n {
			return 0
		}
		p.need(x0, y0, x1, y1)
		var sx, sy, sxx, syy, sxy float64
		sw = 0
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				dx, dy := float64(x)-cx, float64(y)-cy
				if dx*dx+dy*dy > rad*rad {
					continue
				}
				// The share of ink in the pixel, from the paint's
				// brightness to the ink's (either may be the darker);
				// the faint rim of blur and noise left out.
				w := (float64(p.lum[y*p.n+x]) - pl) / (il - pl)
				if w < 0.25 {
					continue
				}
				w = min(w, 1)
				sw += w
				sx += w * dx
				sy += w * dy
				sxx += w * dx * dx
				syy += w * dy * dy
				sxy += w * dx * dy
			}
		}
		if sw < 4 {
			return 0
		}
		mx, my := sx/sw, sy/sw
		mxx, myy, mxy = sxx/sw-mx*mx, syy/sw-my*my, sxy/sw-mx*my
		cx, cy = cx+mx, cy+my
	}
	tr, det := mxx+myy, mxx*myy-mxy*mxy
	disc := math.Sqrt(math.Max(0, tr*tr/4-det))
	l1, l2 := tr/2+disc, tr/2-disc
	if l2 <= 0 {
		return 0
	}
	return math.Sqrt(l1/l2) - 1
}
