package deadreckoning

import (
	"fmt"
	"strconv"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// The main-phase actions (pp. 7-11) and the actions any player may take at
// any time (levelling, rearranging, entering what a board or card shows).

func init() {
	registerAction("choose-bonus-token", func() engine.Action { return &ChooseBonusToken{} })
	registerAction("level-up", func() engine.Action { return &LevelUp{} })
	registerAction("play-card", func() engine.Action { return &PlayCard{} })
	registerAction("set-sails", func() engine.Action { return &SetSails{} })
	registerAction("move", func() engine.Action { return &Move{} })
	registerAction("explore", func() engine.Action { return &Explore{} })
	registerAction("reveal-board", func() engine.Action { return &RevealBoard{} })
	registerAction("reveal-card", func() engine.Action { return &RevealCard{} })
	registerAction("load", func() engine.Action { return &Load{} })
	registerAction("unload", func() engine.Action { return &Unload{} })
	registerAction("rearrange", func() engine.Action { return &Rearrange{} })
	registerAction("jettison", func() engine.Action { return &Jettison{} })
	registerAction("buy", func() engine.Action { return &Buy{} })
	registerAction("attack-merchant", func() engine.Action { return &AttackMerchant{} })
	registerAction("attack-ship", func() engine.Action { return &AttackShip{} })
	registerAction("attack-building", func() engine.Action { return &AttackBuilding{} })
	registerAction("master-merchant", func() engine.Action { return &MasterMerchant{} })
}

// active checks that the action is taken by the player whose turn it is.
func (c *ctx) active(a engine.Action) (*Player, error) {
	seat := a.Head().Seat
	if seat != c.s.Turn.Seat {
		return nil, engine.Refuse(engine.CodeNotYourTurn, 7, "It is %s's turn", c.s.Players[c.s.Turn.Seat].Name)
	}
	return &c.s.Players[seat], nil
}

// main checks a main-phase action: the active player, no battle or
// exploration waiting. The active player can no longer level up (p. 13).
func (c *ctx) main(a engine.Action) (*Player, error) {
	p, err := c.active(a)
	if err != nil {
		return nil, err
	}
	if pb := c.s.CurrentBattle(); pb != nil {
		return nil, engine.Refuse("battle-pending", 17, "Finish the %s at %s first", battleWords(pb.Kind), placeName(c.s, pb.At))
	}
	if c.s.Turn.PendingExplore != nil {
		return nil, engine.Refuse("explore-pending", 9, "Your ship stopped on a face-down board: explore %s first", placeName(c.s, *c.s.Turn.PendingExplore))
	}
	c.s.Turn.Started = true
	p.CanLevel = false
	return p, nil
}

// ChooseBonusToken keeps one of the two bonus achievement tokens dealt (p. 6).
type ChooseBonusToken struct {
	engine.ActionHeader
	// Token is the kept token's id; "" when the tokens' contents have not
	// been entered (the engine then only knows that one is kept).
	Token string `json:"token"`
}

func (a *ChooseBonusToken) apply(c *ctx) error {
	p := c.s.Player(a.Seat)
	if p == nil {
		return engine.Refuse("no-such-seat", 6, "Only a player keeps a bonus token; choose whose it is")
	}
	if !c.s.Options.BonusTokens {
		return engine.Refuse("no-bonus-tokens", 6, "This game does not use the bonus achievement tokens")
	}
	if p.HasBonus {
		return engine.Refuse("bonus-chosen", 6, "You have already kept a bonus token")
	}
	if len(p.BonusDealt) > 0 && !contains(p.BonusDealt, a.Token) {
		return engine.Refuse("bonus-not-dealt", 6, "Keep one of the two tokens you were dealt")
	}
	p.HasBonus, p.Bonus = true, a.Token
	c.emit(engine.NewEvent("bonus-token-kept", a.Seat, p.Name+" keeps a bonus achievement token face down", nil).
		WithSecret("You keep "+bonusTokenWords(c.s, a.Token), map[string]any{"token": a.Token}))
	return nil
}

// LevelUp levels up one sailor card in hand, between the player's turns (p. 13).
type LevelUp struct {
	engine.ActionHeader
	Card string `json:"card"`
}

func (a *LevelUp) apply(c *ctx) error {
	p := c.s.Player(a.Seat)
	if p == nil {
		return engine.Refuse("no-such-seat", 13, "Only a player levels up a card; choose whose it is")
	}
	if !p.CanLevel {
		if p.FinalTurnDone && !c.s.Options.LevelOnFinalTurn {
			return engine.Refuse("level-final-turn", 22, "After your final turn your cards cannot be levelled up")
		}
		return engine.Refuse("level-once", 13, "You may level up one card between the end of your turn and the start of your next")
	}
	if a.Seat == c.s.Turn.Seat && c.s.Turn.Started {
		return engine.Refuse("level-once", 13, "Level up before you start your turn, not during it")
	}
	if !c.s.Options.PhysicalCards && !contains(p.Hand, a.Card) {
		return engine.Refuse("level-in-hand", 13, "Only a card in your hand can be levelled up")
	}
	if p.Card(a.Card) == nil {
		return engine.Refuse("level-in-hand", 13, "Only a card in your hand can be levelled up")
	}
	// With physical cards the card levelled up becomes known to be in hand.
	id, err := c.s.revealInHand(p, a.Card, 13)
	if err != nil {
		return err
	}
	card := p.Card(id)
	if card.Level >= 4 {
		return engine.Refuse("level-max", 13, "%s is already at level 4", p.nameOf(id))
	}
	card.Level++
	p.CanLevel = false
	if err := c.battleChanged(a.Seat, nil); err != nil {
		return err
	}
	c.emit(engine.NewEvent("levelled-up", a.Seat, p.Name+" levels up a card in hand", nil).
		WithSecret(fmt.Sprintf("Your %s is now level %d", cardName(card), card.Level), map[string]any{"card": id, "level": card.Level}))
	if card.Level == 4 {
		p.Level4++
		c.progress(a.Seat, AchExpertSailors, 3)
	}
	return nil
}

// PlayCard plays a card from hand face up (p. 8).
type PlayCard struct {
	engine.ActionHeader
	Card string `json:"card"`
}

func (a *PlayCard) apply(c *ctx) error {
	// The attacker may still play cards once a battle is declared, until the
	// cubes are dropped (p. 17); the defender plays through the battle code.
	if pb := c.s.CurrentBattle(); pb != nil && pb.Attacker == a.Seat && a.Seat == c.s.Turn.Seat {
		if pb.Started {
			return engine.Refuse("battle-started", 17, "No cards can be played once the cubes are dropped")
		}
		if err := c.attackerMayPlay(pb); err != nil {
			return err
		}
		if err := c.playCard(&c.s.Players[a.Seat], a.Card); err != nil {
			return err
		}
		return c.battleChanged(a.Seat, nil)
	}
	p, err := c.main(a)
	if err != nil {
		return err
	}
	return c.playCard(p, a.Card)
}

func (c *ctx) playCard(p *Player, id string) error {
	id, err := c.s.takeFromHand(p, id, 8)
	if err != nil {
		return err
	}
	p.Played = append(p.Played, id)
	card := p.Card(id)
	c.emit(engine.NewEvent("card-played", p.Seat, fmt.Sprintf("%s plays %s (level %d)", p.Name, cardName(card), card.Level), map[string]any{"card": *card}))
	return nil
}

// AbilityRef names one ability of a card in play.
type AbilityRef struct {
	Card string `json:"card"`
	// Source is "level" (default) or the advancement's slot.
	Source  string `json:"source,omitempty"`
	Ability int    `json:"ability"`
	Option  int    `json:"option,omitempty"`
}

// SetSails sets the Sails track once per turn (p. 8): sail icons on the
// ship's empty holds (all holds when setting sail from the Harbor or an
// island you control) and on played cards, at most 8. Choices names the
// red-slash abilities whose sails option is taken.
type SetSails struct {
	engine.ActionHeader
	Choices []AbilityRef `json:"choices,omitempty"`
}

func (a *SetSails) apply(c *ctx) error {
	p, err := c.main(a)
	if err != nil {
		return err
	}
	if c.s.Turn.SailsSet {
		return engine.Refuse("sails-once", 8, "You have already set sails this turn")
	}
	covered := p.inHarbor()
	if b := c.s.Board(p.Ship.At); b != nil && b.Island != nil && b.Island.Controller == a.Seat && c.blockade(a.Seat, b.At) == nil {
		// Covered holds count: you could unload, set sails and load again.
		covered = true
	}
	total := c.s.ShipSails(p, covered)
	for _, id := range append(append([]string{}, p.Played...), p.PlayedOffTurn...) {
		s, _ := c.s.CardGives(p.Card(id))
		total += s
	}
	for _, ch := range a.Choices {
		card, opt, key, err := c.ability(p, ch)
		if err != nil {
			return err
		}
		n := 0
		for _, e := range opt.Effects {
			if e.Kind == "sails" {
				n += c.s.effectAmount(card, e)
			}
		}
		if n == 0 {
			return engine.Refuse("not-sails", 8, "That option of %s gives no sails", p.nameOf(ch.Card))
		}
		c.s.Turn.Used = append(c.s.Turn.Used, key)
		total += n
	}
	total = min(total, 8)
	p.Ship.Sails = total
	c.s.Turn.SailsSet = true
	c.emit(engine.NewEvent("sails-set", a.Seat, fmt.Sprintf("%s sets sails to %d", p.Name, total), map[string]any{"sails": total, "coveredHoldsCounted": covered}))
	return nil
}

// Move moves the ship along a path of orthogonal steps, one sail each (p. 9).
type Move struct {
	engine.ActionHeader
	// Path lists each place entered, in order; the last is where the ship stops.
	Path []Pos `json:"path"`
	// Order is the order to fight the pirate-mode ships where the ship stops
	// (p. 10); absent: clockwise from the mover.
	Order []engine.Seat `json:"order,omitempty"`
}

func (a *Move) apply(c *ctx) error {
	p, err := c.main(a)
	if err != nil {
		return err
	}
	if !c.s.Turn.SailsSet {
		return engine.Refuse("sails-not-set", 8, "Set sails before moving")
	}
	if len(a.Path) == 0 {
		return engine.Refuse("no-path", 9, "Say where the ship goes")
	}
	if len(a.Path) > p.Ship.Sails {
		return engine.Refuse("not-enough-sails", 9, "That move needs %s; %d left", count(len(a.Path), "sail", ""), p.Ship.Sails)
	}
	from := p.Ship.At
	for i, q := range a.Path {
		if !q.Valid() {
			return engine.Refuse("off-grid", 9, "Step %d leaves the table: there is no board in %s", i+1, rowWords(q))
		}
		if !Adjacent(from, q) {
			return engine.Refuse("not-adjacent", 9, "Step %d: %s is not next to %s (ships move up, down, left or right, never diagonally)", i+1, placeName(c.s, q), placeName(c.s, from))
		}
		from = q
	}
	dest := a.Path[len(a.Path)-1]
	if b := c.s.Board(dest); b != nil && !b.Explored && c.s.Turn.Explored {
		return engine.Refuse("explore-limit", 9, "You have already explored an Ocean board this turn, so you cannot stop on another face-down one")
	}
	for _, q := range a.Path {
		p.Ship.At = q
		p.Ship.Sails--
		// A Garrison damages a ship entering or passing its space (p. 15).
		if b := c.s.Board(q); b != nil && b.Island != nil && b.Island.Has(Garrison) && b.Island.Controller != engine.NoSeat && b.Island.Controller != a.Seat {
			p.Ship.Damage++
			c.emit(engine.NewEvent("garrison-damage", a.Seat, fmt.Sprintf("%s's Garrison at %s fires on %s's ship", c.s.Players[b.Island.Controller].Name, placeName(c.s, q), p.Name), map[string]any{"at": q, "damage": p.Ship.Damage}))
			if p.Ship.Damage >= 5 {
				c.SinkShip(a.Seat, b.Island.Controller)
				return nil
			}
		}
	}
	c.emit(engine.NewEvent("ship-moved", a.Seat, fmt.Sprintf("%s sails to %s", p.Name, placeName(c.s, dest)), map[string]any{"path": a.Path, "sails": p.Ship.Sails}))
	if b := c.s.Board(dest); b != nil && !b.Explored {
		d := dest
		c.s.Turn.PendingExplore = &d
		return nil
	}
	// Stopping where opponents' ships are in pirate mode starts a battle with
	// each of them, in the order the mover picks (p. 10).
	var pirates []engine.Seat
	n := len(c.s.Players)
	for k := 1; k < n; k++ {
		o := &c.s.Players[(int(a.Seat)+k)%n]
		// Never the same ship twice in a turn (p. 17).
		if o.Ship.Pirate && o.Ship.At == dest && !c.s.alreadyFought(fmt.Sprintf("ship:%d", o.Seat)) {
			pirates = append(pirates, o.Seat)
		}
	}
	order := pirates
	if a.Order != nil {
		if len(a.Order) != len(pirates) {
			return engine.Refuse("battle-order", 10, "The order must name each pirate-mode ship at %s once", placeName(c.s, dest))
		}
		for _, s := range a.Order {
			if !containsSeat(pirates, s) {
				return engine.Refuse("battle-order", 10, "The order must name each pirate-mode ship at %s once", placeName(c.s, dest))
			}
		}
		seen := map[engine.Seat]bool{}
		for _, s := range a.Order {
			if seen[s] {
				return engine.Refuse("battle-order", 10, "The order must name each pirate-mode ship at %s once", placeName(c.s, dest))
			}
			seen[s] = true
		}
		order = a.Order
	}
	for _, s := range order {
		c.queueBattle(PendingBattle{Kind: BattleShip, Cause: CausePirateStop, Attacker: a.Seat, Defender: s, At: dest})
	}
	return nil
}

func containsSeat(list []engine.Seat, s engine.Seat) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// Explore turns over the face-down board the ship stopped on and says what
// it shows (p. 9); a card from that Row's box goes on it.
type Explore struct {
	engine.ActionHeader
	BoardEntry
}

func (a *Explore) apply(c *ctx) error {
	p, err := c.active(a)
	if err != nil {
		return err
	}
	pe := c.s.Turn.PendingExplore
	if pe == nil {
		return engine.Refuse("nothing-to-explore", 9, "Your ship has not stopped on a face-down board")
	}
	if a.At != (Pos{}) && a.At != *pe {
		return engine.Refuse("explore-where", 9, "The board to explore is %s", placeName(c.s, *pe))
	}
	e := a.BoardEntry
	e.At = *pe
	if err := c.s.enterBoard(e); err != nil {
		return engine.Refuse("explore-board", 9, "%s", sentence(err))
	}
	b := c.s.Board(*pe)
	b.Explored = true
	c.s.Turn.PendingExplore = nil
	c.s.Turn.Explored = true
	p.Explored++
	c.s.drawCard(b, pe.Row)
	if b.Card != nil && (e.Card != "" || e.NewCard != nil) {
		if err := c.s.enterCard(*pe, e.Card, e.NewCard); err != nil {
			return engine.Refuse("explore-card", 9, "%s", sentence(err))
		}
	}
	c.emit(engine.NewEvent("explored", a.Seat, fmt.Sprintf("%s explores the board in %s and finds %s", p.Name, rowWords(*pe), boardName(c.s, b)), map[string]any{"board": b}))
	c.progress(a.Seat, AchExplorer, explorerNeed(len(c.s.Players)))
	return nil
}

// placeName is how players call the board at p in a sentence: the island's
// printed name once it is entered, the Harbor, or where the board lies ("the
// open sea in row 2, left"); never the position's id.
func placeName(s *State, p Pos) string {
	if p.IsHarbor() {
		return "the Harbor"
	}
	where := rowWords(p)
	b := s.Board(p)
	switch {
	case b == nil:
		return where
	case b.Island != nil:
		if d, ok := s.Catalog.Island(b.Island.ID); ok {
			return d.Name
		}
		return "the island in " + where
	case b.Kind == "open-sea":
		return "the open sea in " + where
	case !b.Explored:
		return "the face-down board in " + where
	}
	return "the board in " + where
}

// rowWords names a board's place as players see the grid: its row (1 next
// to the Harbor) and its side.
func rowWords(p Pos) string {
	side := map[int]string{1: "left", 2: "middle", 3: "right"}[p.Col]
	if side == "" {
		side = "column " + strconv.Itoa(p.Col)
	}
	return "row " + strconv.Itoa(p.Row) + ", " + side
}

// advName is an advancement's or encounter's printed name from the catalog
// (its id only when the catalog has no such card).
func advName(s *State, id string) string {
	if d, ok := s.Catalog.Advancement(id); ok && d.Name != "" {
		return d.Name
	}
	return id
}

func boardName(s *State, b *Board) string {
	if b.Kind == "open-sea" {
		return "open sea"
	}
	if b.Island != nil {
		if d, ok := s.Catalog.Island(b.Island.ID); ok {
			return d.Name
		}
	}
	return "an unknown board"
}

// RevealBoard enters what a face-up board shows that was not entered at
// setup (the three boards beside the Harbor).
type RevealBoard struct {
	engine.ActionHeader
	BoardEntry
}

func (a *RevealBoard) apply(c *ctx) error {
	b := c.s.Board(a.At)
	if b == nil || !b.Explored {
		return engine.Refuse("not-face-up", 9, "Only a face-up board can be entered; a face-down one is explored")
	}
	if err := c.s.enterBoard(a.BoardEntry); err != nil {
		return engine.Refuse("reveal-board", 9, "%s", sentence(err))
	}
	if a.Card != "" || a.NewCard != nil {
		if err := c.s.enterCard(a.At, a.Card, a.NewCard); err != nil {
			return engine.Refuse("reveal-card", 10, "%s", sentence(err))
		}
	}
	c.emit(engine.NewEvent("board-entered", a.Seat, fmt.Sprintf("The board in %s is %s", rowWords(a.At), boardName(c.s, b)), map[string]any{"board": b}))
	return nil
}

// RevealCard enters which card was drawn onto a board's card space.
type RevealCard struct {
	engine.ActionHeader
	At      Pos               `json:"at"`
	Card    string            `json:"card,omitempty"`
	NewCard *data.Advancement `json:"newCard,omitempty"`
}

func (a *RevealCard) apply(c *ctx) error {
	if err := c.s.enterCard(a.At, a.Card, a.NewCard); err != nil {
		return engine.Refuse("reveal-card", 10, "%s", sentence(err))
	}
	b := c.s.Board(a.At)
	c.emit(engine.NewEvent("card-entered", a.Seat, fmt.Sprintf("The card on %s is %s", placeName(c.s, a.At), advName(c.s, b.Card.Adv.ID)), map[string]any{"at": a.At, "card": b.Card}))
	return nil
}

// Load moves cargo from the Dock tile (in the Harbor) or cargo and coins from
// an island you control onto the ship's holds (p. 7).
type Load struct {
	engine.ActionHeader
	// From is "dock" or "island".
	From  string `json:"from"`
	Holds Goods  `json:"holds"`
}

func (a *Load) apply(c *ctx) error {
	p, err := c.main(a)
	if err != nil {
		return err
	}
	t := goodsTotal(a.Holds)
	if err := checkGoods(a.Holds, "load"); err != nil {
		return err
	}
	switch a.From {
	case "dock":
		if !p.inHarbor() {
			return engine.Refuse("load-harbor", 7, "You can load from your Dock tile only while your ship is in the Harbor")
		}
		if t.Coins > 0 {
			return engine.Refuse("load-coins-dock", 7, "Coins are never on the Dock tile: only cargo is loaded from it")
		}
		if t.Cargo > p.Dock {
			return engine.Refuse("not-enough-cargo", 7, "Your Dock tile holds %d cargo, not %d", p.Dock, t.Cargo)
		}
		p.Dock -= t.Cargo
	case "island":
		b := c.s.Board(p.Ship.At)
		if b == nil || b.Island == nil {
			return engine.Refuse("load-island", 7, "Your ship is not at an island")
		}
		if b.Island.Controller != a.Seat {
			return engine.Refuse("load-control", 7, "You can load only from an island you control")
		}
		if err := c.blockade(a.Seat, b.At); err != nil {
			return err
		}
		if t.Cargo > b.Island.Cargo || t.Coins > b.Island.Coins {
			return engine.Refuse("not-on-island", 7, "The island has %d cargo and %s", b.Island.Cargo, count(b.Island.Coins, "coin", ""))
		}
		b.Island.Cargo -= t.Cargo
		b.Island.Coins -= t.Coins
	default:
		return engine.Refuse("load-from", 7, "Load from your Dock tile or from the island")
	}
	if err := c.s.putInHolds(p, a.Holds); err != nil {
		return err
	}
	c.emit(engine.NewEvent("loaded", a.Seat, fmt.Sprintf("%s loads %d cargo and %s from %s", p.Name, t.Cargo, count(t.Coins, "coin", ""), goodsPlace(a.From)), map[string]any{"from": a.From, "holds": a.Holds}))
	return nil
}

// Unload moves cargo and coins from the ship to the Dock tile and Treasure
// chest (in the Harbor) or onto the island where the ship is (p. 7).
type Unload struct {
	engine.ActionHeader
	// To is "dock" (the Harbor: cargo to the Dock tile, coins to the chest)
	// or "island".
	To    string `json:"to"`
	Holds Goods  `json:"holds"`
}

func (a *Unload) apply(c *ctx) error {
	p, err := c.main(a)
	if err != nil {
		return err
	}
	if err := c.s.takeFromHolds(p, a.Holds); err != nil {
		return err
	}
	if err := c.battleChanged(a.Seat, &a.Holds); err != nil {
		return err
	}
	t := goodsTotal(a.Holds)
	switch a.To {
	case "dock":
		if !p.inHarbor() {
			return engine.Refuse("unload-harbor", 7, "You can unload to your Dock tile only in the Harbor")
		}
		p.Dock += t.Cargo
		p.Chest += t.Coins
	case "island":
		b := c.s.Board(p.Ship.At)
		if b == nil || b.Island == nil {
			return engine.Refuse("unload-island", 7, "Your ship is not at an island")
		}
		if err := c.islandInteraction(a.Seat, b, false, true); err != nil {
			return err
		}
		b.Island.Cargo += t.Cargo
		b.Island.Coins += t.Coins
	default:
		return engine.Refuse("unload-to", 7, "Unload to your Dock tile or to the island")
	}
	c.emit(engine.NewEvent("unloaded", a.Seat, fmt.Sprintf("%s unloads %d cargo and %s to %s", p.Name, t.Cargo, count(t.Coins, "coin", ""), goodsPlace(a.To)), map[string]any{"to": a.To, "holds": a.Holds}))
	return nil
}

// Rearrange lays out the ship's cargo and coins anew, at any time, even on
// another player's turn, but not once a battle involving the ship has begun
// (p. 7). Holds is the complete new layout.
type Rearrange struct {
	engine.ActionHeader
	Holds Goods `json:"holds"`
}

func (a *Rearrange) apply(c *ctx) error {
	p := c.s.Player(a.Seat)
	if p == nil {
		return engine.Refuse("no-such-seat", 7, "Only a player's ship is rearranged; choose whose it is")
	}
	if pb := c.s.CurrentBattle(); pb != nil && pb.Started && (pb.Attacker == a.Seat || pb.Defender == a.Seat) {
		return engine.Refuse("rearrange-battle", 7, "Once the battle has begun you cannot rearrange until it is over")
	}
	if err := checkGoods(a.Holds, "rearrange"); err != nil {
		return err
	}
	if goodsTotal(a.Holds) != p.ShipGoods() {
		return engine.Refuse("rearrange-total", 7, "Rearranging keeps what is on the ship: %d cargo and %s", p.ShipGoods().Cargo, count(p.ShipGoods().Coins, "coin", ""))
	}
	for i := range p.Ship.Spaces {
		p.Ship.Spaces[i].Hold = Hold{}
	}
	if err := c.s.putInHolds(p, a.Holds); err != nil {
		return err
	}
	if err := c.battleChanged(a.Seat, nil); err != nil {
		return err
	}
	c.emit(engine.NewEvent("rearranged", a.Seat, p.Name+" rearranges the ship's holds", map[string]any{"holds": a.Holds}))
	return nil
}

// Jettison throws cargo and coins from the ship back to the supply: on your
// turn, or when attacked before the cubes are dropped (p. 7).
type Jettison struct {
	engine.ActionHeader
	Holds Goods `json:"holds"`
}

func (a *Jettison) apply(c *ctx) error {
	p := c.s.Player(a.Seat)
	if p == nil {
		return engine.Refuse("no-such-seat", 7, "Only a player's ship jettisons; choose whose it is")
	}
	pb := c.s.CurrentBattle()
	switch {
	case pb != nil && (pb.Attacker == a.Seat || pb.Defender == a.Seat):
		if pb.Started {
			return engine.Refuse("jettison-battle", 17, "Jettisoning is allowed before the cubes are dropped, not during the battle")
		}
	case a.Seat == c.s.Turn.Seat:
		if _, err := c.main(a); err != nil {
			return err
		}
	default:
		return engine.Refuse("jettison-turn", 7, "You may jettison on your turn, or on another's turn only when attacked")
	}
	if err := c.s.takeFromHolds(p, a.Holds); err != nil {
		return err
	}
	t := goodsTotal(a.Holds)
	c.s.Supply.Cargo += t.Cargo
	c.s.Supply.Coins += t.Coins
	c.emit(engine.NewEvent("jettisoned", a.Seat, fmt.Sprintf("%s jettisons %d cargo and %s", p.Name, t.Cargo, count(t.Coins, "coin", "")), map[string]any{"holds": a.Holds}))
	return nil
}

// cardAt returns the entered card at the ship's location, with checks for
// buying or resolving it (p. 10).
func (c *ctx) cardAt(p *Player) (*Board, error) {
	b := c.s.Board(p.Ship.At)
	if b == nil || b.Card == nil {
		return nil, engine.Refuse("no-card", 10, "There is no Advancement or Encounter where your ship is")
	}
	if b.Card.Adv.ID == "" {
		return nil, engine.Refuse("card-not-entered", 10, "Enter which card lies on %s first", placeName(c.s, b.At))
	}
	if c.s.Turn.Bought >= 2 {
		return nil, engine.Refuse("buy-limit", 10, "You may buy or resolve at most 2 Advancements or Encounters a turn")
	}
	return b, nil
}

// Buy buys the Advancement at the ship's location, or trades with the
// Merchant ship there, paying its cost in cargo from the ship (pp. 10-11).
type Buy struct {
	engine.ActionHeader
	// Pay is the cargo taken from each hold.
	Pay map[string]int `json:"pay"`
}

func (a *Buy) apply(c *ctx) error {
	p, err := c.main(a)
	if err != nil {
		return err
	}
	b, err := c.cardAt(p)
	if err != nil {
		return err
	}
	def, _ := c.s.Catalog.Advancement(b.Card.Adv.ID)
	if err := c.s.pay(p, Payment{Holds: a.Pay}, def.Cost, "ship", 10); err != nil {
		return err
	}
	adv := b.Card.Adv
	adv.Merchant = def.Encounter
	p.SetAside = append(p.SetAside, adv)
	b.Card = nil
	c.s.Turn.Bought++
	verb := "buys"
	if def.Encounter {
		verb = "trades with the Merchant ship for"
	}
	c.emit(engine.NewEvent("advancement-bought", a.Seat, fmt.Sprintf("%s %s %s for %d cargo", p.Name, verb, def.Name, def.Cost), map[string]any{"card": adv, "at": b.At, "cost": def.Cost}))
	return nil
}

// AttackMerchant attacks the Merchant ship at the ship's location: its back
// is turned over and entered, and a battle begins (p. 11). No Attack flag
// is needed.
type AttackMerchant struct {
	engine.ActionHeader
	Back MerchantBack `json:"back"`
}

func (a *AttackMerchant) apply(c *ctx) error {
	p, err := c.main(a)
	if err != nil {
		return err
	}
	b, err := c.cardAt(p)
	if err != nil {
		return err
	}
	def, _ := c.s.Catalog.Advancement(b.Card.Adv.ID)
	if !def.Encounter {
		return engine.Refuse("not-encounter", 11, "%s is an Advancement, not an Encounter: it can only be bought", def.Name)
	}
	if a.Back.Cubes < 0 || a.Back.Cubes > 20 {
		return engine.Refuse("bad-amount", 11, "A Merchant ship drops 0 to 20 cubes")
	}
	adv := b.Card.Adv
	row := b.Card.Row
	b.Card = nil
	c.s.Turn.Bought++
	c.queueBattle(PendingBattle{Kind: BattleMerchant, Cause: CauseMerchant, Attacker: a.Seat, Defender: engine.NoSeat, At: b.At, Merchant: &a.Back, Card: &adv, CardRow: row})
	return nil
}

// AttackShip battles an opponent's ship at the same place: with an Attack
// flag ability of a card in play (p. 15), or, without one, a pirate-mode
// ship sharing the space (p. 12).
type AttackShip struct {
	engine.ActionHeader
	Target engine.Seat `json:"target"`
	// Flag names the Attack flag ability used, if any.
	Flag *AbilityRef `json:"flag,omitempty"`
}

func (a *AttackShip) apply(c *ctx) error {
	p, err := c.main(a)
	if err != nil {
		return err
	}
	return c.attackShip(p, a.Target, a.Flag)
}

func (c *ctx) attackShip(p *Player, target engine.Seat, flag *AbilityRef) error {
	t := c.s.Player(target)
	if t == nil || t.Seat == p.Seat {
		return engine.Refuse("attack-target", 15, "Choose an opponent's ship to attack")
	}
	if t.Ship.At != p.Ship.At {
		return engine.Refuse("attack-range", 15, "%s's ship is not where your ship is", t.Name)
	}
	if c.s.alreadyFought(fmt.Sprintf("ship:%d", target)) {
		return engine.Refuse("battle-twice", 17, "You have already battled %s's ship this turn", t.Name)
	}
	cause := CausePirateChoice
	if flag != nil {
		_, opt, key, err := c.ability(p, *flag)
		if err != nil {
			return err
		}
		has := false
		for _, e := range opt.Effects {
			has = has || e.Kind == "attack"
		}
		if !has {
			return engine.Refuse("no-attack-flag", 15, "That ability has no Attack flag")
		}
		c.s.Turn.Used = append(c.s.Turn.Used, key)
		cause = CauseAttackFlag
	} else if !t.Ship.Pirate {
		return engine.Refuse("no-attack-flag", 15, "Attacking a ship in mercantile mode needs an Attack flag")
	}
	c.queueBattle(PendingBattle{Kind: BattleShip, Cause: cause, Attacker: p.Seat, Defender: target, At: p.Ship.At})
	return nil
}

// AttackBuilding attacks the opponent's Fort and/or Garrison at the ship's
// island (p. 20). No Attack flag is needed; Outposts cannot be attacked.
type AttackBuilding struct {
	engine.ActionHeader
}

func (a *AttackBuilding) apply(c *ctx) error {
	p, err := c.main(a)
	if err != nil {
		return err
	}
	b := c.s.Board(p.Ship.At)
	if b == nil || b.Island == nil {
		return engine.Refuse("no-building", 20, "Your ship is not at an island")
	}
	is := b.Island
	if is.Controller == engine.NoSeat || is.Controller == a.Seat {
		return engine.Refuse("no-building", 20, "There is no opponent's Fort or Garrison here")
	}
	var targets []string
	for _, k := range []string{Fort, Garrison} {
		if is.Has(k) {
			targets = append(targets, k)
		}
	}
	if len(targets) == 0 {
		return engine.Refuse("no-building", 20, "There is no opponent's Fort or Garrison here (Outposts cannot be attacked)")
	}
	if err := c.blockade(a.Seat, b.At); err != nil {
		return engine.Refuse("building-pirate", 20, "An opponent's pirate-mode ship is here: beat it before attacking the buildings")
	}
	if c.s.alreadyFought("building:" + b.At.String()) {
		return engine.Refuse("battle-twice", 17, "You have already battled the buildings at %s this turn", placeName(c.s, b.At))
	}
	c.queueBattle(PendingBattle{Kind: BattleBuilding, Cause: CauseBuilding, Attacker: a.Seat, Defender: is.Controller, At: b.At, Buildings: targets})
	return nil
}

// MasterMerchant returns 12 cargo at once from the ship and/or Dock tile to
// the supply for the Master Merchant achievement (p. 22).
type MasterMerchant struct {
	engine.ActionHeader
	Pay Payment `json:"pay"`
}

func (a *MasterMerchant) apply(c *ctx) error {
	p, err := c.main(a)
	if err != nil {
		return err
	}
	if p.HasAchievement(AchMasterMerchant) {
		return engine.Refuse("achieved", 22, "You already have Master Merchant")
	}
	if err := c.s.pay(p, a.Pay, 12, "either", 22); err != nil {
		return err
	}
	c.claim(a.Seat, AchMasterMerchant)
	return nil
}
