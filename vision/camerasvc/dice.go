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
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/layout"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// The dice path: while the table the camera serves waits for a roll (an
// engine.Expect of kind "dice"), a settled frame is read with the dice
// reader instead of the cube reader, the overlay goes to the dashboard's
// picture, and the read goes to the tables as a rules-neutral
// engine.TableInput of kind "dice": the game's kit turns it into its roll.

// Files of the dice tray in the camera's directory.
const (
	// TrayCalibrationFile holds where the tray floor's corners are in the
	// camera's frames: {"corners":[[x,y]x4],"image_width":W,"image_height":H}
	// (top-left, top-right, bottom-right, bottom-left).
	TrayCalibrationFile = "tray-calibration.json"
	// TrayFile is the tray (dice.md's tray format); without it the default
	// tray of engine/layout.
	TrayFile = "tray.json"
	// DiceSetFile is the table's dice set (dice.md); without it the default
	// set: white, red and black pip dice.
	DiceSetFile = "dice.json"
)

// defaultDiceSet is dice.md's dice.default.json: nominal pip dice.
const defaultDiceSet = `{"dice": [
 {"id": "white", "colour": [236, 234, 226], "size_mm": 16, "faces": {"kind": "pips", "pip_colour": [20, 20, 20]}},
 {"id": "red", "colour": [178, 34, 40], "size_mm": 16, "faces": {"kind": "pips", "pip_colour": [245, 245, 245]}},
 {"id": "black", "colour": [32, 32, 34], "size_mm": 16, "faces": {"kind": "pips", "pip_colour": [240, 240, 240]}}]}`

// simLearnedColours paint the printed dice the simulated camera adds for a
// game (one colour each, apart from the pip dice and from each other).
var simLearnedColours = []diceset.RGB{{30, 60, 120}, {30, 110, 60}, {120, 70, 20}, {110, 40, 120}}

// trayCalibration is TrayCalibrationFile.
type trayCalibration struct {
	Corners     board.Corners `json:"corners"`
	ImageWidth  int           `json:"image_width"`
	ImageHeight int           `json:"image_height"`
}

// diceState is the dice reader and what it is made of; guarded by
// Service.dmu (a read holds it).
type diceState struct {
	tray    *layout.Tray
	set     *diceset.Set
	corners *board.Corners // nil: the tray is not calibrated
	w, h    int
	empty   image.Image
	learned *vision.LearnedFaces
	reader  *vision.DiceReader
	// err is why there is no reader (reported once per cause).
	err      error
	reported bool

	// The simulated camera's tray: its empty scene (camera, light, felt),
	// whether the camera shows the tray now, and the game's die id of each
	// die of the simulated set that stands for one (e.g. "d6" -> "white").
	simBase  *synth.DiceScene
	showing  bool
	simAlias map[string]string

	// The tray calibration page: while it is open (until calibUntil) the
	// dice in the tray are no roll; game are the printed dice the table's
	// game named when it opened.
	calibUntil time.Time
	game       []engine.ExpectDie
	// calibDice is the last read of the dice the page put in the tray:
	// the same dice at the same places, read once the page is closed (a
	// slow watcher settles late), are still no roll.
	calibDice *vision.DiceResult
	// simTouch: the simulator's next calibration picture lays another die
	// against the one shown (web.SimTrayTouch).
	simTouch bool
}

// initDice sets up the dice tray: the simulated one, or a real camera's
// from its directory. Called by New.
func (s *Service) initDice() error {
	d := &s.dice
	d.tray = s.o.Tray
	if d.tray == nil {
		t, err := loadTray(s.dir)
		if err != nil {
			return err
		}
		d.tray = t
	}
	d.set = s.o.DiceSet
	if s.sim != nil {
		if d.set == nil {
			d.set, _ = diceset.Parse([]byte(defaultDiceSet))
		}
		sc := s.sim.Scene()
		w, h := sc.Camera.W, sc.Camera.H
		// An easy tray: straight down, evenly lit, no blur, noise or JPEG.
		// It stands for a good real table, so the simulated read is the
		// one rolled.
		base := synth.RandomDice(simSeed, synth.DiceOptions{Tray: d.tray, Set: d.set, W: w, H: h, MinDice: 1, MaxDice: 1, MaxTiltDeg: 4, Clean: true})
		base.Dice = nil
		base.Blur = 0
		// Green felt: every die of the set stands out from it.
		base.Felt = [3]float64{0.16, 0.40, 0.22}
		if s.o.SimFelt != ([3]float64{}) {
			base.Felt = s.o.SimFelt
		}
		d.simBase = base
		d.w, d.h = w, h
		d.empty = synth.RenderDiceEmpty(base)
		d.simAlias = map[string]string{}
		// The corners placed on the calibration page, else (unless the
		// tray is to be calibrated first) the simulator's exact ones.
		tc, err := loadTrayCalibration(s.dir)
		switch {
		case err == nil && tc.ImageWidth == w && tc.ImageHeight == h:
			d.corners = &tc.Corners
		case err == nil:
			return fmt.Errorf("the simulated camera's %s is for another image size; delete it", TrayCalibrationFile)
		case !errors.Is(err, fs.ErrNotExist):
			return err
		case s.o.SimTrayUncalibrated:
			d.err = errors.New("the dice tray is not calibrated: place its floor's corners on the calibration page")
			return nil
		default:
			c := base.Corners()
			d.corners = &c
		}
		return s.rebuildDiceLocked()
	}
	if d.set == nil {
		set, err := loadDiceSet(s.dir)
		if err != nil {
			return err
		}
		d.set = set
	}
	lf, err := vision.LoadLearnedFaces(s.dir)
	switch {
	case err == nil:
		d.learned = lf
	case !errors.Is(err, fs.ErrNotExist):
		return fmt.Errorf("the learned dice faces: %w", err)
	}
	tc, err := loadTrayCalibration(s.dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		d.err = errors.New("the dice tray is not calibrated: place its floor's corners on the calibration page (Camera, then Dice tray), which saves them as " + TrayCalibrationFile)
		return nil
	case err != nil:
		return err
	}
	d.corners, d.w, d.h = &tc.Corners, tc.ImageWidth, tc.ImageHeight
	return s.rebuildDiceLocked()
}

// loadTrayCalibration reads and checks TrayCalibrationFile; an error
// wrapping fs.ErrNotExist when the tray was never calibrated.
func loadTrayCalibration(dir string) (trayCalibration, error) {
	var tc trayCalibration
	b, err := os.ReadFile(filepath.Join(dir, TrayCalibrationFile))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return tc, err
	case err != nil:
		return tc, fmt.Errorf("the dice tray's calibration: %w", err)
	}
	if err := json.Unmarshal(b, &tc); err != nil {
		return tc, fmt.Errorf("%s: %v", TrayCalibrationFile, err)
	}
	if err := tc.Corners.Validate(); err != nil {
		return tc, fmt.Errorf("%s: %v", TrayCalibrationFile, err)
	}
	if err := tc.Corners.Inside(tc.ImageWidth, tc.ImageHeight); err != nil {
		return tc, fmt.Errorf("%s: %v", TrayCalibrationFile, err)
	}
	return tc, nil
}

func loadTray(dir string) (*layout.Tray, error) {
	b, err := os.ReadFile(filepath.Join(dir, TrayFile))
	if errors.Is(err, fs.ErrNotExist) {
		return layout.DefaultTray(), nil
	}
	if err != nil {
		return nil, err
	}
	t, err := layout.ParseTray(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", filepath.Join(dir, TrayFile), err)
	}
	return t, nil
}

func loadDiceSet(dir string) (*diceset.Set, error) {
	path := filepath.Join(dir, DiceSetFile)
	if _, err := os.Stat(path); errors.Is(err, fs.ErrNotExist) {
		return diceset.Parse([]byte(defaultDiceSet))
	}
	return diceset.Load(path)
}

// rebuildDiceLocked makes the dice reader. With s.dmu held (or before Run).
func (s *Service) rebuildDiceLocked() error {
	d := &s.dice
	if d.corners == nil {
		return nil
	}
	r, err := vision.NewDiceReader(d.tray, d.set, *d.corners, d.w, d.h, vision.DiceOptions{Empty: d.empty, Learned: d.learned})
	if err != nil {
		return fmt.Errorf("the dice reader: %w", err)
	}
	d.reader, d.err, d.reported = r, nil, false
	return nil
}

// diceWanted tells whether a settled frame is a roll: the simulated camera
// shows its tray, or the served table waits for dice.
func (s *Service) diceWanted() bool {
	s.dmu.Lock()
	showing := s.dice.showing || s.diceCalibratingLocked()
	s.dmu.Unlock()
	if showing {
		return true
	}
	if s.o.Expects == nil {
		return false
	}
	for _, e := range s.o.Expects() {
		if e.Kind == "dice" {
			return true
		}
	}
	return false
}

// errNoDiceReader: the dice cannot be read (the tray is not calibrated).
var errNoDiceReader = errors.New("the dice tray is not calibrated")

// readDiceLocked reads the dice in a frame and shows the overlay on the
// dashboard. With s.dmu held.
func (s *Service) readDiceLocked(img image.Image) (vision.DiceResult, error) {
	d := &s.dice
	if d.reader == nil {
		if d.err != nil {
			return vision.DiceResult{}, d.err
		}
		return vision.DiceResult{}, errNoDiceReader
	}
	if b := img.Bounds(); b.Dx() != d.w || b.Dy() != d.h {
		return vision.DiceResult{}, fmt.Errorf("the camera's frames are %dx%d, the dice tray was calibrated at %dx%d: calibrate it again", b.Dx(), b.Dy(), d.w, d.h)
	}
	res, err := d.reader.Read(img)
	if err != nil {
		return res, err
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, d.reader.DiceOverlay(img, res), &jpeg.Options{Quality: 80}); err == nil {
		s.send(buf.Bytes())
	}
	return res, nil
}

// readDiceAndReport reads a settled roll and hands it to the tables as a
// proposal; a roll that cannot be read is reported once per cause (a table
// waits for it: the players then enter the faces).
func (s *Service) readDiceAndReport(img image.Image) {
	s.dmu.Lock()
	res, err := s.readDiceLocked(img)
	alias := s.dice.simAlias
	first := !s.dice.reported
	calibrating := s.diceCalibratingLocked() || (err == nil && sameDice(res, s.dice.calibDice))
	if err != nil && !calibrating {
		s.dice.reported = true
	}
	s.dmu.Unlock()
	if calibrating {
		// The dice shown on the calibration page are no roll.
		return
	}
	if err != nil {
		s.lg.Warn("the camera could not read the dice", "err", err)
		if first {
			s.report(companion.CameraReport{Err: err})
		}
		return
	}
	s.report(companion.CameraReport{Read: DiceRead(res, alias)})
}

// DiceRead turns a dice read into the rules-neutral read the tables take:
// a TableInput of kind "dice" with every die read (die, face, zone) and how
// many could not be read. alias renames dice of the set to the game's ids
// (the simulated camera's stand-ins); nil keeps the set's ids.
func DiceRead(res vision.DiceResult, alias map[string]string) companion.CameraRead {
	in := engine.TableInput{Kind: "dice", Seat: engine.NoSeat, Dropped: -1, Unreadable: len(res.Unreadable)}
	dice := slices.Clone(res.Dice)
	// Left to right, then top to bottom: the order players read a tray in.
	sort.SliceStable(dice, func(i, j int) bool {
		if dice[i].Zone != dice[j].Zone {
			return dice[i].Zone < dice[j].Zone
		}
		return dice[i].XMM < dice[j].XMM
	})
	for _, d := range dice {
		id := d.Die
		if a, ok := alias[id]; ok {
			id = a
		}
		in.Dice = append(in.Dice, engine.DieRead{Die: id, Face: d.Face, Zone: d.Zone})
	}
	return companion.CameraRead{Input: &in}
}

// SimRoll rolls, on the simulated camera, the dice of the first roll these
// expects wait for: exactly those dice (the dice set's die of that id, or
// one standing for it: a pip die for a game's plain six-sided die, a
// printed die with the game's faces, learned at once), each in its zone of
// the tray, apart and flat, the faces drawn from the service's seeded
// source. The camera then sees the roll settle and proposes its read. It
// returns what was rolled, in words.
func (s *Service) SimRoll(_ context.Context, expects []engine.Expect) (string, error) {
	dice, err := s.simRoll(expects)
	if err != nil {
		return "", err
	}
	var shown []string
	for _, x := range dice {
		shown = append(shown, x.Label)
	}
	return fmt.Sprintf("the simulated camera rolled %d %s: %s", len(shown), map[bool]string{true: "die", false: "dice"}[len(shown) == 1], strings.Join(shown, ", ")), nil
}

// simRoll is SimRoll, returning the dice rolled with their truth (the
// game's die ids).
func (s *Service) simRoll(expects []engine.Expect) ([]synth.Die, error) {
	if s.sim == nil {
		return nil, errors.New("the camera is real: roll the dice in the tray")
	}
	var want *engine.Expect
	for i := range expects {
		if expects[i].Kind == "dice" && len(expects[i].Dice) > 0 {
			want = &expects[i]
			break
		}
	}
	if want == nil {
		return nil, errors.New("the table waits for no roll now")
	}
	s.dmu.Lock()
	defer s.dmu.Unlock()
	d := &s.dice
	// A roll for a table: the tray's calibration is over.
	d.calibUntil = time.Time{}
	var ids []string
	var zones []string
	for _, g := range want.Dice {
		id, err := s.simDieLocked(g)
		if err != nil {
			return nil, err
		}
		for k := 0; k < g.Count; k++ {
			ids = append(ids, id)
			zones = append(zones, g.Zone)
		}
	}
	if len(ids) == 0 {
		return nil, errors.New("the roll asks for no dice")
	}
	if len(ids) > 24 {
		return nil, fmt.Errorf("the simulated tray holds at most 24 dice, not %d", len(ids))
	}
	s.mu.Lock()
	seed := s.rng.Uint64()
	faces := make([]int, len(ids))
	for i := range faces {
		faces[i] = s.rng.IntN(6)
	}
	s.mu.Unlock()
	sc, err := s.simSceneLocked(seed, ids, faces, zones)
	if err != nil {
		return nil, err
	}
	still := synth.RenderDice(sc)
	// The tray empty for two frames, then the dice at rest: the watcher
	// sees the motion and reads the settled roll.
	s.sim.Show([]image.Image{d.empty, d.empty}, still)
	d.showing = true
	out := slices.Clone(sc.Dice)
	for i := range out {
		if a, ok := d.simAlias[out[i].ID]; ok {
			out[i].ID = a
		}
	}
	return out, nil
}

// simDieLocked finds or makes the simulated set's die for a game's die; a
// printed die not taught yet on the calibration page is taught at once by
// a simulated calibration roll of the faces missing. With s.dmu held.
func (s *Service) simDieLocked(g engine.ExpectDie) (string, error) {
	d := &s.dice
	if a := d.set.Die(g.Die); a != nil && (len(g.Faces) == 0 || slices.Equal(a.Labels(), g.Faces)) {
		return g.Die, nil
	}
	id, err := s.simStandInLocked(g)
	if err != nil {
		return "", err
	}
	x := d.set.Die(id)
	missing := []int{}
	for f, ok := range d.learnedFaces(id) {
		if !ok {
			missing = append(missing, f)
		}
	}
	if x.Faces.Kind != diceset.Learned || len(missing) == 0 {
		return id, nil
	}
	if d.reader == nil {
		return "", errors.New("the dice tray is not calibrated: place its floor's corners on the calibration page")
	}
	// As an owner would teach the reader: one frame per face.
	shown := map[string]image.Image{} // a label printed twice is shown once
	for _, f := range missing {
		img, ok := shown[g.Faces[f]]
		if !ok {
			sc, err := s.simSceneLocked(uint64(f)+1, []string{id}, []int{f}, []string{""})
			if err != nil {
				return "", err
			}
			img = synth.RenderDice(sc)
			shown[g.Faces[f]] = img
		}
		lf, err := d.reader.LearnFace(img, id, f)
		if err != nil {
			return "", fmt.Errorf("the simulated camera could not learn face %d of %q: %w", f+1, g.Die, err)
		}
		d.learned = lf
	}
	if err := s.rebuildDiceLocked(); err != nil {
		return "", err
	}
	return id, nil
}

// simStandInLocked finds or makes the simulated set's die that stands for
// a game's die: a pip die of the set for a plain six-sided die, else a
// printed die painted with the game's labels in a colour of its own (not
// taught yet). With s.dmu held.
func (s *Service) simStandInLocked(g engine.ExpectDie) (string, error) {
	d := &s.dice
	for id, game := range d.simAlias {
		if game == g.Die {
			return id, nil
		}
	}
	if len(g.Faces) == 0 || slices.Equal(g.Faces, diceset.PipLabels) {
		// A plain six-sided die: the first pip die of the set no other
		// game die stands on.
		for _, x := range d.set.Dice {
			if _, used := d.simAlias[x.ID]; !used && x.Faces.Kind == diceset.Pips {
				d.simAlias[x.ID] = g.Die
				return x.ID, nil
			}
		}
		return "", fmt.Errorf("the simulated dice set has no pip die left for %q", g.Die)
	}
	if len(g.Faces) != 6 {
		return "", fmt.Errorf("the simulated camera paints six-sided dice only; %q has %d faces", g.Die, len(g.Faces))
	}
	learned := 0
	for _, x := range d.set.Dice {
		if x.Faces.Kind == diceset.Learned {
			learned++
		}
	}
	if learned >= len(simLearnedColours) {
		return "", fmt.Errorf("the simulated dice set has no colour left for %q", g.Die)
	}
	id := "sim-" + g.Die
	set := &diceset.Set{Dice: append(slices.Clone(d.set.Dice), diceset.Die{ID: id, Colour: simLearnedColours[learned], SizeMM: 16,
		Faces: diceset.Faces{Kind: diceset.Learned, Labels: slices.Clone(g.Faces)}})}
	if err := set.Check(); err != nil {
		return "", fmt.Errorf("the simulated die for %q: %w", g.Die, err)
	}
	old := d.set
	d.set = set
	if err := s.rebuildDiceLocked(); err != nil {
		d.set = old
		_ = s.rebuildDiceLocked()
		return "", err
	}
	d.simAlias[id] = g.Die
	return id, nil
}

// simSceneLocked lays dice of these ids with these top faces in the
// simulated tray, each in its zone ("" or an unknown zone: anywhere), on
// spots apart from each other and from the walls. With s.dmu held.
func (s *Service) simSceneLocked(seed uint64, ids []string, faces []int, zones []string) (*synth.DiceScene, error) {
	d := &s.dice
	r := synth.RandomDice(seed, synth.DiceOptions{Tray: d.tray, Set: d.set, W: d.w, H: d.h, IDs: ids, Faces: faces, Clean: true, PTouch: 1e-9})
	if len(r.Dice) != len(ids) {
		return nil, fmt.Errorf("the simulated tray has no room for %d dice", len(ids))
	}
	sc := *d.simBase
	sc.Set = d.set
	sc.Dice = r.Dice
	taken := []board.Point{}
	for i := range sc.Dice {
		x := &sc.Dice[i]
		p, ok := s.simSpot(x.Size, zones[i], taken, seed+uint64(i))
		if !ok {
			return nil, fmt.Errorf("the simulated tray has no room for %d dice in %q", len(ids), zones[i])
		}
		taken = append(taken, p)
		x.Center, x.Zone, x.Angle = p, d.tray.ZoneAt(p.X, p.Y), float64((seed+uint64(i))%8)*0.1
	}
	return &sc, nil
}

// simSpot picks a free spot for a die of side size in zone: on a grid
// well inside the zone, two dice apart from those taken; the seed chooses
// among them.
func (s *Service) simSpot(size float64, zone string, taken []board.Point, seed uint64) (board.Point, bool) {
	t := s.dice.tray
	known := false
	for _, z := range t.Zones {
		known = known || z.ID == zone
	}
	// Two dice apart, and clear of the walls: a wall hides the side of a
	// die next to it from a tilted camera.
	step, margin := size*1.9, t.WallMM+size*1.2
	var spots []board.Point
	for y := margin; y <= t.Height-margin; y += step {
		for x := margin; x <= t.Width-margin; x += step {
			p := board.Point{X: x, Y: y}
			in := func(q board.Point) bool {
				z := t.ZoneAt(q.X, q.Y)
				return z != "" && (!known || z == zone)
			}
			m := size * 0.9
			if !in(p) || !in(board.Point{X: x - m, Y: y - m}) || !in(board.Point{X: x + m, Y: y + m}) ||
				!in(board.Point{X: x - m, Y: y + m}) || !in(board.Point{X: x + m, Y: y - m}) {
				continue
			}
			free := true
			for _, q := range taken {
				if p.Sub(q).Len() < step*0.99 {
					free = false
				}
			}
			if free {
				spots = append(spots, p)
			}
		}
	}
	if len(spots) == 0 {
		return board.Point{}, false
	}
	return spots[seed%uint64(len(spots))], true
}

// simShowBoard puts the simulated camera back over the battle board (a
// drop of cubes).
func (s *Service) simShowBoard() {
	s.dmu.Lock()
	s.dice.showing = false
	s.dmu.Unlock()
}
