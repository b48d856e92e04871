// Package deadreckoning implements the rules of Dead Reckoning (AEG, 2022) on
// top of package engine: the table's full public and secret state, setup for
// two to four players, the turn flow, islands, sailor cards, battles and the
// end-game score. Every refusal names the rule and the rulebook page.
package deadreckoning
