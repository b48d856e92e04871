// Command quartermaster is the table companion for Dead Reckoning: it serves the
// tablet dashboard, replays scripted games, reads battle-board photos, scores an
// end state and calibrates the camera. Run `quartermaster help` for the list.
//
// main is the composition root: it parses flags into a Config, builds every
// dependency in one place, and is the only code that exits the process.
package main
