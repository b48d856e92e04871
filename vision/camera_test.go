//go:build cgo && !novision

package vision

import (
	"context"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// A recorded stream (an image sequence, as a camera would give) of an empty
// board, a drop, and the settled cubes: the watcher over the OpenCV camera
// reads it once, and the read finds the cubes of the drop.
func TestCameraWatcherOnRecordedDrop(t *testing.T) {
	dir := t.TempDir()
	cam := synth.NewSimCamera(synth.SimOptions{Seed: 11, W: 640, H: 480, FPS: 1000})
	ctx := context.Background()
	var frames int
	save := func() {
		img, err := cam.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("f_%03d.png", frames)))
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
		frames++
	}
	for i := 0; i < 4; i++ {
		save()
	}
	truth := cam.DropRandom(5, "purple", "orange", "green")
	for i := 0; i < 14; i++ {
		save()
	}
	src, err := OpenCamera(filepath.Join(dir, "f_%03d.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer src.Close()
	s := cam.Scene()
	rd, err := NewReader(s.Layout, s.Palette, cam.Corners(), Options{Empty: cam.Empty()})
	if err != nil {
		t.Fatal(err)
	}
	defer rd.Close()
	w := NewWatcher(src, rd, WatchOptions{StillFrames: 4})
	out := make(chan Settled, 4)
	rctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := w.Run(rctx, out); err == nil {
		t.Log("stream ended with the context")
	}
	close(out)
	var reads []Settled
	for r := range out {
		reads = append(reads, r)
	}
	if len(reads) != 1 {
		t.Fatalf("%d reads of one drop", len(reads))
	}
	got := len(reads[0].Result.Cubes) + len(reads[0].Result.Redrop)
	if got != len(truth) {
		t.Errorf("read %d cubes, dropped %d: %+v", got, len(truth), reads[0].Result)
	}
}

// Fill reads each frame into the buffer it is given: the same image comes
// back holding the new frame, and a buffer of another size is replaced.
func TestCameraFillReusesTheBuffer(t *testing.T) {
	dir := t.TempDir()
	for i, v := range []uint8{30, 220} {
		img := image.NewRGBA(image.Rect(0, 0, 64, 48))
		for k := range img.Pix {
			img.Pix[k] = v
			if k%4 == 3 {
				img.Pix[k] = 255 // opaque
			}
		}
		f, err := os.Create(filepath.Join(dir, fmt.Sprintf("f_%03d.png", i)))
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	cam, err := OpenCamera(filepath.Join(dir, "f_%03d.png"))
	if err != nil {
		t.Fatal(err)
	}
	defer cam.Close()
	ctx := context.Background()
	small := image.NewRGBA(image.Rect(0, 0, 8, 8))
	first, err := cam.Fill(ctx, small)
	if err != nil {
		t.Fatal(err)
	}
	if first == small || first.Rect.Dx() != 64 || first.Pix[0] != 30 {
		t.Fatalf("first frame: %v, red %d", first.Rect, first.Pix[0])
	}
	second, err := cam.Fill(ctx, first)
	if err != nil {
		t.Fatal(err)
	}
	if second != first || second.Pix[0] != 220 || second.Pix[3] != 255 {
		t.Errorf("the second frame came back in another image (%v) or with red %d alpha %d", second != first, second.Pix[0], second.Pix[3])
	}
}
