package merchants

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// The engine's ids are lower case ("english", "french-navy"); players read
// the names the rules print. These turn one into the other for sentences.

// nationWord is a nation as players say it: "English" for English.
func nationWord(id string) string {
	switch id {
	case Dutch:
		return "Dutch"
	case English:
		return "English"
	case French:
		return "French"
	case Spanish:
		return "Spanish"
	}
	return id
}

// nationWords names every nation as players say it, by id: the view's
// dictionary for screens.
func nationWords() map[string]string {
	m := make(map[string]string, len(Nations))
	for _, n := range Nations {
		m[n] = nationWord(n)
	}
	return m
}

// skillWord is a captain's skill as a word in a sentence ("Seamanship"):
// the rulebook prints skills in capitals, which a screen would shout.
func skillWord(id string) string {
	if id == "" {
		return id
	}
	return capital(strings.ToLower(id))
}

// npcWord is a non-player ship as players say it: "French Navy ship",
// "pirate sloop", "pirate frigate".
func npcWord(kind string) string {
	if n := navyNation(kind); n != "" {
		return nationWord(n) + " Navy ship"
	}
	return spoken(kind)
}

// capital is s with its first letter in capitals: a sentence that begins
// with a ship's name ("the pirate sloop declares...").
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// article is "an" before a word said with a vowel first ("an English
// merchant"), "a" otherwise.
func article(word string) string {
	r, _ := utf8.DecodeRuneInString(word)
	if unicode.IsLetter(r) && strings.ContainsRune("AEIOUaeiou", r) {
		return "an"
	}
	return "a"
}

// pendingWords says what a waiting step is, for "Finish ... first" and
// for the screens' "Waiting for Ann: ...".
func pendingWords(kind string) string {
	switch kind {
	case "bridgetown":
		return "the roll to steer into Bridgetown"
	case "port-royal":
		return "the Influence roll to enter Port Royal"
	case "scout":
		return "the scouting roll"
	case "merchant":
		return "deciding about the merchant found"
	case "claim-ship":
		return "deciding whether to claim the beaten ship"
	case "new-captain":
		return "drawing a new captain"
	case "rumor":
		return "the rumor roll"
	case "rumor-keep":
		return "choosing which rumor to keep"
	case "rumor-attempt":
		return "the roll to check the rumor"
	case "npc-scout":
		return "the non-player ship's scouting roll"
	case "recruit":
		return "the recruiting roll"
	}
	return "the step under way"
}
