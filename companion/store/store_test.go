package store

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// opener makes a fresh, empty-enough store for one test. The PostgreSQL
// store is shared between tests, so every test uses its own table ids.
type opener func(t *testing.T) Store

func openSQLite(t *testing.T) Store {
	t.Helper()
	s, err := OpenSQLite(filepath.Join(t.TempDir(), "data", "quartermaster.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func openPostgres(t *testing.T) Store {
	t.Helper()
	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		t.Skip("PostgreSQL store not tested: DATABASE_URL is not set (run: bash scripts/with-postgres.sh go test ./companion/store/...)")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := OpenPostgres(ctx, dsn)
	if err != nil {
		t.Skipf("PostgreSQL store not tested: the database at DATABASE_URL cannot be reached: %v", err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

func TestSQLite(t *testing.T) { runSuite(t, openSQLite) }
func TestPostgres(t *testing.T) {
	openPostgres(t) // skips the whole suite, once, when there is no database
	runSuite(t, openPostgres)
}

var idSeq atomic.Int64

// newID is unique across runs, so the shared PostgreSQL database can keep
// the tables of earlier runs.
func newID(t *testing.T) string {
	return fmt.Sprintf("t%d-%d", time.Now().UnixNano(), idSeq.Add(1))
}

func testTable(id string) TableRecord {
	return TableRecord{
		ID: id, Rules: "test-counter", Setup: json.RawMessage(`{"start":1}`), Seed: math.MaxUint64 - 7,
		Players:       json.RawMessage(`[{"name":"Ann","colour":"red","seat":0}]`),
		HostTokenHash: bytes.Repeat([]byte{0xab}, 32), PINSalt: []byte("salt-1234"),
		PINHashes: [][]byte{bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32)},
		Created:   time.Date(2026, 11, 21, 9, 30, 0, 123456789, time.UTC),
	}
}

func entry(v uint64, key string) Entry {
	return Entry{Version: v, Kind: KindAction, Key: key, Source: "tablet", Actor: "seat 1",
		Action: json.RawMessage(fmt.Sprintf(`{"type":"add","seat":0,"n":%d}`, v)),
		Events: json.RawMessage(`[{"type":"added","seat":0,"text":"Ann added"}]`),
		Time:   time.Date(2026, 11, 21, 10, 0, int(v), 0, time.UTC)}
}

func runSuite(t *testing.T, open opener) {
	ctx := context.Background()

	t.Run("table round trip", func(t *testing.T) {
		st := open(t)
		want := testTable(newID(t))
		if err := st.CreateTable(ctx, want); err != nil {
			t.Fatal(err)
		}
		got, err := st.Table(ctx, want.ID)
		if err != nil {
			t.Fatal(err)
		}
		// A new table's summary: no entry yet, last changed when created.
		want.Summary = Summary{Updated: want.Created, Known: true}
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(want)
		if !bytes.Equal(gj, wj) {
			t.Errorf("table read back differs:\n got %s\nwant %s", gj, wj)
		}
		if err := st.CreateTable(ctx, want); !errors.Is(err, ErrExists) {
			t.Errorf("creating the same id twice: got %v, want ErrExists", err)
		}
		if _, err := st.Table(ctx, "no-such-table-"+want.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown table: got %v, want ErrNotFound", err)
		}
	})

	t.Run("tables lists every table", func(t *testing.T) {
		st := open(t)
		a, b := testTable(newID(t)), testTable(newID(t))
		b.Created = a.Created.Add(time.Minute)
		for _, r := range []TableRecord{b, a} {
			if err := st.CreateTable(ctx, r); err != nil {
				t.Fatal(err)
			}
		}
		all, err := st.Tables(ctx)
		if err != nil {
			t.Fatal(err)
		}
		pos := map[string]int{}
		for i, r := range all {
			pos[r.ID] = i + 1
		}
		if pos[a.ID] == 0 || pos[b.ID] == 0 || pos[a.ID] > pos[b.ID] {
			t.Errorf("tables: %s at %d, %s at %d; want both, older first", a.ID, pos[a.ID], b.ID, pos[b.ID])
		}
	})

	t.Run("append keeps order and every field", func(t *testing.T) {
		st := open(t)
		id := newID(t)
		if err := st.CreateTable(ctx, testTable(id)); err != nil {
			t.Fatal(err)
		}
		want := []Entry{entry(1, "k1"), entry(2, ""),
			{Version: 3, Kind: KindUndo, Source: "host", Actor: "host", Target: 2, Events: json.RawMessage(`[]`), Time: time.Unix(1700000000, 5).UTC()},
			{Version: 4, Kind: KindCorrection, Key: "read:x", Source: "hand", Actor: "table", Action: json.RawMessage(`{"type":"read","seat":-1}`),
				Target: 1, Reason: "a red cube was read as orange", Proposed: json.RawMessage(`{"type":"read","seat":-1,"n":3}`), Time: time.Unix(1700000001, 0).UTC()},
		}
		for _, e := range want {
			if err := st.Append(ctx, id, e); err != nil {
				t.Fatalf("append %d: %v", e.Version, err)
			}
		}
		got, err := st.Entries(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		gj, _ := json.Marshal(got)
		wj, _ := json.Marshal(want)
		if !bytes.Equal(gj, wj) {
			t.Errorf("entries read back differ:\n got %s\nwant %s", gj, wj)
		}
		e, ok, err := st.FindKey(ctx, id, "read:x")
		if err != nil || !ok || e.Version != 4 || e.Reason != want[3].Reason {
			t.Errorf("FindKey(read:x) = %+v, %v, %v; want entry 4", e, ok, err)
		}
		if _, ok, err := st.FindKey(ctx, id, "never-used"); ok || err != nil {
			t.Errorf("FindKey(never-used) = %v, %v; want not found", ok, err)
		}
	})

	t.Run("append refuses a wrong version, a used key, an unknown table", func(t *testing.T) {
		st := open(t)
		id := newID(t)
		if err := st.CreateTable(ctx, testTable(id)); err != nil {
			t.Fatal(err)
		}
		if err := st.Append(ctx, id, entry(2, "")); !errors.Is(err, ErrConflict) {
			t.Errorf("first entry with version 2: got %v, want ErrConflict", err)
		}
		if err := st.Append(ctx, id, entry(1, "same")); err != nil {
			t.Fatal(err)
		}
		if err := st.Append(ctx, id, entry(1, "other")); !errors.Is(err, ErrConflict) {
			t.Errorf("version 1 twice: got %v, want ErrConflict", err)
		}
		if err := st.Append(ctx, id, entry(2, "same")); !errors.Is(err, ErrDuplicateKey) {
			t.Errorf("key used twice: got %v, want ErrDuplicateKey", err)
		}
		if err := st.Append(ctx, "no-such-"+id, entry(1, "")); !errors.Is(err, ErrNotFound) {
			t.Errorf("unknown table: got %v, want ErrNotFound", err)
		}
		got, _ := st.Entries(ctx, id)
		if len(got) != 1 {
			t.Errorf("after refused appends the log has %d entries, want 1", len(got))
		}
	})

	t.Run("concurrent appends: one winner per version", func(t *testing.T) {
		st := open(t)
		id := newID(t)
		if err := st.CreateTable(ctx, testTable(id)); err != nil {
			t.Fatal(err)
		}
		const writers, versions = 4, 5
		var wins [versions + 1]atomic.Int32
		var wg sync.WaitGroup
		for w := 0; w < writers; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for v := uint64(1); v <= versions; v++ {
					for {
						err := st.Append(ctx, id, entry(v, fmt.Sprintf("w%d-v%d", w, v)))
						if err == nil {
							wins[v].Add(1)
							break
						}
						if errors.Is(err, ErrConflict) {
							// Someone else has v; was it the last one we saw?
							es, _ := st.Entries(ctx, id)
							if uint64(len(es)) >= v {
								break
							}
							continue
						}
						t.Errorf("writer %d version %d: %v", w, v, err)
						return
					}
				}
			}()
		}
		wg.Wait()
		for v := 1; v <= versions; v++ {
			if n := wins[v].Load(); n != 1 {
				t.Errorf("version %d was written by %d writers, want exactly 1", v, n)
			}
		}
		es, _ := st.Entries(ctx, id)
		if len(es) != versions {
			t.Errorf("log has %d entries, want %d", len(es), versions)
		}
	})
}

func TestSQLiteSurvivesReopen(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "qm.db")
	st, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.CreateTable(ctx, testTable("reopen")); err != nil {
		t.Fatal(err)
	}
	for v := uint64(1); v <= 3; v++ {
		if err := st.Append(ctx, "reopen", entry(v, "")); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database file not under the data directory: %v", err)
	}
	st, err = OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	es, err := st.Entries(ctx, "reopen")
	if err != nil || len(es) != 3 {
		t.Fatalf("after reopening: %d entries, %v; want 3", len(es), err)
	}
	var sync int
	if err := st.db.QueryRow("PRAGMA synchronous").Scan(&sync); err != nil || sync != 2 {
		t.Errorf("PRAGMA synchronous = %d, %v; want 2 (FULL)", sync, err)
	}
}

func TestOpenSQLiteRefusesEmptyPath(t *testing.T) {
	if _, err := OpenSQLite(""); err == nil {
		t.Error("OpenSQLite(\"\") succeeded")
	}
}

func TestOpenPicksTheStore(t *testing.T) {
	dir := t.TempDir()
	st, err := Open(context.Background(), filepath.Join(dir, "data"), "")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if s, ok := st.(*SQLite); !ok || s.Path() != filepath.Join(dir, "data", SQLiteFile) {
		t.Errorf("Open without a DSN = %T %v, want SQLite under the data directory", st, st)
	}
	if _, err := Open(context.Background(), dir, "postgres://nobody@127.0.0.1:1/none?connect_timeout=1"); err == nil {
		t.Error("Open with an unreachable DSN succeeded")
	}
}
