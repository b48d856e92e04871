// Package racetoten is a tiny made-up game used only by tests: it exercises
// every part of the game kit (engine/kit.go) and the dice (engine/dice)
// without any real game's rules, so the companion, the web server and the
// dashboard's shell can be shown to work for a game they were not written
// for.
//
// The game: 2 to 4 players sit round a counter that starts at 0. One white
// die is rolled first to choose who starts (a 1 is the first seat, a 2 the
// second, and so on round the table). Then, in turn, each player adds 1, 2
// or 3 to the counter; whoever brings it exactly to the target (10 unless
// the group picks another) wins. Going past the target is refused.
//
// The "rulebook" has no pages, so refusals cite sections, as The Pirate's
// Code does. cmd lists the game only behind `serve --test-games`.
package racetoten
