package main

import (
	"context"
	"testing"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/devices"
	"github.com/quartermaster-table/quartermaster/engine"
)

func TestDeviceEventsKeepTheirSeats(t *testing.T) {
	d := &tableDevices{}
	ce, ok := d.convert(devices.Event{Kind: devices.ButtonPressed, Seat: 2, Long: true})
	if !ok || ce.Seat != 1 || ce.Host || !ce.Long {
		t.Errorf("seat 2's button (devices count from 1) became %+v", ce)
	}
	ce, _ = d.convert(devices.Event{Kind: devices.ButtonPressed, Seat: devices.HostSeat})
	if !ce.Host || ce.Seat != engine.NoSeat {
		t.Errorf("the host's button became %+v", ce)
	}
	ce, _ = d.convert(devices.Event{Kind: devices.DropEnded, Count: 7, Blocked: true})
	if ce.Kind != companion.DropEnded || ce.Count != 7 || !ce.Blocked {
		t.Errorf("a drop of 7 with a stuck cube became %+v", ce)
	}
	reg := devices.NewRegistry()
	uid, _ := devices.ParseUID("04:a1:b2:c3")
	if err := reg.Add(uid, "captain"); err != nil {
		t.Fatal(err)
	}
	d.cards = reg
	ce, _ = d.convert(devices.Event{Kind: devices.CardTapped, UID: uid})
	if ce.Card != "captain" {
		t.Errorf("a registered sticker became card %q", ce.Card)
	}
}

// A drop through the simulated tower, from the developer panel or the
// keyboard, lays the same cubes on the simulated camera's board (one fewer
// when the last is stuck in the tower); other commands do not.
func TestSimulatedDropFallsOnTheCamera(t *testing.T) {
	var fell []int
	sc := simControls{s: devices.NewSim(), drop: func(n int) { fell = append(fell, n) }}
	for _, cmd := range []struct{ key, command string }{
		{"drop-sensor", "drop 4"}, {"drop-sensor", "drop-stuck 4"}, {"drop-sensor", "drop 0"},
		{"drop-sensor", "drop many"}, {"button-1", "press"},
	} {
		_, _ = sc.Do(context.Background(), cmd.key, cmd.command)
	}
	if _, _, err := sc.Key('d'); err != nil {
		t.Fatal(err)
	}
	size := sc.s.Snapshot().DropSize
	if len(fell) != 3 || fell[0] != 4 || fell[1] != 3 || fell[2] != size {
		t.Errorf("cubes fell on the camera's board: %v, want [4 3 %d]", fell, size)
	}
	// Without a simulated camera the tower still drops.
	if _, err := (simControls{s: devices.NewSim()}).Do(context.Background(), "drop-sensor", "drop 2"); err != nil {
		t.Errorf("drop without a camera: %v", err)
	}
}
