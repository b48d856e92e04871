package quickbattle

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/internal/wording"
	"github.com/quartermaster-table/quartermaster/internal/wording/wordingtest"
)

// sentenceCalls names the calls whose argument is a sentence players read:
// a refusal's detail, a log line, what the table waits for, what the camera
// saw (line).
var sentenceCalls = wording.Calls{"Refuse": 2, "RefuseIn": 2, "NewEvent": 2, "line": 0}

// Every refusal, log line and prompt written in the quick battle's source
// reads as players' words: a capital first, no id, no full stop at the end.
// The values filled in at play are checked by the tests' helpers (must,
// refused, inPlayersWords) on every sentence the other tests make it say.
func TestSentencesInPlayersWords(t *testing.T) {
	wordingtest.CheckSource(t, ".", sentenceCalls, 15)
}

// inPlayersWords fails the test when a sentence the quick battle said is
// not in players' words.
func inPlayersWords(t *testing.T, what, s string) {
	t.Helper()
	if err := wording.Check(s); err != nil {
		t.Errorf("%s: %v", what, err)
	}
}

// eventsInPlayersWords checks every event's sentence.
func eventsInPlayersWords(t *testing.T, evs []engine.Event) {
	t.Helper()
	for _, e := range evs {
		inPlayersWords(t, "event "+e.Type, e.Text)
	}
}
