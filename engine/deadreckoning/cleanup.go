package deadreckoning

import (
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

func init() {
	registerAction("end-turn", func() engine.Action { return &EndTurn{} })
}

// Sleeve puts a set-aside advancement into a card played this turn.
type Sleeve struct {
	// Adv is the advancement's instance number.
	Adv  int    `json:"adv"`
	Card string `json:"card"`
}

// EndTurn ends the main phase and runs the cleanup phase in order (pp. 11-12):
// refill the card spaces, choose pirate or mercantile mode, lose unspent
// sails, sleeve advancements, discard and draw. Then the next player's turn
// begins, or the game ends after the last final turn (p. 22).
type EndTurn struct {
	engine.ActionHeader
	// Pirate chooses pirate mode for the coming turns; false or absent is
	// mercantile, the default. A ship in the Harbor is always mercantile (p. 12).
	Pirate *bool `json:"pirate,omitempty"`
	// Sleeves are the advancements sleeved now.
	Sleeves []Sleeve `json:"sleeves,omitempty"`
	// Drawn are the cards really drawn at the table, when the players keep
	// their own decks; absent: drawn from the deck as the engine shuffled it.
	Drawn []string `json:"drawn,omitempty"`
}

func (a *EndTurn) apply(c *ctx) error {
	p, err := c.main(a)
	if err != nil {
		return err
	}
	s := c.s
	// 1. Refill empty card spaces.
	for i := range s.Boards {
		b := &s.Boards[i]
		if b.Explored && b.Card == nil {
			if s.drawCard(b, b.At.Row) {
				c.emit(engine.NewEvent("card-drawn", engine.NoSeat, fmt.Sprintf("A card from the Row %d box goes to %s", b.Card.Row, placeName(c.s, b.At)), map[string]any{"at": b.At, "row": b.Card.Row}))
			}
		}
	}
	// 2. Pirate or mercantile mode.
	// Each cleanup the player chooses; mercantile is the default (p. 12).
	pirate := a.Pirate != nil && *a.Pirate
	if pirate && p.inHarbor() {
		return engine.Refuse("pirate-harbor", 12, "A ship in the Harbor must be in mercantile mode")
	}
	if p.Ship.Pirate != pirate {
		p.Ship.Pirate = pirate
		mode := "mercantile"
		if pirate {
			mode = "pirate"
		}
		c.emit(engine.NewEvent("mode-changed", a.Seat, fmt.Sprintf("%s's ship is now in %s mode", p.Name, mode), map[string]any{"pirate": pirate}))
	}
	// 3. Lose unspent sails.
	p.Ship.Sails = 0
	// The bonus draw icons are counted before sleeving: an advancement
	// sleeved now cannot be used this turn (p. 12), its icon included.
	// Cards played in defense on other turns count as played this turn (p. 18).
	bonus := 0
	for _, id := range append(append([]string{}, p.Played...), p.PlayedOffTurn...) {
		bonus += c.s.drawIcons(p.Card(id))
	}
	// 4. Sleeve advancements.
	if err := c.sleeve(p, a.Sleeves); err != nil {
		return err
	}
	// 5. Discard and draw.
	p.Discard = append(p.Discard, p.Played...)
	p.Discard = append(p.Discard, p.PlayedOffTurn...)
	p.Played, p.PlayedOffTurn = []string{}, nil
	limit := c.s.HandLimit(a.Seat)
	draw := min(4+bonus, max(0, limit-p.HandSize()))
	if s.Options.PhysicalCards {
		err = c.drawPhysical(p, draw, a.Drawn)
	} else {
		err = c.draw(p, draw, a.Drawn)
	}
	if err != nil {
		return err
	}
	// The end of the game (p. 22).
	if s.EndTriggeredBy == engine.NoSeat && len(p.Achievements) >= EndTriggerAchievements {
		s.EndTriggeredBy = a.Seat
		c.emit(engine.NewEvent("end-triggered", a.Seat, fmt.Sprintf("%s has %d achievements: every other player takes one final turn", p.Name, len(p.Achievements)), nil))
	}
	if s.EndTriggeredBy != engine.NoSeat {
		p.FinalTurnDone = true
	}
	p.CanLevel = !p.FinalTurnDone || s.Options.LevelOnFinalTurn
	next := engine.Seat((int(a.Seat) + 1) % len(s.Players))
	if s.EndTriggeredBy != engine.NoSeat && s.Players[next].FinalTurnDone {
		s.Over = true
		c.emit(engine.NewEvent("game-over", engine.NoSeat, "Every final turn has been taken: the game is over, count the score", nil))
		return nil
	}
	s.Turn = Turn{Number: s.Turn.Number + 1, Seat: next, Used: []string{}, StartAt: s.Players[next].Ship.At}
	c.emit(engine.NewEvent("turn-started", next, fmt.Sprintf("%s's turn", s.Players[next].Name), map[string]any{"turn": s.Turn.Number}))
	return nil
}

// drawIcons counts the bonus draw icons on a card.
func (s *State) drawIcons(card *SailorCard) int {
	n := 0
	s.plainEffects(card, func(e data.Effect) {
		if e.Kind == "draw" {
			n += s.effectAmount(card, e)
		}
	})
	return n
}

// HandLimit is 6 plus one per island the player controls with the hand icon (p. 12).
func (s *State) HandLimit(seat engine.Seat) int {
	n := 6
	for _, b := range s.Boards {
		if b.Island != nil && b.Island.Controller == seat {
			if d, ok := s.Catalog.Island(b.Island.ID); ok && d.HandIcon {
				n++
			}
		}
	}
	return n
}

// draw draws n cards, reshuffling the discard pile into the deck when it runs
// out (p. 12). named, when given, are the cards drawn at the table.
func (c *ctx) draw(p *Player, n int, named []string) error {
	if want := min(n, len(p.Deck)+len(p.Discard)); named != nil && len(named) != want {
		return engine.Refuse("draw-count", 12, "You draw %s now, not %d", count(want, "card", ""), len(named))
	}
	var got, names []string
	for k := 0; k < n; k++ {
		if len(p.Deck) == 0 {
			if len(p.Discard) == 0 {
				break
			}
			p.Deck, p.Discard = p.Discard, []string{}
			c.s.RNG.Shuffle(len(p.Deck), func(i, j int) { p.Deck[i], p.Deck[j] = p.Deck[j], p.Deck[i] })
			c.emit(engine.NewEvent("deck-reshuffled", p.Seat, p.Name+" shuffles the discard pile into a new deck", nil))
		}
		id := p.Deck[0]
		if named != nil {
			if k >= len(named) {
				break
			}
			id = named[k]
			if !contains(p.Deck, id) {
				return engine.Refuse("draw-card", 12, "%s is not in your deck", p.nameOf(id))
			}
		}
		p.Deck = remove(p.Deck, id)
		p.Hand = append(p.Hand, id)
		got = append(got, id)
		names = append(names, p.nameOf(id))
	}
	c.emit(engine.NewEvent("cards-drawn", p.Seat, fmt.Sprintf("%s draws %s", p.Name, count(len(got), "card", "")), map[string]any{"count": len(got)}).
		WithSecret("You draw "+listWords(names, "no card"), map[string]any{"cards": got}))
	return nil
}

// sleeve applies the sleeving rules (p. 12): only onto cards played this
// turn, never covering an advancement already there, at most one left set
// aside, and any that can be sleeved must be when more than one remain.
func (c *ctx) sleeve(p *Player, sl []Sleeve) error {
	for _, s := range sl {
		idx := -1
		for i, a := range p.SetAside {
			if a.Inst == s.Adv {
				idx = i
			}
		}
		if idx < 0 {
			return engine.Refuse("sleeve-which", 12, "Advancement %d is not set aside", s.Adv)
		}
		if !contains(p.Played, s.Card) && !contains(p.PlayedOffTurn, s.Card) {
			return engine.Refuse("sleeve-played", 12, "You can sleeve only onto a card you played this turn, not %s", p.nameOf(s.Card))
		}
		adv := p.SetAside[idx]
		def, ok := c.s.Catalog.Advancement(adv.ID)
		if !ok {
			return engine.Refuse("card-not-entered", 12, "Enter advancement %d's card first", adv.Inst)
		}
		card := p.Card(s.Card)
		slot := card.slot(def.Slot)
		if *slot != nil {
			return engine.Refuse("sleeve-covered", 12, "%s already has an advancement in its %s slot", p.nameOf(s.Card), def.Slot)
		}
		a := adv
		*slot = &a
		p.SetAside = append(p.SetAside[:idx:idx], p.SetAside[idx+1:]...)
		c.emit(engine.NewEvent("sleeved", p.Seat, fmt.Sprintf("%s sleeves %s into %s", p.Name, def.Name, p.nameOf(s.Card)), map[string]any{"adv": adv, "card": s.Card, "slot": def.Slot}))
	}
	if len(p.SetAside) > 1 {
		for _, adv := range p.SetAside {
			def, ok := c.s.Catalog.Advancement(adv.ID)
			if !ok {
				continue
			}
			for _, id := range append(append([]string{}, p.Played...), p.PlayedOffTurn...) {
				if *p.Card(id).slot(def.Slot) == nil {
					return engine.Refuse("must-sleeve", 12, "At most one advancement stays set aside: %s fits the %s slot of %s", def.Name, def.Slot, p.nameOf(id))
				}
			}
		}
	}
	return nil
}
