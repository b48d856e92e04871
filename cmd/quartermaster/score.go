package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/score"
)

// runScore is `quartermaster score [--json] FILE`: the end-game score of a
// state counted at the table (docs/scoring.md), without a tracked game. It
// exits 1 when the score is incomplete (an owner's value missing), after
// printing what it could count.
func runScore(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "score", "score [--json] [--details] [--layout LAYOUT.json] FILE   (FILE may be - for standard input; format in docs/scoring.md)")
	asJSON := fs.Bool("json", false, "print the breakdown as JSON")
	details := fs.Bool("details", false, "after the table, print how each line was counted (island placements, achievement values)")
	layoutFile := fs.String("layout", "", "battle-board layout JSON for the tie-break's reads (default: the built-in one)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usageError("score takes one FILE, got %d arguments", fs.NArg())
	}
	name := fs.Arg(0)
	var data []byte
	var err error
	if name == "-" {
		data, err = io.ReadAll(io.LimitReader(os.Stdin, 1<<20))
	} else {
		data, err = os.ReadFile(name)
	}
	if err != nil {
		return fmt.Errorf("reading the end state: %w", err)
	}
	in, err := score.Decode(data)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	var layout *battle.Layout
	if *layoutFile != "" {
		data, err := os.ReadFile(*layoutFile)
		if err != nil {
			return fmt.Errorf("reading the layout: %w", err)
		}
		if layout, err = battle.ParseLayout(data); err != nil {
			return fmt.Errorf("%s: %w", *layoutFile, err)
		}
	}
	res := score.ScoreOn(layout, in)
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		err = enc.Encode(res)
	} else {
		err = res.WriteTable(e.stdout)
		if err == nil && *details {
			fmt.Fprintln(e.stdout)
			err = res.WriteDetails(e.stdout)
		}
	}
	if err == nil && res.TieBreak != nil && res.TieBreak.Refused != "" {
		err = fmt.Errorf("%s: the tie-break was stopped: %s", name, res.TieBreak.Refused)
	}
	// An incomplete score has no winner: a script must not take it for a
	// result, so the exit status says so, with what is missing.
	if err == nil && !res.Complete {
		err = fmt.Errorf("%s: the score is incomplete; missing:\n  %s", name, strings.Join(res.Missing, "\n  "))
	}
	return err
}
