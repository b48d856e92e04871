package deadreckoning

import (
	"fmt"
	"strconv"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// sailors are the printed sailor cards, loaded once: they are the same in
// every game and never change.
var sailors = func() map[string]data.Sailor {
	s, err := data.LoadSailors()
	if err != nil {
		panic("deadreckoning: embedded sailor cards are invalid: " + err.Error())
	}
	m := map[string]data.Sailor{}
	for _, sl := range s.Sailors {
		m[sl.ID] = sl
	}
	return m
}()

// sailorOrder is the order cards are listed in a new deck.
var sailorOrder = []string{"captain", "purser", "first-mate", "bosun", "buccaneer", "gunner", "deck-hand", "crew"}

// sailorList is the printed sailor cards by kind, as the facts send them
// (shared by every view: never modified).
var sailorList = func() map[string]SailorInfo {
	out := make(map[string]SailorInfo, len(sailors))
	for k, s := range sailors {
		out[k] = SailorInfo{Name: s.Name, Count: s.Count, Page: s.Page, Levels: s.Level}
	}
	return out
}()

// newDeck returns the 12 sailor cards at level 1 (p. 6).
func newDeck() []SailorCard {
	var out []SailorCard
	for _, k := range sailorOrder {
		sl := sailors[k]
		for i := 1; i <= sl.Count; i++ {
			id := k
			if sl.Count > 1 {
				id = k + "-" + strconv.Itoa(i)
			}
			out = append(out, SailorCard{ID: id, Kind: k, Level: 1})
		}
	}
	return out
}

// Slots are the three advancement slots of a sailor card, top to bottom.
var Slots = []string{"top", "middle", "bottom"}

// Ability sources on a card: its sailor level, or an advancement slot.
const SourceLevel = "level"

// cardAbilities returns the abilities one source of a card gives: "level"
// (the visible sailor level) or a slot name (the sleeved advancement).
func (s *State) cardAbilities(c *SailorCard, source string) ([]data.Ability, bool) {
	if source == "" || source == SourceLevel {
		sl, ok := sailors[c.Kind]
		if !ok || c.Level < 1 || c.Level > 4 {
			return nil, false
		}
		return sl.Level[c.Level-1].Abilities, true
	}
	p := c.slot(source)
	if p == nil || *p == nil {
		return nil, false
	}
	a, ok := s.Catalog.Advancement((*p).ID)
	if !ok {
		return nil, false
	}
	return a.Abilities, true
}

// cardSources lists the sources a card has: its level and each filled slot.
func cardSources(c *SailorCard) []string {
	out := []string{SourceLevel}
	for _, sl := range Slots {
		if *c.slot(sl) != nil {
			out = append(out, sl)
		}
	}
	return out
}

// CardIcons counts the sails, cannons and wheels printed as plain icons on a
// card (its level and every sleeved advancement). Icons inside a red-slash
// choice are not counted: they count only when that option is chosen.
func (s *State) CardIcons(c *SailorCard) (sails, cannons, wheels int) {
	s.plainEffects(c, func(e data.Effect) {
		if e.Per != "" {
			return
		}
		switch e.Kind {
		case data.KindSails:
			sails += e.N
		case data.KindCannon:
			cannons += e.N
		case data.KindWheel:
			wheels += e.N
		}
	})
	return
}

// plainEffects calls f with each effect a card always gives: those of
// abilities with a single option, on its level and every sleeved
// advancement (an effect inside a red-slash choice counts only when that
// option is chosen).
func (s *State) plainEffects(c *SailorCard, f func(e data.Effect)) {
	for _, src := range cardSources(c) {
		abs, _ := s.cardAbilities(c, src)
		for _, a := range abs {
			if len(a.Options) != 1 {
				continue
			}
			for _, e := range a.Options[0].Effects {
				f(e)
			}
		}
	}
}

// CardGives counts the sails and cannons a card gives: its plain icons
// (CardIcons) and the "icon X icon" shorthand, such as a sail for each wheel
// on this card (p. 13). What the shorthand gives is not "on the card", so
// "for each ... on this card" amounts count CardIcons only.
func (s *State) CardGives(c *SailorCard) (sails, cannons int) {
	s.plainEffects(c, func(e data.Effect) {
		switch e.Kind {
		case data.KindSails:
			sails += s.effectAmount(c, e)
		case data.KindCannon:
			cannons += s.effectAmount(c, e)
		}
	})
	return
}

// effectAmount is an effect's amount, multiplied by the card's icons for a
// "for each X on this card" effect (p. 13).
func (s *State) effectAmount(c *SailorCard, e data.Effect) int {
	if e.Per == "" {
		return e.N
	}
	_, cannons, wheels := s.CardIcons(c)
	if e.Per == "cannon" {
		return e.N * cannons
	}
	return e.N * wheels
}

// abilityKey names one ability of one card for the once-per-turn rule.
func abilityKey(seat engine.Seat, card, source string, ability int) string {
	if source == "" {
		source = SourceLevel
	}
	return fmt.Sprintf("%d/%s/%s/%d", seat, card, source, ability)
}

func (s *State) abilityUsed(key string) bool {
	for _, k := range s.Turn.Used {
		if k == key {
			return true
		}
	}
	return false
}

// inPlay reports whether a card of the player is face up in play (played this
// turn, or played in defense and still in play).
func (p *Player) inPlay(id string) bool {
	return contains(p.Played, id) || contains(p.PlayedOffTurn, id)
}

func contains(list []string, x string) bool {
	for _, v := range list {
		if v == x {
			return true
		}
	}
	return false
}

func remove(list []string, x string) []string {
	for i, v := range list {
		if v == x {
			return append(list[:i:i], list[i+1:]...)
		}
	}
	return list
}
