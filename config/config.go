// Package config is what `quartermaster serve` runs with: the defaults,
// then an optional JSON file, then the command-line flags, each overriding
// the one before; and the hardware section of it over the Pi's defaults.
// docs/configuration.md documents every key.
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/quartermaster-table/quartermaster/devices"
	"github.com/quartermaster-table/quartermaster/engine"
)

// Config is everything `serve` needs.
type Config struct {
	// Addr is where the dashboard listens, HOST:PORT.
	Addr string `json:"addr"`
	// Data is the directory for the SQLite store and the camera calibration.
	Data string `json:"data"`
	// DB is a PostgreSQL DSN; empty means SQLite under Data.
	DB string `json:"db"`
	// Sim runs a simulated table: simulated camera and devices.
	Sim bool `json:"sim"`
	// PracticeCatalogs is a directory of practice catalogs (<rules>.json,
	// made-up values: examples/catalogs) the catalog page offers to load;
	// used only with Sim, so a real table never offers made-up values.
	PracticeCatalogs string `json:"practiceCatalogs,omitempty"`
	// SimSeed seeds the simulated camera's drops and rolls, so a scripted
	// game (a browser journey) sees the same cubes and dice every run;
	// 0 seeds them from the clock.
	SimSeed uint64 `json:"simSeed,omitempty"`
	// Camera is the camera to read: a device index ("0"), a video file or an
	// MJPEG URL. Empty means no camera (battle reads are typed in).
	Camera string `json:"camera"`
	// Hardware enables the Raspberry Pi parts listed under Devices.
	Hardware bool `json:"hardware"`
	// LogLevel is debug, info, warn or error.
	LogLevel string `json:"logLevel"`
	// Layout and Palette are paths to a battle-board layout and a colour
	// palette; empty means the calibrated ones in Data, else the defaults.
	Layout  string `json:"layout"`
	Palette string `json:"palette"`
	// Devices configures the hardware parts (pins, buses); see docs/hardware.md.
	Devices json.RawMessage `json:"devices,omitempty"`
	// TestGames adds the made-up games used by tests (Race to Ten) to the
	// games served; never shown to players by default.
	TestGames bool `json:"testGames,omitempty"`
	// SocketsPerClient caps the WebSockets one address may keep open (0:
	// the server's default, 32). A benchmark with 50 clients on one machine
	// raises it; a table never needs to.
	SocketsPerClient int `json:"socketsPerClient,omitempty"`
}

// OldKeys are the config file's keys before the program spoke one naming
// convention (camelCase); files written with them are still read.
var OldKeys = engine.LegacyKeys{"log_level": "logLevel", "test_games": "testGames", "sockets_per_client": "socketsPerClient",
	"broken_high": "brokenHigh", "min_gap": "minGap"}

// Default is the configuration with no file and no flags.
func Default() Config {
	return Config{Addr: ":8080", Data: "./data", LogLevel: "info"}
}

// LoadFile reads a JSON config file over cfg. Unknown keys are refused,
// so a typo does not silently do nothing.
func LoadFile(path string, cfg *Config) error {
	b, err := os.ReadFile(path)
	if err != nil {
		return fmt.Errorf("config file: %w", err)
	}
	dec := json.NewDecoder(bytes.NewReader(OldKeys.Rewrite(b)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(cfg); err != nil {
		return fmt.Errorf("config file %s: %w", path, err)
	}
	if dec.More() {
		return fmt.Errorf("config file %s: unexpected data after the JSON object", path)
	}
	return nil
}

// Flags registers the serve flags on fs. After fs.Parse, call the
// returned function: it loads the config file (if --config was given) and
// applies only the flags that were set on the command line over it.
func Flags(fs *flag.FlagSet) func() (Config, error) {
	def := Default()
	path := fs.String("config", "", "a JSON config file (see docs/configuration.md); flags override it")
	addr := fs.String("addr", def.Addr, "listen address HOST:PORT")
	data := fs.String("data", def.Data, "data directory (store, calibration)")
	db := fs.String("db", "", "PostgreSQL DSN for a venue server; empty: SQLite under --data")
	sim := fs.Bool("sim", false, "simulated table: simulated camera and devices")
	practice := fs.String("practice-catalogs", "", "with --sim: a directory of practice catalogs <rules>.json the catalog page offers (examples/catalogs)")
	simSeed := fs.Uint64("sim-seed", 0, "with --sim: seed of the simulated drops and rolls (0: from the clock), for repeatable runs")
	camera := fs.String("camera", "", "camera: device index, video file or MJPEG URL")
	hardware := fs.Bool("hardware", false, "use the Raspberry Pi hardware configured in the config file")
	level := fs.String("log-level", def.LogLevel, "log level: debug, info, warn, error")
	layout := fs.String("layout", "", "battle-board layout JSON (default: calibrated, else built in)")
	palette := fs.String("palette", "", "cube colour palette JSON (default: calibrated, else built in)")
	testGames := fs.Bool("test-games", false, "also serve the made-up games the tests play (Race to Ten)")
	return func() (Config, error) {
		cfg := def
		if *path != "" {
			if err := LoadFile(*path, &cfg); err != nil {
				return cfg, err
			}
		}
		set := map[string]bool{}
		fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
		apply := func(name string, dst *string, v string) {
			if set[name] {
				*dst = v
			}
		}
		apply("addr", &cfg.Addr, *addr)
		apply("data", &cfg.Data, *data)
		apply("db", &cfg.DB, *db)
		apply("camera", &cfg.Camera, *camera)
		apply("practice-catalogs", &cfg.PracticeCatalogs, *practice)
		apply("log-level", &cfg.LogLevel, *level)
		apply("layout", &cfg.Layout, *layout)
		apply("palette", &cfg.Palette, *palette)
		if set["sim"] {
			cfg.Sim = *sim
		}
		if set["hardware"] {
			cfg.Hardware = *hardware
		}
		if set["sim-seed"] {
			cfg.SimSeed = *simSeed
		}
		if set["test-games"] {
			cfg.TestGames = *testGames
		}
		if cfg.Addr == "" {
			return cfg, errors.New("the listen address is empty")
		}
		if cfg.Data == "" {
			return cfg, errors.New("the data directory is empty")
		}
		return cfg, nil
	}
}

// Devices is the hardware section of cfg over the Pi defaults; Sim
// replaces every part by its simulator. A typo in the section is refused.
func Devices(cfg Config) (devices.Config, error) {
	dc := devices.DefaultConfig()
	if len(cfg.Devices) > 0 {
		dec := json.NewDecoder(bytes.NewReader(OldKeys.Rewrite(cfg.Devices)))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&dc); err != nil {
			return dc, fmt.Errorf("config key \"devices\": %w", err)
		}
	}
	if cfg.Sim {
		dc.Simulate = true
	}
	if err := dc.Check(); err != nil {
		return dc, fmt.Errorf("config key \"devices\": %w", err)
	}
	return dc, nil
}
