package merchants

import (
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/merchants/combat"
)

// MerchantChoice decides about a merchant just found: its nationality (the
// token's or the sea zone port's) and whether to raid it. Either way its
// token goes to the merchant track.
type MerchantChoice struct {
	engine.ActionHeader
	Nation string `json:"nation"`
	Raid   bool   `json:"raid"`
}

func (a *MerchantChoice) apply(c *ctx) error {
	s := c.s
	pd := s.Pending
	if pd == nil || pd.Kind != "merchant" || pd.Seat != int(a.Seat) {
		return engine.RefuseIn("no-merchant", secMerchants, "No merchant you found is waiting for your decision")
	}
	p := s.Players[a.Seat]
	if !a.Raid {
		s.Pending = nil
		c.emit(engine.NewEvent("merchant-released", a.Seat, p.Name+" lets the merchant sail away", nil))
		return nil
	}
	if pd.Spanish && a.Nation != Spanish {
		return engine.RefuseIn("merchant-nation", secPorts, "The merchant found off Cartagena without a roll is Spanish")
	}
	if a.Nation != pd.Token && (a.Nation != pd.ZoneNation || a.Nation == "") && !pd.Spanish {
		return engine.RefuseIn("merchant-nation", secMerchants, "The merchant is %s, or of the sea zone's nation", nationWord(pd.Token))
	}
	if p.Ship.destroyed() {
		return engine.RefuseIn("raid-destroyed-location", secRaid, "A ship with a destroyed hit location cannot raid")
	}
	c.addBounty(int(a.Seat), a.Nation)
	raid := &Raid{Nation: a.Nation}
	for i := 0; i < 3; i++ {
		if id := c.drawCargo(); id != "" {
			raid.Cards = append(raid.Cards, id)
		}
	}
	if a.Nation == Spanish && c.ability(p.Zone) == AbilityHavana {
		// Havana: a fourth card, kept in the raid only if it shows a hit.
		if id := c.drawCargo(); id != "" {
			if len(c.cat.cargo(id).Hits) > 0 {
				raid.Cards = append(raid.Cards, id)
			} else {
				s.CargoDiscard = append(s.CargoDiscard, id)
			}
		}
	}
	req := c.ask(int(a.Seat), "", p.Name+" raids the merchant (Seamanship)", c.cat.captain(p.Captain).Seamanship)
	s.Pending = &Pending{Kind: "raid-roll", Seat: int(a.Seat), Request: req, Raid: raid}
	c.emit(engine.NewEvent("raid-started", a.Seat, fmt.Sprintf("%s raids %s %s merchant", p.Name, article(nationWord(a.Nation)), nationWord(a.Nation)), map[string]any{"nation": a.Nation, "cards": raid.Cards}))
	return nil
}

// RaidStep is one step of a raid after the SEAMANSHIP roll. Op is "weapon"
// (spend a special weapon to turn a failed die into a success), "draw",
// "discard" or "exchange" (each spends one success; Card names the card),
// or "end" (resolve the cards left; Keep lists the cards to keep as cargo
// if the raid succeeds).
type RaidStep struct {
	engine.ActionHeader
	Op     string   `json:"op"`
	Card   string   `json:"card,omitempty"`
	Weapon string   `json:"weapon,omitempty"`
	Keep   []string `json:"keep,omitempty"`
}

func (a *RaidStep) apply(c *ctx) error {
	s := c.s
	pd := s.Pending
	if pd == nil || pd.Kind != "raid" || pd.Seat != int(a.Seat) {
		return engine.RefuseIn("no-raid", secRaid, "No raid of yours is waiting for a step")
	}
	p, r := s.Players[a.Seat], pd.Raid
	spend := func() error {
		if r.Successes == 0 {
			return engine.RefuseIn("raid-no-success", secRaid, "Each draw, discard or exchange spends one success, and none is left")
		}
		r.Successes--
		return nil
	}
	switch a.Op {
	case "weapon":
		if !in(p.Weapons, a.Weapon) {
			return engine.RefuseIn("raid-weapon", secRaid, "You have no %s token", spoken(a.Weapon))
		}
		if r.Failed == 0 {
			return engine.RefuseIn("raid-weapon", secRaid, "A weapon turns a failed die into a success, and no die failed")
		}
		p.Weapons = remove(p.Weapons, a.Weapon)
		r.Failed--
		r.Successes++
	case "draw":
		if err := spend(); err != nil {
			return err
		}
		if id := c.drawCargo(); id != "" {
			r.Cards = append(r.Cards, id)
		}
	case "discard", "exchange":
		if !in(r.Cards, a.Card) {
			return engine.RefuseIn("raid-card", secRaid, "That card is not in the raid")
		}
		if err := spend(); err != nil {
			return err
		}
		r.Cards = remove(r.Cards, a.Card)
		s.CargoDiscard = append(s.CargoDiscard, a.Card)
		// Our reading of "exchange": discard the card and draw its replacement.
		if a.Op == "exchange" {
			if id := c.drawCargo(); id != "" {
				r.Cards = append(r.Cards, id)
			}
		}
	case "end":
		return c.endRaid(int(a.Seat), a.Keep)
	default:
		return engine.RefuseIn("raid-op", secRaid, "A raid step is weapon, draw, discard, exchange or end")
	}
	c.emit(engine.NewEvent("raid-step", a.Seat, fmt.Sprintf("%s: %s", p.Name, a.Op), map[string]any{"op": a.Op, "cards": r.Cards, "successes": r.Successes}))
	return nil
}

// RaidResult is the outcome of the cards left at the end of a raid.
type RaidResult struct {
	// Hits counts the damage taken per location (passed on to the hull
	// when the location was already destroyed).
	Hits    map[string]int `json:"hits"`
	Escapes int            `json:"escapes"`
	Escaped bool           `json:"escaped"`
	// Failed: a location other than the hull was destroyed.
	Failed  bool `json:"failed"`
	Sunk    bool `json:"sunk"`
	Success bool `json:"success"`
	Plunder int  `json:"plunder"`
}

// ResolveRaid applies the cards left in a raid to a ship of the given
// MANEUVERABILITY: each hit icon damages its location (the hull once the
// location is destroyed); a destroyed hull sinks the ship, another destroyed
// location fails the raid; escape icons at least equal to MANEUVERABILITY
// let the merchant escape, hits still applied. It returns the damaged ship.
func ResolveRaid(cards []CargoCard, sh Ship, maneuverability int) (Ship, RaidResult) {
	res := RaidResult{Hits: map[string]int{}}
	for _, cd := range cards {
		res.Escapes += cd.Escapes
		res.Plunder += cd.Plunder
		for _, h := range cd.Hits {
			loc := h
			if v := sh.loc(loc); v == nil || *v <= 0 {
				loc = combat.Hull
			}
			v := sh.loc(loc)
			if *v > 0 {
				*v--
			}
			res.Hits[loc]++
			if *v == 0 {
				if loc == combat.Hull {
					res.Sunk = true
				} else {
					res.Failed = true
				}
			}
		}
	}
	res.Escaped = res.Escapes >= maneuverability
	res.Success = !res.Escaped && !res.Failed && !res.Sunk
	if !res.Success {
		res.Plunder = 0
	}
	return sh, res
}

func (c *ctx) endRaid(seat int, keep []string) error {
	s := c.s
	p, r := s.Players[seat], s.Pending.Raid
	var cards []CargoCard
	for _, id := range r.Cards {
		cards = append(cards, *c.cat.cargo(id))
	}
	sh, res := ResolveRaid(cards, *p.Ship, c.maneuverability(p.Ship))
	if res.Success && r.Nation == Spanish && c.ability(p.Zone) == AbilitySanJuan {
		res.Plunder += 3 // San Juan: +3 in all against a Spanish merchant
	}
	if !distinctSubset(keep, r.Cards) {
		return engine.RefuseIn("raid-card", secRaid, "Keep only cards left in the raid")
	}
	if len(keep) > 0 && (!res.Success || len(p.Cargo)+len(keep) > max(sh.Cargo, 0)) {
		return engine.RefuseIn("cargo-full", secRaid, "After a successful raid keep only the cards your hold has room for")
	}
	*p.Ship = sh
	s.Pending = nil
	for _, id := range r.Cards {
		if in(keep, id) {
			p.Cargo = append(p.Cargo, id)
		} else {
			s.CargoDiscard = append(s.CargoDiscard, id)
		}
	}
	text := p.Name + "'s raid fails"
	switch {
	case res.Sunk:
		text = p.Name + "'s ship sinks in the raid"
	case res.Escaped:
		text = "The merchant escapes " + p.Name
	case res.Success:
		text = fmt.Sprintf("%s plunders %d gold", p.Name, res.Plunder)
	}
	c.emit(engine.NewEvent("raid-ended", engine.Seat(seat), text, res))
	if res.Sunk {
		c.loseCaptain(seat, "dies as the ship sinks")
		if s.Stage == StagePlay && seat == s.Active {
			c.endTurn()
		}
		return nil
	}
	c.capCargo(seat)
	if res.Success {
		p.Gold += res.Plunder
		if res.Plunder >= 12 {
			c.gainGlory(seat, "plundering 12 gold or more")
		}
	}
	return nil
}
