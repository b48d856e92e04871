//go:build cgo && !novision

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"io/fs"
	"log/slog"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
	"github.com/quartermaster-table/quartermaster/web"
)

// simCameraDir is where the simulated camera keeps its calibration, empty
// board and measured colours, apart from a real camera's in the data
// directory itself: a simulator's colours must never be used for real cubes.
const simCameraDir = "sim-camera"

// simSeed fixes the simulated camera's position and light, so a calibration
// saved in one `make run` still fits the next.
const simSeed = 7

// Timing of the camera's frames.
const (
	// maxFPS paces the frames taken from a source (a video file would
	// otherwise play as fast as it decodes).
	maxFPS = 30
	// stillFrames is how many frames in a row must show no motion before a
	// calibration step or a test read takes the frame.
	stillFrames = 3
	// stillWait is how long such a step waits for the board to be still.
	stillWait = 4 * time.Second
	// calibratingFor is how long, after the guided colour calibration
	// starts, the camera proposes no battle reads (the calibration cubes are
	// not a battle); measuring ends it sooner.
	calibratingFor = 10 * time.Minute
	// calCubes is how many cubes of each colour go in its zone.
	calCubes = 3
)

// openCamera connects the camera to the session and the dashboard: with
// --camera a real one (a device index, a video file, an image sequence such
// as frame_%03d.png, or an MJPEG URL), with
// --sim a simulated one that shows the cubes of the simulated tower's
// drops, else none. A vision.Watcher follows the frames and hands the
// session one read per drop.
func openCamera(ctx context.Context, lg *slog.Logger, cfg Config) (*camera, error) {
	if cfg.Camera == "" && !cfg.Sim {
		return nil, nil
	}
	dir := cfg.Data
	if cfg.Camera == "" {
		dir = filepath.Join(cfg.Data, simCameraDir)
	}
	layout, palette, err := cameraBoard(cfg, dir)
	if err != nil {
		return nil, err
	}
	vc := &visionCamera{lg: lg, dir: dir, layout: layout, palette: palette,
		subs: map[chan []byte]struct{}{}, watchers: map[chan companion.CameraReport]struct{}{},
		feed: make(chan image.Image, 1), frameCh: make(chan struct{}), motion: vision.NewMotion(vision.WatchOptions{})}
	var closeSrc func()
	if cfg.Camera != "" {
		if err := checkCameraSpec(cfg.Camera); err != nil {
			return nil, err
		}
		cam, err := vision.OpenCamera(cfg.Camera)
		if err != nil {
			return nil, err
		}
		vc.src, closeSrc = cam, func() { cam.Close() }
	} else {
		sim := synth.NewSimCamera(synth.SimOptions{Seed: simSeed, W: 640, H: 480, FPS: 10, Layout: layout})
		vc.sim, vc.src, closeSrc = sim, sim, func() {}
		vc.rng = rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 2))
	}
	if err := vc.loadCalibration(); err != nil {
		closeSrc()
		return nil, err
	}
	if err := vc.rebuild(); err != nil {
		closeSrc()
		return nil, err
	}
	vc.watcher = vision.NewWatcher(feedSource(vc.feed), watchReader{vc}, vision.WatchOptions{})

	ctx, cancel := context.WithCancel(ctx)
	var wg sync.WaitGroup
	settled := make(chan vision.Settled)
	for _, run := range []func(){
		func() { vc.pump(ctx) },
		func() {
			if err := vc.watcher.Run(ctx, settled); err != nil && ctx.Err() == nil {
				lg.Error("the camera's drop watcher stopped", "err", err)
			}
		},
		func() { vc.propose(ctx, settled) },
		func() { vc.publish(ctx) },
	} {
		wg.Add(1)
		go func() { defer wg.Done(); run() }()
	}
	// Everything reading frames has stopped before the source is closed.
	closeCam := func() { cancel(); wg.Wait(); closeSrc(); vc.close() }
	out := &camera{Camera: vc, Frames: vc, Calibrator: vc, Board: vc.battleBoard, Close: closeCam}
	if vc.sim != nil {
		out.SimDrop = vc.simDrop
	}
	return out, nil
}

// checkCameraSpec refuses a --camera that is neither a device index, an
// existing file nor a URL, with a sentence saying so.
func checkCameraSpec(spec string) error {
	if _, err := os.Stat(spec); err == nil || looksLikeURL(spec) {
		return nil
	}
	if strings.Contains(spec, "%") { // an image sequence, frame_%03d.png
		for _, first := range []int{0, 1} {
			if _, err := os.Stat(fmt.Sprintf(spec, first)); err == nil {
				return nil
			}
		}
		return fmt.Errorf("camera %q: no image of the sequence (%s) exists", spec, fmt.Sprintf(spec, 0))
	}
	for _, r := range spec {
		if r < '0' || r > '9' {
			return fmt.Errorf("camera %q: not a device index, a file or a URL", spec)
		}
	}
	return nil
}

func looksLikeURL(s string) bool {
	for _, p := range []string{"http://", "https://", "rtsp://"} {
		if len(s) > len(p) && s[:len(p)] == p {
			return true
		}
	}
	return false
}

// cameraBoard loads the layout and palette from the config's paths, else
// the measured palette in the camera's directory, else the defaults.
func cameraBoard(cfg Config, dir string) (*board.Layout, *board.Palette, error) {
	layout := board.DefaultLayout()
	var err error
	if cfg.Layout != "" {
		if layout, err = board.LoadLayout(cfg.Layout); err != nil {
			return nil, nil, err
		}
	}
	var palette *board.Palette
	if cfg.Palette != "" {
		palette, err = board.LoadPalette(cfg.Palette)
	} else {
		palette, err = vision.LoadPalette(dir)
	}
	return layout, palette, err
}

// visionCamera adapts the vision reader and watcher to companion.Camera
// (and CameraWatcher), web.FrameSource and web.Calibrator.
type visionCamera struct {
	lg  *slog.Logger
	dir string // where the calibration files are kept
	src vision.Source
	// sim is the simulated camera (--sim), nil for a real one.
	sim     *synth.SimCamera
	rng     *rand.Rand // the simulated drops
	watcher *vision.Watcher
	// feed hands the pumped frames to the watcher (the newest only).
	feed chan image.Image

	mu      sync.Mutex
	layout  *board.Layout
	palette *board.Palette
	cal     *vision.Calibration
	// calibrated: cal was loaded from the data directory or saved by the
	// host (not the simulator's own guess).
	calibrated bool
	empty      image.Image // the empty board, the reference; nil: none
	reader     *vision.Reader
	// The newest frame, its number, the number of the last frame that
	// moved, and a channel closed (and replaced) at every new frame.
	latest     image.Image
	frameNo    uint64
	movedAt    uint64
	motion     *vision.Motion // the pump's, as the watcher measures it
	frameCh    chan struct{}
	last       []byte // newest JPEG with the overlay
	subs       map[chan []byte]struct{}
	watchers   map[chan companion.CameraReport]struct{}
	hinted     bool      // the drop sensor fired since the last read
	calibUntil time.Time // no battle reads proposed before then
	lastRead   string    // the last read proposed, to skip repeats
}

// loadCalibration takes the calibration and empty board of the camera's
// directory; the simulated camera falls back on its exact corners and
// empty frame.
func (c *visionCamera) loadCalibration() error {
	cal, err := vision.LoadCalibration(c.dir)
	switch {
	case err == nil:
		if _, err := rulesBoard(cal.Layout); err != nil {
			return fmt.Errorf("camera calibration %s: %w", filepath.Join(c.dir, vision.CalibrationFile), err)
		}
		c.cal, c.calibrated = &cal, true
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("camera calibration: %w", err)
	case c.sim != nil:
		cal := vision.Calibration{Corners: c.sim.Corners(), ImageWidth: c.sim.Scene().Camera.W, ImageHeight: c.sim.Scene().Camera.H}
		cal.Layout, _ = json.Marshal(c.layout)
		c.cal = &cal
	default:
		c.lg.Warn("the camera is not calibrated: run quartermaster calibrate or use the calibration page", "data", c.dir)
	}
	if c.cal != nil && c.sim != nil && (c.cal.ImageWidth != c.sim.Scene().Camera.W || c.cal.ImageHeight != c.sim.Scene().Camera.H) {
		return fmt.Errorf("the simulated camera's calibration in %s is for another image size; delete it", c.dir)
	}
	img, err := vision.LoadEmpty(c.dir)
	switch {
	case err == nil:
		c.empty = img
	case !errors.Is(err, fs.ErrNotExist):
		c.lg.Warn("the empty-board photograph cannot be read; capture it again", "err", err)
	case c.sim != nil:
		c.empty = c.sim.Empty() // the simulator knows its empty board
	}
	return nil
}

// rebuild makes the reader from the calibration, the palette and the empty
// board (when its size matches the calibration's).
func (c *visionCamera) rebuild() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.rebuildLocked()
}

func (c *visionCamera) rebuildLocked() error {
	if c.cal == nil {
		return nil
	}
	layout, err := c.cal.Check()
	if err != nil {
		return err
	}
	var o vision.Options
	if c.empty != nil && c.empty.Bounds().Dx() == c.cal.ImageWidth && c.empty.Bounds().Dy() == c.cal.ImageHeight {
		o.Empty = c.empty
	}
	r, err := vision.NewReader(layout, c.palette, board.Corners(c.cal.Corners), o)
	if err != nil {
		return err
	}
	if c.reader != nil {
		c.reader.Close()
	}
	c.layout, c.reader = layout, r
	return nil
}

func (c *visionCamera) close() {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.reader != nil {
		c.reader.Close()
		c.reader = nil
	}
}

// feedSource is the watcher's view of the pumped frames.
type feedSource chan image.Image

func (f feedSource) Next(ctx context.Context) (image.Image, error) {
	select {
	case img := <-f:
		return img, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// pump takes every frame from the source: the newest is kept for the
// dashboard and the calibration steps, and handed to the watcher. One
// goroutine reads the source, so the watcher sees every frame of a drop.
func (c *visionCamera) pump(ctx context.Context) {
	fails := 0
	next := time.Now()
	for ctx.Err() == nil {
		if d := time.Until(next); d > 0 {
			select {
			case <-time.After(d):
			case <-ctx.Done():
				return
			}
		}
		next = time.Now().Add(time.Second / maxFPS)
		img, err := c.src.Next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			if fails++; fails == 20 {
				c.lg.Warn("the camera gives no frames", "err", err)
			}
			next = time.Now().Add(250 * time.Millisecond)
			continue
		}
		fails = 0
		c.mu.Lock()
		c.frameNo++
		if c.motion.Moved(img) {
			c.movedAt = c.frameNo
		}
		c.latest = img
		close(c.frameCh)
		c.frameCh = make(chan struct{})
		c.mu.Unlock()
		select { // the watcher gets the newest frame; an unread older one goes
		case <-c.feed:
		default:
		}
		c.feed <- img
	}
}

// stillFrame waits until the board has been still for a few frames and
// returns the newest frame.
func (c *visionCamera) stillFrame(ctx context.Context) (image.Image, error) {
	deadline := time.NewTimer(stillWait)
	defer deadline.Stop()
	c.mu.Lock()
	start := c.frameNo
	c.mu.Unlock()
	for {
		// Only frames taken after the call count: the cubes just put on
		// the board may not have reached the newest frame yet.
		c.mu.Lock()
		img, ch := c.latest, c.frameCh
		still := c.frameNo >= start+stillFrames && c.frameNo-c.movedAt >= stillFrames
		c.mu.Unlock()
		if img != nil && still {
			return img, nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-deadline.C:
			if img == nil {
				return nil, errors.New("the camera has given no frame")
			}
			return nil, errors.New("the board is still moving: wait until the cubes and hands are still, then try again")
		}
	}
}

// errCalibrating: the watcher does not read while the host calibrates the
// colours.
var errCalibrating = errors.New("the host is calibrating the colours")

// errNotCalibrated is what a read gets before the board's corners are known.
var errNotCalibrated = errors.New("the camera is not calibrated: drag the board's corners into place on the calibration page and save, or run quartermaster calibrate")

// readLocked reads a frame and shows it, with the overlay, to the
// dashboard. With c.mu held (the reader is not safe for concurrent use).
func (c *visionCamera) readLocked(img image.Image) (vision.Result, error) {
	if c.reader == nil {
		return vision.Result{}, errNotCalibrated
	}
	res, err := c.reader.ReadImage(img)
	if err != nil {
		return res, err
	}
	if b, err := c.reader.OverlayImage(img, res, ".jpg"); err == nil {
		c.sendLocked(b)
	}
	return res, nil
}

// watchReader is the watcher's FrameReader: the camera's current reader. A
// drop that cannot be read is reported to the table when the drop sensor
// announced it (else it was likely a hand over the board) and logged.
type watchReader struct{ c *visionCamera }

func (w watchReader) ReadImage(img image.Image) (vision.Result, error) {
	c := w.c
	c.mu.Lock()
	hinted := c.hinted
	c.hinted = false
	if time.Now().Before(c.calibUntil) {
		// The calibration cubes are no battle: not even read.
		c.mu.Unlock()
		return vision.Result{}, errCalibrating
	}
	res, err := c.readLocked(img)
	c.mu.Unlock()
	if err != nil {
		c.lg.Warn("the camera could not read a drop", "err", err, "drop-sensor", hinted)
		if hinted {
			c.report(companion.CameraReport{Err: err})
		}
	}
	return res, err
}

// propose hands the watcher's reads to the attached tables. A read the drop
// sensor did not announce is proposed only if it shows cubes and differs
// from the last read (a hand passing over the board changes nothing); while
// the host calibrates the colours nothing is proposed.
func (c *visionCamera) propose(ctx context.Context, settled <-chan vision.Settled) {
	for {
		var s vision.Settled
		select {
		case s = <-settled:
		case <-ctx.Done():
			return
		}
		rd, err := cameraRead(s.Result)
		if err != nil {
			c.report(companion.CameraReport{Err: err})
			continue
		}
		c.mu.Lock()
		calibrating := time.Now().Before(c.calibUntil)
		same := string(rd.Action) == c.lastRead
		skip := calibrating || (!s.Hinted && (rd.Cubes == 0 || same))
		if !skip {
			c.lastRead = string(rd.Action)
		}
		c.mu.Unlock()
		if skip {
			continue
		}
		c.report(companion.CameraReport{Read: rd})
	}
}

// report sends a report to every table watching; a table that is not
// taking reports misses it rather than stopping the camera.
func (c *visionCamera) report(r companion.CameraReport) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for ch := range c.watchers {
		select {
		case ch <- r:
		default:
			c.lg.Warn("a table is not taking the camera's reads; one was dropped")
		}
	}
}

// Watch implements companion.CameraWatcher.
func (c *visionCamera) Watch(ctx context.Context, out chan<- companion.CameraReport) error {
	ch := make(chan companion.CameraReport, 4)
	c.mu.Lock()
	c.watchers[ch] = struct{}{}
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.watchers, ch)
		c.mu.Unlock()
	}()
	for {
		select {
		case r := <-ch:
			select {
			case out <- r:
			case <-ctx.Done():
				return nil
			}
		case <-ctx.Done():
			return nil
		}
	}
}

// DropStarted implements companion.CameraWatcher: the tower's sensor saw
// cubes falling.
func (c *visionCamera) DropStarted() {
	c.mu.Lock()
	c.hinted = true
	c.mu.Unlock()
	c.watcher.DropStarted()
}

// Read implements companion.Camera: it reads the board once it is still and
// turns the read into the rules' read action.
func (c *visionCamera) Read(ctx context.Context) (companion.CameraRead, error) {
	img, err := c.stillFrame(ctx)
	if err != nil {
		return companion.CameraRead{}, err
	}
	c.mu.Lock()
	res, err := c.readLocked(img)
	c.mu.Unlock()
	if err != nil {
		return companion.CameraRead{}, err
	}
	return cameraRead(res)
}

// cameraRead turns a vision result into the Dead Reckoning read action.
// Cubes the reader could not read are sent back as re-drops, so nothing is
// guessed.
func cameraRead(res vision.Result) (companion.CameraRead, error) {
	type read struct {
		Cubes  map[string]map[string]int `json:"cubes"`
		Redrop map[string]int            `json:"redrop,omitempty"`
	}
	rd := read{Cubes: map[string]map[string]int{}}
	for _, cb := range res.Cubes {
		if rd.Cubes[cb.Color] == nil {
			rd.Cubes[cb.Color] = map[string]int{}
		}
		rd.Cubes[cb.Color][cb.Zone]++
	}
	for _, r := range res.Redrop {
		if rd.Redrop == nil {
			rd.Redrop = map[string]int{}
		}
		rd.Redrop[r.Color]++
	}
	b, err := json.Marshal(struct {
		Type string `json:"type"`
		Seat int    `json:"seat"`
		Step string `json:"step"`
		Read read   `json:"read"`
	}{"battle-step", -1, "read", rd})
	return companion.CameraRead{Action: b, Cubes: len(res.Cubes) + len(res.Redrop)}, err
}

// Subscribe implements web.FrameSource.
func (c *visionCamera) Subscribe(ctx context.Context) <-chan []byte {
	ch := make(chan []byte, 1)
	c.mu.Lock()
	c.subs[ch] = struct{}{}
	if c.last != nil {
		ch <- c.last
	}
	c.mu.Unlock()
	go func() {
		<-ctx.Done()
		c.mu.Lock()
		delete(c.subs, ch)
		close(ch)
		c.mu.Unlock()
	}()
	return ch
}

func (c *visionCamera) sendLocked(b []byte) {
	c.last = b
	for ch := range c.subs {
		select {
		case <-ch: // drop the stale frame
		default:
		}
		select {
		case ch <- b:
		default:
		}
	}
}

// publish shows the live frame with the overlay about twice a second while
// someone watches, so the dashboard follows the board between drops.
func (c *visionCamera) publish(ctx context.Context) {
	t := time.NewTicker(500 * time.Millisecond)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		c.mu.Lock()
		if len(c.subs) > 0 && c.latest != nil {
			if _, err := c.readLocked(c.latest); err != nil {
				c.sendPlainLocked(c.latest)
			}
		}
		c.mu.Unlock()
	}
}

// sendPlainLocked shows a frame without the overlay (not calibrated, or
// the read failed). With c.mu held.
func (c *visionCamera) sendPlainLocked(img image.Image) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err == nil {
		c.sendLocked(buf.Bytes())
	}
}

// Calibration implements web.Calibrator. Before the first calibration it
// proposes corners: the board's outline if it can be found in the current
// frame, else a rectangle inside the image.
func (c *visionCamera) Calibration(context.Context) (web.CameraCalibration, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := web.CameraCalibration{}
	cal := c.cal
	if cal == nil {
		if c.latest == nil {
			out.Layout, _ = json.Marshal(c.layout)
			return out, nil
		}
		b := c.latest.Bounds()
		guess := vision.Calibration{ImageWidth: b.Dx(), ImageHeight: b.Dy()}
		if cs, err := vision.FindCorners(c.latest); err == nil {
			guess.Corners = cs
		} else {
			w, h := float64(b.Dx()), float64(b.Dy())
			guess.Corners = [4]board.Point{{X: w * 0.15, Y: h * 0.15}, {X: w * 0.85, Y: h * 0.15}, {X: w * 0.85, Y: h * 0.85}, {X: w * 0.15, Y: h * 0.85}}
		}
		cal = &guess
	}
	for i, p := range cal.Corners {
		out.Corners[i] = web.Point{X: p.X, Y: p.Y}
	}
	out.ImageWidth, out.ImageHeight = cal.ImageWidth, cal.ImageHeight
	out.Layout = cal.Layout
	if len(out.Layout) == 0 {
		out.Layout, _ = json.Marshal(c.layout)
	}
	return out, nil
}

// SaveCalibration implements web.Calibrator: it checks the calibration (for
// the reader and for the rules' battle board), stores it in the camera's
// directory, and reads with it from now on.
func (c *visionCamera) SaveCalibration(_ context.Context, wc web.CameraCalibration) error {
	cal := vision.Calibration{ImageWidth: wc.ImageWidth, ImageHeight: wc.ImageHeight, Layout: wc.Layout}
	for i, p := range wc.Corners {
		cal.Corners[i] = board.Point{X: p.X, Y: p.Y}
	}
	if _, err := cal.Check(); err != nil {
		return err
	}
	if _, err := rulesBoard(cal.Layout); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	old, oldCalibrated := c.cal, c.calibrated
	c.cal, c.calibrated = &cal, true
	if err := c.rebuildLocked(); err != nil {
		c.cal, c.calibrated = old, oldCalibrated
		return err
	}
	return vision.SaveCalibration(c.dir, cal)
}

// battleBoard is the calibrated layout for the rules (nil: none calibrated).
func (c *visionCamera) battleBoard() json.RawMessage {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.calibrated || c.cal == nil {
		return nil
	}
	if len(c.cal.Layout) > 0 {
		return c.cal.Layout
	}
	b, _ := json.Marshal(c.layout)
	return b
}

// ColourPlan implements web.Calibrator: one colour of the palette per
// zone, the biggest zones first (room for a few cubes away from the
// borders). Asking for the plan starts the calibration: the camera proposes
// no battle reads until the colours are measured (or for calibratingFor).
func (c *visionCamera) ColourPlan(context.Context) (web.ColourPlan, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	zones, err := planZones(c.layout, c.palette)
	if err != nil {
		return web.ColourPlan{}, err
	}
	c.calibUntil = time.Now().Add(calibratingFor)
	plan := web.ColourPlan{Reference: c.empty != nil, Cubes: calCubes}
	for _, z := range zones {
		col := c.palette.Colors[z.colour]
		plan.Zones = append(plan.Zones, web.ZoneColour{Zone: z.zone, Colour: z.colour, RGB: [3]int{int(col[0]), int(col[1]), int(col[2])}})
	}
	return plan, nil
}

type zoneColour struct{ zone, colour string }

// planZones gives each palette colour (sorted by name) a zone, the biggest
// zones first.
func planZones(l *board.Layout, p *board.Palette) ([]zoneColour, error) {
	names := p.Names()
	if len(l.Zones) < len(names) {
		return nil, fmt.Errorf("the board has %d zones for %d colours", len(l.Zones), len(names))
	}
	zones := make([]*board.Zone, len(l.Zones))
	for i := range l.Zones {
		zones[i] = &l.Zones[i]
	}
	sort.SliceStable(zones, func(i, j int) bool {
		return board.PolygonArea(zones[i].Poly()) > board.PolygonArea(zones[j].Poly())
	})
	out := make([]zoneColour, len(names))
	for i, n := range names {
		out[i] = zoneColour{zones[i].ID, n}
	}
	return out, nil
}

// CaptureEmpty implements web.Calibrator.
func (c *visionCamera) CaptureEmpty(ctx context.Context) (string, error) {
	img, err := c.stillFrame(ctx)
	if err != nil {
		return "", err
	}
	if err := vision.SaveEmpty(c.dir, img); err != nil {
		return "", fmt.Errorf("saving the photograph: %v", err)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.empty = img
	if c.calibUntil.IsZero() || time.Now().After(c.calibUntil) {
		c.calibUntil = time.Now().Add(calibratingFor)
	}
	if err := c.rebuildLocked(); err != nil {
		return "", err
	}
	b := img.Bounds()
	return fmt.Sprintf("The empty board is captured (%d×%d, saved as %s): reads now compare the cubes with it.", b.Dx(), b.Dy(), vision.EmptyFile), nil
}

// CalibrateColours implements web.Calibrator: it measures the colours of
// the cubes in their zones against the empty board, saves them as
// palette.json, reads with them from now on, and reads the same frame again
// to show the host what the new colours give.
func (c *visionCamera) CalibrateColours(ctx context.Context, zones map[string]string) (web.ColourResult, error) {
	c.mu.Lock()
	err := c.checkZonesLocked(zones)
	switch {
	case err != nil:
	case c.cal == nil || c.reader == nil:
		err = errNotCalibrated
	case c.empty == nil:
		err = errors.New("capture the empty board first (step 1): the colours are measured against it")
	}
	c.mu.Unlock()
	if err != nil {
		return web.ColourResult{}, err
	}
	img, err := c.stillFrame(ctx)
	if err != nil {
		return web.ColourResult{}, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	measured, err := c.reader.MeasureColors(img, zones)
	if err != nil {
		return web.ColourResult{}, err
	}
	old := c.palette
	measured.Note = "measured in a calibration drop on the calibration page (light-corrected)"
	c.palette = measured
	if err := c.rebuildLocked(); err != nil {
		c.palette = old
		return web.ColourResult{}, err
	}
	if err := vision.SavePalette(c.dir, measured); err != nil {
		c.palette = old
		_ = c.rebuildLocked()
		return web.ColourResult{}, fmt.Errorf("saving %s: %v", vision.PaletteFile, err)
	}
	c.calibUntil = time.Time{}
	c.lastRead = ""
	out := web.ColourResult{Misread: []string{}}
	var ids []string
	for z := range zones {
		ids = append(ids, z)
	}
	sort.Strings(ids)
	for _, z := range ids {
		col := zones[z]
		b, a := old.Colors[col], measured.Colors[col]
		out.Colours = append(out.Colours, web.MeasuredColour{Colour: col, Zone: z,
			Before: [3]int{int(b[0]), int(b[1]), int(b[2])}, After: [3]int{int(a[0]), int(a[1]), int(a[2])}})
	}
	res, err := c.readLocked(img)
	if err == nil {
		out.Read, _ = json.Marshal(res)
		out.Misread = misreads(res, zones)
	} else {
		out.Misread = append(out.Misread, "The drop could not be read again with the new colours: "+err.Error())
	}
	out.Result = fmt.Sprintf("Measured %d colours (%s) and saved them as %s: the next reads use them. With them the camera reads %d cubes on the board.",
		len(out.Colours), colourList(out.Colours), vision.PaletteFile, len(res.Cubes))
	if len(out.Misread) == 0 {
		out.Result += " Every cube is read in its zone's colour."
	}
	return out, nil
}

// checkZonesLocked refuses zones the layout does not have and colours the
// palette does not know (a typo would otherwise add a colour). With c.mu
// held.
func (c *visionCamera) checkZonesLocked(zones map[string]string) error {
	seen := map[string]string{}
	for z, col := range zones {
		if c.layout.Zone(z) == nil {
			return fmt.Errorf("the board has no zone %q (its zones: %s)", z, strings.Join(c.layout.ZoneIDs(), ", "))
		}
		if _, ok := c.palette.Colors[col]; !ok {
			return fmt.Errorf("%q is not one of the cube colours (%s)", col, strings.Join(c.palette.Names(), ", "))
		}
		if other, dup := seen[col]; dup {
			return fmt.Errorf("%s cubes are in two zones (%s and %s): give each colour one zone", col, other, z)
		}
		seen[col] = z
	}
	return nil
}

func colourList(cs []web.MeasuredColour) string {
	var names []string
	for _, c := range cs {
		names = append(names, c.Colour)
	}
	return strings.Join(names, ", ")
}

// misreads compares a read of the calibration drop with what was put where:
// a cube of another colour in a zone, or one outside the drop's zones.
func misreads(res vision.Result, zones map[string]string) []string {
	out := []string{}
	for _, cb := range res.Cubes {
		want, ok := zones[cb.Zone]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("A %s cube was read in %s, which is not one of the drop's zones.", cb.Color, cb.Zone))
		case want != cb.Color:
			out = append(out, fmt.Sprintf("A cube in %s was read as %s, not %s.", cb.Zone, cb.Color, want))
		}
	}
	for _, r := range res.Redrop {
		out = append(out, fmt.Sprintf("A %s cube was not readable where it lies (%s): move it away from the borders.", r.Color, r.Reason))
	}
	return out
}

// TestRead implements web.Calibrator.
func (c *visionCamera) TestRead(ctx context.Context) (json.RawMessage, error) {
	img, err := c.stillFrame(ctx)
	if err != nil {
		return nil, err
	}
	c.mu.Lock()
	res, err := c.readLocked(img)
	c.mu.Unlock()
	if err != nil {
		return nil, err
	}
	return json.Marshal(res)
}

// SimulateColourDrop implements web.CalibrationSimulator: the simulated
// camera shows calCubes cubes of each colour lying in its zone.
func (c *visionCamera) SimulateColourDrop(_ context.Context, zones map[string]string) (string, error) {
	if c.sim == nil {
		return "", errors.New("the camera is real")
	}
	c.mu.Lock()
	err := c.checkZonesLocked(zones)
	layout := c.layout
	c.mu.Unlock()
	if err != nil {
		return "", err
	}
	var cubes []synth.Cube
	for z, col := range zones {
		for i, p := range zoneSpots(layout, layout.Zone(z), calCubes) {
			cubes = append(cubes, synth.Cube{Color: col, Center: p, Angle: 0.3 * float64(i), Pose: synth.Lying, Zone: z})
		}
	}
	c.sim.Drop(cubes)
	return fmt.Sprintf("The simulated camera shows %d cubes of each colour in its zone.", calCubes), nil
}

// zoneSpots finds up to n spots for cubes in a zone, away from its borders
// and from each other, nearest its middle first.
func zoneSpots(l *board.Layout, z *board.Zone, n int) []board.Point {
	poly := z.Poly()
	var mid board.Point
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range poly {
		mid = mid.Add(p.Scale(1 / float64(len(poly))))
		minX, minY, maxX, maxY = math.Min(minX, p.X), math.Min(minY, p.Y), math.Max(maxX, p.X), math.Max(maxY, p.Y)
	}
	var cands []board.Point
	for y := minY; y <= maxY; y += 1 {
		for x := minX; x <= maxX; x += 1 {
			p := board.Point{X: x, Y: y}
			if board.PolygonContains(poly, p) && board.PolygonDist(poly, p) >= l.CubeMM*1.2 {
				cands = append(cands, p)
			}
		}
	}
	sort.SliceStable(cands, func(i, j int) bool { return cands[i].Sub(mid).Len() < cands[j].Sub(mid).Len() })
	var out []board.Point
	for _, p := range cands {
		ok := true
		for _, q := range out {
			if p.Sub(q).Len() < l.CubeMM*2 {
				ok = false
				break
			}
		}
		if ok {
			if out = append(out, p); len(out) == n {
				break
			}
		}
	}
	return out
}

// simDrop shows n cubes of random colours on the simulated board, as if
// they had just fallen from the tower (the simulated drop sensor says how
// many).
func (c *visionCamera) simDrop(n int) {
	if c.sim == nil || n <= 0 {
		return
	}
	sc := c.sim.Scene()
	c.mu.Lock()
	seed := c.rng.Uint64()
	c.mu.Unlock()
	r := synth.Random(seed, synth.Options{Layout: sc.Layout, Palette: sc.Palette, W: sc.Camera.W, H: sc.Camera.H, MinCubes: n, MaxCubes: n})
	c.sim.Drop(r.Cubes)
}
