package devices

import (
	"sync"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpiotest"
)

// fakeClock is a Clock the test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

var t0 = time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)

func newFakeClock() *fakeClock { return &fakeClock{t: t0} }

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

// set moves the clock to t0+d.
func (c *fakeClock) set(d time.Duration) {
	c.mu.Lock()
	c.t = t0.Add(d)
	c.mu.Unlock()
}

// fakePin is a gpiotest pin whose edges the test sends at given times.
type fakePin struct {
	*gpiotest.Pin
	clk *fakeClock
}

func newFakePin(name string, num int, clk *fakeClock) *fakePin {
	// Unbuffered: a send returns only once the watcher has taken the edge.
	return &fakePin{Pin: &gpiotest.Pin{N: name, Num: num, EdgesChan: make(chan gpio.Level)}, clk: clk}
}

// edgeAt moves the clock to t0+at and makes the pin change to l. It sends the
// level twice: the second send returns only once the watcher has handled the
// first edge (a same-level edge changes nothing), so the test never moves the
// clock under an edge still being timestamped.
func (p *fakePin) edgeAt(at time.Duration, l gpio.Level) {
	p.clk.set(at)
	p.EdgesChan <- l
	p.EdgesChan <- l
}

// next returns the next event or fails the test after a few seconds.
func next(t *testing.T, out <-chan Event) Event {
	t.Helper()
	select {
	case e := <-out:
		return e
	case <-time.After(5 * time.Second):
		t.Fatal("no event within 5s")
		return Event{}
	}
}
