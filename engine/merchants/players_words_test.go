package merchants

import (
	"slices"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/internal/wording"
	"github.com/quartermaster-table/quartermaster/internal/wording/wordingtest"
)

// sentenceCalls names the calls whose argument is a sentence players read:
// a refusal's detail or a log line.
var sentenceCalls = wording.Calls{"Refuse": 2, "RefuseIn": 2, "NewEvent": 2, "WithSecret": 0}

// idWords are this game's ids that must never stand for a printed name in a
// sentence: the nations ("english" for English), the non-player ships and
// the hyphenated ids of weapons and ship modifications. "man-o-war",
// "chain-shot", "grapeshot" and "chasers" are the rules' own words.
var idWords = slices.Concat(Nations, NPCKinds, []string{GrapplingHooks}, slices.DeleteFunc(slices.Clone(Mods), func(m string) bool { return !strings.Contains(m, "-") }))

// Every refusal and log sentence written in the engine reads as players'
// words: a capital first, no id, no full stop at the end. The values filled
// in at play are checked by the tests' helpers (inPlayersWords,
// refusalInPlayersWords) on every sentence the other tests make the engine say.
func TestSentencesInPlayersWords(t *testing.T) {
	wordingtest.CheckSource(t, ".", sentenceCalls, 140, idWords...)
}

// inPlayersWords fails the test when an event's sentence, or its secret one,
// is not in players' words.
func inPlayersWords(t testing.TB, evs []engine.Event) {
	t.Helper()
	wordingtest.CheckEvents(t, evs, idWords...)
}

// refusalInPlayersWords fails the test when a refusal's sentence is not in
// players' words.
func refusalInPlayersWords(t testing.TB, re *engine.RuleError) {
	t.Helper()
	wordingtest.CheckRefusal(t, re, idWords...)
}
