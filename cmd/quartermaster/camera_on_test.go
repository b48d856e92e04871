//go:build cgo && !novision

package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/vision"
)

// The camera service itself is tested in vision/camerasvc; these tests check
// serve's wiring: the Dead Reckoning read action and board check. A
// simulated drop read into a battle through serve is
// TestServeBattleReadWhileAwaited.

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// readStep decodes the rules' read action and counts its cubes.
func readStep(t *testing.T, r companion.CameraRead) (battle.Step, int) {
	t.Helper()
	var step struct {
		Type string `json:"type"`
		Seat int    `json:"seat"`
		battle.Step
	}
	if err := json.Unmarshal(r.Action, &step); err != nil {
		t.Fatalf("action %s: %v", r.Action, err)
	}
	if step.Type != "battle-step" || step.Seat != -1 || step.Step.Step != "read" || step.Read == nil {
		t.Fatalf("not a read action: %s", r.Action)
	}
	n := 0
	for _, zones := range step.Read.Cubes {
		for _, k := range zones {
			n += k
		}
	}
	for _, k := range step.Read.Redrop {
		n += k
	}
	return step.Step, n
}

// TestCameraReadIsTheRulesReadAction: a vision read becomes the Dead
// Reckoning read step, cubes the reader could not read sent back as
// re-drops.
func TestCameraReadIsTheRulesReadAction(t *testing.T) {
	res := vision.Result{Cubes: []vision.Cube{{Color: "purple", Zone: "explode"}, {Color: "purple", Zone: "damage-left"}, {Color: "black", Zone: "explode"}},
		Redrop: []vision.Redrop{{Color: "black"}}}
	rd, err := cameraRead(res)
	if err != nil {
		t.Fatal(err)
	}
	step, n := readStep(t, rd)
	if n != 4 || rd.Cubes != 4 || step.Read.Cubes["purple"]["damage-left"] != 1 || step.Read.Redrop["black"] != 1 {
		t.Errorf("read action %s (%d cubes)", rd.Action, rd.Cubes)
	}
}

// TestCameraRefusesABoardTheRulesCannotPlay: the calibration page cannot
// save a board without an exploding-shot zone, and the sentence says the
// rules are why.
func TestCameraRefusesABoardTheRulesCannotPlay(t *testing.T) {
	cfg := defaultConfig()
	cfg.Sim, cfg.Data = true, filepath.Join(t.TempDir(), "data")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cam, err := openCamera(ctx, quietLogger(), cfg)
	if err != nil || cam == nil || cam.SimDrop == nil {
		t.Fatalf("openCamera: %v %v", cam, err)
	}
	defer cam.Close()
	cal, err := cam.Calibrator.Calibration(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cal.Layout = json.RawMessage(strings.ReplaceAll(string(cal.Layout), `"explode"`, `"damage"`))
	if err := cam.Calibrator.SaveCalibration(ctx, cal); err == nil || !strings.Contains(err.Error(), "rules") {
		t.Errorf("a board without an exploding-shot zone was saved: %v", err)
	}
}

func TestCameraWithoutCalibrationSaysSo(t *testing.T) {
	cfg := defaultConfig()
	cfg.Camera = filepath.Join(t.TempDir(), "missing.avi")
	cfg.Data = t.TempDir()
	if _, err := openCamera(context.Background(), quietLogger(), cfg); err == nil {
		t.Error("a missing video file opened as a camera")
	}
}
