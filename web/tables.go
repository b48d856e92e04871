package web

import (
	"context"
	"encoding/json"
	"time"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Tables is what the server needs from the tables of this server: the
// companion's Manager, through a thin adapter (companion.go). Keeping the web
// layer on this small interface lets its tests run on an in-memory fake and
// keeps the adapter the one place that follows the companion's types.
type Tables interface {
	// Create starts a table and returns the host's and players' secrets.
	Create(ctx context.Context, req CreateRequest) (Table, Credentials, error)
	// Get returns a running or stored table; an unknown id is an error
	// matching errNotFound (or the companion's not-found error).
	Get(ctx context.Context, id string) (Table, error)
	// List returns every table, finished games included (the history).
	List(ctx context.Context) ([]TableSummary, error)
}

// Table is one table's session, as the web server uses it.
type Table interface {
	ID() string
	// Authenticate turns the host token or a PIN (both may be empty: the
	// public viewer) into an Access. A wrong token or PIN is an error
	// matching errForbidden.
	Authenticate(hostToken, pin string) (Access, error)
	Submit(ctx context.Context, sub Submission) (Result, error)
	Undo(ctx context.Context, a Access) (Result, error)
	Correct(ctx context.Context, a Access, sub Submission, reason string) (Result, error)
	View(v engine.Viewer) Snapshot
	ViewAt(version uint64, v engine.Viewer) (Snapshot, error)
	History(v engine.Viewer) []LogEntry
	// Subscribe sends v's snapshot after every change from sinceVersion on.
	// The channel is closed when the subscriber is too slow or the table
	// closes; cancel stops it.
	Subscribe(v engine.Viewer, sinceVersion uint64) (<-chan Update, func())
	Export(kind string) ([]byte, error)
}

// The types below follow the companion's (companion/api.go) field for field,
// so that the adapter only converts and the JSON the UI sees is the same.

// PlayerInfo is one player at the table, in seat order.
type PlayerInfo struct {
	Name   string      `json:"name"`
	Colour string      `json:"colour"`
	Seat   engine.Seat `json:"seat"`
}

// CreateRequest is the body of POST /api/tables.
type CreateRequest struct {
	// Rules names the game, e.g. "dead-reckoning".
	Rules string `json:"rules"`
	// Setup is the rules-specific setup JSON (options, player count...).
	Setup json.RawMessage `json:"setup,omitempty"`
	// Seed fixes the game's randomness (for a replayed or test game);
	// absent: drawn by the server.
	Seed *uint64 `json:"seed,omitempty"`
	// Players in seat order: Players[i].Seat is i.
	Players []PlayerInfo `json:"players"`
}

// Credentials are the secrets handed out when a table is created: the host
// token for the tablet that created it, and each player's PIN.
type Credentials struct {
	HostToken string                 `json:"hostToken"`
	PINs      map[engine.Seat]string `json:"pins"`
}

// TableSummary is one line of the list of tables.
type TableSummary struct {
	ID      string       `json:"id"`
	Rules   string       `json:"rules"`
	Players []PlayerInfo `json:"players"`
	Created time.Time    `json:"created"`
	Updated time.Time    `json:"updated"`
	Version uint64       `json:"version"`
	Over    bool         `json:"over"`
}

// Access is who is acting or looking: the viewer whose view they get, and
// whether they hold the host token.
type Access struct {
	Viewer engine.Viewer `json:"viewer"`
	Host   bool          `json:"host"`
}

// Submission is one action offered to a table.
type Submission struct {
	// Access is who sends it, from the credentials, never from the body.
	Access Access
	// Action is the action JSON, {"type":...,"seat":...,...}.
	Action json.RawMessage
	// BaseVersion is the version of the view the action was made on.
	BaseVersion uint64
	// Key makes a repeated submission (a retry) recognisable.
	Key string
	// Source says where the action came from: tablet, phone, ...
	Source string
	// Corrects, for a correction: the version of the entry it replaces.
	Corrects uint64
}

// Result is what an accepted action, undo or correction gives back.
type Result struct {
	Version  uint64         `json:"version"`
	Events   []engine.Event `json:"events"`
	Repeated bool           `json:"repeated,omitempty"`
}

// Snapshot is the view one viewer may see at one version.
type Snapshot struct {
	Table   string          `json:"table"`
	Rules   string          `json:"rules"`
	Version uint64          `json:"version"`
	View    json.RawMessage `json:"view"`
	Players []PlayerInfo    `json:"players"`
	Over    bool            `json:"over"`
}

// LogEntry is one entry of the history (action, undo or correction),
// redacted for its viewer.
type LogEntry struct {
	Version    uint64          `json:"version"`
	Time       time.Time       `json:"time"`
	Kind       string          `json:"kind"`
	Source     string          `json:"source,omitempty"`
	Actor      string          `json:"actor,omitempty"`
	Action     json.RawMessage `json:"action,omitempty"`
	Events     []engine.Event  `json:"events"`
	Undone     bool            `json:"undone,omitempty"`
	UndoneBy   uint64          `json:"undoneBy,omitempty"`
	Target     uint64          `json:"target,omitempty"`
	Correction string          `json:"correction,omitempty"`
	Proposed   json.RawMessage `json:"proposed,omitempty"`
}

// Update is what a subscriber receives after a change, or when the table's
// devices or camera report something (Notice, with no state change).
type Update struct {
	Snapshot
	Events []engine.Event `json:"events"`
	// Notice is the companion's notice as JSON (drop started, proposed
	// read, ...); nil for a plain change.
	Notice json.RawMessage `json:"notice,omitempty"`
}
