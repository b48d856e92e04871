package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"path/filepath"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/devices"
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/web"
)

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "serve", "serve [--addr HOST:PORT] [--data DIR] [--sim] [--camera SRC] [--hardware] [--db DSN] [--config FILE]")
	load := configFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError("serve takes no arguments, got %q", fs.Args())
	}
	cfg, err := load()
	if err != nil {
		return usageError("%v", err)
	}
	devCfg, err := deviceConfig(cfg)
	if err != nil {
		return usageError("%v", err)
	}
	lg := newLogger(e.stderr, cfg.LogLevel)
	return serve(ctx, lg, cfg, devCfg, nil)
}

// cardsFile holds the NFC stickers registered to sailor cards, in the data
// directory.
const cardsFile = "cards.json"

// deviceConfig is the hardware section of the config over the Pi defaults;
// --sim replaces every part by its simulator.
func deviceConfig(cfg Config) (devices.Config, error) {
	dc := devices.DefaultConfig()
	if len(cfg.Devices) > 0 {
		dec := json.NewDecoder(bytes.NewReader(cfg.Devices))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&dc); err != nil {
			return dc, fmt.Errorf("config key \"devices\": %w", err)
		}
	}
	if cfg.Sim {
		dc.Simulate = true
	}
	if err := dc.Check(); err != nil {
		return dc, fmt.Errorf("config key \"devices\": %w", err)
	}
	return dc, nil
}

// serve builds every part of the running companion and serves until ctx ends.
// ready, when not nil, is called with the server's handler once it is built
// (tests use it; the listener is opened by the server itself).
func serve(ctx context.Context, lg *slog.Logger, cfg Config, devCfg devices.Config, ready func(http.Handler)) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	if err := os.MkdirAll(cfg.Data, 0o755); err != nil {
		return fmt.Errorf("data directory: %w", err)
	}
	st, err := store.Open(ctx, cfg.Data, cfg.DB)
	if err != nil {
		return fmt.Errorf("opening the store: %w", err)
	}
	defer st.Close()
	mgr, err := companion.NewManager(lg, st, []engine.Rules{deadreckoning.Rules()}, companion.ManagerOpts{
		Games: map[string]companion.GameInfo{deadreckoning.Rules().Name(): {Name: "Dead Reckoning"}},
	})
	if err != nil {
		return err
	}
	defer mgr.Close()

	var opts web.Options
	var hw companion.Hardware

	if cfg.Sim || cfg.Hardware {
		tbl := devices.Open(lg.With("part", "devices"), devCfg)
		go func() {
			if err := tbl.Run(ctx); err != nil && ctx.Err() == nil {
				lg.Error("the table's devices stopped", "err", err)
			}
		}()
		cards, err := devices.LoadRegistry(filepath.Join(cfg.Data, cardsFile))
		if err != nil {
			return fmt.Errorf("the sailor cards' NFC stickers (%s): %w", filepath.Join(cfg.Data, cardsFile), err)
		}
		hw.Devices = &tableDevices{t: tbl, cards: cards}
		hw.Map = deviceMap
		if sim := tbl.Sim(); sim != nil {
			opts.Sim = simControls{sim}
			go keyboard(ctx, lg, sim, os.Stdin, os.Stderr)
		}
	}

	cam, err := openCamera(ctx, lg.With("part", "camera"), cfg)
	if err != nil {
		return err
	}
	if cam != nil {
		defer cam.Close()
		hw.Camera = cam.Camera
		opts.Frames = cam.Frames
		opts.Calibrator = cam.Calibrator
	}

	srv := web.New(lg, mgr, opts)
	if hw.Devices != nil || hw.Camera != nil {
		go followTable(ctx, lg, mgr, hw)
	}
	if ready != nil {
		ready(srv)
	}
	lg.Info("table companion started", "addr", cfg.Addr, "data", cfg.Data, "sim", cfg.Sim,
		"camera", cameraName(cfg), "hardware", cfg.Hardware, "vision", visionStatus())
	if err := srv.Start(ctx, cfg.Addr); err != nil && !errors.Is(err, context.Canceled) && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

func cameraName(cfg Config) string {
	switch {
	case cfg.Camera != "":
		return cfg.Camera
	case cfg.Sim:
		return "simulated"
	}
	return "none"
}

// camera is what openCamera gives: the camera for the session, its frames for
// the dashboard, and its calibration.
type camera struct {
	Camera     companion.Camera
	Frames     web.FrameSource
	Calibrator web.Calibrator
	Close      func()
}
