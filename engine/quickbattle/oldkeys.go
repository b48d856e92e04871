package quickbattle

import (
	"maps"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// OldKeys are the keys a quick battle's setup and actions were written with
// before the program spoke one convention (camelCase, "colour"); they are
// still read (engine.LegacyKeys).
var OldKeys = func() engine.LegacyKeys {
	k := engine.LegacyKeys{"hold_free": "holdFree", "at_island": "atIsland", "color": "colour"}
	maps.Copy(k, battle.OldKeys)
	return k
}()
