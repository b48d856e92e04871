//go:build cgo && !novision

package vision

import (
	"image"
	"image/color"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

func TestFindCornersOnRenderedBoards(t *testing.T) {
	last := uint64(46)
	if raceOn {
		last = 42
	}
	for seed := uint64(40); seed < last; seed++ {
		s := synth.Random(seed, synth.Options{W: 640, H: 480})
		img := synth.Render(s)
		got, err := FindCorners(img)
		if err != nil {
			t.Errorf("seed %d: %v", seed, err)
			continue
		}
		want := s.Corners()
		for i := range want {
			if d := got[i].Sub(want[i]).Len(); d > 4 {
				t.Errorf("seed %d: corner %d at %v, truth %v", seed, i, got[i], want[i])
			}
		}
	}
}

func TestFindCornersRefusesBlank(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 320, 240))
	for i := range img.Pix {
		img.Pix[i] = 128
	}
	img.Set(10, 10, color.White)
	if c, err := FindCorners(img); err == nil {
		t.Errorf("found corners %v in a blank image", c)
	}
}
