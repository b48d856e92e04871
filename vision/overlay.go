//go:build cgo && !novision

package vision

import (
	"errors"
	"image"
	"image/color"

	"gocv.io/x/gocv"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

var colorBlack = color.RGBA{0, 0, 0, 255}

// DrawOverlay draws a read on a copy of frame: each cube outlined in its
// colour with its zone named, re-drops crossed in red with the reason, and
// for an unreadable cube what could not be decided. The squares follow the
// board as the last read found it (a knocked camera). It returns the drawn
// frame (the caller closes it).
func (r *Reader) DrawOverlay(frame gocv.Mat, res Result) (gocv.Mat, error) {
	f, err := bgr(frame)
	if err != nil {
		return f, err
	}
	s := r.layout.CubeMM / 2
	square := func(x, y float64) []image.Point {
		var pts []image.Point
		for _, d := range [][2]float64{{-s, -s}, {s, -s}, {s, s}, {-s, s}} {
			p := r.frameAt(board.Point{X: x + d[0], Y: y + d[1]})
			pts = append(pts, image.Pt(int(p.X), int(p.Y)))
		}
		return pts
	}
	scale := float64(f.Cols()) / 1600
	if scale < 0.35 {
		scale = 0.35
	}
	for _, c := range res.Cubes {
		col := r.rgba(c.Color)
		pts := square(c.XMM, c.YMM)
		pv := gocv.NewPointsVectorFromPoints([][]image.Point{pts})
		gocv.Polylines(&f, pv, true, color.RGBA{255, 255, 255, 255}, 4)
		gocv.Polylines(&f, pv, true, col, 2)
		pv.Close()
		at := pts[3].Add(image.Pt(0, int(16*scale)+4))
		gocv.PutText(&f, zoneWords(r.layout, c.Zone), at, gocv.FontHersheySimplex, scale, color.RGBA{255, 255, 255, 255}, 3)
		gocv.PutText(&f, zoneWords(r.layout, c.Zone), at, gocv.FontHersheySimplex, scale, col, 1)
	}
	red := color.RGBA{230, 20, 20, 255}
	for _, d := range res.Redrop {
		pts := square(d.XMM, d.YMM)
		gocv.Line(&f, pts[0], pts[2], red, 3)
		gocv.Line(&f, pts[1], pts[3], red, 3)
		label := "re-drop"
		if d.Reason == ReasonUnreadable {
			label = "? " + d.Color
		}
		at := pts[1].Add(image.Pt(4, 0))
		gocv.PutText(&f, label, at, gocv.FontHersheySimplex, scale, red, 2)
		if d.Why != "" {
			// What the reader could not decide, under the label, so a
			// person knows what to look at.
			at = at.Add(image.Pt(0, int(22*scale)+6))
			gocv.PutText(&f, d.Why, at, gocv.FontHersheySimplex, scale, color.RGBA{255, 255, 255, 255}, 4)
			gocv.PutText(&f, d.Why, at, gocv.FontHersheySimplex, scale, red, 2)
		}
	}
	return f, nil
}

// Overlay returns the frame with the read drawn on it, encoded as ".png" or
// ".jpg".
func (r *Reader) Overlay(frame gocv.Mat, res Result, ext string) ([]byte, error) {
	f, err := r.DrawOverlay(frame, res)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fe := gocv.PNGFileExt
	switch ext {
	case ".jpg", ".jpeg":
		fe = gocv.JPEGFileExt
	case ".png":
	default:
		return nil, errors.New("overlay: want a .png or .jpg file")
	}
	buf, err := gocv.IMEncode(fe, f)
	if err != nil {
		return nil, err
	}
	defer buf.Close()
	return append([]byte(nil), buf.GetBytes()...), nil
}

func (r *Reader) rgba(name string) color.RGBA {
	c, ok := r.palette.Colors[name]
	if !ok {
		return color.RGBA{255, 255, 255, 255}
	}
	return color.RGBA{c[0], c[1], c[2], 255}
}

// OverlayImage is Overlay for a Go image (a Settled frame, a simulated
// camera's frame): the dashboard's picture of the read.
func (r *Reader) OverlayImage(frame image.Image, res Result, ext string) ([]byte, error) {
	m, err := matFromImage(frame)
	if err != nil {
		return nil, err
	}
	defer m.Close()
	return r.Overlay(m, res, ext)
}
