package devices

import (
	"context"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
)

const ms = time.Millisecond

// beam describes an edge for the pure counter: the beam broken or clear at t.
type beam struct {
	at     time.Duration
	broken bool
}

// cube returns the two edges of one cube crossing the beam at at for 6ms.
func cube(at time.Duration) []beam {
	return []beam{{at, true}, {at + 6*ms, false}}
}

func cubes(starts ...time.Duration) []beam {
	var b []beam
	for _, s := range starts {
		b = append(b, cube(s)...)
	}
	return b
}

func TestDropCounter(t *testing.T) {
	o := DefaultDropOpts.withDefaults() // Debounce 1ms, MinGap 8ms, Quiet 1.5s
	tests := []struct {
		name        string
		edges       []beam
		end         time.Duration // tick at this time
		wantStarted bool
		wantCount   int
		wantBlocked bool
		wantEnded   bool
	}{
		{name: "three cubes well apart", edges: cubes(0, 40*ms, 90*ms), end: 2 * time.Second, wantStarted: true, wantCount: 3, wantEnded: true},
		{name: "bounces at both edges of one cube count once",
			edges: []beam{{0, true}, {300 * time.Microsecond, false}, {600 * time.Microsecond, true},
				{6 * ms, false}, {6*ms + 200*time.Microsecond, true}, {6*ms + 500*time.Microsecond, false}},
			end: 2 * time.Second, wantStarted: true, wantCount: 1, wantEnded: true},
		{name: "a second break closer than the minimum gap is the same cube",
			edges: []beam{{0, true}, {2 * ms, false}, {5 * ms, true}, {7 * ms, false}},
			end:   2 * time.Second, wantStarted: true, wantCount: 1, wantEnded: true},
		{name: "cubes just over the minimum gap count apart", edges: cubes(0, 9*ms, 18*ms), end: 2 * time.Second, wantStarted: true, wantCount: 3, wantEnded: true},
		{name: "not ended before the quiet period", edges: cubes(0, 40*ms), end: 40*ms + 6*ms + 1499*ms, wantStarted: true},
		{name: "a cube stuck in the beam ends the drop blocked", edges: append(cubes(0), beam{50 * ms, true}), end: 50*ms + 1500*ms,
			wantStarted: true, wantCount: 2, wantBlocked: true, wantEnded: true},
		{name: "nothing falls, nothing is reported", end: 10 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			c := newDropCounter(o, false)
			var evs []Event
			for _, b := range tt.edges {
				evs = append(evs, c.edge(b.broken, t0.Add(b.at))...)
			}
			evs = append(evs, c.tick(t0.Add(tt.end))...)
			var started, ended bool
			for _, e := range evs {
				switch e.Kind {
				case DropStarted:
					started = true
				case DropEnded:
					ended = true
					if e.Count != tt.wantCount || e.Blocked != tt.wantBlocked {
						t.Errorf("DropEnded count %d blocked %v, want %d %v", e.Count, e.Blocked, tt.wantCount, tt.wantBlocked)
					}
				}
			}
			if started != tt.wantStarted || ended != tt.wantEnded {
				t.Errorf("started %v ended %v, want %v %v (events %v)", started, ended, tt.wantStarted, tt.wantEnded, evs)
			}
		})
	}
}

// TestBeamSensorWatch drives a gpiotest pin through two drops, with bounces,
// and checks what the session would hear.
func TestBeamSensorWatch(t *testing.T) {
	clk := newFakeClock()
	pin := newFakePin("GPIO17", 17, clk)
	o := DefaultDropOpts
	o.Poll = time.Millisecond
	o.Clock = clk
	d, err := NewDropSensor(pin, &o)
	if err != nil {
		t.Fatal(err)
	}
	if pin.P != gpio.PullUp {
		t.Errorf("pull = %s, want PullUp for an open-collector receiver", pin.P)
	}
	ctx, cancel := context.WithCancel(context.Background())
	out := make(chan Event, 8)
	done := make(chan error, 1)
	go func() { done <- d.Watch(ctx, out) }()

	broken, clear := gpio.Low, gpio.High
	// First cube, with a bounce when it enters the beam.
	pin.edgeAt(0, broken)
	pin.edgeAt(300*time.Microsecond, clear)
	pin.edgeAt(500*time.Microsecond, broken)
	pin.edgeAt(6*ms, clear)
	if e := next(t, out); e.Kind != DropStarted || e.Part != PartDrop {
		t.Fatalf("first event %v, want drop started", e)
	}
	// Four more cubes, one with a bounce as it leaves the beam.
	for i, at := range []time.Duration{30 * ms, 60 * ms, 90 * ms, 120 * ms} {
		pin.edgeAt(at, broken)
		pin.edgeAt(at+6*ms, clear)
		if i == 2 {
			pin.edgeAt(at+6*ms+200*time.Microsecond, broken)
			pin.edgeAt(at+6*ms+400*time.Microsecond, clear)
		}
	}
	clk.set(126*ms + 1500*ms)
	e := next(t, out)
	if e.Kind != DropEnded || e.Count != 5 || e.Blocked {
		t.Fatalf("got %v, want drop ended with 5 cubes", e)
	}
	// A second drop starts a new count.
	pin.edgeAt(5*time.Second, broken)
	pin.edgeAt(5*time.Second+6*ms, clear)
	if e := next(t, out); e.Kind != DropStarted {
		t.Fatalf("got %v, want a new drop started", e)
	}
	clk.set(7 * time.Second)
	if e := next(t, out); e.Kind != DropEnded || e.Count != 1 {
		t.Fatalf("got %v, want drop ended with 1 cube", e)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Watch returned %v after cancel, want nil", err)
	}
}
