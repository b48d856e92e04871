package companion

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/engine"
)

// A table from creation to an undo, on the made-up test game.
func ExampleManager() {
	dir, _ := os.MkdirTemp("", "qm-example")
	defer os.RemoveAll(dir)
	st, _ := store.OpenSQLite(filepath.Join(dir, "quartermaster.db"))
	defer st.Close()
	m, _ := NewManager(nil, st, []engine.Rules{newToyRules()}, ManagerOpts{})
	defer m.Close()

	ctx := context.Background()
	seed := uint64(1)
	s, cred, _ := m.Create(ctx, CreateRequest{Rules: "test-counter", Setup: json.RawMessage(`{"players":2}`), Seed: &seed,
		Players: []PlayerInfo{{Name: "Ann", Colour: "red", Seat: 0}, {Name: "Ben", Colour: "blue", Seat: 1}}})

	tablet, _ := s.Authenticate("", "")
	res, _ := s.Submit(ctx, Submission{Access: tablet, Action: json.RawMessage(`{"type":"add","seat":0,"n":3}`), BaseVersion: 0, Key: "tap-1"})
	fmt.Println("version", res.Version, res.Events[0].Text)

	_, err := s.Submit(ctx, Submission{Access: tablet, Action: json.RawMessage(`{"type":"add","seat":1,"n":2}`), BaseVersion: 0, Key: "tap-2"})
	fmt.Println("stale:", errors.Is(err, engine.ErrStale))

	host, _ := s.Authenticate(cred.HostToken, "")
	res, _ = s.Undo(ctx, host)
	fmt.Println("version", res.Version, res.Events[0].Text)
	for _, e := range s.History(engine.Public) {
		fmt.Println(e.Version, e.Kind, e.Undone)
	}
	// Output:
	// version 1 seat 1 added 3
	// stale: true
	// version 2 The host took back: seat 1 added 3.
	// 1 action true
	// 2 undo false
}
