// Package wordingtest holds the checks every engine's tests make on the
// sentences players read, so that each engine names only what is its own:
// which calls carry a sentence, how many the scan must find, and its ids.
package wordingtest

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/internal/wording"
)

// CheckSource fails the test for every sentence written in dir's Go source
// (the arguments of calls) that is not in players' words, and when fewer
// than atLeast are found: a scan that lost its calls would pass on nothing.
func CheckSource(t testing.TB, dir string, calls wording.Calls, atLeast int, ids ...string) {
	t.Helper()
	found, err := wording.Scan(dir, calls)
	if err != nil {
		t.Fatal(err)
	}
	if len(found) < atLeast {
		t.Fatalf("found %d sentences in the source, want at least %d; the scan has lost its calls", len(found), atLeast)
	}
	for _, f := range found {
		if err := wording.Check(f.Text, ids...); err != nil {
			t.Errorf("%s: %v", f.Pos, err)
		}
	}
}

// CheckEvents fails the test when an event's sentence, or its secret one,
// is not in players' words (the values filled in at play included).
func CheckEvents(t testing.TB, evs []engine.Event, ids ...string) {
	t.Helper()
	for _, e := range evs {
		if err := wording.Check(e.Text, ids...); err != nil {
			t.Errorf("event %s: %v", e.Type, err)
		}
		if e.Secret != nil && e.Secret.Text != "" {
			if err := wording.Check(e.Secret.Text, ids...); err != nil {
				t.Errorf("event %s, secret: %v", e.Type, err)
			}
		}
	}
}

// CheckRefusal fails the test when a refusal's sentence is not in players'
// words.
func CheckRefusal(t testing.TB, re *engine.RuleError, ids ...string) {
	t.Helper()
	if err := wording.Check(re.Detail, ids...); err != nil {
		t.Errorf("refusal %s: %v", re.Code, err)
	}
}
