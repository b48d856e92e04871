//go:build !cgo || novision

package main

import (
	"context"
	"errors"
	"log/slog"

	"github.com/quartermaster-table/quartermaster/config"
)

// openCamera without OpenCV: no camera; battle reads are typed in on the
// tablet. Asking for a real camera is an error, so a mistake is not silent.
func openCamera(_ context.Context, lg *slog.Logger, cfg config.Config) (*camera, error) {
	if cfg.Camera != "" {
		return nil, errors.New("--camera needs vision, which is not built into this binary (built without cgo or with -tags novision)")
	}
	if cfg.Sim {
		lg.Info("vision is not built in: the simulated table has no camera; battle reads are typed in")
	}
	return nil, nil
}
