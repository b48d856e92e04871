package engine

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"
)

// MaxNameRunes is the longest player name or colour, in letters: it fits
// a phone's header and the tablet's score sheet.
const MaxNameRunes = 24

// CheckName is the one check of a player's name (or colour) wherever it is
// entered: a game's setup, a table's player list. It must be valid UTF-8,
// not blank, at most MaxNameRunes letters, with no control characters
// (line breaks, escapes) that would garble the log or the screens. what
// says which field, e.g. "player 2's name".
func CheckName(what, name string) error {
	switch {
	case !utf8.ValidString(name):
		return Malformed("%s is not valid text (UTF-8)", what)
	case len(name) == 0:
		return Malformed("%s is empty", what)
	case utf8.RuneCountInString(name) > MaxNameRunes:
		return Malformed("%s is %d letters long; at most %d", what, utf8.RuneCountInString(name), MaxNameRunes)
	}
	for _, r := range name {
		if unicode.IsControl(r) || r == '\u2028' || r == '\u2029' {
			return Malformed("%s contains a control character (%s); use letters, digits and spaces", what, fmt.Sprintf("%U", r))
		}
	}
	return nil
}

// SeatNamer is implemented by a game whose setup names its players: the
// companion checks that the table's players are the setup's, seat by seat,
// so that no seat is left without a PIN or given to a player the game does
// not have.
type SeatNamer interface {
	// SeatNames lists the setup's players' names in seat order.
	SeatNames() []string
}

// AndList joins words as a sentence lists them for players: "Ann", "Ann
// and Ben", "Ann, Ben and Cy"; nothing for none. Every game's messages
// list names and goods this way.
func AndList(words []string) string {
	if len(words) < 2 {
		return strings.Join(words, "")
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
