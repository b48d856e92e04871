package battle

import "github.com/quartermaster-table/quartermaster/engine"

// OldKeys are the snake_case keys the battle's JSON (its config, steps,
// state and outcome) was written with before it took the program's one
// convention, camelCase; decoders of stored games and scripts rewrite them
// (engine.LegacyKeys).
var OldKeys = engine.LegacyKeys{
	"strength_bonus": "strengthBonus", "damage_dealt": "damageDealt", "if_win": "ifWin",
	"plunder_due": "plunderDue", "plunder_taken": "plunderTaken", "drop_kind": "dropKind",
	"in_ship": "inShip", "hold_free": "holdFree", "choice_coins": "choiceCoins",
	"not_vs_buildings": "notVsBuildings", "in_hand": "inHand", "ship_cannons": "shipCannons",
	"used_cannons": "usedCannons", "used_abilities": "usedAbilities", "buildings_here": "buildingsHere",
	"in_harbor": "inHarbor", "final_turn_taken": "finalTurnTaken", "coins_in_chest": "coinsInChest",
	"spare_island_cubes": "spareIslandCubes", "merchant_cubes": "merchantCubes", "at_island": "atIsland",
	"opponent_key": "opponentKey", "fought_this_turn": "foughtThisTurn",
	"pirate_ship_at_island": "pirateShipAtIsland", "winner_seat": "winnerSeat", "player_won": "playerWon",
	"cubes_from_islands": "cubesFromIslands", "damage_from_zones": "damageFromZones",
	"damage_from_abilities": "damageFromAbilities", "loser_damage": "loserDamage",
	"to_mercantile": "toMercantile", "cannons_used": "cannonsUsed", "abilities_used": "abilitiesUsed",
	"cards_played": "cardsPlayed", "coins_from_ship": "coinsFromShip", "coins_from_chest": "coinsFromChest",
}
