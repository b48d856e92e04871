//go:build cgo && !novision

package web_test

import (
	"context"
	"image"
	"log/slog"
	"os"
	"path/filepath"
	"testing"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/camerasvc"
	"github.com/quartermaster-table/quartermaster/web"
)

// The journeys' simulated camera is the camera service itself; it imports
// package web, so it is started from this external test package.
func init() {
	web.StartSimCamera = func(t *testing.T, seed uint64, expects func() []engine.Expect) web.SimCameraParts {
		svc := startCameraService(t, camerasvc.Options{Seed: seed, Expects: expects})
		return web.SimCameraParts{Frames: svc, Dice: svc, Camera: svc}
	}
}

// startCameraService runs a simulated camera service for one test (stopped
// at its end), with the journeys' settings added to opts.
func startCameraService(t *testing.T, opts camerasvc.Options) *camerasvc.Service {
	t.Helper()
	lg := slog.New(slog.DiscardHandler)
	if os.Getenv("QM_TEST_LOG") != "" {
		lg = slog.Default()
	}
	opts.Dir = filepath.Join(t.TempDir(), camerasvc.SimDir)
	// Smaller frames than serve's 640x480: the renderer is plain Go,
	// slow under -race.
	opts.SimSize = image.Point{X: 400, Y: 300}
	// These journeys' games play no battle board: a read of cubes is nothing.
	opts.ToRead = func(vision.Result) (companion.CameraRead, error) { return companion.CameraRead{}, nil }
	svc, err := camerasvc.New(lg, opts)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); _ = svc.Run(ctx) }()
	t.Cleanup(func() { cancel(); <-done; svc.Close() })
	return svc
}
