//go:build cgo && !novision

package vision

import (
	"bytes"
	"errors"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/cv"
)

var colorBlack = color.RGBA{0, 0, 0, 255}

// DrawOverlay draws a read on a copy of frame: each cube outlined in its
// colour with its zone named, re-drops crossed in red with the reason, and
// for an unreadable cube what could not be decided. The squares follow the
// board as the last read found it (a knocked camera). It returns the drawn
// frame, BGR.
func (r *Reader) DrawOverlay(frame cv.Image, res Result) (cv.Image, error) {
	f, err := bgr(frame, true)
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
	scale := float64(f.W) / 1600
	if scale < 0.35 {
		scale = 0.35
	}
	// f is a valid BGR image (bgr checked it), so a drawing call fails
	// only for a point beyond OpenCV's int range (a cube projected to
	// infinity): that shape is left out and the rest drawn, as before.
	white := color.RGBA{255, 255, 255, 255}
	for _, c := range res.Cubes {
		col := r.rgba(c.Color)
		pts := square(c.XMM, c.YMM)
		_ = cv.Polylines(f, [][]image.Point{pts}, true, white, 4)
		_ = cv.Polylines(f, [][]image.Point{pts}, true, col, 2)
		at := pts[3].Add(image.Pt(0, int(16*scale)+4))
		words := zoneWords(r.layout, c.Zone)
		_ = cv.PutText(f, words, at, cv.FontHersheySimplex, scale, white, 3)
		_ = cv.PutText(f, words, at, cv.FontHersheySimplex, scale, col, 1)
	}
	red := color.RGBA{230, 20, 20, 255}
	for _, d := range res.Redrop {
		pts := square(d.XMM, d.YMM)
		_ = cv.Line(f, pts[0], pts[2], red, 3)
		_ = cv.Line(f, pts[1], pts[3], red, 3)
		label := "re-drop"
		if d.Reason == ReasonUnreadable {
			label = "? " + d.Color
		}
		at := pts[1].Add(image.Pt(4, 0))
		_ = cv.PutText(f, label, at, cv.FontHersheySimplex, scale, red, 2)
		if d.Why != "" {
			// What the reader could not decide, under the label, so a
			// person knows what to look at.
			at = at.Add(image.Pt(0, int(22*scale)+6))
			_ = cv.PutText(f, d.Why, at, cv.FontHersheySimplex, scale, white, 4)
			_ = cv.PutText(f, d.Why, at, cv.FontHersheySimplex, scale, red, 2)
		}
	}
	return f, nil
}

// Overlay returns the frame with the read drawn on it, encoded as ".png" or
// ".jpg" (Go's encoders, with OpenCV's former defaults: the fastest PNG
// compression, JPEG quality 95).
func (r *Reader) Overlay(frame cv.Image, res Result, ext string) ([]byte, error) {
	switch ext {
	case ".jpg", ".jpeg", ".png":
	default:
		return nil, errors.New("overlay: want a .png or .jpg file")
	}
	f, err := r.DrawOverlay(frame, res)
	if err != nil {
		return nil, err
	}
	rgba := image.NewRGBA(image.Rect(0, 0, f.W, f.H))
	if err := cv.CvtColor(cv.Image{W: f.W, H: f.H, C: 4, Pix: rgba.Pix}, f, cv.ColorBGRToRGBA); err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if ext == ".png" {
		enc := png.Encoder{CompressionLevel: png.BestSpeed}
		err = enc.Encode(&buf, rgba)
	} else {
		err = jpeg.Encode(&buf, rgba, &jpeg.Options{Quality: 95})
	}
	if err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
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
	return r.Overlay(m, res, ext)
}
