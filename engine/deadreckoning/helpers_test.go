package deadreckoning

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// Test data: made-up islands and cards, named as such, never the game's.
func testCatalog() *data.Catalog {
	three := 3 // test data: the Garrison's cost is not in the rulebook
	c := &data.Catalog{BuildingCosts: map[string]*int{"garrison": &three}}
	for i := 1; i <= 12; i++ {
		c.Islands = append(c.Islands, data.Island{
			ID: fmt.Sprintf("test-isle-%d", i), Name: fmt.Sprintf("Test Isle %d", i),
			Slots: 3 + i%3, Values: []int{6, 5, 4}, Cargo: 1 + i%2, Coins: i % 2, HandIcon: i%4 == 0,
		})
	}
	for row := 1; row <= 4; row++ {
		for k, slot := range []string{"top", "middle", "bottom"} {
			c.Advancements = append(c.Advancements, data.Advancement{
				ID: fmt.Sprintf("test-adv-%d-%s", row, slot), Name: fmt.Sprintf("Test Advancement %d %s", row, slot),
				Row: row, Slot: slot, Cost: row + k,
				Abilities: []data.Ability{{Options: []data.Option{{Effects: []data.Effect{{Kind: "gain-cargo", N: 1, To: "dock"}}}}}},
			})
		}
		c.Advancements = append(c.Advancements, data.Advancement{
			ID: fmt.Sprintf("test-merchant-%d", row), Name: fmt.Sprintf("Test Merchant %d", row), Row: row, Slot: "top", Cost: 2, Encounter: true,
			Abilities: []data.Ability{{Options: []data.Option{{Effects: []data.Effect{{Kind: "sails", N: 1}}}}}},
		})
		c.Advancements = append(c.Advancements, data.Advancement{
			ID: fmt.Sprintf("test-draw-%d", row), Name: fmt.Sprintf("Test Spyglass %d", row), Row: row, Slot: "bottom", Cost: 1,
			Abilities: []data.Ability{{Options: []data.Option{{Effects: []data.Effect{{Kind: "draw", N: 1}}}}}},
		})
	}
	c.Upgrades = []data.Upgrade{
		{ID: "test-tile-basic", Name: "Test Basic Tile", Tier: "basic", Sails: 1},
		{ID: "test-tile-advanced", Name: "Test Advanced Tile", Tier: "advanced", Cannons: 1, Hold: 2},
	}
	return c
}

// testSetup returns a setup for n players starting with seat 0, with the
// three Row 1 boards entered as test islands.
func testSetup(n int) Setup {
	names := []string{"Ann", "Ben", "Cat", "Dan"}
	colors := []string{"purple", "green", "blue", "orange"}
	s := Setup{Catalog: testCatalog()}
	for i := 0; i < n; i++ {
		s.Players = append(s.Players, SetupPlayer{Name: names[i], Color: colors[i]})
	}
	start := engine.Seat(0)
	s.Start = &start
	for c := 1; c <= 3; c++ {
		s.Row1 = append(s.Row1, BoardEntry{At: Pos{1, c}, Island: fmt.Sprintf("test-isle-%d", c), Card: fmt.Sprintf("test-adv-1-%s", Slots[c-1])})
	}
	return s
}

func newGame(t testing.TB, s Setup, seed uint64) *Game {
	t.Helper()
	raw, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Rules().New(raw, seed)
	if err != nil {
		t.Fatalf("setup: %v", err)
	}
	return g.(*Game)
}

// do applies an action written as JSON and fails the test if it is refused.
func do(t testing.TB, g *Game, js string) []engine.Event {
	t.Helper()
	a, err := Rules().DecodeAction([]byte(js))
	if err != nil {
		t.Fatalf("decode %s: %v", js, err)
	}
	evs, err := g.Apply(a)
	if err != nil {
		t.Fatalf("apply %s: %v", js, err)
	}
	inPlayersWords(t, evs)
	return evs
}

// refused applies an action that must be refused with code, and checks the
// state did not change.
func refused(t testing.TB, g *Game, js, code string) {
	t.Helper()
	a, err := Rules().DecodeAction([]byte(js))
	if err != nil {
		t.Fatalf("decode %s: %v", js, err)
	}
	before, _ := g.Snapshot()
	v := g.Version()
	_, err = g.Apply(a)
	re, ok := engine.AsRuleError(err)
	if !ok {
		t.Fatalf("apply %s: want refusal %q, got %v", js, code, err)
	}
	if re.Code != code {
		t.Fatalf("apply %s: want refusal %q, got %v", js, code, re)
	}
	refusalInPlayersWords(t, re)
	after, _ := g.Snapshot()
	if string(before) != string(after) || v != g.Version() {
		t.Fatalf("refused action %s changed the state", js)
	}
}

// st exposes the live state to tests (read only by convention).
func st(g *Game) *State { return g.st }

// setHand puts the given cards in a player's hand (test arrangement).
func setHand(g *Game, seat engine.Seat, ids ...string) {
	p := &g.st.Players[seat]
	p.Deck = append(p.Deck, p.Hand...)
	p.Hand = nil
	for _, id := range ids {
		p.Deck = remove(p.Deck, id)
		p.Hand = append(p.Hand, id)
	}
}

// conserved checks the component totals.
func conserved(t testing.TB, s *State) {
	t.Helper()
	coins, cargo := s.Supply.Coins, s.Supply.Cargo
	cubes := make([]int, len(s.Players))
	for i, p := range s.Players {
		coins += p.Chest
		cargo += p.Dock
		g := p.ShipGoods()
		coins += g.Coins
		cargo += g.Cargo
		cubes[i] += p.Cubes + 1
		for _, n := range p.Progress {
			cubes[i] += n
		}
		for j, sp := range p.Ship.Spaces {
			if sp.Hold.Total() > s.HoldCapacity(&s.Players[i], j) {
				t.Fatalf("%s: hold %s holds %d, capacity %d", p.Name, spaceNames[j], sp.Hold.Total(), s.HoldCapacity(&s.Players[i], j))
			}
		}
		if len(p.Deck)+len(p.Hand)+len(p.Played)+len(p.Discard)+len(p.PlayedOffTurn) != 12 {
			t.Fatalf("%s has %d cards in piles", p.Name, len(p.Deck)+len(p.Hand)+len(p.Played)+len(p.Discard))
		}
	}
	for _, b := range s.Boards {
		if b.Island == nil {
			continue
		}
		coins += b.Island.Coins
		cargo += b.Island.Cargo
		for _, o := range b.Island.Slots {
			if o >= 0 {
				cubes[o]++
			}
		}
		for i, n := range b.Island.Permanent {
			cubes[i] += n
		}
	}
	if coins != TotalCoins || cargo != TotalCargo {
		t.Fatalf("coins %d (want %d), cargo %d (want %d)", coins, TotalCoins, cargo, TotalCargo)
	}
	for i, n := range cubes {
		if n != TotalCubes {
			t.Fatalf("%s has %d cubes, want %d", s.Players[i].Name, n, TotalCubes)
		}
	}
}
