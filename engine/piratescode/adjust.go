package piratescode

import (
	"maps"
	"slices"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Adjust is a hand correction by the table (seat -1) when the game and the
// table disagree: a player's gold, sure-fire tokens, booty, legend level,
// Deck Assignments or ship. Booty and sure-fire tokens go to or come from
// the bag and the supply, so nothing is created. Reason is kept in the log.
type Adjust struct {
	engine.ActionHeader
	Player   int            `json:"player"`
	Reason   string         `json:"reason"`
	Gold     *int           `json:"gold,omitempty"`
	Surefire *int           `json:"surefire,omitempty"`
	Booty    []string       `json:"booty,omitempty"`
	Legend   *int           `json:"legend,omitempty"`
	Assign   map[string]int `json:"assign,omitempty"`
	Cell     string         `json:"cell,omitempty"`
	InCove   *bool          `json:"inCove,omitempty"`
}

var refAdjust = ref{0, "Corrections"}

func (a *Adjust) apply(c *ctx) error {
	if a.Seat != engine.NoSeat {
		return refuse("adjust-table", refAdjust, "Corrections are made by the table, with a reason")
	}
	p := c.s.player(engine.Seat(a.Player))
	if p == nil || a.Reason == "" {
		return refuse("adjust-table", refAdjust, "Name the player and say why the correction is made")
	}
	bad := func(what string) error {
		return refuse("adjust-range", refAdjust, "That %s is not possible", what)
	}
	if a.Gold != nil {
		if *a.Gold < 0 || *a.Gold > maxGold {
			return bad("gold")
		}
		p.Gold = *a.Gold
	}
	if a.Surefire != nil {
		d := *a.Surefire - p.Surefire
		if *a.Surefire < 0 || *a.Surefire > maxSurefire || d > c.s.Surefires || p.Automa {
			return bad("number of sure-fire tokens")
		}
		p.Surefire += d
		c.s.Surefires -= d
	}
	if a.Booty != nil {
		if len(a.Booty) > maxBooty {
			return bad("booty")
		}
		for _, t := range p.Booty {
			c.s.Bag[t]++
		}
		for _, t := range a.Booty {
			if !isBooty(t) || c.s.Bag[t] == 0 {
				return bad("booty")
			}
			c.s.Bag[t]--
		}
		p.Booty = slices.Clone(a.Booty)
	}
	if a.Legend != nil {
		if *a.Legend < 0 || *a.Legend >= len(c.s.Catalog.Legend) || p.Automa {
			return bad("legend level")
		}
		p.Legend = *a.Legend
	}
	if a.Assign != nil {
		sum := 0
		for k, n := range a.Assign {
			if !oneOf(k, Assignments) || n < 0 {
				return bad("Deck Assignment")
			}
			sum += n
		}
		if sum != p.handsOnMat() {
			return bad("count of Deckhands (move them, do not add or remove them)")
		}
		p.Assign = maps.Clone(a.Assign)
		for _, k := range Assignments {
			p.Assign[k] += 0
		}
	}
	if a.Cell != "" {
		cell, ok := parseCell(a.Cell)
		if !ok {
			return bad("card")
		}
		p.Cell = cell
	}
	if a.InCove != nil {
		if *a.InCove && (!c.s.card(p.Cell).Cove || c.s.coveTaken(p.Cell, engine.Seat(a.Player))) {
			return bad("cove")
		}
		p.InCove = *a.InCove
	}
	c.emit("adjusted", engine.Seat(a.Player), map[string]any{"reason": a.Reason}, "The table corrected %s's state: %s", p.Name, a.Reason)
	return nil
}
