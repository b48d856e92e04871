package devices

import (
	"context"
	"testing"
	"time"

	"periph.io/x/conn/v3/gpio"
)

func TestDebouncer(t *testing.T) {
	o := DefaultButtonOpts.withDefaults() // Debounce 30ms, Long 800ms
	type lv struct {
		at      time.Duration
		pressed bool
	}
	tests := []struct {
		name  string
		edges []lv
		end   time.Duration
		want  []Event // Kind, Seat and Long only
	}{
		{name: "short press with bouncing contacts counts once",
			edges: []lv{{0, true}, {2 * ms, false}, {4 * ms, true}, {200 * ms, false}, {203 * ms, true}, {205 * ms, false}},
			end:   400 * ms, want: []Event{{Kind: ButtonPressed, Seat: 2}}},
		{name: "a glitch shorter than the debounce is no press",
			edges: []lv{{0, true}, {10 * ms, false}}, end: time.Second},
		{name: "long press is sent while held, release sends nothing more",
			edges: []lv{{0, true}, {2 * time.Second, false}}, end: 3 * time.Second,
			want: []Event{{Kind: ButtonPressed, Seat: 2, Long: true}}},
		{name: "held just under the long time is short",
			edges: []lv{{0, true}, {790 * ms, false}}, end: 3 * time.Second,
			want: []Event{{Kind: ButtonPressed, Seat: 2}}},
		{name: "two presses",
			edges: []lv{{0, true}, {100 * ms, false}, {300 * ms, true}, {400 * ms, false}}, end: time.Second,
			want: []Event{{Kind: ButtonPressed, Seat: 2}, {Kind: ButtonPressed, Seat: 2}}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := newDebouncer(o, 2, false)
			var got, evs []Event
			// Tick every millisecond as the watcher would, feeding edges on time.
			i := 0
			for at := time.Duration(0); at <= tt.end; at += ms {
				for i < len(tt.edges) && tt.edges[i].at <= at {
					evs = append(evs, d.edge(tt.edges[i].pressed, t0.Add(tt.edges[i].at))...)
					i++
				}
				evs = append(evs, d.tick(t0.Add(at))...)
			}
			for _, e := range evs {
				got = append(got, Event{Kind: e.Kind, Seat: e.Seat, Long: e.Long})
			}
			if len(got) != len(tt.want) {
				t.Fatalf("got %v, want %v", got, tt.want)
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("press %d = %v, want %v", i, got[i], tt.want[i])
				}
			}
		})
	}
}

func TestDebouncerHeldAtStart(t *testing.T) {
	d := newDebouncer(DefaultButtonOpts.withDefaults(), 1, true)
	if evs := d.tick(t0.Add(5 * time.Second)); len(evs) > 0 {
		t.Fatal("a button held when watching starts was reported as a press")
	}
	d.edge(false, t0.Add(6*time.Second))
	if evs := d.tick(t0.Add(7 * time.Second)); len(evs) > 0 {
		t.Fatalf("its release was reported as %v", evs)
	}
}

// TestPinButtonsWatch presses the buttons of a host and two seats on gpiotest
// pins: bounces count once, a long hold is a long press.
func TestPinButtonsWatch(t *testing.T) {
	clk := newFakeClock()
	host := newFakePin("GPIO5", 5, clk)
	seat1 := newFakePin("GPIO6", 6, clk)
	seat2 := newFakePin("GPIO13", 13, clk)
	o := DefaultButtonOpts
	o.Poll = time.Millisecond
	o.Clock = clk
	b, err := NewButtons(host, []gpio.PinIn{seat1, seat2}, &o)
	if err != nil {
		t.Fatal(err)
	}
	if seat1.P != gpio.PullUp {
		t.Errorf("pull = %s, want PullUp", seat1.P)
	}
	if got, want := b.String(), "buttons(host=GPIO5(5), seat 1=GPIO6(6), seat 2=GPIO13(13))"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	ctx, cancel := context.WithCancel(context.Background())
	out := make(chan Event, 8)
	done := make(chan error, 1)
	go func() { done <- b.Watch(ctx, out) }()

	press, release := gpio.Low, gpio.High
	// Seat 2: a short press with contact bounce on both edges.
	seat2.edgeAt(0, press)
	seat2.edgeAt(1*ms, release)
	seat2.edgeAt(3*ms, press)
	seat2.edgeAt(150*ms, release)
	seat2.edgeAt(152*ms, press)
	seat2.edgeAt(154*ms, release)
	clk.set(200 * ms)
	if e := next(t, out); e.Kind != ButtonPressed || e.Seat != 2 || e.Long {
		t.Fatalf("got %v, want a short press of seat 2", e)
	}
	// Host: held for a second, a long press before the release.
	host.edgeAt(time.Second, press)
	clk.set(1900 * ms)
	if e := next(t, out); e.Seat != HostSeat || !e.Long {
		t.Fatalf("got %v, want a long press of the host", e)
	}
	host.edgeAt(2500*ms, release)
	// Seat 1: a short press. It must be the next event: the host's release
	// and seat 2's bounces sent nothing more.
	seat1.edgeAt(3*time.Second, press)
	seat1.edgeAt(3100*ms, release)
	clk.set(3200 * ms)
	if e := next(t, out); e.Seat != 1 || e.Long {
		t.Fatalf("got %v, want a short press of seat 1 (and nothing else before it)", e)
	}
	cancel()
	if err := <-done; err != nil {
		t.Fatalf("Watch returned %v after cancel", err)
	}
}
