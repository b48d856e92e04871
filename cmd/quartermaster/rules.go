package main

import (
	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/merchants"
	"github.com/quartermaster-table/quartermaster/engine/piratescode"
	"github.com/quartermaster-table/quartermaster/engine/quickbattle"
	"github.com/quartermaster-table/quartermaster/engine/racetoten"
)

// servedRules is the one list of the games this program plays, in the
// order the dashboard offers them. Everything else (companion, web, the
// script runner) learns about a game from its kit; adding a game is adding
// it here. The made-up test games come only with testGames.
func servedRules(testGames bool) []engine.Rules {
	rs := []engine.Rules{deadreckoning.Rules(), piratescode.Rules(), merchants.Rules(), quickbattle.Rules()}
	if testGames {
		rs = append(rs, racetoten.Rules())
	}
	return rs
}

// gameInfos names each game for the companion's exports, from its kit.
func gameInfos(rs []engine.Rules) map[string]companion.GameInfo {
	out := map[string]companion.GameInfo{}
	for _, r := range rs {
		if d, ok := r.(engine.Describer); ok {
			gi := d.Describe()
			out[r.Name()] = companion.GameInfo{Name: gi.Title, BGGID: gi.BGGID, HighestWins: gi.HighestWins}
		}
	}
	return out
}

// gameTitles lists the games served, as players know them ("Dead Reckoning,
// The Pirate's Code and Merchants & Marauders"); a helper with its own start
// button (the quick battle) is not another game.
func gameTitles(rs []engine.Rules) string {
	var ts []string
	for _, r := range rs {
		if d, ok := r.(engine.Describer); ok {
			if gi := d.Describe(); gi.Start == "" {
				ts = append(ts, gi.Title)
			}
		}
	}
	return engine.AndList(ts)
}
