package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/quartermaster-table/quartermaster/engine/layout"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// The dice reader is plain Go: read-dice works in every build, with or
// without OpenCV.

// diceLine is one line of read-dice's output (dice.md).
type diceLine struct {
	Image      string                               `json:"image"`
	Dice       []vision.DieRead                     `json:"dice"`
	Unreadable []vision.DieUnreadable               `json:"unreadable"`
	Count      map[string]map[string]map[string]int `json:"count"`
	ElapsedMS  float64                              `json:"elapsed_ms"`
}

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
	if *overlayPath != "" {
		if ext := strings.ToLower(filepath.Ext(*overlayPath)); ext != ".png" && ext != ".jpg" && ext != ".jpeg" {
			return usageError("--overlay %s: want a .png or .jpg file", *overlayPath)
		}
	}
	tb, err := os.ReadFile(*trayPath)
	if err != nil {
		return fmt.Errorf("--tray: %v", err)
	}
	tray, err := layout.ParseTray(tb)
	if err != nil {
		return fmt.Errorf("%s: %v", *trayPath, err)
	}
	set, err := diceset.Load(*dicePath)
	if err != nil {
		return err
	}
	corners, err := board.ParseCorners(*cornersArg)
	if err != nil {
		return usageError("--corners %q: %v", *cornersArg, err)
	}
	var opts vision.DiceOptions
	if *facesPath != "" {
		b, err := os.ReadFile(*facesPath)
		if err != nil {
			return fmt.Errorf("--faces: %v", err)
		}
		if opts.Learned, err = vision.ParseLearnedFaces(b); err != nil {
			return fmt.Errorf("%s: %v", *facesPath, err)
		}
	} else if lf, err := vision.LoadLearnedFaces("data"); err == nil {
		opts.Learned = lf
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("data/%s: %v", vision.LearnedFacesFile, err)
	}
	if *emptyPath != "" {
		if opts.Empty, err = decodeImage(*emptyPath); err != nil {
			return fmt.Errorf("--empty: %v", err)
		}
	}
	// Every image is decoded and checked before anything is printed: a bad
	// file fails the command with nothing on stdout.
	imgs := make([]image.Image, fset.NArg())
	for i, path := range fset.Args() {
		if imgs[i], err = decodeImage(path); err != nil {
			return err
		}
		if i > 0 && imgs[i].Bounds().Size() != imgs[0].Bounds().Size() {
			return fmt.Errorf("image %s is %v, %s is %v: one camera, one size", path, imgs[i].Bounds().Size(), fset.Arg(0), imgs[0].Bounds().Size())
		}
	}
	sz := imgs[0].Bounds().Size()
	if err := corners.Inside(sz.X, sz.Y); err != nil {
		return fmt.Errorf("--corners: %v (image %s is %dx%d)", err, fset.Arg(0), sz.X, sz.Y)
	}
	r, err := vision.NewDiceReader(tray, set, corners, sz.X, sz.Y, opts)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(e.stdout)
	for i, path := range fset.Args() {
		t0 := time.Now()
		res, err := r.Read(imgs[i])
		if err != nil {
			return fmt.Errorf("image %s: %v", path, err)
		}
		el := time.Since(t0)
		if *overlayPath != "" {
			out := *overlayPath
			if fset.NArg() > 1 {
				ext := filepath.Ext(out)
				out = strings.TrimSuffix(out, ext) + "-" + strings.TrimSuffix(filepath.Base(path), filepath.Ext(path)) + ext
			}
			if err := writeImage(out, r.DiceOverlay(imgs[i], res)); err != nil {
				return fmt.Errorf("overlay %s: %v", out, err)
			}
		}
		line := diceLine{Image: path, Dice: res.Dice, Unreadable: res.Unreadable, Count: res.Count,
			ElapsedMS: math.Round(float64(el.Microseconds())/100) / 10}
		if err := enc.Encode(line); err != nil {
			return err
		}
	}
	return nil
}

// decodeImage reads a PNG or JPEG file, naming the problem when it cannot.
func decodeImage(path string) (image.Image, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("image %s: %v", path, errors.Unwrap(err))
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.IsDir() {
		return nil, fmt.Errorf("image %s is a directory", path)
	}
	img, _, err := image.Decode(f)
	if err != nil {
		return nil, fmt.Errorf("image %s: not a readable image (corrupt, or not PNG/JPEG)", path)
	}
	if b := img.Bounds(); b.Dx() < 32 || b.Dy() < 32 || b.Dx() > 10000 || b.Dy() > 10000 {
		return nil, fmt.Errorf("image %s: %dx%d is not a camera frame", path, b.Dx(), b.Dy())
	}
	return img, nil
}

func writeImage(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if ext := strings.ToLower(filepath.Ext(path)); ext == ".jpg" || ext == ".jpeg" {
		err = jpeg.Encode(f, img, &jpeg.Options{Quality: 90})
	} else {
		err = png.Encode(f, img)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return err
}
