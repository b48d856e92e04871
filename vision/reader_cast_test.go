package vision

import (
	"slices"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// Without a reference, an orange cube under a local green cast the light
// estimate missed (the board around it 20 greener and 8 bluer than bgLab,
// the top 35 greener and 12 bluer than orange: nearer neither orange nor
// the board enough for classify) is read as one orange cube where it lies
// once castLook takes it back by the board's cast around it. The same top
// on the plain board (no cast around it) stays nothing.
func TestCastLookFindsAnOrangeCubeUnderAGreenCast(t *testing.T) {
	r := testCore(t)
	r.refLab = nil
	orange := r.lab[slices.Index(r.names, "orange")]
	s := r.layout.CubeMM * 0.95
	top := [3]float64{150, orange[1] - 35, orange[2] - 12}
	for _, c := range []struct {
		cast bool
		want int
	}{{true, 1}, {false, 0}} {
		lab := labBoard(r)
		if c.cast {
			green := r.bgLab
			green[1] -= 20
			green[2] -= 8
			paintLab(r, lab, 60-3*s, 60-3*s, 60+3*s, 60+3*s, green)
		}
		paintLab(r, lab, 60-s/2, 60-s/2, 60+s/2, 60+s/2, top)
		cls := r.classify(lab)
		r.castLook(cls, lab, nil)
		ds := r.blobs(cls, lab)
		if len(ds) != c.want || c.want == 1 && (ds[0].color != "orange" || ds[0].unreadable || ds[0].at.Sub(board.Point{X: 60, Y: 60}).Len() > 1) {
			t.Errorf("an orange top off its colour (cast around it %v) was read as %+v, want %d orange cube(s) at (60, 60)", c.cast, ds, c.want)
		}
	}
}
