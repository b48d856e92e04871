//go:build cgo && !novision

package vision

import (
	"errors"
	"image"
	"math"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/cv"
)

// FindCorners finds the battle board's four corners in a photograph, for
// when none are given: the board is the largest bright quadrilateral. It
// returns them in calibration order (top-left, top-right, bottom-right,
// bottom-left as the camera sees them), or an error when no clear
// quadrilateral is there; it never guesses.
func FindCorners(img image.Image) (board.Corners, error) {
	m, err := matFromImage(img)
	if err != nil {
		return board.Corners{}, err
	}
	gray := cv.NewImage(m.W, m.H, 1)
	if err := cv.CvtColor(gray, m, cv.ColorBGRToGray); err != nil {
		return board.Corners{}, err
	}
	blurred := cv.NewImage(m.W, m.H, 1)
	if err := cv.GaussianBlur(blurred, gray, 5, 0, cv.BorderReplicate); err != nil {
		return board.Corners{}, err
	}
	gray = blurred
	_, std, err := cv.MeanStdDev(gray)
	if err != nil {
		return board.Corners{}, err
	}
	if contrast := std[0]; contrast < 10 {
		return board.Corners{}, errors.New("corners: the image has too little contrast to find the board; give --corners")
	}
	bin := cv.NewImage(m.W, m.H, 1)
	if _, err := cv.Threshold(bin, gray, 0, 255, cv.ThresholdBinary|cv.ThresholdOtsu); err != nil {
		return board.Corners{}, err
	}
	closed := cv.NewImage(m.W, m.H, 1)
	if err := cv.MorphologyEx(closed, bin, cv.MorphClose, cv.MorphRect, 9, 9); err != nil {
		return board.Corners{}, err
	}
	cs, err := cv.FindContours(closed, cv.RetrievalExternal, cv.ChainApproxSimple)
	if err != nil {
		return board.Corners{}, err
	}
	W, H := float64(m.W), float64(m.H)
	best, bestArea := -1, 0.0
	for i, c := range cs {
		a, err := cv.ContourArea(c)
		if err != nil {
			return board.Corners{}, err
		}
		if a > bestArea {
			best, bestArea = i, a
		}
	}
	if best < 0 || bestArea < 0.05*W*H {
		return board.Corners{}, errors.New("corners: no board-sized bright region in the image; give --corners")
	}
	c := cs[best]
	if r, err := cv.BoundingRect(c); err != nil {
		return board.Corners{}, err
	} else if float64(r.Dx()) > 0.98*W && float64(r.Dy()) > 0.98*H {
		return board.Corners{}, errors.New("corners: no board outline inside the image (the bright region fills the frame); give --corners")
	}
	peri, err := cv.ArcLength(c, true)
	if err != nil {
		return board.Corners{}, err
	}
	var quad []image.Point
	for _, f := range []float64{0.01, 0.02, 0.03, 0.05} {
		pts, err := cv.ApproxPolyDP(c, f*peri, true)
		if err != nil {
			return board.Corners{}, err
		}
		if len(pts) == 4 {
			quad = pts
			break
		}
	}
	if quad == nil {
		return board.Corners{}, errors.New("corners: the board's outline is not a clear quadrilateral; give --corners")
	}
	// Order: top-left has the least x+y, bottom-right the most; top-right
	// the least y-x, bottom-left the most.
	var out board.Corners
	sMin, sMax, dMin, dMax := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, p := range quad {
		x, y := float64(p.X)+0.5, float64(p.Y)+0.5
		if s := x + y; s < sMin {
			sMin, out[0] = s, board.Point{X: x, Y: y}
		}
		if s := x + y; s > sMax {
			sMax, out[2] = s, board.Point{X: x, Y: y}
		}
		if d := y - x; d < dMin {
			dMin, out[1] = d, board.Point{X: x, Y: y}
		}
		if d := y - x; d > dMax {
			dMax, out[3] = d, board.Point{X: x, Y: y}
		}
	}
	if err := out.Validate(); err != nil {
		return board.Corners{}, errors.New("corners: the outline found is not a board; give --corners")
	}
	return out, nil
}
