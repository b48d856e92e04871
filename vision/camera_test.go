//go:build cgo && !novision

package vision

import (
	"context"
	"fmt"
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
