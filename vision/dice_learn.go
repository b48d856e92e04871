package vision

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"

	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// LearnedFacesFile is the file in the data directory that keeps the faces
// of the learned dice.
const LearnedFacesFile = "dice-faces.json"

// LearnedFaces are the faces of a set's learned dice as the camera saw them
// in a calibration roll: each face's ink on the reader's sample grid, and
// the die's paint and ink colours.
type LearnedFaces struct {
	Dice []LearnedDie `json:"dice"`
}

// LearnedDie is one learned die: Faces[k] is face k's template (faceN x
// faceN values, 0 paint .. 1 ink), empty until the owner has shown it.
type LearnedDie struct {
	ID     string       `json:"id"`
	Labels [6]string    `json:"labels"`
	Paint  [3]float64   `json:"paint"`
	Ink    [3]float64   `json:"ink"`
	Faces  [6][]float64 `json:"faces"`
}

// Complete reports whether every face has been shown.
func (d *LearnedDie) Complete() bool {
	for _, f := range d.Faces {
		if len(f) != faceN*faceN {
			return false
		}
	}
	return true
}

// die returns the learned die with this id when all its faces are known.
func (l *LearnedFaces) die(id string) *LearnedDie {
	if l == nil {
		return nil
	}
	for i := range l.Dice {
		if l.Dice[i].ID == id && l.Dice[i].Complete() {
			return &l.Dice[i]
		}
	}
	return nil
}

// rotations of the sample grid by quarter turns.
func rotateGrid(t []float64, q int) []float64 {
	out := make([]float64, len(t))
	for j := 0; j < faceN; j++ {
		for i := 0; i < faceN; i++ {
			a, b := i, j
			for k := 0; k < q; k++ {
				a, b = faceN-1-b, a
			}
			out[b*faceN+a] = t[j*faceN+i]
		}
	}
	return out
}

// learnedTemplates are a learned die's faces as the reader matches them:
// each face smoothed and normalised, in its four quarter turns (face k's
// turns are corr's group k). The reader keeps its own (the learned faces
// may be shared by readers on other goroutines).
type learnedTemplates struct {
	c *corrTemplates
}

func (r *DiceReader) templates(d *LearnedDie) *learnedTemplates {
	if t := r.tmpl[d]; t != nil {
		return t
	}
	var ts [][]float64
	for k := 0; k < 6; k++ {
		for q := 0; q < 4; q++ {
			ts = append(ts, normTemplate(smoothGrid(rotateGrid(d.Faces[k], q))))
		}
	}
	t := &learnedTemplates{c: newCorrTemplates(ts...)}
	if r.tmpl == nil {
		r.tmpl = map[*LearnedDie]*learnedTemplates{}
	}
	r.tmpl[d] = t
	return t
}

// match returns the label whose face matches best (any quarter turn), its
// score and the margin to the best face with another label.
func (r *DiceReader) match(d *LearnedDie, f *faceSample) (string, float64, float64) {
	t := r.templates(d)
	var c [24]float64
	corr(f, t.c, 0, 6, c[:])
	var best [6]float64
	for k := 0; k < 6; k++ {
		best[k] = math.Max(math.Max(math.Max(math.Max(-1, c[4*k]), c[4*k+1]), c[4*k+2]), c[4*k+3])
	}
	bk := 0
	for k := 1; k < 6; k++ {
		if best[k] > best[bk] {
			bk = k
		}
	}
	other := -1.0
	for k := 0; k < 6; k++ {
		if d.Labels[k] != d.Labels[bk] {
			other = math.Max(other, best[k])
		}
	}
	return d.Labels[bk], best[bk], best[bk] - other
}

// LearnFace teaches the reader one face of a learned die from a frame that
// shows exactly one die, flat, with that face on top (a calibration step:
// the owner says which face it is). It returns the updated faces, to save.
func (r *DiceReader) LearnFace(img image.Image, dieID string, face int) (*LearnedFaces, error) {
	d := r.set.Die(dieID)
	if d == nil {
		return nil, fmt.Errorf("dice: no die %q in the dice set", dieID)
	}
	if d.Faces.Kind != diceset.Learned {
		return nil, fmt.Errorf("dice: die %q has pips; only printed dice are learned", dieID)
	}
	if face < 0 || face > 5 {
		return nil, fmt.Errorf("dice: face %d: want 0 to 5", face)
	}
	if img == nil {
		return nil, errors.New("dice: no frame")
	}
	if b := img.Bounds(); b.Dx() != r.w || b.Dy() != r.h {
		return nil, fmt.Errorf("dice: the frame is %dx%d, the reader was calibrated for %dx%d", b.Dx(), b.Dy(), r.w, r.h)
	}
	r.sample(img, r.view)
	if !r.haveRef {
		r.estimateBackground()
	}
	r.foreground()
	var on []candidate
	cands := r.findDice()
	for _, c := range cands {
		p := r.viewMM(c.c.X, c.c.Y)
		if !c.inkOnly && r.tray.OnFloor(p.X, p.Y) {
			on = append(on, c)
		}
	}
	// Touching dice are one part of the foreground, split into squares:
	// a face learned there may hold some of the other die.
	for _, c := range on {
		if c.group > 1 {
			return nil, ErrLearnTouching
		}
	}
	if len(on) == 0 && r.printOnlyOf(img, cands, d) {
		return nil, ErrLearnLikeFloor
	}
	if len(on) != 1 {
		return nil, fmt.Errorf("dice: want exactly one die in the tray to learn a face, saw %d", len(on))
	}
	c := on[0]
	if c.fill < 0.8 || c.spill > 0.15 {
		return nil, errors.New("dice: the die is not flat; roll it again")
	}
	// Reads place a face where it matches best: the square it is learned
	// on must sit on the top itself (dice_learnplace.go).
	top, ang := r.viewMM(c.c.X, c.c.Y), c.angle
	r.fillPatch(img, top, &r.patch)
	f := r.sampleFace(&r.patch, top, ang, r.h0)
	if f.inkShare >= 0.015 {
		top, ang = r.centreOnPrint(img, top, ang, f.paint, f.inkRGB)
		f = r.sampleFace(&r.patch, top, ang, r.h0)
	}
	if f.inkShare < 0.015 {
		return nil, errors.New("dice: no print seen on the die's top face")
	}
	if r.learned == nil {
		r.learned = &LearnedFaces{}
	}
	var ld *LearnedDie
	for i := range r.learned.Dice {
		if r.learned.Dice[i].ID == dieID {
			ld = &r.learned.Dice[i]
		}
	}
	if ld == nil {
		r.learned.Dice = append(r.learned.Dice, LearnedDie{ID: dieID})
		ld = &r.learned.Dice[len(r.learned.Dice)-1]
	}
	copy(ld.Labels[:], d.Faces.Labels)
	ld.Faces[face] = append([]float64(nil), f.ink[:]...)
	clear(r.tmpl)
	// The colours: the mean over the faces shown so far.
	n := 0.0
	for _, t := range ld.Faces {
		if len(t) > 0 {
			n++
		}
	}
	for k := 0; k < 3; k++ {
		ld.Paint[k] += (f.paint[k] - ld.Paint[k]) / n
		ld.Ink[k] += (f.inkRGB[k] - ld.Ink[k]) / n
	}
	return r.learned, nil
}

// ParseLearnedFaces decodes and checks a learned-faces file.
func ParseLearnedFaces(b []byte) (*LearnedFaces, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	var l LearnedFaces
	if err := dec.Decode(&l); err != nil {
		return nil, fmt.Errorf("learned dice faces: %v", err)
	}
	for _, d := range l.Dice {
		if d.ID == "" {
			return nil, errors.New("learned dice faces: a die has no id")
		}
		for k, f := range d.Faces {
			if len(f) != 0 && len(f) != faceN*faceN {
				return nil, fmt.Errorf("learned dice faces: die %q face %d: want %d values, got %d", d.ID, k, faceN*faceN, len(f))
			}
			for _, v := range f {
				if !(v >= 0 && v <= 1) {
					return nil, fmt.Errorf("learned dice faces: die %q face %d: value %g outside [0, 1]", d.ID, k, v)
				}
			}
		}
		for k := 0; k < 3; k++ {
			if !(d.Paint[k] >= 0 && d.Paint[k] <= 255 && d.Ink[k] >= 0 && d.Ink[k] <= 255) {
				return nil, fmt.Errorf("learned dice faces: die %q: colours outside 0..255", d.ID)
			}
		}
	}
	return &l, nil
}

// LoadLearnedFaces reads the learned faces from the data directory; it
// returns an error wrapping fs.ErrNotExist when no calibration roll was made.
func LoadLearnedFaces(dir string) (*LearnedFaces, error) {
	b, err := os.ReadFile(filepath.Join(dir, LearnedFacesFile))
	if err != nil {
		return nil, err
	}
	return ParseLearnedFaces(b)
}

// SaveLearnedFaces writes the learned faces into the data directory.
func SaveLearnedFaces(dir string, l *LearnedFaces) error {
	b, err := json.Marshal(l)
	if err != nil {
		return err
	}
	return writeAtomic(filepath.Join(dir, LearnedFacesFile), b)
}
