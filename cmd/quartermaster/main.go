package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
)

// version is set at build time with -ldflags "-X main.version=..."; "dev" otherwise.
var version = "dev"

// env is what every subcommand gets: where to write, how to log.
type env struct {
	stdout io.Writer
	stderr io.Writer
	log    *slog.Logger
}

// command is one subcommand of the binary.
type command struct {
	name    string
	summary string
	// run parses its own flags from args. It returns errUsage (wrapped) for bad
	// flags or arguments, so the caller prints usage and exits 2.
	run func(ctx context.Context, e *env, args []string) error
}

// errUsage marks an error caused by how the command was called.
var errUsage = errors.New("usage")

// errNotBuilt marks a feature that this build does not include.
var errNotBuilt = errors.New("not built in")

// usageError wraps a message as a usage error.
func usageError(format string, a ...any) error {
	return fmt.Errorf("%w: %s", errUsage, fmt.Sprintf(format, a...))
}

// commands lists the subcommands in the order `help` shows them.
func commands() []command {
	return []command{
		{"serve", "serve the tablet dashboard and the players' phones", runServe},
		{"play", "apply a scripted game (setup + actions) and print each result as JSON", runPlay},
		{"read-battle", "read battle-board photos: every cube's colour and zone, as JSON", runReadBattle},
		{"read-dice", "read dice-tray photos: every die's colour, face and zone, as JSON", runReadDice},
		{"score", "score an end-game state counted at the table, without a tracked game", runScore},
		{"calibrate", "calibrate the camera from a photo of the empty battle board", runCalibrate},
		{"version", "print the version", runVersion},
	}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	code := run(ctx, os.Args[1:], os.Stdout, os.Stderr)
	stop()
	os.Exit(code)
}

// run dispatches to a subcommand and turns its error into an exit code:
// 0 success, 1 failure, 2 bad usage, 3 feature not built in.
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	e := &env{stdout: stdout, stderr: stderr, log: newLogger(stderr, "info")}
	if len(args) == 0 {
		printHelp(stderr)
		return 2
	}
	name := args[0]
	switch name {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			if c, ok := findCommand(args[1]); ok {
				return run(ctx, []string{c.name, "--help"}, stdout, stderr)
			}
		}
		printHelp(stdout)
		return 0
	case "--version", "-version":
		name = "version"
	}
	c, ok := findCommand(name)
	if !ok {
		fmt.Fprintf(stderr, "quartermaster: unknown command %q\n\n", name)
		printHelp(stderr)
		return 2
	}
	err := c.run(ctx, e, args[1:])
	switch {
	case err == nil:
		return 0
	case errors.Is(err, flag.ErrHelp):
		return 0
	case errors.Is(err, errUsage):
		msg := strings.TrimPrefix(err.Error(), errUsage.Error()+": ")
		fmt.Fprintf(stderr, "quartermaster %s: %s\nRun 'quartermaster %s --help' for usage.\n", c.name, msg, c.name)
		return 2
	case errors.Is(err, errNotBuilt):
		msg := strings.TrimPrefix(err.Error(), errNotBuilt.Error()+": ")
		fmt.Fprintf(stderr, "quartermaster %s: %s\n", c.name, msg)
		return 3
	default:
		fmt.Fprintf(stderr, "quartermaster %s: %v\n", c.name, err)
		return 1
	}
}

func findCommand(name string) (command, bool) {
	for _, c := range commands() {
		if c.name == name {
			return c, true
		}
	}
	return command{}, false
}

func printHelp(w io.Writer) {
	fmt.Fprintf(w, "quartermaster: the table companion for %s.\n", gameTitles(servedRules(false)))
	fmt.Fprintln(w, "\nUsage: quartermaster COMMAND [flags]\n\nCommands:")
	cs := commands()
	for _, c := range cs {
		fmt.Fprintf(w, "  %-12s %s\n", c.name, c.summary)
	}
	fmt.Fprintln(w, "\nRun 'quartermaster COMMAND --help' for a command's flags.")
}

// newFlagSet makes a flag set for a subcommand that reports errors as usage
// errors instead of exiting, and prints its help to e.stdout on --help.
func newFlagSet(e *env, name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		fmt.Fprintf(e.stdout, "Usage: quartermaster %s\n\n", usage)
		fs.SetOutput(e.stdout)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// parseFlags parses args, turning a flag error into a usage error and --help
// into flag.ErrHelp; the flag package has already printed the usage (once).
func parseFlags(fs *flag.FlagSet, args []string) error {
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return flag.ErrHelp
		}
		return usageError("%v", err)
	}
	return nil
}

func runVersion(_ context.Context, e *env, args []string) error {
	fs := newFlagSet(e, "version", "version")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usageError("version takes no arguments")
	}
	fmt.Fprintf(e.stdout, "quartermaster %s (vision: %s)\n", version, visionStatus())
	return nil
}

// newLogger returns a text slog logger at the given level ("debug", "info",
// "warn", "error").
func newLogger(w io.Writer, level string) *slog.Logger {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: l}))
}
