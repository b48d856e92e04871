package piratescode

import (
	"fmt"
	"slices"

	"github.com/quartermaster-table/quartermaster/engine"
)

// TableDraws are what the table drew from the bag, the crew deck or the
// search tokens while an action was carried out, when the game is played
// with the real components: the engine then takes these instead of its own
// seeded draws, checking each one could have been drawn. Absent, the engine
// draws itself. Every action that may draw embeds it.
type TableDraws struct {
	// DrawnBooty are the booty types drawn from the bag, in order.
	DrawnBooty []string `json:"drawnBooty,omitempty"`
	// DrawnCrew are the crew card ids drawn from the deck, in order.
	DrawnCrew []string `json:"drawnCrew,omitempty"`
	// Token is the id of the search token turned up.
	Token string `json:"token,omitempty"`
	// DrawnMerchant is the merchant card id dealt after a sinking.
	DrawnMerchant string `json:"drawnMerchant,omitempty"`
}

func (d *TableDraws) draws() *TableDraws { return d }

// drawer is an action that may carry the table's draws.
type drawer interface{ draws() *TableDraws }

var refBag = ref{0, "Booty"}

// fail records the first error found deep inside a step that cannot
// return one (a draw during the Legendary Pirate's turn); Apply refuses the
// action with it.
func (c *ctx) fail(err error) {
	if c.err == nil {
		c.err = err
	}
}

// drawBooty takes the table's next drawn cube, or a seeded one; "" when the
// bag is empty.
func (c *ctx) drawBooty() string {
	if c.draws != nil && len(c.draws.DrawnBooty) > 0 {
		t := c.draws.DrawnBooty[0]
		c.draws.DrawnBooty = c.draws.DrawnBooty[1:]
		if !isBooty(t) || c.s.Bag[t] == 0 {
			c.fail(refuse("draw-not-in-bag", refBag, "No %s can have been drawn: the bag holds %s", t, bagWords(c.s.Bag)))
			return ""
		}
		c.s.Bag[t]--
		return t
	}
	return c.s.drawBooty()
}

// drawCrew takes the table's next drawn crew card, or the top of the
// seeded deck; -1 when the deck is empty.
func (c *ctx) drawCrew() int {
	if c.draws != nil && len(c.draws.DrawnCrew) > 0 {
		id := c.draws.DrawnCrew[0]
		c.draws.DrawnCrew = c.draws.DrawnCrew[1:]
		for i, k := range c.s.CrewDeck {
			if c.s.Catalog.Crew[k].ID == id {
				c.s.CrewDeck = slices.Delete(c.s.CrewDeck, i, i+1)
				return k
			}
		}
		name := "That crew card"
		for _, cc := range c.s.Catalog.Crew {
			if cc.ID == id && cc.Name != "" {
				name = cc.Name
			}
		}
		c.fail(refuse("draw-not-in-deck", refCrew, "%s is not in the crew deck", name))
		return -1
	}
	return c.s.drawCrew()
}

// drawMerchant deals the next merchant card: the table's, or the top of the
// seeded deck; -1 when the deck is empty.
func (c *ctx) drawMerchant() int {
	if c.draws != nil && c.draws.DrawnMerchant != "" {
		id := c.draws.DrawnMerchant
		c.draws.DrawnMerchant = ""
		for i, k := range c.s.MerchantDeck {
			if c.s.Catalog.Merchants[k].ID == id {
				c.s.MerchantDeck = slices.Delete(c.s.MerchantDeck, i, i+1)
				return k
			}
		}
		name := "That merchant card"
		for _, m := range c.s.Catalog.Merchants {
			if m.ID == id {
				name = fmt.Sprintf("The merchant card of value %d", m.Value)
			}
		}
		c.fail(refuse("draw-not-in-deck", refMerchant, "%s is not in the merchant deck", name))
		return -1
	}
	if len(c.s.MerchantDeck) == 0 {
		return -1
	}
	k := c.s.MerchantDeck[0]
	c.s.MerchantDeck = c.s.MerchantDeck[1:]
	return k
}

// revealToken is the search token on cell (-1: none left). When the table
// says which token it turned up, the engine's face-down layout is corrected:
// the token swaps places with the one the engine had there (from another
// card or the box).
func (c *ctx) revealToken(cell int) int {
	k := c.s.Tokens[cell]
	if k < 0 || c.draws == nil || c.draws.Token == "" {
		return k
	}
	id := c.draws.Token
	c.draws.Token = ""
	want := -1
	for i, t := range c.s.Catalog.SearchTokens {
		if t.ID == id {
			want = i
		}
	}
	if want < 0 || slices.Contains(c.s.Revealed, want) {
		c.fail(refuse("draw-token", refSearch, "That search token has already been turned up: it cannot be face down any more"))
		return k
	}
	for other, t := range c.s.Tokens {
		if t == want {
			c.s.Tokens[other] = k
		}
	}
	c.s.Tokens[cell] = want
	return want
}

// leftover refuses draws the action did not use.
func (c *ctx) leftover() error {
	if c.draws == nil {
		return nil
	}
	if len(c.draws.DrawnBooty)+len(c.draws.DrawnCrew) > 0 || c.draws.Token != "" || c.draws.DrawnMerchant != "" {
		return refuse("draw-unused", refTurn, "The table reported draws this action did not make")
	}
	return nil
}

// bagWords says what the bag holds as players count it: "8 sugarcane,
// 9 coffee, 7 gunpowder and no rum".
func bagWords(bag map[string]int) string {
	var parts []string
	for _, t := range BootyTypes {
		if n := bag[t]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, t))
		} else {
			parts = append(parts, "no "+t)
		}
	}
	return engine.AndList(parts)
}
