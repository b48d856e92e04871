//go:build cgo && !novision

package main

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/vision"
)

// The camera service itself is tested in vision/camerasvc; these tests check
// serve's wiring: the Dead Reckoning read action and board check.

func quietLogger() *slog.Logger { return slog.New(slog.NewTextHandler(io.Discard, nil)) }

// readStep decodes the rules' read action and counts its cubes.
func readStep(t *testing.T, r companion.CameraRead) (battle.Step, int) {
	t.Helper()
	var step struct {
		Type string `json:"type"`
		Seat int    `json:"seat"`
		battle.Step
	}
	if err := json.Unmarshal(r.Action, &step); err != nil {
		t.Fatalf("action %s: %v", r.Action, err)
	}
	if step.Type != "battle-step" || step.Seat != -1 || step.Step.Step != "read" || step.Read == nil {
		t.Fatalf("not a read action: %s", r.Action)
	}
	n := 0
	for _, zones := range step.Read.Cubes {
		for _, k := range zones {
			n += k
		}
	}
	for _, k := range step.Read.Redrop {
		n += k
	}
	return step.Step, n
}

// TestServeSimulatedBattleRead is `make run` from the API: a Dead Reckoning
// table, a drop through the simulated tower, and the camera's read of the
// cubes that fell waits for a player, with the tower's count beside it.
func TestServeSimulatedBattleRead(t *testing.T) {
	t.Parallel() // mostly waiting for frames: overlaps with the other tests
	cfg := defaultConfig()
	cfg.Addr = "127.0.0.1:0"
	cfg.Data = filepath.Join(t.TempDir(), "data")
	cfg.Sim = true
	devCfg, err := deviceConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h, stop := startServe(t, cfg, devCfg)
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	do := func(method, path, body string) (int, []byte) {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, path, strings.NewReader(body)))
		return rec.Code, rec.Body.Bytes()
	}
	code, body := do("POST", "/api/tables", `{"rules":"dead-reckoning","seed":3,"setup":{"players":[{"name":"Ann","color":"purple"},{"name":"Ben","color":"green"}]},`+
		`"players":[{"name":"Ann","colour":"purple","seat":0},{"name":"Ben","colour":"green","seat":1}]}`)
	var created struct{ Table string }
	if code != 201 || json.Unmarshal(body, &created) != nil {
		t.Fatalf("create: %d %s", code, body)
	}
	// The hardware follows the newest game within a couple of seconds;
	// drop again until the read shows (a drop before that is not this
	// table's).
	deadline := time.Now().Add(40 * time.Second)
	for time.Now().Before(deadline) {
		if code, body := do("POST", "/api/sim", `{"key":"drop-sensor","command":"drop 5"}`); code != 200 {
			t.Fatalf("simulated drop: %d %s", code, body)
		}
		for wait := time.Now().Add(4 * time.Second); time.Now().Before(wait); time.Sleep(100 * time.Millisecond) {
			_, body := do("GET", "/api/tables/"+created.Table+"/reads", "")
			var reads []companion.ProposedRead
			if err := json.Unmarshal(body, &reads); err != nil {
				t.Fatalf("reads: %s", body)
			}
			if len(reads) > 0 {
				r := reads[0]
				if r.Dropped != 5 || r.Cubes < 3 || r.Cubes > 7 {
					t.Errorf("read of a 5-cube drop: %d seen, %d counted", r.Cubes, r.Dropped)
				}
				readStep(t, companion.CameraRead{Action: r.Action, Cubes: r.Cubes})
				return
			}
		}
	}
	t.Fatal("no camera read after dropping cubes through the simulated tower")
}

// TestCameraReadIsTheRulesReadAction: a vision read becomes the Dead
// Reckoning read step, cubes the reader could not read sent back as
// re-drops.
func TestCameraReadIsTheRulesReadAction(t *testing.T) {
	res := vision.Result{Cubes: []vision.Cube{{Color: "purple", Zone: "explode"}, {Color: "purple", Zone: "damage-left"}, {Color: "black", Zone: "explode"}},
		Redrop: []vision.Redrop{{Color: "black"}}}
	rd, err := cameraRead(res)
	if err != nil {
		t.Fatal(err)
	}
	step, n := readStep(t, rd)
	if n != 4 || rd.Cubes != 4 || step.Read.Cubes["purple"]["damage-left"] != 1 || step.Read.Redrop["black"] != 1 {
		t.Errorf("read action %s (%d cubes)", rd.Action, rd.Cubes)
	}
}

// TestCameraRefusesABoardTheRulesCannotPlay: the calibration page cannot
// save a board without an exploding-shot zone, and the sentence says the
// rules are why.
func TestCameraRefusesABoardTheRulesCannotPlay(t *testing.T) {
	cfg := defaultConfig()
	cfg.Sim, cfg.Data = true, filepath.Join(t.TempDir(), "data")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cam, err := openCamera(ctx, quietLogger(), cfg)
	if err != nil || cam == nil || cam.SimDrop == nil {
		t.Fatalf("openCamera: %v %v", cam, err)
	}
	defer cam.Close()
	cal, err := cam.Calibrator.Calibration(ctx)
	if err != nil {
		t.Fatal(err)
	}
	cal.Layout = json.RawMessage(strings.ReplaceAll(string(cal.Layout), `"explode"`, `"damage"`))
	if err := cam.Calibrator.SaveCalibration(ctx, cal); err == nil || !strings.Contains(err.Error(), "rules") {
		t.Errorf("a board without an exploding-shot zone was saved: %v", err)
	}
}

func TestCameraWithoutCalibrationSaysSo(t *testing.T) {
	cfg := defaultConfig()
	cfg.Camera = filepath.Join(t.TempDir(), "missing.avi")
	cfg.Data = t.TempDir()
	if _, err := openCamera(context.Background(), quietLogger(), cfg); err == nil {
		t.Error("a missing video file opened as a camera")
	}
}
