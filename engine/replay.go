package engine

import (
	"encoding/json"
	"fmt"
)

// Record is one accepted action in a game's log with the events it caused.
type Record struct {
	// Version is the game's version after the action (1 for the first).
	Version uint64 `json:"version"`
	// Action is the action as it was applied.
	Action Action `json:"action"`
	// Events are the changes it caused.
	Events []Event `json:"events"`
}

// Replay starts a game from setup and seed and applies actions in order. The
// log of an accepted game always replays; an action refused during replay
// means the log or the rules changed, and is reported with its position.
func Replay(r Rules, setup json.RawMessage, seed uint64, actions []Action) (Game, error) {
	g, err := r.New(setup, seed)
	if err != nil {
		return nil, err
	}
	for i, a := range actions {
		if _, err := g.Apply(a); err != nil {
			return nil, fmt.Errorf("replaying action %d (%s): %w", i+1, a.Head().Type, err)
		}
	}
	return g, nil
}
