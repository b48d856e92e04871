package piratescode

import (
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
)

// ChooseOrder moves the Captain clockwise to space To (0 is Hide Out). Each
// space passed over that is not Hide Out and holds no Deckhand costs one,
// taken from the assignments listed in Pay in path order (default: Repair,
// Extort, Cannons, then Rigging). Deckhands passed over or landed on are
// freed to the assignments listed in Free (default Rigging).
type ChooseOrder struct {
	engine.ActionHeader
	To   int      `json:"to"`
	Pay  []string `json:"pay,omitempty"`
	Free []string `json:"free,omitempty"`
}

// Sail moves the ship along Path (orthogonally adjacent cells). Tokens kept
// "+2 sail" search tokens are spent first; Storm kept storm tokens cancel
// the first storms entered.
type Sail struct {
	engine.ActionHeader
	Jostles
	Path   []string `json:"path"`
	Tokens int      `json:"tokens,omitempty"`
	Storm  int      `json:"storm,omitempty"`
}

// PassOrder gives up this turn's order; bonus actions still trigger.
type PassOrder struct{ engine.ActionHeader }

// PlunderAction draws the settlement's booty. When the hold overflows, Drop
// names the types thrown back in the bag (default: the newest cubes).
type PlunderAction struct {
	engine.ActionHeader
	TableDraws
	Drop []string `json:"drop,omitempty"`
}

// TradeAction sells Count booty of the card's market type.
type TradeAction struct {
	engine.ActionHeader
	Count int `json:"count"`
}

// CrewUpAction hires crew: Refresh first pays 1 gold for a new row, Take is
// the row slot (0-2) hired, Discard the index of one of the player's crew to
// let go when four are aboard, Mutiny flips the captain card.
type CrewUpAction struct {
	engine.ActionHeader
	TableDraws
	Refresh bool `json:"refresh,omitempty"`
	Take    *int `json:"take,omitempty"`
	Discard *int `json:"discard,omitempty"`
	Mutiny  bool `json:"mutiny,omitempty"`
}

// SearchAction turns up the search token on the ship's card. Drop is as for
// Plunder when it gives booty to a full hold.
type SearchAction struct {
	engine.ActionHeader
	TableDraws
	Drop []string `json:"drop,omitempty"`
}

// AttackAction attacks a ship on the same card: Target is "orange",
// "green" (the merchant ships), "navy" (always refused) or "seat1".."seat4".
type AttackAction struct {
	engine.ActionHeader
	Target string `json:"target"`
}

// HideOutAction puts the ship in the card's cove and re-assigns Deckhands:
// Assign gives the new counts on Rigging, Cannons and Extort, taken from the
// mat first, then from the wheel; the rest stay in Repair (none goes there
// from Rigging, Cannons or Extort: they total at least the Deckhands now off
// Repair). Wheel, when given, names the wheel spaces whose Deckhands are
// taken (a space once per Deckhand), the rest coming from the mat.
type HideOutAction struct {
	engine.ActionHeader
	Assign map[string]int `json:"assign,omitempty"`
	Wheel  []int          `json:"wheel,omitempty"`
}

// BonusAction takes bonus action Index of Card ("captain" or a crew card
// id), with the fields the kind needs (as in the order actions).
type BonusAction struct {
	engine.ActionHeader
	TableDraws
	Jostles
	Card    string         `json:"card"`
	Index   int            `json:"index"`
	Path    []string       `json:"path,omitempty"`
	Tokens  int            `json:"tokens,omitempty"`
	Storm   int            `json:"storm,omitempty"`
	Assign  map[string]int `json:"assign,omitempty"`
	Target  string         `json:"target,omitempty"`
	Count   int            `json:"count,omitempty"`
	Drop    []string       `json:"drop,omitempty"`
	Refresh bool           `json:"refresh,omitempty"`
	Take    *int           `json:"take,omitempty"`
	Discard *int           `json:"discard,omitempty"`
	// Give and Want are the cubes of an exchange.
	Give string `json:"give,omitempty"`
	Want string `json:"want,omitempty"`
}

// EndTurn closes the turn: the Ship Line is resolved if the Captain crossed
// it, then the next player clockwise plays.
type EndTurn struct {
	engine.ActionHeader
	TableDraws
	Jostles
	// ShipLine is the player to the right's sailing of the ships.
	ShipLine *ShipLine `json:"shipLine,omitempty"`
}

// turn refuses an action by anyone but the active player, or while a fight
// waits for its dice.
func (c *ctx) turn(seat engine.Seat) (*Player, error) {
	if seat != c.s.Current && c.s.Players[c.s.Current].Automa {
		e := refuse(engine.CodeNotYourTurn, refSolo, "It is the Legendary Pirate's turn: roll its die")
		return nil, e
	}
	if seat != c.s.Current {
		return nil, engine.RefuseIn(engine.CodeNotYourTurn, refTurn.section, "It is %s's turn", c.s.Players[c.s.Current].Name)
	}
	if c.s.Fight != nil {
		return nil, refuse("fight-open", refAttack, "Finish the attack first")
	}
	return c.s.Players[seat], nil
}

func (a *ChooseOrder) apply(c *ctx) error {
	p, err := c.turn(a.Seat)
	if err != nil {
		return err
	}
	t := &c.s.Turn
	if t.Step != stepOrder {
		return refuse("step-order", refTurn, "The Captain has already chosen this turn's order")
	}
	if a.To < 0 || a.To > 5 {
		return refuse("order-advance", refWheel, "The wheel has spaces 0 to 5")
	}
	if a.To == p.Captain {
		return refuse("order-same-space", refWheel, "The Captain must end on a different space from where it started, even after a full lap")
	}
	pay, free := a.Pay, a.Free
	t.Freed = map[string]int{}
	freeHands := func(sp int) error {
		for p.WheelHands[sp] > 0 {
			to := Rigging
			if len(free) > 0 {
				to, free = free[0], free[1:]
			}
			if !oneOf(to, Assignments) {
				return refuse("deckhand-missing", refAssign, "There is no Deck Assignment called %q", to)
			}
			p.WheelHands[sp]--
			p.Assign[to]++
			t.Freed[to]++
		}
		return nil
	}
	for sp := (p.Captain + 1) % 6; ; sp = (sp + 1) % 6 {
		if sp == 0 {
			t.Crossed = true
		}
		if sp == a.To {
			if err := freeHands(sp); err != nil {
				return err
			}
			break
		}
		switch {
		case sp == 0:
			// Hide Out is always passed for free.
		case p.WheelHands[sp] > 0:
			if err := freeHands(sp); err != nil {
				return err
			}
		default:
			from := ""
			if len(pay) > 0 {
				from, pay = pay[0], pay[1:]
				if !oneOf(from, Assignments) {
					return refuse("deckhand-missing", refWheel, "There is no Deck Assignment called %q", from)
				}
				if p.Assign[from]-t.Freed[from] <= 0 {
					if p.Assign[from] > 0 {
						return refuse("skip-freed-deckhand", refAssign, "The Deckhand freed from the wheel this turn cannot pay for another skip")
					}
					return refuse("deckhand-missing", refWheel, "There is no Deckhand on %s", from)
				}
			} else {
				for _, x := range []string{Repair, Extort, Cannons, Rigging} {
					if p.Assign[x]-t.Freed[x] > 0 {
						from = x
						break
					}
				}
				if from == "" {
					if p.handsOnMat() > 0 {
						return refuse("skip-freed-deckhand", refAssign, "Deckhands freed from the wheel this turn cannot pay for skipping space %d", sp)
					}
					return refuse("skip-needs-deckhand", refWheel, "Skipping space %d needs a Deckhand and none is left on your mat", sp)
				}
			}
			p.Assign[from]--
			p.WheelHands[sp]++
		}
	}
	if len(pay) > 0 || len(free) > 0 {
		return refuse("order-pay-unused", refWheel, "More Deckhands were listed than the path to space %d uses", a.To)
	}
	if len(t.Freed) == 0 {
		t.Freed = nil
	}
	p.Captain = a.To
	t.Step = stepSail
	c.emit("order-chosen", a.Seat, map[string]any{"space": a.To, "order": p.order(), "crossed": t.Crossed, "wheelHands": p.WheelHands},
		"%s's Captain chose %s%s", p.Name, orderName(p.order()), map[bool]string{true: " and crossed the Ship Line", false: ""}[t.Crossed])
	return nil
}

// orderName is the order as players say it.
func orderName(o string) string {
	switch o {
	case CrewUp:
		return "Crew Up"
	case HideOut:
		return "Hide Out"
	}
	return strings.ToUpper(o[:1]) + o[1:]
}

func (a *Sail) apply(c *ctx) error {
	p, err := c.turn(a.Seat)
	if err != nil {
		return err
	}
	if c.s.Turn.Step != stepSail {
		if c.s.Turn.Step == stepOrder {
			return refuse("step-order", refTurn, "Choose the Captain's order before sailing")
		}
		return refuse("step-order", refTurn, "Sailing comes before the order; use a Sail bonus action to sail again")
	}
	if err := c.sail(a.Seat, p, a.Path, a.Tokens, a.Storm); err != nil {
		return err
	}
	c.s.Turn.Step = stepAct
	return nil
}

// sail moves p along path step by step: each storm entered jostles the ship,
// and a Rigging Deckhand jostled lowers the sail left at once (p. 8).
func (c *ctx) sail(seat engine.Seat, p *Player, path []string, tokens, storms int) error {
	if len(path) == 0 {
		return refuse("sail-empty", refSail, "Name the cards to sail through, or skip sailing by taking the order")
	}
	kept := 0
	for _, k := range p.Kept {
		if c.s.Catalog.SearchTokens[k].Kind == TokenSail {
			kept++
		}
	}
	if tokens < 0 || tokens > kept {
		return refuse("token-missing", refSearch, "You have %d kept +2 sail tokens", kept)
	}
	stormKept := 0
	for _, k := range p.Kept {
		if c.s.Catalog.SearchTokens[k].Kind == TokenStorm {
			stormKept++
		}
	}
	if storms < 0 || storms > stormKept {
		return refuse("token-missing", refSearch, "You have %d kept storm tokens", stormKept)
	}
	at := p.Cell
	used, stormsUsed := 0, 0
	var jostles []string
	for i, name := range path {
		cell, ok := parseCell(name)
		if !ok {
			return refuse("sail-not-adjacent", refSail, "Step %d of the route is not a card of the map", i+1)
		}
		if dist(at, cell) != 1 {
			return refuse("sail-not-adjacent", refSail, "%s is not next to %s: ships sail up, down, left or right, one card at a time", c.s.place(cell), c.s.place(at))
		}
		used++
		if used > c.s.sail(p)+2*tokens {
			return refuse("sail-too-far", refSail, "Step %d to %s is beyond your sail of %d", i+1, c.s.place(cell), c.s.sail(p)+2*tokens)
		}
		if c.s.card(cell).Storm {
			if p.Assign[Rigging]+p.Assign[Cannons]+p.Assign[Extort]+p.handsOnWheel() == 0 {
				return refuse("sail-storm-repair", refJostle, "With every Deckhand in Repair your ship cannot enter the storm at %s", c.s.place(cell))
			}
			if stormsUsed < storms {
				stormsUsed++
			} else {
				jostles = append(jostles, c.jostle(seat, p))
			}
		}
		at = cell
	}
	if stormsUsed < storms {
		return refuse("token-missing", refSearch, "Only %d storms were entered; keep the other storm tokens", stormsUsed)
	}
	spend := func(kind string, n int) {
		out := p.Kept[:0]
		for _, k := range p.Kept {
			if n > 0 && c.s.Catalog.SearchTokens[k].Kind == kind {
				n--
				continue
			}
			out = append(out, k)
		}
		p.Kept = out
	}
	spend(TokenSail, tokens)
	spend(TokenStorm, storms)
	p.Cell = at
	p.InCove = false
	c.emit("sailed", seat, map[string]any{"path": path, "jostled": jostles}, "%s sailed to %s", p.Name, c.s.place(at))
	for _, j := range jostles {
		c.emit("jostled", seat, map[string]any{"from": j}, "A storm jostled a Deckhand of %s's into Repair", p.Name)
	}
	return nil
}

// Jostles are the acting player's choices of which Deckhand goes to Repair
// each time they are jostled during the action, in order: "rigging",
// "cannons", "extort", or, only when those three are empty, "wheel1" to
// "wheel5" (the wheel space whose Deckhand goes) or "wheel" (the one
// nearest behind the Captain). Absent or used up, the engine takes Extort,
// then Cannons, then Rigging, then the wheel (p. 8: the player chooses).
type Jostles struct {
	Jostle []string `json:"jostle,omitempty"`
}

func (j *Jostles) jostleChoices() []string { return j.Jostle }

type jostler interface{ jostleChoices() []string }

// jostle moves one of seat's Deckhands to Repair, as the player chose when
// the action says so.
func (c *ctx) jostle(seat engine.Seat, p *Player) string {
	ch := c.jostles[seat]
	if len(ch) == 0 || p.Automa {
		return jostle(p)
	}
	c.jostles[seat] = ch[1:]
	on := p.Assign[Rigging] + p.Assign[Cannons] + p.Assign[Extort]
	switch x := ch[0]; {
	case (x == Rigging || x == Cannons || x == Extort) && p.Assign[x] > 0:
		p.Assign[x]--
		p.Assign[Repair]++
		return x
	case x == "wheel" && on == 0:
		return jostle(p)
	case len(x) == 6 && x[:5] == "wheel" && x[5] >= '1' && x[5] <= '5' && on == 0 && p.WheelHands[x[5]-'0'] > 0:
		p.WheelHands[x[5]-'0']--
		p.Assign[Repair]++
		return "wheel"
	default:
		c.fail(refuse("jostle-choice", refJostle, "A jostled Deckhand comes from Rigging, Cannons or Extort where one is, else from a wheel space holding one; not %q", x))
		return ""
	}
}

// jostle moves one Deckhand to Repair: from Extort, Cannons then Rigging,
// else from the wheel space nearest the Captain going back; nothing when all
// are in Repair (p. 8). It returns where it came from ("" for nothing).
func jostle(p *Player) string {
	for _, a := range []string{Extort, Cannons, Rigging} {
		if p.Assign[a] > 0 {
			p.Assign[a]--
			p.Assign[Repair]++
			return a
		}
	}
	for k := 1; k <= 6; k++ {
		sp := (p.Captain - k + 6) % 6
		if p.WheelHands[sp] > 0 {
			p.WheelHands[sp]--
			p.Assign[Repair]++
			return "wheel"
		}
	}
	return ""
}

// order refuses an order action when the Captain stands elsewhere or the
// order was already taken.
func (c *ctx) order(seat engine.Seat, order string, r ref) (*Player, error) {
	p, err := c.turn(seat)
	if err != nil {
		return nil, err
	}
	t := &c.s.Turn
	if t.Step == stepOrder {
		return nil, refuse("step-order", refTurn, "Choose the Captain's order first")
	}
	if t.OrderDone || t.Step == stepBonus {
		return nil, refuse("step-order", refTurn, "This turn's order is over; only bonus actions are left")
	}
	if p.order() != order {
		return nil, refuse("order-not-chosen", r, "Your Captain stands on %s, not %s", orderName(p.order()), orderName(order))
	}
	t.OrderDone = true
	t.Step = stepBonus
	return p, nil
}

func (a *PassOrder) apply(c *ctx) error {
	p, err := c.turn(a.Seat)
	if err != nil {
		return err
	}
	if _, err := c.order(a.Seat, p.order(), refTurn); err != nil {
		return err
	}
	c.emit("order-passed", a.Seat, nil, "%s let the %s order go", p.Name, orderName(p.order()))
	return nil
}

func (a *PlunderAction) apply(c *ctx) error {
	p, err := c.order(a.Seat, Plunder, refPlunder)
	if err != nil {
		return err
	}
	return c.plunder(a.Seat, p, a.Drop)
}

func (c *ctx) plunder(seat engine.Seat, p *Player, drop []string) error {
	n := c.s.card(p.Cell).Settlement
	if n == 0 {
		return refuse("plunder-no-settlement", refPlunder, "There is no settlement on %s", c.s.place(p.Cell))
	}
	var got []string
	for range n {
		if b := c.drawBooty(); b != "" {
			got = append(got, b)
		}
	}
	c.emit("plundered", seat, map[string]any{"booty": got}, "%s plundered %s", p.Name, strings.Join(got, " and "))
	return c.load(seat, p, got, drop, refPlunder)
}

// load puts booty aboard; when more than 3, the types in drop (or else the
// newest cubes) go back to the bag.
func (c *ctx) load(seat engine.Seat, p *Player, got, drop []string, r ref) error {
	p.Booty = append(p.Booty, got...)
	var dropped []string
	for _, t := range drop {
		if len(p.Booty) <= maxBooty {
			return refuse("ship-full-choice", r, "Only %d cubes need to go back to the bag", len(dropped))
		}
		i := lastIndex(p.Booty, t)
		if i < 0 {
			return refuse("ship-full-choice", r, "There is no %s aboard to throw back", t)
		}
		p.Booty = append(p.Booty[:i], p.Booty[i+1:]...)
		dropped = append(dropped, t)
	}
	for len(p.Booty) > maxBooty {
		t := p.Booty[len(p.Booty)-1]
		p.Booty = p.Booty[:len(p.Booty)-1]
		dropped = append(dropped, t)
	}
	for _, t := range dropped {
		c.s.Bag[t]++
	}
	if len(dropped) > 0 {
		c.emit("booty-dropped", seat, map[string]any{"booty": dropped}, "%s's hold was full: %s went back to the bag", p.Name, strings.Join(dropped, " and "))
	}
	return nil
}

func lastIndex(list []string, s string) int {
	for i := len(list) - 1; i >= 0; i-- {
		if list[i] == s {
			return i
		}
	}
	return -1
}

func (a *TradeAction) apply(c *ctx) error {
	p, err := c.order(a.Seat, Trade, refTrade)
	if err != nil {
		return err
	}
	c.s.Turn.Traded = true
	return c.trade(a.Seat, p, a.Count)
}

func (c *ctx) trade(seat engine.Seat, p *Player, count int) error {
	t := c.s.card(p.Cell).Market
	if t == "" {
		return refuse("trade-no-market", refTrade, "There is no market on %s", c.s.place(p.Cell))
	}
	have := 0
	for _, b := range p.Booty {
		if b == t {
			have++
		}
	}
	if have == 0 {
		return refuse("trade-wrong-booty", refTrade, "This market buys only %s and you carry none", t)
	}
	if count < 1 || count > have {
		return refuse("trade-count", refTrade, "Sell 1 to %d %s here", have, t)
	}
	price := c.s.price(t)
	for range count {
		i := lastIndex(p.Booty, t)
		p.Booty = append(p.Booty[:i], p.Booty[i+1:]...)
		c.s.Bag[t]++
	}
	gained := p.gainGold(count * price)
	c.s.shiftMarket(t)
	c.emit("traded", seat, map[string]any{"booty": t, "count": count, "price": price, "gold": gained, "market": c.s.Market},
		"%s sold %d %s at %d for %d gold", p.Name, count, t, price, gained)
	return nil
}

func (a *CrewUpAction) apply(c *ctx) error {
	p, err := c.order(a.Seat, CrewUp, refCrew)
	if err != nil {
		return err
	}
	if a.Mutiny {
		if p.Bloodied {
			return refuse("mutiny-used", refMutiny, "Your crew has already mutinied once this game")
		}
		p.Bloodied = true
		p.Side = 1 - p.Side
		c.emit("mutiny", a.Seat, map[string]any{"side": p.Side}, "%s's crew mutinied: the captain card turns over", p.Name)
	}
	return c.crewUp(a.Seat, p, a.Refresh, a.Take, a.Discard)
}

func (c *ctx) crewUp(seat engine.Seat, p *Player, refresh bool, take, discard *int) error {
	if refresh {
		if c.s.Turn.Refreshed {
			return refuse("crew-refresh-once", refCrew, "The row of crew can be replaced only once a turn")
		}
		if p.Gold < 1 {
			return refuse("crew-refresh-gold", refCrew, "Replacing the row costs 1 gold")
		}
		p.Gold--
		c.s.Turn.Refreshed = true
		for _, k := range c.s.CrewRow {
			if k >= 0 {
				c.s.CrewDeck = append(c.s.CrewDeck, k)
			}
		}
		for i := range c.s.CrewRow {
			c.s.CrewRow[i] = c.drawCrew()
		}
		c.emit("crew-row-replaced", seat, map[string]any{"row": c.s.CrewRow}, "%s paid 1 gold for a new row of crew", p.Name)
	}
	if take == nil {
		if discard != nil {
			return refuse("crew-full", refCrew, "Let a crew member go only to make room for a new one")
		}
		return nil
	}
	if *take < 0 || *take >= len(c.s.CrewRow) || c.s.CrewRow[*take] < 0 {
		return refuse("crew-slot", refCrew, "There is no crew card in slot %d of the row", *take)
	}
	if len(p.Crew) >= maxCrew {
		if discard == nil {
			return refuse("crew-full", refCrew, "You already have 4 crew: let one go to hire another")
		}
		if *discard < 0 || *discard >= len(p.Crew) {
			return refuse("crew-full", refCrew, "You have no crew card %d to let go", *discard)
		}
		gone := p.Crew[*discard]
		p.Crew = append(p.Crew[:*discard], p.Crew[*discard+1:]...)
		c.s.CrewDeck = append(c.s.CrewDeck, gone)
	} else if discard != nil {
		return refuse("crew-full", refCrew, "You have room for new crew without letting anyone go")
	}
	k := c.s.CrewRow[*take]
	p.Crew = append(p.Crew, k)
	c.s.CrewRow[*take] = c.drawCrew()
	c.emit("crew-hired", seat, map[string]any{"card": c.s.Catalog.Crew[k].ID}, "%s hired %s", p.Name, c.s.Catalog.Crew[k].Name)
	return nil
}

// drawCrew takes the top crew card, -1 when the deck is empty.
func (s *State) drawCrew() int {
	if len(s.CrewDeck) == 0 {
		return -1
	}
	k := s.CrewDeck[0]
	s.CrewDeck = s.CrewDeck[1:]
	return k
}

func (a *SearchAction) apply(c *ctx) error {
	p, err := c.order(a.Seat, Search, refSearch)
	if err != nil {
		return err
	}
	return c.search(a.Seat, p, a.Drop)
}

func (c *ctx) search(seat engine.Seat, p *Player, drop []string) error {
	k := c.revealToken(p.Cell)
	if k < 0 {
		return refuse("search-none", refSearch, "The search token on %s has already been taken", c.s.place(p.Cell))
	}
	c.s.Tokens[p.Cell] = -1
	c.s.Revealed = append(c.s.Revealed, k)
	tok := c.s.Catalog.SearchTokens[k]
	c.emit("searched", seat, map[string]any{"token": tok.ID, "kind": tok.Kind, "n": tok.N}, "%s turned up a %s token", p.Name, tok.Kind)
	switch tok.Kind {
	case TokenGold:
		p.gainGold(tok.N)
	case TokenSurefire:
		c.gainSurefire(p, 1)
	case TokenBooty:
		var got []string
		if b := c.drawBooty(); b != "" {
			got = append(got, b)
		}
		return c.load(seat, p, got, drop, refSearch)
	default:
		p.Kept = append(p.Kept, k)
	}
	return nil
}

// gainSurefire adds tokens up to 3 and what the supply holds (p. 10). The
// Legendary Pirate gains 1 gold instead (Solo).
func (c *ctx) gainSurefire(p *Player, n int) {
	if p.Automa {
		c.automaGold(c.s.automa(), p, 1)
		return
	}
	n = min(n, maxSurefire-p.Surefire, c.s.Surefires)
	if n > 0 {
		p.Surefire += n
		c.s.Surefires -= n
	}
}

func (a *HideOutAction) apply(c *ctx) error {
	p, err := c.order(a.Seat, HideOut, refHide)
	if err != nil {
		return err
	}
	if !c.s.card(p.Cell).Cove {
		return refuse("hide-no-cove", refHide, "There is no cove on %s", c.s.place(p.Cell))
	}
	if c.s.coveTaken(p.Cell, a.Seat) {
		return refuse("hide-cove-taken", refHide, "Another pirate already hides in the cove of %s", c.s.place(p.Cell))
	}
	p.InCove = true
	if a.Assign == nil && a.Wheel != nil {
		return refuse("deckhand-missing", refHide, "Say where the Deckhands taken from the wheel go: Rigging, Cannons or Extort")
	}
	if a.Assign != nil {
		for k, n := range a.Assign {
			if k != Rigging && k != Cannons && k != Extort {
				return refuse("deckhand-missing", refHide, "Hiding out re-assigns Deckhands to Rigging, Cannons or Extort, not %q", k)
			}
			if n < 0 {
				return refuse("deckhand-missing", refHide, "A count of Deckhands cannot be negative")
			}
		}
		want := a.Assign[Rigging] + a.Assign[Cannons] + a.Assign[Extort]
		mat := p.handsOnMat()
		if a.Wheel != nil {
			return c.hideOutFromWheel(a.Seat, p, a.Assign, a.Wheel, want, mat)
		}
		if want > mat+p.handsOnWheel() {
			return refuse("deckhand-missing", refHide, "You have %d Deckhands on your Helm Mat", mat+p.handsOnWheel())
		}
		if mat-want > p.Assign[Repair] {
			// Deckhands hiding out go to Rigging, Cannons or Extort, never
			// into Repair (p. 12).
			return refuse("deckhand-missing", refHide, "Hiding out moves Deckhands into Rigging, Cannons or Extort, never into Repair: place at least %d", mat-p.Assign[Repair])
		}
		for sp := 1; want > mat && sp < 6; sp++ {
			for p.WheelHands[sp] > 0 && want > mat {
				p.WheelHands[sp]--
				mat++
			}
		}
		p.Assign = map[string]int{Rigging: a.Assign[Rigging], Cannons: a.Assign[Cannons], Extort: a.Assign[Extort], Repair: mat - want}
	}
	c.hidOut(a.Seat, p)
	return nil
}

// hideOutFromWheel re-assigns at Hide Out taking the Deckhands of the wheel
// spaces named (p. 12: "from ANYWHERE"), the rest from the mat.
func (c *ctx) hideOutFromWheel(seat engine.Seat, p *Player, assign map[string]int, wheel []int, want, mat int) error {
	for _, sp := range wheel {
		if sp < 1 || sp > 5 || p.WheelHands[sp] == 0 {
			return refuse("deckhand-missing", refHide, "Name wheel spaces holding a Deckhand, once for each Deckhand taken")
		}
		p.WheelHands[sp]--
	}
	fromMat := want - len(wheel)
	switch {
	case fromMat < 0:
		return refuse("deckhand-missing", refHide, "The %d Deckhands taken from the wheel all go to Rigging, Cannons or Extort: place at least %d", len(wheel), len(wheel))
	case fromMat > mat:
		return refuse("deckhand-missing", refHide, "Placing %d with %d from the wheel needs %d from your assignments, which hold %d", want, len(wheel), fromMat, mat)
	case mat-fromMat > p.Assign[Repair]:
		return refuse("deckhand-missing", refHide, "Hiding out moves Deckhands into Rigging, Cannons or Extort, never into Repair: place at least %d", mat-p.Assign[Repair]+len(wheel))
	}
	p.Assign = map[string]int{Rigging: assign[Rigging], Cannons: assign[Cannons], Extort: assign[Extort], Repair: mat - fromMat}
	c.hidOut(seat, p)
	return nil
}

// hidOut pays the Extort gold of a Hide Out and says so.
func (c *ctx) hidOut(seat engine.Seat, p *Player) {
	// The Extort gold is paid as the Deckhands are placed, and not again
	// when the Ship Line is resolved (docs: reading of p. 12 and p. 15).
	gained := p.gainGold(p.Assign[Extort])
	c.s.Turn.ExtortPaid = true
	c.emit("hid-out", seat, map[string]any{"assign": p.Assign, "gold": gained}, "%s hid in the cove of %s", p.Name, c.s.place(p.Cell))
}

func (a *EndTurn) apply(c *ctx) error {
	p, err := c.turn(a.Seat)
	if err != nil {
		return err
	}
	if c.s.Turn.Step == stepOrder {
		return refuse("step-order", refWheel, "The Captain must move on the wheel before the turn can end")
	}
	if c.s.Turn.Crossed {
		c.crossShipLine(a.Seat, p, a.ShipLine)
	} else if a.ShipLine != nil {
		return refuse("not-toward", refShipLine, "The ships sail only when the Captain crossed the Ship Line this turn")
	}
	p.Turns++
	c.emit("turn-ended", a.Seat, nil, "%s ended the turn", p.Name)
	next := (c.s.Current + 1) % engine.Seat(len(c.s.Players))
	if c.s.EndBy >= 0 && next == c.s.First {
		c.finish()
		return nil
	}
	c.s.Current = next
	c.s.Turn = newTurn(c.s.Players[next])
	if c.s.Players[next].Automa {
		c.startAutoma()
	}
	return nil
}

// finish ends the game: among those with 3 treasures buried the highest
// legend, then gold, then booty wins; a full tie shares the win (p. 16).
func (c *ctx) finish() {
	c.s.Over = true
	best := -1
	for i, p := range c.s.Players {
		if p.Buried < treasures {
			continue
		}
		sc := score(p)
		switch {
		case sc > best:
			best = sc
			c.s.Winners = []engine.Seat{engine.Seat(i)}
		case sc == best:
			c.s.Winners = append(c.s.Winners, engine.Seat(i))
		}
	}
	var names []string
	for _, w := range c.s.Winners {
		names = append(names, c.s.Players[w].Name)
	}
	c.emit("game-over", engine.NoSeat, map[string]any{"winners": c.s.Winners}, "The game is over: %s won", strings.Join(names, " and "))
}

// score sorts the tie-break cascade: treasures, legend, gold, booty.
func score(p *Player) int {
	return p.Buried*1000000 + p.Legend*10000 + p.Gold*100 + len(p.Booty)
}
