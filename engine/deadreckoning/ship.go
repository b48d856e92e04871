package deadreckoning

import (
	"sort"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Goods are cargo and coins by hull space letter ("A".."D"), as in a load,
// unload, rearrange or jettison.
type Goods map[string]Hold

// Payment says where a cargo cost is paid from: the Dock tile and/or holds.
type Payment struct {
	Dock  int            `json:"dock,omitempty"`
	Holds map[string]int `json:"holds,omitempty"`
}

// spaceIcons returns what a hull space gives: its sails, cannons and hold
// capacity, from the top tile or the printed board (A: sail, hold 4; B, C
// blank; D: sail, hold 3; p. 7). A tile whose effects were not entered
// gives nothing the engine can count.
func (s *State) spaceIcons(i int, sp *HullSpace) (sails, cannons, hold int) {
	if n := len(sp.Tiles); n > 0 {
		if u, ok := s.Catalog.Upgrade(sp.Tiles[n-1].ID); ok {
			return u.Sails, u.Cannons, u.Hold
		}
		return 0, 0, 0
	}
	switch i {
	case 0:
		return 1, 0, 4
	case 3:
		return 1, 0, 3
	}
	return 0, 0, 0
}

// HoldCapacity is the capacity of hull space i's hold (0: no hold).
func (s *State) HoldCapacity(p *Player, i int) int {
	_, _, h := s.spaceIcons(i, &p.Ship.Spaces[i])
	return h
}

// ShipSails counts the sail icons on the ship: a hold with anything in it
// hides its space's sail, unless countCovered (setting sail from the Harbor
// or an island you control, p. 8).
func (s *State) ShipSails(p *Player, countCovered bool) int {
	n := 0
	for i := range p.Ship.Spaces {
		sp := &p.Ship.Spaces[i]
		sails, _, _ := s.spaceIcons(i, sp)
		if sp.Hold.Total() == 0 || countCovered {
			n += sails
		}
	}
	return n
}

// ShipCannons counts the ship's cannons: the one printed on the board plus
// those of hull spaces whose hold is empty (p. 7, p. 17).
func (s *State) ShipCannons(p *Player) int {
	n := 1
	for i := range p.Ship.Spaces {
		sp := &p.Ship.Spaces[i]
		_, c, _ := s.spaceIcons(i, sp)
		if sp.Hold.Total() == 0 {
			n += c
		}
	}
	return n
}

// ShipGoods is the cargo and coins on the ship.
func (p *Player) ShipGoods() Hold {
	var h Hold
	for _, sp := range p.Ship.Spaces {
		h.Cargo += sp.Hold.Cargo
		h.Coins += sp.Hold.Coins
	}
	return h
}

// UpgradeTiles counts every tile on the ship, covered ones too (p. 22).
func (p *Player) UpgradeTiles() (basic, advanced int) {
	for _, sp := range p.Ship.Spaces {
		for _, t := range sp.Tiles {
			if t.Tier == "advanced" {
				advanced++
			} else {
				basic++
			}
		}
	}
	return
}

// checkGoods validates a Goods map's keys and amounts.
func checkGoods(g Goods, what string) error {
	for k, h := range g {
		if _, ok := spaceIndex(k); !ok {
			return engine.Refuse("bad-hold", 7, "Choose a hull space: A, B, C or D")
		}
		if h.Cargo < 0 || h.Coins < 0 {
			return engine.Refuse("bad-amount", 7, "Amounts cannot be negative")
		}
	}
	return nil
}

// sortedKeys gives map keys in a fixed order so events are deterministic.
func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// goodsTotal sums a Goods map.
func goodsTotal(g Goods) Hold {
	var t Hold
	for _, h := range g {
		t.Cargo += h.Cargo
		t.Coins += h.Coins
	}
	return t
}

// takeFromHolds removes goods from the ship's holds.
func (s *State) takeFromHolds(p *Player, g Goods) error {
	if err := checkGoods(g, "taking from the ship"); err != nil {
		return err
	}
	for _, k := range sortedKeys(g) {
		i, _ := spaceIndex(k)
		h := &p.Ship.Spaces[i].Hold
		if g[k].Cargo > h.Cargo || g[k].Coins > h.Coins {
			return engine.Refuse("not-in-hold", 7, "Hold %s holds %d cargo and %s, not %d and %d", spaceNames[i], h.Cargo, count(h.Coins, "coin", ""), g[k].Cargo, g[k].Coins)
		}
		h.Cargo -= g[k].Cargo
		h.Coins -= g[k].Coins
	}
	return nil
}

// putInHolds adds goods to the ship's holds within their capacity.
func (s *State) putInHolds(p *Player, g Goods) error {
	if err := checkGoods(g, "putting on the ship"); err != nil {
		return err
	}
	for _, k := range sortedKeys(g) {
		i, _ := spaceIndex(k)
		h := &p.Ship.Spaces[i].Hold
		capa := s.HoldCapacity(p, i)
		if capa == 0 && g[k].Cargo+g[k].Coins > 0 {
			return engine.Refuse("no-hold", 7, "Hull space %s has no hold", spaceNames[i])
		}
		if h.Total()+g[k].Cargo+g[k].Coins > capa {
			return engine.Refuse("hold-full", 7, "Hold %s holds at most %d cargo and coins together; it would hold %d", spaceNames[i], capa, h.Total()+g[k].Cargo+g[k].Coins)
		}
		h.Cargo += g[k].Cargo
		h.Coins += g[k].Coins
	}
	return nil
}

// pay takes a cargo cost from the Dock tile and/or the ship, as the effect's
// "from" allows ("ship", "dock", "either").
func (s *State) pay(p *Player, pay Payment, cost int, from string, page int) error {
	if pay.Dock < 0 {
		return engine.Refuse("bad-amount", page, "Amounts cannot be negative")
	}
	g := Goods{}
	total := pay.Dock
	for k, n := range pay.Holds {
		if n < 0 {
			return engine.Refuse("bad-amount", page, "Amounts cannot be negative")
		}
		g[k] = Hold{Cargo: n}
		total += n
	}
	if total != cost {
		return engine.Refuse("wrong-payment", page, "The cost is %d cargo but the payment adds up to %d", cost, total)
	}
	if from == "ship" && pay.Dock > 0 {
		return engine.Refuse("pay-from-ship", page, "This cost is paid from the ship only, not the Dock tile")
	}
	if from == "dock" && len(g) > 0 && total > pay.Dock {
		return engine.Refuse("pay-from-dock", page, "This cost is paid from the Dock tile only, not the ship")
	}
	if pay.Dock > p.Dock {
		return engine.Refuse("not-enough-cargo", page, "The Dock tile holds %d cargo, not %d", p.Dock, pay.Dock)
	}
	if err := s.takeFromHolds(p, g); err != nil {
		return err
	}
	p.Dock -= pay.Dock
	s.Supply.Cargo += cost
	return nil
}

// inHarbor reports whether the player's ship is in the Harbor.
func (p *Player) inHarbor() bool { return p.Ship.At.IsHarbor() }
