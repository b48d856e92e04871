package engine

import (
	"encoding/json"
	"strconv"
)

// Seat identifies a player by seating order, 0-based. NoSeat means the table
// itself (a non-player, the supply, the public).
type Seat int

// NoSeat is the seat of nobody: the public table, a non-player side.
const NoSeat Seat = -1

// String returns "seat N" (1-based, as players count) or "table".
func (s Seat) String() string {
	if s < 0 {
		return "table"
	}
	return "seat " + strconv.Itoa(int(s)+1)
}

// Viewer is who looks at the game: the public table (the tablet in the middle)
// or one player (their phone), who may also see their own secrets.
type Viewer struct {
	// Seat is the player looking, or NoSeat for the public view.
	Seat Seat `json:"seat"`
}

// Public is the viewer of the tablet in the middle of the table: it sees only
// what every player may see.
var Public = Viewer{Seat: NoSeat}

// PlayerViewer returns the private viewer of the player in seat s.
func PlayerViewer(s Seat) Viewer { return Viewer{Seat: s} }

// IsPublic reports whether v is the public viewer.
func (v Viewer) IsPublic() bool { return v.Seat < 0 }

// CanSee reports whether v may see the secrets of seat owner.
func (v Viewer) CanSee(owner Seat) bool { return owner >= 0 && v.Seat == owner }

// Game is one game being played at the table, under one set of rules.
//
// Apply is all-or-nothing: it either accepts the action, changes the state and
// returns the events describing the change, or refuses it with an error
// (a *RuleError for an illegal action) and leaves the state exactly as it was.
type Game interface {
	// Apply validates and applies one action.
	Apply(a Action) ([]Event, error)
	// View returns what v may see, ready to be encoded as JSON. A public view
	// never contains a player's secret information; it may say that the
	// information exists.
	View(v Viewer) any
	// Version counts the actions applied since setup.
	Version() uint64
	// Over reports whether the game has ended.
	Over() bool
	// Snapshot returns the complete state, secrets included, as canonical JSON.
	// Two games with the same setup, seed and actions have identical snapshots.
	// It is for tests, replay checks and debugging; never send it to a viewer.
	Snapshot() ([]byte, error)
}

// Rules makes games of one kind and decodes their actions.
type Rules interface {
	// Name is the stable identifier of the rules, e.g. "dead-reckoning".
	Name() string
	// New starts a game from a setup (rules-specific JSON) and a seed for
	// every random choice the game makes (shuffles, start player).
	New(setup json.RawMessage, seed uint64) (Game, error)
	// DecodeAction decodes one action from its JSON form. Unknown types and
	// malformed fields are errors wrapping ErrMalformed, never panics.
	DecodeAction(data []byte) (Action, error)
}

// TableFact is implemented by actions that record something that physically
// happened at the table and cannot be taken back, such as a cube drop that has
// been read. Undo never goes past one: a wrong record is corrected instead.
type TableFact interface {
	// IsTableFact reports whether this action records a physical fact.
	IsTableFact() bool
}

// IsTableFact reports whether a is an action that undo must not remove.
func IsTableFact(a Action) bool {
	f, ok := a.(TableFact)
	return ok && f.IsTableFact()
}
