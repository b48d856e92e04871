package main

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPlayPrintsOneResultPerActionThenTheState runs the example script
// through the command and checks the contract other programs rely on.
func TestPlayPrintsOneResultPerActionThenTheState(t *testing.T) {
	script := "../../engine/deadreckoning/testdata/script-basic.json"
	var s struct {
		Actions []json.RawMessage `json:"actions"`
	}
	b, err := os.ReadFile(script)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	code, out, errOut := runCLI("play", "--script", script)
	if code != 0 {
		t.Fatalf("play exited %d: %s", code, errOut)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	sc.Buffer(make([]byte, 1<<20), 1<<22)
	var lines []map[string]any
	for sc.Scan() {
		var m map[string]any
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("a line is not JSON: %.100s", sc.Text())
		}
		lines = append(lines, m)
	}
	if len(lines) != len(s.Actions)+1 {
		t.Fatalf("%d lines for %d actions, want one per action plus the final state", len(lines), len(s.Actions))
	}
	refused := 0
	for _, l := range lines[:len(s.Actions)] {
		if l["ok"] == false {
			refused++
			e, _ := l["error"].(map[string]any)
			if e["code"] == "" || e["message"] == "" {
				t.Errorf("a refusal without its rule: %v", l)
			}
		}
	}
	if refused == 0 {
		t.Error("the example script shows no refusal; it should show one, with its rule")
	}
	if strings.Contains(out, `"chest"`) {
		t.Error("the public final state shows a Treasure chest")
	}

	if code, _, errOut := runCLI("play"); code != 2 || !strings.Contains(errOut, "--script") {
		t.Errorf("play without a script: %d %q", code, errOut)
	}
	if code, _, _ := runCLI("play", "--script", filepath.Join(t.TempDir(), "missing.json")); code != 1 {
		t.Errorf("play with a missing script: %d, want 1", code)
	}
}

func TestScoreCommand(t *testing.T) {
	example := "../../engine/deadreckoning/score/testdata/example.json"
	code, out, errOut := runCLI("score", example)
	if code != 0 {
		t.Fatalf("score exited %d: %s", code, errOut)
	}
	if !strings.Contains(out, "Total") || !strings.Contains(out, "Winner:") {
		t.Errorf("score output has no total or winner:\n%s", out)
	}
	code, out, _ = runCLI("score", "--json", example)
	var res map[string]any
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil {
		t.Fatalf("score --json: %d %.200s", code, out)
	}

	bad := filepath.Join(t.TempDir(), "bad.json")
	b, _ := os.ReadFile(example)
	var in map[string]any
	_ = json.Unmarshal(b, &in)
	players := in["players"].([]any)
	players[1].(map[string]any)["coins"].(map[string]any)["chest"] = -3
	b, _ = json.Marshal(in)
	_ = os.WriteFile(bad, b, 0o644)
	code, out, errOut = runCLI("score", bad)
	if code == 0 || out != "" || !strings.Contains(errOut, "players[1].coins.chest") {
		t.Errorf("a negative chest: code %d, out %q, err %q (want the field named, nothing printed)", code, out, errOut)
	}
}
