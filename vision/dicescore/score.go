// Package dicescore measures the dice reader against rendered dice scenes
// whose truth is known: the figures (flat dice read right, cocked
// dice sent to unreadable, scenes with an invented or a missed die) and every
// failure in words. The accuracy benchmark and the tuning command both score
// with it, so they can never disagree.
package dicescore

import (
	"fmt"
	"image"
	"math"

	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// Score tallies reads against the renderer's truth.
type Score struct {
	Scenes                         int
	Flat, FlatRight                int
	Cocked, CockedUnread           int
	Outside, OutsideUnread         int
	Invented, Missed               int // scenes
	WrongFace, WrongDie, WrongZone int
	FlatUnread, FlatUnseen         int // flat dice sent to unreadable, or not reported
	CockedRead                     int // cocked dice read as flat
	Notes                          []string
	// Kinds are the same figures for each die of the set (by id): a
	// change for one kind of die is judged on that kind alone too.
	Kinds map[string]*Kind
}

// Kind is one die's share of a score.
type Kind struct {
	Flat, FlatRight, FlatWrong, FlatUnread, FlatUnseen int
	Cocked, CockedUnread, CockedRead                   int
}

func (k *Kind) String() string {
	return fmt.Sprintf("flat %d right %d (%.2f%%; %d wrong, %d unreadable, %d not seen); cocked %d unreadable %d (%.1f%%; %d read as flat)",
		k.Flat, k.FlatRight, Pct(k.FlatRight, k.Flat), k.FlatWrong, k.FlatUnread, k.FlatUnseen, k.Cocked, k.CockedUnread, Pct(k.CockedUnread, k.Cocked), k.CockedRead)
}

// kind returns die id's share, made on first use.
func (s *Score) kind(id string) *Kind {
	if s.Kinds == nil {
		s.Kinds = map[string]*Kind{}
	}
	k := s.Kinds[id]
	if k == nil {
		k = &Kind{}
		s.Kinds[id] = k
	}
	return k
}

func (s *Score) String() string {
	return fmt.Sprintf("scenes %d; flat %d right %d (%.2f%%; die %d face %d zone %d wrong; %d unreadable, %d not seen); cocked %d unreadable %d (%.1f%%; %d read as flat); outside %d unreadable %d; scenes with an invented die %d (%.1f%%), with a missed flat die %d (%.1f%%)",
		s.Scenes, s.Flat, s.FlatRight, Pct(s.FlatRight, s.Flat), s.WrongDie, s.WrongFace, s.WrongZone, s.FlatUnread, s.FlatUnseen,
		s.Cocked, s.CockedUnread, Pct(s.CockedUnread, s.Cocked), s.CockedRead,
		s.Outside, s.OutsideUnread, s.Invented, Pct(s.Invented, s.Scenes), s.Missed, Pct(s.Missed, s.Scenes))
}

// Pct is a share in percent; 100 of nothing.
func Pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

// Merge adds another score to s.
func (s *Score) Merge(o Score) {
	s.Scenes += o.Scenes
	s.Flat += o.Flat
	s.FlatRight += o.FlatRight
	s.Cocked += o.Cocked
	s.CockedUnread += o.CockedUnread
	s.Outside += o.Outside
	s.OutsideUnread += o.OutsideUnread
	s.Invented += o.Invented
	s.Missed += o.Missed
	s.WrongFace += o.WrongFace
	s.WrongDie += o.WrongDie
	s.WrongZone += o.WrongZone
	s.FlatUnread += o.FlatUnread
	s.FlatUnseen += o.FlatUnseen
	s.CockedRead += o.CockedRead
	s.Notes = append(s.Notes, o.Notes...)
	for id, o := range o.Kinds {
		k := s.kind(id)
		k.Flat += o.Flat
		k.FlatRight += o.FlatRight
		k.FlatWrong += o.FlatWrong
		k.FlatUnread += o.FlatUnread
		k.FlatUnseen += o.FlatUnseen
		k.Cocked += o.Cocked
		k.CockedUnread += o.CockedUnread
		k.CockedRead += o.CockedRead
	}
}

// Add scores one read of a rendered scene. A die of the scene is matched to
// the nearest-first read (then unreadable) within 0.6 of its size.
func (s *Score) Add(sc *synth.DiceScene, res vision.DiceResult) {
	s.Scenes++
	usedR := make([]bool, len(res.Dice))
	usedU := make([]bool, len(res.Unreadable))
	missed := false
	for _, d := range sc.Dice {
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
		k := s.kind(d.ID)
		switch d.Pose {
		case synth.Flat:
			s.Flat++
			k.Flat++
			if ri < 0 {
				missed = true
				why := "not seen"
				if ui >= 0 {
					why = "unreadable " + res.Unreadable[ui].Reason
					s.FlatUnread++
					k.FlatUnread++
				} else {
					s.FlatUnseen++
					k.FlatUnseen++
				}
				s.Notes = append(s.Notes, fmt.Sprintf("seed %d: flat %s %s at (%.0f,%.0f): %s", sc.Seed, d.ID, d.Label, d.Center.X, d.Center.Y, why))
				continue
			}
			r := res.Dice[ri]
			ok := true
			if r.Die != d.ID {
				s.WrongDie++
				ok = false
			}
			if r.Face != d.Label {
				s.WrongFace++
				ok = false
			}
			if r.Zone != d.Zone {
				s.WrongZone++
				ok = false
			}
			if ok {
				s.FlatRight++
				k.FlatRight++
			} else {
				k.FlatWrong++
				s.Notes = append(s.Notes, fmt.Sprintf("seed %d: flat %s %s in %s at (%.0f,%.0f): read %s %s in %s", sc.Seed, d.ID, d.Label, d.Zone, d.Center.X, d.Center.Y, r.Die, r.Face, r.Zone))
			}
		case synth.Cocked:
			s.Cocked++
			k.Cocked++
			switch {
			case ui >= 0:
				s.CockedUnread++
				k.CockedUnread++
			case ri >= 0:
				s.CockedRead++
				k.CockedRead++
				s.Notes = append(s.Notes, fmt.Sprintf("seed %d: cocked %s at (%.0f,%.0f) tilt %.0f: read as %s", sc.Seed, d.ID, d.Center.X, d.Center.Y, d.Tilt*180/math.Pi, res.Dice[ri].Face))
			default:
				s.Notes = append(s.Notes, fmt.Sprintf("seed %d: cocked %s at (%.0f,%.0f) tilt %.0f: not seen", sc.Seed, d.ID, d.Center.X, d.Center.Y, d.Tilt*180/math.Pi))
			}
		case synth.Outside:
			s.Outside++
			if ui >= 0 {
				s.OutsideUnread++
			}
		}
	}
	inv := false
	for i, u := range usedR {
		if !u {
			inv = true
			s.Notes = append(s.Notes, fmt.Sprintf("seed %d: invented %+v", sc.Seed, res.Dice[i]))
		}
	}
	for i, u := range usedU {
		if !u {
			inv = true
			s.Notes = append(s.Notes, fmt.Sprintf("seed %d: invented unreadable %+v", sc.Seed, res.Unreadable[i]))
		}
	}
	if inv {
		s.Invented++
	}
	if missed {
		s.Missed++
	}
}

// Learn teaches a dice set's learned die from a calibration roll rendered
// from one seed: each face shown once, flat and alone, on a table of its
// own (its own camera, light and felt), as an owner does it.
func Learn(seed uint64, dieID string, o synth.DiceOptions) (*vision.LearnedFaces, error) {
	return LearnRendered(seed, dieID, o, func(s *synth.DiceScene) image.Image { return synth.RenderDice(s) })
}

// LearnRendered is Learn with the calibration roll's photographs taken by
// render (the tuning command keeps them in its cache: a render costs far
// more than a read).
func LearnRendered(seed uint64, dieID string, o synth.DiceOptions, render func(*synth.DiceScene) image.Image) (*vision.LearnedFaces, error) {
	var lf *vision.LearnedFaces
	for k := 0; k < 6; k++ {
		oo := o
		oo.IDs, oo.Faces = []string{dieID}, []int{k}
		s := synth.RandomDice(seed, oo)
		img := render(s)
		r, err := vision.NewDiceReader(s.Tray, s.Set, s.Corners(), s.Camera.W, s.Camera.H, vision.DiceOptions{Learned: lf})
		if err != nil {
			return nil, err
		}
		if lf, err = r.LearnFace(img, dieID, k); err != nil {
			return nil, fmt.Errorf("face %d: %v", k, err)
		}
	}
	return lf, nil
}
