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

	"github.com/quartermaster-table/quartermaster/config"
)

// The camera service itself is tested in vision/camerasvc; these tests check
// serve's wiring: the Dead Reckoning board check. A
// simulated drop read into a battle through serve is
// TestServeBattleReadWhileAwaited.

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// TestCameraRefusesABoardTheRulesCannotPlay: the calibration page cannot
// save a board without an exploding-shot zone, and the sentence says the
// rules are why.
func TestCameraRefusesABoardTheRulesCannotPlay(t *testing.T) {
	cfg := config.Default()
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
	cfg := config.Default()
	cfg.Camera = filepath.Join(t.TempDir(), "missing.avi")
	cfg.Data = t.TempDir()
	if _, err := openCamera(context.Background(), quietLogger(), cfg); err == nil {
		t.Error("a missing video file opened as a camera")
	}
}
