package companion

import (
	"database/sql"
	"encoding/json"
	"errors"
	"path/filepath"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// A table whose stored log holds an entry the rules refuse, or one they
// cannot read, answers one error (ErrDamaged), never a refusal or a
// malformed request by chance; the integrity check names each damaged
// table; the other tables keep working.
func TestDamagedTablesAreReportedOneWay(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	good := tt.s.ID()
	tt.must(tt.player(0), add(0, 3))
	mk := func() string {
		s, _, err := tt.m.Create(bg, CreateRequest{Rules: "test-counter", Setup: json.RawMessage(`{"players":2}`), Players: tt.s.Players()})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.Submit(bg, Submission{Access: Access{Viewer: engine.PlayerViewer(0)}, Action: add(0, 2), BaseVersion: 0}); err != nil {
			t.Fatal(err)
		}
		return s.ID()
	}
	refused, unreadable := mk(), mk()
	tt.m.Close()
	tt.st.Close()
	// Damage two logs behind the program's back, as a bad disk or a hand
	// edit would.
	db, err := sql.Open("sqlite", "file:"+filepath.Join(tt.dir, "quartermaster.db"))
	if err != nil {
		t.Fatal(err)
	}
	for id, action := range map[string]string{refused: `{"type":"add","seat":0,"n":99}`, unreadable: `{"type":"no-such-action","seat":0}`} {
		if _, err := db.Exec(`UPDATE qm_entries SET action = ? WHERE table_id = ? AND version = 1`, []byte(action), id); err != nil {
			t.Fatal(err)
		}
	}
	db.Close()
	tt.st = openStore(t, tt.dir)
	tt.m, err = NewManager(nil, tt.st, []engine.Rules{newToyRules()}, tt.opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{refused, unreadable} {
		_, err := tt.m.Get(bg, id)
		if !errors.Is(err, ErrDamaged) || errors.Is(err, engine.ErrIllegal) || errors.Is(err, engine.ErrMalformed) {
			t.Errorf("table %s: %v, want ErrDamaged only", id, err)
		}
	}
	bad, err := tt.m.CheckIntegrity(bg)
	if err != nil {
		t.Fatal(err)
	}
	if len(bad) != 2 || !((bad[0].ID == refused && bad[1].ID == unreadable) || (bad[0].ID == unreadable && bad[1].ID == refused)) {
		t.Errorf("damaged tables %+v, want %s and %s", bad, refused, unreadable)
	}
	s, err := tt.m.Get(bg, good)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Submit(bg, Submission{Access: Access{Viewer: engine.PlayerViewer(1)}, Action: add(1, 1), BaseVersion: 1}); err != nil {
		t.Errorf("the good table after the check: %v", err)
	}
	if ts, err := tt.m.List(bg); err != nil || len(ts) != 3 {
		t.Errorf("list: %d tables, %v", len(ts), err)
	}
}
