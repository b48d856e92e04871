package merchants

import (
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/merchants/combat"
)

func init() {
	registerAction("port", func() engine.Action { return &PortAction{} })
	registerAction("end-port", func() engine.Action { return &EndPort{} })
	registerAction("sell", func() engine.Action { return &Sell{} })
	registerAction("buy-draw", func() engine.Action { return &BuyDraw{} })
	registerAction("buy", func() engine.Action { return &Buy{} })
	registerAction("buy-redraw", func() engine.Action { return &BuyRedraw{} })
	registerAction("shipyard", func() engine.Action { return &Shipyard{} })
	registerAction("recruit", func() engine.Action { return &Recruit{} })
	registerAction("recruit-pay", func() engine.Action { return &RecruitPay{} })
	registerAction("stash", func() engine.Action { return &Stash{} })
}

// Prices of the summary's reference sheet.
const (
	priceGood        = 3
	priceDemand      = 6
	priceRepair      = 2
	priceWeapon      = 3
	priceWeaponSale  = 1 // a special weapon token sold back
	priceModTransfer = 1 // St John: a modification moved to the ship bought
	priceMod         = 3
	priceRefresh     = 3 // a used reinforced-hull token turned back
	priceRecruit     = 2
	gloryDemandSold  = 3 // in-demand cards sold at once for a glory point
)

// PortAction takes the port action (one action, once a turn): its
// activities follow, each once, selling first.
type PortAction struct{ engine.ActionHeader }

func (a *PortAction) apply(c *ctx) error {
	p, err := c.turnPlayer(&a.ActionHeader)
	if err != nil {
		return err
	}
	if !p.InPort {
		return engine.RefuseIn("not-in-port", secPort, "The port action is taken in a port")
	}
	if c.s.T.PortUsed {
		return engine.RefuseIn("port-used", secPort, "The port action is taken once a turn")
	}
	if err := c.useAction(); err != nil {
		return err
	}
	c.s.T.PortUsed, c.s.T.PortOpen = true, true
	z := c.cat.zone(p.Zone)
	c.emit(engine.NewEvent("port-action", a.Seat, fmt.Sprintf("%s takes the port action in %s", p.Name, z.Port), map[string]string{"zone": z.ID}))
	if zs := c.s.Zones[p.Zone]; zs.Mod != "" && !zs.ModRevealed {
		zs.ModRevealed = true
		c.emit(engine.NewEvent("mod-revealed", engine.NoSeat, fmt.Sprintf("%s's shipyard offers %s", z.Port, spoken(zs.Mod)), map[string]string{"zone": z.ID, "mod": zs.Mod}))
	}
	return nil
}

// EndPort closes the port action.
type EndPort struct{ engine.ActionHeader }

func (a *EndPort) apply(c *ctx) error {
	if _, err := c.activity(&a.ActionHeader, ""); err != nil {
		return err
	}
	c.s.T.PortOpen = false
	return nil
}

// activity checks that the active player may start port activity name now
// ("" only checks that the port action is open and nothing is half done).
func (c *ctx) activity(h *engine.ActionHeader, name string) (*Player, error) {
	p, err := c.turnPlayer(h)
	if err != nil {
		return nil, err
	}
	t := &c.s.T
	if !t.PortOpen {
		return nil, engine.RefuseIn("no-port-action", secPort, "Take the port action first")
	}
	if t.BuyDraw != nil {
		return nil, engine.RefuseIn("activity-open", secPort, "Finish buying goods first")
	}
	if name != "" && in(t.Activities, name) {
		return nil, engine.RefuseIn("activity-done", secPort, "Each port activity is done once per port action")
	}
	if name == "sell" && len(t.Activities) > 0 {
		return nil, engine.RefuseIn("sell-not-first", secSell, "Selling goods must be the first activity of a port action")
	}
	if name != "" {
		t.Activities = append(t.Activities, name)
	}
	return p, nil
}

// Sell sells cargo cards: 3 gold each, 6 for the good in demand here.
type Sell struct {
	engine.ActionHeader
	Cards []string `json:"cards"`
}

func (a *Sell) apply(c *ctx) error {
	if _, err := c.turnPlayer(&a.ActionHeader); err == nil && c.s.T.DemandSold {
		return engine.RefuseIn("sold-after-demand", secSell, "The demand here has changed: no more goods are sold this turn")
	}
	p, err := c.activity(&a.ActionHeader, "sell")
	if err != nil {
		return err
	}
	if len(a.Cards) == 0 || !distinctSubset(a.Cards, p.Cargo) {
		return engine.RefuseIn("not-held", secSell, "Sell cargo cards you hold, each once")
	}
	zs := c.s.Zones[p.Zone]
	gold, demand := 0, 0
	var goods []string
	for _, id := range a.Cards {
		g := c.cat.cargo(id).Good
		goods = append(goods, g)
		if g == zs.Demand {
			demand++
		}
		gold += c.sellPrice(p, g == zs.Demand)
		p.Cargo = remove(p.Cargo, id)
		c.s.CargoDiscard = append(c.s.CargoDiscard, id)
	}
	p.Gold += gold
	c.emit(engine.NewEvent("sold", a.Seat, fmt.Sprintf("%s sells %d %s for %d gold", p.Name, len(a.Cards), plural(len(a.Cards), "card", "cards"), gold),
		map[string]any{"cards": a.Cards, "goods": goods, "gold": gold, "inDemand": demand}))
	if demand > 0 {
		c.s.T.DemandSold = true
		old := zs.Demand
		i := c.s.rng.IntN(len(c.s.DemandPool))
		zs.Demand = c.s.DemandPool[i]
		c.s.DemandPool = append(append(c.s.DemandPool[:i:i], c.s.DemandPool[i+1:]...), old)
		c.emit(engine.NewEvent("demand-changed", engine.NoSeat, fmt.Sprintf("%s now wants %s", c.cat.zone(p.Zone).Port, zs.Demand), map[string]string{"zone": p.Zone, "demand": zs.Demand}))
	}
	if demand >= gloryDemandSold {
		c.gainGlory(int(a.Seat), "selling 3 goods in demand")
	}
	return nil
}

// BuyDraw draws the cargo cards to buy from, in secret: 6, or 3 when this
// player bought in this port on their previous turn; cards of the good in
// demand here are discarded and replaced.
type BuyDraw struct{ engine.ActionHeader }

func (a *BuyDraw) apply(c *ctx) error {
	p, err := c.activity(&a.ActionHeader, "buy")
	if err != nil {
		return err
	}
	n := c.buyDrawCount(p)
	drawn := c.drawForSale(n, c.s.Zones[p.Zone].Demand)
	c.s.T.BuyDraw = append([]string{}, drawn...)
	c.emit(engine.NewEvent("buy-drawn", a.Seat, fmt.Sprintf("%s draws %d cargo cards to buy from", p.Name, len(drawn)), map[string]int{"drawn": len(drawn)}).
		WithSecret("You may buy from these cards", map[string]any{"cards": drawn, "prices": c.buyPrices(drawn)}))
	return nil
}

// BuyRedraw is Santo Domingo's offer: pay 1 gold, once, to discard the
// cards drawn to buy and draw as many again.
type BuyRedraw struct{ engine.ActionHeader }

func (a *BuyRedraw) apply(c *ctx) error {
	p, err := c.buyer(&a.ActionHeader)
	if err != nil {
		return err
	}
	t := &c.s.T
	if t.BuyDraw == nil || c.ability(p.Zone) != AbilitySantoDomingo || t.Redrew {
		return engine.RefuseIn("no-redraw", secPorts, "Only Santo Domingo redraws the cards for sale, once, for 1 gold")
	}
	if p.Gold < 1 {
		return engine.RefuseIn("not-enough-gold", secPorts, "The redraw costs 1 gold")
	}
	p.Gold--
	t.Redrew = true
	n := len(t.BuyDraw)
	c.s.CargoDiscard = append(c.s.CargoDiscard, t.BuyDraw...)
	t.BuyDraw = c.drawForSale(n, c.s.Zones[p.Zone].Demand)
	c.emit(engine.NewEvent("buy-drawn", a.Seat, fmt.Sprintf("%s pays 1 gold to draw %d new cargo cards", p.Name, len(t.BuyDraw)), map[string]int{"drawn": len(t.BuyDraw)}).
		WithSecret("You may buy from these cards", map[string]any{"cards": t.BuyDraw, "prices": c.buyPrices(t.BuyDraw)}))
	return nil
}

// drawForSale draws n cargo cards to buy from, discarding and replacing
// the good in demand.
func (c *ctx) drawForSale(n int, demand string) []string {
	drawn := []string{}
	// Bounded: at worst every card of the deck and discard is seen once.
	for tries := len(c.cat.Cargo) * 2; len(drawn) < n && tries > 0; tries-- {
		id := c.drawCargo()
		if id == "" {
			break
		}
		if c.cat.cargo(id).Good == demand {
			c.s.CargoDiscard = append(c.s.CargoDiscard, id)
			continue
		}
		drawn = append(drawn, id)
	}
	return drawn
}

// buyPrices prices each drawn card: 3, 2 when its good was drawn twice, 1
// when drawn 3 or more times.
func (c *ctx) buyPrices(drawn []string) map[string]int {
	count := map[string]int{}
	for _, id := range drawn {
		count[c.cat.cargo(id).Good]++
	}
	out := map[string]int{}
	for _, id := range drawn {
		switch n := count[c.cat.cargo(id).Good]; {
		case n >= 3:
			out[id] = 1
		case n == 2:
			out[id] = 2
		default:
			out[id] = priceGood
			if c.ability(c.s.Players[c.s.Active].Zone) == AbilityNassau {
				out[id] = 2
			}
		}
	}
	return out
}

// Buy buys drawn cards (Cards) and may discard held cargo (Discard) to make
// room; the cards not bought are discarded.
type Buy struct {
	engine.ActionHeader
	Cards   []string `json:"cards"`
	Discard []string `json:"discard,omitempty"`
}

func (a *Buy) apply(c *ctx) error {
	p, err := c.buyer(&a.ActionHeader)
	if err != nil {
		return err
	}
	t := &c.s.T
	if t.BuyDraw == nil {
		return engine.RefuseIn("not-drawn", secBuy, "Draw the cargo cards first")
	}
	if !distinctSubset(a.Cards, t.BuyDraw) {
		return engine.RefuseIn("not-drawn", secBuy, "Buy only cards you drew, each once")
	}
	if !distinctSubset(a.Discard, p.Cargo) {
		return engine.RefuseIn("not-held", secBuy, "Discard only cargo cards you hold")
	}
	prices := c.buyPrices(t.BuyDraw)
	cost, cheapest := 0, priceGood
	for _, id := range a.Cards {
		cost += prices[id]
		cheapest = min(cheapest, prices[id])
	}
	if c.ability(p.Zone) == AbilityCartagena && len(a.Cards) >= 4 {
		// Cartagena: buying 3 or more, one more drawn card is free (our reading).
		cost -= cheapest
	}
	if cost > p.Gold {
		return engine.RefuseIn("not-enough-gold", secBuy, "Those cards cost %d gold and you have %d", cost, p.Gold)
	}
	if len(p.Cargo)-len(a.Discard)+len(a.Cards) > max(p.Ship.Cargo, 0) {
		return engine.RefuseIn("cargo-full", secBuy, "Your hold carries %d cargo cards", max(p.Ship.Cargo, 0))
	}
	for _, id := range a.Discard {
		p.Cargo = remove(p.Cargo, id)
		c.s.CargoDiscard = append(c.s.CargoDiscard, id)
	}
	for _, id := range t.BuyDraw {
		if in(a.Cards, id) {
			p.Cargo = append(p.Cargo, id)
		} else {
			c.s.CargoDiscard = append(c.s.CargoDiscard, id)
		}
	}
	p.Gold -= cost
	if len(a.Cards) > 0 {
		p.LastBuyRound, p.LastBuyZone = c.s.Round, p.Zone
	}
	t.BuyDraw = nil
	c.emit(engine.NewEvent("bought", a.Seat, fmt.Sprintf("%s buys %d cargo %s", p.Name, len(a.Cards), plural(len(a.Cards), "card", "cards")),
		map[string]int{"bought": len(a.Cards), "discarded": len(a.Discard)}).
		WithSecret(fmt.Sprintf("You pay %d gold", cost), map[string]any{"cards": a.Cards, "cost": cost}))
	return nil
}

// Shipyard is one visit to the shipyard: a new ship (selling the old one),
// this port's ship modification, special weapons and repairs, paid at once.
type Shipyard struct {
	engine.ActionHeader
	Ship    string         `json:"ship,omitempty"`
	Mod     bool           `json:"mod,omitempty"`
	Weapons []string       `json:"weapons,omitempty"`
	Repair  map[string]int `json:"repair,omitempty"`
	// Refresh turns a used reinforced-hull token back for 3 gold.
	Refresh bool `json:"refresh,omitempty"`
	// SellWeapons are special weapon tokens sold back, 1 gold each.
	SellWeapons []string `json:"sellWeapons,omitempty"`
	// KeepMods are the old ship's modifications moved to the ship bought,
	// 1 gold each (St John only).
	KeepMods []string `json:"keepMods,omitempty"`
}

func (a *Shipyard) apply(c *ctx) error {
	p, err := c.activity(&a.ActionHeader, "shipyard")
	if err != nil {
		return err
	}
	sh := *p.Ship
	sh.Mods = append([]string(nil), p.Ship.Mods...)
	cost := 0
	var returned []string
	bigShip := false
	if a.Ship != "" {
		if a.Ship == ManOWar || sh.Type == ManOWar {
			return engine.RefuseIn("man-o-war", secShipyard, "The man-o-war can be neither bought nor sold")
		}
		if _, ok := shipPrices[a.Ship]; !ok || c.cat.shipType(a.Ship) == nil {
			return engine.RefuseIn("no-such-ship", secShipyard, "The shipyard sells sloops, flutes, frigates and galleons")
		}
		cost += c.shipPrice(p, a.Ship) - c.salePrice(&sh)
		ns := c.newShip(a.Ship)
		ns.Crew = min(sh.Crew, ns.Crew)
		returned = sh.Mods
		sh = *ns
		bigShip = (a.Ship == Frigate || a.Ship == Galleon) && !p.BigShip
	}
	if len(a.KeepMods) > 0 && (a.Ship == "" || c.ability(p.Zone) != AbilityStJohn) {
		return engine.RefuseIn("mod-transfer", secPorts, "Modifications move to a new ship only when it is bought in St John")
	}
	for i, m := range a.KeepMods {
		if !in(returned, m) || in(a.KeepMods[:i], m) {
			return engine.RefuseIn("mod-transfer", secPorts, "Move only modifications your old ship has, each once")
		}
		cost += priceModTransfer
		sh.Mods = append(sh.Mods, m)
		returned = remove(returned, m)
		c.applyMod(&sh, m)
	}
	zs := c.s.Zones[p.Zone]
	if a.Mod {
		if zs.Mod == "" {
			return engine.RefuseIn("mod-sold-out", secShipyard, "This port has no ship modification for sale")
		}
		if in(sh.Mods, zs.Mod) {
			return engine.RefuseIn("mod-owned", secShipyard, "A ship has at most one of each modification")
		}
		cost += c.modPrice(p)
		sh.Mods = append(sh.Mods, zs.Mod)
		c.applyMod(&sh, zs.Mod)
	}
	if a.Refresh {
		if !in(sh.Mods, ReinforcedHull) || !sh.HullFlipped {
			return engine.RefuseIn("no-refresh", secShipyard, "Only a used Reinforced hull token is refreshed")
		}
		sh.HullFlipped = false
		cost += priceRefresh
	}
	for i, w := range a.Weapons {
		if !in(Weapons, w) {
			return engine.RefuseIn("no-such-weapon", secShipyard, "The special weapons are chain-shot, grapeshot and grappling hooks")
		}
		if in(p.Weapons, w) || in(a.Weapons[:i], w) {
			return engine.RefuseIn("weapon-owned", secShipyard, "You may have one %s token only", spoken(w))
		}
		cost += c.weaponPrice(p)
	}
	for i, w := range a.SellWeapons {
		if !in(p.Weapons, w) || in(a.SellWeapons[:i], w) {
			return engine.RefuseIn("weapon-not-held", secShipyard, "Sell back only special weapon tokens you hold, each once")
		}
		cost -= priceWeaponSale
	}
	repairPrice := priceRepair
	if len(a.Repair) > 0 {
		rp, err := c.repairPrice(p)
		if err != nil {
			return err
		}
		repairPrice = rp
	}
	for _, l := range sortedKeys(a.Repair) {
		n := a.Repair[l]
		if l == combat.Crew {
			return engine.RefuseIn("repair-crew", secShipyard, "Crew is recruited, not repaired")
		}
		v := sh.loc(l)
		if v == nil || n < 1 || *v+n > c.maxOf(&sh, l) {
			return engine.RefuseIn("repair-too-much", secShipyard, "Repair only the damage a location has")
		}
		*v += n
		cost += n * repairPrice
	}
	if cost > p.Gold {
		return engine.RefuseIn("not-enough-gold", secShipyard, "That visit costs %d gold and you have %d", cost, p.Gold)
	}
	p.Gold -= cost
	p.Ship = &sh
	for _, w := range a.SellWeapons {
		p.Weapons = remove(p.Weapons, w)
	}
	p.Weapons = append(p.Weapons, a.Weapons...)
	if a.Mod {
		zs.Mod, zs.ModRevealed = "", false
	}
	c.reenterMods(returned)
	c.capCargo(int(a.Seat))
	text := fmt.Sprintf("%s spends %d gold at the shipyard", p.Name, cost)
	if cost < 0 {
		text = fmt.Sprintf("%s receives %d gold at the shipyard", p.Name, -cost)
	}
	c.emit(engine.NewEvent("shipyard", a.Seat, text,
		map[string]any{"ship": a.Ship, "mod": a.Mod, "weapons": a.Weapons, "sellWeapons": a.SellWeapons, "repair": a.Repair, "cost": cost}))
	if bigShip {
		p.BigShip = true
		c.gainGlory(int(a.Seat), "buying a "+a.Ship)
	}
	return nil
}

// applyMod moves a location's cube up for a modification that raises it
// (extra crew must be recruited).
func (c *ctx) applyMod(sh *Ship, m string) {
	switch m {
	case CargoHold:
		sh.Cargo = min(sh.Cargo+1, maxValue)
	case CannonPort:
		sh.Cannons = min(sh.Cannons+1, maxValue)
	}
}

// salePrice is what the shipyard pays for a ship: its price, +1 per
// modification, -1 per point of damage except crew (never below 0).
func (c *ctx) salePrice(sh *Ship) int {
	damage := 0
	for _, l := range []string{combat.Hull, combat.Cargo, combat.Masts, combat.Cannons} {
		damage += c.maxOf(sh, l) - *sh.loc(l)
	}
	return max(shipPrices[sh.Type][1]+len(sh.Mods)-damage, 0)
}

// Recruit rolls LEADERSHIP: a success fills the crew, a failure lets the
// player hire crew for 2 gold each (RecruitPay).
type Recruit struct{ engine.ActionHeader }

func (a *Recruit) apply(c *ctx) error {
	p, err := c.activity(&a.ActionHeader, "recruit")
	if err != nil {
		return err
	}
	free, err := c.freeRecruit(p)
	if err != nil {
		return err
	}
	if free {
		p.Ship.Crew = max(p.Ship.Crew, c.maxOf(p.Ship, combat.Crew))
		c.emit(engine.NewEvent("recruited", a.Seat, fmt.Sprintf("%s fills the crew to %d at no cost", p.Name, p.Ship.Crew), map[string]int{"crew": p.Ship.Crew}))
		return nil
	}
	req := c.ask(int(a.Seat), "", p.Name+" recruits (Leadership)", c.cat.captain(p.Captain).Leadership)
	c.s.Pending = &Pending{Kind: "recruit", Seat: int(a.Seat), Request: req}
	c.emit(engine.NewEvent("recruiting", a.Seat, p.Name+" recruits crew: a Leadership roll", nil))
	return nil
}

// RecruitPay hires crew for 2 gold each after a failed recruit roll (0 to
// hire none).
type RecruitPay struct {
	engine.ActionHeader
	Crew int `json:"crew"`
}

func (a *RecruitPay) apply(c *ctx) error {
	pd := c.s.Pending
	if pd == nil || pd.Kind != "recruit-pay" || pd.Seat != int(a.Seat) {
		return engine.RefuseIn("no-recruit", secRecruit, "Crew is paid for after a failed recruit roll")
	}
	p := c.s.Players[a.Seat]
	if a.Crew < 0 || p.Ship.Crew+a.Crew > c.maxOf(p.Ship, combat.Crew) {
		return engine.RefuseIn("crew-full", secRecruit, "Your ship holds %d crew", c.maxOf(p.Ship, combat.Crew))
	}
	if a.Crew*priceRecruit > p.Gold {
		return engine.RefuseIn("not-enough-gold", secRecruit, "Recruiting %d crew costs %d gold and you have %d", a.Crew, a.Crew*priceRecruit, p.Gold)
	}
	p.Gold -= a.Crew * priceRecruit
	p.Ship.Crew += a.Crew
	c.s.Pending = nil
	c.emit(engine.NewEvent("recruited", a.Seat, fmt.Sprintf("%s hires %d crew", p.Name, a.Crew), map[string]int{"crew": p.Ship.Crew, "hired": a.Crew}))
	return nil
}

// Stash moves gold between the ship and the chest in the captain's home
// port: a positive Amount into the chest, a negative one out. Only "stashed"
// is public, never the amount.
type Stash struct {
	engine.ActionHeader
	Amount int `json:"amount"`
}

func (a *Stash) apply(c *ctx) error {
	if a.Amount < 0 {
		return c.unstash(a)
	}
	p, err := c.turnPlayer(&a.ActionHeader)
	if err != nil {
		return err
	}
	fee := 0
	if c.cat.captain(p.Captain).Home != p.Zone || !p.InPort {
		if c.ability(p.Zone) != AbilityStMaarten || !p.InPort || a.Amount < 0 {
			return engine.RefuseIn("stash-home", secStash, "Gold is stashed in your captain's home port only (or sent from St. Maarten)")
		}
		// St. Maarten: anyone may stash here, paying a 5-gold courier fee.
		fee = 5
	}
	if a.Amount == 0 || a.Amount+fee > p.Gold || -a.Amount > p.Stash {
		return engine.RefuseIn("stash-amount", secStash, "Move gold you have, on the ship or in the chest")
	}
	p.Gold -= fee
	if _, err := c.activity(&a.ActionHeader, "stash"); err != nil {
		return err
	}
	p.Gold -= a.Amount
	p.Stash += a.Amount
	if a.Amount > 0 {
		p.Stashed = true
	}
	c.emit(engine.NewEvent("stashed", a.Seat, p.Name+" visits the chest", nil).
		WithSecret(fmt.Sprintf("Your stash is now %d gold (%d %s)", p.Stash, p.stashPoints(), plural(p.stashPoints(), "glory point", "glory points")), map[string]int{"moved": a.Amount, "stash": p.Stash}))
	return nil
}

// unstash takes gold out of the chest: in the home port "you may freely
// spend gold from your stash or move it onto your ship" (Stash gold), so on
// one's own turn there, at any time, as often as wished: no port activity.
func (c *ctx) unstash(a *Stash) error {
	p, err := c.buyer(&a.ActionHeader)
	if err != nil {
		return err
	}
	if c.cat.captain(p.Captain).Home != p.Zone || !p.InPort {
		return engine.RefuseIn("stash-home", secStash, "Gold leaves the chest in your captain's home port only")
	}
	if -a.Amount > p.Stash {
		return engine.RefuseIn("stash-amount", secStash, "Move gold you have, on the ship or in the chest")
	}
	p.Gold -= a.Amount
	p.Stash += a.Amount
	c.emit(engine.NewEvent("stashed", a.Seat, p.Name+" visits the chest", nil).
		WithSecret(fmt.Sprintf("Your stash is now %d gold (%d %s)", p.Stash, p.stashPoints(), plural(p.stashPoints(), "glory point", "glory points")), map[string]int{"moved": a.Amount, "stash": p.Stash}))
	return nil
}

// distinctSubset reports whether every element of xs is in set and xs
// repeats none.
func distinctSubset(xs, set []string) bool {
	seen := map[string]bool{}
	for _, x := range xs {
		if seen[x] || !in(set, x) {
			return false
		}
		seen[x] = true
	}
	return true
}
