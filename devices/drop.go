package devices

import (
	"context"
	"errors"
	"fmt"
	"time"

	"periph.io/x/conn/v3/gpio"
)

// DropSensor watches the battle tower: it reports DropStarted when the first
// cube of a drop falls through and DropEnded, with the number of cubes it
// counted, once the tower has been quiet for a while.
type DropSensor interface {
	// Watch sends drop events to out until ctx is done (then it returns nil)
	// or the sensor fails (then it returns why).
	Watch(ctx context.Context, out chan<- Event) error
	String() string
	Halt() error
}

// DropOpts tunes the break-beam drop sensor. The durations are measured from
// the beam's edges; zero durations take the DefaultDropOpts value.
type DropOpts struct {
	// BrokenLevel is the pin level while the beam is broken. The common
	// open-collector IR receivers pull the line low when the beam is broken.
	BrokenLevel gpio.Level
	// Pull is the pin's pull resistor; an open-collector receiver needs PullUp.
	Pull gpio.Pull
	// Debounce is how long the beam must have been clear before a new break
	// counts as a new cube: shorter flickers at a cube's edges are bounces.
	Debounce time.Duration
	// MinGap is the least time between two counted cubes; breaks closer than
	// this are the same cube.
	MinGap time.Duration
	// Quiet is how long the tower must stay quiet (no edge) after the last cube
	// before the drop is reported as ended.
	Quiet time.Duration
	// Poll is the longest the watcher waits for an edge before it looks at the
	// clock again (for Quiet) and at its context.
	Poll time.Duration
	// Clock timestamps the edges; nil is the wall clock. Tests pass a fake.
	Clock Clock
}

// DefaultDropOpts suits an IR break-beam (an open-collector receiver with the
// Pi's pull-up) across the mouth of a cube tower.
var DefaultDropOpts = DropOpts{
	BrokenLevel: gpio.Low,
	Pull:        gpio.PullUp,
	Debounce:    time.Millisecond,
	MinGap:      8 * time.Millisecond,
	Quiet:       1500 * time.Millisecond,
	Poll:        10 * time.Millisecond,
}

func (o *DropOpts) withDefaults() DropOpts {
	r := DefaultDropOpts
	if o != nil {
		r = *o
	}
	d := DefaultDropOpts
	if r.Debounce <= 0 {
		r.Debounce = d.Debounce
	}
	if r.MinGap <= 0 {
		r.MinGap = d.MinGap
	}
	if r.Quiet <= 0 {
		r.Quiet = d.Quiet
	}
	if r.Poll <= 0 {
		r.Poll = d.Poll
	}
	if r.Clock == nil {
		r.Clock = RealClock
	}
	return r
}

// BeamSensor is a DropSensor made of an IR break-beam on one GPIO pin.
type BeamSensor struct {
	pin  gpio.PinIn
	opts DropOpts
}

// NewDropSensor sets pin up as an input that reports both edges and returns
// the drop sensor reading it. o may be nil for DefaultDropOpts.
func NewDropSensor(pin gpio.PinIn, o *DropOpts) (*BeamSensor, error) {
	if pin == nil {
		return nil, errors.New("drop sensor: no GPIO pin")
	}
	opts := o.withDefaults()
	if err := pin.In(opts.Pull, gpio.BothEdges); err != nil {
		return nil, fmt.Errorf("drop sensor: set %s as input with edges: %w", pin, err)
	}
	return &BeamSensor{pin: pin, opts: opts}, nil
}

// String names the sensor and its pin.
func (d *BeamSensor) String() string { return fmt.Sprintf("break-beam(%s)", d.pin) }

// Halt stops edge detection on the pin.
func (d *BeamSensor) Halt() error { return d.pin.In(gpio.PullNoChange, gpio.NoEdge) }

// Watch counts the cubes through the beam and sends DropStarted and DropEnded.
// It returns nil when ctx is done.
func (d *BeamSensor) Watch(ctx context.Context, out chan<- Event) error {
	c := newDropCounter(d.opts, d.pin.Read() == d.opts.BrokenLevel)
	for ctx.Err() == nil {
		var evs []Event
		if d.pin.WaitForEdge(d.opts.Poll) {
			evs = c.edge(d.pin.Read() == d.opts.BrokenLevel, d.opts.Clock.Now())
		} else {
			evs = c.tick(d.opts.Clock.Now())
		}
		for _, e := range evs {
			if !send(ctx, out, e) {
				return nil
			}
		}
	}
	return nil
}

// dropCounter turns the beam's edges into drops. It is pure: the watcher feeds
// it levels and times, tests can too.
type dropCounter struct {
	o        DropOpts
	broken   bool      // the beam's last seen level
	changed  time.Time // when it last changed (zero: before we started)
	counted  time.Time // when the last cube was counted
	activity time.Time // the last edge of the current drop
	dropping bool
	count    int
}

func newDropCounter(o DropOpts, broken bool) *dropCounter {
	return &dropCounter{o: o, broken: broken}
}

// edge feeds the beam's level after an edge at t. An edge that does not change
// the level (a bounce shorter than our reaction) is ignored.
func (c *dropCounter) edge(broken bool, t time.Time) []Event {
	// Settle the time before this edge first: the drop may have ended.
	evs := c.tick(t)
	if broken == c.broken {
		return evs
	}
	clearSince := c.changed
	c.broken, c.changed = broken, t
	if c.dropping {
		c.activity = t
	}
	if !broken {
		return evs
	}
	// A new break counts as a cube only if the beam was clear long enough
	// (else it is a bounce at a cube's edge) and the last cube is far enough
	// behind (else it is the same cube).
	if !clearSince.IsZero() && t.Sub(clearSince) < c.o.Debounce {
		return evs
	}
	if c.count > 0 && t.Sub(c.counted) < c.o.MinGap {
		return evs
	}
	c.counted, c.activity = t, t
	c.count++
	if !c.dropping {
		c.dropping = true
		return append(evs, Event{Kind: DropStarted, Time: t, Part: PartDrop, Count: 1})
	}
	return evs
}

// tick ends the drop once the beam has been quiet for Quiet. A beam that stays
// broken for that long ends the drop too, marked Blocked: the session shows it
// (a cube stuck in the tower) instead of waiting for ever.
func (c *dropCounter) tick(t time.Time) []Event {
	if !c.dropping || t.Sub(c.activity) < c.o.Quiet {
		return nil
	}
	e := Event{Kind: DropEnded, Time: t, Part: PartDrop, Count: c.count, Blocked: c.broken}
	c.dropping, c.count = false, 0
	return []Event{e}
}
