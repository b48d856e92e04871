//go:build cgo && !novision

package cv

/*
#include <stdlib.h>
#include "cv.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"unsafe"
)

// Capture is a video source through OpenCV's videoio: a camera, a video or
// image-sequence file, a stream URL. The first OpenCapture loads videoio
// (dlopen); a process that opens none never maps it. A Capture is not safe
// for concurrent use.
type Capture struct {
	p    *C.qm_capture
	w, h int
}

// OpenCapture opens device index device when file is "", else the file,
// image sequence (frame_%03d.png) or URL named by file.
func OpenCapture(file string, device int) (*Capture, error) {
	var cf *C.char
	if file != "" {
		cf = C.CString(file)
		defer C.free(unsafe.Pointer(cf))
	}
	var p *C.qm_capture
	if err := cErr(C.qm_capture_open(cf, C.int(device), &p)); err != nil {
		return nil, err
	}
	return &Capture{p: p}, nil
}

// Grab reads the next frame (8-bit BGR) into the capture's own buffer and
// returns its size; RGBA then hands it out.
func (c *Capture) Grab() (w, h int, err error) {
	if c.p == nil {
		return 0, 0, errors.New("cv: the capture is closed")
	}
	var cw, ch C.int
	if err := cErr(C.qm_capture_grab(c.p, &cw, &ch)); err != nil {
		c.w, c.h = 0, 0
		return 0, 0, err
	}
	c.w, c.h = int(cw), int(ch)
	return c.w, c.h, nil
}

// RGBA converts the frame Grab read into pix, w*h*4 bytes in RGBA order.
func (c *Capture) RGBA(pix []byte) error {
	if c.p == nil {
		return errors.New("cv: the capture is closed")
	}
	if c.w == 0 || len(pix) != c.w*c.h*4 {
		return fmt.Errorf("cv: a %dx%d frame needs %d bytes, the buffer has %d", c.w, c.h, c.w*c.h*4, len(pix))
	}
	return cErr(C.qm_capture_rgba(c.p, (*C.uchar)(unsafe.Pointer(&pix[0])), C.int(c.w), C.int(c.h)))
}

// Close releases the source; Close again does nothing.
func (c *Capture) Close() {
	if c.p != nil {
		C.qm_capture_close(c.p)
		c.p = nil
	}
}
