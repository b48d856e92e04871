// Package diceset holds the dice set file of dice.md: which dice the table
// rolls, their colour and size, and how their faces are marked (pips, or
// printed symbols the reader learns from a calibration roll). It is plain Go
// so that the renderer, the reader and the command share one decoder.
package diceset

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"os"
)

// Face kinds.
const (
	// Pips: a standard die, the top face's label is its pip count "1".."6".
	Pips = "pips"
	// Learned: printed symbols or numerals, learned from a calibration roll.
	Learned = "learned"
)

// RGB is an sRGB colour.
type RGB [3]uint8

// Faces says how a die's faces are marked.
type Faces struct {
	Kind string `json:"kind"`
	// PipColour: the pips' colour (Pips only).
	PipColour RGB `json:"pip_colour,omitempty"`
	// Labels: the six faces' labels as printed (Learned only); a label may
	// repeat.
	Labels []string `json:"labels,omitempty"`
}

// Die is one kind of die in the set; its id names its colour at the table.
type Die struct {
	ID     string  `json:"id"`
	Colour RGB     `json:"colour"`
	SizeMM float64 `json:"size_mm"`
	Faces  Faces   `json:"faces"`
}

// Set is the dice set file.
type Set struct {
	Note string `json:"note,omitempty"`
	Dice []Die  `json:"dice"`
}

// PipLabels are the labels of a pip die's faces.
var PipLabels = []string{"1", "2", "3", "4", "5", "6"}

// Labels returns the die's six face labels: the pip counts or the printed ones.
func (d *Die) Labels() []string {
	if d.Faces.Kind == Pips {
		return PipLabels
	}
	return d.Faces.Labels
}

// Die returns the die with this id, or nil.
func (s *Set) Die(id string) *Die {
	for i := range s.Dice {
		if s.Dice[i].ID == id {
			return &s.Dice[i]
		}
	}
	return nil
}

// Parse decodes and checks a dice set file.
func Parse(data []byte) (*Set, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var s Set
	if err := dec.Decode(&s); err != nil {
		return nil, fmt.Errorf("dice set: %v", err)
	}
	if dec.More() {
		return nil, errors.New("dice set: trailing data after the JSON object")
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	return &s, nil
}

// Load reads and checks a dice set file.
func Load(path string) (*Set, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("dice set: %v", err)
	}
	s, err := Parse(b)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return s, nil
}

// Check reports the first problem with the set, naming the die.
func (s *Set) Check() error {
	if len(s.Dice) == 0 {
		return errors.New("dice set: no dice")
	}
	if len(s.Dice) > 16 {
		return fmt.Errorf("dice set: %d kinds of dice; at most 16", len(s.Dice))
	}
	seen := map[string]bool{}
	for i, d := range s.Dice {
		if d.ID == "" {
			return fmt.Errorf("dice set: die %d has no id", i+1)
		}
		if seen[d.ID] {
			return fmt.Errorf("dice set: die %q is listed twice", d.ID)
		}
		seen[d.ID] = true
		// dice.md: the dice are 12 to 19 mm; a little slack either side.
		if !(d.SizeMM >= 10 && d.SizeMM <= 22) {
			return fmt.Errorf("dice set: die %q: size_mm %g must be in [10, 22]", d.ID, d.SizeMM)
		}
		switch d.Faces.Kind {
		case Pips:
			if len(d.Faces.Labels) != 0 {
				return fmt.Errorf("dice set: die %q: a pip die has no labels (its faces are 1 to 6)", d.ID)
			}
			if contrast(d.Colour, d.Faces.PipColour) < 60 {
				return fmt.Errorf("dice set: die %q: its pips are too close to its colour to be seen", d.ID)
			}
		case Learned:
			if len(d.Faces.Labels) != 6 {
				return fmt.Errorf("dice set: die %q: want 6 face labels, got %d", d.ID, len(d.Faces.Labels))
			}
			for k, l := range d.Faces.Labels {
				if l == "" {
					return fmt.Errorf("dice set: die %q: face %d has an empty label", d.ID, k+1)
				}
			}
		default:
			return fmt.Errorf("dice set: die %q: faces kind %q: want %q or %q", d.ID, d.Faces.Kind, Pips, Learned)
		}
	}
	return nil
}

func contrast(a, b RGB) int {
	m := 0
	for k := 0; k < 3; k++ {
		d := int(a[k]) - int(b[k])
		m = max(m, d, -d)
	}
	return m
}
