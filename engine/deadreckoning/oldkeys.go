package deadreckoning

import (
	"maps"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/score"
)

// OldKeys are the keys Dead Reckoning's JSON was written with before the
// program spoke one convention (camelCase, "colour"): setups and actions
// written with them (stored games, old scripts) are still read, and replay
// the same game.
var OldKeys = func() engine.LegacyKeys {
	k := engine.LegacyKeys{"color": "colour"}
	maps.Copy(k, battle.OldKeys)
	maps.Copy(k, score.OldKeys)
	return k
}()
