package store

import (
	"context"
	"database/sql"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// schemaV1 is the database as quartermaster wrote it before schema versions
// were recorded (copied here on purpose: the migration must keep reading
// databases written by that program, whatever sqliteV1 becomes).
const schemaV1 = `
CREATE TABLE qm_tables (id TEXT PRIMARY KEY, rules TEXT NOT NULL, setup BLOB NOT NULL, seed INTEGER NOT NULL,
	players BLOB NOT NULL, host_hash BLOB NOT NULL, pin_salt BLOB NOT NULL, pin_hashes BLOB NOT NULL, created_ns INTEGER NOT NULL);
CREATE TABLE qm_entries (table_id TEXT NOT NULL REFERENCES qm_tables(id), version INTEGER NOT NULL, kind TEXT NOT NULL,
	key TEXT NOT NULL, source TEXT NOT NULL, actor TEXT NOT NULL, action BLOB, events BLOB, target INTEGER NOT NULL,
	reason TEXT NOT NULL, proposed BLOB, time_ns INTEGER NOT NULL, PRIMARY KEY (table_id, version));
CREATE UNIQUE INDEX qm_entries_key ON qm_entries(table_id, key) WHERE key <> '';
INSERT INTO qm_tables VALUES ('old1', 'test-counter', CAST('{}' AS BLOB), 7, CAST('[{"name":"Ann","colour":"red","seat":0}]' AS BLOB), x'ab', x'cd', CAST('[]' AS BLOB), 1000);
INSERT INTO qm_tables VALUES ('old2', 'test-counter', CAST('{}' AS BLOB), 8, CAST('[{"name":"Ben","colour":"blue","seat":0}]' AS BLOB), x'ab', x'cd', CAST('[]' AS BLOB), 2000);
INSERT INTO qm_entries VALUES ('old1', 1, 'action', '', 'tablet', 'seat 1', CAST('{"type":"add","seat":0,"n":1}' AS BLOB), CAST('[]' AS BLOB), 0, '', NULL, 5000);
INSERT INTO qm_entries VALUES ('old1', 2, 'action', 'k2', 'tablet', 'seat 1', CAST('{"type":"add","seat":0,"n":2}' AS BLOB), CAST('[]' AS BLOB), 0, '', NULL, 9000);
`

func writeV1(t *testing.T) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "old.db")
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := db.Exec(schemaV1); err != nil {
		t.Fatal(err)
	}
	return path
}

func schemaVersion(t *testing.T, path string) int {
	t.Helper()
	db, err := sql.Open("sqlite", "file:"+path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var v int
	if err := db.QueryRow(`SELECT version FROM qm_schema`).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func TestMigrateTodaysDatabase(t *testing.T) {
	ctx := context.Background()
	path := writeV1(t)
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatalf("a database of the old schema must open: %v", err)
	}
	defer s.Close()
	if v := schemaVersion(t, path); v != SchemaVersion {
		t.Fatalf("schema version %d after opening, want %d", v, SchemaVersion)
	}
	tabs, err := s.Tables(ctx)
	if err != nil || len(tabs) != 2 {
		t.Fatalf("tables after migration: %v %+v", err, tabs)
	}
	// The log and the versions are kept; whether the game is over is not
	// known until the companion replays it once.
	old1 := tabs[0]
	if old1.Summary.Version != 2 || !old1.Summary.Updated.Equal(time.Unix(0, 9000).UTC()) || old1.Summary.Known {
		t.Errorf("old1 summary %+v, want version 2, updated at its last entry, not known", old1.Summary)
	}
	if tabs[1].Summary.Version != 0 || !tabs[1].Summary.Updated.Equal(tabs[1].Created) {
		t.Errorf("a table without entries: %+v", tabs[1].Summary)
	}
	es, err := s.Entries(ctx, "old1")
	if err != nil || len(es) != 2 || es[1].Key != "k2" {
		t.Fatalf("entries after migration: %v %+v", err, es)
	}
	// Appending now keeps the summary.
	e := Entry{Version: 3, Kind: KindAction, Action: []byte(`{"type":"finish","seat":0}`), Time: time.Unix(0, 12000).UTC(), Over: true}
	if err := s.Append(ctx, "old1", e); err != nil {
		t.Fatal(err)
	}
	if err := s.SetSummary(ctx, "old2", Summary{Updated: tabs[1].Created, Known: true}); err != nil {
		t.Fatal(err)
	}
	s.Close()
	// Opening again migrates nothing more and reads the summaries.
	s2, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s2.Close()
	tabs, _ = s2.Tables(ctx)
	if got := tabs[0].Summary; got.Version != 3 || !got.Over || !got.Known {
		t.Errorf("summary after an append: %+v", got)
	}
	if got := tabs[1].Summary; got.Over || !got.Known {
		t.Errorf("summary recorded with SetSummary: %+v", got)
	}
}

func TestNewerSchemaRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "q.db")
	s, err := OpenSQLite(path)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	db, _ := sql.Open("sqlite", "file:"+path)
	if _, err := db.Exec(`UPDATE qm_schema SET version = 99`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = OpenSQLite(path)
	if err == nil || !strings.Contains(err.Error(), "newer quartermaster") {
		t.Fatalf("a database from a newer program must be refused with a reason, got %v", err)
	}
}

func TestSummaryKeptByAppend(t *testing.T) {
	for name, open := range map[string]opener{"sqlite": openSQLite, "postgres": openPostgres} {
		t.Run(name, func(t *testing.T) {
			ctx := context.Background()
			s := open(t)
			id := newID(t)
			rec := testTable(id)
			if err := s.CreateTable(ctx, rec); err != nil {
				t.Fatal(err)
			}
			got, _ := s.Table(ctx, id)
			if got.Summary.Version != 0 || got.Summary.Over || !got.Summary.Known || !got.Summary.Updated.Equal(rec.Created) {
				t.Errorf("new table's summary: %+v", got.Summary)
			}
			e := entry(1, "")
			e.Over = true
			if err := s.Append(ctx, id, e); err != nil {
				t.Fatal(err)
			}
			got, _ = s.Table(ctx, id)
			if got.Summary.Version != 1 || !got.Summary.Over || !got.Summary.Updated.Equal(e.Time) {
				t.Errorf("summary after a finishing entry: %+v", got.Summary)
			}
			// An undo can make a finished game run again.
			e2 := entry(2, "")
			if err := s.Append(ctx, id, e2); err != nil {
				t.Fatal(err)
			}
			got, _ = s.Table(ctx, id)
			if got.Summary.Version != 2 || got.Summary.Over {
				t.Errorf("summary after an entry that reopens the game: %+v", got.Summary)
			}
			if err := s.SetSummary(ctx, "no-such-table", Summary{}); err == nil {
				t.Errorf("SetSummary of a missing table must fail")
			}
		})
	}
}
