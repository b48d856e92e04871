package main

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/config"
	"github.com/quartermaster-table/quartermaster/devices"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/tablehw"
	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/web"
)

// TestServeSimulatedTable starts the companion as `make run` does (simulated
// devices, SQLite in a data directory, the practice catalogs) and checks
// that the dashboard and the API answer, that the store was created where
// --data says and that the practice catalogs are offered.
func TestServeSimulatedTable(t *testing.T) {
	dir := t.TempDir()
	cfg := config.Default()
	cfg.Addr = "127.0.0.1:0"
	cfg.Data = filepath.Join(dir, "data")
	cfg.Sim = true
	cfg.PracticeCatalogs = filepath.Join("..", "..", "examples", "catalogs")
	devCfg, err := config.Devices(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h, stop := startServe(t, cfg, devCfg)

	get := func(path string) (int, string) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, localRequest(http.MethodGet, path, ""))
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
	for _, rules := range []string{"pirates-code", "merchants-and-marauders"} {
		if code, body := get("/api/rules/" + rules + "/practice-catalog"); code != 200 || !strings.Contains(body, "Practice") {
			t.Errorf("the practice catalog of %s: %d %.80q", rules, code, body)
		}
	}
	if err := stop(); err != nil {
		t.Errorf("serve, stopped: %v", err)
	}
}

// TestPracticeCatalogsOnlySimulated: a table that is not simulated offers
// no practice catalog even when the directory is configured: its catalog
// is the owner's copy, never made-up values.
func TestPracticeCatalogsOnlySimulated(t *testing.T) {
	cfg := config.Default()
	cfg.Addr = "127.0.0.1:0"
	cfg.Data = filepath.Join(t.TempDir(), "data")
	cfg.PracticeCatalogs = filepath.Join("..", "..", "examples", "catalogs")
	devCfg, err := config.Devices(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h, stop := startServe(t, cfg, devCfg)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, localRequest(http.MethodGet, "/api/rules", ""))
	if !strings.Contains(rec.Body.String(), `"practice":false`) || strings.Contains(rec.Body.String(), `"practice":true`) {
		t.Errorf("a real table offers a practice catalog: %s", rec.Body.String())
	}
	rec = httptest.NewRecorder()
	h.ServeHTTP(rec, localRequest(http.MethodGet, "/api/rules/pirates-code/practice-catalog", ""))
	if rec.Code != 404 {
		t.Errorf("a real table serves a practice catalog: %d", rec.Code)
	}
	if err := stop(); err != nil {
		t.Errorf("serve, stopped: %v", err)
	}
}

// testBoard is a made-up calibrated battle board (test data): the default
// board with the cargo and coin plunder zones' effects swapped.
func testBoard(t *testing.T, name string) json.RawMessage {
	t.Helper()
	var l map[string]any
	if err := json.Unmarshal(board.DefaultLayoutJSON(), &l); err != nil {
		t.Fatal(err)
	}
	l["name"] = name
	zones := l["zones"].([]any)
	var cargo, coin map[string]any
	for _, z := range zones {
		switch zm := z.(map[string]any); zm["id"] {
		case "plunder-cargo":
			cargo = zm
		case "plunder-coin":
			coin = zm
		}
	}
	cargo["effects"], coin["effects"] = coin["effects"], cargo["effects"]
	b, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestWithBattleBoard(t *testing.T) {
	calibrated := testBoard(t, "Test board (calibrated)")
	own := testBoard(t, "Test board (the setup's own)")
	const players = `"players":[{"name":"Ann","color":"purple"},{"name":"Ben","color":"green"}]`
	boardOf := func(req web.CreateRequest) string {
		var s struct {
			Options struct {
				BattleBoard struct{ Name string } `json:"battleBoard"`
				BonusTokens bool                  `json:"bonusTokens"`
			} `json:"options"`
		}
		if err := json.Unmarshal(req.Setup, &s); err != nil {
			t.Fatalf("setup %s: %v", req.Setup, err)
		}
		return s.Options.BattleBoard.Name
	}
	for _, tc := range []struct {
		name, rules, setup string
		layout             json.RawMessage
		want               string // the board's name in the setup after
		used, fails        bool
	}{
		{name: "no options", rules: "dead-reckoning", setup: `{` + players + `}`, layout: calibrated, want: "Test board (calibrated)", used: true},
		{name: "other options kept", rules: "dead-reckoning", setup: `{` + players + `,"options":{"bonusTokens":true}}`, layout: calibrated, want: "Test board (calibrated)", used: true},
		{name: "null board", rules: "dead-reckoning", setup: `{` + players + `,"options":{"battleBoard":null}}`, layout: calibrated, want: "Test board (calibrated)", used: true},
		{name: "the setup's own board", rules: "dead-reckoning", setup: `{` + players + `,"options":{"battleBoard":` + string(own) + `}}`, layout: calibrated, want: "Test board (the setup's own)"},
		{name: "nothing calibrated", rules: "dead-reckoning", setup: `{` + players + `}`, want: ""},
		{name: "another game", rules: "test-counter", setup: `{"n":1}`, layout: calibrated},
		{name: "a board the rules refuse", rules: "dead-reckoning", setup: `{` + players + `}`, layout: json.RawMessage(strings.ReplaceAll(string(calibrated), `"explode"`, `"damage"`)), fails: true},
	} {
		req := web.CreateRequest{Rules: tc.rules, Setup: json.RawMessage(tc.setup)}
		used, err := tablehw.WithBattleBoard(&req, tc.layout, servedRules(true))
		if (err != nil) != tc.fails || used != tc.used {
			t.Errorf("%s: used %v, err %v", tc.name, used, err)
			continue
		}
		if tc.rules != "dead-reckoning" {
			if string(req.Setup) != tc.setup {
				t.Errorf("%s: setup changed to %s", tc.name, req.Setup)
			}
			continue
		}
		if got := boardOf(req); !tc.fails && got != tc.want {
			t.Errorf("%s: board %q, want %q", tc.name, got, tc.want)
		}
		if tc.name == "other options kept" && !strings.Contains(string(req.Setup), `"bonusTokens":true`) {
			t.Errorf("%s: options lost: %s", tc.name, req.Setup)
		}
	}
}

// TestNewGameGetsTheCalibratedBoard: a data directory with a calibrated
// battle board (test data); a Dead Reckoning game created through the API
// is set up on it, and the rules accept it; a setup with its own board
// keeps it.
func TestNewGameGetsTheCalibratedBoard(t *testing.T) {
	cfg := config.Default()
	cfg.Addr = "127.0.0.1:0"
	cfg.Data = filepath.Join(t.TempDir(), "data")
	cal := vision.Calibration{ImageWidth: 640, ImageHeight: 480, Layout: testBoard(t, "Test board (calibrated)"),
		Corners: [4]board.Point{{X: 100, Y: 100}, {X: 540, Y: 100}, {X: 540, Y: 380}, {X: 100, Y: 380}}}
	if err := os.MkdirAll(cfg.Data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := vision.SaveCalibration(cfg.Data, cal); err != nil {
		t.Fatal(err)
	}
	h, stop := startServe(t, cfg, devices.DefaultConfig())
	create := func(options string) string {
		body := `{"rules":"dead-reckoning","seed":3,"setup":{"players":[{"name":"Ann","color":"purple"},{"name":"Ben","color":"green"}]` + options + `},` +
			`"players":[{"name":"Ann","colour":"purple","seat":0},{"name":"Ben","colour":"green","seat":1}]}`
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, localRequest(http.MethodPost, "/api/tables", body))
		var out struct{ Table string }
		if rec.Code != http.StatusCreated || json.Unmarshal(rec.Body.Bytes(), &out) != nil {
			t.Fatalf("create: %d %s", rec.Code, rec.Body)
		}
		return out.Table
	}
	calibrated := create("")
	own := create(`,"options":{"battleBoard":` + string(testBoard(t, "Test board (the setup's own)")) + `}`)
	if err := stop(); err != nil {
		t.Fatal(err)
	}
	st, err := store.OpenSQLite(filepath.Join(cfg.Data, "quartermaster.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for id, want := range map[string]string{calibrated: "Test board (calibrated)", own: "Test board (the setup's own)"} {
		rec, err := st.Table(context.Background(), id)
		if err != nil {
			t.Fatal(err)
		}
		var s struct {
			Options struct {
				BattleBoard *battle.Layout `json:"battleBoard"`
			} `json:"options"`
		}
		if err := json.Unmarshal(rec.Setup, &s); err != nil || s.Options.BattleBoard == nil {
			t.Fatalf("table %s setup %s: %v", id, rec.Setup, err)
		}
		if s.Options.BattleBoard.Name != want {
			t.Errorf("table %s plays on %q, want %q", id, s.Options.BattleBoard.Name, want)
		}
		for _, z := range s.Options.BattleBoard.Zones {
			if z.ID == "plunder-cargo" && !z.Has(battle.Coin) {
				t.Errorf("table %s: the test board's plunder-cargo zone should give coins: %+v", id, z)
			}
		}
	}
}

// The camera's layout and the rules' battle board are the same format with
// the same zones: the ids a read carries are the ids the rules score.
func TestVisionAndRulesBoardsAgree(t *testing.T) {
	v, r := board.DefaultLayout(), battle.DefaultLayout()
	if len(v.Zones) != len(r.Zones) {
		t.Fatalf("%d vision zones, %d rules zones", len(v.Zones), len(r.Zones))
	}
	for i, z := range v.Zones {
		rz := r.Zones[i]
		if z.ID != rz.ID || len(z.Effects) != len(rz.Effects) {
			t.Errorf("zone %d: vision %s, rules %s", i, z.ID, rz.ID)
			continue
		}
		for k, e := range z.Effects {
			if e.Kind != string(rz.Effects[k].Kind) || e.N != rz.Effects[k].N {
				t.Errorf("zone %s: vision gives %v, rules %v", z.ID, z.Effects, rz.Effects)
			}
		}
	}
	if _, err := rulesBoard(board.DefaultLayoutJSON()); err != nil {
		t.Errorf("the rules refuse the camera's default layout: %v", err)
	}
}

// FuzzWithBattleBoard: whatever setup a client sends, putting the calibrated
// board in never panics, and a setup it changes is JSON with the board in.
func FuzzWithBattleBoard(f *testing.F) {
	f.Add([]byte(`{"players":[{"name":"Ann","color":"purple"},{"name":"Ben","color":"green"}]}`))
	f.Add([]byte(`{"options":null}`))
	f.Add([]byte(`{"options":{"battleBoard":{"zones":[]}}}`))
	f.Add([]byte(`{"options":[1,2]}`))
	f.Add([]byte(`[]`))
	f.Add([]byte(`null`))
	layout := board.DefaultLayoutJSON()
	f.Fuzz(func(t *testing.T, setup []byte) {
		req := web.CreateRequest{Rules: "dead-reckoning", Setup: json.RawMessage(setup)}
		used, err := tablehw.WithBattleBoard(&req, layout, servedRules(true))
		if err != nil {
			t.Fatalf("the default board was refused: %v", err)
		}
		if !used {
			return
		}
		var s struct {
			Options struct {
				BattleBoard json.RawMessage `json:"battleBoard"`
			} `json:"options"`
		}
		if err := json.Unmarshal(req.Setup, &s); err != nil {
			t.Fatalf("changed setup is not JSON: %s", req.Setup)
		}
		if _, err := battle.ParseLayout(s.Options.BattleBoard); err != nil {
			t.Fatalf("the board put in is not the board: %v", err)
		}
	})
}

// startServe runs serve with cfg, quietly, and returns its HTTP handler
// once it listens. stop ends it and waits for it to return (at most 90 s),
// giving serve's error; it also runs when the test ends. The waits are long
// because serve starts the simulated camera (it renders the empty board):
// under -race on a loaded two-core machine that took over 20 s; a wait that
// passes costs nothing.
// serveWait is how long startServe waits for serve to start or stop.
const serveWait = 90 * time.Second

func startServe(t *testing.T, cfg config.Config, devCfg devices.Config) (h http.Handler, stop func() error) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	handlers := make(chan http.Handler, 1)
	done := make(chan error, 1)
	go func() {
		done <- serve(ctx, slog.New(slog.DiscardHandler), cfg, devCfg, func(h http.Handler) { handlers <- h })
	}()
	var once sync.Once
	var stopErr error
	stop = func() error {
		once.Do(func() {
			cancel()
			select {
			case stopErr = <-done:
			case <-time.After(serveWait):
				stopErr = errors.New("serve did not stop within 90 s of its context ending")
			}
		})
		return stopErr
	}
	t.Cleanup(func() { _ = stop() })
	select {
	case h = <-handlers:
		return h, stop
	case err := <-done:
		once.Do(func() { cancel(); stopErr = err })
		t.Fatalf("serve stopped: %v", err)
	case <-time.After(serveWait):
		t.Fatal("serve did not start within 90 s")
	}
	return nil, stop
}

// localRequest is a request as the dashboard on the Pi sends it: to
// localhost (the server refuses names it is not reached by), with a JSON
// body.
func localRequest(method, path, body string) *http.Request {
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.Host = "localhost"
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
	}
	return r
}
