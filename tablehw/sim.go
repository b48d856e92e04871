package tablehw

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

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/devices"
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/web"
)

// SimControls adapts the devices' simulators to the dashboard's developer
// panel (web.SimControls) and the keyboard. A drop through the simulated
// tower also falls on the simulated camera's board: exactly the cubes the
// table the hardware serves waits for (Awaited and Lay, when set), so the
// camera's read is the one the step awaits; else random cubes (Drop), as
// many as the tower counts. One cube fewer lands when the last is stuck in
// the tower.
type SimControls struct {
	// Sim is the simulated devices. Required.
	Sim *devices.Sim
	// Drop shows n random cubes on the simulated camera's board (nil: no
	// simulated camera).
	Drop func(n int)
	// Lay shows exactly these cubes (colour -> count) on the board.
	Lay func(cubes map[string]int)
	// Awaited is what the served table waits to see dropped (colour ->
	// count), nil when it waits for no cubes.
	Awaited func() map[string]int
}

// Devices lists the simulated devices for the developer panel.
func (c SimControls) Devices(context.Context) ([]web.SimDevice, error) {
	var out []web.SimDevice
	for _, d := range c.Sim.Devices() {
		out = append(out, web.SimDevice{Key: d.Key, Label: d.Label, Commands: d.Commands, State: d.State})
	}
	return out, nil
}

// Do runs a developer panel command on a simulated device.
func (c SimControls) Do(_ context.Context, key, command string) (string, error) {
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
	return c.Sim.Do(key, command)
}

// Key is a key typed on the terminal (devices.KeyHelp).
func (c SimControls) Key(r rune) (did string, known bool, err error) {
	if r == 'd' || r == 'D' {
		n := c.Sim.Snapshot().DropSize
		if total := c.cubesFall(n, r == 'D'); total != n {
			cmd := "drop"
			if r == 'D' {
				cmd = "drop-stuck"
			}
			did, err = c.Sim.Do("drop-sensor", fmt.Sprintf("%s %d", cmd, total))
			return did, true, err
		}
	}
	return c.Sim.Key(r)
}

// cubesFall shows the cubes of a simulated drop of n cubes on the
// simulated camera's board before the tower reports the drop, as cubes land
// while the sensor counts them. It returns how many cubes fall: those the
// served table waits for when it waits for some, else n.
func (c SimControls) cubesFall(n int, stuck bool) int {
	if c.Awaited != nil && c.Lay != nil {
		if cubes := c.Awaited(); total(cubes) > 0 {
			if stuck {
				oneStuck(cubes)
			}
			c.Lay(cubes)
			return total(cubes) + btoi(stuck)
		}
	}
	if c.Drop == nil {
		return n
	}
	if stuck {
		c.Drop(n - 1) // the last cube stays in the tower
	} else {
		c.Drop(n)
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

// AwaitedCubes returns what the table the hardware serves waits to see
// dropped: the cubes of its first expect that names cubes (the battle's
// drop, a re-drop, an exploding shot's cubes with their extra one). It
// reads the table's snapshot, game-neutral; nil when no table is served or
// it waits for no cubes.
func AwaitedCubes(ctx context.Context, mgr *companion.Manager, sw *companion.HardwareSwitch) func() map[string]int {
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

// Keyboard lets `make run` drive the simulated devices from the terminal:
// type keys (see devices.KeyHelp) and Enter. It does nothing when standard
// input is not a terminal (CI, systemd).
func Keyboard(ctx context.Context, lg *slog.Logger, sim SimControls, in *os.File, out io.Writer) {
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
