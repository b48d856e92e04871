package engine

import "encoding/json"

// Event is one change of a game's state, as the log and the viewers see it.
//
// An event may carry a secret part that only the player it concerns may see
// (the coins put into their Treasure chest, the cards they drew). For
// everyone else For strips it, so a viewer's log never leaks a secret.
type Event struct {
	// Type names the change, e.g. "ship-moved". Stable across versions.
	Type string `json:"type"`
	// Seat is the player the event concerns, or NoSeat for the table.
	Seat Seat `json:"seat"`
	// Text is a sentence every player may read, in our own words,
	// e.g. "Ann explored Row 2 and found Seahound Isle".
	Text string `json:"text"`
	// Data is the public detail of the change, rules-specific JSON.
	Data json.RawMessage `json:"data,omitempty"`
	// Secret is the part only Seat may see; nil when there is none.
	Secret *Secret `json:"secret,omitempty"`
}

// Secret is the private part of an event.
type Secret struct {
	// Text is the sentence the owner reads instead of Event.Text.
	Text string `json:"text,omitempty"`
	// Data is the private detail, rules-specific JSON.
	Data json.RawMessage `json:"data,omitempty"`
}

// NewEvent builds an event, encoding data as JSON (nil for none). It panics
// only if data cannot be encoded, which is a programming error in the rules.
func NewEvent(typ string, seat Seat, text string, data any) Event {
	e := Event{Type: typ, Seat: seat, Text: text}
	if data != nil {
		e.Data = mustJSON(data)
	}
	return e
}

// WithSecret returns e with a secret part for its seat only.
func (e Event) WithSecret(text string, data any) Event {
	s := &Secret{Text: text}
	if data != nil {
		s.Data = mustJSON(data)
	}
	e.Secret = s
	return e
}

// For returns the event as viewer v may see it: with its secret only if v is
// the player it concerns.
func (e Event) For(v Viewer) Event {
	if e.Secret != nil && !v.CanSee(e.Seat) {
		e.Secret = nil
	}
	return e
}

// EventsFor redacts a list of events for v.
func EventsFor(events []Event, v Viewer) []Event {
	out := make([]Event, len(events))
	for i, e := range events {
		out[i] = e.For(v)
	}
	return out
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic("engine: event data cannot be encoded: " + err.Error())
	}
	return b
}
