package config

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestConfigFileThenFlags(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "qm.json")
	if err := os.WriteFile(path, []byte(`{"addr":"127.0.0.1:9000","data":"/var/lib/qm","sim":true,"logLevel":"debug"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	load := Flags(fs)
	if err := fs.Parse([]string{"--config", path, "--addr", ":7000"}); err != nil {
		t.Fatal(err)
	}
	cfg, err := load()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Addr != ":7000" {
		t.Errorf("a flag must override the file: addr %q", cfg.Addr)
	}
	if cfg.Data != "/var/lib/qm" || !cfg.Sim || cfg.LogLevel != "debug" {
		t.Errorf("the file's values were lost: %+v", cfg)
	}

	// A file written before the one naming convention is still read.
	old := filepath.Join(dir, "old.json")
	if err := os.WriteFile(old, []byte(`{"log_level":"warn","test_games":true}`), 0o644); err != nil {
		t.Fatal(err)
	}
	fs = flag.NewFlagSet("serve", flag.ContinueOnError)
	load = Flags(fs)
	_ = fs.Parse([]string{"--config", old})
	if cfg, err := load(); err != nil || cfg.LogLevel != "warn" || !cfg.TestGames {
		t.Errorf("a config file with the old keys: %+v %v", cfg, err)
	}

	// Defaults without a file.
	fs = flag.NewFlagSet("serve", flag.ContinueOnError)
	load = Flags(fs)
	_ = fs.Parse(nil)
	cfg, _ = load()
	if cfg.Addr != ":8080" || cfg.Data != "./data" || cfg.Sim {
		t.Errorf("defaults: %+v", cfg)
	}

	// A typo in the file is refused, naming the key.
	bad := filepath.Join(dir, "bad.json")
	_ = os.WriteFile(bad, []byte(`{"adr":":1"}`), 0o644)
	fs = flag.NewFlagSet("serve", flag.ContinueOnError)
	load = Flags(fs)
	_ = fs.Parse([]string{"--config", bad})
	if _, err := load(); err == nil || !strings.Contains(err.Error(), `"adr"`) {
		t.Errorf("typo in config: %v", err)
	}
	// A missing file is refused.
	fs = flag.NewFlagSet("serve", flag.ContinueOnError)
	load = Flags(fs)
	_ = fs.Parse([]string{"--config", filepath.Join(dir, "missing.json")})
	if _, err := load(); err == nil {
		t.Error("a missing config file was accepted")
	}
}

func TestDeviceConfigRefusesTypos(t *testing.T) {
	cfg := Default()
	cfg.Devices = json.RawMessage(`{"dorp": {}}`)
	if _, err := Devices(cfg); err == nil || !strings.Contains(err.Error(), `"dorp"`) {
		t.Errorf("a typo in the devices section: %v", err)
	}
	cfg.Devices = json.RawMessage(`{"drop": {"enabled": true, "pin": "GPIO27", "brokenHigh": true}}`)
	dc, err := Devices(cfg)
	if err != nil || dc.Drop.Pin != "GPIO27" || !dc.Drop.BrokenHigh || !dc.Buttons.Enabled {
		t.Errorf("the devices section must override the defaults key by key: %+v %v", dc.Drop, err)
	}
	// A devices section written before the one naming convention.
	cfg.Devices = json.RawMessage(`{"drop": {"enabled": true, "broken_high": true, "min_gap": "5ms"}}`)
	if dc, err := Devices(cfg); err != nil || !dc.Drop.BrokenHigh || time.Duration(dc.Drop.MinGap) != 5*time.Millisecond {
		t.Errorf("the old keys of the devices section: %+v %v", dc.Drop, err)
	}
}
