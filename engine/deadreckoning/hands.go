package deadreckoning

import (
	"fmt"
	"slices"

	"github.com/quartermaster-table/quartermaster/engine"
)

// This file is how the companion knows the players' hands.
//
// With a digital deal (Options.PhysicalCards false, and every game saved
// before the option existed) the engine shuffles, deals and draws: Hand and
// Deck are exactly what each player holds and will draw.
//
// With physical cards (the new-game form's default) the players shuffle,
// deal and draw their real cards and the companion only counts. A hand is
// then the cards known to be in it (Hand: named on the player's own phone,
// or levelled up in hand) plus Unknown cards nobody has named; Deck holds
// every card whose place the companion does not know, the Unknown hand
// cards included, in no meaningful order. A card is named when it is
// played, and the engine accepts it when the player has a card in hand and
// that card (or one just like it: same sailor, level and sleeved
// advancements, which players cannot tell apart) is not accounted for in
// play or in the discard pile.

func init() {
	registerAction("name-hand", func() engine.Action { return &NameHand{} })
}

// HandSize is how many cards the player holds, named or not.
func (p *Player) HandSize() int { return len(p.Hand) + p.Unknown }

// DeckSize is how many cards are in the player's draw deck.
func (p *Player) DeckSize() int { return len(p.Deck) - p.Unknown }

// mayHold lists the cards that may be in the player's hand: the named ones,
// and while some are not named, every card whose place is unknown.
func (p *Player) mayHold() []string {
	out := append([]string{}, p.Hand...)
	if p.Unknown > 0 {
		out = append(out, p.Deck...)
	}
	return out
}

// sameCard reports whether two of a player's cards look the same at the
// table: the same sailor at the same level with the same advancements.
func sameCard(a, b *SailorCard) bool {
	adv := func(x *Adv) string {
		if x == nil {
			return ""
		}
		return x.ID
	}
	return a.Kind == b.Kind && a.Level == b.Level &&
		adv(a.Top) == adv(b.Top) && adv(a.Middle) == adv(b.Middle) && adv(a.Bottom) == adv(b.Bottom)
}

// cardName is a card's printed name ("Deck Hand"), for sentences.
func cardName(c *SailorCard) string {
	if sl, ok := sailors[c.Kind]; ok && sl.Name != "" {
		return sl.Name
	}
	return c.Kind
}

// nameOf is the printed name of the player's card id, or the id itself.
func (p *Player) nameOf(id string) string {
	if c := p.Card(id); c != nil {
		return cardName(c)
	}
	return id
}

// revealInHand makes sure the named card is among the player's known hand
// cards and returns the id taken: the card itself or, with physical cards,
// one just like it. page is the rule the refusal cites (p. 8 for a card
// played on one's turn, p. 13 for a level-up, p. 18 for a defence).
func (s *State) revealInHand(p *Player, id string, page int) (string, error) {
	if contains(p.Hand, id) {
		return id, nil
	}
	if !s.Options.PhysicalCards {
		return "", engine.Refuse("not-in-hand", page, "%s is not in your hand", p.nameOf(id))
	}
	want := p.Card(id)
	if want == nil {
		return "", engine.Refuse("no-such-card", page, "That card is not one of your 12 sailor cards: choose one of them")
	}
	if p.HandSize() == 0 {
		return "", engine.Refuse("hand-empty", page, "Your hand is empty: there is no card to take from it")
	}
	// A known card just like it: players cannot tell the two apart.
	for _, h := range p.Hand {
		if sameCard(p.Card(h), want) {
			return h, nil
		}
	}
	if p.Unknown == 0 {
		return "", engine.Refuse("not-in-hand", page, "%s is not among the cards you entered as your hand", cardName(want))
	}
	return s.revealUnknown(p, id, page, false)
}

// revealUnknown names one of the hand's unknown cards: the card id, or one
// just like it whose place is unknown. entered says the refusal should
// count the cards already entered as the hand.
func (s *State) revealUnknown(p *Player, id string, page int, entered bool) (string, error) {
	want := p.Card(id)
	if want == nil {
		return "", engine.Refuse("no-such-card", page, "That card is not one of your 12 sailor cards: choose one of them")
	}
	take := ""
	if contains(p.Deck, id) {
		take = id
	} else {
		for _, d := range p.Deck {
			if sameCard(p.Card(d), want) {
				take = d
				break
			}
		}
	}
	if take == "" {
		return "", engine.Refuse("card-accounted", page, "%s", accountedFor(p, want, entered))
	}
	p.Deck = remove(p.Deck, take)
	p.Unknown--
	p.Hand = append(p.Hand, take)
	return take, nil
}

// accountedFor says where every card like want is, in players' words.
func accountedFor(p *Player, want *SailorCard, entered bool) string {
	n := 0
	for i := range p.Cards {
		if sameCard(&p.Cards[i], want) {
			n++
		}
	}
	name := cardName(want)
	if want.Level > 1 || want.Top != nil || want.Middle != nil || want.Bottom != nil {
		name = fmt.Sprintf("%s at level %d", name, want.Level)
		if want.Top != nil || want.Middle != nil || want.Bottom != nil {
			name += " with its advancements"
		}
	}
	where := "in play or in your discard pile"
	if entered {
		where = "in play, in your discard pile or entered as your hand"
	}
	if n == 1 {
		return fmt.Sprintf("Your %s is already %s, so it cannot be another card of your hand", name, where)
	}
	return fmt.Sprintf("All %d of your %s cards are already %s, so none is left to be in your hand", n, name, where)
}

// takeFromHand takes the named card (or one just like it) out of the
// player's hand and returns the id taken.
func (s *State) takeFromHand(p *Player, id string, page int) (string, error) {
	got, err := s.revealInHand(p, id, page)
	if err != nil {
		return "", err
	}
	p.Hand = remove(p.Hand, got)
	return got, nil
}

// drawPhysical counts the n cards drawn at the table: they join the hand
// unnamed. When the deck runs out the discard pile is shuffled into a new
// deck (p. 12). named, when given, are the cards drawn, as the player
// entered them on their phone.
func (c *ctx) drawPhysical(p *Player, n int, named []string) error {
	if want := min(n, p.DeckSize()+len(p.Discard)); named != nil && len(named) != want {
		return engine.Refuse("draw-count", 12, "You draw %s now, not %d", count(want, "card", ""), len(named))
	}
	if n > p.DeckSize() && len(p.Discard) > 0 {
		p.Deck = append(p.Deck, p.Discard...)
		slices.Sort(p.Deck) // the order of unknown cards means nothing
		p.Discard = []string{}
		c.emit(engine.NewEvent("deck-reshuffled", p.Seat, p.Name+" shuffles the discard pile into a new deck", nil))
	}
	got := min(n, p.DeckSize())
	p.Unknown += got
	var names []string
	for _, id := range named {
		taken, err := c.s.revealInHand(p, id, 12)
		if err != nil {
			return err
		}
		names = append(names, p.nameOf(taken))
	}
	ev := engine.NewEvent("cards-drawn", p.Seat, fmt.Sprintf("%s draws %s", p.Name, count(got, "card", "")), map[string]any{"count": got})
	if named != nil {
		ev = ev.WithSecret("You draw "+listWords(names, "no card"), map[string]any{"cards": named})
	}
	c.emit(ev)
	return nil
}

// NameHand is a player entering, on their own phone, cards they hold: the
// phone then keeps their hand, privately, and the rules check their plays
// against it. It names cards not named yet (the opening hand, or the cards
// just drawn); only with physical cards.
//
//	{"type":"name-hand","seat":0,"cards":["captain","crew-1","crew-2","gunner-1"]}
type NameHand struct {
	engine.ActionHeader
	Cards []string `json:"cards"`
}

// IsPrivate: the cards named are the player's secret.
func (a *NameHand) IsPrivate() bool { return true }

func (a *NameHand) apply(c *ctx) error {
	p := c.s.Player(a.Seat)
	if p == nil {
		return engine.Refuse("no-such-seat", 8, "Only a player at the table enters their own hand")
	}
	if !c.s.Options.PhysicalCards {
		return engine.Refuse("hand-dealt", 6, "The companion dealt the cards in this game: your hand is already known")
	}
	if len(a.Cards) == 0 {
		return engine.Refuse("bad-parameter", 8, "Name at least one card of your hand")
	}
	if len(a.Cards) > p.Unknown {
		return engine.Refuse("hand-count", 8, "You hold %s not entered yet, not %d", count(p.Unknown, "card", ""), len(a.Cards))
	}
	var names []string
	for _, id := range a.Cards {
		if p.Card(id) == nil {
			return engine.Refuse("no-such-card", 8, "That card is not one of your 12 sailor cards: choose one of them")
		}
		got, err := c.s.revealUnknown(p, id, 8, true)
		if err != nil {
			return err
		}
		names = append(names, p.nameOf(got))
	}
	p.KeepsHand = true
	c.emit(engine.NewEvent("hand-named", a.Seat, fmt.Sprintf("%s enters %s of their hand on their phone", p.Name, count(len(a.Cards), "card", "")), map[string]any{"count": len(a.Cards)}).
		WithSecret("Your phone keeps "+listWords(names, "no card"), map[string]any{"cards": append([]string{}, p.Hand...)}))
	return nil
}

// defenceCards checks the cards a defending player names in defence
// against their hand, the way a play is checked, and returns the ids the
// battle knows them by (a card just like the one named may stand for it).
// The player's state is not changed.
func (s *State) defenceCards(seat engine.Seat, named []string) ([]string, error) {
	p := s.Player(seat)
	if p == nil || !s.Options.PhysicalCards || len(named) == 0 {
		return named, nil
	}
	trial := *p
	trial.Hand = cloneSlice(p.Hand)
	trial.Deck = cloneSlice(p.Deck)
	out := make([]string, 0, len(named))
	for _, id := range named {
		got, err := s.takeFromHand(&trial, id, 18)
		if err != nil {
			return nil, err
		}
		out = append(out, got)
	}
	return out, nil
}
