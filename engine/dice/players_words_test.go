package dice

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/internal/wording"
	"github.com/quartermaster-table/quartermaster/internal/wording/wordingtest"
)

// sentenceCalls names the calls whose argument is a sentence players read:
// a refusal's detail or a log line.
var sentenceCalls = wording.Calls{"Refuse": 2, "RefuseIn": 2}

// idWords are this game's ids that must never stand for a printed name in a
// sentence.
var idWords = []string{}

// Every refusal and log sentence written in the engine reads as players'
// words: a capital first, no id, no full stop at the end. The values filled
// in at play are checked by the tests' helpers (inPlayersWords,
// refusalInPlayersWords) on every sentence the other tests make the engine say.
func TestSentencesInPlayersWords(t *testing.T) {
	wordingtest.CheckSource(t, ".", sentenceCalls, 6, idWords...)
}
