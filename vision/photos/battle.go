//go:build cgo && !novision

package photos

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"

	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
)

// Battle is what read-battle reads with.
type Battle struct {
	// Layout is the board layout file. Required.
	Layout string
	// Corners are the board's corners in the images; none: found from the
	// board's outline (in Empty when given, else in the first image).
	Corners *board.Corners
	// Empty is a photo of the empty board ("": none); Palette the cube
	// colours file ("": the nominal palette).
	Empty, Palette string
	// Overlay is where to write each frame with its read drawn ("": none);
	// with several images the image's name is added.
	Overlay string
}

// ReadBattle reads the cubes in each image and writes one JSON line per
// image to w (battle-board.md's read-battle output); lg says what was
// found by itself (the corners).
func ReadBattle(w io.Writer, lg *slog.Logger, o Battle, images []string) error {
	if len(images) == 0 {
		return errors.New("no image given")
	}
	layout, err := board.LoadLayout(o.Layout)
	if err != nil {
		return err
	}
	palette := board.DefaultPalette()
	if o.Palette != "" {
		if palette, err = board.LoadPalette(o.Palette); err != nil {
			return err
		}
	}
	var opts vision.Options
	if o.Empty != "" {
		img, err := readImage(o.Empty)
		if err != nil {
			return fmt.Errorf("--empty: %v", err)
		}
		opts.Empty = img
	}
	var corners board.Corners
	if o.Corners != nil {
		corners = *o.Corners
	} else {
		// Find the board's outline: in the empty board when there is one
		// (no cubes in the way), else in the first image.
		src, name := opts.Empty, o.Empty
		if src == nil {
			name = images[0]
			if src, err = readImage(name); err != nil {
				return err
			}
		}
		if corners, err = vision.FindCorners(src); err != nil {
			return fmt.Errorf("image %s: %v", name, err)
		}
		lg.Info("board corners found automatically", "image", name, "corners", corners.String())
	}
	r, err := vision.NewReader(layout, palette, corners, opts)
	if err != nil {
		return err
	}
	defer r.Close()
	enc := json.NewEncoder(w)
	for _, path := range images {
		if err := readOne(r, enc, path, o.Overlay, len(images) > 1); err != nil {
			return err
		}
	}
	return nil
}

// readOne reads one image, writes its overlay when asked, and its line.
func readOne(r *vision.Reader, enc *json.Encoder, path, overlay string, several bool) error {
	img, err := readImage(path)
	if err != nil {
		return err
	}
	res, err := r.ReadImage(img)
	if err != nil {
		return fmt.Errorf("image %s: %v", path, err)
	}
	res.Image = path
	if overlay != "" {
		out := overlay
		if several {
			ext := filepath.Ext(out)
			out = strings.TrimSuffix(out, ext) + "-" + strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + ext
		}
		b, err := r.OverlayImage(img, res, strings.ToLower(filepath.Ext(out)))
		if err == nil {
			err = os.WriteFile(out, b, 0o644)
		}
		if err != nil {
			return fmt.Errorf("overlay %s: %v", out, err)
		}
	}
	return enc.Encode(res)
}

// Calibrate is what calibrate measures.
type Calibrate struct {
	// Empty is the photo of the empty board. Required.
	Empty string
	// Corners are the board's corners in it; none: found from its outline.
	Corners *board.Corners
	// Layout is the board layout file ("": the built-in one).
	Layout string
	// Drop is a photo of a calibration drop ("": none) and ZoneColors the
	// colour of the cubes dropped in each zone.
	Drop       string
	ZoneColors map[string]string
	// Data is the data directory written.
	Data string
}

// Calibration measures the camera's calibration (and, with a drop, the
// cubes' colours) and writes it into the data directory, saying on w what
// was found and written. Everything is measured before anything is
// written: a calibration that fails leaves the previous one as it was.
func Calibration(w io.Writer, o Calibrate) error {
	emptyImg, err := readImage(o.Empty)
	if err != nil {
		return err
	}
	var corners board.Corners
	if o.Corners != nil {
		corners = *o.Corners
	} else {
		if corners, err = vision.FindCorners(emptyImg); err != nil {
			return fmt.Errorf("image %s: %v", o.Empty, err)
		}
		fmt.Fprintf(w, "board corners found automatically: %s\n", corners.String())
	}
	cal := vision.Calibration{Corners: corners, ImageWidth: emptyImg.Rect.Dx(), ImageHeight: emptyImg.Rect.Dy()}
	if o.Layout != "" {
		b, err := os.ReadFile(o.Layout)
		if err != nil {
			return fmt.Errorf("layout: %v", errors.Unwrap(err))
		}
		if _, err := board.ParseLayout(b); err != nil {
			return fmt.Errorf("layout %s: %v", o.Layout, err)
		}
		cal.Layout = b
	}
	if _, err := cal.Check(); err != nil {
		return err
	}
	var palette *board.Palette
	if o.Drop != "" {
		if palette, err = measureDrop(o.Drop, emptyImg, cal, o.ZoneColors); err != nil {
			return err
		}
	}
	if err := vision.SaveCalibration(o.Data, cal); err != nil {
		return err
	}
	if err := vision.SaveEmpty(o.Data, emptyImg); err != nil {
		return fmt.Errorf("could not write the empty board: %v", err)
	}
	if palette != nil {
		if err := vision.SavePalette(o.Data, palette); err != nil {
			return err
		}
		fmt.Fprintf(w, "measured colours written to %s\n", filepath.Join(o.Data, vision.PaletteFile))
	}
	fmt.Fprintf(w, "calibration written to %s (%s, %s)\n", o.Data, vision.CalibrationFile, vision.EmptyFile)
	return nil
}

// measureDrop measures the cube colours in a calibration-drop photo against
// the empty board, for the data directory's palette.
func measureDrop(dropPath string, empty image.Image, cal vision.Calibration, zoneColors map[string]string) (*board.Palette, error) {
	layout, err := cal.Check()
	if err != nil {
		return nil, err
	}
	drop, err := readImage(dropPath)
	if err != nil {
		return nil, err
	}
	r, err := vision.NewReader(layout, board.DefaultPalette(), board.Corners(cal.Corners), vision.Options{Empty: empty})
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
