package main

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/quartermaster-table/quartermaster/companion"
)

type readCamera struct{ r companion.CameraRead }

func (c readCamera) Read(context.Context) (companion.CameraRead, error) { return c.r, nil }

// The camera's battle-read JSON reaches the companion as a TableInput:
// cubes per zone then colour, the re-drops by colour.
func TestCameraReadsBecomeTableInputs(t *testing.T) {
	act := json.RawMessage(`{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"explode":2,"damage-left":1},"green":{"explode":1}},"redrop":{"black":1}}}`)
	r, err := asInputCamera(readCamera{companion.CameraRead{Action: act, Cubes: 5}}).Read(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	in := r.Input
	if in == nil || in.Kind != "cubes" || in.Cubes["explode"]["purple"] != 2 || in.Cubes["explode"]["green"] != 1 ||
		in.Cubes["damage-left"]["purple"] != 1 || in.RedropCubes["black"] != 1 || in.Redrop != 1 || r.Cubes != 5 || r.Action != nil {
		t.Fatalf("input %+v from %s", r, act)
	}
	if asInputCamera(nil) != nil {
		t.Error("no camera became a camera")
	}
	odd := companion.CameraRead{Action: json.RawMessage(`{"type":"read-battle","seat":-1}`)}
	if got := toInput(odd); got.Input != nil || string(got.Action) != string(odd.Action) {
		t.Errorf("a read of another format was changed: %+v", got)
	}
}
