// Package merchants is the rules engine of Merchants & Marauders (rules
// name "merchants-and-marauders"), the base game for 2 to 4 players with
// three Seas of Glory variants: setup, the round and its event with the NPC
// ships, moves, scouting, every port activity and port ability, cargo and
// demand, ships and modifications, merchant raids, bounties and wars,
// missions and rumors, battles between players and with NPCs (through
// engine/merchants/combat), death and retirement, the stash, glory and the
// end at 10 points.
//
// Printed values the rules summary lacks (the map, captains, ships, decks,
// dice faces) come from the owner's Catalog, never from this package. A
// refusal is an *engine.RuleError citing the summary's section. Dice go
// through engine/dice. Secrets (stash, glory cards, rumor, cargo goods,
// the cards drawn to buy) reach only their owner's view and the secret part
// of events. The package does no I/O, reads no clock and draws randomness
// only from the game's seeded engine.RNG. See
// docs/games/merchants-and-marauders.md.
package merchants
