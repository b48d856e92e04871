//go:build cgo && !novision

package cv

import (
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// writeSequence writes n frames frame_000.png... of w x h, frame i filled
// with the colour (i*40, 100, 200-i*40), and returns the sequence's name.
func writeSequence(t *testing.T, dir string, n, w, h int) string {
	t.Helper()
	for i := 0; i < n; i++ {
		img := image.NewRGBA(image.Rect(0, 0, w, h))
		for p := 0; p < len(img.Pix); p += 4 {
			img.Pix[p], img.Pix[p+1], img.Pix[p+2], img.Pix[p+3] = uint8(i*40), 100, uint8(200-i*40), 255
		}
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("frame_%03d.png", i)))
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	return filepath.Join(dir, "frame_%03d.png")
}

func TestCaptureReadsAnImageSequence(t *testing.T) {
	seq := writeSequence(t, t.TempDir(), 3, 64, 48)
	c, err := OpenCapture(seq, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	for i := 0; i < 3; i++ {
		w, h, err := c.Grab()
		if err != nil || w != 64 || h != 48 {
			t.Fatalf("frame %d: %dx%d %v", i, w, h, err)
		}
		if err := c.RGBA(make([]byte, 10)); err == nil {
			t.Error("a buffer too small for the frame was filled")
		}
		pix := make([]byte, w*h*4)
		if err := c.RGBA(pix); err != nil {
			t.Fatal(err)
		}
		want := color.RGBA{uint8(i * 40), 100, uint8(200 - i*40), 255}
		if got := (color.RGBA{pix[100], pix[101], pix[102], pix[103]}); got != want {
			t.Errorf("frame %d: pixel %v, want %v", i, got, want)
		}
	}
	if _, _, err := c.Grab(); err == nil || !strings.Contains(err.Error(), "no frame") {
		t.Errorf("after the last frame: %v", err)
	}
	c.Close()
	c.Close()
	if _, _, err := c.Grab(); err == nil {
		t.Error("a closed capture read a frame")
	}
}

func TestCaptureRefusesWhatItCannotOpen(t *testing.T) {
	if _, err := OpenCapture(filepath.Join(t.TempDir(), "nothing_%03d.png"), 0); err == nil {
		t.Error("a sequence with no file was opened")
	}
	if _, err := OpenCapture("", 97); err == nil {
		t.Error("camera 97 was opened")
	}
}

// mapsVideoio reports whether this process has OpenCV's videoio mapped.
func mapsVideoio(t *testing.T) bool {
	b, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip("no /proc/self/maps:", err)
	}
	return strings.Contains(string(b), "libopencv_videoio")
}

// The point of loading videoio with dlopen: a process that never opens a
// capture (a simulated table, the command-line tools) never maps it nor
// FFmpeg behind it; the first capture does. Run in a child process, so no
// other test has opened one first.
func TestVideoioIsLoadedOnlyForACapture(t *testing.T) {
	if os.Getenv("QM_CV_MAPS_CHILD") == "1" {
		if mapsVideoio(t) {
			t.Fatal("videoio is mapped before any capture was opened")
		}
		gray := NewImage(32, 32, 1)
		if _, err := CountNonZero(gray); err != nil {
			t.Fatal(err)
		}
		if mapsVideoio(t) {
			t.Fatal("an imgproc call mapped videoio")
		}
		c, err := OpenCapture(writeSequence(t, t.TempDir(), 1, 32, 32), 0)
		if err != nil {
			t.Fatal(err)
		}
		c.Close()
		if !mapsVideoio(t) {
			t.Fatal("a capture was opened without videoio mapped")
		}
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestVideoioIsLoadedOnlyForACapture$", "-test.count=1")
	cmd.Env = append(os.Environ(), "QM_CV_MAPS_CHILD=1")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
}
