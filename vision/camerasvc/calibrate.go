//go:build cgo && !novision

package camerasvc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"math"
	"sort"
	"strings"
	"time"

	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
	"github.com/quartermaster-table/quartermaster/web"
)

// Calibration implements web.Calibrator. Before the first calibration it
// proposes corners: the board's outline if it can be found in the current
// frame, else a rectangle inside the image.
func (s *Service) Calibration(context.Context) (web.CameraCalibration, error) {
	f, _, _ := s.newest()
	defer f.release()
	s.rmu.Lock()
	defer s.rmu.Unlock()
	out := web.CameraCalibration{}
	cal := s.cal
	if cal == nil {
		if f == nil {
			out.Layout, _ = json.Marshal(s.layout)
			return out, nil
		}
		b := f.img.Bounds()
		guess := vision.Calibration{ImageWidth: b.Dx(), ImageHeight: b.Dy()}
		if cs, err := vision.FindCorners(f.img); err == nil {
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
		out.Layout, _ = json.Marshal(s.layout)
	}
	return out, nil
}

// SaveCalibration implements web.Calibrator: it checks the calibration (for
// the reader and for the rules' battle board), stores it in the camera's
// directory, and reads with it from now on.
func (s *Service) SaveCalibration(_ context.Context, wc web.CameraCalibration) error {
	cal := vision.Calibration{ImageWidth: wc.ImageWidth, ImageHeight: wc.ImageHeight, Layout: wc.Layout}
	for i, p := range wc.Corners {
		cal.Corners[i] = board.Point{X: p.X, Y: p.Y}
	}
	if _, err := cal.Check(); err != nil {
		return err
	}
	if err := s.checkBoard(cal.Layout); err != nil {
		return err
	}
	s.rmu.Lock()
	defer s.rmu.Unlock()
	old, oldCalibrated := s.cal, s.calibrated
	s.cal, s.calibrated = &cal, true
	if err := s.rebuildLocked(); err != nil {
		s.cal, s.calibrated = old, oldCalibrated
		return err
	}
	return vision.SaveCalibration(s.dir, cal)
}

// ColourPlan implements web.Calibrator: one colour of the palette per
// zone, the biggest zones first (room for a few cubes away from the
// borders). Asking for the plan starts the calibration: the camera proposes
// no battle reads until the colours are measured (or for calibratingFor).
func (s *Service) ColourPlan(context.Context) (web.ColourPlan, error) {
	s.rmu.Lock()
	defer s.rmu.Unlock()
	zones, err := planZones(s.layout, s.palette)
	if err != nil {
		return web.ColourPlan{}, err
	}
	s.mu.Lock()
	s.calibUntil = s.clock.Now().Add(calibratingFor)
	s.mu.Unlock()
	plan := web.ColourPlan{Reference: s.empty != nil, Cubes: calCubes}
	for _, z := range zones {
		col := s.palette.Colors[z.colour]
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

// cloneImage copies a frame that must outlive the pump's buffer.
func cloneImage(img image.Image) *image.RGBA {
	out := image.NewRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
	draw.Draw(out, out.Rect, img, img.Bounds().Min, draw.Src)
	return out
}

// CaptureEmpty implements web.Calibrator.
func (s *Service) CaptureEmpty(ctx context.Context) (string, error) {
	f, err := s.stillFrame(ctx)
	if err != nil {
		return "", err
	}
	// The reference is kept for as long as the reader: a copy, not the
	// pump's buffer.
	img := cloneImage(f.img)
	f.release()
	if err := vision.SaveEmpty(s.dir, img); err != nil {
		return "", fmt.Errorf("saving the photograph: %v", err)
	}
	s.rmu.Lock()
	defer s.rmu.Unlock()
	s.empty = img
	s.mu.Lock()
	if now := s.clock.Now(); s.calibUntil.IsZero() || now.After(s.calibUntil) {
		s.calibUntil = now.Add(calibratingFor)
	}
	s.mu.Unlock()
	if err := s.rebuildLocked(); err != nil {
		return "", err
	}
	b := img.Bounds()
	return fmt.Sprintf("The empty board is captured (%d×%d, saved as %s): reads now compare the cubes with it.", b.Dx(), b.Dy(), vision.EmptyFile), nil
}

// CalibrateColours implements web.Calibrator: it measures the colours of
// the cubes in their zones against the empty board, saves them as
// palette.json, reads with them from now on, and reads the same frame again
// to show the host what the new colours give.
func (s *Service) CalibrateColours(ctx context.Context, zones map[string]string) (web.ColourResult, error) {
	s.rmu.Lock()
	err := s.checkZonesLocked(zones)
	switch {
	case err != nil:
	case s.cal == nil || s.reader == nil:
		err = errNotCalibrated
	case s.empty == nil:
		err = errors.New("capture the empty board first (step 1): the colours are measured against it")
	}
	s.rmu.Unlock()
	if err != nil {
		return web.ColourResult{}, err
	}
	f, err := s.stillFrame(ctx)
	if err != nil {
		return web.ColourResult{}, err
	}
	defer f.release()
	img := f.img
	s.rmu.Lock()
	defer s.rmu.Unlock()
	measured, err := s.reader.MeasureColors(img, zones)
	if err != nil {
		return web.ColourResult{}, err
	}
	old := s.palette
	measured.Note = "measured in a calibration drop on the calibration page (light-corrected)"
	s.palette = measured
	if err := s.rebuildLocked(); err != nil {
		s.palette = old
		return web.ColourResult{}, err
	}
	if err := vision.SavePalette(s.dir, measured); err != nil {
		s.palette = old
		_ = s.rebuildLocked()
		return web.ColourResult{}, fmt.Errorf("saving %s: %v", vision.PaletteFile, err)
	}
	s.mu.Lock()
	s.calibUntil = time.Time{}
	s.lastRead = ""
	s.mu.Unlock()
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
	res, err := s.readLocked(img)
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
// palette does not know (a typo would otherwise add a colour). With s.rmu
// held.
func (s *Service) checkZonesLocked(zones map[string]string) error {
	seen := map[string]string{}
	for z, col := range zones {
		if s.layout.Zone(z) == nil {
			return fmt.Errorf("the board has no zone %q (its zones: %s)", z, strings.Join(s.layout.ZoneIDs(), ", "))
		}
		if _, ok := s.palette.Colors[col]; !ok {
			return fmt.Errorf("%q is not one of the cube colours (%s)", col, strings.Join(s.palette.Names(), ", "))
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
func (s *Service) TestRead(ctx context.Context) (json.RawMessage, error) {
	res, err := s.read(ctx)
	if err != nil {
		return nil, err
	}
	return json.Marshal(res)
}

// SimulateColourDrop implements web.CalibrationSimulator: the simulated
// camera shows calCubes cubes of each colour lying in its zone.
func (s *Service) SimulateColourDrop(_ context.Context, zones map[string]string) (string, error) {
	if s.sim == nil {
		return "", errors.New("the camera is real")
	}
	s.rmu.Lock()
	err := s.checkZonesLocked(zones)
	layout := s.layout
	s.rmu.Unlock()
	if err != nil {
		return "", err
	}
	s.simShowBoard()
	var cubes []synth.Cube
	for z, col := range zones {
		for i, p := range zoneSpots(layout, layout.Zone(z), calCubes) {
			cubes = append(cubes, synth.Cube{Color: col, Center: p, Angle: 0.3 * float64(i), Pose: synth.Lying, Zone: z})
		}
	}
	s.sim.Drop(cubes)
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

// SimDrop shows n cubes of random colours on the simulated board, as if
// they had just fallen from the tower (the simulated drop sensor says how
// many). It does nothing for a real camera.
func (s *Service) SimDrop(n int) {
	if s.sim == nil || n <= 0 {
		return
	}
	sc := s.sim.Scene()
	s.mu.Lock()
	seed := s.rng.Uint64()
	s.mu.Unlock()
	r := synth.Random(seed, synth.Options{Layout: sc.Layout, Palette: sc.Palette, W: sc.Camera.W, H: sc.Camera.H, MinCubes: n, MaxCubes: n})
	s.simShowBoard()
	s.sim.Drop(r.Cubes)
}

// SimDropCubes shows exactly these cubes (colour id -> how many) on the
// simulated board, as if they had just fallen from the tower: the drop a
// table waits for, so the read the camera proposes is the one awaited.
// Where they land is random (a cube may balance on a border, as real ones
// do). Colours the simulator cannot paint are left out. It returns the
// cubes laid, and does nothing for a real camera.
func (s *Service) SimDropCubes(counts map[string]int) []synth.Cube {
	if s.sim == nil {
		return nil
	}
	sc := s.sim.Scene()
	var colours []string
	names := make([]string, 0, len(counts))
	for c := range counts {
		names = append(names, c)
	}
	sort.Strings(names) // map order must not change a seeded drop
	for _, c := range names {
		if _, ok := sc.Palette.Colors[c]; !ok {
			s.lg.Warn("the simulated camera has no cubes of this colour", "colour", c)
			continue
		}
		for k := 0; k < counts[c]; k++ {
			colours = append(colours, c)
		}
	}
	if len(colours) == 0 {
		return nil
	}
	s.mu.Lock()
	seed := s.rng.Uint64()
	s.rng.Shuffle(len(colours), func(i, j int) { colours[i], colours[j] = colours[j], colours[i] })
	s.mu.Unlock()
	n := len(colours)
	// Random places the cubes; the colours are then the ones asked for.
	r := synth.Random(seed, synth.Options{Layout: sc.Layout, Palette: sc.Palette, W: sc.Camera.W, H: sc.Camera.H, MinCubes: n, MaxCubes: n, ColorsOverride: colours[:1]})
	for i := range r.Cubes {
		r.Cubes[i].Color = colours[i]
	}
	s.simShowBoard()
	s.sim.Drop(r.Cubes)
	return r.Cubes
}
