package tablehw

import (
	"context"
	"fmt"
	"maps"
	"testing"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/devices"
	"github.com/quartermaster-table/quartermaster/engine"
)

func TestDeviceEventsKeepTheirSeats(t *testing.T) {
	d := &Devices{}
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
	sc := SimControls{Sim: devices.NewSim(), Drop: func(n int) { fell = append(fell, n) }}
	for _, cmd := range []struct{ key, command string }{
		{"drop-sensor", "drop 4"}, {"drop-sensor", "drop-stuck 4"}, {"drop-sensor", "drop 0"},
		{"drop-sensor", "drop many"}, {"button-1", "press"},
	} {
		_, _ = sc.Do(context.Background(), cmd.key, cmd.command)
	}
	if _, _, err := sc.Key('d'); err != nil {
		t.Fatal(err)
	}
	size := sc.Sim.Snapshot().DropSize
	if len(fell) != 3 || fell[0] != 4 || fell[1] != 3 || fell[2] != size {
		t.Errorf("cubes fell on the camera's board: %v, want [4 3 %d]", fell, size)
	}
	// Without a simulated camera the tower still drops.
	if _, err := (SimControls{Sim: devices.NewSim()}).Do(context.Background(), "drop-sensor", "drop 2"); err != nil {
		t.Errorf("drop without a camera: %v", err)
	}
}

// While the served table waits for cubes, a simulated drop lays exactly
// those (whatever count the panel or the keyboard asked for) and the tower
// counts them; a stuck cube is one of the most numerous colour, left out.
func TestSimulatedDropLaysTheAwaitedCubes(t *testing.T) {
	var laid []map[string]int
	var random []int
	awaited := map[string]int{"purple": 2, "green": 1, "black": 2}
	sc := SimControls{Sim: devices.NewSim(), Drop: func(n int) { random = append(random, n) },
		Lay:     func(c map[string]int) { laid = append(laid, maps.Clone(c)) },
		Awaited: func() map[string]int { return maps.Clone(awaited) }}
	did, err := sc.Do(context.Background(), "drop-sensor", "drop 9")
	if err != nil || did != "dropped 5 cubes" {
		t.Errorf("the tower said %q %v, want 5 cubes counted", did, err)
	}
	did, err = sc.Do(context.Background(), "drop-sensor", "drop-stuck 2")
	if err != nil || did != "dropped 5 cubes, the last one stuck" {
		t.Errorf("the tower said %q %v, want 5 cubes counted, one stuck", did, err)
	}
	if _, _, err := sc.Key('d'); err != nil {
		t.Fatal(err)
	}
	want := []map[string]int{
		{"purple": 2, "green": 1, "black": 2},
		{"purple": 1, "green": 1, "black": 2}, // black and purple tie: the later name loses one
		{"purple": 2, "green": 1, "black": 2},
	}
	if fmt.Sprint(laid) != fmt.Sprint(want) || len(random) != 0 {
		t.Errorf("laid %v (random %v), want %v", laid, random, want)
	}
	// Nothing awaited: random cubes, as many as the tower counts.
	awaited = nil
	if _, err := sc.Do(context.Background(), "drop-sensor", "drop 3"); err != nil || fmt.Sprint(random) != "[3]" || len(laid) != 3 {
		t.Errorf("with nothing awaited: random %v, laid %v, %v", random, laid, err)
	}
}
