package web

import (
	"context"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine"
)

// Tables is what the server needs from the tables of this server: the
// companion's Manager, through a thin adapter (managerTables). Keeping the web
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

// Table is one table's session, as the web server uses it: the method set
// of *companion.Session that the web needs (see its doc comments).
type Table interface {
	ID() string
	// Authenticate turns the host token or a PIN (both may be empty: the
	// public viewer) into an Access; a wrong one is companion.ErrForbidden.
	Authenticate(hostToken, pin string) (Access, error)
	// AuthenticateFrom is Authenticate for a caller at address client:
	// wrong PINs are counted per client.
	AuthenticateFrom(client, hostToken, pin string) (Access, error)
	Submit(ctx context.Context, sub Submission) (Result, error)
	Undo(ctx context.Context, a Access) (Result, error)
	UndoAt(ctx context.Context, a Access, baseVersion uint64) (Result, error)
	Correct(ctx context.Context, a Access, sub Submission, reason string) (Result, error)
	View(v engine.Viewer) Snapshot
	ViewAt(version uint64, v engine.Viewer) (Snapshot, error)
	History(v engine.Viewer) []LogEntry
	// Subscribe sends v's snapshot after every change; if sinceVersion is
	// not the current version the first update catches up at once. The
	// channel is closed when the subscriber is too slow or the table closes.
	Subscribe(v engine.Viewer, sinceVersion uint64) (<-chan Update, func())
	Export(a Access, kind string) ([]byte, error)
	Proposals() []ProposedRead
	ConfirmRead(ctx context.Context, a Access, id string, baseVersion uint64) (Result, error)
	CorrectRead(ctx context.Context, sub Submission, id string, reason string) (Result, error)
	DismissRead(a Access, id string) error
}

// The companion's types, used as they are so that the JSON the UI sees is
// the companion's.
type (
	// PlayerInfo is one player at a table: name, colour, seat.
	PlayerInfo = companion.PlayerInfo
	// CreateRequest is the body of POST /api/tables.
	CreateRequest = companion.CreateRequest
	// Credentials are a new table's host token and PINs, shown once.
	Credentials = companion.Credentials
	// TableSummary is one line of GET /api/tables.
	TableSummary = companion.TableSummary
	// Access is who asks: their viewer and whether they are the host.
	Access = companion.Access
	// Submission is one action offered to a table.
	Submission = companion.Submission
	// Result is what an accepted action, undo or correction did.
	Result = companion.Result
	// Snapshot is a table as one viewer may see it at one version.
	Snapshot = companion.Snapshot
	// LogEntry is one entry of the history, redacted for its viewer.
	LogEntry = companion.LogEntry
	// Update is what a WebSocket receives after a change or a notice.
	Update = companion.Update
	// Notice is what the table's devices or camera reported.
	Notice = companion.Notice
	// ProposedRead is a camera read waiting to be confirmed or corrected.
	ProposedRead = companion.ProposedRead
)

// managerTables adapts *companion.Manager to Tables.
type managerTables struct{ m *companion.Manager }

func (mt managerTables) Create(ctx context.Context, req CreateRequest) (Table, Credentials, error) {
	s, c, err := mt.m.Create(ctx, req)
	if err != nil {
		return nil, c, err
	}
	return s, c, nil
}

func (mt managerTables) Get(ctx context.Context, id string) (Table, error) {
	s, err := mt.m.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	return s, nil
}

func (mt managerTables) List(ctx context.Context) ([]TableSummary, error) { return mt.m.List(ctx) }
