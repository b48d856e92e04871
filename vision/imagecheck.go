package vision

import (
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // DecodeConfig reads JPEG headers
	_ "image/png"  // and PNG headers
	"io"
	"os"
)

// Limits of a photograph the vision commands decode. A PNG of a few hundred
// kilobytes can declare 16000x16000 pixels and expand to gigabytes once
// decoded; the header says so before any pixel is read. The largest camera
// a table uses (a 48 MP phone, 8000x6000) fits.
const (
	MaxImageSide   = 12000
	MaxImagePixels = 50_000_000
)

// ErrImageTooLarge is returned for a photograph over MaxImageSide or
// MaxImagePixels.
var ErrImageTooLarge = errors.New("image too large")

// CheckImageFile reads only the header of the PNG or JPEG at path and
// refuses anything else, an empty image, or one too large to decode
// safely. Call it before decoding a file that came from outside.
func CheckImageFile(path string) (width, height int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, err
	}
	defer f.Close()
	return CheckImage(f)
}

// CheckImage is CheckImageFile for a reader; it reads the header only.
func CheckImage(r io.Reader) (width, height int, err error) {
	cfg, format, err := image.DecodeConfig(r)
	if err != nil {
		return 0, 0, fmt.Errorf("not a readable image (corrupt, or not PNG/JPEG): %v", err)
	}
	if format != "png" && format != "jpeg" {
		return 0, 0, fmt.Errorf("a %s image: only PNG and JPEG photographs are read", format)
	}
	w, h := cfg.Width, cfg.Height
	if w <= 0 || h <= 0 {
		return 0, 0, fmt.Errorf("not a readable image: it declares %dx%d pixels", w, h)
	}
	if w > MaxImageSide || h > MaxImageSide || w*h > MaxImagePixels {
		return 0, 0, fmt.Errorf("%w: %dx%d pixels; at most %d a side and %d million in all", ErrImageTooLarge, w, h, MaxImageSide, MaxImagePixels/1_000_000)
	}
	return w, h, nil
}
