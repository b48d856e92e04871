//go:build !cgo || novision

package vision

import (
	"image"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// Options tune a Reader (see the OpenCV build).
type Options struct {
	Empty   image.Image
	PxPerMM float64
	Focal   float64
}

// Reader is not available without OpenCV.
type Reader struct{}

// NewReader reports ErrNotBuilt in a build without OpenCV.
func NewReader(*board.Layout, *board.Palette, board.Corners, Options) (*Reader, error) {
	return nil, ErrNotBuilt
}

// ReadImage reports ErrNotBuilt.
func (r *Reader) ReadImage(image.Image) (Result, error) { return Result{}, ErrNotBuilt }

// Close does nothing.
func (r *Reader) Close() {}

// OverlayImage reports ErrNotBuilt.
func (r *Reader) OverlayImage(image.Image, Result, string) ([]byte, error) { return nil, ErrNotBuilt }
