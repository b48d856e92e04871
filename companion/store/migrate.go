package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// SchemaVersion is the version of the database schema this program writes.
// Each database records the version it was last migrated to (table
// qm_schema); opening one runs the migrations it lacks, in order, in one
// transaction, and refuses a database written by a newer program.
const SchemaVersion = 2

// A migration takes a database from version-1 to version. The statements
// are written so that a database created before versions were recorded
// (the version-1 tables already there, no qm_schema) migrates too.
type migration struct {
	version  int
	about    string
	sqlite   []string
	postgres []string
}

var migrations = []migration{
	{
		version:  1,
		about:    "tables and their append-only logs",
		sqlite:   []string{sqliteV1},
		postgres: []string{pgV1},
	},
	{
		version: 2,
		about: "summary columns on qm_tables (last version, last update, over) so listing the " +
			"tables reads one row each and never replays a game",
		sqlite: []string{
			`ALTER TABLE qm_tables ADD COLUMN last_version INTEGER NOT NULL DEFAULT 0`,
			`ALTER TABLE qm_tables ADD COLUMN updated_ns INTEGER NOT NULL DEFAULT 0`,
			// -1: not known yet (a table written before version 2); the
			// companion replays such a table once and records it.
			`ALTER TABLE qm_tables ADD COLUMN over INTEGER NOT NULL DEFAULT -1`,
			summaryBackfill,
		},
		postgres: []string{
			`ALTER TABLE qm_tables ADD COLUMN IF NOT EXISTS last_version BIGINT NOT NULL DEFAULT 0`,
			`ALTER TABLE qm_tables ADD COLUMN IF NOT EXISTS updated_ns BIGINT NOT NULL DEFAULT 0`,
			`ALTER TABLE qm_tables ADD COLUMN IF NOT EXISTS over SMALLINT NOT NULL DEFAULT -1`,
			summaryBackfill,
		},
	},
}

// summaryBackfill fills the version and time columns of tables written
// before version 2 from their logs; whether they are over stays unknown.
const summaryBackfill = `UPDATE qm_tables SET
	last_version = COALESCE((SELECT MAX(version) FROM qm_entries e WHERE e.table_id = qm_tables.id), 0),
	updated_ns = COALESCE((SELECT MAX(time_ns) FROM qm_entries e WHERE e.table_id = qm_tables.id), created_ns)`

const schemaTable = `CREATE TABLE IF NOT EXISTS qm_schema (version INTEGER NOT NULL)`

// execer runs one statement; both stores' transactions fit it.
type execer interface {
	exec(stmt string, args ...any) error
	queryInt(stmt string, args ...any) (int, bool, error)
}

// migrate brings the database in tx up to SchemaVersion. postgres picks the
// dialect. It returns the version the database was at.
func migrate(tx execer, postgres bool) (int, error) {
	if err := tx.exec(schemaTable); err != nil {
		return 0, fmt.Errorf("recording the schema version: %w", err)
	}
	have, found, err := tx.queryInt(`SELECT version FROM qm_schema`)
	if err != nil {
		return 0, fmt.Errorf("reading the schema version: %w", err)
	}
	if !found {
		have = 0
		if err := tx.exec(`INSERT INTO qm_schema (version) VALUES (0)`); err != nil {
			return 0, fmt.Errorf("recording the schema version: %w", err)
		}
	}
	if have > SchemaVersion {
		return have, fmt.Errorf("the database has schema version %d, written by a newer quartermaster; this one knows up to %d", have, SchemaVersion)
	}
	for _, m := range migrations {
		if m.version <= have {
			continue
		}
		stmts := m.sqlite
		if postgres {
			stmts = m.postgres
		}
		for _, s := range stmts {
			if err := tx.exec(s); err != nil {
				return have, fmt.Errorf("migration %d (%s): %w", m.version, m.about, err)
			}
		}
		if err := tx.exec(`UPDATE qm_schema SET version = ` + fmt.Sprint(m.version)); err != nil {
			return have, fmt.Errorf("migration %d: recording it: %w", m.version, err)
		}
	}
	return have, nil
}

// sqlTx adapts a database/sql transaction to execer.
type sqlTx struct {
	ctx context.Context
	tx  *sql.Tx
}

func (t sqlTx) exec(stmt string, args ...any) error {
	_, err := t.tx.ExecContext(t.ctx, stmt, args...)
	return err
}

func (t sqlTx) queryInt(stmt string, args ...any) (int, bool, error) {
	var n int
	err := t.tx.QueryRowContext(t.ctx, stmt, args...).Scan(&n)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, false, nil
	}
	return n, err == nil, err
}

// migrateSQLite runs the migrations in one write transaction, so two
// servers opening the same file cannot both migrate it.
func migrateSQLite(ctx context.Context, db *sql.DB) error {
	tx, err := db.BeginTx(ctx, nil)
	if err != nil {
		return err
	}
	defer tx.Rollback()
	if _, err := migrate(sqlTx{ctx, tx}, false); err != nil {
		return err
	}
	return tx.Commit()
}

// pgTx adapts a pgx transaction to execer.
type pgTx struct {
	ctx context.Context
	tx  pgx.Tx
}

func (t pgTx) exec(stmt string, args ...any) error {
	_, err := t.tx.Exec(t.ctx, stmt, args...)
	return err
}

func (t pgTx) queryInt(stmt string, args ...any) (int, bool, error) {
	var n int
	err := t.tx.QueryRow(t.ctx, stmt, args...).Scan(&n)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, false, nil
	}
	return n, err == nil, err
}

// overFlag is the over column's value: 1 over, 0 running (-1, unknown, is
// only ever left by the migration).
func overFlag(over bool) int {
	if over {
		return 1
	}
	return 0
}

// summaryOf builds a Summary from the summary columns.
func summaryOf(created time.Time, last, updated, over int64) Summary {
	s := Summary{Version: uint64(last), Updated: created, Over: over == 1, Known: over >= 0}
	if updated > 0 {
		s.Updated = time.Unix(0, updated).UTC()
	}
	return s
}
