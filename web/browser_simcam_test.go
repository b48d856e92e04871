package web

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine"
)

// SimCameraParts are what a running simulated camera gives a journey: the
// dashboard's picture, the developer panel's dice tray and the table's
// camera.
type SimCameraParts struct {
	Frames FrameSource
	Dice   SimDice
	Camera companion.Camera
}

// StartSimCamera starts the simulated camera (vision/camerasvc) until the
// test ends; seed fixes its rolls, expects is what the served table waits
// for. It is set by browser_simcam_ext_test.go (package web_test: the
// camera service imports this package) when OpenCV is built in; nil
// otherwise.
var StartSimCamera func(t *testing.T, seed uint64, expects func() []engine.Expect) SimCameraParts

// simCamera is the simulated camera of a browser journey, as `serve --sim`
// runs it: the dashboard's picture, the developer panel's dice tray, and
// the table's hardware once serve names the table.
type simCamera struct {
	parts SimCameraParts
	mu    sync.Mutex
	// waits is what the served table waits for (nil before serve).
	waits func() []engine.Expect
}

// newSimCamera starts the simulated camera, or skips the journey saying
// why when there is none.
func newSimCamera(t *testing.T, seed uint64) *simCamera {
	t.Helper()
	if StartSimCamera == nil {
		t.Skip("this journey rolls its dice through the simulated camera, which needs OpenCV (cgo)")
	}
	c := &simCamera{}
	c.parts = StartSimCamera(t, seed, c.expects)
	return c
}

func (c *simCamera) expects() []engine.Expect {
	c.mu.Lock()
	w := c.waits
	c.mu.Unlock()
	if w == nil {
		return nil
	}
	return w()
}

// options are the server's parts the camera gives.
func (c *simCamera) options(o Options) Options {
	o.Frames, o.SimDice = c.parts.Frames, c.parts.Dice
	return o
}

// serve makes the camera the hardware of table id (what the host's "use
// the hardware" does in serve): its reads are proposed to that table.
func (c *simCamera) serve(t *testing.T, e *env, id string) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel) // before the manager closes (cleanups run last first)
	sw := companion.NewHardwareSwitch(ctx, e.mgr, companion.Hardware{Camera: c.parts.Camera}, nil)
	if err := sw.Use(ctx, id); err != nil {
		t.Fatal(err)
	}
	c.mu.Lock()
	c.waits = func() []engine.Expect {
		s, err := e.mgr.Get(ctx, id)
		if err != nil {
			return nil
		}
		return s.View(engine.Public).Expects
	}
	c.mu.Unlock()
}

// cameraRoll rolls the dice table id waits for in the simulated tray (the
// developer panel's dice tray, as its host) and waits until the tablet's
// roll panel shows the camera's read: the faces want (in any order) and
// the tray's picture with the read drawn on it.
func (b *browser) cameraRoll(tablet context.Context, e *env, id, hostToken string, want []string) {
	b.t.Helper()
	r := e.do("POST", "/api/sim?table="+id, `{"key":"dice-tray","command":"roll"}`, host(hostToken)...)
	if r.status != 200 {
		b.t.Fatalf("the simulated roll: %d %s", r.status, r.body)
	}
	// The camera sees the dice settle, reads them and proposes the read:
	// rendering is slow under -race, so this waits longer than a tap.
	ctx, cancel := context.WithTimeout(tablet, 2*time.Minute)
	defer cancel()
	if err := chromedp.Run(ctx, chromedp.Poll(`!!document.querySelector('#expects .camread img.dice-overlay')`, nil, chromedp.WithPollingInterval(100*time.Millisecond))); err != nil {
		b.t.Fatalf("no camera read on the tablet after the roll (%s): %v", r.body, err)
	}
	var got struct {
		Faces []string `json:"faces"`
		Shown bool     `json:"shown"`
	}
	b.run(tablet, "the camera's read", chromedp.Poll(`(() => { const i = document.querySelector('#expects .camread img.dice-overlay'); return i && i.complete && i.naturalWidth > 0; })()`, nil, chromedp.WithPollingInterval(100*time.Millisecond)),
		chromedp.Evaluate(`({faces: [...document.querySelectorAll('#expects .camread .dieface')].map((e) => e.textContent.trim()), shown: document.querySelector('#expects .camread img.dice-overlay').naturalWidth > 0})`, &got))
	g, w := slices.Clone(got.Faces), slices.Clone(want)
	slices.Sort(g)
	slices.Sort(w)
	if !slices.Equal(g, w) || !got.Shown {
		b.t.Errorf("the tablet shows the camera's read %v (picture %v), want %v (the simulator: %s)", got.Faces, got.Shown, want, r.body)
	}
}
