//go:build cgo && !novision

package main

import (
	"bytes"
	"context"
	"encoding/json"
	"image/jpeg"
	"io"
	"log/slog"
	"path/filepath"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/web"
)

func TestSimulatedCamera(t *testing.T) {
	cfg := defaultConfig()
	cfg.Sim = true
	cfg.Data = filepath.Join(t.TempDir(), "data")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cam, err := openCamera(ctx, slog.New(slog.NewTextHandler(io.Discard, nil)), cfg)
	if err != nil || cam == nil {
		t.Fatalf("openCamera: %v %v", cam, err)
	}
	defer cam.Close()
	frames := cam.Frames.Subscribe(ctx)
	seen := map[string]bool{}
	for i := 0; i < 2; i++ {
		r, err := cam.Camera.Read(ctx)
		if err != nil {
			t.Fatal(err)
		}
		var step struct {
			Type string `json:"type"`
			Seat int    `json:"seat"`
			battle.Step
		}
		if err := json.Unmarshal(r.Action, &step); err != nil {
			t.Fatalf("action %s: %v", r.Action, err)
		}
		if step.Type != "battle-step" || step.Seat != -1 || step.Step.Step != "read" || step.Read == nil {
			t.Fatalf("action %s", r.Action)
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
		if r.Cubes == 0 || n != r.Cubes {
			t.Errorf("read %d cubes, the action holds %d: %s", r.Cubes, n, r.Action)
		}
		seen[string(r.Action)] = true
	}
	if len(seen) != 2 {
		t.Error("the simulated camera showed the same drop twice")
	}
	select {
	case f := <-frames:
		if _, err := jpeg.Decode(bytes.NewReader(f)); err != nil {
			t.Errorf("frame is not a JPEG: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Error("no frame for the dashboard")
	}
	cal, err := cam.Calibrator.Calibration(ctx)
	if err != nil || cal.ImageWidth != 640 || len(cal.Layout) == 0 {
		t.Fatalf("calibration %+v %v", cal, err)
	}
	raw, err := cam.Calibrator.TestRead(ctx)
	var res vision.Result
	if err != nil || json.Unmarshal(raw, &res) != nil {
		t.Fatalf("test read %s %v", raw, err)
	}
	bad := cal
	bad.Corners[1] = web.Point{X: 5000, Y: 0}
	if err := cam.Calibrator.SaveCalibration(ctx, bad); err == nil {
		t.Error("corners outside the image were saved")
	}
	if err := cam.Calibrator.SaveCalibration(ctx, cal); err != nil {
		t.Errorf("the current calibration was refused: %v", err)
	}
}

func TestCameraWithoutCalibrationSaysSo(t *testing.T) {
	cfg := defaultConfig()
	cfg.Camera = filepath.Join(t.TempDir(), "missing.avi")
	cfg.Data = t.TempDir()
	if _, err := openCamera(context.Background(), slog.New(slog.NewTextHandler(io.Discard, nil)), cfg); err == nil {
		t.Error("a missing video file opened as a camera")
	}
}
