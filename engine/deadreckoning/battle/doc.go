// Package battle resolves Dead Reckoning battles (rulebook pp. 17-21) as a
// pure, deterministic state machine that the tablet and the camera drive step
// by step: taking cubes, the jettison window, the drop and its reads,
// exploding shots, battle abilities, plunder, damage, the winner and the
// Outcome the game applies, including sinking.
//
// The package knows nothing of the game state: the caller describes the two
// sides (a player's ship, a non-player Merchant, or an island's buildings)
// and what was already used this turn, and applies the Outcome itself. Every
// refusal is an *engine.RuleError with a stable code and the rulebook page.
//
// It also holds the Battle board Layout (the zones and their effects) in the
// format of battle-board.default.json, and Read, the cubes per colour per
// zone that a drop left on the board.
package battle
