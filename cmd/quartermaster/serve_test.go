package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeSimulatedTable starts the companion as `make run` does (simulated
// devices, SQLite in a data directory) and checks that the dashboard and the
// API answer and that the store was created where --data says.
func TestServeSimulatedTable(t *testing.T) {
	dir := t.TempDir()
	cfg := defaultConfig()
	cfg.Addr = "127.0.0.1:0"
	cfg.Data = filepath.Join(dir, "data")
	cfg.Sim = true
	devCfg, err := deviceConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	handlers := make(chan http.Handler, 1)
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, slog.New(slog.DiscardHandler), cfg, devCfg, func(h http.Handler) { handlers <- h })
	}()
	var h http.Handler
	select {
	case h = <-handlers:
	case err := <-done:
		t.Fatalf("serve stopped: %v", err)
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not start")
	}

	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		b, _ := io.ReadAll(rec.Body)
		return rec.Code, string(b)
	}
	if code, body := get("/"); code != 200 || !strings.Contains(body, "<html") {
		t.Errorf("GET / = %d %.80q", code, body)
	}
	code, body := get("/api/tables")
	if code != 200 {
		t.Errorf("GET /api/tables = %d %s", code, body)
	}
	var list []any
	if err := json.Unmarshal([]byte(body), &list); err != nil {
		t.Errorf("GET /api/tables is not a JSON list: %s", body)
	}
	if _, err := os.Stat(filepath.Join(cfg.Data, "quartermaster.db")); err != nil {
		t.Errorf("the SQLite store is not in the data directory: %v", err)
	}
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("serve returned %v after its context ended", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop when its context ended")
	}
}

func TestDeviceConfigRefusesTypos(t *testing.T) {
	cfg := defaultConfig()
	cfg.Devices = json.RawMessage(`{"dorp": {}}`)
	if _, err := deviceConfig(cfg); err == nil || !strings.Contains(err.Error(), `"dorp"`) {
		t.Errorf("a typo in the devices section: %v", err)
	}
	cfg.Devices = json.RawMessage(`{"drop": {"enabled": true, "pin": "GPIO27"}}`)
	dc, err := deviceConfig(cfg)
	if err != nil || dc.Drop.Pin != "GPIO27" || !dc.Buttons.Enabled {
		t.Errorf("the devices section must override the defaults key by key: %+v %v", dc.Drop, err)
	}
}
