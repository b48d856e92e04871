package companion

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Errors of the session, beside the engine's ErrIllegal, ErrStale and
// ErrMalformed. The web server maps them to HTTP statuses.
var (
	// ErrForbidden: the caller may not do this (wrong token or PIN, acting
	// for another player's seat, undo without the host token).
	ErrForbidden = errors.New("forbidden")
	// ErrTooManyAttempts: too many wrong PINs; try again later. It also
	// matches ErrForbidden.
	ErrTooManyAttempts = fmt.Errorf("%w: too many wrong PINs; wait a minute and try again", ErrForbidden)
	// ErrNotFound: no such table, version or proposed read.
	ErrNotFound = errors.New("not found")
	// ErrUndoPastFact: undo would take back a record of something that
	// physically happened at the table (a read cube drop); correct it instead.
	ErrUndoPastFact = errors.New("cannot undo a record of the table; correct it instead")
	// ErrNothingToUndo: there is no action left to undo.
	ErrNothingToUndo = errors.New("there is nothing to undo")
	// ErrNotOver: the export needs a finished game.
	ErrNotOver = errors.New("the game is not over yet")
	// ErrKeyReused: an idempotency key came back with a different action;
	// the new action is refused rather than silently dropped.
	ErrKeyReused = errors.New("this idempotency key was already used for a different action")
	// ErrClosed: the session or manager was closed.
	ErrClosed = errors.New("the table is closed")
)

// PlayerInfo is one player at the table.
type PlayerInfo struct {
	Name   string      `json:"name"`
	Colour string      `json:"colour"`
	Seat   engine.Seat `json:"seat"`
}

// CreateRequest starts a new table.
type CreateRequest struct {
	// Rules names the game, e.g. "dead-reckoning".
	Rules string `json:"rules"`
	// Setup is the rules-specific setup JSON.
	Setup json.RawMessage `json:"setup"`
	// Seed for every random choice of the game; nil: drawn from crypto/rand
	// (the engine never reads randomness itself).
	Seed *uint64 `json:"seed,omitempty"`
	// Players in seat order: Players[i].Seat must be i.
	Players []PlayerInfo `json:"players"`
}

// Credentials are the secrets of a new table, shown once to the host.
type Credentials struct {
	// HostToken lets the host undo, edit and calibrate.
	HostToken string `json:"hostToken"`
	// PINs are short numeric codes, one per player, for their private view.
	PINs map[engine.Seat]string `json:"pins"`
}

// TableSummary is one line of the list of tables (running and finished).
type TableSummary struct {
	ID      string       `json:"id"`
	Rules   string       `json:"rules"`
	Players []PlayerInfo `json:"players"`
	Created time.Time    `json:"created"`
	// Updated is the time of the last entry (Created if none).
	Updated time.Time `json:"updated"`
	Version uint64    `json:"version"`
	Over    bool      `json:"over"`
}

// Access is who is calling, as Authenticate found out.
type Access struct {
	// Viewer is what they may see: Public (the tablet) or one player.
	Viewer engine.Viewer `json:"viewer"`
	// Host holds the host token (undo, corrections of any seat, export).
	Host bool `json:"host"`
}

// Submission is one action sent to the session.
type Submission struct {
	// Access is who sends it (from Authenticate, never from the body).
	Access Access `json:"-"`
	// Action is the rules' action JSON, e.g. {"type":"move","seat":0,...}.
	Action json.RawMessage `json:"action"`
	// BaseVersion is the Snapshot.Version of the view the action was made
	// on; if the table moved on since, the action is refused as stale.
	BaseVersion uint64 `json:"baseVersion"`
	// Key is the idempotency key: a repeat with the same key returns the
	// original Result and is never applied twice. "" for none.
	Key string `json:"key,omitempty"`
	// Source says where the action came from: tablet, phone, button, rfid,
	// camera.
	Source string `json:"source,omitempty"`
	// Corrects, for Correct only: the version of the log entry whose action
	// this one replaces (0: the correction is applied as a new action).
	Corrects uint64 `json:"corrects,omitempty"`
}

// Result is what an accepted action (or undo, or correction) did.
type Result struct {
	// Version is the table's version after it.
	Version uint64 `json:"version"`
	// Events are the changes, redacted for the caller.
	Events []engine.Event `json:"events"`
	// Repeated is true when the idempotency key had been seen: nothing was
	// applied now, this is the original result.
	Repeated bool `json:"repeated,omitempty"`
}

// Snapshot is the table as one viewer may see it at one version.
type Snapshot struct {
	Table string `json:"table"`
	Rules string `json:"rules"`
	// Version counts the entries of the log (actions, undos, corrections);
	// it only ever grows.
	Version uint64 `json:"version"`
	// View is the rules' view for this viewer.
	View    json.RawMessage `json:"view"`
	Players []PlayerInfo    `json:"players"`
	Over    bool            `json:"over"`
	// Expects are the physical inputs the game waits for now (the cubes to
	// drop, the dice to roll), from its engine.Waiting; empty when none.
	Expects []engine.Expect `json:"expects"`
}

// LogEntry is one entry of the table's history as one viewer may see it.
type LogEntry struct {
	Version uint64    `json:"version"`
	Time    time.Time `json:"time"`
	// Kind is "action", "undo" or "correction".
	Kind   string `json:"kind"`
	Source string `json:"source,omitempty"`
	// Actor is who submitted it: "host", "table" or "seat N".
	Actor string `json:"actor,omitempty"`
	// Action is the action's JSON; for a private action of another player
	// only {"type","seat","private":true}.
	Action json.RawMessage `json:"action,omitempty"`
	// Events, redacted for the viewer.
	Events []engine.Event `json:"events"`
	// Undone is true when a later undo took this entry back; UndoneBy is the
	// version of that undo.
	Undone   bool   `json:"undone,omitempty"`
	UndoneBy uint64 `json:"undoneBy,omitempty"`
	// Target: the version an undo took back or a correction replaced.
	Target uint64 `json:"target,omitempty"`
	// Correction is the reason given for a correction ("" otherwise).
	Correction string `json:"correction,omitempty"`
	// Proposed is what the camera had proposed before a person corrected it.
	Proposed json.RawMessage `json:"proposed,omitempty"`
}

// Update is what a subscriber receives after every change, or when the
// devices or the camera have something to say.
type Update struct {
	Snapshot
	// Events of the change(s) since the subscriber's last update, redacted
	// for the subscriber.
	Events []engine.Event `json:"events"`
	// Notice is set for a device or camera notice (no state change).
	Notice *Notice `json:"notice,omitempty"`

	// wire holds the update's encoding, shared by the subscribers of one
	// viewer (see Message).
	wire *wire
}

// Notice kinds.
const (
	NoticeDropStarted  = "drop-started"
	NoticeDropEnded    = "drop-ended"
	NoticeButton       = "button"
	NoticeCard         = "card"
	NoticeProposedRead = "proposed-read"
	NoticeReadResolved = "read-resolved"
	// NoticeNotAwaited: the camera saw something no step waits for.
	NoticeNotAwaited    = "not-awaited"
	NoticeCountMismatch = "count-mismatch"
	NoticeDeviceError   = "device-error"
	NoticePart          = "part"
	NoticeActionRefused = "action-refused"
	// NoticeHardware: the tower, camera and buttons began or stopped
	// serving this table (its host, or another table's, chose): the
	// screens learn it on the update stream instead of asking.
	NoticeHardware = "hardware"
)

// Notice is something the table's devices or camera reported. Every viewer
// receives it: it concerns the physical table everyone sees.
type Notice struct {
	Kind string `json:"kind"`
	// Text is a sentence for the players.
	Text string      `json:"text"`
	Seat engine.Seat `json:"seat"`
	// Count is the drop sensor's count (drop-ended, count-mismatch).
	Count int `json:"count,omitempty"`
	// Seen is the number of cubes the camera saw (count-mismatch).
	Seen int `json:"seen,omitempty"`
	// Long: a long button press; Host: the host's button.
	Long bool `json:"long,omitempty"`
	Host bool `json:"host,omitempty"`
	// Card is the tapped card's id.
	Card string `json:"card,omitempty"`
	// Read is the proposed read (proposed-read, read-resolved).
	Read *ProposedRead `json:"read,omitempty"`
	Time time.Time     `json:"time"`
}

// ProposedRead is something the table's camera saw (a rules-neutral
// engine.TableInput), with the action the game's kit maps it to and a
// sentence saying what was seen. The session holds it until a player
// confirms, corrects or dismisses it, or the step it answers passes.
type ProposedRead struct {
	ID string `json:"id"`
	// Input is what the camera reported, in no game's terms.
	Input engine.TableInput `json:"input"`
	// Said is what was seen, in players' words.
	Said string `json:"said"`
	// Action is the rules' action JSON the input answers.
	Action json.RawMessage `json:"action"`
	// Expect is the id of the engine.Expect the read answers ("" when the
	// game does not say what it waits for).
	Expect string `json:"expect"`
	// Cubes is how many cubes the camera saw.
	Cubes int `json:"cubes"`
	// Dropped is the drop sensor's count for the same drop, -1 if unknown.
	Dropped int       `json:"dropped"`
	Source  string    `json:"source"`
	Time    time.Time `json:"time"`
	// BaseVersion is the table's version when the read was proposed.
	BaseVersion uint64 `json:"baseVersion"`
}

// TurnTaker is implemented by games that can say whose turn it is. The
// session then lets the shared tablet act only for those seats; without it
// the tablet may act for any seat and the rules alone judge.
type TurnTaker interface {
	ActiveSeats() []engine.Seat
}

// PrivateAction is implemented by actions whose content only their own
// player may see (in the log, everyone else sees its type and seat).
type PrivateAction interface {
	IsPrivate() bool
}

// Scorer is implemented by games that can report their final scores, for
// the BG Stats export: scores indexed by seat, and the seat(s) that won.
type Scorer interface {
	FinalScores() (scores []float64, winners []engine.Seat)
}

// GameInfo names a game for exports.
type GameInfo struct {
	// Name as players know it, e.g. "Dead Reckoning".
	Name string `json:"name"`
	// BGGID is the BoardGameGeek id, 0 if not known.
	BGGID int `json:"bggId"`
	// HighestWins: the highest score wins (BG Stats needs it).
	HighestWins bool `json:"highestWins"`
}
