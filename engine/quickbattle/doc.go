// Package quickbattle is the Quick battle: one Dead Reckoning battle after
// another at a table that tracks no game, for groups that only want the
// battle helper. Players pick the two sides (each player's colour and the
// cubes they drop, or a Merchant ship's black cubes), drop the cubes through
// the tower, the camera (or the tablet) reads the Battle board, exploding
// shots and cubes balanced on a border are dropped again, and the outcome
// says who won, the damage and the plunder. "Another battle" starts the next
// one at the same table with the same sides.
//
// The battle itself is Dead Reckoning's battle state machine
// (engine/deadreckoning/battle, rulebook pp. 17-21): this package only
// declares the battle from the sides chosen, takes the steps a quick battle
// has (the drop, the reads, the plunder) and says the result in words.
// Cards are not tracked, so the players count their cannons and bonus cubes
// themselves (each side's cubes are given), and battle abilities are not
// offered: both sides pass them.
//
// Its rules name is "quick-battle"; players see it as "Quick battle (Dead
// Reckoning)". Refusals cite Dead Reckoning's rulebook pages.
package quickbattle
