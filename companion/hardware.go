package companion

import (
	"context"
	"encoding/json"
	"time"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Camera reads the battle board. cmd adapts the vision package to it; the
// session never imports vision.
type Camera interface {
	// Read looks at the board now. The result is only a proposal: the
	// session holds it until a player confirms or corrects it.
	Read(ctx context.Context) (CameraRead, error)
}

// CameraWatcher is a camera that notices drops by itself: it follows the
// frames, sees the cubes move (or is told by the tower's drop sensor), waits
// until the board is still and reads once. Attach then takes its reads
// instead of asking Read after each drop; every read is still only a
// proposal a player confirms or corrects.
type CameraWatcher interface {
	Camera
	// Watch sends one report per settled drop until ctx ends. Several
	// Watch calls may run at once (one per attached table); each gets
	// every report from the moment it starts.
	Watch(ctx context.Context, out chan<- CameraReport) error
	// DropStarted tells the camera the tower's drop sensor saw cubes
	// falling, so it reads once the board is still even if it saw no
	// motion. It never blocks.
	DropStarted()
}

// CameraReport is what a CameraWatcher saw after a drop: a read, or why
// there is none.
type CameraReport struct {
	Read CameraRead
	// Err: the drop was noticed but could not be read (the camera is not
	// calibrated, the board is not in view...). A player enters the read.
	Err error
}

// CameraRead is what the camera saw after a drop.
type CameraRead struct {
	// Input is what was seen, in no game's terms; the game's kit
	// (engine.InputMapper) turns it into an action.
	Input *engine.TableInput `json:"input,omitempty"`
	// Action, when Input is nil, is a rules' read action JSON filled in by
	// the adapter itself (cameras from before the game kit).
	Action json.RawMessage `json:"action,omitempty"`
	// Cubes is how many cubes the camera saw on the board.
	Cubes int `json:"cubes"`
}

// DeviceEventKind says what a device reported.
type DeviceEventKind string

// Device event kinds.
const (
	DropStarted   DeviceEventKind = "drop-started"
	DropEnded     DeviceEventKind = "drop-ended"
	ButtonPressed DeviceEventKind = "button"
	CardTapped    DeviceEventKind = "card"
	// PartChanged: a part of the hardware appeared, went missing or failed;
	// Text says which and how.
	PartChanged DeviceEventKind = "part"
)

// DeviceEvent is one thing the table's hardware reported.
type DeviceEvent struct {
	Kind DeviceEventKind `json:"kind"`
	// Seat: the player whose button was pressed (NoSeat for others, and
	// for the host's button).
	Seat engine.Seat `json:"seat"`
	// Host: the host's button was pressed.
	Host bool `json:"host,omitempty"`
	// Long: a long press.
	Long bool `json:"long,omitempty"`
	// Count: cubes counted by the drop sensor (DropEnded).
	Count int `json:"count,omitempty"`
	// Blocked: at the end of the drop the beam was still broken (a cube
	// may be stuck in the tower).
	Blocked bool `json:"blocked,omitempty"`
	// Card: the id of the tapped card (CardTapped).
	Card string `json:"card,omitempty"`
	// Text describes a PartChanged event.
	Text string    `json:"text,omitempty"`
	Time time.Time `json:"time"`
}

// Status is what the table's outputs (LED strip, small display) show.
type Status struct {
	Table   string `json:"table"`
	Version uint64 `json:"version"`
	// Active are the seats to act, if the rules say (TurnTaker).
	Active []engine.Seat `json:"active,omitempty"`
	Over   bool          `json:"over"`
	// Line is a short sentence: the latest event or notice.
	Line string `json:"line"`
	// Alert is set when something needs attention (a count mismatch, a
	// proposed read waiting for confirmation).
	Alert string `json:"alert,omitempty"`
}

// Devices is the table's hardware: cmd adapts the devices package to it.
type Devices interface {
	// Watch sends device events to out until ctx ends.
	Watch(ctx context.Context, out chan<- DeviceEvent) error
	// Show puts the table's status on the outputs.
	Show(s Status) error
}

// DeviceMap turns a device event into a rules action where the rules have
// one (a button press ending a turn, a card tap levelling a sailor). It runs
// with the session's lock held: it may read g but must not keep it or
// change it. ok false: the event is only a notice.
type DeviceMap func(g engine.Game, ev DeviceEvent) (action json.RawMessage, ok bool)

// Hardware is what Session.Attach connects to a table.
type Hardware struct {
	// Devices may be nil (no hardware).
	Devices Devices
	// Camera may be nil (reads are typed in by hand). A CameraWatcher
	// reads by itself; any other Camera is asked Settle after a drop ends.
	Camera Camera
	// Map, when set, maps device events itself; nil: button presses and
	// card taps go to the rules' engine.InputMapper as table inputs.
	Map DeviceMap
	// Settle is how long to wait after a drop ends before asking a camera
	// that does not watch by itself (cubes still rolling); 0 means
	// DefaultSettle.
	Settle time.Duration
}

// DefaultSettle is the wait between the end of a drop and the camera read.
const DefaultSettle = 700 * time.Millisecond
