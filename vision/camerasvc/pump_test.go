//go:build cgo && !novision

package camerasvc

import (
	"context"
	"image"
	"strings"
	"sync"
	"testing"
	"time"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu      sync.Mutex
	now     time.Time
	waiters []fakeWaiter
}

type fakeWaiter struct {
	at time.Time
	ch chan time.Time
}

func newFakeClock() *fakeClock { return &fakeClock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) After(d time.Duration) <-chan time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	ch := make(chan time.Time, 1)
	if d <= 0 {
		ch <- c.now
		return ch
	}
	c.waiters = append(c.waiters, fakeWaiter{c.now.Add(d), ch})
	return ch
}

// Advance moves the time on and wakes whoever waited until then.
func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
	kept := c.waiters[:0]
	for _, w := range c.waiters {
		if !w.at.After(c.now) {
			w.ch <- c.now
		} else {
			kept = append(kept, w)
		}
	}
	c.waiters = kept
}

// fakeCamera is a camera that fills the buffers it is given (test data):
// moving, its frames flash between dark and bright; still, they are black;
// the first pixel's green is the frame's number; it says on
// took when it gave a frame.
type fakeCamera struct {
	mu     sync.Mutex
	n      int
	moving bool
	took   chan struct{}
	fresh  int // frames it had to make a new image for
	w, h   int // frame size; 0: 160x120
}

func (c *fakeCamera) Next(ctx context.Context) (image.Image, error) { return c.Fill(ctx, nil) }

func (c *fakeCamera) Fill(ctx context.Context, dst *image.RGBA) (*image.RGBA, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.mu.Lock()
	c.n++
	n, v := c.n, uint8(0)
	if c.moving {
		v = uint8(40 + 160*(n%2))
	}
	w, h := c.w, c.h
	if w == 0 {
		w, h = 160, 120
	}
	if dst == nil || dst.Rect != image.Rect(0, 0, w, h) {
		dst = image.NewRGBA(image.Rect(0, 0, w, h))
		c.fresh++
	}
	c.mu.Unlock()
	for i := range dst.Pix {
		dst.Pix[i] = v
	}
	dst.Pix[1] = uint8(n) // the frame's number, where motion does not look
	select {
	case c.took <- struct{}{}:
	default:
	}
	return dst, nil
}

func (c *fakeCamera) setMoving(m bool) {
	c.mu.Lock()
	c.moving = m
	c.mu.Unlock()
}

// frames advances the clock frame by frame until the camera has given n
// more frames. A step the pump missed (it was between reading the clock
// and starting its timer) is made again, so a frame may take longer on the
// service's clock, never less.
func frames(t *testing.T, clk *fakeClock, cam *fakeCamera, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		give := time.Now().Add(10 * time.Second)
		for took := false; !took; {
			clk.Advance(time.Second / maxFPS)
			select {
			case <-cam.took:
				took = true
			case <-time.After(20 * time.Millisecond):
				if time.Now().After(give) {
					t.Fatalf("the pump took no frame %d", i)
				}
			}
		}
	}
}

// A calibration step on a board that keeps moving gives up after its wait
// with a sentence saying why; on a still board it takes the frame (here:
// and finds the camera not calibrated). The waits run on the service's
// clock: the test does not sleep them.
func TestStillFrameWaitsOnTheServiceClock(t *testing.T) {
	clk := newFakeClock()
	cam := &fakeCamera{took: make(chan struct{}, 1), moving: true}
	s, ctx := start(t, Options{Dir: t.TempDir(), Source: cam, Clock: clk})
	frames(t, clk, cam, 3)

	errc := make(chan error, 1)
	go func() { _, err := s.TestRead(ctx); errc <- err }()
	frames(t, clk, cam, int(stillWait/(time.Second/maxFPS))+maxFPS)
	// As below: more frames until it answers, in case the read began late.
	for i, done := 0, false; !done; i++ {
		if i > 3*int(stillWait/(time.Second/maxFPS)) {
			t.Fatal("the wait for a still board did not end with the service's clock")
		}
		select {
		case err := <-errc:
			if err == nil || !strings.Contains(err.Error(), "still moving") {
				t.Errorf("a moving board: %v", err)
			}
			done = true
		case <-time.After(5 * time.Millisecond):
			frames(t, clk, cam, 1)
		}
	}

	cam.setMoving(false)
	frames(t, clk, cam, 2)
	go func() { _, err := s.TestRead(ctx); errc <- err }()
	// Frames go on until the read answers: a fixed count could all pass
	// before the goroutine above began to wait for a still board (the
	// test then failed now and then under load).
	for i := 0; ; i++ {
		if i > 50*stillFrames {
			t.Fatal("a still board was not taken")
		}
		frames(t, clk, cam, 1)
		select {
		case err := <-errc:
			if err != errNotCalibrated {
				t.Errorf("a still board: %v, want the not-calibrated sentence", err)
			}
			return
		case <-time.After(5 * time.Millisecond):
		}
	}
}

// The pump recycles a few buffers instead of making a frame per frame, and
// a frame someone holds is never overwritten while they hold it.
func TestPumpRecyclesFramesAndKeepsHeldOnes(t *testing.T) {
	clk := newFakeClock()
	cam := &fakeCamera{took: make(chan struct{}, 1), moving: true}
	s, _ := start(t, Options{Dir: t.TempDir(), Source: cam, Clock: clk})
	frames(t, clk, cam, 5)
	held, _, _ := s.newest()
	if held == nil {
		t.Fatal("no frame after 5")
	}
	px := held.img.(*image.RGBA).Pix[1]
	frames(t, clk, cam, 120)
	if got := held.img.(*image.RGBA).Pix[1]; got != px {
		t.Errorf("a held frame was overwritten: %d, was %d", got, px)
	}
	held.release()
	frames(t, clk, cam, 30)
	cam.mu.Lock()
	fresh, n := cam.fresh, cam.n
	cam.mu.Unlock()
	if fresh > poolKeep || s.pool.buffers() != fresh {
		t.Errorf("%d frames took %d new images (pool: %d), want at most %d", n, fresh, s.pool.buffers(), poolKeep)
	}
}

// newImageCamera is a camera that makes a new image per frame, as the
// camera did before it could fill buffers.
type newImageCamera struct{ fakeCamera }

func (c *newImageCamera) Next(ctx context.Context) (image.Image, error) {
	return c.fakeCamera.Fill(ctx, nil)
}

// BenchmarkPumpFrame is the pump's work per frame of a 1280x960 camera
// (take the frame, check motion, make it the newest, hand it to the
// watcher), with recycled buffers and, for comparison, with a new image per
// frame. Its B/op times 30 is the garbage a second.
func BenchmarkPumpFrame(b *testing.B) {
	for _, tc := range []struct {
		name string
		src  func() (any, *fakeCamera)
	}{
		{"recycled", func() (any, *fakeCamera) { c := &fakeCamera{w: 1280, h: 960}; return c, c }},
		{"new-image", func() (any, *fakeCamera) { c := &newImageCamera{fakeCamera{w: 1280, h: 960}}; return c, &c.fakeCamera }},
	} {
		b.Run(tc.name, func(b *testing.B) {
			src, cam := tc.src()
			o := Options{Dir: b.TempDir(), ToRead: testRead}
			switch v := src.(type) {
			case *newImageCamera:
				o.Source = sourceOnly{v}
			case *fakeCamera:
				o.Source = v
			}
			s, err := New(quietLogger(), o)
			if err != nil {
				b.Fatal(err)
			}
			defer s.Close()
			cam.moving = true
			ctx := context.Background()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				f, err := s.next(ctx)
				if err != nil {
					b.Fatal(err)
				}
				s.push(f)
			}
		})
	}
}

// sourceOnly hides a camera's Fill: the pump then takes its frames with Next.
type sourceOnly struct{ c *newImageCamera }

func (s sourceOnly) Next(ctx context.Context) (image.Image, error) { return s.c.Next(ctx) }

// The dashboard's picture follows the board: a viewer gets the board at
// once, a still board is not encoded again (its picture has not changed),
// and a board that moves is shown again.
func TestPictureFollowsTheBoardOnly(t *testing.T) {
	clk := newFakeClock()
	cam := &fakeCamera{took: make(chan struct{}, 1)}
	s, ctx := start(t, Options{Dir: t.TempDir(), Source: cam, Clock: clk})
	pics := s.Subscribe(ctx)
	got := func() int {
		n := 0
		for {
			select {
			case <-pics:
				n++
			default:
				return n
			}
		}
	}
	wait := func(why string) {
		t.Helper()
		for i := 0; i < 3*maxFPS; i++ {
			frames(t, clk, cam, 1)
			select {
			case <-pics:
				return
			case <-time.After(5 * time.Millisecond):
			}
		}
		t.Fatal(why)
	}
	wait("a viewer got no picture of the board")
	frames(t, clk, cam, 3*maxFPS) // three seconds of a still board
	if n := got(); n != 0 {
		t.Errorf("a still board was sent %d more times", n)
	}
	cam.setMoving(true)
	frames(t, clk, cam, 3)
	cam.setMoving(false)
	wait("the board moved, the picture did not follow")
}
