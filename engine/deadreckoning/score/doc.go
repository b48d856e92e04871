// Package score computes Dead Reckoning's end-game score (rulebook
// pp. 22-23) from the end state as the players count it at the table, and
// runs the tie-break battle between players tied for the most coins.
//
// Values the rulebook does not print (the achievements' coin values, the
// bonus tokens' contents, each island's values) come in the Input; a score
// that needs a missing one is reported incomplete, naming what is missing,
// never guessed. The input format is documented in docs/scoring.md.
package score
