package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
)

// ActionHeader is embedded first in every concrete action struct, so that an
// action's JSON is one flat object: {"v":1,"type":"move","seat":0,...}.
type ActionHeader struct {
	// V is the version of the action format; 0 or absent means the current one.
	V int `json:"v,omitempty"`
	// Type names the action, e.g. "move". The codec fills it in.
	Type string `json:"type"`
	// Seat is the player taking the action (NoSeat for the table itself,
	// e.g. a camera read).
	Seat Seat `json:"seat"`
}

// Head returns the header; embedding ActionHeader makes a struct an Action.
func (h *ActionHeader) Head() *ActionHeader { return h }

// Action is something done at the table, by a player or the table itself.
// Concrete actions are pointers to structs embedding ActionHeader.
type Action interface {
	Head() *ActionHeader
}

// Codec encodes and decodes one game's actions by their "type" field.
type Codec struct {
	version int
	makers  map[string]func() Action
	names   map[reflect.Type]string
	// old are key names actions were once written with (AcceptOldKeys).
	old LegacyKeys
}

// NewCodec returns an empty codec for actions of the given format version.
func NewCodec(version int) *Codec {
	return &Codec{version: version, makers: map[string]func() Action{}, names: map[reflect.Type]string{}}
}

// Register adds an action type. mk must return a new pointer each call.
// Registering the same name twice is a programming error and panics at
// start-up, never on input.
func (c *Codec) Register(name string, mk func() Action) {
	if _, dup := c.makers[name]; dup {
		panic("engine: action type registered twice: " + name)
	}
	c.makers[name] = mk
	c.names[reflect.TypeOf(mk())] = name
}

// AcceptOldKeys makes Decode read actions written with key names the game
// has since renamed (stored games, old scripts); Encode writes the new ones.
func (c *Codec) AcceptOldKeys(k LegacyKeys) { c.old = k }

// Version is the action format version this codec writes.
func (c *Codec) Version() int { return c.version }

// Types lists the registered action types, sorted.
func (c *Codec) Types() []string {
	out := make([]string, 0, len(c.makers))
	for n := range c.makers {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// New returns a fresh action of the named type, with its header filled in.
func (c *Codec) New(name string, seat Seat) (Action, bool) {
	mk, ok := c.makers[name]
	if !ok {
		return nil, false
	}
	a := mk()
	*a.Head() = ActionHeader{Type: name, Seat: seat}
	return a, true
}

// Decode reads one action. Unknown fields, unknown types, trailing data and
// versions newer than the codec's are refused with an error wrapping
// ErrMalformed that names the problem.
func (c *Codec) Decode(data []byte) (Action, error) {
	data = c.old.Rewrite(data)
	var head struct {
		V    int             `json:"v"`
		Type string          `json:"type"`
		Seat json.RawMessage `json:"seat"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		return nil, Malformed("action is not a JSON object: %v", err)
	}
	if head.Type == "" {
		return nil, Malformed(`action has no "type"`)
	}
	if head.V > c.version {
		return nil, Malformed("action %q has format version %d; this program reads up to %d", head.Type, head.V, c.version)
	}
	mk, ok := c.makers[head.Type]
	if !ok {
		return nil, Malformed("unknown action type %q", head.Type)
	}
	if len(head.Seat) == 0 || string(bytes.TrimSpace(head.Seat)) == "null" {
		// A null seat would decode as seat 0 and act for the first player.
		return nil, Malformed("action %q has no \"seat\" (a player's seat from 0, or -1 for the table)", head.Type)
	}
	a := mk()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(a); err != nil {
		return nil, Malformed("action %q: %v", head.Type, err)
	}
	if dec.More() {
		return nil, Malformed("action %q: unexpected data after the object", head.Type)
	}
	a.Head().Type = head.Type
	return a, nil
}

// Encode writes an action as JSON, filling in its type and version.
func (c *Codec) Encode(a Action) ([]byte, error) {
	name, ok := c.names[reflect.TypeOf(a)]
	if !ok {
		return nil, fmt.Errorf("engine: action %T is not registered", a)
	}
	h := a.Head()
	h.Type = name
	h.V = c.version
	return json.Marshal(a)
}
