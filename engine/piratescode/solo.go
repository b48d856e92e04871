package piratescode

import (
	"fmt"
	"strconv"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
)

// The solo game (rulebook "Solo Play: The Legendary Pirate", cited as the
// section "Solo"): the engine runs the Legendary Pirate. Only its order die
// and its dice in a fight come from the table (or the digital dice); what it
// draws from the bag and the decks comes from the seeded game like every
// other draw.

var refSolo = ref{0, "Solo"}

// Target ships printed beside the solo wheel's die icons.
const (
	TargetOrange = "orange"
	TargetGreen  = "green"
	TargetPlayer = "player"
)

// SoloHelm is the solo side of a Helm Mat: the captain's die symbols at the
// top right, the ship each wheel space targets (index 1-5; 0 is Hide Out)
// and the bonus actions printed on top, by the order that triggers them.
type SoloHelm struct {
	ID      string      `json:"id"`
	Name    string      `json:"name"`
	Symbols []int       `json:"symbols"`
	Targets [6]string   `json:"targets"`
	Bonuses []SoloBonus `json:"bonuses,omitempty"`
}

// SoloBonus is a bonus printed on the solo Helm Mat: Kind "gold" (gain N),
// "sail" (+N sail) or "hits" (+N automatic hits), triggered by Order.
type SoloBonus struct {
	Order string `json:"order"`
	Kind  string `json:"kind"`
	N     int    `json:"n"`
}

// SoloLegend is the solo side of a Legend Mat: the top of its gold track,
// its legend track (each space's orders, top to bottom, and automatic hits)
// and its levels by treasures buried (0-3).
type SoloLegend struct {
	ID      string       `json:"id"`
	Name    string       `json:"name"`
	GoldTop int          `json:"goldTop"`
	Track   []SoloSpace  `json:"track"`
	Levels  [4]SoloLevel `json:"levels"`
}

// SoloSpace is one space of the solo legend track.
type SoloSpace struct {
	Orders []string `json:"orders"`
	Hits   int      `json:"hits,omitempty"`
}

// SoloLevel is the Legendary Pirate's strength with N treasures buried.
type SoloLevel struct {
	Sail int `json:"sail"`
	Dice int `json:"dice"`
	Hits int `json:"hits,omitempty"`
}

// AutoTurn is the Legendary Pirate's turn in progress.
type AutoTurn struct {
	// Stage: "die" (its order die is asked), "fight" (an attack rolls),
	// "orders" (carrying out Orders).
	Stage   string   `json:"stage"`
	Request string   `json:"request,omitempty"`
	Orders  []string `json:"orders,omitempty"`
	Target  string   `json:"target,omitempty"`
	Hits    int      `json:"hits,omitempty"`
	Crossed bool     `json:"crossed,omitempty"`
	// After is the order whose Helm Mat gold waits for its fight to end.
	After string `json:"after,omitempty"`
}

func (c *Catalog) checkSolo() error {
	for i, h := range c.SoloHelms {
		if h.ID == "" {
			return engine.Malformed("catalog: soloHelms[%d]: no id", i)
		}
		if err := checkCard(Card{Symbols: h.Symbols, Trigger: Plunder}); err != nil {
			return engine.Malformed("catalog: soloHelms[%d]: %v", i, err)
		}
		for sp := 1; sp < 6; sp++ {
			if !oneOf(h.Targets[sp], []string{TargetOrange, TargetGreen, TargetPlayer}) {
				return engine.Malformed("catalog: soloHelms[%d].targets[%d]: want orange, green or player", i, sp)
			}
		}
		for j, b := range h.Bonuses {
			if !oneOf(b.Order, tokenOrders) || !oneOf(b.Kind, []string{"gold", "sail", "hits"}) || b.N < 0 {
				return engine.Malformed("catalog: soloHelms[%d].bonuses[%d]: an order, a kind gold, sail or hits, and N >= 0", i, j)
			}
		}
	}
	for i, l := range c.SoloLegends {
		if l.ID == "" || l.GoldTop < 1 || l.GoldTop > maxGold || len(l.Track) == 0 {
			return engine.Malformed("catalog: soloLegends[%d]: an id, goldTop 1-13 and a track", i)
		}
		for j, sp := range l.Track {
			for _, o := range sp.Orders {
				if !oneOf(o, tokenOrders) {
					return engine.Malformed("catalog: soloLegends[%d].track[%d]: %q is not an order the Legendary Pirate carries out", i, j, o)
				}
			}
		}
		for j, lv := range l.Levels {
			if lv.Dice < 1 || lv.Dice > 3 || lv.Sail < 0 || lv.Hits < 0 {
				return engine.Malformed("catalog: soloLegends[%d].levels[%d]: dice 1-3, sail and hits >= 0", i, j)
			}
		}
	}
	return nil
}

// soloLevel is the automa's level: the rightmost space without a treasure.
func (s *State) soloLevel(p *Player) SoloLevel {
	return s.Catalog.SoloLegends[p.Mat].Levels[min(p.Buried, 3)]
}

// diceCount is how many dice a player rolls in a fight.
func (s *State) diceCount(p *Player) int {
	if p.Automa {
		return s.soloLevel(p).Dice
	}
	return s.Catalog.Legend[p.Legend].Dice
}

// automaCard is the solo Helm Mat as a card: its die symbols and the
// automatic hits of its level.
func (s *State) automaCard(p *Player) Card {
	h := s.Catalog.SoloHelms[p.Helm]
	return Card{ID: h.ID, Name: h.Name, Symbols: h.Symbols, Hits: s.soloLevel(p).Hits}
}

// automa returns the Legendary Pirate's seat, NoSeat when not solo.
func (s *State) automa() engine.Seat {
	for i, p := range s.Players {
		if p.Automa {
			return engine.Seat(i)
		}
	}
	return engine.NoSeat
}

// setupSolo adds the Legendary Pirate as seat 2 (Solo setup 1-4).
func setupSolo(s *State, colour string) error {
	cat := s.Catalog
	if len(cat.SoloHelms) == 0 || len(cat.SoloLegends) == 0 {
		return engine.Malformed("setup: a solo game needs the solo sides of the Helm and Legend Mats in the catalog (soloHelms, soloLegends)")
	}
	r := &s.RNG.RNG
	p := &Player{Name: "the Legendary Pirate", Colour: colour, Automa: true, Helm: r.IntN(len(cat.SoloHelms)), Mat: r.IntN(len(cat.SoloLegends)),
		Assign: map[string]int{Rigging: 1, Cannons: 1, Extort: 1, Repair: 0}, Crew: []int{}, Booty: []string{}, Kept: []int{}}
	p.Wheel[0] = HideOut
	w := perm(r, len(tokenOrders))
	for j := range 5 {
		p.Wheel[j+1] = tokenOrders[w[j]]
	}
	// Its ship in the free cove farthest from the Navy (first in reading
	// order on a tie: docs).
	best := -1
	for c := range cells {
		if s.card(c).Cove && !s.coveTaken(c, engine.NoSeat) && (best < 0 || dist(c, s.Navy) > dist(best, s.Navy)) {
			best = c
		}
	}
	p.Cell, p.InCove = best, true
	s.Players = append(s.Players, p)
	return nil
}

// startAutoma begins the Legendary Pirate's turn: its order die is asked.
func (c *ctx) startAutoma() {
	seat := c.s.automa()
	r := c.s.Dice.Ask(dice.Request{Purpose: "the Legendary Pirate's order die", Seat: seat, Dice: []dice.Die{attackDie}})
	c.s.Auto = &AutoTurn{Stage: "die", Request: r.ID}
	c.emit("automa-turn", seat, map[string]any{"request": r.ID}, "The Legendary Pirate's turn: %s", r.Say())
}

// automaDie carries out the Legendary Pirate's die: 1-5 moves its Captain
// to that space, 6 advances its Legend token and targets you (Solo).
func (c *ctx) automaDie(face int) {
	seat := c.s.automa()
	p := c.s.Players[seat]
	a := c.s.Auto
	a.Stage = "orders"
	helm := c.s.Catalog.SoloHelms[p.Helm]
	if face == 6 {
		mat := c.s.Catalog.SoloLegends[p.Mat]
		p.Track = (p.Track + 1) % len(mat.Track)
		sp := mat.Track[p.Track]
		a.Orders = append([]string(nil), sp.Orders...)
		a.Hits = sp.Hits
		a.Target = TargetPlayer
		c.emit("automa-legend", seat, map[string]any{"track": p.Track, "orders": a.Orders}, "The Legendary Pirate's legend action: %s against you", ordersWords(a.Orders))
	} else {
		c.automaWheel(seat, p, face)
		a.Orders = []string{p.order()}
		a.Target = helm.Targets[p.Captain]
	}
	// Sail toward the target: vertically to its row, then horizontally,
	// stopping on its card (storms do not stop it: docs).
	// Its Helm Mat's bonuses for these orders: sail before it sails, and
	// automatic hits for its attack ("Solo Pirate Attack": hit icons on the
	// Helm Mat's bonus actions add to its total).
	sail := c.s.sail(p)
	for _, o := range a.Orders {
		for _, b := range helm.Bonuses {
			switch {
			case b.Order != o:
			case b.Kind == "sail":
				sail += b.N
			case b.Kind == "hits":
				a.Hits += b.N
			}
		}
	}
	goal := c.automaTargetCell(a.Target)
	moved := false
	for range sail {
		if p.Cell == goal {
			break
		}
		p.Cell = stepToward(p.Cell, goal)
		moved = true
	}
	if moved {
		p.InCove = false
		c.emit("sailed", seat, map[string]any{"cell": cellName(p.Cell)}, "The Legendary Pirate sailed to %s", c.s.place(p.Cell))
	}
	c.automaContinue()
}

func (c *ctx) automaTargetCell(t string) int {
	switch t {
	case TargetOrange:
		return c.s.Merchants[0].Cell
	case TargetGreen:
		return c.s.Merchants[1].Cell
	}
	for _, p := range c.s.Players {
		if !p.Automa {
			return p.Cell
		}
	}
	return 0
}

// automaWheel moves its Captain clockwise to space to: Hide Out is always
// passed for free; each other space passed costs the rightmost Deckhand of
// the mat (Repair first); Deckhands passed or landed on return to the
// leftmost free assignment. Short of Deckhands it stops on the last space it
// reached. A die naming its own space leaves it there (docs: reading).
func (c *ctx) automaWheel(seat engine.Seat, p *Player, to int) {
	back := func(sp int) {
		for p.WheelHands[sp] > 0 {
			p.WheelHands[sp]--
			dest := Repair
			for _, x := range []string{Rigging, Cannons, Extort} {
				if p.Assign[x] == 0 {
					dest = x
					break
				}
			}
			p.Assign[dest]++
		}
	}
	crossed := false
	for p.Captain != to {
		sp := (p.Captain + 1) % 6
		switch {
		case sp == 0:
			crossed = true
		case sp == to || p.WheelHands[sp] > 0:
			back(sp)
		default:
			from := ""
			for _, x := range []string{Repair, Extort, Cannons, Rigging} {
				if p.Assign[x] > 0 {
					from = x
					break
				}
			}
			if from == "" {
				// It cannot pay to pass this space: it stops on it.
				p.Captain = sp
				to = sp
				continue
			}
			p.Assign[from]--
			p.WheelHands[sp]++
		}
		p.Captain = sp
	}
	if p.Captain == 0 {
		// It never stops on Hide Out: on to space 1, which is free.
		p.Captain = 1
		back(1)
	}
	if crossed {
		c.s.Auto.Crossed = true
	}
	c.emit("order-chosen", seat, map[string]any{"space": p.Captain, "order": p.order(), "crossed": crossed, "wheelHands": p.WheelHands},
		"The Legendary Pirate's Captain chose %s", orderName(p.order()))
}

// automaContinue carries out the orders left; an attack pauses it for dice.
func (c *ctx) automaContinue() {
	seat := c.s.automa()
	p := c.s.Players[seat]
	a := c.s.Auto
	if a.After != "" {
		o := a.After
		a.After = ""
		if c.automaBonusGold(seat, p, o); c.s.Over {
			return
		}
	}
	for len(a.Orders) > 0 {
		o := a.Orders[0]
		a.Orders = a.Orders[1:]
		c.automaOrder(seat, p, o)
		if c.s.Fight != nil {
			// Its bonus actions follow the order (Solo: step 3), so the
			// gold waits for the fight to end.
			a.After = o
			a.Stage = "fight"
			return
		}
		if c.automaBonusGold(seat, p, o); c.s.Over {
			return
		}
	}
	c.endAutomaTurn(seat, p)
}

// automaBonusGold gains the gold its Helm Mat prints for order o.
func (c *ctx) automaBonusGold(seat engine.Seat, p *Player, o string) {
	for _, b := range c.s.Catalog.SoloHelms[p.Helm].Bonuses {
		if b.Order == o && b.Kind == "gold" && !c.s.Over {
			c.automaGold(seat, p, b.N)
		}
	}
}

func (c *ctx) automaOrder(seat engine.Seat, p *Player, o string) {
	switch o {
	case Plunder:
		if b := c.drawBooty(); b != "" {
			c.automaLoad(seat, p, b)
		}
	case Trade:
		c.automaTrade(seat, p)
	case Search:
		k := c.revealToken(p.Cell)
		if k < 0 {
			return
		}
		c.s.Tokens[p.Cell] = -1
		c.s.Revealed = append(c.s.Revealed, k)
		tok := c.s.Catalog.SearchTokens[k]
		c.emit("searched", seat, map[string]any{"token": tok.ID, "kind": tok.Kind, "n": tok.N}, "The Legendary Pirate turned up a %s token", tok.Kind)
		switch tok.Kind {
		case TokenGold:
			c.automaGold(seat, p, tok.N)
		case TokenBooty:
			if b := c.drawBooty(); b != "" {
				c.automaLoad(seat, p, b)
			}
		default:
			c.automaGold(seat, p, 1)
		}
	case CrewUp:
		if len(p.Crew) >= maxCrew {
			for i, k := range c.s.CrewRow {
				if k >= 0 {
					c.s.CrewDeck = append(c.s.CrewDeck, k)
				}
				c.s.CrewRow[i] = -1
			}
			for i := range c.s.CrewRow {
				c.s.CrewRow[i] = c.drawCrew()
			}
			c.emit("crew-row-replaced", seat, map[string]any{"row": c.s.CrewRow}, "The Legendary Pirate has 4 crew: the row is replaced")
			return
		}
		if k := c.drawCrew(); k >= 0 {
			p.Crew = append(p.Crew, k)
			c.emit("crew-hired", seat, map[string]any{"card": c.s.Catalog.Crew[k].ID}, "The Legendary Pirate hired %s", c.s.Catalog.Crew[k].Name)
		}
	case Attack:
		target := c.s.Auto.Target
		if target == TargetPlayer {
			for i, q := range c.s.Players {
				if !q.Automa {
					target = "seat" + strconv.Itoa(i+1)
				}
			}
		}
		if err := c.startFight(seat, p, target, false); err != nil {
			c.emit("automa-no-attack", seat, nil, "The Legendary Pirate cannot attack: %s", err.(*engine.RuleError).Detail)
		}
	}
}

// automaLoad puts a cube aboard; the third triggers a Trade at once.
func (c *ctx) automaLoad(seat engine.Seat, p *Player, b string) {
	p.Booty = append(p.Booty, b)
	c.emit("plundered", seat, map[string]any{"booty": []string{b}}, "The Legendary Pirate took %s", b)
	if len(p.Booty) >= maxBooty {
		c.automaTrade(seat, p)
	}
}

// automaTrade sells every cube of its most valuable type aboard, anywhere.
func (c *ctx) automaTrade(seat engine.Seat, p *Player) {
	best := ""
	for _, b := range p.Booty {
		if best == "" || c.s.price(b) > c.s.price(best) {
			best = b
		}
	}
	if best == "" {
		return
	}
	price := c.s.price(best)
	n := 0
	kept := p.Booty[:0]
	for _, b := range p.Booty {
		if b == best {
			n++
			c.s.Bag[b]++
			continue
		}
		kept = append(kept, b)
	}
	p.Booty = kept
	c.s.shiftMarket(best)
	c.emit("traded", seat, map[string]any{"booty": best, "count": n, "price": price, "market": c.s.Market}, "The Legendary Pirate sold %d %s at %d", n, best, price)
	c.automaGold(seat, p, n*price)
}

// automaGold adds gold; reaching the top of its track buries a treasure at
// once and the doubloon goes back to zero, the rest lost (Solo: Bury).
func (c *ctx) automaGold(seat engine.Seat, p *Player, n int) {
	top := c.s.Catalog.SoloLegends[p.Mat].GoldTop
	p.Gold = min(top, p.Gold+n)
	if p.Gold < top || c.s.Over {
		return
	}
	// The closest free bury site to its ship; then the cheapest; then the
	// first in reading order (the rulebook lets you choose: docs).
	best := -1
	for cell := range cells {
		mc := c.s.card(cell)
		if mc.BuryCost == nil || c.s.Buried[cell] >= 0 {
			continue
		}
		if best < 0 || dist(p.Cell, cell) < dist(p.Cell, best) ||
			dist(p.Cell, cell) == dist(p.Cell, best) && *mc.BuryCost < *c.s.card(best).BuryCost {
			best = cell
		}
	}
	p.Gold = 0
	if best < 0 {
		return
	}
	c.s.Buried[best] = seat
	p.Buried++
	c.emit("treasure-buried", seat, map[string]any{"cell": cellName(best), "buried": p.Buried}, "The Legendary Pirate buried a treasure on %s (%d of 3)", c.s.place(best), p.Buried)
	if p.Buried == treasures {
		c.s.EndBy = seat
		c.finish()
	}
}

// endAutomaTurn: the Ship Line if crossed (the Navy hunting the Legendary
// Pirate), then your turn.
func (c *ctx) endAutomaTurn(seat engine.Seat, p *Player) {
	if c.s.Auto.Crossed {
		c.crossShipLine(seat, p, nil)
	}
	c.s.Auto = nil
	p.Turns++
	c.emit("turn-ended", seat, nil, "The Legendary Pirate's turn is over")
	next := (seat + 1) % engine.Seat(len(c.s.Players))
	c.s.Current = next
	c.s.Turn = newTurn(c.s.Players[next])
}

// nearestCove sends a beaten Legendary Pirate to the nearest free cove.
func (c *ctx) nearestCove(seat engine.Seat, p *Player) {
	best := -1
	for cell := range cells {
		if c.s.card(cell).Cove && !c.s.coveTaken(cell, seat) && (best < 0 || dist(p.Cell, cell) < dist(p.Cell, best)) {
			best = cell
		}
	}
	if best >= 0 {
		p.Cell, p.InCove = best, true
		c.emit("automa-hides", seat, map[string]any{"cell": cellName(best)}, "The Legendary Pirate slips into the cove of %s", c.s.place(best))
	}
}

// soloMerchantStep is a merchant's step when you cross the Ship Line in a
// solo game: toward its port, onto the card farther from you, never onto the
// other merchant's card when another step avoids it, vertical first.
func (c *ctx) soloMerchantStep(m int, you int) int {
	from := c.s.Merchants[m].Cell
	port := c.s.Ports[c.s.Merchants[m].Target]
	other := c.s.Merchants[1-m].Cell
	var steps []int
	r, col, pr, pc := from/gridSize, from%gridSize, port/gridSize, port%gridSize
	if r != pr {
		steps = append(steps, stepToward(from, pr*gridSize+col))
	}
	if col != pc {
		next := col + 1
		if pc < col {
			next = col - 1
		}
		steps = append(steps, r*gridSize+next)
	}
	best := -1
	score := func(cell int) int {
		sc := dist(cell, you) * 2
		if cell == other {
			sc -= 100
		}
		return sc
	}
	for _, st := range steps {
		if best < 0 || score(st) > score(best) {
			best = st
		}
	}
	if best < 0 {
		return from
	}
	return best
}

func (s *State) soloView(p *Player) *SoloView {
	h := s.Catalog.SoloHelms[p.Helm]
	l := s.Catalog.SoloLegends[p.Mat]
	return &SoloView{Helm: h.Name, Legend: l.Name, GoldTop: l.GoldTop, Track: p.Track, Targets: h.Targets, Level: s.soloLevel(p), Bonuses: h.Bonuses,
		NextRoll: fmt.Sprintf("1-5 moves its Captain to that space; 6 carries out legend space %d", (p.Track+1)%len(l.Track))}
}

// ordersWords names orders as players say them: "Plunder and Attack".
func ordersWords(orders []string) string {
	names := make([]string, len(orders))
	for i, o := range orders {
		names[i] = orderName(o)
	}
	return engine.AndList(names)
}
