package companion

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/engine"
)

// fakeClock is a clock tests move by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func newClock() *fakeClock {
	return &fakeClock{t: time.Date(2026, 11, 21, 19, 0, 0, 0, time.UTC)}
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(time.Millisecond) // every reading is a little later
	return c.t
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// testTable is one table of the toy game on a SQLite store in a temp dir.
type testTable struct {
	t     testing.TB
	dir   string
	st    store.Store
	m     *Manager
	s     *Session
	cred  Credentials
	clock *fakeClock
	opts  ManagerOpts
}

var bg = context.Background()

func openStore(t testing.TB, dir string) *store.SQLite {
	t.Helper()
	st, err := store.OpenSQLite(filepath.Join(dir, "quartermaster.db"))
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func newTestTable(t testing.TB, players int, opts ManagerOpts) *testTable {
	t.Helper()
	tt := &testTable{t: t, dir: t.TempDir(), clock: newClock()}
	if opts.Now == nil {
		opts.Now = tt.clock.Now
	}
	if opts.Games == nil {
		opts.Games = map[string]GameInfo{"test-counter": {Name: "Test Counter", BGGID: 0, HighestWins: true}}
	}
	tt.opts = opts
	tt.st = openStore(t, tt.dir)
	var err error
	tt.m, err = NewManager(nil, tt.st, []engine.Rules{newToyRules()}, opts)
	if err != nil {
		t.Fatal(err)
	}
	var ps []PlayerInfo
	names := []string{"Ann", "Ben", "Cat", "Dan"}
	for i := 0; i < players; i++ {
		ps = append(ps, PlayerInfo{Name: names[i], Colour: []string{"red", "blue", "green", "yellow"}[i], Seat: engine.Seat(i)})
	}
	seed := uint64(42)
	tt.s, tt.cred, err = tt.m.Create(bg, CreateRequest{Rules: "test-counter", Setup: json.RawMessage(fmt.Sprintf(`{"players":%d}`, players)), Seed: &seed, Players: ps})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		tt.m.Close()
		tt.st.Close()
	})
	return tt
}

// restart closes the manager and the store and opens both again, as after
// a power cut or a restart of the program.
func (tt *testTable) restart() {
	tt.t.Helper()
	tt.m.Close()
	tt.st.Close()
	tt.st = openStore(tt.t, tt.dir)
	var err error
	tt.m, err = NewManager(nil, tt.st, []engine.Rules{newToyRules()}, tt.opts)
	if err != nil {
		tt.t.Fatal(err)
	}
	tt.s, err = tt.m.Get(bg, tt.s.ID())
	if err != nil {
		tt.t.Fatal(err)
	}
}

func (tt *testTable) host() Access {
	tt.t.Helper()
	a, err := tt.s.Authenticate(tt.cred.HostToken, "")
	if err != nil {
		tt.t.Fatal(err)
	}
	return a
}

func (tt *testTable) player(seat engine.Seat) Access {
	tt.t.Helper()
	a, err := tt.s.Authenticate("", tt.cred.PINs[seat])
	if err != nil {
		tt.t.Fatal(err)
	}
	return a
}

var tablet = Access{Viewer: engine.Public}

func add(seat, n int) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"type":"add","seat":%d,"n":%d}`, seat, n))
}

func hide(seat, coins int, note string) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"type":"hide","seat":%d,"coins":%d,"note":%q}`, seat, coins, note))
}

func read(cubes int) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"type":"read","seat":-1,"cubes":%d}`, cubes))
}

// submit sends an action made on the current version.
func (tt *testTable) submit(a Access, action json.RawMessage) (Result, error) {
	return tt.s.Submit(bg, Submission{Access: a, Action: action, BaseVersion: tt.s.Version(), Source: "test"})
}

func (tt *testTable) must(a Access, action json.RawMessage) Result {
	tt.t.Helper()
	r, err := tt.submit(a, action)
	if err != nil {
		tt.t.Fatalf("submit %s: %v", action, err)
	}
	return r
}

// counter reads the public counter from the current view.
func (tt *testTable) counter() int {
	tt.t.Helper()
	var v toyView
	if err := json.Unmarshal(tt.s.View(engine.Public).View, &v); err != nil {
		tt.t.Fatal(err)
	}
	return v.Counter
}

func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func assertNoSecret(t *testing.T, where string, v any, secret string) {
	t.Helper()
	if s := mustJSON(t, v); strings.Contains(s, secret) {
		t.Errorf("%s leaks the secret %q: %s", where, secret, s)
	}
}
