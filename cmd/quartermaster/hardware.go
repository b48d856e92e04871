package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"log/slog"
	"maps"
	"os"
	"strconv"
	"strings"
	"sync"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/devices"
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/web"
)

// tableDevices adapts the devices package's Table to the session's Devices
// interface: device events in, the table's status out on the LED strip and
// the small display.
type tableDevices struct {
	t *devices.Table
	// players gives each seat's colour for the lights; set per session.
	mu      sync.Mutex
	players []companion.PlayerInfo
	// cards maps NFC stickers to sailor cards; nil: taps are only notices.
	cards *devices.Registry
}

// forPlayers returns a copy of the adapter that colours the lights with
// these players' colours.
func (d *tableDevices) forPlayers(ps []companion.PlayerInfo) *tableDevices {
	return &tableDevices{t: d.t, players: ps, cards: d.cards}
}

// Watch forwards the hardware's events until ctx ends.
func (d *tableDevices) Watch(ctx context.Context, out chan<- companion.DeviceEvent) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-d.t.Events():
			if !ok {
				return fmt.Errorf("the devices stopped")
			}
			ce, ok := d.convert(ev)
			if !ok {
				continue
			}
			select {
			case out <- ce:
			case <-ctx.Done():
				return nil
			}
		}
	}
}

// convert turns a devices.Event into the session's DeviceEvent. The devices
// package counts seats from 1 with 0 for the host; the engine from 0.
func (d *tableDevices) convert(ev devices.Event) (companion.DeviceEvent, bool) {
	ce := companion.DeviceEvent{Seat: engine.NoSeat, Time: ev.Time}
	switch ev.Kind {
	case devices.DropStarted:
		ce.Kind = companion.DropStarted
		ce.Count = ev.Count
	case devices.DropEnded:
		ce.Kind = companion.DropEnded
		ce.Count = ev.Count
		ce.Blocked = ev.Blocked
	case devices.ButtonPressed:
		ce.Kind = companion.ButtonPressed
		ce.Long = ev.Long
		if ev.Seat == devices.HostSeat {
			ce.Host = true
		} else {
			ce.Seat = engine.Seat(ev.Seat - 1)
		}
	case devices.CardTapped:
		ce.Kind = companion.CardTapped
		ce.Card = string(ev.UID)
		if d.cards != nil {
			if card, ok := d.cards.Card(ev.UID); ok {
				ce.Card = card
			}
		}
	case devices.PartChanged:
		ce.Kind = companion.PartChanged
		ce.Text = ev.String()
	default:
		return ce, false
	}
	return ce, true
}

// Show puts the table's status on the LED strip and the display.
func (d *tableDevices) Show(s companion.Status) error {
	l := devices.Lights{Mode: devices.Off}
	switch {
	case s.Alert != "":
		l = devices.Lights{Mode: devices.Redrop, Color: devices.RGB{255, 160, 0}}
	case s.Over:
		l = devices.Lights{Mode: devices.Winner, Color: devices.RGB{255, 215, 0}}
	case len(s.Active) > 0:
		l = devices.Lights{Mode: devices.Turn, Color: d.colour(s.Active[0])}
	}
	d.t.ShowLights(l)
	lines := []string{s.Line}
	if s.Alert != "" {
		lines = []string{s.Alert, s.Line}
	}
	d.t.ShowLines(lines...)
	return nil
}

// colours are the cube colours' light equivalents; an unknown name is white.
var colours = map[string]devices.RGB{
	"purple": {128, 0, 200}, "green": {0, 200, 40}, "blue": {0, 60, 255},
	"orange": {255, 100, 0}, "red": {255, 0, 0}, "yellow": {255, 200, 0},
	"black": {40, 40, 40}, "white": {255, 255, 255},
}

func (d *tableDevices) colour(s engine.Seat) devices.RGB {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, p := range d.players {
		if p.Seat == s {
			if c, ok := colours[strings.ToLower(p.Colour)]; ok {
				return c
			}
		}
	}
	return devices.RGB{255, 255, 255}
}

// simControls adapts the devices' simulators to the dashboard's developer
// panel and the keyboard. A drop through the simulated tower also falls on
// the simulated camera's board: exactly the cubes the table the hardware
// serves waits for (awaited and lay, when set), so the camera's read is
// the one the step awaits; else random cubes (drop), as many as the tower
// counts. One cube fewer lands when the last is stuck in the tower.
type simControls struct {
	s    *devices.Sim
	drop func(n int)
	// lay shows exactly these cubes (colour -> count) on the board.
	lay func(cubes map[string]int)
	// awaited is what the served table waits to see dropped (colour ->
	// count), nil when it waits for no cubes.
	awaited func() map[string]int
}

func (c simControls) Devices(context.Context) ([]web.SimDevice, error) {
	var out []web.SimDevice
	for _, d := range c.s.Devices() {
		out = append(out, web.SimDevice{Key: d.Key, Label: d.Label, Commands: d.Commands, State: d.State})
	}
	return out, nil
}

func (c simControls) Do(_ context.Context, key, command string) (string, error) {
	if key == "drop-sensor" {
		if f := strings.Fields(command); len(f) == 2 && (f[0] == "drop" || f[0] == "drop-stuck") {
			if n, err := strconv.Atoi(f[1]); err == nil && n >= 1 && n <= 100 {
				if total := c.cubesFall(n, f[0] == "drop-stuck"); total != n {
					// The tower counts the cubes the step asked for.
					command = fmt.Sprintf("%s %d", f[0], total)
				}
			}
		}
	}
	return c.s.Do(key, command)
}

// Key is a key typed on the terminal (devices.KeyHelp).
func (c simControls) Key(r rune) (did string, known bool, err error) {
	if r == 'd' || r == 'D' {
		n := c.s.Snapshot().DropSize
		if total := c.cubesFall(n, r == 'D'); total != n {
			cmd := "drop"
			if r == 'D' {
				cmd = "drop-stuck"
			}
			did, err = c.s.Do("drop-sensor", fmt.Sprintf("%s %d", cmd, total))
			return did, true, err
		}
	}
	return c.s.Key(r)
}

// cubesFall shows the cubes of a simulated drop of n cubes on the
// simulated camera's board before the tower reports the drop, as cubes land
// while the sensor counts them. It returns how many cubes fall: those the
// served table waits for when it waits for some, else n.
func (c simControls) cubesFall(n int, stuck bool) int {
	if c.awaited != nil && c.lay != nil {
		if cubes := c.awaited(); total(cubes) > 0 {
			if stuck {
				oneStuck(cubes)
			}
			c.lay(cubes)
			return total(cubes) + btoi(stuck)
		}
	}
	if c.drop == nil {
		return n
	}
	if stuck {
		c.drop(n - 1) // the last cube stays in the tower
	} else {
		c.drop(n)
	}
	return n
}

func total(cubes map[string]int) int {
	n := 0
	for _, k := range cubes {
		n += max(k, 0)
	}
	return n
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// oneStuck takes the cube that stays in the tower out of a drop: one of
// the colour with the most cubes (the last such colour by name on a tie),
// so the same drop always leaves the same cube behind.
func oneStuck(cubes map[string]int) {
	best := ""
	for c, k := range cubes {
		if k > 0 && (best == "" || k > cubes[best] || (k == cubes[best] && c > best)) {
			best = c
		}
	}
	if best != "" {
		cubes[best]--
	}
}

// awaitedCubes returns what the table the hardware serves waits to see
// dropped: the cubes of its first expect that names cubes (the battle's
// drop, a re-drop, an exploding shot's cubes with their extra one). It
// reads the table's snapshot, game-neutral; nil when no table is served or
// it waits for no cubes.
func awaitedCubes(ctx context.Context, mgr *companion.Manager, sw *companion.HardwareSwitch) func() map[string]int {
	return func() map[string]int {
		id := sw.Table()
		if id == "" {
			return nil
		}
		s, err := mgr.Get(ctx, id)
		if err != nil {
			return nil
		}
		for _, e := range s.View(engine.Public).Expects {
			if (e.Kind == "drop" || e.Kind == "cubes") && total(e.Cubes) > 0 {
				return maps.Clone(e.Cubes)
			}
		}
		return nil
	}
}

// servedWaits is what the table the hardware serves waits for, for the
// camera: it is made with the camera and follows the hardware switch once
// there is one. It is safe for concurrent use.
type servedWaits struct {
	mu  sync.Mutex
	get func() []engine.Expect
}

// follow makes the waits those of the table sw serves.
func (w *servedWaits) follow(ctx context.Context, mgr *companion.Manager, sw *companion.HardwareSwitch) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.get = func() []engine.Expect {
		id := sw.Table()
		if id == "" {
			return nil
		}
		s, err := mgr.Get(ctx, id)
		if err != nil {
			return nil
		}
		return s.View(engine.Public).Expects
	}
}

// expects is what the served table waits for now (nil: none, or no table).
func (w *servedWaits) expects() []engine.Expect {
	w.mu.Lock()
	get := w.get
	w.mu.Unlock()
	if get == nil {
		return nil
	}
	return get()
}

// keyboard lets `make run` drive the simulated devices from the terminal:
// type keys (see devices.KeyHelp) and Enter. It does nothing when standard
// input is not a terminal (CI, systemd).
func keyboard(ctx context.Context, lg *slog.Logger, sim simControls, in *os.File, out io.Writer) {
	st, err := in.Stat()
	if err != nil || st.Mode()&os.ModeCharDevice == 0 {
		return
	}
	if null, err := os.Stat(os.DevNull); err == nil && os.SameFile(st, null) {
		return // /dev/null is a character device too, but nobody types there
	}
	fmt.Fprintf(out, "Simulated table: type keys and Enter.\n%s\n", devices.KeyHelp)
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	for {
		select {
		case <-ctx.Done():
			return
		case line, ok := <-lines:
			if !ok {
				return
			}
			for _, r := range line {
				did, known, err := sim.Key(r)
				switch {
				case !known:
					fmt.Fprintf(out, "key %q does nothing; the keys are:\n%s\n", r, devices.KeyHelp)
				case err != nil:
					fmt.Fprintf(out, "%s: %v\n", did, err)
				default:
					lg.Info("simulated", "did", did)
				}
			}
		}
	}
}

// withPlayers adapts the hardware to the table it serves: the lights take
// the colours of that table's players.
func withPlayers(hw companion.Hardware, ps []companion.PlayerInfo) companion.Hardware {
	if td, ok := hw.Devices.(*tableDevices); ok {
		hw.Devices = td.forPlayers(ps)
	}
	return hw
}
