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

	// base is the viewer's snapshot in the update before this one (nil
	// when there is none to patch); the patch message, for the clients
	// that take patches, is made against it.
	base      *Snapshot
	patchOnce sync.Once
	pb        []byte
	perr      error
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

// PatchMessage returns the update as the WebSocket message sent to a client
// that applies patches: after the viewer's first full view,
// `{"type":"patch","base":12,"version":13,"patch":[...],"events":[...],"notice":{...}}`,
// an RFC 6902 patch of the viewer's snapshot of version base (the one its
// previous update carried) giving this one. It is the full Message instead
// when there is no previous snapshot (a catch-up, a first view) or the
// patch would not be smaller than the view. Encoded once per viewer, like
// Message, outside the table's lock; the bytes are shared.
func (u Update) PatchMessage() ([]byte, error) {
	if u.wire == nil || u.wire.base == nil {
		return u.Message()
	}
	w := u.wire
	w.patchOnce.Do(func() { w.pb, w.perr = encodePatch(u, w.base) })
	if w.perr != nil || w.pb == nil {
		return u.Message()
	}
	return w.pb, nil
}

// encodePatch encodes u's patch message against base; nil when the patch
// is not worth sending (the full message is no longer).
func encodePatch(u Update, base *Snapshot) ([]byte, error) {
	patch, err := diffSnapshots(base, &u.Snapshot)
	if err != nil {
		return nil, err
	}
	events := u.Events
	if events == nil {
		events = []engine.Event{}
	}
	b, err := json.Marshal(struct {
		Type    string          `json:"type"`
		Base    uint64          `json:"base"`
		Version uint64          `json:"version"`
		Patch   json.RawMessage `json:"patch"`
		Events  []engine.Event  `json:"events"`
		Notice  *Notice         `json:"notice,omitempty"`
	}{"patch", base.Version, u.Version, patch, events, u.Notice})
	if err != nil || len(b) < len(u.View) {
		return b, err
	}
	// As long as the view or longer: compare with the full message (made
	// once for the viewer anyway, should a client want it).
	if full, err := u.Message(); err == nil && len(b) >= len(full) {
		return nil, nil
	}
	return b, nil
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
