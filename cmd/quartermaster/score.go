package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/score"
)

// runScore is `quartermaster score [--json] FILE`: the end-game score of a
// state counted at the table (docs/scoring.md), without a tracked game.
func runScore(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "score", "score [--json] FILE   (FILE may be - for standard input; format in docs/scoring.md)")
	asJSON := fs.Bool("json", false, "print the breakdown as JSON")
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
	res := score.Score(in)
	if *asJSON {
		enc := json.NewEncoder(e.stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	return res.WriteTable(e.stdout)
}
