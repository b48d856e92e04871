//go:build cgo && !novision

package camerasvc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine/layout"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
	"github.com/quartermaster-table/quartermaster/web"
)

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// testAction is the test game's read action (test data): the colour and
// zone of every cube, and the colours to drop again.
type testAction struct {
	Cubes  [][2]string `json:"cubes"`
	Redrop []string    `json:"redrop"`
}

// testRead is the test game's mapping of a read to its action.
func testRead(res vision.Result) (companion.CameraRead, error) {
	var a testAction
	for _, c := range res.Cubes {
		a.Cubes = append(a.Cubes, [2]string{c.Color, c.Zone})
	}
	for _, r := range res.Redrop {
		a.Redrop = append(a.Redrop, r.Color)
	}
	b, err := json.Marshal(a)
	return companion.CameraRead{Action: b, Cubes: len(res.Cubes) + len(res.Redrop)}, err
}

// errNoExplode is the test game's refusal of a board without an
// exploding-shot zone.
var errNoExplode = errors.New("the test rules play only on a board with an exploding-shot zone")

// testCheckBoard is the test game's board check.
func testCheckBoard(raw json.RawMessage) error {
	if len(raw) == 0 {
		return nil
	}
	l, err := layout.Parse(raw)
	if err != nil {
		return err
	}
	for _, z := range l.Zones {
		if z.Has(layout.Explode) {
			return nil
		}
	}
	return errNoExplode
}

// started is a running service as the tests see it.
type started struct {
	*Service
	// close stops Run and closes the service (once).
	close func()
}

// start makes and runs a service until the test ends.
func start(t *testing.T, o Options) (*started, context.Context) {
	t.Helper()
	if o.ToRead == nil {
		o.ToRead = testRead
	}
	if o.CheckBoard == nil {
		o.CheckBoard = testCheckBoard
	}
	s, err := New(quietLogger(), o)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = s.Run(ctx) }()
	closed := false
	st := &started{Service: s, close: func() {
		if !closed {
			closed = true
			cancel()
			<-done
			s.Close()
		}
	}}
	t.Cleanup(st.close)
	return st, ctx
}

// openSim runs the simulated camera over a data directory.
func openSim(t *testing.T, data string) (*started, context.Context) {
	return start(t, Options{Dir: filepath.Join(data, SimDir)})
}

// watch attaches like a table does: the reports of the camera's watcher.
func watch(t *testing.T, ctx context.Context, cam *started) <-chan companion.CameraReport {
	t.Helper()
	var cw companion.CameraWatcher = cam.Service
	out := make(chan companion.CameraReport, 8)
	go cw.Watch(ctx, out)
	return out
}

func nextReport(t *testing.T, ch <-chan companion.CameraReport) companion.CameraReport {
	t.Helper()
	select {
	case r := <-ch:
		return r
	case <-time.After(15 * time.Second):
		t.Fatal("the camera handed in no read after the drop")
	}
	return companion.CameraReport{}
}

func noReport(t *testing.T, ch <-chan companion.CameraReport, d time.Duration, why string) {
	t.Helper()
	select {
	case r := <-ch:
		t.Fatalf("%s, but the camera handed in %+v (%s)", why, r.Err, r.Read.Action)
	case <-time.After(d):
	}
}

// readCubes decodes the test game's read action and counts its cubes.
func readCubes(t *testing.T, r companion.CameraRead) int {
	t.Helper()
	var a testAction
	if err := json.Unmarshal(r.Action, &a); err != nil {
		t.Fatalf("action %s: %v", r.Action, err)
	}
	return len(a.Cubes) + len(a.Redrop)
}

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestSimulatedCameraWatchesDrops: the simulated tower's cubes fall on the
// simulated board, the watcher notices the drop by itself, waits until the
// board is still and hands in one read; the drop sensor's hint makes it
// read even without motion; nothing moves, nothing is read.
func TestSimulatedCameraWatchesDrops(t *testing.T) {
	t.Parallel() // mostly waiting for frames: overlaps with the other tests
	cam, ctx := openSim(t, filepath.Join(t.TempDir(), "data"))
	if !cam.Simulated() {
		t.Fatal("the simulated camera is not simulated")
	}
	reports := watch(t, ctx, cam)
	noReport(t, reports, 400*time.Millisecond, "nothing was dropped")

	cam.SimDrop(6)
	r := nextReport(t, reports)
	if r.Err != nil {
		t.Fatalf("read failed: %v", r.Err)
	}
	n := readCubes(t, r.Read)
	if r.Read.Cubes < 4 || r.Read.Cubes > 8 || n != r.Read.Cubes {
		t.Errorf("6 cubes dropped: the read has %d cubes, the action %d: %s", r.Read.Cubes, n, r.Read.Action)
	}
	noReport(t, reports, 800*time.Millisecond, "one drop is read once")

	// The tower's sensor fired but the board did not visibly change: the
	// camera still reads once, even the same cubes.
	cam.DropStarted()
	if r2 := nextReport(t, reports); r2.Err != nil || string(r2.Read.Action) != string(r.Read.Action) {
		t.Errorf("hinted read = %v %s, want the same cubes again", r2.Err, r2.Read.Action)
	}

	// A read asked for directly (a camera that does not watch) still works.
	direct, err := cam.Read(ctx)
	if err != nil || string(direct.Action) != string(r.Read.Action) {
		t.Errorf("Read = %s %v, want the settled board", direct.Action, err)
	}
	fctx, stop := context.WithCancel(ctx)
	defer stop()
	select {
	case f := <-cam.Subscribe(fctx):
		if _, err := jpeg.Decode(bytes.NewReader(f)); err != nil {
			t.Errorf("frame is not a JPEG: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Error("no frame for the dashboard")
	}
	cal, err := cam.Calibration(ctx)
	if err != nil || cal.ImageWidth != 640 || len(cal.Layout) == 0 {
		t.Fatalf("calibration %+v %v", cal, err)
	}
	if cam.Board() != nil {
		t.Error("the simulator's own guess counts as a calibrated board")
	}
	raw, err := cam.TestRead(ctx)
	var res vision.Result
	if err != nil || json.Unmarshal(raw, &res) != nil || len(res.Cubes) == 0 {
		t.Fatalf("test read %s %v", raw, err)
	}
	bad := cal
	bad.Corners[1] = web.Point{X: 5000, Y: 0}
	if err := cam.SaveCalibration(ctx, bad); err == nil {
		t.Error("corners outside the image were saved")
	}
	noExplode := strings.Replace(string(cal.Layout), `"explode"`, `"damage"`, -1)
	bad = cal
	bad.Layout = json.RawMessage(noExplode)
	if err := cam.SaveCalibration(ctx, bad); err == nil || !errors.Is(err, errNoExplode) {
		t.Errorf("a board without an exploding-shot zone was saved: %v", err)
	}
	if err := cam.SaveCalibration(ctx, cal); err != nil {
		t.Errorf("the current calibration was refused: %v", err)
	}
	if cam.Board() == nil {
		t.Error("a board saved by the host is not the calibrated board")
	}
}

// TestColourCalibrationDrop plays the guided colour calibration on the
// simulated camera. The data directory starts with a palette measured
// wrongly (test data: purple and blue swapped), so purple cubes read as
// blue; after the drop is measured the cubes read in their own colours, the
// palette is saved, and a restarted camera reads with it.
func TestColourCalibrationDrop(t *testing.T) {
	t.Parallel() // mostly waiting for frames: overlaps with the other tests
	data := filepath.Join(t.TempDir(), "data")
	dir := filepath.Join(data, SimDir)
	wrong := board.DefaultPalette()
	wrong.Note = "test data: purple and blue swapped"
	wrong.Colors["purple"], wrong.Colors["blue"] = wrong.Colors["blue"], wrong.Colors["purple"]
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := vision.SavePalette(dir, wrong); err != nil {
		t.Fatal(err)
	}
	cam, ctx := openSim(t, data)
	var cal web.Calibrator = cam.Service
	reports := watch(t, ctx, cam)

	// Step 1: the empty board.
	msg, err := cal.CaptureEmpty(ctx)
	if err != nil || !strings.Contains(msg, "empty board") {
		t.Fatalf("capture empty: %q %v", msg, err)
	}
	if _, err := os.Stat(filepath.Join(dir, vision.EmptyFile)); err != nil {
		t.Errorf("the empty board was not saved: %v", err)
	}
	// Step 2: the plan, one zone per colour of the palette.
	plan, err := cal.ColourPlan(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !plan.Reference || len(plan.Zones) != 5 || plan.Cubes < 2 {
		t.Fatalf("plan = %+v", plan)
	}
	zones := map[string]string{}
	for _, z := range plan.Zones {
		if _, dup := zones[z.Zone]; dup {
			t.Fatalf("zone %s given two colours", z.Zone)
		}
		zones[z.Zone] = z.Colour
	}
	var sim web.CalibrationSimulator = cam.Service
	if _, err := sim.SimulateColourDrop(ctx, zones); err != nil {
		t.Fatal(err)
	}
	before := colourInZones(t, cal, ctx, zones)
	if before["purple"]["blue"] == 0 {
		t.Fatalf("with the wrong palette purple cubes should read blue: %v", before)
	}
	noReport(t, reports, 300*time.Millisecond, "the calibration cubes are not a battle")

	// Refusals a host can make.
	for name, bad := range map[string]map[string]string{
		"unknown zone":   {"no-such-zone": "purple"},
		"unknown colour": {plan.Zones[0].Zone: "pruple"},
		"colour twice":   {plan.Zones[0].Zone: "green", plan.Zones[1].Zone: "green"},
	} {
		if _, err := cal.CalibrateColours(ctx, bad); err == nil {
			t.Errorf("%s: measured", name)
		}
	}

	// Step 3: measure.
	res, err := cal.CalibrateColours(ctx, zones)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Colours) != 5 || len(res.Misread) != 0 || !strings.Contains(res.Result, vision.PaletteFile) || len(res.Read) == 0 {
		t.Errorf("result = %+v", res)
	}
	for _, mc := range res.Colours {
		if mc.Colour == "purple" && mc.After == mc.Before {
			t.Errorf("purple was not measured: %+v", mc)
		}
	}
	saved, err := vision.LoadPalette(dir)
	if err != nil || saved.Note == wrong.Note {
		t.Fatalf("palette.json not replaced: %+v %v", saved, err)
	}
	after := colourInZones(t, cal, ctx, zones)
	for want, got := range after {
		for col, n := range got {
			if col != want && n > 0 {
				t.Errorf("after calibrating, %d %s cubes read as %s: %v", n, want, col, after)
			}
		}
	}
	// Measuring ends the calibration: the next drop reaches the table.
	cam.SimDrop(4)
	if r := nextReport(t, reports); r.Err != nil || r.Read.Cubes == 0 {
		t.Errorf("after the calibration a drop gave %v, %d cubes", r.Err, r.Read.Cubes)
	}
	cam.close()

	// A new start of the server reads with the saved colours: the plan
	// shows the measured purple.
	again, err := New(quietLogger(), Options{Dir: dir, ToRead: testRead})
	if err != nil {
		t.Fatal(err)
	}
	defer again.Close()
	plan2, err := again.ColourPlan(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	want := saved.Colors["purple"]
	for _, z := range plan2.Zones {
		if z.Colour == "purple" && (z.RGB != [3]int{int(want[0]), int(want[1]), int(want[2])} || want == wrong.Colors["purple"]) {
			t.Errorf("after a restart purple is %v, want the measured %v", z.RGB, want)
		}
	}
}

// colourInZones test-reads the board and counts, for each colour of the
// drop, the colours read in its zone.
func colourInZones(t *testing.T, cal web.Calibrator, ctx context.Context, zones map[string]string) map[string]map[string]int {
	t.Helper()
	raw, err := cal.TestRead(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var res vision.Result
	if err := json.Unmarshal(raw, &res); err != nil {
		t.Fatal(err)
	}
	out := map[string]map[string]int{}
	for _, c := range zones {
		out[c] = map[string]int{}
	}
	for _, cb := range res.Cubes {
		if want, ok := zones[cb.Zone]; ok {
			out[want][cb.Color]++
		}
	}
	return out
}

// TestRecordedCameraReadsADrop is --camera on a recorded stream (an image
// sequence of an empty board, a drop and the settled cubes) with the
// calibration and the empty board in the data directory, as `quartermaster
// calibrate` leaves them: the watcher notices the drop by motion alone and
// hands in one read of the cubes that fell.
func TestRecordedCameraReadsADrop(t *testing.T) {
	t.Parallel()
	dir, data := t.TempDir(), t.TempDir()
	sim := synth.NewSimCamera(synth.SimOptions{Seed: 5, W: 640, H: 480, FPS: 1000})
	frames := 0
	encoded := map[image.Image][]byte{} // a still board repeats its frame: encode it once
	pngOf := func(img image.Image) []byte {
		if b, ok := encoded[img]; ok {
			return b
		}
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		encoded[img] = buf.Bytes()
		return buf.Bytes()
	}
	save := func() {
		img, err := sim.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("f_%03d.png", frames)), pngOf(img), 0o644); err != nil {
			t.Fatal(err)
		}
		frames++
	}
	for i := 0; i < 6; i++ {
		save()
	}
	truth := sim.DropRandom(5, "purple", "orange", "green")
	for i := 0; i < 16; i++ {
		save()
	}
	if err := os.WriteFile(filepath.Join(data, vision.EmptyFile), pngOf(sim.Empty()), 0o644); err != nil {
		t.Fatal(err)
	}
	cal := vision.Calibration{Corners: sim.Corners(), ImageWidth: 640, ImageHeight: 480}
	if err := vision.SaveCalibration(data, cal); err != nil {
		t.Fatal(err)
	}
	cam, ctx := start(t, Options{Dir: data, Camera: filepath.Join(dir, "f_%03d.png")})
	if cam.Simulated() {
		t.Error("a real camera is simulated")
	}
	if _, err := cam.SimulateColourDrop(ctx, map[string]string{"explode": "green"}); err == nil {
		t.Error("a real camera simulated a calibration drop")
	}
	if b := cam.Board(); b == nil {
		t.Error("the calibration in the data directory is not the calibrated board")
	}
	r := nextReport(t, watch(t, ctx, cam))
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if n := readCubes(t, r.Read); n != len(truth) {
		t.Errorf("read %d cubes of a %d-cube drop: %s", n, len(truth), r.Read.Action)
	}
	plan, err := cam.ColourPlan(ctx)
	if err != nil || !plan.Reference {
		t.Errorf("the empty board in the data directory is not the reference: %+v %v", plan, err)
	}
}

func TestCameraWithoutCalibrationSaysSo(t *testing.T) {
	if _, err := New(quietLogger(), Options{Dir: t.TempDir(), Camera: filepath.Join(t.TempDir(), "missing.avi"), ToRead: testRead}); err == nil {
		t.Error("a missing video file opened as a camera")
	}
}

func TestCameraSpec(t *testing.T) {
	dir := t.TempDir()
	writePNG(t, filepath.Join(dir, "f_001.png"), image.NewRGBA(image.Rect(0, 0, 4, 4)))
	for spec, ok := range map[string]bool{
		"0": true, "12": true, "http://pi.local:8081/stream.mjpg": true,
		filepath.Join(dir, "f_%03d.png"): true, filepath.Join(dir, "g_%03d.png"): false,
		filepath.Join(dir, "missing.avi"): false, "/dev/video0x": false,
	} {
		if err := checkSpec(spec); (err == nil) != ok {
			t.Errorf("%q: %v", spec, err)
		}
	}
}

// TestSimulatedDropOfAwaitedCubes: a drop the table asked for lays exactly
// those cubes (each colour and count), so the camera's read shows them, and
// the scene's truth says the same; a colour the simulator cannot paint is
// left out rather than replaced by another.
func TestSimulatedDropOfAwaitedCubes(t *testing.T) {
	t.Parallel() // mostly waiting for frames: overlaps with the other tests
	cam, ctx := start(t, Options{Dir: filepath.Join(t.TempDir(), "data", SimDir), Seed: 3})
	reports := watch(t, ctx, cam)
	want := map[string]int{"purple": 3, "green": 2, "black": 1}
	laid := cam.SimDropCubes(want)
	truth := map[string]int{}
	for _, c := range laid {
		truth[c.Color]++
	}
	if fmt.Sprint(truth) != fmt.Sprint(want) {
		t.Fatalf("laid %v, want %v", truth, want)
	}
	r := nextReport(t, reports)
	if r.Err != nil {
		t.Fatalf("read failed: %v", r.Err)
	}
	var a testAction
	if err := json.Unmarshal(r.Read.Action, &a); err != nil {
		t.Fatal(err)
	}
	seen := map[string]int{}
	for _, c := range a.Cubes {
		seen[c[0]]++
	}
	for _, c := range a.Redrop {
		seen[c]++
	}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("the camera read %v (%s), want %v", seen, r.Read.Action, want)
	}
	if got := cam.SimDropCubes(map[string]int{"test-no-such-colour": 2}); got != nil {
		t.Errorf("cubes of an unknown colour were laid: %+v", got)
	}
}
