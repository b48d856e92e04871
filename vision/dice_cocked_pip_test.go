package vision

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// A flat die's 1 is a round pip on the plane of the tops; a tilted top's
// is an ellipse, shorter along the tilt. The measure tells them apart on
// both a dark pip on a light die and a light pip on a dark die, wherever
// the square read sits on the pip within a millimetre.
func TestPipElongationTellsATiltedOne(t *testing.T) {
	r := &DiceReader{h0: 16}
	// patch draws a pip of radius 1.76 mm (a 16 mm die's) squeezed to
	// squeeze along x, at (0.6, -0.4) mm from the patch's centre.
	patch := func(squeeze float64, paint, ink float32) *topPatch {
		const half = 12.0
		p := &topPatch{x0: -half, y0: -half, n: int(2 * half * patchPx)}
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
					x := p.x0 + (float64(i)+0.25+0.5*float64(s%2))/patchPx - 0.6
					y := p.y0 + (float64(j)+0.25+0.5*float64(s/2))/patchPx + 0.4
					if (x/squeeze)*(x/squeeze)+y*y < rad*rad {
						in++
					}
				}
				p.lum[j*p.n+i] = paint + (ink-paint)*float32(in)/4
			}
		}
		return p
	}
	face := func(paint, ink float64) *faceSample {
		return &faceSample{paint: [3]float64{paint, paint, paint}, inkRGB: [3]float64{ink, ink, ink}}
	}
	for _, c := range []struct {
		name       string
		paint, ink float64
	}{{"white die", 220, 30}, {"black die", 35, 200}} {
		round := r.pipElongation(patch(1, float32(c.paint), float32(c.ink)), board.Point{}, face(c.paint, c.ink))
		if round > 0.05 {
			t.Errorf("%s, flat: a round pip reads %.3f from round, want under 0.05", c.name, round)
		}
		// A pip seen 15% shorter one way (cos 31 degrees, or a lesser
		// tilt and the perspective of the top's height) is cocked...
		tilted := r.pipElongation(patch(0.85, float32(c.paint), float32(c.ink)), board.Point{}, face(c.paint, c.ink))
		if tilted <= elongOne {
			t.Errorf("%s, 15%% shorter: the pip reads %.3f from round, want above %.3f", c.name, tilted, elongOne)
		}
		// ...one 5% shorter (an 18 degree tilt alone) is within what flat
		// pips read.
		if e := r.pipElongation(patch(0.95, float32(c.paint), float32(c.ink)), board.Point{}, face(c.paint, c.ink)); e >= elongOne {
			t.Errorf("%s, 5%% shorter: the pip reads %.3f from round, want under %.3f", c.name, e, elongOne)
		}
	}
	// No ink (paint and ink alike): nothing measured.
	if e := r.pipElongation(patch(0.8, 200, 200), board.Point{}, face(200, 200)); e != 0 {
		t.Errorf("a face without ink: %.3f, want 0", e)
	}
}

// A die leaning on another whose tilted top shows a 1 (a white die at 26
// degrees, a red one at 18), read on the square as clearly as a flat 1,
// is cocked: its pip is an ellipse. The flat dice around it, 1s among
// them, are read as before. (Both were read as a 1 before.)
func TestReadDiceCockedTiltedOne(t *testing.T) {
	for _, seed := range []uint64{245, 619} {
		s, res := readSeed(t, seed)
		checkCockedRead(t, s, res)
	}
}
