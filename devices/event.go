package devices

import (
	"fmt"
	"time"
)

// Kind says what happened in an Event.
type Kind int

// The kinds of Event.
const (
	// DropStarted: the first cube of a drop broke the tower's beam.
	DropStarted Kind = iota + 1
	// DropEnded: the tower has been quiet for a while; Count cubes fell.
	DropEnded
	// ButtonPressed: a seat's button (or the host's, seat 0) was pressed.
	ButtonPressed
	// CardTapped: a card's NFC sticker was read; UID names it.
	CardTapped
	// PartChanged: a part became present, missing or failed; see Status.
	PartChanged
)

// String returns the kind's name as used in logs and JSON.
func (k Kind) String() string {
	switch k {
	case DropStarted:
		return "drop-started"
	case DropEnded:
		return "drop-ended"
	case ButtonPressed:
		return "button-pressed"
	case CardTapped:
		return "card-tapped"
	case PartChanged:
		return "part-changed"
	}
	return fmt.Sprintf("kind(%d)", int(k))
}

// MarshalText encodes the kind by name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// UnmarshalText reads a kind's name.
func (k *Kind) UnmarshalText(b []byte) error {
	for c := DropStarted; c <= PartChanged; c++ {
		if c.String() == string(b) {
			*k = c
			return nil
		}
	}
	return fmt.Errorf("unknown device event kind %q", b)
}

// HostSeat is the Seat of the host's button in a ButtonPressed event.
const HostSeat = 0

// Event is one thing that happened at the table's hardware. Only the fields
// of its Kind are set; it is a flat struct so that it crosses channels and
// JSON easily.
type Event struct {
	Kind Kind      `json:"kind"`
	Time time.Time `json:"time"`
	// Part names the part that raised the event (PartDrop, PartButtons, ...).
	Part Part `json:"part"`

	// Count is the number of cubes the beam counted (DropStarted: 1,
	// DropEnded: the whole drop).
	Count int `json:"count,omitempty"`
	// Blocked is set on DropEnded when the beam was still broken at the end:
	// a cube may be stuck in the tower.
	Blocked bool `json:"blocked,omitempty"`

	// Seat is the seat whose button was pressed, 1..n; HostSeat (0) is the host.
	Seat int `json:"seat,omitempty"`
	// Long is set when the button was held at least the long-press time.
	Long bool `json:"long,omitempty"`

	// UID is the tapped card's NFC UID.
	UID UID `json:"uid,omitempty"`

	// Status is the part's new status (PartChanged).
	Status *PartStatus `json:"status,omitempty"`
}

// String describes the event for logs and the developer panel.
func (e Event) String() string {
	switch e.Kind {
	case DropStarted:
		return "drop started"
	case DropEnded:
		s := fmt.Sprintf("drop ended: %d cubes", e.Count)
		if e.Blocked {
			s += " (beam still blocked: a cube may be stuck in the tower)"
		}
		return s
	case ButtonPressed:
		who := fmt.Sprintf("seat %d", e.Seat)
		if e.Seat == HostSeat {
			who = "host"
		}
		if e.Long {
			return who + " button: long press"
		}
		return who + " button: press"
	case CardTapped:
		return "card tapped: " + string(e.UID)
	case PartChanged:
		if e.Status != nil {
			return e.Status.String()
		}
		return string(e.Part) + " changed"
	}
	return e.Kind.String()
}

// Part names one of the table's hardware parts.
type Part string

// The parts.
const (
	PartDrop    Part = "drop"
	PartButtons Part = "buttons"
	PartLights  Part = "lights"
	PartCards   Part = "cards"
	PartDisplay Part = "display"
)

// Parts lists every part in a fixed order (for status tables).
var Parts = []Part{PartDrop, PartButtons, PartLights, PartCards, PartDisplay}

// Health is the state of a part as the dashboard shows it.
type Health string

// The health of a part.
const (
	// Disabled: the configuration says the part is not fitted.
	Disabled Health = "disabled"
	// Present: the part is open and working.
	Present Health = "present"
	// Missing: the part could not be opened (not wired, bus not enabled).
	Missing Health = "missing"
	// Failed: the part was open and then failed; it is being reopened.
	Failed Health = "failed"
)

// PartStatus is one part's state, with the reason when it is not working.
type PartStatus struct {
	Part  Part      `json:"part"`
	State Health    `json:"state"`
	Since time.Time `json:"since"`
	// Message explains a missing or failed part ("open GPIO17: no such pin"),
	// or names the device when present.
	Message string `json:"message,omitempty"`
}

// String reads like "cards: missing (open SPI0.0: ...)".
func (s PartStatus) String() string {
	if s.Message == "" {
		return fmt.Sprintf("%s: %s", s.Part, s.State)
	}
	return fmt.Sprintf("%s: %s (%s)", s.Part, s.State, s.Message)
}
