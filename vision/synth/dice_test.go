package synth

import (
	"reflect"
	"testing"
)

// The same seed gives the same scene; the truth is consistent: flat dice
// lie on the floor in their zone, outside dice off it, cocked dice in no zone.
func TestRandomDiceTruth(t *testing.T) {
	for seed := uint64(0); seed < 40; seed++ {
		o := DiceOptions{W: 320, H: 240, PCocked: 0.2, POutside: 0.1}
		a, b := RandomDice(seed, o), RandomDice(seed, o)
		if !reflect.DeepEqual(a.Dice, b.Dice) || a.Camera != b.Camera {
			t.Fatalf("seed %d: two scenes", seed)
		}
		for _, d := range a.Dice {
			on := a.Tray.OnFloor(d.Center.X, d.Center.Y)
			switch d.Pose {
			case Flat:
				if !on || d.Zone != a.Tray.ZoneAt(d.Center.X, d.Center.Y) || d.Zone == "" {
					t.Errorf("seed %d: flat die %+v", seed, d)
				}
				if d.Label != a.Set.Die(d.ID).Labels()[d.Face] {
					t.Errorf("seed %d: label %q is not face %d of %s", seed, d.Label, d.Face, d.ID)
				}
			case Outside:
				if on || d.Zone != "" {
					t.Errorf("seed %d: outside die %+v", seed, d)
				}
			case Cocked:
				if d.Zone != "" || d.Tilt < 0.2 {
					t.Errorf("seed %d: cocked die %+v", seed, d)
				}
			}
		}
	}
}

// A pip die's opposite faces add up to seven, as on a real die.
func TestPipDieOppositeFaces(t *testing.T) {
	s := RandomDice(3, DiceOptions{W: 320, H: 240, MinDice: 8, MaxDice: 8, IDs: []string{"white"}})
	for _, d := range s.Dice {
		for k := 0; k < 6; k += 2 {
			if d.perm[k]+d.perm[k+1] != 5 {
				t.Fatalf("faces %d and %d opposite", d.perm[k]+1, d.perm[k+1]+1)
			}
		}
	}
}

// The rendered die shows its colour at its top's centre, the tray floor
// shows elsewhere, and the corners are where the floor's corners project.
func TestRenderDiceShowsTheDie(t *testing.T) {
	s := RandomDice(5, DiceOptions{W: 320, H: 240, MinDice: 1, MaxDice: 1, IDs: []string{"red"}, Clean: true, PCocked: 1e-9, POutside: 1e-9, Faces: []int{1}})
	img := RenderDice(s)
	d := s.Dice[0]
	// Face 2 (two pips on a diagonal) leaves the centre red.
	p := s.Project3(d.Center, d.Size)
	c := img.RGBAAt(int(p.X), int(p.Y))
	if !(c.R > 2*c.G && c.R > 2*c.B) {
		t.Fatalf("die top centre is %v, want red", c)
	}
	e := RenderDiceEmpty(s).RGBAAt(int(p.X), int(p.Y))
	if e == c {
		t.Fatal("the empty tray shows the die")
	}
	if cs := s.Corners(); cs.Validate() != nil || cs.Inside(320, 240) != nil {
		t.Fatalf("corners %v", cs)
	}
}
