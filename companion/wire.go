package companion

import (
	"bytes"
	"encoding/json"
	"sync"

	"github.com/quartermaster-table/quartermaster/engine"
)

// wire is one update encoded once and shared by every subscriber of the
// same viewer: all public screens get the same bytes, and so do all phones
// of one seat. It is encoded on first use, by whichever subscriber's writer
// asks first, outside the table's lock.
type wire struct {
	once sync.Once
	u    Update
	b    []byte
	err  error
}

// Message returns the update as the WebSocket message the web server sends,
// `{"type":"view"|"notice","snapshot":{...},"events":[...],"notice":{...}}`,
// encoded once for all the subscribers of one viewer. The bytes are shared:
// callers must not change them.
func (u Update) Message() ([]byte, error) {
	if u.wire == nil {
		return encodeUpdate(u)
	}
	u.wire.once.Do(func() { u.wire.b, u.wire.err = encodeUpdate(u.wire.u) })
	return u.wire.b, u.wire.err
}

// viewHole stands for the view while the rest of a message is encoded: the
// cached view JSON is spliced in afterwards instead of being re-scanned and
// compacted by encoding/json (most of the cost of a message). A string
// value can never hold these bytes unescaped, and "table", "rules" and
// "version" come before "view", so the first match is the view's place.
var viewHole = []byte(`"view":0`)

func encodeUpdate(u Update) ([]byte, error) {
	typ := "view"
	if u.Notice != nil {
		typ = "notice"
	}
	snap := u.Snapshot
	view := snap.View
	snap.View = json.RawMessage("0")
	events := u.Events
	if events == nil {
		events = []engine.Event{}
	}
	b, err := json.Marshal(struct {
		Type     string         `json:"type"`
		Snapshot *Snapshot      `json:"snapshot"`
		Events   []engine.Event `json:"events,omitempty"`
		Notice   *Notice        `json:"notice,omitempty"`
	}{typ, &snap, events, u.Notice})
	if err != nil {
		return nil, err
	}
	if len(view) == 0 {
		view = json.RawMessage("null")
	}
	i := bytes.Index(b, viewHole)
	if i < 0 {
		// Cannot happen: Snapshot always has its view; encode plainly.
		snap.View = view
		return json.Marshal(struct {
			Type     string         `json:"type"`
			Snapshot *Snapshot      `json:"snapshot"`
			Events   []engine.Event `json:"events,omitempty"`
			Notice   *Notice        `json:"notice,omitempty"`
		}{typ, &snap, events, u.Notice})
	}
	out := make([]byte, 0, len(b)+len(view))
	out = append(out, b[:i+len(`"view":`)]...)
	out = append(out, view...)
	out = append(out, b[i+len(viewHole):]...)
	return out, nil
}
