package companion

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Two screens tapping at nearly the same time: the second tap was made on
// the table as it was before the first one landed.

func TestCrossingTapStillLegalIsJudgedByTheRules(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	ann, ben := tt.player(0), tt.player(1)
	base := tt.s.Version()
	if _, err := tt.s.Submit(bg, Submission{Access: ann, Action: hide(0, 3, "a"), BaseVersion: base, Key: "ann"}); err != nil {
		t.Fatal(err)
	}
	// Ben tapped on the table before Ann's hide: hiding his own coins
	// means the same now, so it is applied, not refused as stale.
	r, err := tt.s.Submit(bg, Submission{Access: ben, Action: hide(1, 2, "b"), BaseVersion: base, Key: "ben"})
	if err != nil {
		t.Fatalf("Ben's crossing tap: %v, want it applied", err)
	}
	if r.Version != 2 || len(r.Events) != 1 || r.Events[0].Secret == nil || r.Events[0].Secret.Text != "You hid 2 coins (b)" {
		t.Errorf("Ben's crossing tap answered %+v", r)
	}
	var v toyView
	if err := json.Unmarshal(tt.s.View(engine.PlayerViewer(1)).View, &v); err != nil || v.Mine == nil || *v.Mine != 2 {
		t.Errorf("Ben's chest after his crossing tap: %+v (%v), want 2", v.Mine, err)
	}
}

func TestCrossingTapRefusedByTheRulesNow(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	base := tt.s.Version()
	tt.must(tt.host(), json.RawMessage(`{"type":"finish","seat":-1}`))
	// Ben's hide was legal on the table he saw, but the game is over now:
	// the rules' refusal, with its page, not "someone acted first".
	_, err := tt.s.Submit(bg, Submission{Access: tt.player(1), Action: hide(1, 2, "b"), BaseVersion: base})
	if re, ok := engine.AsRuleError(err); !ok || re.Code != engine.CodeGameOver {
		t.Fatalf("Ben's tap after the end: %v, want the rules' game-over refusal", err)
	}
	if tt.s.Version() != 1 {
		t.Errorf("the refused tap changed the table: version %d", tt.s.Version())
	}
}

func TestCrossingTapWhoseMeaningChangedIsRefusedInWords(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	tt.must(tt.player(0), hide(0, 5, "a"))
	tt.must(tt.player(1), hide(1, 5, "b"))
	base := tt.s.Version()
	// The host taps "pay a guard": on the table it showed, seat 2 pays.
	// Seat 1 adds first and the turn passes, so the same tap would now make
	// seat 1 pay: refused, saying what happened, and nothing changes.
	tt.must(tablet, add(0, 4))
	before := mustJSON(t, tt.s.View(engine.PlayerViewer(0)))
	_, err := tt.s.Submit(bg, Submission{Access: tt.host(), Action: json.RawMessage(`{"type":"guard","seat":-1,"coins":1}`), BaseVersion: base})
	if !errors.Is(err, engine.ErrStale) {
		t.Fatalf("guard tapped before the turn passed: %v, want stale", err)
	}
	if !strings.Contains(err.Error(), "seat 1 added 4") || !strings.Contains(err.Error(), "look at it again") {
		t.Errorf("the refusal does not say what changed in words: %q", err)
	}
	if after := mustJSON(t, tt.s.View(engine.PlayerViewer(0))); after != before || tt.s.Version() != 3 {
		t.Errorf("the refused tap changed the table:\n got %s\nwant %s", after, before)
	}
	// Tapped on the table as it is now, the same guard is the rules' to judge.
	if _, err := tt.submit(tt.host(), json.RawMessage(`{"type":"guard","seat":-1,"coins":1}`)); err != nil {
		t.Errorf("guard on the current table: %v", err)
	}
}

func TestCrossingTapsForOneSeatCountOnce(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	base := tt.s.Version()
	tt.must(tt.player(0), hide(0, 1, "a"))
	// The tablet taps the same for Ann at the same moment: applied once.
	_, err := tt.s.Submit(bg, Submission{Access: tt.host(), Action: hide(0, 1, "a"), BaseVersion: base})
	if !errors.Is(err, engine.ErrStale) {
		t.Fatalf("second tap for the same seat: %v, want stale", err)
	}
}

func TestCrossingTapAfterUndoIsStale(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	tt.must(tablet, add(0, 2))
	base := tt.s.Version()
	if _, err := tt.s.Undo(bg, tt.host()); err != nil {
		t.Fatal(err)
	}
	_, err := tt.s.Submit(bg, Submission{Access: tt.player(1), Action: hide(1, 1, "b"), BaseVersion: base})
	if !errors.Is(err, engine.ErrStale) || !strings.Contains(err.Error(), "the host undid seat 1 added 2") {
		t.Fatalf("tap across an undo: %v, want stale naming the undo", err)
	}
}
