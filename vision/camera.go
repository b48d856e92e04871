//go:build cgo && !novision

package vision

import (
	"context"
	"fmt"
	"image"
	"strconv"
	"sync"

	"gocv.io/x/gocv"
)

// Camera is a live frame source over gocv's VideoCapture: a device index
// ("0"), a video or image-sequence file, or an MJPEG URL. It satisfies
// Source.
type Camera struct {
	mu   sync.Mutex
	vc   *gocv.VideoCapture
	mat  gocv.Mat
	rgba gocv.Mat
	spec string
}

// OpenCamera opens a camera: a device index such as "0", a file path, or a
// URL (http://host/stream.mjpg, rtsp://...).
func OpenCamera(spec string) (*Camera, error) {
	var (
		vc  *gocv.VideoCapture
		err error
	)
	if id, convErr := strconv.Atoi(spec); convErr == nil {
		vc, err = gocv.OpenVideoCapture(id)
	} else {
		vc, err = gocv.VideoCaptureFile(spec)
	}
	if err != nil {
		return nil, fmt.Errorf("camera %q: %v", spec, err)
	}
	if !vc.IsOpened() {
		vc.Close()
		return nil, fmt.Errorf("camera %q: cannot be opened", spec)
	}
	return &Camera{vc: vc, mat: gocv.NewMat(), rgba: gocv.NewMat(), spec: spec}, nil
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
	if c.vc == nil {
		return nil, ErrClosed
	}
	if ok := c.vc.Read(&c.mat); !ok || c.mat.Empty() {
		return nil, fmt.Errorf("camera %q: no frame (end of stream or device lost)", c.spec)
	}
	if c.mat.Type() != gocv.MatTypeCV8UC3 {
		return nil, fmt.Errorf("camera %q: unexpected frame type %v", c.spec, c.mat.Type())
	}
	gocv.CvtColor(c.mat, &c.rgba, gocv.ColorBGRToRGBA)
	w, h := c.rgba.Cols(), c.rgba.Rows()
	px, err := c.rgba.DataPtrUint8()
	if err != nil || len(px) != w*h*4 {
		return nil, fmt.Errorf("camera %q: cannot copy the frame", c.spec)
	}
	dst = fitRGBA(dst, w, h)
	copy(dst.Pix, px)
	return dst, nil
}

// Close releases the camera.
func (c *Camera) Close() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.vc == nil {
		return nil
	}
	err := c.vc.Close()
	c.mat.Close()
	c.rgba.Close()
	c.vc = nil
	return err
}
