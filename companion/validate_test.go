package companion

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
)

// A Dead Reckoning table whose setup names other players than the table's
// (three in the setup, two PINs; another name in a seat) is refused, as are
// names of 2,000 letters or with control characters, in the setup or the
// player list; the same players in both make a table.
func TestSetupPlayersMatchTheTable(t *testing.T) {
	st := openStore(t, t.TempDir())
	defer st.Close()
	m, err := NewManager(nil, st, []engine.Rules{deadreckoning.Rules()}, ManagerOpts{})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	setup := func(names ...string) json.RawMessage {
		var ps []string
		for i, n := range names {
			b, _ := json.Marshal(n)
			ps = append(ps, fmt.Sprintf(`{"name":%s,"color":"%s"}`, b, []string{"purple", "green", "blue"}[i]))
		}
		return json.RawMessage(`{"players":[` + strings.Join(ps, ",") + `]}`)
	}
	table := func(names ...string) []PlayerInfo {
		var out []PlayerInfo
		for i, n := range names {
			out = append(out, PlayerInfo{Name: n, Colour: []string{"purple", "green", "blue"}[i], Seat: engine.Seat(i)})
		}
		return out
	}
	long := strings.Repeat("x", 2000)
	for _, c := range []struct {
		name    string
		setup   json.RawMessage
		players []PlayerInfo
		want    string
	}{
		{"three in the setup, two at the table", setup("Ann", "Ben", "Cat"), table("Ann", "Ben"), "3 players and the table 2"},
		{"another player in seat 2", setup("Ann", "Ben"), table("Ann", "Bob"), `"Ben" in the setup and "Bob"`},
		{"a 2,000-letter name in the setup", setup("Ann", long), table("Ann", "Ben"), "2000 letters"},
		{"a 2,000-letter name at the table", setup("Ann", "Ben"), table("Ann", long), "at most"},
		{"a line break in the setup", setup("Ann", "Ben\nHost"), table("Ann", "Ben"), "control character"},
		{"an escape at the table", setup("Ann", "Ben"), table("Ann", "Ben\x1b[2J"), "control character"},
		{"a colour with a control character", setup("Ann", "Ben"), []PlayerInfo{{Name: "Ann", Colour: "purple"}, {Name: "Ben", Colour: "gr\x00een", Seat: 1}}, "control character"},
	} {
		_, _, err := m.Create(bg, CreateRequest{Rules: "dead-reckoning", Setup: c.setup, Players: c.players})
		if !errors.Is(err, engine.ErrMalformed) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want malformed saying %q", c.name, err, c.want)
		}
	}
	if _, _, err := m.Create(bg, CreateRequest{Rules: "dead-reckoning", Setup: setup("Ann", "Ben"), Players: table("ann", "Ben")}); err != nil {
		t.Fatalf("the same players: %v", err)
	}
}
