package tablehw

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/quartermaster-table/quartermaster/web"
)

// ServedFile holds the id of the table the hardware serves, in the data
// directory, so that the host's choice survives a restart.
const ServedFile = "hardware-table"

// Remembered is a web.Hardware that writes the table it serves to a file
// and, when made, serves again the table written there before.
type Remembered struct {
	hw   web.Hardware
	path string
	lg   *slog.Logger
	// mu orders the writes as the choices were made.
	mu sync.Mutex
}

// Remember wraps hw so that its table is kept in dir's ServedFile, and
// makes hw serve the table kept there by the previous run, if that table
// can still be served (a table deleted since is forgotten, with a note).
func Remember(ctx context.Context, lg *slog.Logger, hw web.Hardware, dir string) *Remembered {
	r := &Remembered{hw: hw, path: filepath.Join(dir, ServedFile), lg: lg}
	b, err := os.ReadFile(r.path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		lg.Warn("which table the hardware served is unknown; it serves none until the host chooses", "err", err)
	default:
		if id := strings.TrimSpace(string(b)); id != "" {
			if err := hw.Use(ctx, id); err != nil {
				lg.Warn("the hardware cannot serve the table it served before the restart; it serves none until the host chooses", "table", id, "err", err)
				r.write("")
			} else {
				lg.Info("the hardware serves the table it served before the restart", "table", id)
			}
		}
	}
	return r
}

// Use makes the hardware serve table id and keeps the choice.
func (r *Remembered) Use(ctx context.Context, id string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if err := r.hw.Use(ctx, id); err != nil {
		return err
	}
	r.write(r.hw.Table())
	return nil
}

// Release stops serving table id and keeps that none is served.
func (r *Remembered) Release(id string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.hw.Release(id)
	r.write(r.hw.Table())
}

// Table is the table served, "" for none.
func (r *Remembered) Table() string { return r.hw.Table() }

// write keeps id; a failure is only logged: the hardware still serves the
// table chosen, it is only forgotten at the next restart.
func (r *Remembered) write(id string) {
	tmp := r.path + ".tmp"
	err := os.WriteFile(tmp, []byte(id+"\n"), 0o644)
	if err == nil {
		err = os.Rename(tmp, r.path)
	}
	if err != nil {
		r.lg.Warn("could not keep which table the hardware serves", "err", fmt.Errorf("%s: %w", r.path, err))
	}
}
