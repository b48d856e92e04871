package piratescode

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
)

// The printed values the OCR of the rulebook does not give (the map cards'
// features, the merchant, crew and captain cards, the legend track, the search
// tokens, the Navy's sail) come from the owner's catalog, entered once from
// the components. The program never invents them; tests use made-up values
// named as test data.

// Booty types, in the rulebook's order.
const (
	Sugarcane = "sugarcane"
	Rum       = "rum"
	Coffee    = "coffee"
	Gunpowder = "gunpowder"
)

// BootyTypes lists the four booty types.
var BootyTypes = []string{Sugarcane, Rum, Coffee, Gunpowder}

// Orders on the wheel. HideOut sits on space 0; the other five are the order
// tokens shuffled on spaces 1-5.
const (
	Plunder = "plunder"
	Trade   = "trade"
	CrewUp  = "crew-up"
	Search  = "search"
	Attack  = "attack"
	HideOut = "hide-out"
)

// tokenOrders are the five order tokens of a player's wheel.
var tokenOrders = []string{Plunder, Trade, CrewUp, Search, Attack}

// Bonus action kinds a card may print (p. 13-14).
const (
	BonusBury     = "bury"
	BonusGold     = "gold"
	BonusSail     = "sail"
	BonusReassign = "reassign"
	BonusReroll   = "reroll"
	BonusPlunder  = "plunder"
	BonusTrade    = "trade"
	BonusSearch   = "search"
	BonusAttack   = "attack"
	BonusCrewUp   = "crew-up"
	// BonusExchange swaps one cube aboard for any type from the bag.
	BonusExchange = "exchange"
	// BonusSailNavy and BonusSailMerchant move that ship exactly N cards.
	BonusSailNavy     = "sail-navy"
	BonusSailMerchant = "sail-merchant"
	// BonusSpecialTrade hands in the Booty listed for N gold after a Trade.
	BonusSpecialTrade = "special-trade"
)

var bonusKinds = []string{BonusBury, BonusGold, BonusSail, BonusReassign, BonusReroll, BonusPlunder, BonusTrade, BonusSearch, BonusAttack, BonusCrewUp,
	BonusExchange, BonusSailNavy, BonusSailMerchant, BonusSpecialTrade}

// Search token kinds (p. 10): instant ones resolve at once, kept ones stay
// with the player for one later use.
const (
	TokenGold     = "gold"     // instant: gain N gold
	TokenSurefire = "surefire" // instant: gain 1 sure-fire token
	TokenBooty    = "booty"    // instant: draw 1 booty
	TokenSail     = "sail"     // kept: +2 sail once
	TokenStorm    = "storm"    // kept: enter one storm without being jostled
)

var tokenKinds = []string{TokenGold, TokenSurefire, TokenBooty, TokenSail, TokenStorm}

// Catalog is the owner's catalog of printed values.
type Catalog struct {
	// MapCards are the 16 map cards.
	MapCards []MapCard `json:"mapCards"`
	// Merchants are the merchant cards.
	Merchants []MerchantCard `json:"merchants"`
	// Crew are the crew cards.
	Crew []Card `json:"crew"`
	// Captains are the double-sided captain cards.
	Captains []Captain `json:"captains"`
	// Legend is the legend track, from the bottom level up.
	Legend []LegendLevel `json:"legend"`
	// SearchTokens are the search tokens in the box (16 are laid out).
	SearchTokens []SearchToken `json:"searchTokens"`
	// NavySail is how far the Navy sails by the active player's buried
	// treasures: 0, 1, 2, 3 (p. 15; the OCR lost the icons).
	NavySail [4]int `json:"navySail"`
	// NavyJostles is how many Deckhands the Navy's attack sends to Repair
	// (p. 15; the OCR lost the number).
	NavyJostles int `json:"navyJostles"`
	// SoloHelms and SoloLegends are the solo sides of the Helm and Legend
	// Mats, for the Legendary Pirate (needed only for a solo game).
	SoloHelms   []SoloHelm   `json:"soloHelms,omitempty"`
	SoloLegends []SoloLegend `json:"soloLegends,omitempty"`
}

// MapCard is one map card's printed features.
type MapCard struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Settlement is how many booty a Plunder there draws (0: no settlement).
	Settlement int `json:"settlement,omitempty"`
	// Market is the booty type its market buys ("" for none).
	Market string `json:"market,omitempty"`
	Cove   bool   `json:"cove,omitempty"`
	Storm  bool   `json:"storm,omitempty"`
	// BuryCost is the gold a treasure costs there; nil: no bury site.
	BuryCost *int `json:"buryCost,omitempty"`
}

// MerchantCard is one merchant card.
type MerchantCard struct {
	ID string `json:"id"`
	// Value is the 2/4/6/8 printed top left: it sorts the deck.
	Value int `json:"value"`
	// Damage is what the merchant deals in a fight.
	Damage int `json:"damage"`
	// Gold is what sinking it gives.
	Gold int `json:"gold"`
	// LegendUpTo is the highest player count whose game gives a legend
	// level for sinking it ("1-3" is 3); 0 when it has no legend icon.
	LegendUpTo int `json:"legendUpTo,omitempty"`
}

// Card is a crew card or one side of a captain card.
type Card struct {
	ID   string `json:"id"`
	Name string `json:"name"`
	// Symbols are the die faces (1-6) printed at the top, each dealing 1
	// damage per matching die.
	Symbols []int `json:"symbols,omitempty"`
	// Hits are its automatic hit icons.
	Hits int `json:"hits,omitempty"`
	// Trigger is the order that triggers its bonus actions.
	Trigger string `json:"trigger"`
	// Bonuses are its bonus actions, left to right.
	Bonuses []Bonus `json:"bonuses,omitempty"`
}

// Bonus is one printed bonus action.
type Bonus struct {
	Kind string `json:"kind"`
	// N is the gold of a gold bonus.
	N int `json:"n,omitempty"`
	// Faces are the die faces a Reroll may roll again.
	Faces []int `json:"faces,omitempty"`
	// Booty is the combination a special trade hands in.
	Booty []string `json:"booty,omitempty"`
}

// Captain is a double-sided captain card: side 0 and side 1 (after mutiny the
// other side).
type Captain struct {
	ID    string  `json:"id"`
	Name  string  `json:"name"`
	Sides [2]Card `json:"sides"`
}

// LegendLevel is one level of the legend track.
type LegendLevel struct {
	Name string `json:"name"`
	// Sail and Dice at this level.
	Sail int `json:"sail"`
	Dice int `json:"dice"`
	// One-time bonuses on reaching it.
	Gold     int  `json:"gold,omitempty"`
	Surefire int  `json:"surefire,omitempty"`
	Deckhand bool `json:"deckhand,omitempty"`
}

// SearchToken is one search token.
type SearchToken struct {
	ID   string `json:"id"`
	Kind string `json:"kind"`
	// N is the gold of a gold token.
	N int `json:"n,omitempty"`
}

// ErrNoCatalog is why a game cannot start without the owner's catalog.
const noCatalog = "this game needs the owner's catalog of printed values (map cards, merchant, crew and captain cards, legend track, search tokens, Navy sail); enter it first"

// check refuses a catalog the game cannot be played with, naming the entry.
func (c *Catalog) check() error {
	if len(c.MapCards) != 16 {
		return engine.Malformed("catalog: mapCards: want the 16 map cards, have %d", len(c.MapCards))
	}
	ids := map[string]bool{}
	dup := func(kind, id string) error {
		if id == "" {
			return engine.Malformed("catalog: %s: an entry has no id", kind)
		}
		if ids[kind+"/"+id] {
			return engine.Malformed("catalog: %s: id %q twice", kind, id)
		}
		ids[kind+"/"+id] = true
		return nil
	}
	coves, ports := 0, 0
	for i, m := range c.MapCards {
		if err := dup("mapCards", m.ID); err != nil {
			return err
		}
		if m.Settlement < 0 || m.Settlement > 2 {
			return engine.Malformed("catalog: mapCards[%d]: settlement must be 0, 1 or 2", i)
		}
		if m.Market != "" && !isBooty(m.Market) {
			return engine.Malformed("catalog: mapCards[%d]: market %q is not a booty type", i, m.Market)
		}
		if m.BuryCost != nil && (*m.BuryCost < 0 || *m.BuryCost > 13) {
			return engine.Malformed("catalog: mapCards[%d]: buryCost must be 0-13", i)
		}
		if m.Cove {
			coves++
		}
	}
	_ = ports
	if coves < 5 {
		return engine.Malformed("catalog: mapCards: %d coves; a game of 4 and the Legendary Pirate need at least 5", coves)
	}
	if len(c.Merchants) < 2 {
		return engine.Malformed("catalog: merchants: want at least 2 cards")
	}
	for i, m := range c.Merchants {
		if err := dup("merchants", m.ID); err != nil {
			return err
		}
		if m.Value < 1 || m.Damage < 0 || m.Gold < 0 || m.LegendUpTo < 0 || m.LegendUpTo > 4 {
			return engine.Malformed("catalog: merchants[%d]: value, damage, gold or legendUpTo out of range", i)
		}
	}
	if len(c.Crew) < 3 {
		return engine.Malformed("catalog: crew: want at least 3 cards for the row")
	}
	for i, k := range c.Crew {
		if err := dup("crew", k.ID); err != nil {
			return err
		}
		if err := checkCard(k); err != nil {
			return engine.Malformed("catalog: crew[%d]: %v", i, err)
		}
	}
	if len(c.Captains) < 4 {
		return engine.Malformed("catalog: captains: want the 4 captain cards")
	}
	for i, k := range c.Captains {
		if err := dup("captains", k.ID); err != nil {
			return err
		}
		for s, side := range k.Sides {
			if err := checkCard(side); err != nil {
				return engine.Malformed("catalog: captains[%d].sides[%d]: %v", i, s, err)
			}
		}
	}
	if len(c.Legend) < 2 {
		return engine.Malformed("catalog: legend: want the levels of the legend track")
	}
	for i, l := range c.Legend {
		if l.Sail < 0 || l.Dice < 1 || l.Dice > 3 || l.Gold < 0 || l.Surefire < 0 {
			return engine.Malformed("catalog: legend[%d]: sail, dice (1-3), gold or surefire out of range", i)
		}
	}
	if len(c.SearchTokens) < 16 {
		return engine.Malformed("catalog: searchTokens: want at least 16 tokens, have %d", len(c.SearchTokens))
	}
	for i, t := range c.SearchTokens {
		if err := dup("searchTokens", t.ID); err != nil {
			return err
		}
		if !oneOf(t.Kind, tokenKinds) {
			return engine.Malformed("catalog: searchTokens[%d]: kind %q is not one of %v", i, t.Kind, tokenKinds)
		}
	}
	for i, n := range c.NavySail {
		if n < 0 || n > 6 {
			return engine.Malformed("catalog: navySail[%d]: want 0-6", i)
		}
	}
	if c.NavyJostles < 1 || c.NavyJostles > 4 {
		return engine.Malformed("catalog: navyJostles: want 1-4")
	}
	return c.checkSolo()
}

func checkCard(k Card) error {
	for _, s := range k.Symbols {
		if s < 1 || s > 6 {
			return fmt.Errorf("die symbol %d is not a face 1-6", s)
		}
	}
	if k.Hits < 0 {
		return fmt.Errorf("negative hits")
	}
	if !oneOf(k.Trigger, append(append([]string{}, tokenOrders...), HideOut)) {
		return fmt.Errorf("trigger %q is not an order", k.Trigger)
	}
	for _, b := range k.Bonuses {
		if !oneOf(b.Kind, bonusKinds) {
			return fmt.Errorf("bonus %q is not one of %v", b.Kind, bonusKinds)
		}
		for _, f := range b.Faces {
			if f < 1 || f > 6 {
				return fmt.Errorf("reroll face %d is not 1-6", f)
			}
		}
		for _, t := range b.Booty {
			if !isBooty(t) {
				return fmt.Errorf("special trade booty %q is not a booty type", t)
			}
		}
		if b.Kind == BonusSpecialTrade && (len(b.Booty) == 0 || b.N < 1) {
			return fmt.Errorf("a special trade lists the booty it takes and the gold it gives")
		}
		if (b.Kind == BonusSailNavy || b.Kind == BonusSailMerchant) && b.N < 1 {
			return fmt.Errorf("a %s bonus gives how many cards it sails (n)", b.Kind)
		}
	}
	return nil
}

// DecodeCatalog reads and checks a catalog file.
func DecodeCatalog(data []byte) (*Catalog, error) {
	var c Catalog
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&c); err != nil {
		return nil, engine.Malformed("catalog: %v", err)
	}
	if err := c.check(); err != nil {
		return nil, err
	}
	return &c, nil
}

func isBooty(s string) bool { return oneOf(s, BootyTypes) }

func oneOf(s string, list []string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// CatalogKinds describes the catalog's entries for the shell's forms.
func (rulesImpl) CatalogKinds() []engine.CatalogKind {
	orders := []engine.Choice{{Value: Plunder, Label: "Plunder"}, {Value: Trade, Label: "Trade"}, {Value: CrewUp, Label: "Crew Up"},
		{Value: Search, Label: "Search"}, {Value: Attack, Label: "Attack"}, {Value: HideOut, Label: "Hide Out"}}
	booty := []engine.Choice{{Value: "", Label: "none"}, {Value: Sugarcane, Label: "Sugarcane"}, {Value: Rum, Label: "Rum"},
		{Value: Coffee, Label: "Coffee"}, {Value: Gunpowder, Label: "Gunpowder"}}
	var bonus []engine.Choice
	for _, b := range bonusKinds {
		bonus = append(bonus, engine.Choice{Value: b, Label: b})
	}
	var tokens []engine.Choice
	for _, t := range tokenKinds {
		tokens = append(tokens, engine.Choice{Value: t, Label: t})
	}
	cardFields := []engine.CatalogField{
		{ID: "id", Label: "Id", Kind: "text", Required: true},
		{ID: "name", Label: "Name", Kind: "text"},
		{ID: "symbols", Label: "Die symbols at the top (faces 1-6)", Kind: "list"},
		{ID: "hits", Label: "Automatic hit icons", Kind: "number"},
		{ID: "trigger", Label: "Order that triggers its bonus actions (leftmost icon)", Kind: "choice", Choices: orders, Required: true},
		{ID: "bonuses", Label: "Bonus actions, left to right", Kind: "object", Fields: []engine.CatalogField{
			{ID: "kind", Label: "Bonus action", Kind: "choice", Choices: bonus},
			{ID: "n", Label: "Gold (Gain Gold, special trade) or cards (sail the Navy or a merchant)", Kind: "number"},
			{ID: "faces", Label: "Faces it may roll again (Reroll)", Kind: "list"},
			{ID: "booty", Label: "Booty a special trade takes", Kind: "list"},
		}},
	}
	return []engine.CatalogKind{
		{ID: "mapCards", List: "mapCards", Label: "Map cards", Help: "the 16 map cards: what each island shows", Fields: []engine.CatalogField{
			{ID: "id", Label: "Id", Kind: "text", Required: true},
			{ID: "name", Label: "Name", Kind: "text"},
			{ID: "settlement", Label: "Settlement booty icons (0-2)", Kind: "number"},
			{ID: "market", Label: "Market booty type", Kind: "choice", Choices: booty},
			{ID: "cove", Label: "Cove", Kind: "bool"},
			{ID: "storm", Label: "Storm", Kind: "bool"},
			{ID: "buryCost", Label: "Bury site gold cost (empty: none)", Kind: "number"},
		}},
		{ID: "merchants", List: "merchants", Label: "Merchant cards", Help: "value top left, damage, gold and legend icon", Fields: []engine.CatalogField{
			{ID: "id", Label: "Id", Kind: "text", Required: true},
			{ID: "value", Label: "Value (2, 4, 6, 8)", Kind: "number", Required: true},
			{ID: "damage", Label: "Damage it deals", Kind: "number", Required: true},
			{ID: "gold", Label: "Gold for sinking it", Kind: "number", Required: true},
			{ID: "legendUpTo", Label: "Legend icon: highest player count (0: none)", Kind: "number"},
		}},
		{ID: "crew", List: "crew", Label: "Crew cards", Fields: cardFields},
		{ID: "captains", List: "captains", Label: "Captain cards", Help: "both sides of each captain card", Fields: []engine.CatalogField{
			{ID: "id", Label: "Id", Kind: "text", Required: true},
			{ID: "name", Label: "Name", Kind: "text"},
			{ID: "sides", Label: "Sides (front, back)", Kind: "object", Fields: cardFields},
		}},
		{ID: "legend", List: "legend", Label: "Legend track levels", Help: "from the bottom level up, as printed on the Legend Mat", Fields: []engine.CatalogField{
			{ID: "name", Label: "Name", Kind: "text"},
			{ID: "sail", Label: "Sail", Kind: "number", Required: true},
			{ID: "dice", Label: "Dice", Kind: "number", Required: true},
			{ID: "gold", Label: "One-time gold", Kind: "number"},
			{ID: "surefire", Label: "One-time sure-fire tokens", Kind: "number"},
			{ID: "deckhand", Label: "Deckhand icon", Kind: "bool"},
		}},
		{ID: "searchTokens", List: "searchTokens", Label: "Search tokens", Fields: []engine.CatalogField{
			{ID: "id", Label: "Id", Kind: "text", Required: true},
			{ID: "kind", Label: "Kind", Kind: "choice", Choices: tokens, Required: true},
			{ID: "n", Label: "Gold", Kind: "number", When: &engine.FieldCondition{Field: "kind", Values: []string{TokenGold}}},
		}},
		{ID: "navy", Shape: engine.CatalogFields, Label: "Navy", Help: "p. 15: the Navy's sail by treasures buried (navySail, 4 numbers) and the Deckhands its attack sends to Repair (navyJostles)", Fields: []engine.CatalogField{
			{ID: "navySail", Label: "Navy sail for 0, 1, 2, 3 treasures", Kind: "list", Required: true},
			{ID: "navyJostles", Label: "Deckhands to Repair when the Navy attacks", Kind: "number", Required: true},
		}},
	}
}

// CheckCatalog decodes and checks a whole catalog, returning it canonical.
func (rulesImpl) CheckCatalog(data []byte) (json.RawMessage, error) {
	c, err := DecodeCatalog(data)
	if err != nil {
		return nil, err
	}
	return json.Marshal(c)
}
