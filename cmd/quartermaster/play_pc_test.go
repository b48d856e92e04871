package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPlayPiratesCodeScript: cmd serves The Pirate's Code, so play --script
// takes its example game (engine/piratescode/testdata/script-example.json)
// and ends where the engine's own test says: every action accepted, and Bo,
// beaten by the Orange merchant ship, holding a sure-fire token.
func TestPlayPiratesCodeScript(t *testing.T) {
	code, out, errOut := runCLI("play", "--script", "../../engine/piratescode/testdata/script-example.json")
	if code != 0 {
		t.Fatalf("play exited %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var final struct {
		Final    bool `json:"final"`
		Accepted int  `json:"accepted"`
		Refused  int  `json:"refused"`
		View     struct {
			Title   string `json:"title"`
			Players []struct {
				Name     string `json:"name"`
				Surefire int    `json:"surefire"`
			} `json:"players"`
		} `json:"view"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &final); err != nil {
		t.Fatalf("the last line is not the final state: %v", err)
	}
	if !final.Final || final.Accepted != 16 || final.Refused != 0 || len(lines) != 17 {
		t.Errorf("final %v, %d accepted, %d refused, %d lines; want 16 accepted of 16 and the final state", final.Final, final.Accepted, final.Refused, len(lines))
	}
	if final.View.Title != "The Pirate's Code" || len(final.View.Players) != 2 || final.View.Players[1].Surefire != 1 {
		t.Errorf("the final view: %+v", final.View)
	}
}
