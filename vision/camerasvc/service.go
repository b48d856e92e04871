//go:build cgo && !novision

package camerasvc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/layout"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// SimDir is where the simulated camera keeps its calibration, empty board
// and measured colours, inside the data directory and apart from a real
// camera's: a simulator's colours must never be used for real cubes.
const SimDir = "sim-camera"

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
	// publishEvery is how often the dashboard's picture is refreshed while
	// someone watches and the board moved.
	publishEvery = 500 * time.Millisecond
	// poolKeep is how many idle frame buffers are kept: the newest frame,
	// the watcher's, one queued for it, one being read and one being filled.
	poolKeep = 6
)

// Options say which camera to run and what the game makes of its reads.
type Options struct {
	// Dir is where the calibration, the empty board and the measured
	// colours are kept (the data directory; for the simulated camera its
	// SimDir).
	Dir string
	// Camera is a device index, a video file, an image sequence such as
	// frame_%03d.png, or an MJPEG URL; empty with Source nil: the simulated
	// camera.
	Camera string
	// Source, when set, is the camera's frames instead of opening Camera
	// (tests; a recorded stream). A vision.FillSource gets recycled buffers.
	Source vision.Source
	// Layout is the board (nil: the default board); Palette the cube
	// colours (nil: the ones measured in Dir, else the defaults).
	Layout  *board.Layout
	Palette *board.Palette
	// CheckBoard checks that a calibrated board is one the rules can play
	// on (nil: any board the reader takes).
	CheckBoard func(layout json.RawMessage) error
	// ToRead turns a read into the rules' read action. Required.
	ToRead func(vision.Result) (companion.CameraRead, error)
	// Clock is the time (nil: the wall clock).
	Clock Clock
	// Seed seeds the simulated drops and rolls (0: from the clock).
	Seed uint64
	// SimSize is the simulated camera's frame size (zero: 640x480). Tests
	// take a smaller one: the renderer is plain Go, slow under -race.
	SimSize image.Point
	// SimTrayUncalibrated starts the simulated dice tray without its
	// corners, as a new real table is (the tray calibration page's tests);
	// otherwise the simulator knows them.
	SimTrayUncalibrated bool
	// SimFelt is the simulated tray's floor colour, an albedo of 0 to 1
	// per channel (zero: a green felt, which every die of the default set
	// stands out from). A test lays a felt of a printed die's colour, on
	// which the calibration page cannot learn its faces.
	SimFelt [3]float64
	// Tray is the dice tray (nil: TrayFile in Dir, else engine/layout's
	// default tray); DiceSet the table's dice (nil: DiceSetFile in Dir,
	// else dice.md's default pip dice).
	Tray    *layout.Tray
	DiceSet *diceset.Set
	// Expects is what the table the camera serves waits for now (nil: the
	// camera never reads dice). While it waits for dice, a settled frame
	// is read with the dice reader and proposed as a roll.
	Expects func() []engine.Expect
}

// Service is a running camera. It implements companion.CameraWatcher,
// web.FrameSource, web.Calibrator and web.CalibrationSimulator. Make it with
// New, run it with Run, and Close it once Run has returned.
type Service struct {
	lg    *slog.Logger
	o     Options
	clock Clock
	dir   string

	src      vision.Source
	fill     vision.FillSource // src when it can fill buffers
	closeSrc func()
	pool     *framePool
	// sim is the simulated camera (no Camera), nil for a real one.
	sim     *synth.SimCamera
	watcher *vision.Watcher
	// feed hands the pumped frames to the watcher (the newest only; each
	// with a reference the watcher gives back).
	feed chan *frame
	// wfeed is the watcher's source over feed.
	wfeed *feedSource
	// motion is the pump's motion meter (the pump's goroutine only).
	motion *vision.Motion

	// fmu guards the newest frame: the pump holds it only to swap frames.
	fmu     sync.Mutex
	latest  *frame
	frameNo uint64
	movedAt uint64        // the number of the last frame that moved
	frameCh chan struct{} // closed (and replaced) at every new frame

	// rmu guards the reader and what it is made of; a read holds it.
	rmu     sync.Mutex
	layout  *board.Layout
	palette *board.Palette
	cal     *vision.Calibration
	// calibrated: cal was loaded from the data directory or saved by the
	// host (not the simulator's own guess).
	calibrated bool
	empty      image.Image // the empty board, the reference; nil: none
	reader     *vision.Reader
	readerVer  uint64 // counts the readers made, so the picture follows a new one

	// mu guards the watcher's flags.
	mu         sync.Mutex
	rng        *rand.Rand // the simulated drops
	hinted     bool       // the drop sensor fired since the last read
	calibUntil time.Time  // no battle reads proposed before then
	lastRead   string     // the last read proposed, to skip repeats

	// dmu guards the dice tray and its reader; a dice read holds it.
	dmu  sync.Mutex
	dice diceState

	// fanMu guards the viewers and the watching tables.
	fanMu    sync.Mutex
	last     []byte // newest JPEG with the overlay
	subs     map[chan []byte]struct{}
	watchers map[chan companion.CameraReport]struct{}
}

// New opens the camera of o (a real one, the given source, or the
// simulated one) with its calibration. Nothing runs until Run.
func New(lg *slog.Logger, o Options) (*Service, error) {
	if o.ToRead == nil {
		return nil, errors.New("camerasvc: Options.ToRead is required")
	}
	s := &Service{lg: lg, o: o, clock: o.Clock, dir: o.Dir, layout: o.Layout, palette: o.Palette,
		subs: map[chan []byte]struct{}{}, watchers: map[chan companion.CameraReport]struct{}{},
		feed: make(chan *frame, 1), frameCh: make(chan struct{}), motion: vision.NewMotion(vision.WatchOptions{}),
		pool: newFramePool(poolKeep), closeSrc: func() {}}
	if s.clock == nil {
		s.clock = wallClock{}
	}
	if s.layout == nil {
		s.layout = board.DefaultLayout()
	}
	if s.palette == nil {
		p, err := vision.LoadPalette(s.dir)
		if err != nil {
			return nil, err
		}
		s.palette = p
	}
	switch {
	case o.Source != nil:
		s.src = o.Source
	case o.Camera != "":
		if err := checkSpec(o.Camera); err != nil {
			return nil, err
		}
		cam, err := vision.OpenCamera(o.Camera)
		if err != nil {
			return nil, err
		}
		s.src, s.closeSrc = cam, func() { cam.Close() }
	default:
		sz := o.SimSize
		if sz.X <= 0 || sz.Y <= 0 {
			sz = image.Point{X: 640, Y: 480}
		}
		sim := synth.NewSimCamera(synth.SimOptions{Seed: simSeed, W: sz.X, H: sz.Y, FPS: 10, Layout: s.layout})
		s.sim, s.src = sim, sim
		seed := o.Seed
		if seed == 0 {
			seed = uint64(s.clock.Now().UnixNano())
		}
		s.rng = rand.New(rand.NewPCG(seed, 2))
	}
	s.fill, _ = s.src.(vision.FillSource)
	if err := s.loadCalibration(); err != nil {
		s.closeSrc()
		return nil, err
	}
	s.rmu.Lock()
	err := s.rebuildLocked()
	s.rmu.Unlock()
	if err == nil {
		err = s.initDice()
	}
	if err != nil {
		s.closeSrc()
		return nil, err
	}
	s.wfeed = &feedSource{feed: s.feed}
	s.watcher = vision.NewWatcher(s.wfeed, watchReader{s}, vision.WatchOptions{})
	return s, nil
}

// Simulated tells whether the camera is the simulated one.
func (s *Service) Simulated() bool { return s.sim != nil }

// Run pumps the frames, watches for drops, hands the reads to the tables
// and refreshes the dashboard's picture until ctx ends.
func (s *Service) Run(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var wg sync.WaitGroup
	settled := make(chan vision.Settled)
	w := s.watcher
	for _, run := range []func(){
		func() { s.pump(ctx) },
		func() {
			if err := w.Run(ctx, settled); err != nil && ctx.Err() == nil {
				s.lg.Error("the camera's drop watcher stopped", "err", err)
			}
		},
		func() { s.propose(ctx, settled) },
		func() { s.publish(ctx) },
	} {
		wg.Add(1)
		go func() { defer wg.Done(); run() }()
	}
	wg.Wait()
	// The watcher has stopped: the frame it held is no one's now.
	s.wfeed.cur.release()
	s.wfeed.cur = nil
	return nil
}

// Close releases the camera and the reader. Call it once Run has returned
// (or when Run was never called).
func (s *Service) Close() {
	s.closeSrc()
	s.rmu.Lock()
	if s.reader != nil {
		s.reader.Close()
		s.reader = nil
	}
	s.rmu.Unlock()
	s.fmu.Lock()
	s.latest.release()
	s.latest = nil
	s.fmu.Unlock()
	select {
	case f := <-s.feed:
		f.release()
	default:
	}
}

// checkSpec refuses a camera that is neither a device index, an existing
// file nor a URL, with a sentence saying so.
func checkSpec(spec string) error {
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

// loadCalibration takes the calibration and empty board of the camera's
// directory; the simulated camera falls back on its exact corners and
// empty frame.
func (s *Service) loadCalibration() error {
	cal, err := vision.LoadCalibration(s.dir)
	switch {
	case err == nil:
		if err := s.checkBoard(cal.Layout); err != nil {
			return fmt.Errorf("camera calibration %s: %w", filepath.Join(s.dir, vision.CalibrationFile), err)
		}
		s.cal, s.calibrated = &cal, true
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("camera calibration: %w", err)
	case s.sim != nil:
		cal := vision.Calibration{Corners: s.sim.Corners(), ImageWidth: s.sim.Scene().Camera.W, ImageHeight: s.sim.Scene().Camera.H}
		cal.Layout, _ = json.Marshal(s.layout)
		s.cal = &cal
	default:
		s.lg.Warn("the camera is not calibrated: run quartermaster calibrate or use the calibration page", "data", s.dir)
	}
	if s.cal != nil && s.sim != nil && (s.cal.ImageWidth != s.sim.Scene().Camera.W || s.cal.ImageHeight != s.sim.Scene().Camera.H) {
		return fmt.Errorf("the simulated camera's calibration in %s is for another image size; delete it", s.dir)
	}
	img, err := vision.LoadEmpty(s.dir)
	switch {
	case err == nil:
		s.empty = img
	case !errors.Is(err, fs.ErrNotExist):
		s.lg.Warn("the empty-board photograph cannot be read; capture it again", "err", err)
	case s.sim != nil:
		s.empty = s.sim.Empty() // the simulator knows its empty board
	}
	return nil
}

func (s *Service) checkBoard(layout json.RawMessage) error {
	if s.o.CheckBoard == nil {
		return nil
	}
	return s.o.CheckBoard(layout)
}

// rebuildLocked makes the reader from the calibration, the palette and the
// empty board (when its size matches the calibration's). With s.rmu held.
func (s *Service) rebuildLocked() error {
	if s.cal == nil {
		return nil
	}
	layout, err := s.cal.Check()
	if err != nil {
		return err
	}
	var o vision.Options
	if s.empty != nil && s.empty.Bounds().Dx() == s.cal.ImageWidth && s.empty.Bounds().Dy() == s.cal.ImageHeight {
		o.Empty = s.empty
	}
	r, err := vision.NewReader(layout, s.palette, board.Corners(s.cal.Corners), o)
	if err != nil {
		return err
	}
	if s.reader != nil {
		s.reader.Close()
	}
	s.layout, s.reader = layout, r
	s.readerVer++
	return nil
}

// Board is the calibrated layout for the rules (nil: none calibrated).
func (s *Service) Board() json.RawMessage {
	s.rmu.Lock()
	defer s.rmu.Unlock()
	if !s.calibrated || s.cal == nil {
		return nil
	}
	if len(s.cal.Layout) > 0 {
		return s.cal.Layout
	}
	b, _ := json.Marshal(s.layout)
	return b
}
