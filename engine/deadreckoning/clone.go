package deadreckoning

import (
	"encoding/json"
	"maps"
)

// clone deep-copies the state: an action is applied to the copy, which
// replaces the state only if the action is accepted. Slices shared with the
// catalog are capped so an append never writes into the original's array.
func (s *State) clone() *State {
	c := *s
	c.Catalog.BuildingCosts = maps.Clone(s.Catalog.BuildingCosts)
	c.Catalog.AchievementValues = maps.Clone(s.Catalog.AchievementValues)
	c.Catalog.Islands = s.Catalog.Islands[:len(s.Catalog.Islands):len(s.Catalog.Islands)]
	c.Catalog.Advancements = s.Catalog.Advancements[:len(s.Catalog.Advancements):len(s.Catalog.Advancements)]
	c.Catalog.Upgrades = s.Catalog.Upgrades[:len(s.Catalog.Upgrades):len(s.Catalog.Upgrades)]
	c.Catalog.BonusTokens = s.Catalog.BonusTokens[:len(s.Catalog.BonusTokens):len(s.Catalog.BonusTokens)]
	c.Players = make([]Player, len(s.Players))
	for i := range s.Players {
		c.Players[i] = s.Players[i].clone()
	}
	c.Boards = make([]Board, len(s.Boards))
	for i, b := range s.Boards {
		nb := b
		if b.Island != nil {
			is := *b.Island
			is.Slots = cloneSlice(is.Slots)
			is.Permanent = cloneSlice(is.Permanent)
			is.Buildings = cloneSlice(is.Buildings)
			nb.Island = &is
		}
		nb.Arrows = cloneSlice(b.Arrows)
		if b.Card != nil {
			sp := *b.Card
			nb.Card = &sp
		}
		c.Boards[i] = nb
	}
	t := s.Turn
	t.Used = cloneSlice(t.Used)
	t.CannonsUsed = maps.Clone(t.CannonsUsed)
	t.Fought = cloneSlice(t.Fought)
	t.Blockaded = cloneSlice(t.Blockaded)
	t.Partial = cloneSlice(t.Partial)
	if t.Influence != nil {
		ic := *t.Influence
		ic.Buildings = cloneSlice(ic.Buildings)
		t.Influence = &ic
	}
	if t.PendingExplore != nil {
		p := *t.PendingExplore
		t.PendingExplore = &p
	}
	if t.Battles != nil {
		t.Battles = make([]PendingBattle, len(s.Turn.Battles))
		for i, pb := range s.Turn.Battles {
			t.Battles[i] = pb.clone()
		}
	}
	if t.LastBattle != nil {
		lb := t.LastBattle.clone()
		t.LastBattle = &lb
	}
	c.Turn = t
	// The reads are never changed in place, only appended to.
	c.TieBreakReads = s.TieBreakReads[:len(s.TieBreakReads):len(s.TieBreakReads)]
	return &c
}

func (p Player) clone() Player {
	for i := range p.Ship.Spaces {
		p.Ship.Spaces[i].Tiles = cloneSlice(p.Ship.Spaces[i].Tiles)
	}
	cards := make([]SailorCard, len(p.Cards))
	for i, c := range p.Cards {
		for _, sl := range Slots {
			if a := *c.slot(sl); a != nil {
				x := *a
				*c.slot(sl) = &x
			}
		}
		cards[i] = c
	}
	p.Cards = cards
	p.Deck = cloneSlice(p.Deck)
	p.Hand = cloneSlice(p.Hand)
	p.Played = cloneSlice(p.Played)
	p.Discard = cloneSlice(p.Discard)
	p.PlayedOffTurn = cloneSlice(p.PlayedOffTurn)
	p.SetAside = cloneSlice(p.SetAside)
	p.BonusDealt = cloneSlice(p.BonusDealt)
	p.Achievements = cloneSlice(p.Achievements)
	p.Progress = maps.Clone(p.Progress)
	return p
}

// cloneSlice copies a slice, keeping nil as nil and empty as empty so the
// copy encodes exactly like the original.
func cloneSlice[T any](s []T) []T {
	if s == nil {
		return nil
	}
	return append(make([]T, 0, len(s)), s...)
}

func (pb PendingBattle) clone() PendingBattle {
	if pb.Card != nil {
		a := *pb.Card
		pb.Card = &a
	}
	if pb.Merchant != nil {
		m := *pb.Merchant
		pb.Merchant = &m
	}
	pb.Buildings = cloneSlice(pb.Buildings)
	if pb.Machine != nil {
		pb.Machine = append(json.RawMessage(nil), pb.Machine...)
	}
	return pb
}
