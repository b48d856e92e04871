package web

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// fakeDiceCalibrator is a camera watching a dice tray: it records what
// reached it.
type fakeDiceCalibrator struct {
	fakeCalibrator
	mu      sync.Mutex
	calls   []string
	corners *TrayCorners
	game    []engine.ExpectDie
}

func (f *fakeDiceCalibrator) note(c string) { f.mu.Lock(); f.calls = append(f.calls, c); f.mu.Unlock() }

func (f *fakeDiceCalibrator) StartDiceCalibration(_ context.Context, game []engine.ExpectDie) (TrayCalibration, error) {
	f.note("start")
	f.game = game
	return TrayCalibration{Dice: []DieToTeach{}, PipDice: []string{}}, nil
}

func (f *fakeDiceCalibrator) SaveTrayCorners(_ context.Context, c TrayCorners) (TrayCalibration, error) {
	f.note("corners")
	f.corners = &c
	return TrayCalibration{TrayCorners: c, Calibrated: true}, nil
}

func (f *fakeDiceCalibrator) LearnDieFace(_ context.Context, die string, face int) (LearnedFace, error) {
	f.note("face")
	if die == "two" {
		return LearnedFace{}, errors.New("2 dice are seen in the tray: leave only the two die in it")
	}
	return LearnedFace{Die: die, Face: face, Label: "x", Result: "Face learned."}, nil
}

func (f *fakeDiceCalibrator) TestReadDice(context.Context) (DiceTestRead, error) {
	f.note("read")
	return DiceTestRead{Result: "The camera reads no die in the tray."}, nil
}

func (f *fakeDiceCalibrator) EndDiceCalibration(context.Context) { f.note("done") }

// TestDiceCalibrationEndpoints: only the host calibrates the tray; bad
// corners and bad faces are refused in words before they reach the
// camera; the camera's refusal reaches the page as a sentence; a server
// whose camera watches no tray says so.
func TestDiceCalibrationEndpoints(t *testing.T) {
	cal := &fakeDiceCalibrator{}
	e := newEnv(t, Options{Calibrator: cal})
	cr := e.create()
	path := "/api/tables/" + cr.Table + "/calibration"
	good := `{"corners":[{"x":40,"y":30},{"x":360,"y":35},{"x":355,"y":270},{"x":45,"y":265}],"imageWidth":400,"imageHeight":300}`
	for _, r := range []struct{ method, path, body string }{
		{"POST", path + "/dice/start", ""},
		{"PUT", path + "/../calibration/tray", good},
		{"POST", path + "/dice/face", `{"die":"mm","face":0}`},
		{"POST", path + "/dice/test-read", ""},
		{"POST", path + "/dice/done", ""},
	} {
		r.path = strings.Replace(r.path, "/../calibration", "", 1)
		if got := e.do(r.method, r.path, r.body); got.status != 403 {
			t.Errorf("%s %s without the host token: %d", r.method, r.path, got.status)
		}
		if got := e.do(r.method, r.path, r.body, pin(cr.PINs[0])...); got.status != 403 || !strings.Contains(string(got.body), "only the host") {
			t.Errorf("%s %s with a player's PIN: %d %s", r.method, r.path, got.status, got.body)
		}
	}
	if len(cal.calls) != 0 {
		t.Fatalf("refused requests reached the camera: %v", cal.calls)
	}

	for name, c := range map[string]struct{ body, says string }{
		"outside":  {`{"corners":[{"x":40,"y":30},{"x":460,"y":35},{"x":355,"y":270},{"x":45,"y":265}],"imageWidth":400,"imageHeight":300}`, "outside the 400x300 image"},
		"crossed":  {`{"corners":[{"x":360,"y":35},{"x":40,"y":30},{"x":355,"y":270},{"x":45,"y":265}],"imageWidth":400,"imageHeight":300}`, "around the tray's floor"},
		"no size":  {`{"corners":[{"x":40,"y":30},{"x":360,"y":35},{"x":355,"y":270},{"x":45,"y":265}]}`, "not a camera image size"},
		"not json": {`{"corners":`, ""},
	} {
		r := e.do("PUT", path+"/tray", c.body, host(cr.HostToken)...)
		if r.status != 400 || !strings.Contains(string(r.body), c.says) {
			t.Errorf("%s corners: %d %s", name, r.status, r.body)
		}
	}
	for name, c := range map[string]struct{ body, says string }{
		"no face":   {`{"die":"mm"}`, "say which die"},
		"no die":    {`{"face":1}`, "say which die"},
		"face 7":    {`{"die":"mm","face":6}`, "faces 1 to 6, not 7"},
		"negative":  {`{"die":"mm","face":-1}`, "faces 1 to 6"},
		"long name": {`{"die":"` + strings.Repeat("x", 100) + `","face":1}`, "say which die"},
	} {
		r := e.do("POST", path+"/dice/face", c.body, host(cr.HostToken)...)
		if r.status != 400 || !strings.Contains(string(r.body), c.says) {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
	if len(cal.calls) != 0 {
		t.Fatalf("bad input reached the camera: %v", cal.calls)
	}

	if r := e.do("POST", path+"/dice/start", "", host(cr.HostToken)...); r.status != 200 || !strings.Contains(string(r.body), `"pipDice":[]`) {
		t.Errorf("start: %d %s", r.status, r.body)
	}
	if r := e.do("PUT", path+"/tray", good, host(cr.HostToken)...); r.status != 200 || cal.corners == nil || cal.corners.Corners[1].X != 360 {
		t.Errorf("corners: %d %s", r.status, r.body)
	}
	if r := e.do("POST", path+"/dice/face", `{"die":"mm","face":0}`, host(cr.HostToken)...); r.status != 200 || !strings.Contains(string(r.body), "Face learned.") {
		t.Errorf("face: %d %s", r.status, r.body)
	}
	if r := e.do("POST", path+"/dice/face", `{"die":"two","face":0}`, host(cr.HostToken)...); r.status != 400 || !strings.Contains(string(r.body), "2 dice are seen in the tray") {
		t.Errorf("the camera's refusal: %d %s", r.status, r.body)
	}
	if r := e.do("POST", path+"/dice/test-read", "", host(cr.HostToken)...); r.status != 200 || !strings.Contains(string(r.body), "reads no die") {
		t.Errorf("test read: %d %s", r.status, r.body)
	}
	if r := e.do("POST", path+"/dice/done", "", host(cr.HostToken)...); r.status != 200 {
		t.Errorf("done: %d %s", r.status, r.body)
	}

	// A camera that watches no tray (the board's calibrator only).
	e2 := newEnv(t, Options{Calibrator: &fakeCalibrator{}})
	cr2 := e2.create()
	if r := e2.do("POST", "/api/tables/"+cr2.Table+"/calibration/dice/start", "", host(cr2.HostToken)...); r.status != 501 || !strings.Contains(string(r.body), "no camera watching a dice tray") {
		t.Errorf("no tray: %d %s", r.status, r.body)
	}
}
