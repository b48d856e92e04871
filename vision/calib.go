package vision

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/png"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// Files of the camera calibration in the data directory.
const (
	// CalibrationFile holds the corners, the image size and the layout.
	CalibrationFile = "camera-calibration.json"
	// EmptyFile is the photograph of the empty board (the reference).
	EmptyFile = "empty-board.png"
	// PaletteFile holds colours measured in a calibration drop.
	PaletteFile = "palette.json"
)

// Calibration is what `quartermaster calibrate` and the calibration page
// store: where the board is in the camera image, and its layout.
type Calibration struct {
	Corners     [4]board.Point  `json:"corners"`
	ImageWidth  int             `json:"image_width"`
	ImageHeight int             `json:"image_height"`
	Layout      json.RawMessage `json:"layout,omitempty"`
}

// Check validates the corners against the image size and the layout.
func (c Calibration) Check() (*board.Layout, error) {
	if c.ImageWidth < 16 || c.ImageHeight < 16 {
		return nil, fmt.Errorf("calibration: image size %dx%d is missing or too small", c.ImageWidth, c.ImageHeight)
	}
	if c.ImageWidth > MaxImageSide || c.ImageHeight > MaxImageSide || c.ImageWidth*c.ImageHeight > MaxImagePixels {
		return nil, fmt.Errorf("calibration: image size %dx%d is larger than any camera's (%w)", c.ImageWidth, c.ImageHeight, ErrImageTooLarge)
	}
	bc := board.Corners(c.Corners)
	if err := bc.Validate(); err != nil {
		return nil, err
	}
	if err := bc.Inside(c.ImageWidth, c.ImageHeight); err != nil {
		return nil, err
	}
	if len(c.Layout) == 0 {
		return board.DefaultLayout(), nil
	}
	return board.ParseLayout(c.Layout)
}

// LoadCalibration reads the calibration from the data directory; it returns
// fs.ErrNotExist (wrapped) when there is none yet.
func LoadCalibration(dir string) (Calibration, error) {
	var c Calibration
	b, err := os.ReadFile(filepath.Join(dir, CalibrationFile))
	if err != nil {
		return c, err
	}
	if err := json.Unmarshal(b, &c); err != nil {
		return c, fmt.Errorf("%s: %v", CalibrationFile, err)
	}
	if _, err := c.Check(); err != nil {
		return c, fmt.Errorf("%s: %v", CalibrationFile, err)
	}
	return c, nil
}

// SaveCalibration checks c and writes it into the data directory.
func SaveCalibration(dir string, c Calibration) error {
	if _, err := c.Check(); err != nil {
		return err
	}
	b, err := json.MarshalIndent(c, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(filepath.Join(dir, CalibrationFile), b)
}

// LoadPalette returns the measured palette of the data directory, or the
// default one when no calibration drop was made.
func LoadPalette(dir string) (*board.Palette, error) {
	p, err := board.LoadPalette(filepath.Join(dir, PaletteFile))
	if errors.Is(err, fs.ErrNotExist) {
		return board.DefaultPalette(), nil
	}
	return p, err
}

func writeAtomic(path string, b []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	if err := os.WriteFile(tmp, b, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}

// LoadEmpty reads the photograph of the empty board (the reference) from
// the data directory; it returns fs.ErrNotExist (wrapped) when none was
// taken yet.
func LoadEmpty(dir string) (image.Image, error) {
	path := filepath.Join(dir, EmptyFile)
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return img, nil
}

// SaveEmpty writes the photograph of the empty board into the data
// directory (as PNG, replaced whole or not at all), where LoadEmpty finds it.
func SaveEmpty(dir string, img image.Image) error {
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return fmt.Errorf("%s: %v", EmptyFile, err)
	}
	return writeAtomic(filepath.Join(dir, EmptyFile), b.Bytes())
}

// SavePalette writes colours measured in a calibration drop into the data
// directory, where LoadPalette finds them.
func SavePalette(dir string, p *board.Palette) error {
	b, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	return writeAtomic(filepath.Join(dir, PaletteFile), append(b, '\n'))
}

// ParseZoneColors parses "zone=colour,zone=colour" (the colour of the cubes
// dropped in each zone of a calibration drop).
func ParseZoneColors(s string) (map[string]string, error) {
	out := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		z, c, ok := strings.Cut(part, "=")
		z, c = strings.TrimSpace(z), strings.TrimSpace(c)
		if !ok || z == "" || c == "" {
			return nil, fmt.Errorf("%q is not zone=colour", part)
		}
		if _, dup := out[z]; dup {
			return nil, fmt.Errorf("zone %q is given twice", z)
		}
		out[z] = c
	}
	if len(out) == 0 {
		return nil, errors.New("no zone=colour pairs")
	}
	return out, nil
}
