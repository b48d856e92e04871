package main

import (
	"context"
	"path/filepath"
	"strings"

	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/photos"
)

// The dice reader is plain Go: read-dice works in every build, with or
// without OpenCV.

func runReadDice(_ context.Context, e *env, args []string) error {
	fset := newFlagSet(e, "read-dice", "read-dice --tray TRAY.json --dice DICE.json --corners \"x,y;x,y;x,y;x,y\" [--empty EMPTY.png] [--overlay OUT.png] [--faces DATA/dice-faces.json] IMAGE...")
	trayPath := fset.String("tray", "", "tray JSON (size, wall and zones in millimetres)")
	dicePath := fset.String("dice", "", "dice set JSON (each die's colour, size and faces)")
	cornersArg := fset.String("corners", "", "the tray floor's corners in the image: top-left;top-right;bottom-right;bottom-left as \"x,y;x,y;x,y;x,y\"")
	emptyPath := fset.String("empty", "", "photograph of the empty tray from the same camera (optional)")
	overlayPath := fset.String("overlay", "", "write the frame with the read drawn on it (.png or .jpg; with several images, the image's name is added)")
	facesPath := fset.String("faces", "", "the learned dice faces from a calibration roll (default: "+vision.LearnedFacesFile+" in ./data when there is one)")
	if err := parseFlags(fset, args); err != nil {
		return err
	}
	switch {
	case *trayPath == "":
		return usageError("--tray is required")
	case *dicePath == "":
		return usageError("--dice is required")
	case *cornersArg == "":
		return usageError("--corners is required")
	case fset.NArg() == 0:
		return usageError("no image given")
	}
	if err := checkOverlay(*overlayPath); err != nil {
		return err
	}
	corners, err := board.ParseCorners(*cornersArg)
	if err != nil {
		return usageError("--corners %q: %v", *cornersArg, err)
	}
	return photos.ReadDice(e.stdout, photos.Dice{Tray: *trayPath, Dice: *dicePath, Corners: corners, Empty: *emptyPath,
		Overlay: *overlayPath, Faces: *facesPath, DataDir: "data"}, fset.Args())
}

// checkOverlay refuses an overlay file that is neither PNG nor JPEG.
func checkOverlay(path string) error {
	if ext := strings.ToLower(filepath.Ext(path)); path != "" && ext != ".png" && ext != ".jpg" && ext != ".jpeg" {
		return usageError("--overlay %s: want a .png or .jpg file", path)
	}
	return nil
}
