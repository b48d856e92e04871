package piratescode

import (
	"bytes"
	"encoding/json"
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
	s.Turn = newTurn(s.Players[s.Current])
	return s, nil
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
