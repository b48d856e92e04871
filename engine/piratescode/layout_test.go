package piratescode

import (
	"encoding/json"
	"errors"
	"slices"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

func layoutSetup(t *testing.T, l Layout) json.RawMessage {
	var su Setup
	if err := json.Unmarshal(testSetup(t, 2), &su); err != nil {
		t.Fatal(err)
	}
	su.Layout = &l
	b, _ := json.Marshal(su)
	return b
}

// The table as laid out replaces the seeded deal; the bag and the starting
// booty follow it.
func TestLayout(t *testing.T) {
	var grid []string
	for i := range 16 {
		grid = append(grid, testCatalog().MapCards[15-i].ID)
	}
	l := Layout{Grid: grid, Ports: []string{"R1C4", "R4C1"}, Navy: "R1C1", Market: []string{Gunpowder, Coffee, Rum, Sugarcane},
		MerchantCubes: []string{Gunpowder, Gunpowder}, MerchantCards: []string{"test-merchant-2", "test-merchant-3"},
		CrewRow: []string{"test-crew-1", "test-crew-2", "test-crew-3"},
		Players: []LayoutPlayer{{Cell: "R1C2", Wheel: []string{Attack, Search, CrewUp, Trade, Plunder}, Captain: "test-captain-4"}, {Cell: "R1C4"}}}
	g, err := Rules().New(layoutSetup(t, l), 5)
	if err != nil {
		t.Fatal(err)
	}
	s := g.(*Game).st
	if s.card(0).ID != "test-isle-16" || s.Ports != [2]int{3, 12} || s.Navy != 0 || s.Market[0] != Gunpowder {
		t.Fatalf("grid/ports/navy/market not as laid out")
	}
	if s.Catalog.Merchants[s.Merchants[1].Card].ID != "test-merchant-3" || s.Merchants[0].Cell != 3 || len(s.MerchantDeck) != 9 {
		t.Fatalf("merchants %+v deck %d", s.Merchants, len(s.MerchantDeck))
	}
	p := s.Players[0]
	if p.Wheel[1] != Attack || s.captainSide(p).Name != "Test Captain 4" || p.Cell != 1 || !slices.Equal(p.Booty, []string{Gunpowder}) {
		t.Fatalf("player %+v", p)
	}
	if s.Bag[Gunpowder] != 10-1-2-1 || s.Bag[Coffee] != 10-1-1 || len(s.CrewDeck) != 9 {
		t.Fatalf("bag %v crew deck %d", s.Bag, len(s.CrewDeck))
	}
	for _, bad := range []Layout{
		{Grid: grid[:15]},
		{Ports: []string{"R1C1", "R1C4"}},
		{Ports: []string{"R1C1", "R4C4"}, Navy: "R4C4"},
		{Market: []string{Rum, Rum, Coffee, Sugarcane}},
		{MerchantCards: []string{"test-merchant-2", "test-merchant-2"}},
		{Players: []LayoutPlayer{{Cell: "R1C1"}}},
		{Players: []LayoutPlayer{{Cell: "R1C2"}, {Cell: "R1C2"}}},
		{Players: []LayoutPlayer{{Captain: "test-captain-1"}, {Captain: "test-captain-1"}}},
		{Players: []LayoutPlayer{{Wheel: []string{Attack, Attack, CrewUp, Trade, Plunder}}}},
	} {
		if l := bad; l.Grid == nil {
			l.Grid = grid
			bad = l
		}
		if _, err := Rules().New(layoutSetup(t, bad), 5); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("layout %+v: want malformed, got %v", bad, err)
		}
	}
}
