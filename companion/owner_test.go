package companion

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

func guard(seat, coins int) json.RawMessage {
	return json.RawMessage(fmt.Sprintf(`{"type":"guard","seat":%d,"coins":%d}`, seat, coins))
}

// A seat's own decision (the toy's guard, paid from seat 1's hidden chest
// while it is seat 0's turn) is entered only by that seat's phone or the
// host, even when it names the table (seat -1); and a refusal of it never
// tells anyone else what is in the hidden chest.
func TestOwnDecisionOnlyByItsSeatOrTheHost(t *testing.T) {
	tt := newTestTable(t, 3, ManagerOpts{})
	tt.must(tt.player(1), hide(1, 4, "guard money"))
	v := tt.s.Version()
	for _, c := range []struct {
		who string
		a   Access
	}{{"the tablet", tablet}, {"the player to act", tt.player(0)}, {"another player", tt.player(2)}} {
		for _, seat := range []int{-1, 1} {
			_, err := tt.submit(c.a, guard(seat, 9))
			if !errors.Is(err, ErrForbidden) {
				t.Errorf("%s entering seat 1's guard as seat %d: %v, want forbidden", c.who, seat, err)
			} else if !strings.Contains(err.Error(), "Ben's own decision") {
				t.Errorf("the refusal names the seat, not its player: %v", err)
			}
			if err != nil && strings.Contains(err.Error(), "fewer") {
				t.Errorf("%s learnt about seat 1's chest: %v", c.who, err)
			}
		}
	}
	if tt.s.Version() != v {
		t.Fatal("a refused decision changed the table")
	}
	// The host is told the rule, never that the chest is short.
	_, err := tt.submit(tt.host(), guard(-1, 9))
	re, ok := engine.AsRuleError(err)
	if !ok || re.Code != engine.CodeHiddenRefusal || re.Page != 7 || strings.Contains(re.Detail, "fewer") {
		t.Errorf("the host's guard beyond the chest: %v, want %s (p. 7) without the reason", err, engine.CodeHiddenRefusal)
	}
	// The owner sees the real reason: it is their own chest.
	_, err = tt.submit(tt.player(1), guard(1, 9))
	if re, ok := engine.AsRuleError(err); !ok || re.Code != "guard-short" {
		t.Errorf("seat 1's own guard beyond their chest: %v, want guard-short", err)
	}
	tt.must(tt.player(1), guard(-1, 3))
	tt.must(tt.host(), guard(1, 1))
}
