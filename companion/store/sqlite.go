package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // registers the "sqlite" database/sql driver (pure Go)
)

// SQLite is the embedded store: one database file under the data directory,
// in WAL mode with synchronous=FULL, so a committed entry survives a power
// cut, and a busy timeout so readers and the writer wait instead of failing.
type SQLite struct {
	db   *sql.DB
	path string
	// The statements of Append, parsed once: SQLite's parser was a quarter
	// of the server's CPU per action when each was prepared anew.
	appendCheck, appendInsert, appendUpdate *sql.Stmt
}

// BusyTimeout is how long a connection waits for the database lock.
const BusyTimeout = 5 * time.Second

// sqliteV1 is the schema of version 1 (see migrate.go).
const sqliteV1 = `
CREATE TABLE IF NOT EXISTS qm_tables (
	id         TEXT PRIMARY KEY,
	rules      TEXT NOT NULL,
	setup      BLOB NOT NULL,
	seed       INTEGER NOT NULL,
	players    BLOB NOT NULL,
	host_hash  BLOB NOT NULL,
	pin_salt   BLOB NOT NULL,
	pin_hashes BLOB NOT NULL,
	created_ns INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS qm_entries (
	table_id  TEXT NOT NULL REFERENCES qm_tables(id),
	version   INTEGER NOT NULL,
	kind      TEXT NOT NULL,
	key       TEXT NOT NULL,
	source    TEXT NOT NULL,
	actor     TEXT NOT NULL,
	action    BLOB,
	events    BLOB,
	target    INTEGER NOT NULL,
	reason    TEXT NOT NULL,
	proposed  BLOB,
	time_ns   INTEGER NOT NULL,
	PRIMARY KEY (table_id, version)
);
CREATE UNIQUE INDEX IF NOT EXISTS qm_entries_key ON qm_entries(table_id, key) WHERE key <> '';
`

// OpenSQLite opens (creating if needed) the database file at path; its
// directory is created too. The file is the whole store: copy it (with its
// -wal file) to back a table up.
func OpenSQLite(path string) (*SQLite, error) {
	if path == "" {
		return nil, errors.New("store: no SQLite file path given")
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, fmt.Errorf("store: creating the data directory for %s: %w", path, err)
	}
	q := url.Values{}
	q.Add("_pragma", "journal_mode(WAL)")
	q.Add("_pragma", "synchronous(FULL)")
	q.Add("_pragma", "foreign_keys(ON)")
	q.Add("_pragma", fmt.Sprintf("busy_timeout(%d)", BusyTimeout.Milliseconds()))
	q.Set("_txlock", "immediate")
	dsn := "file:" + (&url.URL{Path: path}).EscapedPath() + "?" + q.Encode()
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: opening %s: %w", path, err)
	}
	// One writer at a time is SQLite's rule anyway; a few connections let
	// readers (history, views of other tables) proceed beside it.
	db.SetMaxOpenConns(4)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := migrateSQLite(ctx, db); err != nil {
		db.Close()
		return nil, fmt.Errorf("store: preparing %s: %w", path, err)
	}
	var mode string
	if err := db.QueryRowContext(ctx, "PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		db.Close()
		return nil, fmt.Errorf("store: %s is not in WAL mode (got %q, %v)", path, mode, err)
	}
	s := &SQLite{db: db, path: path}
	for _, p := range []struct {
		st  **sql.Stmt
		sql string
	}{{&s.appendCheck, appendCheckSQL}, {&s.appendInsert, appendInsertSQL}, {&s.appendUpdate, appendUpdateSQL}} {
		if *p.st, err = db.PrepareContext(ctx, p.sql); err != nil {
			db.Close()
			return nil, fmt.Errorf("store: preparing %s: %w", path, err)
		}
	}
	return s, nil
}

// Path is the database file.
func (s *SQLite) Path() string { return s.path }

// Close closes the database.
func (s *SQLite) Close() error { return s.db.Close() }

// CreateTable implements Store.
func (s *SQLite) CreateTable(ctx context.Context, t TableRecord) error {
	pins, err := encodePINs(t.PINHashes)
	if err != nil {
		return err
	}
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: create table %s: %w", t.ID, err)
	}
	defer tx.Rollback()
	var n int
	if err := tx.QueryRowContext(ctx, `SELECT COUNT(*) FROM qm_tables WHERE id = ?`, t.ID).Scan(&n); err != nil {
		return fmt.Errorf("store: create table %s: %w", t.ID, err)
	}
	if n > 0 {
		return fmt.Errorf("%w: %s", ErrExists, t.ID)
	}
	_, err = tx.ExecContext(ctx, `INSERT INTO qm_tables (id, rules, setup, seed, players, host_hash, pin_salt, pin_hashes, created_ns, last_version, updated_ns, over)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, 0)`,
		t.ID, t.Rules, nonNil(t.Setup), int64(t.Seed), nonNil(t.Players), nonNil(t.HostTokenHash), nonNil(t.PINSalt), pins, t.Created.UnixNano(), t.Created.UnixNano())
	if err != nil {
		return fmt.Errorf("store: create table %s: %w", t.ID, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: create table %s: %w", t.ID, err)
	}
	return nil
}

const tableCols = `id, rules, setup, seed, players, host_hash, pin_salt, pin_hashes, created_ns, last_version, updated_ns, over`

type scanner interface{ Scan(dest ...any) error }

func scanTable(r scanner) (TableRecord, error) {
	var t TableRecord
	var seed, created, last, updated, over int64
	var pins []byte
	if err := r.Scan(&t.ID, &t.Rules, &t.Setup, &seed, &t.Players, &t.HostTokenHash, &t.PINSalt, &pins, &created, &last, &updated, &over); err != nil {
		return t, err
	}
	t.Seed = uint64(seed)
	t.Created = time.Unix(0, created).UTC()
	t.Summary = summaryOf(t.Created, last, updated, over)
	var err error
	t.PINHashes, err = decodePINs(pins)
	return t, err
}

// Table implements Store.
func (s *SQLite) Table(ctx context.Context, id string) (TableRecord, error) {
	t, err := scanTable(s.db.QueryRowContext(ctx, `SELECT `+tableCols+` FROM qm_tables WHERE id = ?`, id))
	if errors.Is(err, sql.ErrNoRows) {
		return t, fmt.Errorf("%w: %s", ErrNotFound, id)
	}
	if err != nil {
		return t, fmt.Errorf("store: table %s: %w", id, err)
	}
	return t, nil
}

// Tables implements Store.
func (s *SQLite) Tables(ctx context.Context) ([]TableRecord, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+tableCols+` FROM qm_tables ORDER BY created_ns, id`)
	if err != nil {
		return nil, fmt.Errorf("store: tables: %w", err)
	}
	defer rows.Close()
	var out []TableRecord
	for rows.Next() {
		t, err := scanTable(rows)
		if err != nil {
			return nil, fmt.Errorf("store: tables: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// Append implements Store. The transaction takes the write lock first
// (BEGIN IMMEDIATE), so the version check and the insert are one step, and
// commits with synchronous=FULL: when Append returns nil the entry is on disk.
func (s *SQLite) Append(ctx context.Context, tableID string, e Entry) error {
	tx, err := s.db.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: append to %s: %w", tableID, err)
	}
	defer tx.Rollback()
	// One query checks all three: the table exists, the entry is the next
	// version, its key is new.
	var n, dup int
	var last int64
	if err := tx.StmtContext(ctx, s.appendCheck).QueryRowContext(ctx, tableID, e.Key).Scan(&n, &last, &dup); err != nil {
		return fmt.Errorf("store: append to %s: %w", tableID, err)
	}
	if n == 0 {
		return fmt.Errorf("%w: %s", ErrNotFound, tableID)
	}
	if e.Version != uint64(last)+1 {
		return fmt.Errorf("%w: table %s is at version %d, entry has %d", ErrConflict, tableID, last, e.Version)
	}
	if dup > 0 {
		return fmt.Errorf("%w: %q in table %s", ErrDuplicateKey, e.Key, tableID)
	}
	_, err = tx.StmtContext(ctx, s.appendInsert).ExecContext(ctx,
		tableID, int64(e.Version), string(e.Kind), e.Key, e.Source, e.Actor, nullable(e.Action), nullable(e.Events),
		int64(e.Target), e.Reason, nullable(e.Proposed), e.Time.UnixNano())
	if err != nil {
		return fmt.Errorf("store: append to %s: %w", tableID, err)
	}
	_, err = tx.StmtContext(ctx, s.appendUpdate).ExecContext(ctx, int64(e.Version), e.Time.UnixNano(), overFlag(e.Over), tableID)
	if err != nil {
		return fmt.Errorf("store: append to %s: %w", tableID, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: append to %s: %w", tableID, err)
	}
	return nil
}

// The statements of Append. ?1 is the table, ?2 the entry's key ("" has no
// key to check).
const (
	appendCheckSQL = `SELECT
		(SELECT COUNT(*) FROM qm_tables WHERE id = ?1),
		(SELECT COALESCE(MAX(version), 0) FROM qm_entries WHERE table_id = ?1),
		(SELECT COUNT(*) FROM qm_entries WHERE table_id = ?1 AND key = ?2 AND key <> '')`
	appendInsertSQL = `INSERT INTO qm_entries (table_id, version, kind, key, source, actor, action, events, target, reason, proposed, time_ns)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
	appendUpdateSQL = `UPDATE qm_tables SET last_version = ?, updated_ns = ?, over = ? WHERE id = ?`
)

const entryCols = `version, kind, key, source, actor, action, events, target, reason, proposed, time_ns`

func scanEntry(r scanner) (Entry, error) {
	var e Entry
	var version, target, t int64
	var kind string
	var action, events, proposed []byte
	if err := r.Scan(&version, &kind, &e.Key, &e.Source, &e.Actor, &action, &events, &target, &e.Reason, &proposed, &t); err != nil {
		return e, err
	}
	e.Version, e.Target, e.Kind = uint64(version), uint64(target), Kind(kind)
	e.Action, e.Events, e.Proposed = rawOrNil(action), rawOrNil(events), rawOrNil(proposed)
	e.Time = time.Unix(0, t).UTC()
	return e, nil
}

// Entries implements Store.
func (s *SQLite) Entries(ctx context.Context, tableID string) ([]Entry, error) {
	rows, err := s.db.QueryContext(ctx, `SELECT `+entryCols+` FROM qm_entries WHERE table_id = ? ORDER BY version`, tableID)
	if err != nil {
		return nil, fmt.Errorf("store: entries of %s: %w", tableID, err)
	}
	defer rows.Close()
	var out []Entry
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, fmt.Errorf("store: entries of %s: %w", tableID, err)
		}
		out = append(out, e)
	}
	return out, rows.Err()
}

// SetSummary implements Store.
func (s *SQLite) SetSummary(ctx context.Context, tableID string, sum Summary) error {
	res, err := s.db.ExecContext(ctx, `UPDATE qm_tables SET last_version = ?, updated_ns = ?, over = ? WHERE id = ?`,
		int64(sum.Version), sum.Updated.UnixNano(), overFlag(sum.Over), tableID)
	if err != nil {
		return fmt.Errorf("store: summary of %s: %w", tableID, err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return fmt.Errorf("%w: %s", ErrNotFound, tableID)
	}
	return nil
}

// FindKey implements Store.
func (s *SQLite) FindKey(ctx context.Context, tableID, key string) (Entry, bool, error) {
	if key == "" {
		return Entry{}, false, nil
	}
	e, err := scanEntry(s.db.QueryRowContext(ctx, `SELECT `+entryCols+` FROM qm_entries WHERE table_id = ? AND key = ? AND key <> ''`, tableID, key))
	if errors.Is(err, sql.ErrNoRows) {
		return Entry{}, false, nil
	}
	if err != nil {
		return Entry{}, false, fmt.Errorf("store: key %q of %s: %w", key, tableID, err)
	}
	return e, true, nil
}
