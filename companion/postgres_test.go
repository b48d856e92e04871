package companion

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/engine"
)

// TestSessionOnPostgres plays, undoes and corrects on the PostgreSQL store
// and checks that a second server (a new manager over a new connection)
// replays the same table.
func TestSessionOnPostgres(t *testing.T) {
	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		t.Skip("session on PostgreSQL not tested: DATABASE_URL is not set (run: bash scripts/with-postgres.sh go test ./companion/...)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	open := func() *store.Postgres {
		st, err := store.OpenPostgres(ctx, dsn)
		if err != nil {
			t.Skipf("session on PostgreSQL not tested: the database at DATABASE_URL cannot be reached: %v", err)
		}
		return st
	}
	st := open()
	m, err := NewManager(nil, st, []engine.Rules{newToyRules()}, ManagerOpts{})
	if err != nil {
		t.Fatal(err)
	}
	seed := uint64(3)
	s, cred, err := m.Create(ctx, CreateRequest{Rules: "test-counter", Setup: json.RawMessage(`{"players":2}`), Seed: &seed,
		Players: []PlayerInfo{{Name: "Ann", Seat: 0}, {Name: "Ben", Seat: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	host, _ := s.Authenticate(cred.HostToken, "")
	steps := []func() error{
		func() error {
			_, err := s.Submit(ctx, Submission{Access: tablet, Action: add(0, 2), BaseVersion: 0, Key: "a"})
			return err
		},
		func() error {
			_, err := s.Submit(ctx, Submission{Access: tablet, Action: read(4), BaseVersion: 1})
			return err
		},
		func() error {
			_, err := s.Submit(ctx, Submission{Access: tablet, Action: add(1, 3), BaseVersion: 2})
			return err
		},
		func() error { _, err := s.Undo(ctx, host); return err },
		func() error {
			_, err := s.Correct(ctx, host, Submission{Action: read(5), BaseVersion: 4, Corrects: 2}, "test: one more cube")
			return err
		},
	}
	for i, step := range steps {
		if err := step(); err != nil {
			t.Fatalf("step %d: %v", i+1, err)
		}
	}
	want := mustJSON(t, s.View(engine.Public))
	wantHist := mustJSON(t, s.History(engine.Public))
	m.Close()
	st.Close()

	st2 := open()
	defer st2.Close()
	m2, _ := NewManager(nil, st2, []engine.Rules{newToyRules()}, ManagerOpts{})
	defer m2.Close()
	s2, err := m2.Get(ctx, s.ID())
	if err != nil {
		t.Fatal(err)
	}
	if got := mustJSON(t, s2.View(engine.Public)); got != want {
		t.Errorf("replayed from PostgreSQL:\n got %s\nwant %s", got, want)
	}
	if got := mustJSON(t, s2.History(engine.Public)); got != wantHist {
		t.Errorf("history from PostgreSQL:\n got %s\nwant %s", got, wantHist)
	}
	if r, err := s2.Submit(ctx, Submission{Access: tablet, Action: add(0, 2), BaseVersion: 0, Key: "a"}); err != nil || !r.Repeated {
		t.Errorf("a key used before the restart: %+v, %v; want the original result", r, err)
	}
}
