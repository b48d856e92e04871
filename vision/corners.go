//go:build cgo && !novision

package vision

import (
	"errors"
	"image"
	"math"

	"gocv.io/x/gocv"

	"github.com/quartermaster-table/quartermaster/vision/board"
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
	defer m.Close()
	gray := gocv.NewMat()
	defer gray.Close()
	gocv.CvtColor(m, &gray, gocv.ColorBGRToGray)
	gocv.GaussianBlur(gray, &gray, image.Pt(5, 5), 0, 0, gocv.BorderReplicate)
	mean, std := gocv.NewMat(), gocv.NewMat()
	gocv.MeanStdDev(gray, &mean, &std)
	contrast := std.GetDoubleAt(0, 0)
	mean.Close()
	std.Close()
	if contrast < 10 {
		return board.Corners{}, errors.New("corners: the image has too little contrast to find the board; give --corners")
	}
	bin := gocv.NewMat()
	defer bin.Close()
	gocv.Threshold(gray, &bin, 0, 255, gocv.ThresholdBinary|gocv.ThresholdOtsu)
	k := gocv.GetStructuringElement(gocv.MorphRect, image.Pt(9, 9))
	defer k.Close()
	gocv.MorphologyEx(bin, &bin, gocv.MorphClose, k)
	cs := gocv.FindContours(bin, gocv.RetrievalExternal, gocv.ChainApproxSimple)
	defer cs.Close()
	W, H := float64(m.Cols()), float64(m.Rows())
	best, bestArea := -1, 0.0
	for i := 0; i < cs.Size(); i++ {
		a := gocv.ContourArea(cs.At(i))
		if a > bestArea {
			best, bestArea = i, a
		}
	}
	if best < 0 || bestArea < 0.05*W*H {
		return board.Corners{}, errors.New("corners: no board-sized bright region in the image; give --corners")
	}
	c := cs.At(best)
	if r := gocv.BoundingRect(c); float64(r.Dx()) > 0.98*W && float64(r.Dy()) > 0.98*H {
		return board.Corners{}, errors.New("corners: no board outline inside the image (the bright region fills the frame); give --corners")
	}
	peri := gocv.ArcLength(c, true)
	var quad []image.Point
	for _, f := range []float64{0.01, 0.02, 0.03, 0.05} {
		ap := gocv.ApproxPolyDP(c, f*peri, true)
		pts := ap.ToPoints()
		ap.Close()
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
