package board

import "math"

// CameraPose is where the camera is, in board millimetres, as implied by the
// four-corner calibration: the point of the board straight below the camera
// (the nadir, possibly outside the board) and its height above the board.
// A point at height h above board point p appears, on the board plane, at
// Nadir + (p-Nadir)*Height/(Height-h): that is the tilt correction the reader
// applies to find a cube's footprint from what it sees of its top and sides.
type CameraPose struct {
	Nadir  Point
	Height float64
	Focal  float64 // focal length in pixels (estimated, or assumed)
}

// Parallax returns where a point at height h above board point p appears on
// the board plane as the camera sees it.
func (c CameraPose) Parallax(p Point, h float64) Point {
	if math.IsInf(c.Height, 0) || c.Height <= h+1 {
		return p
	}
	return c.Nadir.Add(p.Sub(c.Nadir).Scale(c.Height / (c.Height - h)))
}

// Unparallax is the inverse of Parallax: the board point whose raised point at
// height h appears at q.
func (c CameraPose) Unparallax(q Point, h float64) Point {
	if math.IsInf(c.Height, 0) || c.Height <= h+1 {
		return q
	}
	return c.Nadir.Add(q.Sub(c.Nadir).Scale((c.Height - h) / c.Height))
}

// DefaultFocal is the focal length assumed when the homography cannot tell it
// (a camera looking almost straight down): a 62-degree horizontal field of
// view, typical of the Raspberry Pi camera modules.
func DefaultFocal(imgW int) float64 { return float64(imgW) / 2 / math.Tan(31*math.Pi/180) }

// EstimatePose recovers the camera pose from the board-to-image homography,
// assuming square pixels and the principal point at the image centre. The
// focal length comes from the orthogonality of the board axes when the view
// is tilted enough to tell; otherwise DefaultFocal is used.
func EstimatePose(boardToImage Homography, imgW, imgH int) CameraPose {
	return EstimatePoseFocal(boardToImage, imgW, imgH, 0)
}

// EstimatePoseFocal is EstimatePose with the camera's focal length in
// pixels, when known (the lens of the camera module), used instead of
// DefaultFocal where the view is too straight for the corners to tell it
// (assumed <= 0: DefaultFocal). Straight down, the corners give only the
// ratio of focal length to height: an assumed focal length wrong by half
// puts the camera at half its height, and every raised point's parallax
// correction is then twice too large.
func EstimatePoseFocal(boardToImage Homography, imgW, imgH int, assumed float64) CameraPose {
	h := boardToImage
	cx, cy := float64(imgW)/2, float64(imgH)/2
	// Shift the principal point to the origin.
	g := Homography{
		h[0] - cx*h[6], h[1] - cx*h[7], h[2] - cx*h[8],
		h[3] - cy*h[6], h[4] - cy*h[7], h[5] - cy*h[8],
		h[6], h[7], h[8],
	}
	g1 := [3]float64{g[0], g[3], g[6]}
	g2 := [3]float64{g[1], g[4], g[7]}
	g3 := [3]float64{g[2], g[5], g[8]}
	f0 := DefaultFocal(imgW)
	f := f0
	if assumed > 0 && !math.IsInf(assumed, 0) {
		f = assumed
	}
	a1 := g1[0]*g2[0] + g1[1]*g2[1]
	b1 := g1[2] * g2[2]
	a2 := g1[0]*g1[0] + g1[1]*g1[1] - g2[0]*g2[0] - g2[1]*g2[1]
	b2 := g1[2]*g1[2] - g2[2]*g2[2]
	tilt := f0 * math.Sqrt(g1[2]*g1[2]+g2[2]*g2[2]) / math.Sqrt(g1[0]*g1[0]+g1[1]*g1[1]+g2[0]*g2[0]+g2[1]*g2[1])
	if den := a1*a1 + a2*a2; tilt > 0.03 && den > 0 {
		w := -(a1*b1 + a2*b2) / den
		if w > 0 {
			if fe := 1 / math.Sqrt(w); fe > 0.3*float64(imgW) && fe < 5*float64(imgW) {
				f = fe
			}
		}
	}
	k := func(v [3]float64) [3]float64 { return [3]float64{v[0] / f, v[1] / f, v[2]} }
	norm := func(v [3]float64) float64 { return math.Sqrt(v[0]*v[0] + v[1]*v[1] + v[2]*v[2]) }
	k1, k2, k3 := k(g1), k(g2), k(g3)
	lam := 2 / (norm(k1) + norm(k2))
	if k3[2] < 0 { // the board must be in front of the camera
		lam = -lam
	}
	var r1, r2, t [3]float64
	for i := 0; i < 3; i++ {
		r1[i], r2[i], t[i] = lam*k1[i], lam*k2[i], lam*k3[i]
	}
	r3 := [3]float64{r1[1]*r2[2] - r1[2]*r2[1], r1[2]*r2[0] - r1[0]*r2[2], r1[0]*r2[1] - r1[1]*r2[0]}
	dot := func(a, b [3]float64) float64 { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
	pose := CameraPose{
		Nadir:  Point{X: -dot(r1, t), Y: -dot(r2, t)},
		Height: math.Abs(dot(r3, t)),
		Focal:  f,
	}
	if !finite(pose.Nadir.X, pose.Nadir.Y, pose.Height) || pose.Height < 1 {
		return CameraPose{Nadir: Point{}, Height: math.Inf(1), Focal: f}
	}
	return pose
}
