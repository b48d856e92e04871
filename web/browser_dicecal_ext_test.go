//go:build cgo && !novision

package web_test

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/vision/camerasvc"
	"github.com/quartermaster-table/quartermaster/web"
)

// The dice tray calibration journey's camera: the simulated camera of the
// other journeys, its tray not calibrated yet, as a new table's is.
func init() {
	web.StartTrayCamera = func(t *testing.T, seed uint64, expects func() []engine.Expect) (web.SimCameraParts, web.Calibrator, web.TrayCorners) {
		svc := startCameraService(t, camerasvc.Options{Seed: seed, Expects: expects, SimTrayUncalibrated: true})
		truth, _ := svc.SimTrayCorners()
		return web.SimCameraParts{Frames: svc, Dice: svc, Camera: svc}, svc, truth
	}
	web.StartTrayCameraOnFelt = func(t *testing.T, seed uint64, expects func() []engine.Expect, felt [3]float64) (web.SimCameraParts, web.Calibrator) {
		svc := startCameraService(t, camerasvc.Options{Seed: seed, Expects: expects, SimFelt: felt})
		return web.SimCameraParts{Frames: svc, Dice: svc, Camera: svc}, svc
	}
}
