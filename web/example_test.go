package web_test

import (
	"context"
	"log/slog"
	"os"
	"os/signal"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/web"
)

// ExampleNew serves the dashboard for the tables of a companion Manager,
// without camera, devices or calibration (each would be an Options field),
// until the process is interrupted.
func ExampleNew() {
	lg := slog.New(slog.NewTextHandler(os.Stderr, nil))
	st, err := store.OpenSQLite("data/tables.db")
	if err != nil {
		lg.Error("store", "err", err)
		return
	}
	defer st.Close()
	mgr, err := companion.NewManager(lg, st, []engine.Rules{deadreckoning.Rules()}, companion.ManagerOpts{})
	if err != nil {
		lg.Error("manager", "err", err)
		return
	}
	defer mgr.Close()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	srv := web.New(lg, mgr, web.Options{})
	if err := srv.Start(ctx, ":8080"); err != nil {
		lg.Error("serve", "err", err)
	}
}
