//go:build cgo && !novision

package camerasvc

import (
	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/vision"
)

// CubesRead is the usual Options.ToRead: a read of the battle board as a
// rules-neutral engine.TableInput of kind "cubes" (cubes per zone, then per
// colour), which the game's kit turns into its action. Cubes the reader
// could not place are sent back as re-drops by colour, so nothing is
// guessed.
func CubesRead(res vision.Result) (companion.CameraRead, error) {
	in := engine.TableInput{Kind: "cubes", Seat: engine.NoSeat, Cubes: map[string]map[string]int{}, Dropped: -1}
	for _, cb := range res.Cubes {
		if in.Cubes[cb.Zone] == nil {
			in.Cubes[cb.Zone] = map[string]int{}
		}
		in.Cubes[cb.Zone][cb.Color]++
	}
	for _, r := range res.Redrop {
		if in.RedropCubes == nil {
			in.RedropCubes = map[string]int{}
		}
		in.RedropCubes[r.Color]++
		in.Redrop++
	}
	return companion.CameraRead{Input: &in, Cubes: len(res.Cubes) + len(res.Redrop)}, nil
}
