package deadreckoning

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

func TestRunScript(t *testing.T) {
	f, err := os.Open("testdata/script-basic.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out bytes.Buffer
	if err := RunScript(f, &out, engine.Public); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 14 {
		t.Fatalf("%d lines, want 13 results and the final state:\n%s", len(lines), out.String())
	}
	var res []ScriptResult
	for _, l := range lines[:13] {
		var r ScriptResult
		if err := json.Unmarshal([]byte(l), &r); err != nil {
			t.Fatal(err)
		}
		res = append(res, r)
	}
	// R2C2 is not next to the Harbor; "teleport" is not an action; Ben
	// stops on Ann's pirate-mode ship and loses the battle.
	codes := []string{}
	for _, r := range res {
		if r.OK {
			codes = append(codes, "ok")
		} else {
			codes = append(codes, r.Error.Code)
		}
	}
	got := strings.Join(codes, " ")
	if got != "ok ok ok ok not-adjacent ok ok ok malformed ok ok ok ok" {
		t.Fatalf("results: %s", got)
	}
	var final ScriptFinal
	if err := json.Unmarshal([]byte(lines[13]), &final); err != nil || !final.Final || final.Accepted != 11 || final.Refused != 2 {
		t.Fatalf("final line: %s", lines[13])
	}
	var v struct {
		View View `json:"view"`
	}
	if err := json.Unmarshal([]byte(lines[13]), &v); err != nil {
		t.Fatal(err)
	}
	ann, ben := v.View.Players[0], v.View.Players[1]
	if !ann.Ship.Pirate || ann.Progress[AchLegendary] != 1 || ben.Ship.Damage != 1 || len(ann.Played) != 0 {
		t.Fatalf("after the battle: ann %+v ben %+v", ann.Ship, ben.Ship)
	}
	if c := v.View.Boards[0].Island.CubeCounts(2); c[0] != 1 {
		t.Fatalf("Ann's influence on Test Isle 1: %v", c)
	}
	if strings.Contains(lines[13], `"chest"`) || strings.Contains(lines[13], `"hand"`) {
		t.Fatal("the public final view holds secrets")
	}
}

func TestRunScriptRefusesBadScripts(t *testing.T) {
	for _, s := range []string{`{`, `{"seed":1}`, `{"rules":"chess","setup":{}}`, `{"seed":1,"setup":{"players":[]}}`, `{"v":9,"setup":{}}`} {
		if err := RunScript(strings.NewReader(s), &bytes.Buffer{}, engine.Public); err == nil {
			t.Errorf("%s: want an error", s)
		}
	}
	// Seats count from 0, as in the JSON (issue 13; they were 1-based).
	if _, err := ParseViewer("4"); err == nil {
		t.Error("seat numbers run 0-3")
	}
	if v, err := ParseViewer("0"); err != nil || v.Seat != 0 {
		t.Errorf("viewer 0 is seat 0: %v %v", v, err)
	}
	if v, err := ParseViewer("2"); err != nil || v.Seat != 2 {
		t.Errorf("viewer 2 is seat 2: %v %v", v, err)
	}
}
