//go:build cgo && !novision

package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"os"
	"path/filepath"
	"strings"

	"gocv.io/x/gocv"

	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
)

func visionStatus() string { return "OpenCV" }

// readImageFile decodes an image file with OpenCV, with a clear error for a
// missing or undecodable file.
func readImageFile(path string) (gocv.Mat, error) {
	st, err := os.Stat(path)
	if err != nil {
		return gocv.NewMat(), fmt.Errorf("image %s: %v", path, errors.Unwrap(err))
	}
	if st.IsDir() {
		return gocv.NewMat(), fmt.Errorf("image %s is a directory", path)
	}
	// The header first: a small file can declare gigabytes of pixels.
	if _, _, err := vision.CheckImageFile(path); err != nil {
		return gocv.NewMat(), fmt.Errorf("image %s: %v", path, err)
	}
	m := gocv.IMRead(path, gocv.IMReadColor)
	if m.Empty() {
		m.Close()
		return gocv.NewMat(), fmt.Errorf("image %s: not a readable image (corrupt, or not PNG/JPEG)", path)
	}
	return m, nil
}

func matImage(m gocv.Mat, path string) (image.Image, error) {
	img, err := m.ToImage()
	if err != nil {
		return nil, fmt.Errorf("image %s: %v", path, err)
	}
	return img, nil
}

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
	if *overlayPath != "" {
		if ext := strings.ToLower(filepath.Ext(*overlayPath)); ext != ".png" && ext != ".jpg" && ext != ".jpeg" {
			return usageError("--overlay %s: want a .png or .jpg file", *overlayPath)
		}
	}
	layout, err := board.LoadLayout(*layoutPath)
	if err != nil {
		return err
	}
	palette := board.DefaultPalette()
	if *palettePath != "" {
		if palette, err = board.LoadPalette(*palettePath); err != nil {
			return err
		}
	}
	var opts vision.Options
	if *emptyPath != "" {
		m, err := readImageFile(*emptyPath)
		if err != nil {
			return fmt.Errorf("--empty: %v", err)
		}
		img, err := matImage(m, *emptyPath)
		m.Close()
		if err != nil {
			return err
		}
		opts.Empty = img
	}
	var corners board.Corners
	if *cornersArg != "" {
		if corners, err = board.ParseCorners(*cornersArg); err != nil {
			return usageError("--corners %q: %v", *cornersArg, err)
		}
	} else {
		// Without --corners, find the board's outline: in the empty board
		// when there is one (no cubes in the way), else in the first image.
		src := opts.Empty
		name := *emptyPath
		if src == nil {
			name = fs.Arg(0)
			m, err := readImageFile(name)
			if err != nil {
				return err
			}
			src, err = matImage(m, name)
			m.Close()
			if err != nil {
				return err
			}
		}
		if corners, err = vision.FindCorners(src); err != nil {
			return fmt.Errorf("image %s: %v", name, err)
		}
		e.log.Info("board corners found automatically", "image", name, "corners", corners.String())
	}
	r, err := vision.NewReader(layout, palette, corners, opts)
	if err != nil {
		return err
	}
	defer r.Close()
	enc := json.NewEncoder(e.stdout)
	for _, path := range fs.Args() {
		m, err := readImageFile(path)
		if err != nil {
			return err
		}
		res, err := r.Read(m)
		if err != nil {
			m.Close()
			return fmt.Errorf("image %s: %v", path, err)
		}
		res.Image = path
		if *overlayPath != "" {
			out := *overlayPath
			if fs.NArg() > 1 {
				ext := filepath.Ext(out)
				out = strings.TrimSuffix(out, ext) + "-" + strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + ext
			}
			b, err := r.Overlay(m, res, strings.ToLower(filepath.Ext(out)))
			if err == nil {
				err = os.WriteFile(out, b, 0o644)
			}
			if err != nil {
				m.Close()
				return fmt.Errorf("overlay %s: %v", out, err)
			}
		}
		m.Close()
		if err := enc.Encode(res); err != nil {
			return err
		}
	}
	return nil
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
	m, err := readImageFile(*emptyPath)
	if err != nil {
		return err
	}
	defer m.Close()
	emptyImg, err := matImage(m, *emptyPath)
	if err != nil {
		return err
	}
	var corners board.Corners
	if *cornersArg != "" {
		if corners, err = board.ParseCorners(*cornersArg); err != nil {
			return usageError("--corners %q: %v", *cornersArg, err)
		}
	} else {
		if corners, err = vision.FindCorners(emptyImg); err != nil {
			return fmt.Errorf("image %s: %v", *emptyPath, err)
		}
		fmt.Fprintf(e.stdout, "board corners found automatically: %s\n", corners.String())
	}
	cal := vision.Calibration{Corners: corners, ImageWidth: m.Cols(), ImageHeight: m.Rows()}
	if *layoutPath != "" {
		b, err := os.ReadFile(*layoutPath)
		if err != nil {
			return fmt.Errorf("layout: %v", errors.Unwrap(err))
		}
		if _, err := board.ParseLayout(b); err != nil {
			return fmt.Errorf("layout %s: %v", *layoutPath, err)
		}
		cal.Layout = b
	}
	if _, err := cal.Check(); err != nil {
		return err
	}
	// Everything is measured before anything is written: a command that
	// fails leaves the previous calibration as it was.
	var palette *board.Palette
	if *dropPath != "" {
		if palette, err = measureDrop(*dropPath, *emptyPath, m, cal, zoneColors); err != nil {
			return err
		}
	}
	if err := vision.SaveCalibration(*data, cal); err != nil {
		return err
	}
	if err := vision.SaveEmpty(*data, emptyImg); err != nil {
		return fmt.Errorf("could not write the empty board: %v", err)
	}
	if palette != nil {
		if err := vision.SavePalette(*data, palette); err != nil {
			return err
		}
		fmt.Fprintf(e.stdout, "measured colours written to %s\n", filepath.Join(*data, vision.PaletteFile))
	}
	fmt.Fprintf(e.stdout, "calibration written to %s (%s, %s)\n", *data, vision.CalibrationFile, vision.EmptyFile)
	return nil
}

// measureDrop measures the cube colours in a calibration-drop photo against
// the empty board, for the data directory's palette.
func measureDrop(dropPath, emptyPath string, empty gocv.Mat, cal vision.Calibration, zoneColors map[string]string) (*board.Palette, error) {
	layout, err := cal.Check()
	if err != nil {
		return nil, err
	}
	emptyImg, err := matImage(empty, emptyPath)
	if err != nil {
		return nil, err
	}
	dm, err := readImageFile(dropPath)
	if err != nil {
		return nil, err
	}
	drop, err := matImage(dm, dropPath)
	dm.Close()
	if err != nil {
		return nil, err
	}
	r, err := vision.NewReader(layout, board.DefaultPalette(), board.Corners(cal.Corners), vision.Options{Empty: emptyImg})
	if err != nil {
		return nil, err
	}
	defer r.Close()
	p, err := r.MeasureColors(drop, zoneColors)
	if err != nil {
		return nil, fmt.Errorf("calibration drop %s: %v", dropPath, err)
	}
	return p, nil
}
