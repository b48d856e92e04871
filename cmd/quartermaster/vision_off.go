//go:build !cgo || novision

package main

import (
	"context"
	"fmt"
)

// This build has no OpenCV (CGO_ENABLED=0 or -tags novision): the commands
// that need the camera say so plainly instead of pretending.

func visionStatus() string { return "not built in" }

func runReadBattle(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "read-battle", "read-battle --layout LAYOUT.json --corners \"x,y;x,y;x,y;x,y\" [--empty EMPTY.png] [--palette PALETTE.json] [--overlay OUT.png] IMAGE...")
	if err := parseFlags(fs, filterHelp(args)); err != nil {
		return err
	}
	return fmt.Errorf("%w: vision is not built into this binary (it was built without cgo or with -tags novision); rebuild with OpenCV: make build", errNotBuilt)
}

func runCalibrate(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "calibrate", "calibrate --empty EMPTY.png [--drop DROP.png --drop-colors FILE] [--data DIR]")
	if err := parseFlags(fs, filterHelp(args)); err != nil {
		return err
	}
	return fmt.Errorf("%w: vision is not built into this binary (it was built without cgo or with -tags novision); rebuild with OpenCV: make build", errNotBuilt)
}

// filterHelp keeps only a help flag from args, so that the stubs answer
// --help but do not refuse the real command's flags as unknown.
func filterHelp(args []string) []string {
	for _, a := range args {
		if a == "-h" || a == "-help" || a == "--help" {
			return []string{a}
		}
	}
	return nil
}
