//go:build cgo && !novision

package main

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/config"
	"github.com/quartermaster-table/quartermaster/vision/camerasvc"
)

// A damaged cards.json or palette no longer stops serve: it starts, a
// table can be played, and /api/health names each part that needs repair.
func TestServeStartsWithDamagedFiles(t *testing.T) {
	dir := t.TempDir()
	cfg := config.Default()
	cfg.Addr = "127.0.0.1:0"
	cfg.Data = filepath.Join(dir, "data")
	cfg.Sim = true
	if err := os.MkdirAll(cfg.Data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg.Data, cardsFile), []byte(`{"cards": [`), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(cfg.Data, camerasvc.SimDir), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(cfg.Data, camerasvc.SimDir, "palette.json"), []byte(`{"colors": {"purple": `), 0o644); err != nil {
		t.Fatal(err)
	}
	devCfg, err := config.Devices(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h, _ := startServe(t, cfg, devCfg)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, localRequest(http.MethodGet, "/api/health", ""))
	body, _ := io.ReadAll(rec.Body)
	var health struct {
		OK          bool     `json:"ok"`
		NeedsRepair []string `json:"needsRepair"`
	}
	if rec.Code != 200 || json.Unmarshal(body, &health) != nil || !health.OK {
		t.Fatalf("health: %d %s", rec.Code, body)
	}
	if got := strings.Join(health.NeedsRepair, "\n"); len(health.NeedsRepair) != 2 || !strings.Contains(got, cardsFile) || !strings.Contains(got, "palette") {
		t.Errorf("needs repair: %q, want the cards file and the camera's palette", health.NeedsRepair)
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, localRequest(http.MethodPost, "/api/tables", `{"rules":"dead-reckoning","setup":{"players":[{"name":"Ann","color":"purple"},{"name":"Ben","color":"green"}]},"players":[{"name":"Ann","colour":"purple","seat":0},{"name":"Ben","colour":"green","seat":1}]}`))
	if rec.Code != http.StatusCreated {
		t.Errorf("a table on a server with damaged cards: %d %s", rec.Code, rec.Body)
	}
}
