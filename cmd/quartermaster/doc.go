// Command quartermaster is the table companion for pirate board games (the
// list is servedRules): it serves the tablet dashboard, replays scripted
// games, reads battle-board photos, scores an end state and calibrates the
// camera. Run `quartermaster help` for its commands.
//
// main is the composition root: it parses flags into a Config, builds every
// dependency in one place, and is the only code that exits the process.
package main
