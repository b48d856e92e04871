package web

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/racetoten"
)

// fakeDice records the rolls asked of a simulated camera.
type fakeDice struct {
	mu    sync.Mutex
	asked [][]engine.Expect
}

func (f *fakeDice) SimRoll(_ context.Context, expects []engine.Expect) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.asked = append(f.asked, expects)
	for _, e := range expects {
		if e.Kind == "dice" {
			return "rolled " + e.Dice[0].Die, nil
		}
	}
	return "", errors.New("the table waits for no roll now")
}

func (f *fakeDice) calls() [][]engine.Expect {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([][]engine.Expect(nil), f.asked...)
}

// TestSimDiceTray: the developer panel lists the simulated dice tray; only
// the host of a table may roll, and the camera is asked for exactly the
// dice that table waits for (Race to Ten's start roll, one white die).
func TestSimDiceTray(t *testing.T) {
	fd := &fakeDice{}
	e := newEnv(t, Options{SimDice: fd}, racetoten.Rules())
	var ds []SimDevice
	e.do("GET", "/api/sim", "").json(t, &ds)
	if len(ds) != 1 || ds[0].Key != SimDiceKey || len(ds[0].Commands) != 2 || ds[0].Commands[0] != "roll" || ds[0].Commands[1] != "test" {
		t.Fatalf("devices: %+v", ds)
	}
	r := e.do("POST", "/api/tables", `{"rules":"race-to-ten","setup":{"players":[{"name":"Ann","colour":"red"},{"name":"Ben","colour":"blue"}]},"players":[{"name":"Ann","colour":"red","seat":0},{"name":"Ben","colour":"blue","seat":1}]}`)
	if r.status != http.StatusCreated {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var cr createResponse
	r.json(t, &cr)
	roll := `{"key":"dice-tray","command":"roll"}`
	for _, c := range []struct {
		name string
		hdr  []string
	}{{"a stranger", nil}, {"a phone", pin(cr.PINs[0])}} {
		if r := e.do("POST", "/api/sim?table="+cr.Table, roll, c.hdr...); r.status != 403 {
			t.Errorf("%s rolled the simulated dice: %d %s", c.name, r.status, r.body)
		}
	}
	if len(fd.calls()) != 0 {
		t.Fatal("a refused roll reached the camera")
	}
	r = e.do("POST", "/api/sim?table="+cr.Table, roll, host(cr.HostToken)...)
	if r.status != 200 || !strings.Contains(string(r.body), "rolled white") {
		t.Fatalf("host's roll: %d %s", r.status, r.body)
	}
	got := fd.calls()
	if len(got) != 1 || len(got[0]) != 1 || got[0][0].Kind != "dice" || got[0][0].Dice[0].Count != 1 || got[0][0].Why == "" {
		t.Errorf("the camera was asked for %+v, want the start roll", got)
	}
	if r := e.do("POST", "/api/sim?table="+cr.Table, `{"key":"dice-tray","command":"shake"}`, host(cr.HostToken)...); r.status != 400 {
		t.Errorf("an unknown command: %d %s", r.status, r.body)
	}
	if r := e.do("POST", "/api/sim?table="+cr.Table, `{"key":"button-1","command":"press"}`, host(cr.HostToken)...); r.status != 400 ||
		!strings.Contains(r.apiErr(t).Message, "no such simulated device") {
		t.Errorf("a device this server does not simulate: %d %s", r.status, r.body)
	}
}
