package vision

import (
	"fmt"
	"image"
	"math"
	"sync"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// diceScore tallies reads against the renderer's truth.
type diceScore struct {
	scenes, flat, flatRight, cocked, cockedUnread, outside, outsideUnread int
	invented, missed, wrongFace, wrongDie, wrongZone                      int
	notes                                                                 []string
}

func (s diceScore) String() string {
	return fmt.Sprintf("scenes %d; flat %d right %d (%.2f%%; die %d face %d zone %d wrong); cocked %d unreadable %d (%.1f%%); outside %d unreadable %d; scenes with an invented die %d, with a missed die %d",
		s.scenes, s.flat, s.flatRight, pct(s.flatRight, s.flat), s.wrongDie, s.wrongFace, s.wrongZone, s.cocked, s.cockedUnread, pct(s.cockedUnread, s.cocked),
		s.outside, s.outsideUnread, s.invented, s.missed)
}

func pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

// diceLearnedOnce teaches the learned die once, from a calibration roll on
// a table of its own (its own camera, light and felt): the benchmark's
// scenes then test that what was learned carries over.
var diceLearnedOnce = sync.OnceValues(func() (*LearnedFaces, error) {
	var lf *LearnedFaces
	for k := 0; k < 6; k++ {
		s := synth.RandomDice(424242, synth.DiceOptions{IDs: []string{"mm"}, Faces: []int{k}})
		img := synth.RenderDice(s)
		r, err := NewDiceReader(s.Tray, s.Set, s.Corners(), s.Camera.W, s.Camera.H, DiceOptions{Learned: lf})
		if err != nil {
			return nil, err
		}
		if lf, err = r.LearnFace(img, "mm", k); err != nil {
			return nil, fmt.Errorf("face %d: %v", k, err)
		}
	}
	return lf, nil
})

// scoreDice reads one rendered scene and scores it.
func (sc *diceScore) add(t testing.TB, s *synth.DiceScene, img image.Image, empty image.Image) {
	t.Helper()
	lf, err := diceLearnedOnce()
	if err != nil {
		t.Fatal(err)
	}
	res, err := ReadDice(img, DiceCalibration{Tray: s.Tray, Set: s.Set, Corners: s.Corners(), Options: DiceOptions{Empty: empty, Learned: lf}})
	if err != nil {
		t.Fatal(err)
	}
	sc.scenes++
	usedR := make([]bool, len(res.Dice))
	usedU := make([]bool, len(res.Unreadable))
	missed := false
	for _, d := range s.Dice {
		near := func(x, y float64) bool { return math.Hypot(x-d.Center.X, y-d.Center.Y) < d.Size*0.6 }
		ri, ui := -1, -1
		for i, r := range res.Dice {
			if !usedR[i] && near(r.XMM, r.YMM) {
				ri = i
				break
			}
		}
		if ri < 0 {
			for i, u := range res.Unreadable {
				if !usedU[i] && near(u.XMM, u.YMM) {
					ui = i
					break
				}
			}
		}
		if ri >= 0 {
			usedR[ri] = true
		}
		if ui >= 0 {
			usedU[ui] = true
		}
		switch d.Pose {
		case synth.Flat:
			sc.flat++
			if ri < 0 {
				missed = true
				why := "missing"
				if ui >= 0 {
					why = res.Unreadable[ui].Reason
				}
				sc.notes = append(sc.notes, fmt.Sprintf("seed %d: flat %s %s at (%.0f,%.0f) %s", s.Seed, d.ID, d.Label, d.Center.X, d.Center.Y, why))
				continue
			}
			r := res.Dice[ri]
			ok := true
			if r.Die != d.ID {
				sc.wrongDie++
				ok = false
			}
			if r.Face != d.Label {
				sc.wrongFace++
				ok = false
			}
			if r.Zone != d.Zone {
				sc.wrongZone++
				ok = false
			}
			if ok {
				sc.flatRight++
			} else {
				sc.notes = append(sc.notes, fmt.Sprintf("seed %d: flat %s %s %s read %s %s %s", s.Seed, d.ID, d.Label, d.Zone, r.Die, r.Face, r.Zone))
			}
		case synth.Cocked:
			sc.cocked++
			if ui >= 0 {
				sc.cockedUnread++
			} else {
				sc.notes = append(sc.notes, fmt.Sprintf("seed %d: cocked %s at (%.0f,%.0f) read=%v", s.Seed, d.ID, d.Center.X, d.Center.Y, ri >= 0))
			}
		case synth.Outside:
			sc.outside++
			if ui >= 0 {
				sc.outsideUnread++
			}
		}
	}
	inv := false
	for i, u := range usedR {
		if !u {
			inv = true
			sc.notes = append(sc.notes, fmt.Sprintf("seed %d: invented %+v", s.Seed, res.Dice[i]))
		}
	}
	for i, u := range usedU {
		if !u {
			inv = true
			sc.notes = append(sc.notes, fmt.Sprintf("seed %d: invented unreadable %+v", s.Seed, res.Unreadable[i]))
		}
	}
	if inv {
		sc.invented++
	}
	if missed {
		sc.missed++
	}
}
