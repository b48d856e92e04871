package main

import (
	"context"
	"fmt"
)

func runServe(ctx context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "serve", "serve [--addr HOST:PORT] [--data DIR] [--sim] [--camera SRC] [--hardware] [--db DSN] [--config FILE]")
	load := configFlags(fs)
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError("serve takes no arguments, got %q", fs.Args())
	}
	cfg, err := load()
	if err != nil {
		return usageError("%v", err)
	}
	_ = ctx
	return fmt.Errorf("%w: the dashboard is not built yet (would serve on %s)", errNotBuilt, cfg.Addr)
}
