package deadreckoning

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

func TestSetupByPlayerCount(t *testing.T) {
	for _, tc := range []struct{ n, islands, seas int }{{2, 8, 4}, {3, 9, 3}, {4, 10, 2}} {
		s := testSetup(tc.n)
		s.Start = nil
		g := newGame(t, s, 7)
		state := st(g)
		// Row 1's three boards are face up: three test islands already entered.
		if state.FaceDownIslands+3 != tc.islands || state.FaceDownSeas != tc.seas {
			t.Errorf("%d players: %d islands and %d seas left, want %d and %d", tc.n, state.FaceDownIslands+3, state.FaceDownSeas, tc.islands, tc.seas)
		}
		conserved(t, state)
		order := []int{}
		for k := 0; k < tc.n; k++ {
			order = append(order, int(state.Start)+k)
		}
		wantCargo := []int{1, 2, 3, 2}
		for k, seat := range order {
			p := state.Players[seat%tc.n]
			if p.Chest != 15 || p.Cubes != 34 || len(p.Hand) != 4 || len(p.Deck) != 8 || p.Ship.At != Harbor || p.Ship.Sails != 0 {
				t.Errorf("%s: chest %d cubes %d hand %d deck %d", p.Name, p.Chest, p.Cubes, len(p.Hand), len(p.Deck))
			}
			if p.Dock != wantCargo[k] {
				t.Errorf("%d players: player %d in turn order starts with %d cargo, want %d", tc.n, k+1, p.Dock, wantCargo[k])
			}
			if p.CanLevel != (k == 3) {
				t.Errorf("only the 4th player levels up before the first turn; player %d: %v", k+1, p.CanLevel)
			}
		}
		for c := 1; c <= 3; c++ {
			b := state.Board(Pos{1, c})
			if !b.Explored || b.Card == nil || b.Card.Row != 1 {
				t.Errorf("board R1C%d: want face up with a Row 1 card", c)
			}
		}
		if state.Boxes[0].Left != 22 {
			t.Errorf("Row 1 box holds %d cards, want 22", state.Boxes[0].Left)
		}
	}
}

func TestSetupStartPlayerFromSeed(t *testing.T) {
	seen := map[engine.Seat]bool{}
	for seed := uint64(0); seed < 40; seed++ {
		s := testSetup(4)
		s.Start = nil
		seen[st(newGame(t, s, seed)).Start] = true
	}
	if len(seen) != 4 {
		t.Errorf("start players over 40 seeds: %v; want all four", seen)
	}
	a, b := newGame(t, testSetup(3), 99), newGame(t, testSetup(3), 99)
	sa, _ := a.Snapshot()
	sb, _ := b.Snapshot()
	if string(sa) != string(sb) {
		t.Error("same setup and seed gave different games")
	}
}

func TestSetupAsEntered(t *testing.T) {
	s := testSetup(2)
	s.Players[0].Hand = []string{"captain", "crew-1", "crew-2", "purser"}
	g := newGame(t, s, 1)
	if got := st(g).Players[0].Hand; len(got) != 4 || got[0] != "captain" {
		t.Errorf("entered hand not kept: %v", got)
	}
	s.Row1 = nil
	g = newGame(t, s, 1)
	if b := st(g).Board(Pos{1, 1}); b.Kind != "" || !b.Explored {
		t.Errorf("without row1 the boards are face up but not entered: %+v", b)
	}
	do(t, g, `{"type":"reveal-board","seat":-1,"at":"R1C1","openSea":{"arrows":["up"]},"card":"test-adv-1-top"}`)
	if b := st(g).Board(Pos{1, 1}); b.Kind != "open-sea" || b.Card.Adv.ID != "test-adv-1-top" {
		t.Errorf("reveal-board: %+v", b)
	}
}

func TestSetupRefusesBadInput(t *testing.T) {
	for name, js := range map[string]string{
		"one player":   `{"players":[{"name":"Ann"}]}`,
		"five players": `{"players":[{"name":"A"},{"name":"B"},{"name":"C"},{"name":"D"},{"name":"E"}]}`,
		"no name":      `{"players":[{"name":""},{"name":"B"}]}`,
		"unknown":      `{"players":[{"name":"A"},{"name":"B"}],"colour":"x"}`,
		"bad start":    `{"players":[{"name":"A"},{"name":"B"}],"start":2}`,
		"bad hand":     `{"players":[{"name":"A","hand":["captain","captain","crew-1","crew-2"]},{"name":"B"}]}`,
		"row2 board":   `{"players":[{"name":"A"},{"name":"B"}],"row1":[{"at":"R2C1","openSea":{"arrows":[]}}]}`,
		"unknown isle": `{"players":[{"name":"A"},{"name":"B"}],"row1":[{"at":"R1C1","island":"nowhere"}]}`,
		"not json":     `[`,
		"black":        `{"players":[{"name":"A","color":"Black"},{"name":"B"}]}`,
		"same colour":  `{"players":[{"name":"A","color":"red"},{"name":"B","color":"red"}]}`,
	} {
		_, err := Rules().New(json.RawMessage(js), 1)
		if !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%s: want a malformed-setup error, got %v", name, err)
		}
	}
}

// Bonus tokens (p. 6): with the owner's tokens in the catalog the app deals
// two to each player from the seed; each keeps one secretly.
func TestBonusTokensDealt(t *testing.T) {
	su := testSetup(3)
	su.Options.BonusTokens = true
	for i := 1; i <= 8; i++ {
		su.Catalog.BonusTokens = append(su.Catalog.BonusTokens, data.BonusToken{ID: fmt.Sprintf("test-token-%d", i), Achievements: []string{AchBuilder}})
	}
	g := newGame(t, su, 5)
	seen := map[string]bool{}
	for _, p := range st(g).Players {
		if len(p.BonusDealt) != 2 {
			t.Fatalf("%s was dealt %v", p.Name, p.BonusDealt)
		}
		for _, id := range p.BonusDealt {
			if seen[id] {
				t.Fatalf("token %s dealt twice", id)
			}
			seen[id] = true
		}
	}
	keep := st(g).Players[2].BonusDealt[1]
	evs := do(t, g, `{"type":"choose-bonus-token","seat":2,"token":"`+keep+`"}`)
	if pub := engine.EventsFor(evs, engine.Public); pub[0].Secret != nil || strings.Contains(pub[0].Text, keep) {
		t.Fatal("the kept token is secret")
	}
}
