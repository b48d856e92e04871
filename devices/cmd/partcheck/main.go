// Command partcheck tries the table's hardware on its own, without the rules
// or the dashboard: it opens the parts of a devices configuration, prints
// their status and every event (cube drops, button presses, card taps), and
// walks the LED strip and the display through what the game will show.
//
//	go run ./devices/cmd/partcheck                    # the Pi wiring of docs/hardware.md
//	go run ./devices/cmd/partcheck -config parts.json # a devices section of your own
//	go run ./devices/cmd/partcheck -sim               # simulators; type keys + Enter
//
// The -config file holds the "devices" section of the program's config (the
// JSON of devices.Config); keys it leaves out keep their defaults.
package main

import (
	"bufio"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"time"

	"github.com/quartermaster-table/quartermaster/devices"
)

func main() {
	cfgPath := flag.String("config", "", "JSON file with a devices configuration (default: the wiring of docs/hardware.md)")
	sim := flag.Bool("sim", false, "use the simulators (keys on stdin, then Enter)")
	flag.Parse()

	cfg := devices.DefaultConfig()
	if *cfgPath != "" {
		b, err := os.ReadFile(*cfgPath)
		if err == nil {
			err = json.Unmarshal(b, &cfg)
		}
		if err != nil {
			fmt.Fprintf(os.Stderr, "partcheck: %s: %v\n", *cfgPath, err)
			os.Exit(2)
		}
	}
	if *sim {
		cfg.Simulate = true
	}
	if err := cfg.Check(); err != nil {
		fmt.Fprintf(os.Stderr, "partcheck: %v\n", err)
		os.Exit(2)
	}
	lg := slog.New(slog.NewTextHandler(os.Stderr, nil))
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()

	t := devices.Open(lg, cfg)
	if s := t.Sim(); s != nil {
		fmt.Println("Simulated parts. Keys (type them, then Enter):")
		fmt.Println(devices.KeyHelp)
		go func() {
			in := bufio.NewScanner(os.Stdin)
			for in.Scan() {
				for _, r := range in.Text() {
					did, ok, err := s.Key(r)
					switch {
					case err != nil:
						fmt.Println("key", string(r)+":", err)
					case ok:
						fmt.Println(">", did)
					}
				}
			}
		}()
	}
	go show(ctx, t)
	go func() {
		for e := range t.Events() {
			fmt.Printf("%s  %s\n", e.Time.Format("15:04:05.000"), e)
			switch e.Kind {
			case devices.DropEnded:
				t.ShowLines("DROPPED", fmt.Sprintf("%d CUBES", e.Count))
			case devices.CardTapped:
				t.ShowLines("CARD", string(e.UID))
			case devices.ButtonPressed:
				kind := "PRESS"
				if e.Long {
					kind = "LONG"
				}
				t.ShowLines(fmt.Sprintf("SEAT %d", e.Seat), kind)
			}
		}
	}()
	_ = t.Run(ctx)
	for _, s := range t.Status() {
		fmt.Println(s)
	}
}

// show walks the strip through the game's light modes, with test colours.
func show(ctx context.Context, t *devices.Table) {
	red, blue := devices.RGB{200, 0, 0}, devices.RGB{0, 0, 200}
	steps := []devices.Lights{
		{Mode: devices.Turn, Color: red},
		{Mode: devices.Battle, Color: red, Other: blue},
		{Mode: devices.Redrop, Color: blue},
		{Mode: devices.Winner, Color: blue},
	}
	t.ShowLines("PARTCHECK", "DROP CUBES", "PRESS", "TAP A CARD")
	tick := time.NewTicker(3 * time.Second)
	defer tick.Stop()
	for i := 0; ; i++ {
		t.ShowLights(steps[i%len(steps)])
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
		}
	}
}
