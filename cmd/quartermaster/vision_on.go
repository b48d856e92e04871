//go:build cgo && !novision

package main

import (
	"context"
	"fmt"
)

func visionStatus() string { return "OpenCV" }

func runReadBattle(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "read-battle", "read-battle --layout LAYOUT.json --corners \"x,y;x,y;x,y;x,y\" [--empty EMPTY.png] [--palette PALETTE.json] [--overlay OUT.png] IMAGE...")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	return fmt.Errorf("%w: the battle-board reader is not built yet", errNotBuilt)
}

func runCalibrate(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "calibrate", "calibrate --empty EMPTY.png [--data DIR]")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	return fmt.Errorf("%w: calibration is not built yet", errNotBuilt)
}
