package main

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine"
)

// runPlay applies a scripted game (its "rules" picks one of servedRules;
// none: Dead Reckoning) and prints one JSON line per
// action (accepted with its events, or the rule that refused it), then the
// final state as the viewer sees it. Refused actions are results, not
// failures: the exit status is 0 unless the script cannot be read or set up.
func runPlay(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "play", "play --script FILE [--viewer public|SEAT]")
	script := fs.String("script", "", "a JSON script: {\"rules\":NAME,\"seed\":N,\"setup\":{...},\"actions\":[...]} (\"-\" for standard input)")
	viewer := fs.String("viewer", "public", "whose view to print: public, or a seat number from 0 as in the JSON (that player's secrets)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *script == "" {
		return usageError("--script FILE is required")
	}
	if fs.NArg() > 0 {
		return usageError("unexpected arguments: %v", fs.Args())
	}
	v, err := engine.ParseViewer(*viewer, mostSeats(servedRules(true)))
	if err != nil {
		return usageError("%v", err)
	}
	in := os.Stdin
	if *script != "-" {
		f, err := os.Open(*script)
		if err != nil {
			return err
		}
		defer f.Close()
		in = f
	}
	if err := engine.RunScript(in, e.stdout, servedRules(true), v); err != nil {
		if errors.Is(err, engine.ErrMalformed) {
			return fmt.Errorf("%s: %w", *script, err)
		}
		return err
	}
	return nil
}

// mostSeats is the largest table of the games served: the seats --viewer
// may name (a game that does not describe itself allows the companion's
// limit).
func mostSeats(rules []engine.Rules) int {
	most := 0
	for _, r := range rules {
		n := companion.MaxPlayers
		if d, ok := r.(engine.Describer); ok {
			n = d.Describe().MaxPlayers
		}
		most = max(most, n)
	}
	return most
}
