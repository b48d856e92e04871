package vision

import (
	"context"
	"image"
	"sync"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// countingReader stands in for the reader: it records which frames it read.
type countingReader struct {
	mu     sync.Mutex
	frames []image.Image
}

func (c *countingReader) ReadImage(img image.Image) (Result, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.frames = append(c.frames, img)
	return Result{Cubes: []Cube{{Color: "test"}}}, nil
}

func startWatch(t *testing.T, cam *synth.SimCamera, rd FrameReader) (*Watcher, chan Settled) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	w := NewWatcher(cam, rd, WatchOptions{StillFrames: 3})
	out := make(chan Settled, 4)
	done := make(chan error, 1)
	go func() { done <- w.Run(ctx, out) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return w, out
}

func expectNone(t *testing.T, out chan Settled, d time.Duration) {
	t.Helper()
	select {
	case s := <-out:
		t.Fatalf("read without a drop: %+v", s.Result)
	case <-time.After(d):
	}
}

func expectOne(t *testing.T, out chan Settled) Settled {
	t.Helper()
	select {
	case s := <-out:
		return s
	case <-time.After(10 * time.Second):
		t.Fatal("no read after the drop")
	}
	return Settled{}
}

func TestWatcherReadsOncePerDrop(t *testing.T) {
	cam := synth.NewSimCamera(synth.SimOptions{Seed: 3, W: 320, H: 240, FPS: 500})
	rd := &countingReader{}
	_, out := startWatch(t, cam, rd)
	expectNone(t, out, 100*time.Millisecond)
	cam.DropRandom(6)
	s := expectOne(t, out)
	if s.Hinted {
		t.Error("a drop seen only as motion reported a sensor hint")
	}
	// The frame read is the settled scene, not a frame of the fall.
	next, _ := cam.Next(context.Background())
	if s.Frame != next {
		t.Error("the read frame is not the settled frame")
	}
	expectNone(t, out, 100*time.Millisecond)
	cam.DropRandom(4)
	expectOne(t, out)
	rd.mu.Lock()
	n := len(rd.frames)
	rd.mu.Unlock()
	if n != 2 {
		t.Errorf("%d reads for 2 drops", n)
	}
}

func TestWatcherDropSensorHint(t *testing.T) {
	cam := synth.NewSimCamera(synth.SimOptions{Seed: 4, W: 320, H: 240, FPS: 500})
	w, out := startWatch(t, cam, &countingReader{})
	expectNone(t, out, 60*time.Millisecond)
	// The sensor fired but the camera saw no motion (a fall between two
	// frames): the watcher still reads once the board is still.
	w.DropStarted()
	w.DropStarted() // a bouncing sensor does not make two reads
	s := expectOne(t, out)
	if !s.Hinted {
		t.Error("hinted drop not marked")
	}
	expectNone(t, out, 60*time.Millisecond)
}

// TestMotion: the simulated camera's empty board does not move from frame
// to frame (its sensor noise stays under the threshold); falling cubes do,
// and the board is still again once they rest.
func TestMotion(t *testing.T) {
	cam := synth.NewSimCamera(synth.SimOptions{Seed: 7, W: 320, H: 240})
	ctx := context.Background()
	next := func() image.Image {
		img, err := cam.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		return img
	}
	m := NewMotion(WatchOptions{})
	if m.Moved(next()) {
		t.Fatal("the first frame has nothing to have moved from")
	}
	for i := 0; i < 3; i++ {
		if m.Moved(next()) {
			t.Fatalf("frame %d of the empty board counted as moving", i+2)
		}
	}
	// The simulated drop shows five frames of falling cubes, then the cubes
	// at rest.
	cam.DropRandom(6)
	moving := 0
	for i := 0; i < 6; i++ {
		if m.Moved(next()) {
			moving++
		}
	}
	if moving < 5 {
		t.Fatalf("six cubes falling: only %d of 6 frames moved", moving)
	}
	for i := 0; i < 3; i++ {
		if m.Moved(next()) {
			t.Fatalf("the cubes lie still, but frame %d after the fall counts as moving", i+1)
		}
	}
}

// The motion check runs on every camera frame: after the first two frames
// it compares thumbnails it already has, making no new ones.
func TestMotionAllocatesNothingPerFrame(t *testing.T) {
	a := image.NewRGBA(image.Rect(0, 0, 1280, 960))
	b := image.NewRGBA(image.Rect(0, 0, 1280, 960))
	for i := range b.Pix {
		b.Pix[i] = 200
	}
	m := NewMotion(WatchOptions{})
	m.Moved(a)
	if !m.Moved(b) {
		t.Fatal("a frame that turned bright is not motion")
	}
	flip := false
	if n := testing.AllocsPerRun(20, func() {
		flip = !flip
		if flip {
			m.Moved(a)
		} else {
			m.Moved(b)
		}
	}); n != 0 {
		t.Errorf("%v allocations per frame", n)
	}
}
