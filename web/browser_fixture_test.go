package web

import (
	"encoding/json"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
)

// The browser tests' Dead Reckoning stand-in describes itself as the real
// game does (title, player counts, colours) and takes the shell's new-game
// form, so the shell sets it up as it sets up any game. Its setup is the
// form's answers, which it ignores: its view is test data.

// Describe is Dead Reckoning's own description.
func (drFixture) Describe() engine.GameInfo {
	return deadreckoning.Rules().(engine.Describer).Describe()
}

// NewGameOptions: the stand-in has no options.
func (drFixture) NewGameOptions() []engine.Option { return nil }

// SetupFromForm keeps the answers as the setup.
func (drFixture) SetupFromForm(form engine.FormAnswers, _ json.RawMessage) (json.RawMessage, error) {
	return json.Marshal(form)
}

// ScreenFacts are Dead Reckoning's own printed facts (sailor cards,
// achievements), served once with the description as the real game's are.
func (drFixture) ScreenFacts() any {
	return deadreckoning.Rules().(engine.ScreenFacts).ScreenFacts()
}
