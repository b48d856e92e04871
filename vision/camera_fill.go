package vision

import (
	"context"
	"image"
)

// FillSource is a Source that can read a frame into a buffer the caller
// gives, so a long-running pump reuses a few buffers instead of making a
// new full-size image per frame (at 30 fps and 1280x960, about 150 MB/s of
// garbage on a Raspberry Pi). *Camera is one.
type FillSource interface {
	Source
	// Fill reads the next frame into dst and returns it; when dst is nil or
	// of another size it returns a new image instead.
	Fill(ctx context.Context, dst *image.RGBA) (*image.RGBA, error)
}

// fitRGBA returns dst when it is a w x h image starting at (0,0), else a
// new one.
func fitRGBA(dst *image.RGBA, w, h int) *image.RGBA {
	if dst != nil && dst.Rect == image.Rect(0, 0, w, h) && dst.Stride == 4*w && len(dst.Pix) == 4*w*h {
		return dst
	}
	return image.NewRGBA(image.Rect(0, 0, w, h))
}
