//go:build cgo && !novision

package vision

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"sort"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

func TestDebugOne(t *testing.T) {
	if os.Getenv("QM_VISION_DEBUG") == "" {
		t.Skip()
	}
	s := synth.Random(1001, synth.Options{})
	img := synth.Render(s)
	f, _ := os.Create("/tmp/vv/d.png")
	png.Encode(f, img)
	f.Close()
	for _, c := range s.Cubes {
		t.Logf("truth %s %v %s %.1f,%.1f", c.Color, c.Pose, c.Zone, c.Center.X, c.Center.Y)
	}
	debugBlob = func(c string, p board.Point, ratio float64) { t.Logf("blob %s %.1f,%.1f %.2f", c, p.X, p.Y, ratio) }
	debugCls = func(norm []byte, cls []uint8, w, h int) {
		im := image.NewRGBA(image.Rect(0, 0, w, h*2))
		names := s.Palette.Names()
		for i := range cls {
			x, y := i%w, i/w
			im.Set(x, y, color.RGBA{norm[i*3+2], norm[i*3+1], norm[i*3], 255})
			c := color.RGBA{255, 255, 255, 255}
			if cls[i] > 0 {
				p := s.Palette.Colors[names[cls[i]-1]]
				c = color.RGBA{p[0], p[1], p[2], 255}
			}
			im.Set(x, y+h, c)
		}
		f, _ := os.Create("/tmp/vv/c.png")
		png.Encode(f, im)
		f.Close()
	}
	r, _ := NewReader(s.Layout, s.Palette, s.Corners(), Options{Empty: synth.RenderEmpty(s)})
	t.Logf("pose %+v", r.pose)
	res, _ := r.ReadImage(img)
	t.Logf("pose %+v", r.pose)
	m, _ := matFromImage(img)
	b, _ := r.Overlay(m, res, ".png")
	os.WriteFile("/tmp/vv/o.png", b, 0o644)
}

func TestDebugRatios(t *testing.T) {
	if os.Getenv("QM_VISION_DEBUG") == "" {
		t.Skip()
	}
	var rs []float64
	debugBlob = func(c string, p board.Point, ratio float64) {
		if ratio > 0.3 {
			rs = append(rs, ratio)
		}
	}
	defer func() { debugBlob = nil }()
	evaluate(t, seedRange(1000, 20), synth.Options{}, os.Getenv("REF") != "")
	sort.Float64s(rs)
	t.Log(rs)
}
