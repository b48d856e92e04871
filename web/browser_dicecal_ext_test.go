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

// The dice tray calibration journey's camera: the simulated camera of the
// other journeys, its tray not calibrated yet, as a new table's is.
func init() {
	web.StartTrayCamera = func(t *testing.T, seed uint64, expects func() []engine.Expect) (web.SimCameraParts, web.Calibrator, web.TrayCorners) {
		t.Helper()
		lg := slog.New(slog.DiscardHandler)
		if os.Getenv("QM_TEST_LOG") != "" {
			lg = slog.Default()
		}
		svc, err := camerasvc.New(lg, camerasvc.Options{Dir: filepath.Join(t.TempDir(), camerasvc.SimDir), Seed: seed,
			SimSize: image.Point{X: 400, Y: 300}, Expects: expects, SimTrayUncalibrated: true,
			ToRead: func(vision.Result) (companion.CameraRead, error) { return companion.CameraRead{}, nil }})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); _ = svc.Run(ctx) }()
		t.Cleanup(func() { cancel(); <-done; svc.Close() })
		truth, _ := svc.SimTrayCorners()
		return web.SimCameraParts{Frames: svc, Dice: svc, Camera: svc}, svc, truth
	}
}
