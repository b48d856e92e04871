//go:build cgo && !novision

package vision

import (
	"context"
	"fmt"
	"image"
	"strconv"
	"sync"

	"github.com/quartermaster-table/quartermaster/vision/cv"
)

// Camera is a live frame source over OpenCV's VideoCapture: a device index
// ("0"), a video or image-sequence file, or an MJPEG URL. It satisfies
// Source. OpenCV's videoio (and FFmpeg, GStreamer behind it) is loaded on
// the first OpenCamera, so a table that never opens one never maps them.
type Camera struct {
	mu   sync.Mutex
	c    *cv.Capture
	spec string
}

// OpenCamera opens a camera: a device index such as "0", a file path, or a
// URL (http://host/stream.mjpg, rtsp://...).
func OpenCamera(spec string) (*Camera, error) {
	var (
		c   *cv.Capture
		err error
	)
	if id, convErr := strconv.Atoi(spec); convErr == nil {
		c, err = cv.OpenCapture("", id)
	} else {
		c, err = cv.OpenCapture(spec, 0)
	}
	if err != nil {
		return nil, fmt.Errorf("camera %q: %v", spec, err)
	}
	return &Camera{c: c, spec: spec}, nil
}

// Next reads the next frame as an RGBA image (a new image each time, so
// the caller may keep it). A pump that runs for hours should use Fill.
func (c *Camera) Next(ctx context.Context) (image.Image, error) {
	return c.Fill(ctx, nil)
}

// Fill reads the next frame into dst and returns it: dst's pixels are
// reused when its size is the frame's, else (dst nil or another size) a new
// image is made. It implements FillSource, so a pump can recycle a few
// buffers instead of making a new frame 30 times a second.
func (c *Camera) Fill(ctx context.Context, dst *image.RGBA) (*image.RGBA, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.c == nil {
		return nil, ErrClosed
	}
	w, h, err := c.c.Grab()
	if err != nil {
		return nil, fmt.Errorf("camera %q: %v", c.spec, err)
	}
	dst = fitRGBA(dst, w, h)
	if err := c.c.RGBA(dst.Pix); err != nil {
		return nil, fmt.Errorf("camera %q: cannot copy the frame: %v", c.spec, err)
	}
	return dst, nil
}

// Close releases the camera.
func (c *Camera) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.c == nil {
		return nil
	}
	c.c.Close()
	c.c = nil
	return nil
}
