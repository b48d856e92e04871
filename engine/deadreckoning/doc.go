// Package deadreckoning implements the rules of Dead Reckoning (AEG, 2022) on
// top of package engine: the table's full public and secret state, setup for
// two to four players, the turn flow, islands, sailor cards, battles and the
// end-game score. Every refusal names the rule and the rulebook page.
//
// Rules() is the engine.Rules; its games are *Game. An action is applied to a
// copy of the State, kept only when the action is accepted, so a refusal
// changes nothing. The files:
//
//   - state.go, clone.go: the State and its deep copy
//   - setup.go: Setup JSON, the table as set up on pp. 4-6
//   - cards.go, data/: sailor cards and the catalog as data
//   - actions.go, abilities.go: main-phase actions and card abilities
//   - ship.go, islands.go: holds, sails and cannons; influence, control,
//     production, buildings
//   - cleanup.go: the cleanup phase, drawing, sleeving, the end of the game
//   - achievements.go: the nine achievements
//   - pending.go: battles the turn waits on (PendingBattle) and
//     ApplyBattleOutcome, the meeting point with package battle
//   - view.go: what each viewer may see; script.go: `quartermaster play`
//
// battle*.go and score*.go connect the battle state machine (package battle)
// and the scoring (package score) to a tracked game: battle_config.go
// describes a battle and applies its outcome, battle_step.go fights it as
// battle-step actions, battle_view.go shows it; companion.go has the
// companion's optional interfaces and the score at the end of the game.
package deadreckoning
