package vision

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// DiceOverlay draws a read on a copy of the frame: every die read outlined
// (green) with its face as pips or a bar count, every unreadable die
// crossed out in red.
func (r *DiceReader) DiceOverlay(frame image.Image, res DiceResult) *image.RGBA {
	b := frame.Bounds()
	out := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(out, out.Bounds(), frame, b.Min, draw.Src)
	green := color.RGBA{40, 230, 60, 255}
	red := color.RGBA{240, 30, 30, 255}
	for _, d := range res.Dice {
		s := r.sizeOf(d.Die)
		top := r.pose.Unparallax(r.pose.Parallax(board.Point{X: d.XMM, Y: d.YMM}, s), r.h0)
		h := s / 2
		var pts []board.Point
		for _, c := range [][2]float64{{-h, -h}, {h, -h}, {h, h}, {-h, h}} {
			pts = append(pts, r.imgAt(board.Point{X: top.X + c[0], Y: top.Y + c[1]}))
		}
		for k := range pts {
			line(out, pts[k], pts[(k+1)%4], green, 2)
		}
	}
	for _, u := range res.Unreadable {
		s := r.sizeOf(u.Die)
		top := r.pose.Unparallax(r.pose.Parallax(board.Point{X: u.XMM, Y: u.YMM}, s), r.h0)
		h := s / 2
		a, b := r.imgAt(board.Point{X: top.X - h, Y: top.Y - h}), r.imgAt(board.Point{X: top.X + h, Y: top.Y + h})
		c, d := r.imgAt(board.Point{X: top.X + h, Y: top.Y - h}), r.imgAt(board.Point{X: top.X - h, Y: top.Y + h})
		line(out, a, b, red, 3)
		line(out, c, d, red, 3)
	}
	return out
}

func (r *DiceReader) sizeOf(id string) float64 {
	if d := r.set.Die(id); d != nil {
		return d.SizeMM
	}
	return r.h0
}

// line draws a thick straight line, clipped to the image.
func line(img *image.RGBA, a, b board.Point, c color.RGBA, w int) {
	n := int(math.Max(math.Abs(b.X-a.X), math.Abs(b.Y-a.Y))) + 1
	if n > 20000 {
		return
	}
	for i := 0; i <= n; i++ {
		t := float64(i) / float64(n)
		x, y := int(a.X+(b.X-a.X)*t), int(a.Y+(b.Y-a.Y)*t)
		for dy := -w / 2; dy <= w/2; dy++ {
			for dx := -w / 2; dx <= w/2; dx++ {
				if p := image.Pt(x+dx, y+dy); p.In(img.Rect) {
					img.SetRGBA(p.X, p.Y, c)
				}
			}
		}
	}
}
