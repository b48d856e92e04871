//go:build cgo && !novision

package camerasvc

import (
	"context"
	"errors"
	"image"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
	"github.com/quartermaster-table/quartermaster/web"
)

// testDie is a printed die of a game (test data: made-up labels).
var testDie = engine.ExpectDie{Die: "test-die", Count: 1, Faces: []string{"hit", "1", "2", "3", "4", "hit"}}

// exists tells whether the data directory holds a file.
func exists(t *testing.T, dir, name string) bool {
	t.Helper()
	_, err := os.Stat(filepath.Join(dir, name))
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return err == nil
}

// TestTrayCalibrationTeachesAPrintedDie: on the simulated camera, a tray
// not calibrated yet: the page lists the game's printed die, refuses to
// learn before the corners are saved and refuses corners that cross over
// (nothing saved); with the corners saved, each face shown is learned and
// saved with a picture of the die, and a roll for the table then reads the
// die with the faces taught (the simulator teaches nothing itself). While
// the page is open no read reaches the table.
func TestTrayCalibrationTeachesAPrintedDie(t *testing.T) {
	t.Parallel()
	dir := filepath.Join(t.TempDir(), SimDir)
	var aw awaiting
	roll := engine.Expect{Kind: "dice", ID: "r1", Dice: []engine.ExpectDie{testDie}}
	aw.set(roll)
	cam, ctx := start(t, Options{Dir: dir, Seed: 3, Expects: aw.get, SimSize: image.Point{X: 400, Y: 300}, SimTrayUncalibrated: true})
	reports := watch(t, ctx, cam)

	st, err := cam.StartDiceCalibration(ctx, roll.Dice)
	if err != nil {
		t.Fatal(err)
	}
	if st.Calibrated || !st.Simulated || st.ImageWidth != 400 || st.ImageHeight != 300 {
		t.Errorf("state %+v: want a simulated tray of 400x300 not calibrated", st)
	}
	if len(st.Dice) != 1 || st.Dice[0].ID != "test-die" || !slices.Equal(st.Dice[0].Labels, testDie.Faces) || slices.Contains(st.Dice[0].Learned, true) || st.Dice[0].Missing != "" {
		t.Errorf("dice to teach %+v, want the game's test-die with no face learned", st.Dice)
	}
	if !slices.Equal(st.PipDice, []string{"white", "red", "black"}) {
		t.Errorf("pip dice %v", st.PipDice)
	}
	if _, err := cam.LearnDieFace(ctx, "test-die", 0); err == nil || !strings.Contains(err.Error(), "not calibrated") {
		t.Errorf("learning before the corners: %v", err)
	}
	if _, err := cam.TestReadDice(ctx); err == nil || !strings.Contains(err.Error(), "not calibrated") {
		t.Errorf("a test read before the corners: %v", err)
	}

	cam.dmu.Lock()
	truth := cam.dice.simBase.Corners()
	cam.dmu.Unlock()
	var good [4]web.Point
	for i, p := range truth {
		good[i] = web.Point{X: p.X, Y: p.Y}
	}
	crossed := good
	crossed[0], crossed[1] = crossed[1], crossed[0]
	if _, err := cam.SaveTrayCorners(ctx, web.TrayCorners{Corners: crossed, ImageWidth: 400, ImageHeight: 300}); err == nil {
		t.Error("corners that cross over were saved")
	}
	if _, err := cam.SaveTrayCorners(ctx, web.TrayCorners{Corners: good, ImageWidth: 640, ImageHeight: 480}); err == nil || !strings.Contains(err.Error(), "400x300") {
		t.Errorf("corners for another picture size: %v", err)
	}
	if exists(t, dir, TrayCalibrationFile) {
		t.Fatal("refused corners were saved")
	}
	st, err = cam.SaveTrayCorners(ctx, web.TrayCorners{Corners: good, ImageWidth: 400, ImageHeight: 300})
	if err != nil || !st.Calibrated {
		t.Fatalf("saving the corners: %v %+v", err, st)
	}
	if !exists(t, dir, TrayCalibrationFile) {
		t.Fatal("the corners are not saved")
	}

	if _, err := cam.LearnDieFace(ctx, "white", 0); err == nil || !strings.Contains(err.Error(), "pips") {
		t.Errorf("teaching a pip die: %v", err)
	}
	if _, err := cam.LearnDieFace(ctx, "no-such-die", 0); err == nil {
		t.Error("teaching a die the set does not have")
	}
	for f := range 6 {
		got, err := cam.LearnDieFace(ctx, "test-die", f)
		if err != nil {
			t.Fatalf("face %d: %v", f+1, err)
		}
		if got.Label != testDie.Faces[f] || !got.Learned[f] || !strings.HasPrefix(got.Crop, "data:image/jpeg;base64,") || !strings.Contains(got.Result, "learned and saved") {
			t.Errorf("face %d: %+v", f+1, got.Result)
		}
		if f == 0 && !exists(t, dir, vision.LearnedFacesFile) {
			t.Error("a learned face is not saved")
		}
	}
	saved, err := vision.LoadLearnedFaces(dir)
	if err != nil || len(saved.Dice) != 1 || !saved.Dice[0].Complete() {
		t.Fatalf("saved faces: %v %+v", err, saved)
	}
	select {
	case r := <-reports:
		t.Fatalf("the calibration's dice reached the table: %+v", r)
	default:
	}

	// A test read: the simulator rolls the dice the camera reads now.
	tr, err := cam.TestReadDice(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Dice) != 4 || !strings.HasPrefix(tr.Overlay, "data:image/jpeg") {
		t.Errorf("test read %q: %d dice, want the three pip dice and the taught one", tr.Result, len(tr.Dice))
	}
	for _, d := range tr.Dice {
		if d.Die == "test-die" && !strings.Contains(tr.Result, "test-die “"+d.Face+"”") {
			t.Errorf("the test read %q does not match the simulator's roll", tr.Result)
		}
	}

	// Back to the table: its roll is read with the faces taught.
	cam.EndDiceCalibration(ctx)
	rolled, err := cam.simRoll(aw.get())
	if err != nil {
		t.Fatal(err)
	}
	r := nextReport(t, reports)
	if r.Read.Input == nil {
		t.Fatalf("report %+v", r)
	}
	if got, want := sortedReads(r.Read.Input), sortedTruth(rolled); !slices.Equal(got, want) {
		t.Errorf("read %v, rolled %v", got, want)
	}
	after, err := vision.LoadLearnedFaces(dir)
	if err != nil || !slices.Equal(after.Dice[0].Faces[2], saved.Dice[0].Faces[2]) {
		t.Error("the roll taught the die again instead of reading with the faces taught")
	}
}

// TestLookAlikeFace: a face shown again under another face's name is
// caught, a label printed twice is not.
func TestLookAlikeFace(t *testing.T) {
	lf := &vision.LearnedFaces{Dice: []vision.LearnedDie{{ID: "d", Labels: [6]string{"hit", "1", "2", "3", "4", "hit"}}}}
	n := 20
	for k := range 6 {
		f := make([]float64, n*n)
		for i := range f {
			// Each face its own stripes.
			if (i/n+i%n*(k+1))%(k+2) == 0 {
				f[i] = 1
			}
		}
		lf.Dice[0].Faces[k] = f
	}
	for k := range 6 {
		if other, ok := lookAlike(lf, "d", k); ok {
			t.Errorf("face %d taken for %q", k, other)
		}
	}
	// Face 2 shown again, turned a quarter, as face 3.
	lf.Dice[0].Faces[3] = quarterTurn(lf.Dice[0].Faces[2], n)
	if other, ok := lookAlike(lf, "d", 3); !ok || other != "2" {
		t.Errorf("face 3 = face 2 turned: %q %v", other, ok)
	}
	// The second "hit" like the first: the same label, no refusal.
	lf.Dice[0].Faces[5] = slices.Clone(lf.Dice[0].Faces[0])
	if other, ok := lookAlike(lf, "d", 5); ok {
		t.Errorf("a label printed twice taken for %q", other)
	}
}

// swapSource is a real camera whose picture a test changes.
type swapSource struct {
	mu  sync.Mutex
	img image.Image
}

func (s *swapSource) set(img image.Image) { s.mu.Lock(); s.img = img; s.mu.Unlock() }
func (s *swapSource) Next(ctx context.Context) (image.Image, error) {
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case <-time.After(20 * time.Millisecond):
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.img, nil
}

// TestLearnFaceRefusalsInWords: a real camera shows no die, then two:
// each is refused in words and nothing is saved.
func TestLearnFaceRefusalsInWords(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	set := synth.DefaultDiceSet()
	two := synth.RandomDice(8, synth.DiceOptions{Set: set, W: 400, H: 300, IDs: []string{"mm", "white"}, Faces: []int{1, 2}, Clean: true, PTouch: 1e-9})
	two.Felt = [3]float64{0.16, 0.40, 0.22}
	empty := *two
	empty.Dice = nil
	src := &swapSource{img: synth.RenderDice(&empty)}
	cam, ctx := start(t, Options{Dir: dir, Source: src, Tray: two.Tray, DiceSet: set, Expects: func() []engine.Expect { return nil }})
	if _, err := cam.StartDiceCalibration(ctx, nil); err != nil {
		t.Fatal(err)
	}
	var cs [4]web.Point
	for i, p := range two.Corners() {
		cs[i] = web.Point{X: p.X, Y: p.Y}
	}
	if _, err := cam.SaveTrayCorners(ctx, web.TrayCorners{Corners: cs, ImageWidth: 400, ImageHeight: 300}); err != nil {
		t.Fatal(err)
	}
	if _, err := cam.LearnDieFace(ctx, "mm", 1); err == nil || !strings.Contains(err.Error(), "no die is seen in the tray") {
		t.Errorf("an empty tray: %v", err)
	}
	src.set(synth.RenderDice(two))
	if _, err := cam.LearnDieFace(ctx, "mm", 1); err == nil || !strings.Contains(err.Error(), "2 dice are seen in the tray: leave only the mm die") {
		t.Errorf("two dice: %v", err)
	}
	// The white die laid against the learned one's side.
	touching := *two
	touching.Dice = slices.Clone(two.Dice)
	a := touching.Dice[0]
	gap := (a.Size+touching.Dice[1].Size)/2 + 0.1
	touching.Dice[1].Center = board.Point{X: a.Center.X + gap*math.Cos(a.Angle), Y: a.Center.Y + gap*math.Sin(a.Angle)}
	touching.Dice[1].Angle = a.Angle
	src.set(synth.RenderDice(&touching))
	if _, err := cam.LearnDieFace(ctx, "mm", 1); err == nil || !strings.Contains(err.Error(), "the mm die touches another die: a face is learned from the die alone") {
		t.Errorf("two dice touching: %v", err)
	}
	// The printed die alone on a floor of its own colour (blue): only its
	// print is seen, and the owner is told why.
	alone := *two
	alone.Dice = two.Dice[:1]
	alone.Felt = [3]float64{0.14, 0.24, 0.45}
	src.set(synth.RenderDice(&alone))
	if _, err := cam.LearnDieFace(ctx, "mm", 1); err == nil || !strings.Contains(err.Error(), "the camera sees the print of the mm die but not the die: the die is nearly the colour of the tray's floor") {
		t.Errorf("a die the colour of the floor: %v", err)
	}
	if exists(t, dir, vision.LearnedFacesFile) {
		t.Error("a refused face was saved")
	}
}

// A face learned with little print, and two faces learned alike, are
// named to the owner beside those faces, in words; the others are not.
func TestFaceDoubtsInWords(t *testing.T) {
	grid := func(f func(x, y int) float64) []float64 {
		out := make([]float64, 400)
		for y := range 20 {
			for x := range 20 {
				out[y*20+x] = f(x, y)
			}
		}
		return out
	}
	box := func(x0, y0, x1, y1 int, v float64) func(x, y int) float64 {
		return func(x, y int) float64 {
			if x >= x0 && x < x1 && y >= y0 && y < y1 {
				return v
			}
			return 0
		}
	}
	ld := vision.LearnedDie{ID: "mm", Labels: [6]string{"icon", "1", "2", "3", "4", "icon"}}
	ld.Faces[0] = grid(func(x, y int) float64 { return box(3, 3, 17, 6, 1)(x, y) + box(3, 14, 17, 17, 1)(x, y) })
	ld.Faces[1] = grid(box(8, 4, 12, 16, 1))
	ld.Faces[2] = grid(func(x, y int) float64 { return box(4, 4, 16, 9, 1)(x, y) + box(4, 12, 9, 16, 1)(x, y) })
	ld.Faces[3] = grid(func(x, y int) float64 { return box(4, 4, 16, 9, 1)(x, y) + box(4, 12, 10, 16, 1)(x, y) })
	ld.Faces[4] = grid(box(6, 6, 9, 14, 0.6))
	ld.Faces[5] = ld.Faces[0]
	d := &diceState{learned: &vision.LearnedFaces{Dice: []vision.LearnedDie{ld}}}
	got := d.faceDoubts("mm")
	if !strings.Contains(got[2], "hardly tell it from the “3” face") || !strings.Contains(got[3], "hardly tell it from the “2” face") {
		t.Errorf("faces 2 and 3 alike: %q", got)
	}
	if !strings.Contains(got[4], "saw little of its print") {
		t.Errorf("a faint 4: %q", got[4])
	}
	if got[0] != "" || got[1] != "" || got[5] != "" {
		t.Errorf("faces shown well doubted: %q", got)
	}
	if got := d.faceDoubts("other"); slices.ContainsFunc(got, func(s string) bool { return s != "" }) {
		t.Errorf("a die not taught doubted: %q", got)
	}
}
