package devices

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"periph.io/x/conn/v3/gpio"
)

// Buttons are the players' buttons, one per seat, plus the host's. A press
// shorter than the long-press time is sent on release; a long press is sent
// as soon as the button has been held that long, so the player feels it
// happen without having to guess when to let go.
type Buttons interface {
	// Watch sends ButtonPressed events to out until ctx is done (then it
	// returns nil) or the buttons fail (then it returns why).
	Watch(ctx context.Context, out chan<- Event) error
	String() string
	Halt() error
}

// ButtonOpts tunes the buttons. Zero durations take the DefaultButtonOpts value.
type ButtonOpts struct {
	// PressedLevel is the pin level while a button is held; a button wired
	// between the pin and ground with the internal pull-up reads Low.
	PressedLevel gpio.Level
	// Pull is the pins' pull resistor.
	Pull gpio.Pull
	// Debounce is how long a level must stay unchanged before it counts:
	// a switch's contacts bounce for a few milliseconds.
	Debounce time.Duration
	// Long is how long a button must be held for a long press.
	Long time.Duration
	// Poll is the longest a watcher waits for an edge before it looks at the
	// clock again and at its context.
	Poll time.Duration
	// Clock timestamps the edges; nil is the wall clock.
	Clock Clock
}

// DefaultButtonOpts suits arcade or tactile buttons between a pin and ground.
var DefaultButtonOpts = ButtonOpts{
	PressedLevel: gpio.Low,
	Pull:         gpio.PullUp,
	Debounce:     30 * time.Millisecond,
	Long:         800 * time.Millisecond,
	Poll:         10 * time.Millisecond,
}

func (o *ButtonOpts) withDefaults() ButtonOpts {
	r := DefaultButtonOpts
	if o != nil {
		r = *o
	}
	d := DefaultButtonOpts
	if r.Debounce <= 0 {
		r.Debounce = d.Debounce
	}
	if r.Long <= 0 {
		r.Long = d.Long
	}
	if r.Poll <= 0 {
		r.Poll = d.Poll
	}
	if r.Clock == nil {
		r.Clock = RealClock
	}
	return r
}

// PinButtons are Buttons on GPIO pins.
type PinButtons struct {
	pins []gpio.PinIn // index = seat; pins[0] is the host's, may be nil
	opts ButtonOpts
}

// NewButtons sets the pins up as inputs with edges. host is the host's button
// (nil if there is none); seats[i] is seat i+1's button (nil for a seat
// without one). o may be nil for DefaultButtonOpts.
func NewButtons(host gpio.PinIn, seats []gpio.PinIn, o *ButtonOpts) (*PinButtons, error) {
	b := &PinButtons{pins: append([]gpio.PinIn{host}, seats...), opts: o.withDefaults()}
	n := 0
	for seat, p := range b.pins {
		if p == nil {
			continue
		}
		n++
		if err := p.In(b.opts.Pull, gpio.BothEdges); err != nil {
			return nil, fmt.Errorf("buttons: set %s (%s) as input with edges: %w", p, seatName(seat), err)
		}
	}
	if n == 0 {
		return nil, errors.New("buttons: no button pins")
	}
	return b, nil
}

func seatName(seat int) string {
	if seat == HostSeat {
		return "host"
	}
	return fmt.Sprintf("seat %d", seat)
}

// String lists the buttons and their pins.
func (b *PinButtons) String() string {
	var s []string
	for seat, p := range b.pins {
		if p != nil {
			s = append(s, fmt.Sprintf("%s=%s", seatName(seat), p))
		}
	}
	return "buttons(" + strings.Join(s, ", ") + ")"
}

// Halt stops edge detection on the pins.
func (b *PinButtons) Halt() error {
	var errs []error
	for _, p := range b.pins {
		if p != nil {
			errs = append(errs, p.In(gpio.PullNoChange, gpio.NoEdge))
		}
	}
	return errors.Join(errs...)
}

// Watch watches every button, one goroutine per pin, until ctx is done.
func (b *PinButtons) Watch(ctx context.Context, out chan<- Event) error {
	var wg sync.WaitGroup
	for seat, p := range b.pins {
		if p == nil {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			b.watch(ctx, seat, p, out)
		}()
	}
	wg.Wait()
	return nil
}

func (b *PinButtons) watch(ctx context.Context, seat int, p gpio.PinIn, out chan<- Event) {
	d := newDebouncer(b.opts, seat, p.Read() == b.opts.PressedLevel)
	for ctx.Err() == nil {
		if p.WaitForEdge(b.opts.Poll) {
			for _, e := range d.edge(p.Read() == b.opts.PressedLevel, b.opts.Clock.Now()) {
				if !send(ctx, out, e) {
					return
				}
			}
		}
		for _, e := range d.tick(b.opts.Clock.Now()) {
			if !send(ctx, out, e) {
				return
			}
		}
	}
}

// debouncer turns one button's edges into presses. It is pure, like
// dropCounter: the watcher feeds it levels and times.
type debouncer struct {
	o        ButtonOpts
	seat     int
	raw      bool      // the last level seen: pressed or not
	rawAt    time.Time // when it changed
	stable   bool      // the debounced level
	pressAt  time.Time // when the current press began
	longSent bool      // the current press was already sent as long
}

func newDebouncer(o ButtonOpts, seat int, pressed bool) *debouncer {
	// A button held when we start is not a press: wait for its release.
	return &debouncer{o: o, seat: seat, raw: pressed, stable: pressed, longSent: pressed}
}

// edge feeds the level after an edge at t. The level it replaces is settled
// first: if it had lasted Debounce, it counted, even if no tick saw it.
func (d *debouncer) edge(pressed bool, t time.Time) []Event {
	evs := d.tick(t)
	if pressed != d.raw {
		d.raw, d.rawAt = pressed, t
	}
	return evs
}

// tick returns a press once the level has been stable for Debounce (a short
// press, on release) or held for Long (a long press).
func (d *debouncer) tick(t time.Time) []Event {
	if d.raw != d.stable && t.Sub(d.rawAt) >= d.o.Debounce {
		d.stable = d.raw
		if d.stable {
			d.pressAt, d.longSent = d.rawAt, false
		} else if !d.longSent {
			d.longSent = true
			return []Event{{Kind: ButtonPressed, Time: t, Part: PartButtons, Seat: d.seat}}
		}
	}
	if d.stable && d.raw && !d.longSent && t.Sub(d.pressAt) >= d.o.Long {
		d.longSent = true
		return []Event{{Kind: ButtonPressed, Time: t, Part: PartButtons, Seat: d.seat, Long: true}}
	}
	return nil
}
