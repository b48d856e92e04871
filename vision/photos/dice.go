package photos

import (
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"io"
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

// diceLine is one line of read-dice's output (dice.md).
type diceLine struct {
	Image      string                               `json:"image"`
	Dice       []vision.DieRead                     `json:"dice"`
	Unreadable []vision.DieUnreadable               `json:"unreadable"`
	Count      map[string]map[string]map[string]int `json:"count"`
	ElapsedMS  float64                              `json:"elapsed_ms"`
}

// Dice is what read-dice reads with.
type Dice struct {
	// Tray and Dice are the tray file and the dice set file (dice.md).
	Tray, Dice string
	// Corners are the tray floor's corners in the images.
	Corners board.Corners
	// Empty is a photo of the empty tray ("": none).
	Empty string
	// Overlay is where to write each frame with its read drawn ("": none);
	// with several images the image's name is added.
	Overlay string
	// Faces is the learned faces file; "": DataDir's, when there is one.
	Faces, DataDir string
}

// ReadDice reads the dice in each image and writes one JSON line per image
// to w (dice.md's read-dice output). Every image is decoded and checked
// before anything is written: a bad file fails with nothing on w.
func ReadDice(w io.Writer, o Dice, images []string) error {
	if len(images) == 0 {
		return errors.New("no image given")
	}
	tb, err := os.ReadFile(o.Tray)
	if err != nil {
		return fmt.Errorf("--tray: %v", err)
	}
	tray, err := layout.ParseTray(tb)
	if err != nil {
		return fmt.Errorf("%s: %v", o.Tray, err)
	}
	set, err := diceset.Load(o.Dice)
	if err != nil {
		return err
	}
	var opts vision.DiceOptions
	if o.Faces != "" {
		b, err := os.ReadFile(o.Faces)
		if err != nil {
			return fmt.Errorf("--faces: %v", err)
		}
		if opts.Learned, err = vision.ParseLearnedFaces(b); err != nil {
			return fmt.Errorf("%s: %v", o.Faces, err)
		}
	} else if lf, err := vision.LoadLearnedFaces(o.DataDir); err == nil {
		opts.Learned = lf
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("%s: %v", filepath.Join(o.DataDir, vision.LearnedFacesFile), err)
	}
	if o.Empty != "" {
		if opts.Empty, err = decodeImage(o.Empty); err != nil {
			return fmt.Errorf("--empty: %v", err)
		}
	}
	// Every image is decoded and checked before anything is printed: a bad
	// file fails the command with nothing on stdout.
	imgs := make([]image.Image, len(images))
	for i, path := range images {
		if imgs[i], err = decodeImage(path); err != nil {
			return err
		}
		if i > 0 && imgs[i].Bounds().Size() != imgs[0].Bounds().Size() {
			return fmt.Errorf("image %s is %v, %s is %v: one camera, one size", path, imgs[i].Bounds().Size(), images[0], imgs[0].Bounds().Size())
		}
	}
	sz := imgs[0].Bounds().Size()
	if err := o.Corners.Inside(sz.X, sz.Y); err != nil {
		return fmt.Errorf("--corners: %v (image %s is %dx%d)", err, images[0], sz.X, sz.Y)
	}
	r, err := vision.NewDiceReader(tray, set, o.Corners, sz.X, sz.Y, opts)
	if err != nil {
		return err
	}
	enc := json.NewEncoder(w)
	for i, path := range images {
		t0 := time.Now()
		res, err := r.Read(imgs[i])
		if err != nil {
			return fmt.Errorf("image %s: %v", path, err)
		}
		el := time.Since(t0)
		if o.Overlay != "" {
			out := o.Overlay
			if len(images) > 1 {
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

// writeImage writes a PNG, or a JPEG for a .jpg or .jpeg path.
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
