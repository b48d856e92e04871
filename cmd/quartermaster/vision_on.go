//go:build cgo && !novision

package main

import (
	"context"

	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/photos"
)

func visionStatus() string { return "OpenCV" }

func runReadBattle(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "read-battle", "read-battle --layout LAYOUT.json [--corners \"x,y;x,y;x,y;x,y\"] [--empty EMPTY.png] [--palette PALETTE.json] [--overlay OUT.png] IMAGE...")
	layoutPath := fs.String("layout", "", "board layout JSON (zones in millimetres)")
	cornersArg := fs.String("corners", "", "the board's corners in the image: top-left;top-right;bottom-right;bottom-left as \"x,y;x,y;x,y;x,y\" (default: found from the board's outline)")
	emptyPath := fs.String("empty", "", "photograph of the empty board from the same camera (optional)")
	palettePath := fs.String("palette", "", "cube colours JSON (default: the nominal palette)")
	overlayPath := fs.String("overlay", "", "write the frame with the read drawn on it (.png or .jpg; with several images, the image's name is added)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *layoutPath == "" {
		return usageError("--layout is required")
	}
	if fs.NArg() == 0 {
		return usageError("no image given")
	}
	if err := checkOverlay(*overlayPath); err != nil {
		return err
	}
	corners, err := parseCorners(*cornersArg)
	if err != nil {
		return err
	}
	return photos.ReadBattle(e.stdout, e.log, photos.Battle{Layout: *layoutPath, Corners: corners, Empty: *emptyPath,
		Palette: *palettePath, Overlay: *overlayPath}, fs.Args())
}

// parseCorners parses --corners; "" is nil (found from the board's outline).
func parseCorners(arg string) (*board.Corners, error) {
	if arg == "" {
		return nil, nil
	}
	c, err := board.ParseCorners(arg)
	if err != nil {
		return nil, usageError("--corners %q: %v", arg, err)
	}
	return &c, nil
}

func runCalibrate(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "calibrate", "calibrate --empty EMPTY.png [--corners \"x,y;x,y;x,y;x,y\"] [--layout LAYOUT.json] [--drop DROP.png --drop-colors \"zone=colour,...\"] [--data DIR]")
	emptyPath := fs.String("empty", "", "photograph of the empty board")
	cornersArg := fs.String("corners", "", "the board's corners in the photograph: top-left;top-right;bottom-right;bottom-left")
	layoutPath := fs.String("layout", "", "board layout JSON (default: the built-in approximate layout)")
	data := fs.String("data", "data", "data directory to write the calibration into")
	dropPath := fs.String("drop", "", "photograph of a calibration drop (optional; needs --drop-colors)")
	dropColors := fs.String("drop-colors", "", "the colour of the cubes in each zone of the calibration drop: \"zone=colour,zone=colour\"")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError("calibrate takes no arguments, got %q", fs.Args())
	}
	if *emptyPath == "" {
		return usageError("--empty is required")
	}
	var zoneColors map[string]string
	if (*dropPath == "") != (*dropColors == "") {
		return usageError("--drop and --drop-colors go together")
	}
	if *dropColors != "" {
		var err error
		if zoneColors, err = vision.ParseZoneColors(*dropColors); err != nil {
			return usageError("--drop-colors: %v", err)
		}
	}
	corners, err := parseCorners(*cornersArg)
	if err != nil {
		return err
	}
	return photos.Calibration(e.stdout, photos.Calibrate{Empty: *emptyPath, Corners: corners, Layout: *layoutPath,
		Drop: *dropPath, ZoneColors: zoneColors, Data: *data})
}
