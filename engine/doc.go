// Package engine is the game-independent core of quartermaster's rules engines:
// the Game interface every supported board game implements, the rule errors an
// illegal action is refused with, the versioned JSON envelopes of actions and
// events, a seeded random number generator, and replay of an action log.
//
// engine does no I/O, reads no clock and uses no global randomness, so the same
// setup, seed and actions always give the same state, which is what makes undo,
// crash recovery and tests cheap. It imports nothing else of quartermaster.
package engine
