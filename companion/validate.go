package companion

import (
	"fmt"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
)

// This file holds the checks of a new table's players that need the rules'
// view of the setup; the text of names and colours is checked by
// engine.CheckName, the one check every entry point uses.

// checkPlayerText checks player i's name and colour as text.
func checkPlayerText(i int, p PlayerInfo) error {
	if err := engine.CheckName(fmt.Sprintf("player %d's name", i+1), p.Name); err != nil {
		return err
	}
	if p.Colour == "" {
		return nil
	}
	return engine.CheckName(fmt.Sprintf("player %d's colour", i+1), p.Colour)
}

// checkSetupPlayers refuses a table whose players are not the setup's: a
// setup for three with two PINs would leave a seat nobody can play, and a
// name that differs would show one player under two names.
func checkSetupPlayers(g engine.Game, ps []PlayerInfo) error {
	sn, ok := g.(engine.SeatNamer)
	if !ok {
		return nil
	}
	names := sn.SeatNames()
	if len(names) != len(ps) {
		return engine.Malformed("the setup has %d players and the table %d; list the same players in both", len(names), len(ps))
	}
	for i, n := range names {
		if !strings.EqualFold(strings.TrimSpace(n), strings.TrimSpace(ps[i].Name)) {
			return engine.Malformed("seat %d is %q in the setup and %q at the table; list the same players in the same order", i+1, n, ps[i].Name)
		}
	}
	return nil
}
