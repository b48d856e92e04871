package deadreckoning

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/quartermaster-table/quartermaster/engine"
)

// ScriptVersion is the version of the script and result JSON.
const ScriptVersion = 1

// Script is a scripted game: a setup, a seed and actions, as read by
// `quartermaster play --script FILE`.
type Script struct {
	V int `json:"v,omitempty"`
	// Rules must be "dead-reckoning" when given.
	Rules   string            `json:"rules,omitempty"`
	Seed    uint64            `json:"seed"`
	Setup   json.RawMessage   `json:"setup"`
	Actions []json.RawMessage `json:"actions"`
}

// ScriptResult is one line of the output: an action accepted with its events,
// or refused with the rule (or the malformed input) that stopped it.
type ScriptResult struct {
	V int `json:"v"`
	// I is the action's position in the script, from 1.
	I       int            `json:"i"`
	Type    string         `json:"type,omitempty"`
	OK      bool           `json:"ok"`
	Version uint64         `json:"version"`
	Events  []engine.Event `json:"events,omitempty"`
	Error   *ScriptError   `json:"error,omitempty"`
}

// ScriptError is a refusal: a rule's code, page and message, or code
// "malformed" for an action that could not be read.
type ScriptError struct {
	Code    string `json:"code"`
	Page    int    `json:"page,omitempty"`
	Message string `json:"message"`
}

// ScriptFinal is the last line: the final state as the viewer sees it.
type ScriptFinal struct {
	V        int    `json:"v"`
	Final    bool   `json:"final"`
	Version  uint64 `json:"version"`
	Accepted int    `json:"accepted"`
	Refused  int    `json:"refused"`
	Over     bool   `json:"over"`
	View     any    `json:"view"`
}

// RunScript reads a script, applies each action in order and writes one JSON
// line per action, then the final view for viewer. A refused or malformed
// action is reported and the script goes on. Only a script that cannot be
// read or set up is an error.
func RunScript(r io.Reader, w io.Writer, viewer engine.Viewer) error {
	var sc Script
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sc); err != nil {
		return engine.Malformed("script: %v", err)
	}
	if sc.V > ScriptVersion {
		return engine.Malformed("script has version %d; this program reads up to %d", sc.V, ScriptVersion)
	}
	if sc.Rules != "" && sc.Rules != Name {
		return engine.Malformed("script is for %q; this program plays %q", sc.Rules, Name)
	}
	if len(sc.Setup) == 0 {
		return engine.Malformed(`script has no "setup"`)
	}
	g, err := Rules().New(sc.Setup, sc.Seed)
	if err != nil {
		return err
	}
	if viewer.Seat >= 0 && int(viewer.Seat) >= len(g.(*Game).st.Players) {
		return engine.Malformed("viewer %s is not at the table", viewer.Seat)
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	final := ScriptFinal{V: ScriptVersion, Final: true}
	for i, raw := range sc.Actions {
		res := ScriptResult{V: ScriptVersion, I: i + 1}
		a, err := Rules().DecodeAction(raw)
		if err == nil {
			res.Type = a.Head().Type
			var evs []engine.Event
			evs, err = g.Apply(a)
			if err == nil {
				res.OK = true
				res.Events = engine.EventsFor(evs, viewer)
			}
		} else {
			var head struct {
				Type string `json:"type"`
			}
			_ = json.Unmarshal(raw, &head)
			res.Type = head.Type
		}
		if err != nil {
			res.Error = scriptError(err)
			final.Refused++
		} else {
			final.Accepted++
		}
		res.Version = g.Version()
		if err := enc.Encode(res); err != nil {
			return err
		}
	}
	final.Version, final.Over, final.View = g.Version(), g.Over(), g.View(viewer)
	if err := enc.Encode(final); err != nil {
		return err
	}
	return bw.Flush()
}

func scriptError(err error) *ScriptError {
	if re, ok := engine.AsRuleError(err); ok {
		return &ScriptError{Code: re.Code, Page: re.Page, Message: re.Detail}
	}
	if errors.Is(err, engine.ErrMalformed) {
		return &ScriptError{Code: "malformed", Message: err.Error()}
	}
	return &ScriptError{Code: "internal", Message: err.Error()}
}

// ParseViewer reads "public" or a seat number as the JSON writes seats,
// 0-based ("0".."3").
func ParseViewer(s string) (engine.Viewer, error) {
	if s == "" || s == "public" {
		return engine.Public, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > 3 || strconv.Itoa(n) != s {
		return engine.Public, fmt.Errorf("viewer %q: want \"public\" or a seat number 0-3 (seats count from 0, as in the JSON)", s)
	}
	return engine.PlayerViewer(engine.Seat(n)), nil
}
