package vision

import (
	"errors"
	"slices"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// An owner who shows a face with another die touching it is told so, and
// nothing is learned: a square on touching dice may hold some of each.
func TestLearnFaceRefusesTouchingDice(t *testing.T) {
	s := smallDice(touchSeed, synth.DiceOptions{IDs: []string{"mm", "white"}, Faces: []int{3, 1}, PTouch: 1, Clean: true})
	r, err := NewDiceReader(s.Tray, s.Set, s.Corners(), s.Camera.W, s.Camera.H, DiceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	lf, err := r.LearnFace(synth.RenderDice(s), "mm", 3)
	if !errors.Is(err, ErrLearnTouching) {
		t.Fatalf("a learned die touching a white die: learned %v, error %v; want ErrLearnTouching", lf != nil, err)
	}
}

// touchSeed is a calibration scene whose two dice touch.
const touchSeed = 5

// A calibration roll shown well raises no doubt; a face shown faint (too
// little print seen) or two faces with different labels taught alike (a
// 3 learned from a blurred picture, closer to the 2) are doubted, face by
// face, so the owner can show them again.
func TestLearnedFaceDoubts(t *testing.T) {
	lf, err := diceLearnedSmall()
	if err != nil {
		t.Fatal(err)
	}
	good := lf.Dice[0]
	if d := good.Doubts(); len(d) != 0 {
		t.Fatalf("a good calibration roll doubted: %+v", d)
	}
	bad := good
	bad.Faces[1] = slices.Clone(good.Faces[1])
	for i := range bad.Faces[1] {
		bad.Faces[1][i] *= 0.3
	}
	bad.Faces[3] = slices.Clone(good.Faces[3])
	for i := range bad.Faces[3] {
		bad.Faces[3][i] = 0.75*good.Faces[2][i] + 0.25*good.Faces[3][i]
	}
	got := map[int]FaceDoubt{}
	for _, d := range bad.Doubts() {
		got[d.Face] = d
	}
	if d, ok := got[1]; !ok || d.Why != DoubtLittleInk {
		t.Errorf("the faint %q: doubt %+v, want little ink", bad.Labels[1], d)
	}
	for a, b := range map[int]int{2: 3, 3: 2} {
		if d, ok := got[a]; !ok || d.Why != DoubtAlike || d.Like != b {
			t.Errorf("face %q: doubt %+v, want alike %q", bad.Labels[a], d, bad.Labels[b])
		}
	}
	if len(got) != 3 {
		t.Errorf("doubts %+v, want faces 1, 2 and 3 only", got)
	}
}
