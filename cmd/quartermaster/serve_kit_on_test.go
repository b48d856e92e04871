//go:build cgo && !novision

package main

import (
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/config"
)

// kitSetup is a two-player Dead Reckoning setup with test islands (made-up
// values: test data), as engine/deadreckoning/testdata/script-basic.json.
const kitSetup = `{"players": [{"name": "Ann", "color": "purple", "hand": ["captain", "deck-hand-1", "crew-1", "purser"]}, {"name": "Ben", "color": "green"}], "start": 0, "catalog": {"islands": [{"id": "test-isle-1", "name": "Test Isle 1", "slots": 4, "values": [6, 5, 4], "cargo": 2, "coins": 0}, {"id": "test-isle-2", "name": "Test Isle 2", "slots": 3, "values": [4, 3], "cargo": 1, "coins": 1, "handIcon": true}, {"id": "test-isle-3", "name": "Test Isle 3", "slots": 5, "values": [7, 5, 3], "cargo": 1, "coins": 0}], "advancements": [{"id": "test-adv-1", "name": "Test Advancement 1", "row": 1, "slot": "top", "cost": 1, "abilities": [{"options": [{"effects": [{"kind": "gain-cargo", "n": 1, "to": "dock"}]}]}]}]}, "row1": [{"at": "R1C1", "island": "test-isle-1", "card": "test-adv-1"}, {"at": "R1C2", "island": "test-isle-2"}, {"at": "R1C3", "openSea": {"arrows": ["left"]}}]}`

// TestServeBattleReadWhileAwaited is `make run` through the game kit: the
// simulated tower and camera serve no table until its host chooses one, a
// drop read while no battle waits is only a notice, and once the battle
// is ready (the snapshot saying what to drop), the simulated tower drops
// exactly the battle's cubes, which starts its drop; the camera's read of
// them is proposed for that step, with the kit's sentence saying what was
// seen, and confirming it moves the battle on.
func TestServeBattleReadWhileAwaited(t *testing.T) {
	t.Parallel() // mostly waiting for frames: overlaps with the other tests
	cfg := config.Default()
	cfg.Addr = "127.0.0.1:0"
	cfg.Data = filepath.Join(t.TempDir(), "data")
	cfg.Sim = true
	devCfg, err := config.Devices(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h, stop := startServe(t, cfg, devCfg)
	defer func() {
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	do := func(method, path, body, token string) (int, []byte) {
		rec := httptest.NewRecorder()
		req := localRequest(method, path, body)
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		h.ServeHTTP(rec, req)
		return rec.Code, rec.Body.Bytes()
	}
	code, body := do("POST", "/api/tables", `{"rules":"dead-reckoning","seed":5,"setup":`+kitSetup+`,"players":[{"name":"Ann","colour":"purple","seat":0},{"name":"Ben","colour":"green","seat":1}]}`, "")
	var created struct {
		Table     string
		HostToken string
	}
	if code != 201 || json.Unmarshal(body, &created) != nil {
		t.Fatalf("create: %d %s", code, body)
	}
	if _, body := do("GET", "/api/hardware", "", ""); string(body) != `{"table":""}`+"\n" {
		t.Fatalf("a new table took the hardware: %s", body)
	}
	if code, body := do("POST", "/api/tables/"+created.Table+"/hardware", `{"use":true}`, ""); code != 403 {
		t.Fatalf("a player chose the hardware: %d %s", code, body)
	}
	if code, body := do("POST", "/api/tables/"+created.Table+"/hardware", `{"use":true}`, created.HostToken); code != 200 || !strings.Contains(string(body), created.Table) {
		t.Fatalf("use the hardware: %d %s", code, body)
	}
	version := 0
	act := func(a string) {
		t.Helper()
		code, body := do("POST", "/api/tables/"+created.Table+"/actions", fmt.Sprintf(`{"action":%s,"baseVersion":%d}`, a, version), created.HostToken)
		if code != 200 {
			t.Fatalf("%s: %d %s", a, code, body)
		}
		version++
	}
	reads := func() []companion.ProposedRead {
		_, body := do("GET", "/api/tables/"+created.Table+"/reads", "", "")
		var rs []companion.ProposedRead
		if err := json.Unmarshal(body, &rs); err != nil {
			t.Fatalf("reads: %s", body)
		}
		return rs
	}
	drop := func() {
		if code, body := do("POST", "/api/sim?table="+created.Table, `{"key":"drop-sensor","command":"drop 2"}`, created.HostToken); code != 200 {
			t.Fatalf("simulated drop: %d %s", code, body)
		}
	}
	// No battle waits: a drop is read, but nothing is proposed.
	drop()
	time.Sleep(3 * time.Second)
	if rs := reads(); len(rs) != 0 {
		t.Fatalf("a read was proposed while no step awaited one: %+v", rs)
	}
	for _, a := range []string{
		`{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R1C1"]}`, `{"type":"end-turn","seat":0}`,
		`{"type":"set-sails","seat":1}`, `{"type":"move","seat":1,"path":["R1C2"]}`, `{"type":"end-turn","seat":1,"pirate":true}`,
		`{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R1C2"],"order":[1]}`,
		`{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`, `{"type":"battle-step","seat":1,"step":"defend","role":"defender"}`,
	} {
		act(a)
	}
	snapshot := func() companion.Snapshot {
		t.Helper()
		_, body := do("GET", "/api/tables/"+created.Table, "", "")
		var snap companion.Snapshot
		if err := json.Unmarshal(body, &snap); err != nil {
			t.Fatalf("snapshot: %s", body)
		}
		return snap
	}
	// The battle is ready to drop: the snapshot says what to drop before
	// the cubes are dropped, and no read is awaited yet.
	if snap := snapshot(); len(snap.Expects) != 1 || snap.Expects[0].Kind != "drop" ||
		snap.Expects[0].Cubes["purple"] != 1 || snap.Expects[0].Cubes["green"] != 1 || len(snap.Expects[0].Cubes) != 2 {
		t.Fatalf("the ready step should say what to drop: %+v", snap.Expects)
	}
	// The simulated tower drops exactly those cubes whatever count it was
	// asked for: they start the battle's drop, and the camera's read of
	// them is proposed for the awaited step.
	var snap companion.Snapshot
	deadline := time.Now().Add(40 * time.Second)
	for time.Now().Before(deadline) {
		if code, body := do("POST", "/api/sim?table="+created.Table, `{"key":"drop-sensor","command":"drop 5"}`, created.HostToken); code != 200 {
			t.Fatalf("simulated drop: %d %s", code, body)
		}
		if len(snap.Expects) == 0 || snap.Expects[0].Kind != "cubes" {
			for wait := time.Now().Add(4 * time.Second); time.Now().Before(wait); time.Sleep(100 * time.Millisecond) {
				if snap = snapshot(); len(snap.Expects) > 0 && snap.Expects[0].Kind == "cubes" {
					break
				}
			}
			if len(snap.Expects) != 1 || snap.Expects[0].Kind != "cubes" || snap.Expects[0].Cubes["purple"] != 1 || snap.Expects[0].Cubes["green"] != 1 {
				t.Fatalf("the tower's drop should start the battle's drop, and the snapshot say what the read must show: %+v", snap.Expects)
			}
		}
		for wait := time.Now().Add(4 * time.Second); time.Now().Before(wait); time.Sleep(100 * time.Millisecond) {
			rs := reads()
			if len(rs) == 0 {
				continue
			}
			r := rs[0]
			seen := map[string]int{}
			for _, byColour := range r.Input.Cubes {
				for c, n := range byColour {
					seen[c] += n
				}
			}
			for c, n := range r.Input.RedropCubes {
				seen[c] += n
			}
			if r.Expect != snap.Expects[0].ID || !strings.HasPrefix(strings.ToLower(r.Said), "the camera sees ") || r.Input.Kind != "cubes" ||
				r.Dropped != 2 || seen["purple"] != 1 || seen["green"] != 1 || len(seen) != 2 {
				t.Fatalf("the read should show the awaited cubes (1 purple, 1 green; the tower counting 2): %+v", r)
			}
			code, body := do("POST", "/api/tables/"+created.Table+"/reads/"+r.ID+"/confirm", fmt.Sprintf(`{"baseVersion":%d}`, snap.Version), created.HostToken)
			if code != 200 {
				t.Fatalf("confirm: %d %s", code, body)
			}
			after := snapshot()
			if after.Version <= snap.Version || len(reads()) != 0 {
				t.Errorf("the confirmed read did not move the battle on: version %d -> %d", snap.Version, after.Version)
			}
			for _, e := range after.Expects {
				if e.ID == r.Expect {
					t.Errorf("the battle still waits for the read just confirmed: %+v", after.Expects)
				}
			}
			return
		}
	}
	t.Fatal("no camera read after dropping cubes through the simulated tower while the battle waited")
}
