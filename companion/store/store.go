package store

import (
	"context"
	"encoding/json"
	"errors"
	"time"
)

// Errors every Store returns, matched with errors.Is.
var (
	// ErrNotFound: no table with that id.
	ErrNotFound = errors.New("store: no such table")
	// ErrExists: a table with that id already exists.
	ErrExists = errors.New("store: table already exists")
	// ErrConflict: the entry's version is not the next one of the table's log
	// (another writer appended first, or a version was skipped).
	ErrConflict = errors.New("store: entry version is not the next in the log")
	// ErrDuplicateKey: an entry with the same idempotency key is already in
	// the table's log.
	ErrDuplicateKey = errors.New("store: idempotency key already used")
)

// Kind says what an entry of the log records.
type Kind string

// The kinds of log entries.
const (
	// KindAction is an accepted action.
	KindAction Kind = "action"
	// KindUndo takes back the action entry at Target; that entry stays in
	// the log (the audit trail) and replay skips it.
	KindUndo Kind = "undo"
	// KindCorrection is an action entered to correct a record of the table,
	// with the reason in Reason. With Target 0 it is applied like a new
	// action; with Target > 0 it replaces the action of that entry in place,
	// and the actions after it are replayed on top.
	KindCorrection Kind = "correction"
)

// TableRecord is what a table was created with. Secrets are stored only as
// hashes.
type TableRecord struct {
	ID      string          `json:"id"`
	Rules   string          `json:"rules"`
	Setup   json.RawMessage `json:"setup"`
	Seed    uint64          `json:"seed"`
	Players json.RawMessage `json:"players"`
	// HostTokenHash is sha256 of the host token.
	HostTokenHash []byte `json:"hostTokenHash"`
	// PINSalt is random per table; PINHashes[seat] is sha256(salt, seat, PIN).
	PINSalt   []byte    `json:"pinSalt"`
	PINHashes [][]byte  `json:"pinHashes"`
	Created   time.Time `json:"created"`

	// The table's summary, kept up to date by Append so that a list of
	// tables reads one row each and never replays a game.
	Summary Summary `json:"summary"`
}

// Summary is what the list of tables shows of one table without loading it.
type Summary struct {
	// Version is the last entry's version (0: no entry yet).
	Version uint64 `json:"version"`
	// Updated is the last entry's time (Created when there is none).
	Updated time.Time `json:"updated"`
	// Over: the game has ended, as of the last entry.
	Over bool `json:"over"`
	// Known is false for a table written before summaries were kept (a
	// database migrated from schema version 1) until the companion has
	// replayed it once and recorded its summary with SetSummary.
	Known bool `json:"known"`
}

// Entry is one record of a table's append-only log.
type Entry struct {
	// Version is the entry's position in the log, 1 for the first; every
	// entry (action, undo, correction) takes the next version.
	Version uint64 `json:"version"`
	Kind    Kind   `json:"kind"`
	// Key is the idempotency key the action came with; "" for none.
	Key string `json:"key,omitempty"`
	// Source is where the action came from: tablet, phone, button, rfid,
	// camera, host.
	Source string `json:"source,omitempty"`
	// Actor describes who submitted it: "host", "table", "seat 2".
	Actor string `json:"actor,omitempty"`
	// Action is the action's JSON as submitted (nil for an undo).
	Action json.RawMessage `json:"action,omitempty"`
	// Events is the JSON array of the engine events it caused, secrets
	// included (redaction happens when the log is shown).
	Events json.RawMessage `json:"events,omitempty"`
	// Target is the version an undo takes back or a correction replaces.
	Target uint64 `json:"target,omitempty"`
	// Reason is why a correction was made, in the words of whoever made it.
	Reason string `json:"reason,omitempty"`
	// Proposed is what the camera proposed before a person corrected it.
	Proposed json.RawMessage `json:"proposed,omitempty"`
	// Time is when the entry was accepted.
	Time time.Time `json:"time"`
	// Over is not part of the log: it says whether the game is over once
	// this entry is applied, and Append records it in the table's Summary.
	Over bool `json:"-"`
}

// Store keeps tables and their logs. Implementations are safe for
// concurrent use.
type Store interface {
	// CreateTable records a new table; ErrExists if the id is taken.
	CreateTable(ctx context.Context, t TableRecord) error
	// Table returns one table; ErrNotFound if there is none.
	Table(ctx context.Context, id string) (TableRecord, error)
	// Tables returns every table, oldest first.
	Tables(ctx context.Context) ([]TableRecord, error)
	// Append adds one entry to a table's log and returns only once it is
	// durable. e.Version must be the log's last version + 1 (ErrConflict
	// otherwise); a non-empty e.Key must be new (ErrDuplicateKey).
	Append(ctx context.Context, tableID string, e Entry) error
	// SetSummary records a table's summary (for a table migrated from a
	// database without summaries, once it has been replayed).
	SetSummary(ctx context.Context, tableID string, sum Summary) error
	// Entries returns a table's log in version order.
	Entries(ctx context.Context, tableID string) ([]Entry, error)
	// FindKey returns the entry recorded with an idempotency key.
	FindKey(ctx context.Context, tableID, key string) (Entry, bool, error)
	// Close releases the database.
	Close() error
}
