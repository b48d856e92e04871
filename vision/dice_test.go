package vision

import (
	"errors"
	"image"
	"io/fs"
	"math"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// Test scenes are small (640x480) and few: rendering is slow under -race.
func smallDice(seed uint64, o synth.DiceOptions) *synth.DiceScene {
	o.W, o.H = 640, 480
	return synth.RandomDice(seed, o)
}

// readSeed renders tuning seed seed at the camera's full size and reads it
// with the learned faces of the full-size calibration roll.
// readRight says whether the read has the flat die d where it lies, with
// its face and zone.
func readRight(d synth.Die, res DiceResult) bool {
	for _, r := range res.Dice {
		if math.Hypot(r.XMM-d.Center.X, r.YMM-d.Center.Y) < d.Size/2 && r.Die == d.ID && r.Face == d.Label && r.Zone == d.Zone {
			return true
		}
	}
	return false
}

func readSeed(t *testing.T, seed uint64) (*synth.DiceScene, DiceResult) {
	t.Helper()
	lf, err := diceLearnedOnce()
	if err != nil {
		t.Fatal(err)
	}
	s := synth.RandomDice(seed, synth.DiceOptions{})
	res, err := ReadDice(synth.RenderDice(s), DiceCalibration{Tray: s.Tray, Set: s.Set, Corners: s.Corners(), Options: DiceOptions{Learned: lf}})
	if err != nil {
		t.Fatal(err)
	}
	return s, res
}

func readScene(t *testing.T, s *synth.DiceScene, empty image.Image) (DiceResult, image.Image) {
	t.Helper()
	lf, err := diceLearnedSmall()
	if err != nil {
		t.Fatal(err)
	}
	img := synth.RenderDice(s)
	res, err := ReadDice(img, DiceCalibration{Tray: s.Tray, Set: s.Set, Corners: s.Corners(), Options: DiceOptions{Empty: empty, Learned: lf}})
	if err != nil {
		t.Fatal(err)
	}
	return res, img
}

// diceLearnedSmall is the calibration roll of the learned die at the test
// frame size, on a table of its own.
var diceLearnedSmall = func() func() (*LearnedFaces, error) {
	var lf *LearnedFaces
	var err error
	done := false
	return func() (*LearnedFaces, error) {
		if done {
			return lf, err
		}
		done = true
		for k := 0; k < 6 && err == nil; k++ {
			s := smallDice(777, synth.DiceOptions{IDs: []string{"mm"}, Faces: []int{k}, Clean: true})
			var r *DiceReader
			if r, err = NewDiceReader(s.Tray, s.Set, s.Corners(), s.Camera.W, s.Camera.H, DiceOptions{Learned: lf}); err == nil {
				lf, err = r.LearnFace(synth.RenderDice(s), "mm", k)
			}
		}
		return lf, err
	}
}()

// A roll of flat dice is read die by die: colour, face, zone and place, and
// the count sums them per zone.
func TestReadDiceFlatRoll(t *testing.T) {
	for _, seed := range []uint64{11, 12} {
		s := smallDice(seed, synth.DiceOptions{MinDice: 4, MaxDice: 6, PCocked: 1e-9, POutside: 1e-9, Clean: true})
		res, _ := readScene(t, s, nil)
		if len(res.Dice) != len(s.Dice) || len(res.Unreadable) != 0 {
			t.Fatalf("seed %d: %d dice rolled, read %+v", seed, len(s.Dice), res)
		}
		total := 0
		for _, d := range s.Dice {
			found := false
			for _, r := range res.Dice {
				if math.Hypot(r.XMM-d.Center.X, r.YMM-d.Center.Y) < 3 {
					found = true
					if r.Die != d.ID || r.Face != d.Label || r.Zone != d.Zone {
						t.Errorf("seed %d: %s showing %s in %s read as %s showing %s in %s", seed, d.ID, d.Label, d.Zone, r.Die, r.Face, r.Zone)
					}
				}
			}
			if !found {
				t.Errorf("seed %d: %s at (%.0f,%.0f) not read", seed, d.ID, d.Center.X, d.Center.Y)
			}
			total++
		}
		n := 0
		for _, z := range res.Count {
			for _, faces := range z {
				for _, c := range faces {
					n += c
				}
			}
		}
		if n != total {
			t.Errorf("seed %d: count sums %d dice, %d were rolled", seed, n, total)
		}
	}
}

// A cocked die is never given a face: it goes to unreadable as cocked.
func TestReadDiceCockedNotGuessed(t *testing.T) {
	s := smallDice(21, synth.DiceOptions{MinDice: 3, MaxDice: 3, PCocked: 1, POutside: 1e-9, Clean: true})
	cocked := 0
	for _, d := range s.Dice {
		if d.Pose == synth.Cocked {
			cocked++
		}
	}
	if cocked == 0 {
		t.Fatal("test scene has no cocked die")
	}
	res, _ := readScene(t, s, nil)
	for _, d := range s.Dice {
		if d.Pose != synth.Cocked {
			continue
		}
		for _, r := range res.Dice {
			if math.Hypot(r.XMM-d.Center.X, r.YMM-d.Center.Y) < d.Size {
				t.Errorf("cocked %s at (%.0f,%.0f) read as %s %s", d.ID, d.Center.X, d.Center.Y, r.Die, r.Face)
			}
		}
	}
	got := 0
	for _, u := range res.Unreadable {
		if u.Reason == DiceCocked {
			got++
		}
	}
	if got != cocked {
		t.Errorf("%d cocked dice, %d reported cocked: %+v", cocked, got, res.Unreadable)
	}
}

// An empty tray reads as no dice at all, not as a made-up roll.
func TestReadDiceEmptyTray(t *testing.T) {
	s := smallDice(31, synth.DiceOptions{})
	s.Dice = nil
	res, _ := readScene(t, s, nil)
	if len(res.Dice) != 0 || len(res.Unreadable) != 0 {
		t.Fatalf("empty tray read as %+v", res)
	}
}

func TestDiceReaderRefusesBadInput(t *testing.T) {
	s := smallDice(41, synth.DiceOptions{})
	c := s.Corners()
	if _, err := NewDiceReader(nil, s.Set, c, 640, 480, DiceOptions{}); err == nil {
		t.Error("no tray accepted")
	}
	if _, err := NewDiceReader(s.Tray, s.Set, board.Corners{{X: -5, Y: 0}, {X: 600, Y: 0}, {X: 600, Y: 400}, {X: 0, Y: 400}}, 640, 480, DiceOptions{}); err == nil {
		t.Error("corners outside the image accepted")
	}
	if _, err := NewDiceReader(s.Tray, s.Set, board.Corners{c[1], c[0], c[2], c[3]}, 640, 480, DiceOptions{}); err == nil {
		t.Error("corners out of order accepted")
	}
	r, err := NewDiceReader(s.Tray, s.Set, c, 640, 480, DiceOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := r.Read(image.NewRGBA(image.Rect(0, 0, 320, 240))); err == nil {
		t.Error("a frame of another size accepted")
	}
	if _, err := r.Read(nil); err == nil {
		t.Error("no frame accepted")
	}
	if _, err := r.LearnFace(image.NewRGBA(image.Rect(0, 0, 640, 480)), "white", 0); err == nil {
		t.Error("a pip die was learned")
	}
	if _, err := r.LearnFace(image.NewRGBA(image.Rect(0, 0, 640, 480)), "mm", 0); err == nil {
		t.Error("a face was learned from a frame without a die")
	}
}

func TestLearnedFacesSaveLoad(t *testing.T) {
	lf, err := diceLearnedSmall()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if _, err := LoadLearnedFaces(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("no file: %v", err)
	}
	if err := SaveLearnedFaces(dir, lf); err != nil {
		t.Fatal(err)
	}
	got, err := LoadLearnedFaces(dir)
	if err != nil {
		t.Fatal(err)
	}
	if got.die("mm") == nil || got.die("mm").Labels[0] != "icon" {
		t.Fatalf("learned die lost: %+v", got.Dice)
	}
	for _, bad := range []string{`{"dice":[{"id":""}]}`, `{"dice":[{"id":"mm","faces":[[0.5]]}]}`, `{"dice":[{"id":"mm","paint":[300,0,0]}]}`, `[`} {
		if _, err := ParseLearnedFaces([]byte(bad)); err == nil {
			t.Errorf("accepted %s", bad)
		}
	}
}

func FuzzParseLearnedFaces(f *testing.F) {
	f.Add([]byte(`{"dice":[{"id":"mm","labels":["icon","1","2","3","4","icon"],"paint":[1,2,3],"ink":[200,200,200]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := ParseLearnedFaces(b)
		if err != nil {
			return
		}
		for _, d := range l.Dice {
			l.die(d.ID)
		}
	})
}

// The reader's input checks never panic, whatever the corners and frame size.
func FuzzDiceReaderInputs(f *testing.F) {
	f.Add("10,10;600,12;610,470;5,460", 640, 480)
	f.Add("0,0;0,0;0,0;0,0", 32, 32)
	tray, set := synth.DefaultTray(), synth.DefaultDiceSet()
	f.Fuzz(func(t *testing.T, corners string, w, h int) {
		c, err := board.ParseCorners(corners)
		if err != nil || w < 0 || h < 0 || w > 700 || h > 500 {
			return
		}
		r, err := NewDiceReader(tray, set, c, w, h, DiceOptions{})
		if err != nil {
			return
		}
		if _, err := r.Read(image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
			t.Fatalf("a frame of the calibrated size refused: %v", err)
		}
	})
}
