package piratescode

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// testCatalog is made-up test data, not the printed values of the game:
// "Test Isle" map cards, "Test Merchant", "Test Crew" and "Test Captain"
// cards, a "Test Level" legend track and test search tokens.
func testCatalog() *Catalog {
	c := &Catalog{NavySail: [4]int{1, 2, 3, 4}, NavyJostles: 2}
	for i := range 16 {
		m := MapCard{ID: fmt.Sprintf("test-isle-%d", i+1), Name: fmt.Sprintf("Test Isle %d", i+1)}
		if i < 4 {
			m.Market = BootyTypes[i]
		}
		if i < 4 || i >= 12 || i == 6 || i == 7 {
			m.Settlement = 1 + i/12
		}
		m.Cove = i%2 == 0
		m.Storm = i == 4 || i == 5
		if i >= 4 {
			cost := 3 + i%6
			m.BuryCost = &cost
		}
		c.MapCards = append(c.MapCards, m)
	}
	for i, v := range []int{2, 2, 2, 4, 4, 4, 6, 6, 6, 8, 8} {
		c.Merchants = append(c.Merchants, MerchantCard{ID: fmt.Sprintf("test-merchant-%d", i+1), Value: v, Damage: v/2 + 1, Gold: v / 2, LegendUpTo: (v / 2) % 5})
	}
	c.Merchants[0].LegendUpTo = 0
	for i := range 12 {
		k := Card{ID: fmt.Sprintf("test-crew-%d", i+1), Name: fmt.Sprintf("Test Crew %d", i+1), Symbols: []int{1 + i%6}, Trigger: tokenOrders[i%5]}
		switch i {
		case 0:
			k.Bonuses = []Bonus{{Kind: BonusGold, N: 1}}
		case 4:
			k.Bonuses = []Bonus{{Kind: BonusReroll, Faces: []int{1, 2, 3}}}
		case 5:
			k.Hits = 1
			k.Bonuses = []Bonus{{Kind: BonusSail}}
		case 7:
			k.Bonuses = []Bonus{{Kind: BonusExchange}}
		case 8:
			k.Bonuses = []Bonus{{Kind: BonusSailNavy, N: 2}}
		case 10:
			k.Bonuses = []Bonus{{Kind: BonusSailMerchant, N: 1}}
		case 11:
			k.Bonuses = []Bonus{{Kind: BonusSpecialTrade, Booty: []string{Sugarcane, Rum}, N: 7}}
		}
		c.Crew = append(c.Crew, k)
	}
	for i := range 4 {
		second := BonusAttack
		if i%2 == 1 {
			second = BonusPlunder
		}
		c.Captains = append(c.Captains, Captain{ID: fmt.Sprintf("test-captain-%d", i+1), Name: fmt.Sprintf("Test Captain %d", i+1),
			Sides: [2]Card{
				{ID: "front", Name: fmt.Sprintf("Test Captain %d", i+1), Symbols: []int{6, 5}, Trigger: []string{Plunder, Trade, Search, Attack}[i], Bonuses: []Bonus{{Kind: BonusBury}, {Kind: second}}},
				{ID: "back", Name: fmt.Sprintf("Test Captain %d (mutiny)", i+1), Symbols: []int{6, 6}, Hits: 1, Trigger: Trade, Bonuses: []Bonus{{Kind: BonusBury}, {Kind: BonusGold, N: 2}}},
			}})
	}
	c.Legend = []LegendLevel{
		{Name: "Test Level 1", Sail: 1, Dice: 2},
		{Name: "Test Level 2", Sail: 2, Dice: 2, Gold: 1},
		{Name: "Test Level 3", Sail: 2, Dice: 3, Deckhand: true},
		{Name: "Test Level 4", Sail: 3, Dice: 3, Gold: 2, Surefire: 1},
	}
	c.SoloHelms = []SoloHelm{
		{ID: "test-solo-helm-1", Name: "Test Solo Helm 1", Symbols: []int{6, 4}, Targets: [6]string{"", TargetOrange, TargetPlayer, TargetGreen, TargetPlayer, TargetOrange},
			Bonuses: []SoloBonus{{Order: Plunder, Kind: "gold", N: 1}, {Order: Attack, Kind: "sail", N: 1}}},
		{ID: "test-solo-helm-2", Name: "Test Solo Helm 2", Symbols: []int{5, 5}, Targets: [6]string{"", TargetPlayer, TargetGreen, TargetOrange, TargetPlayer, TargetGreen},
			Bonuses: []SoloBonus{{Order: Trade, Kind: "gold", N: 2}, {Order: Attack, Kind: "hits", N: 1}}},
	}
	levels := [4]SoloLevel{{Sail: 1, Dice: 2}, {Sail: 2, Dice: 2, Hits: 1}, {Sail: 2, Dice: 3, Hits: 1}, {Sail: 3, Dice: 3, Hits: 2}}
	c.SoloLegends = []SoloLegend{
		{ID: "test-solo-legend-1", Name: "Test Solo Legend 1", GoldTop: 10, Levels: levels,
			Track: []SoloSpace{{Orders: []string{Attack}}, {Orders: []string{Plunder, Attack}}, {Orders: []string{Search, Trade}, Hits: 1}, {Orders: []string{CrewUp}}}},
		{ID: "test-solo-legend-2", Name: "Test Solo Legend 2", GoldTop: 8, Levels: levels,
			Track: []SoloSpace{{Orders: []string{Trade}}, {Orders: []string{Attack}, Hits: 2}, {Orders: []string{Plunder, Plunder}}}},
	}
	for i := range 20 {
		t := SearchToken{ID: fmt.Sprintf("test-token-%d", i+1)}
		switch {
		case i < 4:
			t.Kind, t.N = TokenGold, 2
		case i < 8:
			t.Kind, t.N = TokenGold, 3
		case i < 12:
			t.Kind = TokenSurefire
		case i < 16:
			t.Kind = TokenBooty
		case i < 18:
			t.Kind = TokenSail
		default:
			t.Kind = TokenStorm
		}
		c.SearchTokens = append(c.SearchTokens, t)
	}
	return c
}

func testCatalogJSON(t testing.TB) json.RawMessage {
	b, err := json.Marshal(testCatalog())
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func testSetup(t testing.TB, n int) json.RawMessage {
	su := Setup{Catalog: testCatalogJSON(t)}
	for i := range n {
		su.Players = append(su.Players, SetupPlayer{Name: []string{"Ann", "Bo", "Cy", "Di"}[i], Colour: Colours[i].ID})
	}
	b, err := json.Marshal(su)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func newTestGame(t testing.TB, n int, seed uint64) *Game {
	t.Helper()
	g, err := Rules().New(testSetup(t, n), seed)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}

// do decodes and applies one action, failing the test on a refusal.
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
// game did not change.
func refused(t testing.TB, g *Game, js, code string) *engine.RuleError {
	t.Helper()
	before, _ := g.Snapshot()
	v := g.Version()
	a, err := Rules().DecodeAction([]byte(js))
	if err != nil {
		t.Fatalf("decode %s: %v", js, err)
	}
	_, err = g.Apply(a)
	re, ok := engine.AsRuleError(err)
	if !ok {
		t.Fatalf("apply %s: want refusal %s, got %v", js, code, err)
	}
	if re.Code != code {
		t.Fatalf("apply %s: want code %s, got %v", js, code, re)
	}
	refusalInPlayersWords(t, re)
	if re.Page == 0 && re.Section == "" {
		t.Fatalf("refusal %v cites neither page nor section", re)
	}
	if !errors.Is(err, engine.ErrIllegal) {
		t.Fatalf("refusal is not ErrIllegal")
	}
	after, _ := g.Snapshot()
	if !bytes.Equal(before, after) || g.Version() != v {
		t.Fatalf("refused %s changed the game", js)
	}
	return re
}

// cellOf finds the cell holding map card index i.
func cellOf(g *Game, i int) int {
	for c, k := range g.st.Grid {
		if k == i {
			return c
		}
	}
	return -1
}

// put moves seat's ship onto the cell of map card i, out of any cove.
func put(g *Game, seat int, card int) {
	p := g.st.Players[seat]
	p.Cell = cellOf(g, card)
	p.InCove = false
}

// setOrder puts the Captain of the current player on order o by rewriting its
// wheel so that o is on space sp, and moves the turn past choosing.
func standOn(g *Game, seat int, o string) {
	p := g.st.Players[seat]
	for sp, w := range p.Wheel {
		if w == o {
			p.Captain = sp
		}
	}
	g.st.Current = engine.Seat(seat)
	g.st.Turn = Turn{Step: stepAct, From: 0}
}
