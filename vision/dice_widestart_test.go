package vision

import (
	"image"
	"math"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// overheadWhiteTwo is a reader over the default tray seen from straight
// above (4 px/mm) and a frame of it showing one flat white 2 centred on
// die (mm) at angle ang, its pips as the renderer draws them (0.27 of a
// side off the centre, 0.085 across), on a grey felt.
func overheadWhiteTwo(t *testing.T, die board.Point, ang float64) (*DiceReader, *image.RGBA) {
	t.Helper()
	tray, set := synth.DefaultTray(), synth.DefaultDiceSet()
	const k, pad = 4.0, 40.0
	w, h := int((tray.Width+2*pad)*k), int((tray.Height+2*pad)*k)
	c := board.Corners{{X: pad * k, Y: pad * k}, {X: (tray.Width + pad) * k, Y: pad * k}, {X: (tray.Width + pad) * k, Y: (tray.Height + pad) * k}, {X: pad * k, Y: (tray.Height + pad) * k}}
	r, err := NewDiceReader(tray, set, c, w, h, DiceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	inv, err := r.topH.Inverse()
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	ca, sa := math.Cos(ang), math.Sin(ang)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			q := inv.Apply(board.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
			d := q.Sub(die)
			u, v := (d.X*ca+d.Y*sa)/16, (-d.X*sa+d.Y*ca)/16
			col := [3]uint8{120, 122, 118}
			if math.Abs(u) < 0.5 && math.Abs(v) < 0.5 {
				col = [3]uint8{225, 223, 215}
				for _, p := range [][2]float64{{-0.27, -0.27}, {0.27, 0.27}} {
					if math.Hypot(u-p[0], v-p[1]) < 0.085 {
						col = [3]uint8{25, 25, 25}
					}
				}
			}
			o := img.PixOffset(x, y)
			img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = col[0], col[1], col[2], 255
		}
	}
	return r, img
}

// A start of the wide search a few millimetres off a flat die, around a
// square only partly full (astride the die's top and the floor), reads
// best at an angle that is not the die's: tuning seed 362's white 2 (0.33
// rad) read best at 1.09 from every start, and the climb from there
// turned too little to reach it. Climbing from each of the start's angles
// finds it; a full square (a die there that does not read, most often
// cocked) is still climbed from its best angle only.
func TestWideStartClimbsEveryAngle(t *testing.T) {
	die := board.Point{X: 86.9, Y: 76.9}
	r, img := overheadWhiteTwo(t, die, 0.33)
	a := 0.31
	for _, off := range []board.Point{{X: 1.4, Y: 1.8}, {X: -1.8, Y: 1.4}, {X: 2.2, Y: -0.6}} {
		st := wideStart{q: die.Add(off), angles: [4]float64{a, a + math.Pi/8, a - math.Pi/8, a + math.Pi/4}}
		r.readStart(img, &r.patch, &st, true)
		at := board.Point{X: st.q.X + float64(st.c.at[0])*refineFine, Y: st.q.Y + float64(st.c.at[1])*refineFine}
		if st.c.best < minScore || at.Sub(die).Len() > 1 {
			one := wideStart{q: st.q, angles: st.angles}
			r.readStart(img, &r.patch, &one, false)
			t.Errorf("start %v off a white 2: climbed to %v reading %.3f (from %.2f rad), want the die at %v (best angle only: %.3f)", off, at, st.c.best, st.a0, die, one.c.best)
		}
	}
}
