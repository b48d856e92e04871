package engine

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// ScriptVersion is the version of the script and result JSON.
const ScriptVersion = 1

// Script is a scripted game: the rules, a setup, a seed and actions, as
// read by `quartermaster play --script FILE`.
type Script struct {
	V int `json:"v,omitempty"`
	// Rules names the game; empty: the first rules RunScript is given
	// (scripts written before there were several games).
	Rules   string            `json:"rules,omitempty"`
	Seed    uint64            `json:"seed"`
	Setup   json.RawMessage   `json:"setup"`
	Actions []json.RawMessage `json:"actions"`
}

// ScriptResult is one line of the output: an action accepted with its
// events, or refused with the rule (or the malformed input) that stopped it.
type ScriptResult struct {
	V int `json:"v"`
	// I is the action's position in the script, from 1.
	I       int          `json:"i"`
	Type    string       `json:"type,omitempty"`
	OK      bool         `json:"ok"`
	Version uint64       `json:"version"`
	Events  []Event      `json:"events,omitempty"`
	Error   *ScriptError `json:"error,omitempty"`
}

// ScriptError is a refusal: a rule's code, page or section and message, or
// code "malformed" for an action that could not be read.
type ScriptError struct {
	Code    string `json:"code"`
	Page    int    `json:"page,omitempty"`
	Section string `json:"section,omitempty"`
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

// RunScript reads a script for one of rules (by its "rules" name), applies
// each action in order and writes one JSON line per action, then the final
// view for viewer. A refused or malformed action is reported and the script
// goes on. Only a script that cannot be read or set up is an error. It
// reads and writes nothing but r and w.
func RunScript(r io.Reader, w io.Writer, rules []Rules, viewer Viewer) error {
	if len(rules) == 0 {
		return errors.New("engine: RunScript given no rules")
	}
	var sc Script
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&sc); err != nil {
		return Malformed("script: %v", err)
	}
	if sc.V > ScriptVersion {
		return Malformed("script has version %d; this program reads up to %d", sc.V, ScriptVersion)
	}
	ru := rules[0]
	if sc.Rules != "" {
		ru = nil
		var names []string
		for _, x := range rules {
			names = append(names, x.Name())
			if x.Name() == sc.Rules {
				ru = x
			}
		}
		if ru == nil {
			return Malformed("script is for %q; this program plays %s", sc.Rules, strings.Join(names, ", "))
		}
	}
	if len(sc.Setup) == 0 {
		return Malformed(`script has no "setup"`)
	}
	g, err := ru.New(sc.Setup, sc.Seed)
	if err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	enc := json.NewEncoder(bw)
	final := ScriptFinal{V: ScriptVersion, Final: true}
	for i, raw := range sc.Actions {
		res := ScriptResult{V: ScriptVersion, I: i + 1}
		a, err := ru.DecodeAction(raw)
		if err == nil {
			res.Type = a.Head().Type
			var evs []Event
			evs, err = applySafely(g, a)
			if err == nil {
				res.OK = true
				res.Events = EventsFor(evs, viewer)
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

// applySafely applies an action, turning a panic in the rules into an
// error so one bad line never stops a script.
func applySafely(g Game, a Action) (evs []Event, err error) {
	defer func() {
		if r := recover(); r != nil {
			evs, err = nil, fmt.Errorf("the rules failed on this action (a bug): %v", r)
		}
	}()
	return g.Apply(a)
}

func scriptError(err error) *ScriptError {
	if re, ok := AsRuleError(err); ok {
		return &ScriptError{Code: re.Code, Page: re.Page, Section: re.Section, Message: re.Detail}
	}
	if errors.Is(err, ErrMalformed) {
		return &ScriptError{Code: "malformed", Message: err.Error()}
	}
	return &ScriptError{Code: "internal", Message: err.Error()}
}

// ParseViewer reads "public" or a seat number as the JSON writes seats,
// from 0 to max-1.
func ParseViewer(s string, max int) (Viewer, error) {
	if s == "" || s == "public" {
		return Public, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n >= max || strconv.Itoa(n) != s {
		return Public, fmt.Errorf("viewer %q: want \"public\" or a seat number 0-%d (seats count from 0, as in the JSON)", s, max-1)
	}
	return PlayerViewer(Seat(n)), nil
}
