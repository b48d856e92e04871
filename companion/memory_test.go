package companion

import (
	"encoding/json"
	"sync/atomic"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/engine"
)

// countingRules counts the games it starts: loading a table replays its log
// on a new game, so New is called once per table loaded.
type countingRules struct {
	*toyRules
	started atomic.Int64
}

func (r *countingRules) New(setup json.RawMessage, seed uint64) (engine.Game, error) {
	r.started.Add(1)
	return r.toyRules.New(setup, seed)
}

// finishedTables records n finished games of the toy rules in the store of
// tt and restarts the manager with rules that count the games they start.
func finishedTables(t testing.TB, tt *testTable, n int) *countingRules {
	t.Helper()
	seed := uint64(1)
	ps := []PlayerInfo{{Name: "Ann", Colour: "red", Seat: 0}}
	for i := 0; i < n; i++ {
		s, cred, err := tt.m.Create(bg, CreateRequest{Rules: "test-counter", Setup: json.RawMessage(`{"players":1}`), Seed: &seed, Players: ps})
		if err != nil {
			t.Fatal(err)
		}
		host, _ := s.Authenticate(cred.HostToken, "")
		for v, act := range []string{`{"type":"add","seat":0,"n":3}`, `{"type":"finish","seat":0}`} {
			if _, err := s.Submit(bg, Submission{Access: host, Action: json.RawMessage(act), BaseVersion: uint64(v)}); err != nil {
				t.Fatal(err)
			}
		}
	}
	tt.m.Close()
	cr := &countingRules{toyRules: newToyRules()}
	var err error
	tt.m, err = NewManager(nil, tt.st, []engine.Rules{cr}, tt.opts)
	if err != nil {
		t.Fatal(err)
	}
	return cr
}

func TestListReplaysNothing(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	cr := finishedTables(t, tt, 20)
	list, err := tt.m.List(bg)
	if err != nil {
		t.Fatal(err)
	}
	if len(list) != 21 {
		t.Fatalf("listed %d tables, want 21", len(list))
	}
	if n := cr.started.Load(); n != 0 {
		t.Errorf("listing the tables started %d games; it must read their summaries and replay nothing", n)
	}
	over := 0
	for _, s := range list {
		if s.Over {
			over++
			if s.Version != 2 || len(s.Players) != 1 || s.Players[0].Name != "Ann" {
				t.Errorf("summary of a finished table: %+v", s)
			}
		}
	}
	if over != 20 {
		t.Errorf("%d tables listed as over, want 20", over)
	}
	if tt.m.Loaded() != 0 {
		t.Errorf("listing loaded %d tables into memory", tt.m.Loaded())
	}
}

func TestIdleTablesLeaveMemory(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{IdleAfter: 10 * time.Minute, FinishedAfter: time.Minute})
	running := tt.s.ID()
	host := tt.host()
	if _, err := tt.s.Submit(bg, Submission{Access: host, Action: json.RawMessage(`{"type":"add","seat":0,"n":2}`), BaseVersion: 0}); err != nil {
		t.Fatal(err)
	}
	// A finished table and a watched one.
	seed := uint64(3)
	ps := []PlayerInfo{{Name: "Cat", Colour: "red", Seat: 0}}
	fin, fcred, _ := tt.m.Create(bg, CreateRequest{Rules: "test-counter", Setup: json.RawMessage(`{"players":1}`), Seed: &seed, Players: ps})
	fhost, _ := fin.Authenticate(fcred.HostToken, "")
	if _, err := fin.Submit(bg, Submission{Access: fhost, Action: json.RawMessage(`{"type":"finish","seat":0}`)}); err != nil {
		t.Fatal(err)
	}
	watched, _, _ := tt.m.Create(bg, CreateRequest{Rules: "test-counter", Setup: json.RawMessage(`{"players":1}`), Seed: &seed, Players: ps})
	_, cancel := watched.Subscribe(engine.Public, 0)
	defer cancel()
	if tt.m.Loaded() != 3 {
		t.Fatalf("%d tables in memory, want 3", tt.m.Loaded())
	}

	tt.clock.Advance(2 * time.Minute)
	tt.m.List(bg) // listing sweeps nothing by itself: it does not touch sessions
	if _, err := tt.m.Get(bg, watched.ID()); err != nil {
		t.Fatal(err)
	}
	if tt.m.Loaded() != 2 {
		t.Errorf("after 2 idle minutes the finished table must leave memory: %d loaded", tt.m.Loaded())
	}
	tt.clock.Advance(20 * time.Minute)
	if _, err := tt.m.Get(bg, watched.ID()); err != nil {
		t.Fatal(err)
	}
	if tt.m.Loaded() != 1 {
		t.Errorf("after 22 idle minutes only the watched table stays: %d loaded", tt.m.Loaded())
	}
	// The running table comes back from the store as it was.
	s, err := tt.m.Get(bg, running)
	if err != nil {
		t.Fatal(err)
	}
	var v struct{ Counter int }
	if err := json.Unmarshal(s.View(engine.Public).View, &v); err != nil || v.Counter != 2 {
		t.Errorf("reloaded table: %v counter %d, want 2", err, v.Counter)
	}
	if _, err := s.Submit(bg, Submission{Access: host, Action: json.RawMessage(`{"type":"add","seat":1,"n":1}`), BaseVersion: 1}); err != nil {
		t.Errorf("the reloaded table must take actions with the same host token: %v", err)
	}
}

// BenchmarkList200FinishedTables lists 200 finished tables from SQLite; the
// figure goes in docs/companion.md.
func BenchmarkList200FinishedTables(b *testing.B) {
	tt := newTestTable(b, 1, ManagerOpts{})
	cr := finishedTables(b, tt, 199)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		list, err := tt.m.List(bg)
		if err != nil || len(list) != 200 {
			b.Fatal(err, len(list))
		}
	}
	b.StopTimer()
	if n := cr.started.Load(); n != 0 {
		b.Fatalf("listing started %d games", n)
	}
}
