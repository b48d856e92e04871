package main

import (
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
	"github.com/quartermaster-table/quartermaster/config"
	"github.com/quartermaster-table/quartermaster/devices"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/tablehw"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/web"
)

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "serve", "serve [--addr HOST:PORT] [--data DIR] [--sim] [--camera SRC] [--hardware] [--db DSN] [--config FILE] [--test-games] [--practice-catalogs DIR]")
	load := config.Flags(fs)
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
	devCfg, err := config.Devices(cfg)
	if err != nil {
		return usageError("%v", err)
	}
	lg := newLogger(e.stderr, cfg.LogLevel)
	return serve(ctx, lg, cfg, devCfg, nil)
}

// cardsFile holds the NFC stickers registered to sailor cards, in the data
// directory.
const cardsFile = "cards.json"

// serve builds every part of the running companion and serves until ctx ends.
// ready, when not nil, is called with the server's handler once it is built
// (tests use it; the listener is opened by the server itself).
func serve(ctx context.Context, lg *slog.Logger, cfg config.Config, devCfg devices.Config, ready func(http.Handler)) error {
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
	rules := servedRules(cfg.TestGames)
	mgr, err := companion.NewManager(lg, st, rules, companion.ManagerOpts{Games: gameInfos(rules)})
	if err != nil {
		return err
	}
	defer mgr.Close()

	opts := web.Options{Rules: rules, Catalogs: web.DirCatalogs(cfg.Data), DefaultLayout: json.RawMessage(board.DefaultLayoutJSON())}
	opts.Limits.SocketsPerClient = cfg.SocketsPerClient
	// Practice catalogs (made-up values) are offered only on a simulated
	// table: a real table's catalog is the owner's copy.
	if cfg.Sim {
		opts.PracticeCatalogs = cfg.PracticeCatalogs
	} else if cfg.PracticeCatalogs != "" {
		lg.Warn("the practice catalogs are offered only with --sim", "dir", cfg.PracticeCatalogs)
	}
	var hw companion.Hardware
	broken := tablehw.NewRepairs(lg)
	opts.NeedsRepair = broken.List

	if cfg.Sim || cfg.Hardware {
		tbl := devices.Open(lg.With("part", "devices"), devCfg)
		go func() {
			if err := tbl.Run(ctx); err != nil && ctx.Err() == nil {
				lg.Error("the table's devices stopped", "err", err)
			}
		}()
		cards, err := devices.LoadRegistry(filepath.Join(cfg.Data, cardsFile))
		if err != nil {
			broken.Add("the sailor cards' NFC stickers ("+cardsFile+")", err)
			cards = devices.NewRegistry() // the cards' readers name no card until it is fixed
		}
		hw.Devices = tablehw.NewDevices(tbl, cards)
	}

	cam, err := openCamera(ctx, lg.With("part", "camera"), cfg)
	if err != nil {
		broken.Add("the camera (its palette or calibration)", err)
		cam = nil
	}
	// A new Dead Reckoning game is played on the calibrated battle board:
	// the camera's, else the one calibrated in the data directory.
	calibratedBoard := func() json.RawMessage { return tablehw.DataDirBoard(lg, cfg.Data) }
	if cam != nil {
		defer cam.Close()
		hw.Camera = cam.Camera
		opts.Frames = cam.Frames
		opts.Calibrator = cam.Calibrator
		opts.SimDice = cam.SimDice
		calibratedBoard = cam.Board
	}
	opts.TableBoard = calibratedBoard
	opts.PrepareTable = func(_ context.Context, req *web.CreateRequest) error {
		used, err := tablehw.WithBattleBoard(req, calibratedBoard(), rules)
		if used {
			lg.Info("the new game uses the calibrated battle board")
		}
		return err
	}
	var sw *companion.HardwareSwitch
	if hw.Devices != nil || hw.Camera != nil {
		// The hardware serves the table its host chooses, never simply
		// the newest: a game created elsewhere takes nothing.
		// The host's choice is kept in the data directory across restarts.
		sw = companion.NewHardwareSwitch(ctx, mgr, hw, tablehw.WithPlayers)
		opts.Hardware = tablehw.Remember(ctx, lg, sw, cfg.Data)
		if cam != nil {
			// The camera reads dice while the served table waits for a roll.
			cam.Waits.Follow(ctx, mgr, sw)
		}
	}
	if td, ok := hw.Devices.(*tablehw.Devices); ok {
		if sim := td.Table().Sim(); sim != nil {
			sc := tablehw.SimControls{Sim: sim}
			if cam != nil {
				sc.Drop = cam.SimDrop
				if cam.SimDropCubes != nil {
					// The simulated tower drops what the served table awaits.
					sc.Lay, sc.Awaited = cam.SimDropCubes, tablehw.AwaitedCubes(ctx, mgr, sw)
				}
			}
			opts.Sim = sc
			go tablehw.Keyboard(ctx, lg, sc, os.Stdin, os.Stderr)
		}
	}

	go func() {
		// Every stored table is rebuilt once at start so that damage is
		// reported now, table by table, while the others are played.
		bad, err := mgr.CheckIntegrity(ctx)
		if err != nil && ctx.Err() == nil {
			broken.Add("the tables' database", err)
		}
		for _, d := range bad {
			broken.Add("table "+d.ID, errors.New(d.Err))
		}
	}()
	srv := web.New(lg, mgr, opts)
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

func cameraName(cfg config.Config) string {
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
	// Board is the calibrated battle-board layout JSON, nil when the board
	// has not been calibrated.
	Board func() json.RawMessage
	// SimDrop shows n random cubes on a simulated camera's board (nil for a
	// real camera): the simulated tower's drops fall onto it.
	SimDrop func(n int)
	// SimDropCubes shows exactly these cubes (colour -> count) on a
	// simulated camera's board (nil for a real camera).
	SimDropCubes func(cubes map[string]int)
	// SimDice rolls the dice a table waits for on a simulated camera's
	// tray (nil for a real camera).
	SimDice web.SimDice
	// Waits is what the served table waits for, for the camera (it reads
	// dice while a roll is awaited); the hardware switch is set later.
	Waits *tablehw.Waits
	Close func()
}

// rulesBoard checks that a calibrated layout is a battle board the rules
// can play on: the camera reads zone ids of this layout, and the rules give
// each read cube what its zone gives on the same layout, so both must take
// it. Empty: the default board, which both have.
func rulesBoard(layout json.RawMessage) (*battle.Layout, error) {
	if len(layout) == 0 {
		return battle.DefaultLayout(), nil
	}
	l, err := battle.ParseLayout(layout)
	if err != nil {
		return nil, fmt.Errorf("the board layout is not one the Dead Reckoning rules can play on: %w", err)
	}
	return l, nil
}
