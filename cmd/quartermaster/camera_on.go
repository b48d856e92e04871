//go:build cgo && !novision

package main

import (
	"context"
	"encoding/json"
	"log/slog"
	"path/filepath"

	"github.com/quartermaster-table/quartermaster/config"
	"github.com/quartermaster-table/quartermaster/tablehw"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/camerasvc"
)

// openCamera connects the camera service (vision/camerasvc) to the session
// and the dashboard: with --camera a real camera (a device index, a video
// file, an image sequence such as frame_%03d.png, or an MJPEG URL), with
// --sim a simulated one that shows the cubes of the simulated tower's
// drops, else none. The service runs until Close.
func openCamera(ctx context.Context, lg *slog.Logger, cfg config.Config) (*camera, error) {
	if cfg.Camera == "" && !cfg.Sim {
		return nil, nil
	}
	waits := &tablehw.Waits{}
	o := camerasvc.Options{Dir: cfg.Data, Camera: cfg.Camera, ToRead: camerasvc.CubesRead, Expects: waits.Expects, Seed: cfg.SimSeed,
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
