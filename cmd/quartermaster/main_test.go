package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

func runCLI(args ...string) (code int, stdout, stderr string) {
	var out, errb bytes.Buffer
	code = run(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

func TestEveryCommandHasHelp(t *testing.T) {
	for _, c := range commands() {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCLI(c.name, "--help")
			if code != 0 {
				t.Fatalf("%s --help exited %d: %s", c.name, code, errOut)
			}
			if !strings.Contains(out, "Usage: quartermaster "+c.name) {
				t.Errorf("%s --help printed %q", c.name, out)
			}
		})
	}
}

func TestUnknownCommandAndBadFlagsExitNonZero(t *testing.T) {
	code, _, errOut := runCLI("sail-away")
	if code != 2 || !strings.Contains(errOut, `unknown command "sail-away"`) || !strings.Contains(errOut, "Commands:") {
		t.Errorf("unknown command: code %d, stderr %q", code, errOut)
	}
	for _, c := range commands() {
		code, _, errOut := runCLI(c.name, "--no-such-flag")
		if code == 3 && visionStatus() == "not built in" && (c.name == "read-battle" || c.name == "calibrate") {
			continue // without OpenCV these say so whatever their flags
		}
		if code != 2 || !strings.Contains(errOut, "no-such-flag") {
			t.Errorf("%s --no-such-flag: code %d, stderr %q", c.name, code, errOut)
		}
	}
	if code, _, _ := runCLI(); code != 2 {
		t.Errorf("no command: code %d, want 2", code)
	}
	if code, out, _ := runCLI("help"); code != 0 || !strings.Contains(out, "read-battle") {
		t.Errorf("help: code %d, out %q", code, out)
	}
}

func TestVersionSaysWhetherVisionIsBuiltIn(t *testing.T) {
	code, out, _ := runCLI("version")
	if code != 0 || !strings.HasPrefix(out, "quartermaster ") || !strings.Contains(out, "vision: "+visionStatus()) {
		t.Errorf("version: code %d, out %q", code, out)
	}
	if code, _, _ := runCLI("version", "extra"); code != 2 {
		t.Errorf("version extra: code %d, want 2", code)
	}
}

// The help's first line names every game the program plays (it said Dead
// Reckoning alone once three were served), and not the quick battle, which
// is a helper of Dead Reckoning rather than a game.
func TestHelpNamesTheGamesPlayed(t *testing.T) {
	code, out, _ := runCLI("help")
	first, _, _ := strings.Cut(out, "\n")
	if code != 0 || first != "quartermaster: the table companion for Dead Reckoning, The Pirate's Code and Merchants & Marauders." {
		t.Errorf("help exited %d, first line %q", code, first)
	}
}
