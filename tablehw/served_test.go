package tablehw

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"testing"
)

// fakeSwitch serves any table in tables, one at a time.
type fakeSwitch struct {
	tables  map[string]bool
	current string
}

func (f *fakeSwitch) Use(_ context.Context, id string) error {
	if !f.tables[id] {
		return errors.New("no such table")
	}
	f.current = id
	return nil
}

func (f *fakeSwitch) Release(id string) {
	if f.current == id {
		f.current = ""
	}
}

func (f *fakeSwitch) Table() string { return f.current }

// The table the host chose is served again after a restart; a release is
// kept too; a table gone since the restart is forgotten.
func TestTheServedTableSurvivesARestart(t *testing.T) {
	ctx := context.Background()
	lg := slog.New(slog.NewTextHandler(io.Discard, nil))
	dir := t.TempDir()
	tables := map[string]bool{"t1": true, "t2": true}

	first := Remember(ctx, lg, &fakeSwitch{tables: tables}, dir)
	if first.Table() != "" {
		t.Fatalf("a first start serves %q, want none", first.Table())
	}
	if err := first.Use(ctx, "t2"); err != nil {
		t.Fatal(err)
	}
	if err := first.Use(ctx, "gone"); err == nil {
		t.Fatal("an unknown table was served")
	}
	again := Remember(ctx, lg, &fakeSwitch{tables: tables}, dir)
	if again.Table() != "t2" {
		t.Errorf("after a restart the hardware serves %q, want t2", again.Table())
	}

	again.Release("t2")
	if got := Remember(ctx, lg, &fakeSwitch{tables: tables}, dir).Table(); got != "" {
		t.Errorf("after a release and a restart it serves %q, want none", got)
	}

	if err := again.Use(ctx, "t1"); err != nil {
		t.Fatal(err)
	}
	delete(tables, "t1")
	if got := Remember(ctx, lg, &fakeSwitch{tables: tables}, dir).Table(); got != "" {
		t.Errorf("a deleted table is served after a restart: %q", got)
	}
	if b, err := os.ReadFile(filepath.Join(dir, ServedFile)); err != nil || string(b) != "\n" {
		t.Errorf("the deleted table is still kept: %q %v", b, err)
	}
}
