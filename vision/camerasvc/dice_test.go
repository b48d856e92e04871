//go:build cgo && !novision

package camerasvc

import (
	"bytes"
	"context"
	"encoding/json"
	"image"
	"image/jpeg"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// awaiting is a table's waits the tests change as their game goes on.
type awaiting struct {
	mu sync.Mutex
	e  []engine.Expect
}

func (a *awaiting) set(e ...engine.Expect) { a.mu.Lock(); a.e = e; a.mu.Unlock() }
func (a *awaiting) get() []engine.Expect {
	a.mu.Lock()
	defer a.mu.Unlock()
	return slices.Clone(a.e)
}

// stillSource is a camera that always sees the same frame.
type stillSource struct{ img image.Image }

func (s stillSource) Next(ctx context.Context) (image.Image, error) { return s.img, ctx.Err() }

// sortedReads lists a read's dice as "die zone face", sorted.
func sortedReads(in *engine.TableInput) []string {
	var out []string
	for _, d := range in.Dice {
		out = append(out, d.Die+" "+d.Zone+" "+d.Face)
	}
	slices.Sort(out)
	return out
}

func sortedTruth(dice []synth.Die) []string {
	var out []string
	for _, d := range dice {
		out = append(out, d.ID+" "+d.Zone+" "+d.Label)
	}
	slices.Sort(out)
	return out
}

// TestSimulatedRollIsReadAsAwaited: a table waits for a roll; the
// simulated camera rolls exactly the dice asked for (plain six-sided dice
// of the game's own id, then printed dice with the game's faces, learned
// at once), in the zone asked, and the watcher proposes a read of kind
// "dice" with every die's face and zone, under the game's die ids. Without
// a roll awaited nothing is rolled.
func TestSimulatedRollIsReadAsAwaited(t *testing.T) {
	t.Parallel() // mostly waiting for frames: overlaps with the other tests
	var aw awaiting
	cam, ctx := start(t, Options{Dir: filepath.Join(t.TempDir(), "data", SimDir), Seed: 11, Expects: aw.get, SimSize: image.Point{X: 400, Y: 300}})
	reports := watch(t, ctx, cam)
	if _, err := cam.SimRoll(ctx, nil); err == nil || !strings.Contains(err.Error(), "no roll") {
		t.Fatalf("a roll nobody waits for: %v", err)
	}

	// The Pirate's Code's attack: three plain dice on the attacker's side.
	attack := engine.Expect{Kind: "dice", ID: "r1", Say: "roll 3 d6 dice", Dice: []engine.ExpectDie{{Die: "test-d6", Count: 3, Zone: "attacker", Faces: []string{"1", "2", "3", "4", "5", "6"}}}}
	aw.set(attack)
	rolled, err := cam.simRoll(aw.get())
	if err != nil {
		t.Fatal(err)
	}
	if len(rolled) != 3 {
		t.Fatalf("rolled %d dice, want 3", len(rolled))
	}
	r := nextReport(t, reports)
	if r.Err != nil || r.Read.Input == nil || r.Read.Input.Kind != "dice" {
		t.Fatalf("report %+v, want a dice read", r)
	}
	if got, want := sortedReads(r.Read.Input), sortedTruth(rolled); !slices.Equal(got, want) || r.Read.Input.Unreadable != 0 {
		t.Errorf("the camera read %v (%d unreadable), rolled %v", got, r.Read.Input.Unreadable, want)
	}
	for _, d := range rolled {
		if d.Zone != "attacker" || d.ID != "test-d6" {
			t.Errorf("die %+v: want a test-d6 on the attacker's side", d)
		}
	}
	// The dashboard's picture is the read, drawn on the tray.
	fctx, stop := context.WithCancel(ctx)
	select {
	case f := <-cam.Subscribe(fctx):
		if img, err := jpeg.Decode(bytes.NewReader(f)); err != nil || img.Bounds().Dx() != 400 {
			t.Errorf("the picture after the roll: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Error("no picture after the roll")
	}
	stop()

	// Merchants & Marauders' dice: printed faces (test data), two of them
	// on the defender's side.
	faces := []string{"test-skull", "test-skull", "1", "2", "3", "4"}
	aw.set(engine.Expect{Kind: "dice", ID: "r2", Dice: []engine.ExpectDie{{Die: "test-mm", Count: 4, Zone: "defender", Faces: faces}}})
	rolled, err = cam.simRoll(aw.get())
	if err != nil {
		t.Fatal(err)
	}
	r = nextReport(t, reports)
	if r.Err != nil || r.Read.Input == nil {
		t.Fatalf("report %+v, want a dice read", r)
	}
	// Every die is accounted for and none is read wrong. One of these four
	// flat printed dice (a 3 that reads nearly as well as a 2) has been
	// sent to unreadable, "unclear", since the eighth session's placement
	// change for tops the sweep cut (diceflat, 147a39d): without it a cocked
	// red die was read as a 1, a wrong answer, where this costs the players
	// one typed face. A known limit, in docs/vision.md; more than one such
	// die fails here.
	got, want := sortedReads(r.Read.Input), sortedTruth(rolled)
	left := slices.Clone(want)
	for _, g := range got {
		i := slices.Index(left, g)
		if i < 0 {
			t.Errorf("the camera read %v, not rolled (rolled %v)", g, want)
			continue
		}
		left = slices.Delete(left, i, i+1)
	}
	if len(got)+r.Read.Input.Unreadable != len(want) || r.Read.Input.Unreadable > 1 {
		t.Errorf("the camera read %v with %d unreadable, rolled %v", got, r.Read.Input.Unreadable, want)
	}
	noReport(t, reports, 600*time.Millisecond, "one roll is read once")
	if raceOn {
		return // a drop renders four frames: too slow under -race
	}

	// Back to the board: a drop of cubes is read as cubes again.
	aw.set()
	cam.SimDrop(3)
	if r := nextReport(t, reports); r.Err != nil || r.Read.Input != nil || r.Read.Cubes == 0 {
		t.Errorf("after the rolls a drop of cubes gave %+v", r)
	}
}

// TestRealCameraWithoutTrayCalibration: a real camera whose tray is not
// calibrated says so when a roll is awaited and the tray settles, once,
// and never makes up a read.
func TestRealCameraWithoutTrayCalibration(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	sc := synth.RandomDice(5, synth.DiceOptions{W: 320, H: 240, MinDice: 2, MaxDice: 2, Clean: true})
	frame := synth.RenderDice(sc)
	var aw awaiting
	aw.set(engine.Expect{Kind: "dice", ID: "r1", Dice: []engine.ExpectDie{{Die: "white", Count: 2}}})
	s, err := New(quietLogger(), Options{Dir: dir, Source: stillSource{frame}, ToRead: testRead, Expects: aw.get})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if !s.diceWanted() {
		t.Fatal("a roll is awaited but the camera would not read dice")
	}
	s.fanMu.Lock()
	ch := make(chan companion.CameraReport, 4)
	s.watchers[ch] = struct{}{}
	s.fanMu.Unlock()
	s.readDiceAndReport(frame)
	s.readDiceAndReport(frame)
	select {
	case r := <-ch:
		if r.Err == nil || !strings.Contains(r.Err.Error(), TrayCalibrationFile) || r.Read.Input != nil {
			t.Errorf("report %+v, want the tray's calibration asked for", r)
		}
	default:
		t.Fatal("no report")
	}
	select {
	case r := <-ch:
		t.Errorf("the same problem reported twice: %+v", r)
	default:
	}

	// Calibrated: the camera reads the dice it sees.
	cal, _ := json.Marshal(trayCalibration{Corners: sc.Corners(), ImageWidth: 320, ImageHeight: 240})
	if err := os.WriteFile(filepath.Join(dir, TrayCalibrationFile), cal, 0o644); err != nil {
		t.Fatal(err)
	}
	s2, err := New(quietLogger(), Options{Dir: dir, Source: stillSource{frame}, ToRead: testRead, Tray: sc.Tray, DiceSet: sc.Set, Expects: aw.get})
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	s2.dmu.Lock()
	res, err := s2.readDiceLocked(frame)
	s2.dmu.Unlock()
	if err != nil {
		t.Fatal(err)
	}
	in := DiceRead(res, nil).Input
	if got, want := sortedReads(in), sortedTruth(sc.Dice); !slices.Equal(got, want) {
		t.Errorf("read %v, rolled %v", got, want)
	}
}

// TestDiceReadIsRulesNeutral: a read becomes a TableInput of kind "dice",
// left to right per zone, dice the reader could not read counted, the
// simulator's stand-ins named by the game's ids.
func TestDiceReadIsRulesNeutral(t *testing.T) {
	res := vision.DiceResult{
		Dice: []vision.DieRead{{Die: "white", Face: "5", Zone: "defender", XMM: 200}, {Die: "white", Face: "2", Zone: "attacker", XMM: 90},
			{Die: "red", Face: "6", Zone: "attacker", XMM: 10}},
		Unreadable: []vision.DieUnreadable{{Die: "red", Reason: vision.DiceCocked}},
	}
	in := DiceRead(res, map[string]string{"white": "test-d6"}).Input
	var got []string
	for _, d := range in.Dice {
		got = append(got, d.Die+" "+d.Zone+" "+d.Face)
	}
	want := []string{"red attacker 6", "test-d6 attacker 2", "test-d6 defender 5"}
	if in.Kind != "dice" || in.Seat != engine.NoSeat || in.Unreadable != 1 || !slices.Equal(got, want) {
		t.Errorf("input %+v (%v), want %v with 1 unreadable", in, got, want)
	}
}
