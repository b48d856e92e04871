package main

import (
	"context"
	"fmt"
)

func runPlay(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "play", "play --script FILE")
	fs.String("script", "", "a JSON script: setup and actions")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	return fmt.Errorf("%w: the rules engine is not built yet", errNotBuilt)
}
