//go:build cgo && !novision

package main

import (
	"context"
	"log/slog"
)

// openCamera connects the camera to the session and the dashboard.
func openCamera(_ context.Context, lg *slog.Logger, cfg Config) (*camera, error) {
	lg.Info("no camera yet", "camera", cfg.Camera)
	return nil, nil
}
