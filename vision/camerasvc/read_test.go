//go:build cgo && !novision

package camerasvc

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/vision"
)

// A read of the board reaches the companion as a TableInput: cubes per
// zone then colour, the cubes the reader could not place to drop again by
// colour, and every cube seen counted.
func TestCubesReadIsATableInput(t *testing.T) {
	res := vision.Result{Cubes: []vision.Cube{{Color: "purple", Zone: "explode"}, {Color: "purple", Zone: "explode"},
		{Color: "purple", Zone: "damage-left"}, {Color: "green", Zone: "explode"}},
		Redrop: []vision.Redrop{{Color: "black"}}}
	r, err := CubesRead(res)
	if err != nil {
		t.Fatal(err)
	}
	in := r.Input
	if in == nil || in.Kind != "cubes" || in.Cubes["explode"]["purple"] != 2 || in.Cubes["explode"]["green"] != 1 ||
		in.Cubes["damage-left"]["purple"] != 1 || in.RedropCubes["black"] != 1 || in.Redrop != 1 || in.Dropped != -1 ||
		r.Cubes != 5 || r.Action != nil {
		t.Fatalf("read %+v, input %+v", r, in)
	}
	// An empty board is a read of no cubes, not a missing read.
	if r, _ := CubesRead(vision.Result{}); r.Input == nil || len(r.Input.Cubes) != 0 || r.Input.Redrop != 0 || r.Cubes != 0 {
		t.Errorf("an empty board read as %+v", r)
	}
}
