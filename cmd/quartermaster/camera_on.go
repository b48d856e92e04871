//go:build cgo && !novision

package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"path/filepath"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/camerasvc"
)

// openCamera connects the camera service (vision/camerasvc) to the session
// and the dashboard: with --camera a real camera (a device index, a video
// file, an image sequence such as frame_%03d.png, or an MJPEG URL), with
// --sim a simulated one that shows the cubes of the simulated tower's
// drops, else none. The service runs until Close.
func openCamera(ctx context.Context, lg *slog.Logger, cfg Config) (*camera, error) {
	if cfg.Camera == "" && !cfg.Sim {
		return nil, nil
	}
	waits := &servedWaits{}
	o := camerasvc.Options{Dir: cfg.Data, Camera: cfg.Camera, ToRead: cameraRead, Expects: waits.expects,
		CheckBoard: func(l json.RawMessage) error { _, err := rulesBoard(l); return err }}
	if cfg.Camera == "" {
		o.Dir = filepath.Join(cfg.Data, camerasvc.SimDir)
	}
	var err error
	if cfg.Layout != "" {
		if o.Layout, err = board.LoadLayout(cfg.Layout); err != nil {
			return nil, err
		}
	}
	if cfg.Palette != "" {
		if o.Palette, err = board.LoadPalette(cfg.Palette); err != nil {
			return nil, err
		}
	}
	svc, err := camerasvc.New(lg, o)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() { defer close(done); _ = svc.Run(ctx) }()
	// Everything reading frames has stopped before the camera is closed.
	closeCam := func() { cancel(); <-done; svc.Close() }
	out := &camera{Camera: svc, Frames: svc, Calibrator: svc, Board: svc.Board, Close: closeCam, Waits: waits}
	if svc.Simulated() {
		out.SimDrop = svc.SimDrop
		out.SimDropCubes = func(cubes map[string]int) { svc.SimDropCubes(cubes) }
		out.SimDice = svc
	}
	return out, nil
}

// cameraRead turns a vision result into the Dead Reckoning read action.
// Cubes the reader could not read are sent back as re-drops, so nothing is
// guessed.
func cameraRead(res vision.Result) (companion.CameraRead, error) {
	type read struct {
		Cubes  map[string]map[string]int `json:"cubes"`
		Redrop map[string]int            `json:"redrop,omitempty"`
	}
	rd := read{Cubes: map[string]map[string]int{}}
	for _, cb := range res.Cubes {
		if rd.Cubes[cb.Color] == nil {
			rd.Cubes[cb.Color] = map[string]int{}
		}
		rd.Cubes[cb.Color][cb.Zone]++
	}
	for _, r := range res.Redrop {
		if rd.Redrop == nil {
			rd.Redrop = map[string]int{}
		}
		rd.Redrop[r.Color]++
	}
	b, err := json.Marshal(struct {
		Type string `json:"type"`
		Seat int    `json:"seat"`
		Step string `json:"step"`
		Read read   `json:"read"`
	}{"battle-step", -1, "read", rd})
	return companion.CameraRead{Action: b, Cubes: len(res.Cubes) + len(res.Redrop)}, err
}
