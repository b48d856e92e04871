package piratescode

import (
	"bytes"
	"encoding/json"
	"slices"
	"sort"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
)

// Setup is the JSON a game starts from. Everything random at the table
// (the map, the tokens, the wheels, the market, the decks, the ports, the
// Navy, the coves, the captain cards) is dealt by the engine with the seed.
type Setup struct {
	Players []SetupPlayer `json:"players"`
	// Catalog is the owner's catalog of printed values (required).
	Catalog json.RawMessage `json:"catalog"`
	// First is the first player's seat (default 0).
	First int `json:"first,omitempty"`
	// Layout, when given, is the table as the players laid it out; each part
	// given replaces the engine's seeded deal.
	Layout *Layout `json:"layout,omitempty"`
}

// Layout is the table as laid out at setup (every part optional).
type Layout struct {
	// Grid holds the 16 map card ids, row by row from R1C1.
	Grid []string `json:"grid,omitempty"`
	// Ports are the two port cells (opposite corners); the Orange merchant
	// starts on the first.
	Ports []string `json:"ports,omitempty"`
	// Navy is its corner cell (one without a merchant).
	Navy string `json:"navy,omitempty"`
	// Market is the booty type on the 2, 3, 4 and 5 gold spaces.
	Market []string `json:"market,omitempty"`
	// MerchantCubes are the Orange and Green merchants' booty.
	MerchantCubes []string `json:"merchantCubes,omitempty"`
	// MerchantCards are the two face-up merchant card ids (Orange, Green).
	MerchantCards []string `json:"merchantCards,omitempty"`
	// CrewRow are the three face-up crew card ids.
	CrewRow []string `json:"crewRow,omitempty"`
	// Players, by seat: the ship's cove cell, the wheel's orders on spaces
	// 1-5 and the captain card id.
	Players []LayoutPlayer `json:"players,omitempty"`
}

// LayoutPlayer is one seat's part of the layout.
type LayoutPlayer struct {
	Cell    string   `json:"cell,omitempty"`
	Wheel   []string `json:"wheel,omitempty"`
	Captain string   `json:"captain,omitempty"`
}

// SetupPlayer is one seat.
type SetupPlayer struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
	// Side is the captain card side chosen (0 front, 1 back).
	Side int `json:"side,omitempty"`
}

// Colours are the four player colours offered (the box has four; the owner
// may use whichever the pieces are).
var Colours = []engine.Colour{
	{ID: "red", Label: "Red", CSS: "#c0392b"},
	{ID: "blue", Label: "Blue", CSS: "#2e6da4"},
	{ID: "yellow", Label: "Yellow", CSS: "#e1b12c"},
	{ID: "green", Label: "Green", CSS: "#2e8b57"},
}

func newState(raw json.RawMessage, seed uint64) (*State, error) {
	var su Setup
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&su); err != nil {
		return nil, engine.Malformed("setup: %v", err)
	}
	if len(su.Catalog) == 0 || string(su.Catalog) == "null" {
		return nil, engine.Malformed("setup: %s", noCatalog)
	}
	cat, err := DecodeCatalog(su.Catalog)
	if err != nil {
		return nil, err
	}
	n := len(su.Players)
	if n < 1 || n > 4 {
		return nil, engine.Malformed("setup: players: %d seats; the game is for 1 (against the Legendary Pirate) to 4", n)
	}
	if su.First < 0 || su.First >= n {
		return nil, engine.Malformed("setup: first: no seat %d", su.First)
	}
	colours := map[string]bool{}
	for i, p := range su.Players {
		if p.Name == "" {
			return nil, engine.Malformed("setup: players[%d]: no name", i)
		}
		if p.Side != 0 && p.Side != 1 {
			return nil, engine.Malformed("setup: players[%d]: side must be 0 or 1", i)
		}
		if p.Colour != "" {
			if colours[p.Colour] {
				return nil, engine.Malformed("setup: players[%d]: colour %q taken twice", i, p.Colour)
			}
			colours[p.Colour] = true
		}
	}
	if len(cat.Captains) < n {
		return nil, engine.Malformed("setup: the catalog has %d captain cards for %d players", len(cat.Captains), n)
	}
	s := &State{Catalog: cat, RNG: rngState{engine.NewRNG(seed)}, EndBy: engine.NoSeat,
		First: engine.Seat(su.First), Current: engine.Seat(su.First), Surefires: 12}
	r := &s.RNG.RNG

	// 1. The sea: the 16 map cards face up, a search token face down on each.
	for i := range s.Grid {
		s.Grid[i] = i
	}
	r.Shuffle(cells, func(i, j int) { s.Grid[i], s.Grid[j] = s.Grid[j], s.Grid[i] })
	toks := perm(r, len(cat.SearchTokens))
	for i := range s.Tokens {
		s.Tokens[i] = toks[i]
		s.Buried[i] = engine.NoSeat
	}
	// 5. The market: one of each type at random; the rest in the bag.
	s.Bag = map[string]int{}
	mk := perm(r, 4)
	for i := range s.Market {
		s.Market[i] = BootyTypes[mk[i]]
	}
	for _, t := range BootyTypes {
		s.Bag[t] = bootyEach - 1
	}
	// 6. Ports on opposite corners, a merchant on each pointing at the other.
	diag := [2][2]int{{0, cells - 1}, {gridSize - 1, cells - gridSize}}
	d := r.IntN(2)
	s.Ports = diag[d]
	// 7. The merchant deck by value, lowest on top, each value shuffled.
	s.MerchantDeck = merchantDeck(r, cat)
	for i, name := range []string{"Orange", "Green"} {
		s.Merchants[i] = Merchant{Name: name, Cell: s.Ports[i], Target: 1 - i, Booty: s.drawBooty(), Card: s.MerchantDeck[0]}
		s.MerchantDeck = s.MerchantDeck[1:]
	}
	// 8. The crew deck and a row of three.
	s.CrewDeck = perm(r, len(cat.Crew))
	s.CrewRow = append([]int(nil), s.CrewDeck[:3]...)
	s.CrewDeck = s.CrewDeck[3:]
	// 9. The Navy on one of the other two corners.
	s.Navy = diag[1-d][r.IntN(2)]
	caps := perm(r, len(cat.Captains))
	for i, sp := range su.Players {
		p := &Player{Name: sp.Name, Colour: sp.Colour, Gold: 1, CaptainCard: caps[i], Side: sp.Side,
			Assign: map[string]int{Rigging: 1, Cannons: 1, Extort: 1, Repair: 0}, Reserve: 1, Crew: []int{}, Booty: []string{}, Kept: []int{}}
		p.Wheel[0] = HideOut
		w := perm(r, len(tokenOrders))
		for j := range 5 {
			p.Wheel[j+1] = tokenOrders[w[j]]
		}
		s.Players = append(s.Players, p)
	}
	// Clockwise from the first player, each ship hides in a free cove.
	for k := range n {
		seat := engine.Seat((su.First + k) % n)
		var free []int
		for c := range cells {
			if s.card(c).Cove && !s.coveTaken(c, seat) {
				free = append(free, c)
			}
		}
		p := s.Players[seat]
		p.Cell = free[r.IntN(len(free))]
		p.InCove = true
	}
	if n == 1 {
		colour := ""
		for _, c := range Colours {
			if c.ID != su.Players[0].Colour {
				colour = c.ID
				break
			}
		}
		if err := setupSolo(s, colour); err != nil {
			return nil, err
		}
		n = 2
	}
	// 11. Starting booty: the first player the 2-gold type, the next the
	// 3-gold type, and so on (p. 5).
	for k := range n {
		p := s.Players[(su.First+k)%n]
		t := s.Market[k]
		s.Bag[t]--
		p.Booty = append(p.Booty, t)
	}
	if su.Layout != nil {
		if err := s.applyLayout(su.Layout, su.First); err != nil {
			return nil, err
		}
	}
	s.Turn = newTurn(s.Players[s.Current])
	return s, nil
}

// applyLayout replaces the seeded deal with what the table laid out, then
// recounts the bag and the starting booty, which depend on it.
func (s *State) applyLayout(l *Layout, first int) error {
	cat := s.Catalog
	bad := func(format string, args ...any) error { return engine.Malformed("setup: layout: "+format, args...) }
	index := func(n int, id func(int) string, want string) int {
		for i := range n {
			if id(i) == want {
				return i
			}
		}
		return -1
	}
	if l.Grid != nil {
		if len(l.Grid) != cells {
			return bad("grid: want the 16 map card ids")
		}
		seen := map[int]bool{}
		for c, id := range l.Grid {
			i := index(len(cat.MapCards), func(i int) string { return cat.MapCards[i].ID }, id)
			if i < 0 || seen[i] {
				return bad("grid[%d]: %q is not a map card of the catalog, or is used twice", c, id)
			}
			seen[i] = true
			s.Grid[c] = i
		}
	}
	if l.Ports != nil {
		if len(l.Ports) != 2 {
			return bad("ports: want two cells")
		}
		a, ok1 := parseCell(l.Ports[0])
		b, ok2 := parseCell(l.Ports[1])
		if !ok1 || !ok2 || !isCorner(a) || dist(a, b) != 2*(gridSize-1) {
			return bad("ports: two opposite corners")
		}
		s.Ports = [2]int{a, b}
		s.Merchants[0].Cell, s.Merchants[1].Cell = a, b
		if s.Navy == a || s.Navy == b {
			s.Navy = otherCorner(a, b)
		}
	}
	if l.Navy != "" {
		n, ok := parseCell(l.Navy)
		if !ok || !isCorner(n) || n == s.Ports[0] || n == s.Ports[1] {
			return bad("navy: a corner without a merchant")
		}
		s.Navy = n
	}
	if l.Market != nil {
		seen := map[string]bool{}
		if len(l.Market) != 4 {
			return bad("market: the four types, 2-gold space first")
		}
		for i, t := range l.Market {
			if !isBooty(t) || seen[t] {
				return bad("market: each booty type once")
			}
			seen[t] = true
			s.Market[i] = t
		}
	}
	if l.MerchantCubes != nil {
		if len(l.MerchantCubes) != 2 || !isBooty(l.MerchantCubes[0]) || !isBooty(l.MerchantCubes[1]) {
			return bad("merchantCubes: two booty types (Orange, Green)")
		}
		s.Merchants[0].Booty, s.Merchants[1].Booty = l.MerchantCubes[0], l.MerchantCubes[1]
	}
	if l.MerchantCards != nil {
		if len(l.MerchantCards) != 2 {
			return bad("merchantCards: two ids (Orange, Green)")
		}
		deck := append([]int{s.Merchants[0].Card, s.Merchants[1].Card}, s.MerchantDeck...)
		for i, id := range l.MerchantCards {
			k := index(len(cat.Merchants), func(i int) string { return cat.Merchants[i].ID }, id)
			j := slices.Index(deck, k)
			if k < 0 || j < 0 {
				return bad("merchantCards[%d]: %q is not a merchant card left", i, id)
			}
			deck = slices.Delete(deck, j, j+1)
			s.Merchants[i].Card = k
		}
		s.MerchantDeck = deck
	}
	if l.CrewRow != nil {
		if len(l.CrewRow) != 3 {
			return bad("crewRow: three ids")
		}
		deck := append(slices.Clone(s.CrewRow), s.CrewDeck...)
		for i, id := range l.CrewRow {
			k := index(len(cat.Crew), func(i int) string { return cat.Crew[i].ID }, id)
			j := slices.Index(deck, k)
			if k < 0 || j < 0 {
				return bad("crewRow[%d]: %q is not a crew card left", i, id)
			}
			deck = slices.Delete(deck, j, j+1)
			s.CrewRow[i] = k
		}
		s.CrewDeck = deck
	}
	if len(l.Players) > len(s.Players) {
		return bad("players: %d entries for %d seats", len(l.Players), len(s.Players))
	}
	for i, lp := range l.Players {
		p := s.Players[i]
		if lp.Cell != "" {
			c, ok := parseCell(lp.Cell)
			if !ok || !s.card(c).Cove {
				return bad("players[%d].cell: a cell with a cove", i)
			}
			p.Cell, p.InCove = c, true
		}
		if lp.Wheel != nil {
			if len(lp.Wheel) != 5 {
				return bad("players[%d].wheel: the orders on spaces 1 to 5", i)
			}
			seen := map[string]bool{}
			for j, o := range lp.Wheel {
				if !oneOf(o, tokenOrders) || seen[o] {
					return bad("players[%d].wheel: each of plunder, trade, crew-up, search, attack once", i)
				}
				seen[o] = true
				p.Wheel[j+1] = o
			}
		}
		if lp.Captain != "" {
			k := index(len(cat.Captains), func(i int) string { return cat.Captains[i].ID }, lp.Captain)
			if k < 0 || p.Automa {
				return bad("players[%d].captain: %q is not a captain card", i, lp.Captain)
			}
			p.CaptainCard = k
		}
	}
	// No two ships in one cove, no two players with one captain.
	caps := map[int]bool{}
	for i, p := range s.Players {
		if s.coveTaken(p.Cell, engine.Seat(i)) && p.InCove {
			return bad("players: two ships hide in the cove of %s", cellName(p.Cell))
		}
		if !p.Automa {
			if caps[p.CaptainCard] {
				return bad("players: two players have the same captain card")
			}
			caps[p.CaptainCard] = true
		}
	}
	// Starting booty follows the market; the bag holds the rest.
	n := len(s.Players)
	for k := range n {
		s.Players[(first+k)%n].Booty = []string{s.Market[k]}
	}
	for _, t := range BootyTypes {
		s.Bag[t] = bootyEach - 1
	}
	for _, m := range s.Merchants {
		s.Bag[m.Booty]--
	}
	for _, p := range s.Players {
		s.Bag[p.Booty[0]]--
	}
	for _, t := range BootyTypes {
		if s.Bag[t] < 0 {
			return bad("more %s cubes laid out than the box holds", t)
		}
	}
	return nil
}

func isCorner(c int) bool {
	return c == 0 || c == gridSize-1 || c == cells-gridSize || c == cells-1
}

// otherCorner is a corner that is neither a nor b.
func otherCorner(a, b int) int {
	for _, c := range []int{0, gridSize - 1, cells - gridSize, cells - 1} {
		if c != a && c != b {
			return c
		}
	}
	return 0
}

func newTurn(p *Player) Turn {
	return Turn{Step: stepOrder, From: p.Captain}
}

// perm returns a seeded permutation of 0..n-1.
func perm(r *engine.RNG, n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	r.Shuffle(n, func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// merchantDeck is the merchant cards shuffled within each value, the lowest
// value on top (p. 5).
func merchantDeck(r *engine.RNG, cat *Catalog) []int {
	byValue := map[int][]int{}
	var values []int
	for i, m := range cat.Merchants {
		if len(byValue[m.Value]) == 0 {
			values = append(values, m.Value)
		}
		byValue[m.Value] = append(byValue[m.Value], i)
	}
	sort.Ints(values)
	var out []int
	for _, v := range values {
		g := byValue[v]
		r.Shuffle(len(g), func(i, j int) { g[i], g[j] = g[j], g[i] })
		out = append(out, g...)
	}
	return out
}

// attackDie is the die of an attack: a plain six-sided die.
var attackDie = dice.D6("d6")
