//go:build cgo && !novision

package vision

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"sort"
	"strconv"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

func TestDebugOne(t *testing.T) {
	if os.Getenv("QM_VISION_DEBUG") == "" {
		t.Skip()
	}
	seed, _ := strconv.Atoi(os.Getenv("SEED"))
	if seed == 0 {
		seed = 1001
	}
	s := synth.Random(uint64(seed), synth.Options{})
	os.MkdirAll("/tmp/vq", 0o755)
	img := synth.Render(s)
	f, _ := os.Create("/tmp/vq/d.png")
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
		f, _ := os.Create("/tmp/vq/c.png")
		png.Encode(f, im)
		f.Close()
		if cs := os.Getenv("CROP"); cs != "" {
			var cx, cy float64
			fmt.Sscanf(cs, "%g,%g", &cx, &cy)
			px, py := int((cx+s.Layout.CubeMM)*3), int((cy+s.Layout.CubeMM)*3)
			for dy := -6; dy <= 6; dy += 3 {
				row := ""
				for dx := -6; dx <= 6; dx += 3 {
					i := ((py+dy)*w + px + dx) * 3
					row += fmt.Sprintf(" %3d,%3d,%3d", norm[i+2], norm[i+1], norm[i])
				}
				fmt.Println(row)
			}
			const R, Z = 36, 6
			out := image.NewRGBA(image.Rect(0, 0, 2*R*Z*2+4, 2*R*Z))
			for y := 0; y < 2*R*Z; y++ {
				for x := 0; x < 2*R*Z; x++ {
					sx, sy := px-R+x/Z, py-R+y/Z
					out.Set(x, y, im.At(sx, sy))
					out.Set(x+2*R*Z+4, y, im.At(sx, sy+h))
				}
			}
			f, _ := os.Create("/tmp/vq/crop.png")
			png.Encode(f, out)
			f.Close()
		}
	}
	o := Options{}
	if os.Getenv("REF") != "" {
		o.Empty = synth.RenderEmpty(s)
	}
	r, _ := NewReader(s.Layout, s.Palette, s.Corners(), o)
	t.Logf("pose %+v camera %+v", r.pose, s.Camera)
	res, _ := r.ReadImage(img)
	t.Logf("pose %+v", r.pose)
	m, _ := matFromImage(img)
	b, _ := r.Overlay(m, res, ".png")
	os.WriteFile("/tmp/vq/o.png", b, 0o644)
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
