package deadreckoning

import (
	"io"

	"github.com/quartermaster-table/quartermaster/engine"
)

// The script format is the engine's generic one (engine.RunScript), which
// `quartermaster play --script` runs for every game; these names keep
// Dead Reckoning's scripts and their tests as they were.

// ScriptVersion is the version of the script and result JSON.
const ScriptVersion = engine.ScriptVersion

type (
	// Script is a scripted game (engine.Script).
	Script = engine.Script
	// ScriptResult is one line of the output (engine.ScriptResult).
	ScriptResult = engine.ScriptResult
	// ScriptError is a refusal (engine.ScriptError).
	ScriptError = engine.ScriptError
	// ScriptFinal is the last line (engine.ScriptFinal).
	ScriptFinal = engine.ScriptFinal
)

// RunScript runs a Dead Reckoning script with engine.RunScript.
func RunScript(r io.Reader, w io.Writer, viewer engine.Viewer) error {
	return engine.RunScript(r, w, []engine.Rules{Rules()}, viewer)
}

// ParseViewer reads "public" or a seat number as the JSON writes seats,
// 0-based ("0".."3").
func ParseViewer(s string) (engine.Viewer, error) { return engine.ParseViewer(s, 4) }
