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

// finalView runs the example script for a viewer and returns the final
// view's viewer seat and whether it shows a Treasure chest.
func finalView(t *testing.T, viewer string) (code int, seat float64, chest bool, errOut string) {
	t.Helper()
	code, out, errOut := runCLI("play", "--script", "../../engine/deadreckoning/testdata/script-basic.json", "--viewer", viewer)
	if code != 0 {
		return code, 0, false, errOut
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	var last struct {
		View map[string]any `json:"view"`
	}
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &last); err != nil {
		t.Fatalf("the final line is not JSON: %v", err)
	}
	seat, _ = last.View["viewer"].(float64)
	return code, seat, strings.Contains(lines[len(lines)-1], `"chest"`), errOut
}

// --viewer takes the same 0-based seats as the JSON (issue 13).
func TestPlayViewerIsZeroBased(t *testing.T) {
	for _, tc := range []struct {
		viewer string
		seat   float64
	}{{"0", 0}, {"1", 1}} {
		code, seat, chest, errOut := finalView(t, tc.viewer)
		if code != 0 || seat != tc.seat || !chest {
			t.Errorf("--viewer %s: exit %d, view of seat %v (want %v), shows the chest %v: %s", tc.viewer, code, seat, tc.seat, chest, errOut)
		}
	}
	if code, seat, chest, _ := finalView(t, "public"); code != 0 || seat != -1 || chest {
		t.Errorf("--viewer public: exit %d, seat %v, chest shown %v", code, seat, chest)
	}
	for _, bad := range []string{"4", "-1", "one"} {
		if code, _, _, errOut := finalView(t, bad); code != 2 || !strings.Contains(errOut, "0-3") {
			t.Errorf("--viewer %s: exit %d %q, want a usage error naming seats 0-3", bad, code, errOut)
		}
	}
}

// score --help and play --help print their usage once, and exit 0.
func TestHelpPrintedOnce(t *testing.T) {
	for _, cmd := range []string{"score", "play"} {
		code, out, _ := runCLI(cmd, "--help")
		if code != 0 || strings.Count(out, "Usage: quartermaster "+cmd) != 1 {
			t.Errorf("%s --help: exit %d, usage printed %d times:\n%s", cmd, code, strings.Count(out, "Usage:"), out)
		}
	}
}

// A score that is incomplete because an owner's value is missing exits
// non-zero, listing what is missing, after printing the table.
func TestScoreIncompleteExitsNonZero(t *testing.T) {
	b, err := os.ReadFile("../../engine/deadreckoning/score/testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	var in map[string]any
	_ = json.Unmarshal(b, &in)
	delete(in["achievementValues"].(map[string]any), "settler")
	b, _ = json.Marshal(in)
	file := filepath.Join(t.TempDir(), "incomplete.json")
	if err := os.WriteFile(file, b, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"score", file}, {"score", "--json", file}} {
		code, out, errOut := runCLI(args...)
		if code != 1 || !strings.Contains(errOut, "incomplete") || !strings.Contains(errOut, "achievementValues.settler") || !strings.Contains(out, "Ann") {
			t.Errorf("%v: exit %d (want 1), stderr %q, stdout %.80q", args, code, errOut, out)
		}
	}
}
