//go:build cgo && !novision

package camerasvc

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"image/jpeg"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
	"github.com/quartermaster-table/quartermaster/vision/synth"
	"github.com/quartermaster-table/quartermaster/web"
)

// The dice tray's calibration page (web.DiceCalibrator): the tray floor's
// corners, then the printed dice face by face. The reader itself is
// vision's; this file only guides it: one frame per face through
// (*vision.DiceReader).LearnFace, on a copy of the learned faces, so a
// refused face changes nothing, and saved as dice-faces.json once kept.

// similarFace is the correlation above which a face just shown is taken
// for another face of the die, learned before with another label: the
// owner most likely showed the wrong face. Measured on the simulated
// printed die (TestTrayCalibrationTeachesAPrintedDie's): the faces most
// alike with different labels (block-font 2 and 3) correlate 0.83, the
// same face shown twice at another place and angle 0.87.
const similarFace = 0.85

// StartDiceCalibration implements web.DiceCalibrator.
func (s *Service) StartDiceCalibration(_ context.Context, game []engine.ExpectDie) (web.TrayCalibration, error) {
	s.dmu.Lock()
	defer s.dmu.Unlock()
	d := &s.dice
	d.calibUntil = s.clock.Now().Add(calibratingFor)
	d.game = nil
	for _, g := range game {
		if len(g.Faces) == 0 || slices.Equal(g.Faces, diceset.PipLabels) || slices.ContainsFunc(d.game, func(x engine.ExpectDie) bool { return x.Die == g.Die }) {
			continue
		}
		d.game = append(d.game, engine.ExpectDie{Die: g.Die, Faces: slices.Clone(g.Faces)})
		if s.sim != nil {
			// The simulator paints a stand-in for the game's die, to be
			// taught here like a real one.
			if _, err := s.simStandInLocked(g); err != nil {
				return web.TrayCalibration{}, err
			}
		}
	}
	if s.sim != nil {
		// The camera looks at the empty tray.
		s.sim.Show(nil, d.empty)
		d.showing = true
	}
	return s.trayStateLocked(), nil
}

// EndDiceCalibration implements web.DiceCalibrator.
func (s *Service) EndDiceCalibration(context.Context) {
	s.dmu.Lock()
	s.dice.calibUntil = s.clock.Now()
	s.dmu.Unlock()
}

// diceCalibrating tells whether the tray's calibration page is open (the
// dice in the tray are no roll). With s.dmu held.
func (s *Service) diceCalibratingLocked() bool {
	return s.clock.Now().Before(s.dice.calibUntil)
}

// trayStateLocked is what the page shows. With s.dmu held.
func (s *Service) trayStateLocked() web.TrayCalibration {
	d := &s.dice
	out := web.TrayCalibration{Simulated: s.sim != nil, Dice: []web.DieToTeach{}, PipDice: []string{}}
	out.ImageWidth, out.ImageHeight = d.w, d.h
	if d.w == 0 || d.h == 0 {
		if f, _, _ := s.newest(); f != nil {
			b := f.img.Bounds()
			out.ImageWidth, out.ImageHeight = b.Dx(), b.Dy()
			f.release()
		}
	}
	if d.corners != nil {
		out.Calibrated = true
		for i, p := range d.corners {
			out.Corners[i] = web.Point{X: p.X, Y: p.Y}
		}
	} else {
		// A first guess: a rectangle inside the picture, to drag or tap
		// onto the tray floor's corners.
		w, h := float64(out.ImageWidth), float64(out.ImageHeight)
		out.Corners = [4]web.Point{{X: w * 0.2, Y: h * 0.2}, {X: w * 0.8, Y: h * 0.2}, {X: w * 0.8, Y: h * 0.8}, {X: w * 0.2, Y: h * 0.8}}
	}
	shown := map[string]bool{}
	for _, x := range d.set.Dice {
		if x.Faces.Kind == diceset.Pips {
			out.PipDice = append(out.PipDice, d.gameID(x.ID))
			continue
		}
		id := d.gameID(x.ID)
		shown[id] = true
		out.Dice = append(out.Dice, web.DieToTeach{ID: id, Colour: [3]int{int(x.Colour[0]), int(x.Colour[1]), int(x.Colour[2])},
			Labels: slices.Clone(x.Labels()), Learned: d.learnedFaces(x.ID), Doubts: d.faceDoubts(x.ID)})
	}
	for _, g := range d.game {
		if shown[g.Die] {
			continue
		}
		out.Dice = append(out.Dice, web.DieToTeach{ID: g.Die, Labels: slices.Clone(g.Faces), Learned: make([]bool, len(g.Faces)), Doubts: make([]string, len(g.Faces)),
			Missing: fmt.Sprintf("The camera's dice set (%s in its data directory) has no die %q: add it with its colour, then open this page again.", DiceSetFile, g.Die)})
	}
	return out
}

// gameID is the game's name of a die of the set (the simulator's stand-ins
// are named after the game's die).
func (d *diceState) gameID(setID string) string {
	if a, ok := d.simAlias[setID]; ok {
		return a
	}
	return setID
}

// setID is the set's die for a die the page names (a game's die, or the
// set's own id).
func (d *diceState) setID(id string) string {
	for sid, g := range d.simAlias {
		if g == id {
			return sid
		}
	}
	return id
}

// learnedFaces tells which faces of a set's die are learned.
func (d *diceState) learnedFaces(setID string) []bool {
	out := make([]bool, 6)
	if d.learned == nil {
		return out
	}
	for _, ld := range d.learned.Dice {
		if ld.ID == setID {
			for k, f := range ld.Faces {
				out[k] = len(f) > 0
			}
		}
	}
	return out
}

// faceDoubts says, face by face, in the owner's words, why a learned face
// of a set's die may read badly ("" for none): the page asks for it to be
// shown again (vision's LearnedDie.Doubts).
func (d *diceState) faceDoubts(setID string) []string {
	out := make([]string, 6)
	if d.learned == nil {
		return out
	}
	for i := range d.learned.Dice {
		ld := &d.learned.Dice[i]
		if ld.ID != setID {
			continue
		}
		for _, x := range ld.Doubts() {
			var w string
			switch x.Why {
			case vision.DoubtLittleInk:
				w = "The camera saw little of its print (a dark or blurred picture?). Show this face again, in good light."
			case vision.DoubtAlike:
				w = fmt.Sprintf("The camera can hardly tell it from the %s face: it would often call these faces unclear. Show this face again, flat and still, and check it is %s on top.", quoteLabel(ld.Labels[x.Like]), quoteLabel(ld.Labels[x.Face]))
			}
			if out[x.Face] == "" {
				out[x.Face] = w
			}
		}
	}
	return out
}

// SaveTrayCorners implements web.DiceCalibrator: it checks the corners,
// saves them as TrayCalibrationFile and reads the dice with them.
func (s *Service) SaveTrayCorners(_ context.Context, tc web.TrayCorners) (web.TrayCalibration, error) {
	var c board.Corners
	for i, p := range tc.Corners {
		c[i] = board.Point{X: p.X, Y: p.Y}
	}
	if err := c.Validate(); err != nil {
		return web.TrayCalibration{}, errors.New("the corners do not make the tray's floor: place them top-left, top-right, bottom-right, bottom-left around it")
	}
	if err := c.Inside(tc.ImageWidth, tc.ImageHeight); err != nil {
		return web.TrayCalibration{}, fmt.Errorf("a corner is outside the %dx%d picture", tc.ImageWidth, tc.ImageHeight)
	}
	if f, _, _ := s.newest(); f != nil {
		b := f.img.Bounds()
		f.release()
		if b.Dx() != tc.ImageWidth || b.Dy() != tc.ImageHeight {
			return web.TrayCalibration{}, fmt.Errorf("the camera's pictures are %dx%d, not %dx%d: reload the page", b.Dx(), b.Dy(), tc.ImageWidth, tc.ImageHeight)
		}
	}
	s.dmu.Lock()
	defer s.dmu.Unlock()
	d := &s.dice
	old, ow, oh := d.corners, d.w, d.h
	d.corners, d.w, d.h = &c, tc.ImageWidth, tc.ImageHeight
	if err := s.rebuildDiceLocked(); err != nil {
		d.corners, d.w, d.h = old, ow, oh
		_ = s.rebuildDiceLocked()
		return web.TrayCalibration{}, err
	}
	b, err := json.Marshal(trayCalibration{Corners: c, ImageWidth: tc.ImageWidth, ImageHeight: tc.ImageHeight})
	if err == nil {
		err = writeFileAtomic(filepath.Join(s.dir, TrayCalibrationFile), b)
	}
	if err != nil {
		d.corners, d.w, d.h = old, ow, oh
		_ = s.rebuildDiceLocked()
		return web.TrayCalibration{}, fmt.Errorf("saving %s: %v", TrayCalibrationFile, err)
	}
	return s.trayStateLocked(), nil
}

// writeFileAtomic writes a file through a temporary one, so a crash never
// leaves half a calibration.
func writeFileAtomic(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// sawDice finds how many dice LearnFace saw when it wanted one.
var sawDice = regexp.MustCompile(`saw (\d+)$`)

// LearnDieFace implements web.DiceCalibrator.
func (s *Service) LearnDieFace(ctx context.Context, die string, face int) (web.LearnedFace, error) {
	s.dmu.Lock()
	d := &s.dice
	sid := d.setID(die)
	x := d.set.Die(sid)
	switch {
	case x == nil:
		s.dmu.Unlock()
		return web.LearnedFace{}, fmt.Errorf("the camera's dice set has no die %q", die)
	case x.Faces.Kind != diceset.Learned:
		s.dmu.Unlock()
		return web.LearnedFace{}, fmt.Errorf("the %s die has pips: the camera reads it without being taught", die)
	case face < 0 || face >= len(x.Labels()):
		s.dmu.Unlock()
		return web.LearnedFace{}, fmt.Errorf("the %s die has no face %d (its faces are 1 to %d)", die, face+1, len(x.Labels()))
	case d.corners == nil:
		s.dmu.Unlock()
		return web.LearnedFace{}, errors.New("the dice tray is not calibrated: place its floor's corners and save them first")
	}
	label := x.Labels()[face]
	d.calibUntil = s.clock.Now().Add(calibratingFor)
	if s.sim != nil {
		// The simulator lays the die asked, with that face on top, at once:
		// this read takes a still frame itself (no watcher), and frames of
		// the empty tray first may not count as motion (one die is a few
		// thousandths of the picture), so under load one of them was taken
		// for the still tray and read as no die (a CI run).
		sc, err := s.simSceneLocked(uint64(face)+11, []string{sid}, []int{face}, []string{""})
		if err != nil {
			s.dmu.Unlock()
			return web.LearnedFace{}, err
		}
		if d.simTouch {
			d.simTouch = false
			sc = s.simTouchingLocked(sc)
		}
		s.sim.Show(nil, synth.RenderDice(sc))
		d.showing = true
	}
	s.dmu.Unlock()

	f, err := s.stillFrame(ctx)
	if err != nil {
		return web.LearnedFace{}, err
	}
	img := cloneImage(f.img)
	f.release()

	s.dmu.Lock()
	defer s.dmu.Unlock()
	if b := img.Bounds(); b.Dx() != d.w || b.Dy() != d.h {
		return web.LearnedFace{}, fmt.Errorf("the camera's pictures are %dx%d, the tray was calibrated at %dx%d: place its corners again", b.Dx(), b.Dy(), d.w, d.h)
	}
	// Learn on a copy: a refused face leaves the learned faces as they were.
	trial := cloneLearned(d.learned)
	r, err := vision.NewDiceReader(d.tray, d.set, *d.corners, d.w, d.h, vision.DiceOptions{Empty: d.empty, Learned: trial})
	if err != nil {
		return web.LearnedFace{}, fmt.Errorf("the dice reader: %w", err)
	}
	lf, err := r.LearnFace(img, sid, face)
	if err != nil {
		return web.LearnedFace{}, learnError(err, die, label)
	}
	if other, ok := lookAlike(lf, sid, face); ok {
		return web.LearnedFace{}, fmt.Errorf("this face looks like the %s face already taught: is the %s die showing %s on top? Turn it and tap Read again", quoteLabel(other), die, quoteLabel(label))
	}
	old := d.learned
	d.learned = lf
	if err := s.rebuildDiceLocked(); err != nil {
		d.learned = old
		_ = s.rebuildDiceLocked()
		return web.LearnedFace{}, err
	}
	if err := vision.SaveLearnedFaces(s.dir, lf); err != nil {
		d.learned = old
		_ = s.rebuildDiceLocked()
		return web.LearnedFace{}, fmt.Errorf("saving %s: %v", vision.LearnedFacesFile, err)
	}
	out := web.LearnedFace{Die: die, Face: face, Label: label, Learned: d.learnedFaces(sid), Doubts: d.faceDoubts(sid), Crop: s.dieCropLocked(r, img, sid)}
	left := 0
	for _, l := range out.Learned {
		if !l {
			left++
		}
	}
	out.Result = fmt.Sprintf("Face %d of the %s die (%s) is learned and saved.", face+1, die, quoteLabel(label))
	if w := out.Doubts[face]; w != "" {
		out.Result = fmt.Sprintf("Face %d of the %s die (%s) is saved, but not learned well: %s", face+1, die, quoteLabel(label), w)
	}
	if left == 0 {
		out.Result += " Every face is learned: the camera now reads this die."
	} else {
		out.Result += fmt.Sprintf(" %d to go.", left)
	}
	return out, nil
}

// SimTouchNextFace implements web.SimTrayTouch.
func (s *Service) SimTouchNextFace() {
	s.dmu.Lock()
	s.dice.simTouch = true
	s.dmu.Unlock()
}

// simTouchingLocked is a calibration scene with a pip die of the set laid
// against its die's side, edges aligned, as an owner's hand leaves it.
func (s *Service) simTouchingLocked(sc *synth.DiceScene) *synth.DiceScene {
	out := *sc
	out.Dice = slices.Clone(sc.Dice)
	x := out.Dice[0]
	for _, p := range s.dice.set.Dice {
		if p.Faces.Kind != diceset.Pips {
			continue
		}
		o := x
		o.ID, o.Size = p.ID, p.SizeMM
		gap := (x.Size+p.SizeMM)/2 + 0.1
		o.Center = board.Point{X: x.Center.X + gap*math.Cos(x.Angle), Y: x.Center.Y + gap*math.Sin(x.Angle)}
		out.Dice = append(out.Dice, o)
		break
	}
	return &out
}

// learnError turns the reader's refusal into words for the host.
func learnError(err error, die, label string) error {
	msg := err.Error()
	if errors.Is(err, vision.ErrLearnTouching) {
		return fmt.Errorf("the %s die touches another die: a face is learned from the die alone. Move the other die away, leave the %s die with %s on top, then tap Read", die, die, quoteLabel(label))
	}
	if errors.Is(err, vision.ErrLearnLikeFloor) {
		return fmt.Errorf("the camera sees the print of the %s die but not the die: the die is nearly the colour of the tray's floor, and a face is learned from the die's outline. Cover the tray's floor with a cloth or card of another colour, put the %s die on it with %s on top, then tap Read", die, die, quoteLabel(label))
	}
	if m := sawDice.FindStringSubmatch(msg); m != nil {
		n, _ := strconv.Atoi(m[1])
		if n == 0 {
			return fmt.Errorf("no die is seen in the tray: put the %s die on the tray's floor with %s on top, then tap Read", die, quoteLabel(label))
		}
		return fmt.Errorf("%d dice are seen in the tray: leave only the %s die in it, with %s on top", n, die, quoteLabel(label))
	}
	switch {
	case strings.Contains(msg, "not flat"):
		return fmt.Errorf("the %s die is not lying flat: put it flat on the floor with %s on top", die, quoteLabel(label))
	case strings.Contains(msg, "no print"):
		return fmt.Errorf("no print is seen on the die's top: is it the %s die, with %s on top?", die, quoteLabel(label))
	}
	return fmt.Errorf("the face was not learned: %v", err)
}

func quoteLabel(l string) string { return "“" + l + "”" }

// cloneLearned copies learned faces (LearnFace changes the ones it is
// given).
func cloneLearned(l *vision.LearnedFaces) *vision.LearnedFaces {
	if l == nil {
		return nil
	}
	out := &vision.LearnedFaces{Dice: slices.Clone(l.Dice)}
	for i := range out.Dice {
		for k := range out.Dice[i].Faces {
			out.Dice[i].Faces[k] = slices.Clone(out.Dice[i].Faces[k])
		}
	}
	return out
}

// lookAlike finds a face of the die, learned before, with another label,
// that the face just learned matches (any quarter turn).
func lookAlike(l *vision.LearnedFaces, id string, face int) (string, bool) {
	for _, ld := range l.Dice {
		if ld.ID != id {
			continue
		}
		n := int(math.Round(math.Sqrt(float64(len(ld.Faces[face])))))
		if n*n != len(ld.Faces[face]) || n == 0 {
			return "", false
		}
		a := normalise(ld.Faces[face])
		for k, t := range ld.Faces {
			if k == face || len(t) != len(ld.Faces[face]) || ld.Labels[k] == ld.Labels[face] {
				continue
			}
			for q := 0; q < 4; q++ {
				if dot(a, normalise(t)) > similarFace {
					return ld.Labels[k], true
				}
				t = quarterTurn(t, n)
			}
		}
	}
	return "", false
}

// normalise subtracts the mean and scales to unit length (a flat face
// stays zero).
func normalise(t []float64) []float64 {
	out := slices.Clone(t)
	m := 0.0
	for _, v := range out {
		m += v
	}
	m /= float64(len(out))
	n := 0.0
	for i := range out {
		out[i] -= m
		n += out[i] * out[i]
	}
	if n > 0 {
		n = math.Sqrt(n)
		for i := range out {
			out[i] /= n
		}
	}
	return out
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += a[i] * b[i]
	}
	return s
}

// quarterTurn turns an n x n grid by a quarter.
func quarterTurn(t []float64, n int) []float64 {
	out := make([]float64, len(t))
	for y := 0; y < n; y++ {
		for x := 0; x < n; x++ {
			out[x*n+(n-1-y)] = t[y*n+x]
		}
	}
	return out
}

// dieCropLocked is the picture of the die just taught: the frame around
// where the reader finds it (once the die is complete it reads it, before
// that it reports it as unclear), else around the tray's middle. With
// s.dmu held.
func (s *Service) dieCropLocked(r *vision.DiceReader, img image.Image, sid string) string {
	d := &s.dice
	size := 16.0
	if x := d.set.Die(sid); x != nil && x.SizeMM > 0 {
		size = x.SizeMM
	}
	at := board.Point{X: d.tray.Width / 2, Y: d.tray.Height / 2}
	if res, err := r.Read(img); err == nil {
		d.calibDice = &res
		switch {
		case len(res.Dice) == 1:
			at = board.Point{X: res.Dice[0].XMM, Y: res.Dice[0].YMM}
		case len(res.Dice) == 0 && len(res.Unreadable) == 1:
			at = board.Point{X: res.Unreadable[0].XMM, Y: res.Unreadable[0].YMM}
		}
	}
	h, err := board.HomographyFrom4([4]board.Point{{X: 0, Y: 0}, {X: d.tray.Width, Y: 0}, {X: d.tray.Width, Y: d.tray.Height}, {X: 0, Y: d.tray.Height}}, *d.corners)
	if err != nil {
		return ""
	}
	// A square of three dice's sides around the die, in the picture.
	c := h.Apply(at)
	e := h.Apply(board.Point{X: at.X + size*1.5, Y: at.Y})
	half := int(math.Max(8, math.Ceil(e.Sub(c).Len())))
	rect := image.Rect(int(c.X)-half, int(c.Y)-half, int(c.X)+half, int(c.Y)+half).Intersect(img.Bounds())
	if rect.Empty() {
		return ""
	}
	crop := image.NewRGBA(image.Rect(0, 0, rect.Dx(), rect.Dy()))
	draw.Draw(crop, crop.Rect, img, rect.Min, draw.Src)
	return jpegDataURL(crop)
}

// jpegDataURL encodes a picture for the page (no request of its own).
func jpegDataURL(img image.Image) string {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 85}); err != nil {
		return ""
	}
	return "data:image/jpeg;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
}

// TestReadDice implements web.DiceCalibrator.
func (s *Service) TestReadDice(ctx context.Context) (web.DiceTestRead, error) {
	s.dmu.Lock()
	d := &s.dice
	if d.reader == nil {
		s.dmu.Unlock()
		return web.DiceTestRead{}, errors.New("the dice tray is not calibrated: place its floor's corners and save them first")
	}
	d.calibUntil = s.clock.Now().Add(calibratingFor)
	var rolled []synth.Die
	if s.sim != nil {
		var err error
		if rolled, err = s.simTestRollLocked(); err != nil {
			s.dmu.Unlock()
			return web.DiceTestRead{}, err
		}
	}
	s.dmu.Unlock()

	f, err := s.stillFrame(ctx)
	if err != nil {
		return web.DiceTestRead{}, err
	}
	defer f.release()
	s.dmu.Lock()
	defer s.dmu.Unlock()
	res, err := s.readDiceLocked(f.img)
	if err != nil {
		return web.DiceTestRead{}, err
	}
	d.calibDice = &res
	out := web.DiceTestRead{Dice: []engine.DieRead{}, Unreadable: []string{}}
	in := DiceRead(res, d.simAlias).Input
	out.Dice = append(out.Dice, in.Dice...)
	for _, u := range res.Unreadable {
		out.Unreadable = append(out.Unreadable, unreadableWords(d.gameID(u.Die), u.Reason))
	}
	out.Overlay = jpegDataURL(d.reader.DiceOverlay(f.img, res))
	var faces []string
	for _, x := range out.Dice {
		faces = append(faces, fmt.Sprintf("%s %s", x.Die, quoteLabel(x.Face)))
	}
	switch {
	case len(faces) == 0:
		out.Result = "The camera reads no die in the tray."
	default:
		out.Result = fmt.Sprintf("The camera reads %d %s: %s.", len(faces), map[bool]string{true: "die", false: "dice"}[len(faces) == 1], strings.Join(faces, ", "))
	}
	if len(rolled) > 0 {
		var truth []string
		for _, x := range rolled {
			truth = append(truth, fmt.Sprintf("%s %s", d.gameID(x.ID), quoteLabel(x.Label)))
		}
		out.Result += " The simulator rolled " + strings.Join(truth, ", ") + "."
	}
	return out, nil
}

// sameDice tells whether a read shows the dice of an earlier one, each at
// its place (within 2 mm) with the same face up: dice that have not moved.
func sameDice(a vision.DiceResult, b *vision.DiceResult) bool {
	if b == nil || len(a.Dice) != len(b.Dice) || len(a.Unreadable) != len(b.Unreadable) || len(a.Dice)+len(a.Unreadable) == 0 {
		return false
	}
	near := func(x1, y1, x2, y2 float64) bool { return math.Hypot(x1-x2, y1-y2) <= 2 }
	for _, x := range a.Dice {
		if !slices.ContainsFunc(b.Dice, func(y vision.DieRead) bool {
			return x.Die == y.Die && x.Face == y.Face && near(x.XMM, x.YMM, y.XMM, y.YMM)
		}) {
			return false
		}
	}
	for _, x := range a.Unreadable {
		if !slices.ContainsFunc(b.Unreadable, func(y vision.DieUnreadable) bool { return near(x.XMM, x.YMM, y.XMM, y.YMM) }) {
			return false
		}
	}
	return true
}

// unreadableWords says why a die could not be read, for the host.
func unreadableWords(die, reason string) string {
	what := "A die"
	if die != "" {
		what = "The " + die + " die"
	}
	switch reason {
	case "cocked":
		return what + " leans on a wall or another die: no face is on top."
	case "outside":
		return what + " lies outside the tray's floor."
	}
	return what + " could not be told apart: its face reads as two faces nearly alike, or it is a printed die not taught yet, or a die not in the set."
}

// simTestRollLocked lays, on the simulated camera, one die of each kind
// the camera reads now: the pip dice and the printed dice fully taught.
// With s.dmu held.
func (s *Service) simTestRollLocked() ([]synth.Die, error) {
	d := &s.dice
	var ids []string
	for _, x := range d.set.Dice {
		if x.Faces.Kind == diceset.Pips || !slices.Contains(d.learnedFaces(x.ID), false) {
			ids = append(ids, x.ID)
		}
	}
	if len(ids) == 0 {
		return nil, errors.New("the simulated dice set has no die the camera can read yet")
	}
	s.mu.Lock()
	seed := s.rng.Uint64()
	faces := make([]int, len(ids))
	for i := range faces {
		faces[i] = s.rng.IntN(6)
	}
	s.mu.Unlock()
	sc, err := s.simSceneLocked(seed, ids, faces, make([]string, len(ids)))
	if err != nil {
		return nil, err
	}
	// At once, as LearnDieFace lays its die: TestReadDice takes a still
	// frame itself, and an empty tray's frame could be taken for it.
	s.sim.Show(nil, synth.RenderDice(sc))
	d.showing = true
	return sc.Dice, nil
}

// SimTrayCorners tells where the simulated tray's floor lies in the
// simulated camera's frames (false for a real camera): what a test places
// on the calibration page, as an owner places them by eye.
func (s *Service) SimTrayCorners() (web.TrayCorners, bool) {
	if s.sim == nil {
		return web.TrayCorners{}, false
	}
	s.dmu.Lock()
	defer s.dmu.Unlock()
	out := web.TrayCorners{ImageWidth: s.dice.w, ImageHeight: s.dice.h}
	for i, p := range s.dice.simBase.Corners() {
		out.Corners[i] = web.Point{X: p.X, Y: p.Y}
	}
	return out, true
}
