//go:build cgo && !novision

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"gocv.io/x/gocv"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
	"github.com/quartermaster-table/quartermaster/web"
)

// openCamera connects the camera to the session and the dashboard: with
// --camera a real one (a device index, a video file or an MJPEG URL), with
// --sim a simulated one that plays rendered scenes, else none.
func openCamera(ctx context.Context, lg *slog.Logger, cfg Config) (*camera, error) {
	if cfg.Camera == "" && !cfg.Sim {
		return nil, nil
	}
	layout, palette, err := cameraBoard(cfg)
	if err != nil {
		return nil, err
	}
	var src frameSource
	if cfg.Camera != "" {
		src, err = openCapture(ctx, lg, cfg.Camera)
	} else {
		src = newSimSource(layout, palette)
	}
	if err != nil {
		return nil, err
	}
	vc := &visionCamera{lg: lg, data: cfg.Data, src: src, layout: layout, palette: palette, subs: map[chan []byte]struct{}{}}
	if sim, ok := src.(*simSource); ok {
		// The simulated camera knows where its board is.
		c := sim.scene.Corners()
		vc.cal = &vision.Calibration{Corners: c, ImageWidth: sim.scene.Camera.W, ImageHeight: sim.scene.Camera.H}
		vc.cal.Layout, _ = json.Marshal(layout)
	} else if cal, err := vision.LoadCalibration(cfg.Data); err == nil {
		vc.cal = &cal
	} else if !errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("camera calibration: %w", err)
	} else {
		lg.Warn("the camera is not calibrated: run quartermaster calibrate or use the calibration page", "data", cfg.Data)
	}
	if err := vc.rebuild(); err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	published := make(chan struct{})
	go func() {
		defer close(published)
		vc.publish(ctx)
	}()
	// The publisher may be in the middle of a read: wait for it before the
	// source's frames are freed (OpenCV memory is not the garbage
	// collector's, so a frame used after Close crashes the process).
	closeCam := func() { cancel(); <-published; src.Close(); vc.close() }
	return &camera{Camera: vc, Frames: vc, Calibrator: vc, Close: closeCam}, nil
}

// cameraBoard loads the layout and palette from the config's paths, else
// the calibrated palette in the data directory, else the defaults.
func cameraBoard(cfg Config) (*board.Layout, *board.Palette, error) {
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
		palette, err = vision.LoadPalette(cfg.Data)
	}
	return layout, palette, err
}

// frameSource gives the newest frame (a copy the caller closes).
type frameSource interface {
	Frame(ctx context.Context) (gocv.Mat, error)
	// Next is told after each read: the simulator lays out new cubes.
	Next()
	Close()
}

// visionCamera adapts the vision reader to companion.Camera, web.FrameSource
// and web.Calibrator.
type visionCamera struct {
	lg      *slog.Logger
	data    string
	src     frameSource
	layout  *board.Layout
	palette *board.Palette

	mu     sync.Mutex
	cal    *vision.Calibration
	reader *vision.Reader
	last   []byte // newest JPEG with the overlay
	subs   map[chan []byte]struct{}
}

// rebuild makes the reader from the calibration (and the empty board
// photo, when the data directory has one).
func (c *visionCamera) rebuild() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.cal == nil {
		return nil
	}
	layout, err := c.cal.Check()
	if err != nil {
		return err
	}
	c.layout = layout
	var o vision.Options
	if _, sim := c.src.(*simSource); !sim {
		if m := gocv.IMRead(filepath.Join(c.data, vision.EmptyFile), gocv.IMReadColor); !m.Empty() {
			if m.Cols() == c.cal.ImageWidth && m.Rows() == c.cal.ImageHeight {
				if img, err := m.ToImage(); err == nil {
					o.Empty = img
				}
			}
			m.Close()
		}
	}
	r, err := vision.NewReader(layout, c.palette, board.Corners(c.cal.Corners), o)
	if err != nil {
		return err
	}
	if c.reader != nil {
		c.reader.Close()
	}
	c.reader = r
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

// readNow reads the current frame and shows it, with the overlay, to the
// dashboard.
func (c *visionCamera) readNow(ctx context.Context) (vision.Result, error) {
	f, err := c.src.Frame(ctx)
	if err != nil {
		return vision.Result{}, err
	}
	defer f.Close()
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.reader == nil {
		return vision.Result{}, errors.New("the camera is not calibrated: run quartermaster calibrate or use the calibration page")
	}
	res, err := c.reader.Read(f)
	if err != nil {
		return res, err
	}
	if b, err := c.reader.Overlay(f, res, ".jpg"); err == nil {
		c.sendLocked(b)
	}
	return res, nil
}

// Read implements companion.Camera: it reads the board and turns the read
// into the rules' read action. Cubes the reader could not read are sent back
// as re-drops, so nothing is guessed.
func (c *visionCamera) Read(ctx context.Context) (companion.CameraRead, error) {
	res, err := c.readNow(ctx)
	if err != nil {
		return companion.CameraRead{}, err
	}
	defer c.src.Next()
	return cameraRead(res)
}

// cameraRead turns a vision result into the Dead Reckoning read action.
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

// publish shows the live frame (without a read) about twice a second, so
// the dashboard follows the board between reads.
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
		n := len(c.subs)
		c.mu.Unlock()
		if n == 0 {
			continue
		}
		if _, err := c.readNow(ctx); err != nil {
			f, ferr := c.src.Frame(ctx)
			if ferr != nil {
				continue
			}
			if buf, err := gocv.IMEncode(gocv.JPEGFileExt, f); err == nil {
				c.mu.Lock()
				c.sendLocked(append([]byte(nil), buf.GetBytes()...))
				c.mu.Unlock()
				buf.Close()
			}
			f.Close()
		}
	}
}

// Calibration implements web.Calibrator.
func (c *visionCamera) Calibration(context.Context) (web.CameraCalibration, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out := web.CameraCalibration{}
	if c.cal == nil {
		out.Layout, _ = json.Marshal(c.layout)
		return out, nil
	}
	for i, p := range c.cal.Corners {
		out.Corners[i] = web.Point{X: p.X, Y: p.Y}
	}
	out.ImageWidth, out.ImageHeight = c.cal.ImageWidth, c.cal.ImageHeight
	out.Layout = c.cal.Layout
	if len(out.Layout) == 0 {
		out.Layout, _ = json.Marshal(c.layout)
	}
	return out, nil
}

// SaveCalibration implements web.Calibrator: it checks and stores the
// calibration in the data directory, and reads with it from now on.
func (c *visionCamera) SaveCalibration(_ context.Context, wc web.CameraCalibration) error {
	cal := vision.Calibration{ImageWidth: wc.ImageWidth, ImageHeight: wc.ImageHeight, Layout: wc.Layout}
	for i, p := range wc.Corners {
		cal.Corners[i] = board.Point{X: p.X, Y: p.Y}
	}
	if _, err := cal.Check(); err != nil {
		return err
	}
	if _, sim := c.src.(*simSource); !sim {
		if err := vision.SaveCalibration(c.data, cal); err != nil {
			return err
		}
	}
	c.mu.Lock()
	old := c.cal
	c.cal = &cal
	c.mu.Unlock()
	if err := c.rebuild(); err != nil {
		c.mu.Lock()
		c.cal = old
		c.mu.Unlock()
		return err
	}
	return nil
}

// CalibrateColours implements web.Calibrator. Measuring colours from a
// calibration drop is not built yet; it says so rather than pretending.
func (c *visionCamera) CalibrateColours(context.Context, map[string]int) (string, error) {
	return "", errors.New("colour calibration from a drop is not built yet; the nominal palette (or palette.json in the data directory) is used")
}

// TestRead implements web.Calibrator.
func (c *visionCamera) TestRead(ctx context.Context) (json.RawMessage, error) {
	res, err := c.readNow(ctx)
	if err != nil {
		return nil, err
	}
	return json.Marshal(res)
}

// simSource renders synthetic photographs of the board: the same camera
// and light throughout, new cubes after every read.
type simSource struct {
	mu     sync.Mutex
	scene  *synth.Scene
	rng    *rand.Rand
	frame  gocv.Mat
	closed bool
}

func newSimSource(l *board.Layout, p *board.Palette) *simSource {
	s := &simSource{rng: rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 1))}
	s.scene = synth.Random(s.rng.Uint64(), synth.Options{Layout: l, Palette: p, W: 640, H: 480, MaxTiltDeg: 15, MaxCubes: 12})
	s.frame = renderMat(s.scene)
	return s
}

func renderMat(s *synth.Scene) gocv.Mat {
	img := synth.Render(s)
	m, err := gocv.ImageToMatRGB(img)
	if err != nil {
		return gocv.NewMat()
	}
	return m
}

func (s *simSource) Frame(context.Context) (gocv.Mat, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return gocv.NewMat(), errCameraClosed
	}
	if s.frame.Empty() {
		return gocv.NewMat(), errors.New("the simulated camera failed to render")
	}
	return s.frame.Clone(), nil
}

// Next lays out a new random drop with the same camera and light.
func (s *simSource) Next() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	n := synth.Random(s.rng.Uint64(), synth.Options{Layout: s.scene.Layout, Palette: s.scene.Palette, W: s.scene.Camera.W, H: s.scene.Camera.H, MaxCubes: 12})
	n.Camera, n.Light = s.scene.Camera, s.scene.Light
	s.scene = n
	s.frame.Close()
	s.frame = renderMat(n)
}

func (s *simSource) Close() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.closed {
		s.closed = true
		s.frame.Close()
	}
}

// errCameraClosed is what a read gets after the camera was closed (the
// server is stopping).
var errCameraClosed = errors.New("the camera is closed")

// captureSource follows a real camera: it grabs frames continuously and
// keeps the newest.
type captureSource struct {
	mu     sync.Mutex
	closed bool
	frame  gocv.Mat
	cancel context.CancelFunc
	done   chan struct{}
}

func openCapture(ctx context.Context, lg *slog.Logger, src string) (*captureSource, error) {
	var dev any = src
	if n, err := strconv.Atoi(src); err == nil {
		dev = n
	} else if _, err := os.Stat(src); err != nil && !looksLikeURL(src) {
		return nil, fmt.Errorf("camera %q: not a device index, a file or a URL", src)
	}
	vc, err := gocv.OpenVideoCapture(dev)
	if err != nil {
		return nil, fmt.Errorf("camera %q: %v", src, err)
	}
	if !vc.IsOpened() {
		vc.Close()
		return nil, fmt.Errorf("camera %q could not be opened", src)
	}
	ctx, cancel := context.WithCancel(ctx)
	c := &captureSource{frame: gocv.NewMat(), cancel: cancel, done: make(chan struct{})}
	go func() {
		defer close(c.done)
		defer vc.Close()
		m := gocv.NewMat()
		defer m.Close()
		fails := 0
		for ctx.Err() == nil {
			if !vc.Read(&m) || m.Empty() {
				fails++
				if fails == 50 {
					lg.Warn("the camera gives no frames", "camera", src)
				}
				time.Sleep(20 * time.Millisecond)
				continue
			}
			fails = 0
			c.mu.Lock()
			m.CopyTo(&c.frame)
			c.mu.Unlock()
		}
	}()
	return c, nil
}

func looksLikeURL(s string) bool {
	for _, p := range []string{"http://", "https://", "rtsp://"} {
		if len(s) > len(p) && s[:len(p)] == p {
			return true
		}
	}
	return false
}

func (c *captureSource) Frame(ctx context.Context) (gocv.Mat, error) {
	deadline := time.Now().Add(2 * time.Second)
	for {
		c.mu.Lock()
		if c.closed {
			c.mu.Unlock()
			return gocv.NewMat(), errCameraClosed
		}
		if !c.frame.Empty() {
			f := c.frame.Clone()
			c.mu.Unlock()
			return f, nil
		}
		c.mu.Unlock()
		if time.Now().After(deadline) || ctx.Err() != nil {
			return gocv.NewMat(), errors.New("the camera has given no frame yet")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func (c *captureSource) Next() {}

func (c *captureSource) Close() {
	c.cancel()
	<-c.done
	c.mu.Lock()
	if !c.closed {
		c.closed = true
		c.frame.Close()
	}
	c.mu.Unlock()
}
