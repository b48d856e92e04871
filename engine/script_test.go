package engine_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/racetoten"
)

// The generic runner plays any rules it is given, picked by the script's
// "rules"; refusals cite sections for a rulebook without pages.
func TestRunScriptDispatchesOnRules(t *testing.T) {
	script := `{"rules":"race-to-ten","seed":1,"setup":{"players":[{"name":"Ann"},{"name":"Bob"}],"target":5},"actions":[
		{"type":"add","seat":0,"n":1},
		{"type":"roll","seat":-1,"request":"r1","faces":["1"]},
		{"type":"add","seat":0,"n":3},
		{"type":"jump","seat":0},
		{"type":"add","seat":1,"n":2}]}`
	var out bytes.Buffer
	if err := engine.RunScript(strings.NewReader(script), &out, []engine.Rules{otherRules{}, racetoten.Rules()}, engine.Public); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 6 {
		t.Fatalf("%d lines:\n%s", len(lines), out.String())
	}
	var res []engine.ScriptResult
	for _, l := range lines[:5] {
		var r engine.ScriptResult
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		res = append(res, r)
	}
	if res[0].OK || res[0].Error.Code != racetoten.CodeRollFirst || res[0].Error.Section != racetoten.SectionStart {
		t.Errorf("add before the roll: %+v", res[0].Error)
	}
	if !res[1].OK || !res[2].OK || res[3].OK || res[3].Error.Code != "malformed" || !res[4].OK {
		t.Errorf("results: %s", out.String())
	}
	var final engine.ScriptFinal
	_ = json.Unmarshal([]byte(lines[5]), &final)
	if !final.Final || !final.Over || final.Accepted != 3 || final.Refused != 2 {
		t.Errorf("final: %s", lines[5])
	}
}

func TestRunScriptRefusesBadScripts(t *testing.T) {
	rules := []engine.Rules{racetoten.Rules()}
	for _, s := range []string{`{`, `{"seed":1}`, `{"rules":"chess","setup":{}}`, `{"v":9,"setup":{}}`, `{"setup":{"players":[]}}`} {
		err := engine.RunScript(strings.NewReader(s), &bytes.Buffer{}, rules, engine.Public)
		if !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%s: %v", s, err)
		}
	}
	// Seats count from 0, as the JSON writes them.
	if v, err := engine.ParseViewer("3", 4); err != nil || v.Seat != 3 {
		t.Errorf("viewer 3: %v %v", v, err)
	}
	if v, err := engine.ParseViewer("0", 4); err != nil || v.Seat != 0 {
		t.Errorf("viewer 0: %v %v", v, err)
	}
	for _, s := range []string{"4", "-1", "01", "ann"} {
		if _, err := engine.ParseViewer(s, 4); err == nil {
			t.Errorf("viewer %q accepted", s)
		}
	}
}

// otherRules is a second game the script does not name.
type otherRules struct{}

func (otherRules) Name() string { return "other" }
func (otherRules) New(json.RawMessage, uint64) (engine.Game, error) {
	return nil, errors.New("the other game was started")
}
func (otherRules) DecodeAction([]byte) (engine.Action, error) { return nil, engine.Malformed("no") }
