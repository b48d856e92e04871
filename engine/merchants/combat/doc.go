// Package combat is Merchants & Marauders' naval and crew combat as a state
// machine, on its own so it can be tested with tables of rolls and outcomes
// (rules summary, "Combat", "Naval Combat", "Crew Combat").
//
// A Battle is between two ships: side 0 is the aggressor (the captain who
// engaged), side 1 the defender. Each naval round both sides declare an
// action (Declare), roll SEAMANSHIP (Contest), the shooters roll one die per
// hit (HitRoll), the target picks the location of every success face
// (Choose), and the hits land at once. A won boarding leads to crew combat,
// where both sides roll LEADERSHIP (CrewRoll) until a crew is gone.
//
// The machine asks for exactly what it needs next with Need; it does no I/O,
// draws no randomness and never panics on bad input: a move that is not
// allowed now is a *engine.RuleError that changes nothing.
//
// Chain-shot and grapeshot (UseAmmo) and grappling hooks (Hooks, then
// RerollDice), long guns and swivel guns (PreRoll), the reinforced hull
// (Absorb) and chasers (Chase) are modelled; glory cards played in combat
// are not yet.
package combat
