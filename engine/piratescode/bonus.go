package piratescode

import (
	"fmt"
	"slices"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
)

func (a *AttackAction) apply(c *ctx) error {
	p, err := c.order(a.Seat, Attack, refAttack)
	if err != nil {
		return err
	}
	return c.startFight(a.Seat, p, a.Target, false)
}

// bonusCard finds the card a bonus names: "captain" or a crew card's id.
func (c *ctx) bonusCard(p *Player, id string) (Card, bool) {
	if id == "captain" {
		return c.s.captainSide(p), true
	}
	for _, k := range p.Crew {
		if c.s.Catalog.Crew[k].ID == id {
			return c.s.Catalog.Crew[k], true
		}
	}
	return Card{}, false
}

func (a *BonusAction) apply(c *ctx) error {
	p, err := c.turn(a.Seat)
	if err != nil {
		return err
	}
	t := &c.s.Turn
	if t.Step == stepOrder {
		return refuse("step-order", refBonus, "Choose the Captain's order first")
	}
	card, ok := c.bonusCard(p, a.Card)
	if !ok {
		name := "that card"
		for _, cc := range c.s.Catalog.Crew {
			if cc.ID == a.Card && cc.Name != "" {
				name = cc.Name
			}
		}
		return refuse("bonus-not-triggered", refBonus, "Only your captain or one of your crew can give a bonus action, not %s", name)
	}
	if card.Trigger != p.order() {
		return refuse("bonus-not-triggered", refBonus, "%s's bonus actions are triggered by %s, and your Captain stands on %s", card.Name, orderName(card.Trigger), orderName(p.order()))
	}
	if a.Index < 0 || a.Index >= len(card.Bonuses) {
		return refuse("bonus-not-triggered", refBonus, "%s has no bonus action %d", card.Name, a.Index)
	}
	key := fmt.Sprintf("%s/%d", a.Card, a.Index)
	if t.Used[key] {
		return refuse("bonus-used", refBonus, "That bonus action was already taken this turn")
	}
	if a.Card == "captain" {
		// The captain's bonus actions come before the crew's (p. 13).
		if t.crewBonusTaken() {
			return refuse("bonus-order", refBonus, "Your captain's bonus actions come before your crew's, and a crew bonus was already taken this turn")
		}
		if a.Index < t.CaptainNext {
			return refuse("bonus-order", refBonus, "The captain's bonus actions go left to right: one skipped cannot be taken after the next")
		}
		t.CaptainNext = a.Index + 1
	}
	// Taking a bonus action closes the order step (step 4 follows step 3).
	t.OrderDone = true
	t.Step = stepBonus
	if t.Used == nil {
		t.Used = map[string]bool{}
	}
	t.Used[key] = true
	b := card.Bonuses[a.Index]
	c.emit("bonus", a.Seat, map[string]any{"card": a.Card, "index": a.Index, "kind": b.Kind}, "%s takes %s's bonus: %s", p.Name, card.Name, bonusName(b.Kind))
	switch b.Kind {
	case BonusBury:
		return c.bury(a.Seat, p)
	case BonusGold:
		p.gainGold(b.N)
		return nil
	case BonusSail:
		return c.sail(a.Seat, p, a.Path, a.Tokens, a.Storm)
	case BonusReassign:
		return c.reassign(p, a.Assign)
	case BonusPlunder:
		return c.plunder(a.Seat, p, a.Drop)
	case BonusTrade:
		return c.trade(a.Seat, p, a.Count)
	case BonusSearch:
		return c.search(a.Seat, p, a.Drop)
	case BonusAttack:
		return c.startFight(a.Seat, p, a.Target, true)
	case BonusCrewUp:
		return c.crewUp(a.Seat, p, a.Refresh, a.Take, a.Discard)
	case BonusExchange:
		return c.exchange(a.Seat, p, a.Give, a.Want)
	case BonusSailNavy:
		return c.sailShip(a.Seat, -1, a.Path, b.N)
	case BonusSailMerchant:
		switch a.Target {
		case "orange":
			return c.sailShip(a.Seat, 0, a.Path, b.N)
		case "green":
			return c.sailShip(a.Seat, 1, a.Path, b.N)
		}
		return refuse("bonus-target", refBonus, "Name the merchant ship to sail: the orange one or the green one")
	case BonusSpecialTrade:
		return c.specialTrade(a.Seat, p, b)
	}
	return refuse("reroll-not-allowed", refBonus, "A %s bonus acts inside an Attack order, not on its own", b.Kind)
}

// exchange puts one cube aboard back in the bag and takes any type from it.
func (c *ctx) exchange(seat engine.Seat, p *Player, give, want string) error {
	i := lastIndex(p.Booty, give)
	if i < 0 {
		return refuse("bonus-booty", refBonus, "You carry no %q to exchange", give)
	}
	c.s.Bag[give]++
	if !isBooty(want) || c.s.Bag[want] == 0 {
		return refuse("bonus-booty", refBonus, "The bag holds no %q", want)
	}
	c.s.Bag[want]--
	p.Booty[i] = want
	c.emit("exchanged", seat, map[string]any{"give": give, "want": want}, "%s exchanged %s for %s", p.Name, give, want)
	return nil
}

// sailShip moves the Navy (m = -1) or merchant m exactly n cards along path,
// free of its usual rules; the Navy attacks no one. A merchant that reaches
// the port it heads for delivers and turns about (docs: reading).
func (c *ctx) sailShip(seat engine.Seat, m int, path []string, n int) error {
	at := c.s.Navy
	if m >= 0 {
		at = c.s.Merchants[m].Cell
	}
	if len(path) != n {
		return refuse("bonus-sail-count", refBonus, "This bonus sails the ship exactly %d cards", n)
	}
	for _, name := range path {
		cell, ok := parseCell(name)
		if !ok {
			return refuse("sail-not-adjacent", refBonus, "A card of that route is not on the map")
		}
		if dist(at, cell) != 1 {
			return refuse("sail-not-adjacent", refBonus, "%s is not next to %s", c.s.place(cell), c.s.place(at))
		}
		at = cell
	}
	if m < 0 {
		c.s.Navy = at
		c.emit("navy-sailed", seat, map[string]any{"cell": cellName(at)}, "The Navy was sailed to %s", c.s.place(at))
		return nil
	}
	mc := &c.s.Merchants[m]
	mc.Cell = at
	c.emit("merchant-sailed", seat, map[string]any{"merchant": mc.Name, "cell": cellName(at)}, "The %s merchant ship was sailed to %s", mc.Name, c.s.place(at))
	if at == c.s.Ports[mc.Target] {
		if mc.Booty != "" {
			c.s.Bag[mc.Booty]++
		}
		mc.Target = 1 - mc.Target
		mc.Booty = c.drawBooty()
		c.emit("merchant-delivered", engine.NoSeat, map[string]any{"merchant": mc.Name, "cell": cellName(at)}, "The %s merchant ship reached its port and turns about", mc.Name)
	}
	return nil
}

// specialTrade hands in the listed booty for the listed gold, after a Trade
// order, at a market buying one of those types; prices do not move. The
// order need not have been carried out: bonus actions trigger while the
// Captain stands on it (p. 13); before, the engine wanted a trade made.
func (c *ctx) specialTrade(seat engine.Seat, p *Player, b Bonus) error {
	if p.order() != Trade {
		return refuse("bonus-special-trade", refBonus, "A special trade follows a Trade order, and your Captain stands on %s", orderName(p.order()))
	}
	if m := c.s.card(p.Cell).Market; m == "" || !oneOf(m, b.Booty) {
		return refuse("bonus-special-trade", refBonus, "A special trade is made at a market buying %s", orList(b.Booty))
	}
	left := slices.Clone(p.Booty)
	for _, t := range b.Booty {
		i := lastIndex(left, t)
		if i < 0 {
			return refuse("bonus-special-trade", refBonus, "This special trade hands in %s, and you do not carry them all", engine.AndList(b.Booty))
		}
		left = slices.Delete(left, i, i+1)
		c.s.Bag[t]++
	}
	p.Booty = left
	g := p.gainGold(b.N)
	c.emit("special-trade", seat, map[string]any{"booty": b.Booty, "gold": g}, "%s handed in %s for %d gold", p.Name, engine.AndList(b.Booty), g)
	return nil
}

// reassign moves Deckhands among the four assignments (not the wheel's).
func (c *ctx) reassign(p *Player, assign map[string]int) error {
	sum := 0
	for k, n := range assign {
		if !oneOf(k, Assignments) || n < 0 {
			return refuse("deckhand-missing", refBonus, "Give the Deckhands on Rigging, Cannons, Extort and Repair")
		}
		sum += n
	}
	if sum != p.handsOnMat() {
		return refuse("deckhand-missing", refBonus, "Re-assign the %d Deckhands on your assignments, no more and no fewer", p.handsOnMat())
	}
	p.Assign = map[string]int{Rigging: assign[Rigging], Cannons: assign[Cannons], Extort: assign[Extort], Repair: assign[Repair]}
	return nil
}

// bury places a treasure on the card's free bury site for its gold; never
// with the Navy there. The third triggers the end (p. 13?, p. 16).
func (c *ctx) bury(seat engine.Seat, p *Player) error {
	mc := c.s.card(p.Cell)
	switch {
	case mc.BuryCost == nil:
		return refuse("bury-no-site", refBury, "There is no bury site on %s", c.s.place(p.Cell))
	case c.s.Buried[p.Cell] >= 0:
		return refuse("bury-taken", refBury, "A treasure is already buried on %s", c.s.place(p.Cell))
	case c.s.Navy == p.Cell:
		return refuse("bury-navy", refBury, "The Navy is on %s: no treasure can be buried under its eyes", c.s.place(p.Cell))
	case p.Gold < *mc.BuryCost:
		return refuse("bury-gold", refBury, "Burying here costs %d gold and you have %d", *mc.BuryCost, p.Gold)
	case p.Buried >= treasures:
		return refuse("bury-none-left", refBury, "All your treasures are buried")
	}
	p.Gold -= *mc.BuryCost
	p.Buried++
	c.s.Buried[p.Cell] = seat
	c.emit("treasure-buried", seat, map[string]any{"cell": cellName(p.Cell), "cost": *mc.BuryCost, "buried": p.Buried},
		"%s buried a treasure on %s (%d of 3)", p.Name, c.s.place(p.Cell), p.Buried)
	if p.Buried == treasures && c.s.automa() >= 0 {
		// Solo: the first to bury three wins at once (Solo: Game End).
		c.s.EndBy = seat
		c.finish()
		return nil
	}
	if p.Buried == treasures && c.s.EndBy < 0 {
		c.s.EndBy = seat
		c.emit("end-triggered", seat, nil, "%s buried the third treasure: play on until everyone has had as many turns", p.Name)
	}
	return nil
}

// ShipLine is how the player to the right sails the ships when the active
// player crossed the Ship Line (p. 15): each merchant's card (one closer to
// its port) and the Navy's path (each card closer to the active player's
// ship, as far as its sail or until it reaches the ship). Absent parts are
// sailed by the engine, vertical steps first.
type ShipLine struct {
	Orange string   `json:"orange,omitempty"`
	Green  string   `json:"green,omitempty"`
	Navy   []string `json:"navy,omitempty"`
}

// crossShipLine: Extort pays, the merchants sail one card each toward their
// ports, then the Navy sails toward the active player and attacks (p. 15).
// The player to the right would choose among equally good cards; the engine
// takes the vertical step first (docs: not done).
func (c *ctx) crossShipLine(seat engine.Seat, p *Player, choice *ShipLine) {
	solo := c.s.automa() >= 0
	if choice == nil {
		choice = &ShipLine{}
	}
	if !c.s.Turn.ExtortPaid && !p.Automa {
		g := p.gainGold(p.Assign[Extort])
		c.emit("extorted", seat, map[string]any{"gold": g}, "%s crossed the Ship Line and extorts %d gold", p.Name, g)
	}
	for i := range c.s.Merchants {
		m := &c.s.Merchants[i]
		port := c.s.Ports[m.Target]
		step := []string{choice.Orange, choice.Green}[i]
		switch {
		case step != "":
			cell, ok := parseCell(step)
			if !ok || dist(cell, m.Cell) != 1 || dist(cell, port) != dist(m.Cell, port)-1 {
				c.fail(refuse("not-toward", refShipLine, "The %s merchant ship must sail one card closer to its port %s", m.Name, c.s.place(port)))
				return
			}
			m.Cell = cell
		case solo && !p.Automa:
			m.Cell = c.soloMerchantStep(i, p.Cell)
		default:
			m.Cell = stepToward(m.Cell, port)
		}
		if m.Cell == port {
			if m.Booty != "" {
				c.s.Bag[m.Booty]++
			}
			m.Target = 1 - m.Target
			m.Booty = c.drawBooty()
			c.emit("merchant-delivered", engine.NoSeat, map[string]any{"merchant": m.Name, "cell": cellName(m.Cell)}, "The %s merchant ship reached its port and turns about", m.Name)
		} else {
			c.emit("merchant-sailed", engine.NoSeat, map[string]any{"merchant": m.Name, "cell": cellName(m.Cell)}, "The %s merchant ship sailed to %s", m.Name, c.s.place(m.Cell))
		}
	}
	n := c.s.Catalog.NavySail[min(p.Buried, 3)]
	moved := false
	if choice.Navy != nil {
		if len(choice.Navy) != min(n, dist(c.s.Navy, p.Cell)) {
			c.fail(refuse("not-toward", refShipLine, "The Navy sails %d cards toward %s, stopping on its card", min(n, dist(c.s.Navy, p.Cell)), p.Name))
			return
		}
		for _, name := range choice.Navy {
			cell, ok := parseCell(name)
			if !ok || dist(cell, c.s.Navy) != 1 || dist(cell, p.Cell) != dist(c.s.Navy, p.Cell)-1 {
				c.fail(refuse("not-toward", refShipLine, "Each card the Navy sails to must be closer to %s's ship", p.Name))
				return
			}
			c.s.Navy = cell
			moved = true
		}
	}
	for range n {
		if c.s.Navy == p.Cell || choice.Navy != nil {
			break
		}
		c.s.Navy = stepToward(c.s.Navy, p.Cell)
		moved = true
	}
	c.emit("navy-sailed", engine.NoSeat, map[string]any{"cell": cellName(c.s.Navy)}, "The Navy sailed to %s", c.s.place(c.s.Navy))
	if moved && c.s.Navy == p.Cell && !p.InCove && p.Automa {
		// The Navy fully jostles the Legendary Pirate and sends it to a cove.
		for jostle(p) != "" {
		}
		c.emit("navy-attack", seat, nil, "The Navy attacked the Legendary Pirate: every Deckhand to Repair")
		c.nearestCove(seat, p)
		return
	}
	if moved && c.s.Navy == p.Cell && !p.InCove {
		var from []string
		for range c.s.Catalog.NavyJostles {
			from = append(from, c.jostle(seat, p))
		}
		c.emit("navy-attack", seat, map[string]any{"from": from}, "The Navy attacked %s: %d Deckhands to Repair, and no sure-fire token", p.Name, c.s.Catalog.NavyJostles)
	}
}

// stepToward is one orthogonal step from a toward b, vertical first.
func stepToward(a, b int) int {
	ar, ac, br, bc := a/gridSize, a%gridSize, b/gridSize, b%gridSize
	switch {
	case ar < br:
		ar++
	case ar > br:
		ar--
	case ac < bc:
		ac++
	case ac > bc:
		ac--
	}
	return ar*gridSize + ac
}

// bonusName is a bonus action as players say it in the log.
func bonusName(kind string) string {
	switch kind {
	case BonusBury:
		return "bury a treasure"
	case BonusGold:
		return "take gold"
	case BonusSail:
		return "sail again"
	case BonusReassign:
		return "move the Deckhands"
	case BonusReroll:
		return "re-roll"
	case BonusCrewUp:
		return "Crew Up"
	case BonusExchange:
		return "exchange a booty"
	case BonusSailNavy:
		return "sail the Navy"
	case BonusSailMerchant:
		return "sail a merchant ship"
	case BonusSpecialTrade:
		return "special trade"
	}
	return orderName(kind)
}

// crewBonusTaken reports whether a crew card's bonus action was taken this
// turn: the captain's bonus actions can no longer be taken (p. 13).
func (t *Turn) crewBonusTaken() bool {
	for k := range t.Used {
		if !strings.HasPrefix(k, "captain/") {
			return true
		}
	}
	return false
}
