package deadreckoning

import (
	"fmt"
	"unicode"
	"unicode/utf8"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// count is a number with its noun as players say it: "1 coin", "2 coins",
// "0 coins". many is the plural form ("" adds an s).
func count(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	if many == "" {
		many = one + "s"
	}
	return fmt.Sprintf("%d %s", n, many)
}

// capital is s with its first letter in capitals: a building's kind
// ("fort") where it names the printed piece ("Fort"), or a sentence that
// begins with a name written in lower case ("the Harbor").
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// listWords joins names as players list them: "A", "A and B", "A, B and C";
// none is said when there are none.
func listWords(names []string, none string) string {
	if len(names) == 0 {
		return none
	}
	return engine.AndList(names)
}

// goodsPlace names where goods are loaded from or unloaded to ("dock",
// "island") as players say it.
func goodsPlace(where string) string {
	if where == "dock" {
		return "the Dock tile"
	}
	return "the " + where
}

// battleWords names a kind of battle as players say it: "ship battle",
// "battle against a Merchant ship", "battle against the buildings".
func battleWords(kind string) string {
	switch kind {
	case string(battle.KindMerchant):
		return "battle against a Merchant ship"
	case string(battle.KindBuilding):
		return "battle against the buildings"
	}
	return "ship battle"
}

// sentence is an error's text as a refusal's sentence: Go's errors start in
// lower case, a sentence players read starts with a capital.
func sentence(err error) string {
	return capital(err.Error())
}
