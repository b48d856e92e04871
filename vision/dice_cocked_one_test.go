package vision

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// drawnPip is a patch of a die's top around top (mm, plane of the tops)
// showing a pip of a 16 mm die squeezed to squeeze along x, 0.6 mm off the
// centre; paint and ink are its brightness.
func drawnPip(top board.Point, squeeze float64, paint, ink float32) *topPatch {
	const half = 12.0
	p := &topPatch{x0: top.X - half, y0: top.Y - half, n: int(2 * half * patchPx)}
	p.lum = make([]float32, p.n*p.n)
	p.nt = (p.n + patchTile - 1) / patchTile
	p.done = make([]bool, p.nt*p.nt)
	for i := range p.done {
		p.done[i] = true
	}
	rad := pipRad * 16
	for j := 0; j < p.n; j++ {
		for i := 0; i < p.n; i++ {
			// Four samples a pixel: the pip's edge is blended.
			in := 0
			for s := 0; s < 4; s++ {
				x := (float64(i)+0.25+0.5*float64(s%2))/patchPx - half - 0.6
				y := (float64(j)+0.25+0.5*float64(s/2))/patchPx - half + 0.4
				if (x/squeeze)*(x/squeeze)+y*y < rad*rad {
					in++
				}
			}
			p.lum[j*p.n+i] = paint + (ink-paint)*float32(in)/4
		}
	}
	return p
}

// A flat die's 1 is a round pip on the plane of the tops; a tilted top's
// is an ellipse, shorter along the tilt. In a sharp frame (1280x960 over
// the tray) a pip 15% shorter one way is cocked, a round one or one 5%
// shorter is not; in a small frame (400x300, where blur alone makes flat
// pips ellipses: the read-dice command's, the camera service's and the
// calibration journey's flat 1s read 0.20-0.25) the shape is not asked.
func TestTiltedOneOnlyInASharpFrame(t *testing.T) {
	sharp := testReaderAt(t, 1280, 960)
	small := testReaderAt(t, 400, 300)
	top := board.Point{X: sharp.tray.Width / 2, Y: sharp.tray.Height / 2}
	if res := sharp.frameRes(top); res < elongRes {
		t.Fatalf("1280x960: %.2f px/mm at the tray's centre, want at least %.1f", res, elongRes)
	}
	if res := small.frameRes(top); res >= elongRes {
		t.Fatalf("400x300: %.2f px/mm at the tray's centre, want under %.1f", res, elongRes)
	}
	for _, c := range []struct {
		name       string
		paint, ink float32
	}{{"white die", 220, 30}, {"black die", 35, 200}} {
		f := &faceSample{paint: [3]float64{float64(c.paint), float64(c.paint), float64(c.paint)}, inkRGB: [3]float64{float64(c.ink), float64(c.ink), float64(c.ink)}}
		if sharp.tiltedOne(drawnPip(top, 1, c.paint, c.ink), top, f) {
			t.Errorf("%s: a round pip is called tilted", c.name)
		}
		if sharp.tiltedOne(drawnPip(top, 0.95, c.paint, c.ink), top, f) {
			t.Errorf("%s: a pip 5%% shorter (an 18 degree tilt alone) is called tilted", c.name)
		}
		if !sharp.tiltedOne(drawnPip(top, 0.85, c.paint, c.ink), top, f) {
			t.Errorf("%s: a pip 15%% shorter is not called tilted in a sharp frame", c.name)
		}
		if small.tiltedOne(drawnPip(top, 0.85, c.paint, c.ink), top, f) {
			t.Errorf("%s: a pip's shape is judged in a 400x300 frame", c.name)
		}
	}
}

// testReaderAt is a dice reader for a camera of w x h pixels over the
// test tray (no frame rendered).
func testReaderAt(t *testing.T, w, h int) *DiceReader {
	t.Helper()
	s := synth.RandomDice(3, synth.DiceOptions{W: w, H: h, MaxTiltDeg: 1})
	r, err := NewDiceReader(s.Tray, s.Set, s.Corners(), s.Camera.W, s.Camera.H, DiceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return r
}
