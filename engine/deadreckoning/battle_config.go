package deadreckoning

import (
	"fmt"
	"maps"
	"slices"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// This file plugs package battle into a tracked game: BattleConfig
// describes the battle the turn waits on for the battle state machine, and
// BattleOutcomeOf turns the machine's Outcome into the BattleOutcome that
// ApplyBattleOutcome (and the record-battle-outcome action) apply. It uses
// only the State's exported fields and methods.

// BattleConfig describes the current pending battle (State.CurrentBattle)
// for battle.New: both sides with their cannons, cards in play (and, for a
// defending player, in hand), battle abilities with their once-per-turn
// keys (AbilityKey), what was already used this turn, the cube bonuses and
// what the sides carry.
func BattleConfig(s *State) (battle.Config, error) {
	pb := s.CurrentBattle()
	if pb == nil {
		return battle.Config{}, engine.Refuse("no-battle", 17, "There is no battle to fight")
	}
	cfg := battle.Config{
		Kind:           battle.Kind(pb.Kind),
		Cause:          battle.Cause(pb.Cause),
		OpponentKey:    opponentKey(pb),
		FoughtThisTurn: append([]string(nil), s.Turn.Fought...),
	}
	if b := s.Board(pb.At); b != nil && b.Island != nil {
		cfg.AtIsland = true
	}
	att := s.Player(pb.Attacker)
	if att == nil {
		return cfg, engine.Refuse("no-such-seat", 17, "The attacking player is not at the table")
	}
	cfg.Attacker = shipSide(s, att, pb, false)
	switch pb.Kind {
	case BattleShip:
		def := s.Player(pb.Defender)
		if def == nil {
			return cfg, engine.Refuse("no-such-seat", 17, "The defending player is not at the table")
		}
		cfg.Defender = shipSide(s, def, pb, true)
	case BattleMerchant:
		name, cubes := "the Merchant ship", 0
		if pb.Merchant != nil {
			cubes = pb.Merchant.Cubes
			if pb.Merchant.Name != "" {
				name = pb.Merchant.Name
			}
		}
		cfg.Defender = battle.Side{Kind: battle.SideMerchant, Seat: engine.NoSeat, Name: name, Colour: "black", MerchantCubes: cubes}
	case BattleBuilding:
		d := battle.Side{Kind: battle.SideBuildings, Seat: pb.Defender, Colour: "black"}
		owner := s.Player(pb.Defender)
		d.Name = "buildings at " + pb.At.String()
		if owner != nil {
			d.Name = owner.Name + "'s buildings at " + pb.At.String()
			d.FinalTurnTaken = owner.FinalTurnDone
		}
		for _, b := range pb.Buildings {
			switch b {
			case "fort":
				d.Fort = true
			case "garrison":
				d.Garrison = true
			}
		}
		cfg.Defender = d
		for i := range s.Players {
			p := &s.Players[i]
			if p.Seat != pb.Attacker && p.Ship.Pirate && p.Ship.At == pb.At {
				cfg.PirateShipAtIsland = true
			}
		}
	default:
		return cfg, engine.Refuse("battle-bad-side", 17, "A battle is against another ship, a Merchant ship or the buildings at an island")
	}
	return cfg, nil
}

// opponentKey names the opponent as the game's Turn.Fought does.
func opponentKey(pb *PendingBattle) string {
	switch pb.Kind {
	case BattleShip:
		return fmt.Sprintf("ship:%d", pb.Defender)
	case BattleMerchant:
		if pb.Card != nil {
			return fmt.Sprintf("merchant:%d", pb.Card.Inst)
		}
		return "merchant"
	}
	return "building:" + pb.At.String()
}

func battleColour(p *Player) string {
	if p.Color != "" && p.Color != "black" {
		return p.Color
	}
	return fmt.Sprintf("seat-%d", int(p.Seat)+1)
}

// shipSide describes a player's ship; a defending player's hand is offered.
func shipSide(s *State, p *Player, pb *PendingBattle, defender bool) battle.Side {
	sd := battle.Side{
		Kind: battle.SideShip, Seat: p.Seat, Name: p.Name, Colour: battleColour(p),
		ShipCannons:    s.ShipCannons(p),
		InHarbor:       p.Ship.At.IsHarbor(),
		FinalTurnTaken: p.FinalTurnDone,
		Pirate:         p.Ship.Pirate,
		Damage:         p.Ship.Damage,
		CoinsInChest:   p.Chest,
		Cubes:          p.Cubes,
		UsedCannons:    map[string]int{},
	}
	if s.Controller(pb.At) == p.Seat {
		if b := s.Board(pb.At); b != nil && b.Island != nil {
			sd.BuildingsHere = len(b.Island.Buildings)
		}
	}
	g := p.ShipGoods()
	sd.Hold = battle.Hold{Cargo: g.Cargo, Coins: g.Coins}
	for i := range p.Ship.Spaces {
		sd.Hold.Free += max(0, s.HoldCapacity(p, i)-p.Ship.Spaces[i].Hold.Total())
	}
	sd.SpareIslandCubes = spareIslandCubes(s, p.Seat)
	if n := s.CannonsUsed(p.Seat, battle.ShipSource); n > 0 {
		sd.UsedCannons[battle.ShipSource] = min(n, sd.ShipCannons)
	}
	ids := append(append([]string{}, p.Played...), p.PlayedOffTurn...)
	inHand := map[string]bool{}
	if defender {
		// With physical cards, every card that may be in hand.
		for _, id := range p.mayHold() {
			ids = append(ids, id)
			inHand[id] = true
		}
	}
	for _, id := range ids {
		c := p.Card(id)
		if c == nil {
			continue
		}
		_, cannons := s.CardGives(c)
		card := battle.Card{ID: c.ID, Name: cardName(c), Cannons: cannons, InHand: inHand[id]}
		if s.Used(AbilityKey(p.Seat, c.ID, SourceLevel, -1)) {
			sd.UsedCannons[c.ID] = cannons
		}
		if n := s.CannonsUsed(p.Seat, c.ID); n > sd.UsedCannons[c.ID] {
			sd.UsedCannons[c.ID] = min(n, cannons)
		}
		for _, src := range append([]string{SourceLevel}, Slots...) {
			abs, ok := s.CardAbilities(c, src)
			if !ok {
				continue
			}
			for i, ab := range abs {
				ba, ok := battleAbility(s, c, ab)
				if !ok {
					continue
				}
				ba.ID = AbilityKey(p.Seat, c.ID, src, i)
				if s.Used(ba.ID) {
					sd.UsedAbilities = append(sd.UsedAbilities, ba.ID)
				}
				card.Abilities = append(card.Abilities, ba)
			}
		}
		sd.Cards = append(sd.Cards, card)
	}
	return sd
}

// battleAbility maps a card's "BATTLE:" ability with a single option to the
// battle machine's primitives; "for each wheel/cannon on this card" amounts
// are counted on the card.
func battleAbility(s *State, c *SailorCard, ab data.Ability) (battle.Ability, bool) {
	if !ab.Battle || len(ab.Options) != 1 {
		return battle.Ability{}, false
	}
	_, cannons, wheels := s.CardIcons(c)
	amount := func(e data.Effect) int {
		switch e.Per {
		case "wheel":
			return e.N * wheels
		case "cannon":
			return e.N * cannons
		}
		return e.N
	}
	// One battle ability per card ability: its first battle effect decides
	// the kind; more "if you win" gains in the same ability add up (the
	// level 4 Captain: 2 cargo plus 1 per wheel).
	var out battle.Ability
	for _, e := range ab.Options[0].Effects {
		if out.Kind != "" {
			if out.Kind == battle.IfWin && e.Kind == data.KindBattleWinCargo {
				out.Cargo += amount(e)
			}
			continue
		}
		out.Name, out.NotVsBuildings = cardName(c), e.NotVsBuildings
		switch e.Kind {
		case data.KindBattleDrop:
			out.Kind, out.N = battle.DropCubes, amount(e)
		case data.KindBattleStrength:
			out.Kind, out.N = battle.GainStrength, amount(e)
		case data.KindBattleRemoveCube:
			out.Kind, out.N, out.Cargo = battle.RemoveCube, e.Damage, e.Cargo
		case data.KindBattleWinCargo:
			out.Kind, out.Cargo = battle.IfWin, amount(e)
		}
	}
	if out.Kind == "" || ((out.Kind == battle.DropCubes || out.Kind == battle.GainStrength) && out.N < 1) {
		return battle.Ability{}, false
	}
	return out, true
}

// spareIslandCubes counts seat's island cubes (in slots, never permanent)
// that can be taken back one island at a time without changing who controls
// that island (p. 14): control needs more cubes than any other player and
// more than the empty slots.
func spareIslandCubes(s *State, seat engine.Seat) int {
	spare := 0
	for _, b := range s.Boards {
		is := b.Island
		if is == nil {
			continue
		}
		counts := map[engine.Seat]int{}
		empty, mine := 0, 0
		for _, x := range is.Slots {
			if x == engine.NoSeat {
				empty++
				continue
			}
			counts[x]++
			if x == seat {
				mine++
			}
		}
		for i, n := range is.Permanent {
			counts[engine.Seat(i)] += n
		}
		before := controllerOf(counts, empty)
		for k := 1; k <= mine; k++ {
			counts[seat]--
			if controllerOf(counts, empty+k) != before {
				break
			}
			spare++
		}
	}
	return spare
}

func controllerOf(counts map[engine.Seat]int, empty int) engine.Seat {
	best, who, tie := -1, engine.NoSeat, false
	for seat, n := range counts {
		switch {
		case n > best:
			best, who, tie = n, seat, false
		case n == best:
			tie = true
		}
	}
	if tie || best <= empty {
		return engine.NoSeat
	}
	return who
}

// BattleOutcomeOf turns a finished battle's Outcome into the BattleOutcome
// the game applies: who won, the damage from zones and abilities (the
// game adds the loser's 1), the plunder put into holds (filled in order A
// to D) and on the island, and whether a Merchant's card is kept.
func BattleOutcomeOf(s *State, o *battle.Outcome) (BattleOutcome, error) {
	pb := s.CurrentBattle()
	if pb == nil {
		return BattleOutcome{}, engine.Refuse("no-battle", 17, "There is no battle to resolve")
	}
	out := BattleOutcome{AttackerWon: o.Winner == battle.Attacker}
	a, d := o.Sides[battle.Attacker], o.Sides[battle.Defender]
	out.DamageToAttacker = a.DamageFromZones + a.DamageFromAbilities
	if pb.Kind == BattleShip {
		out.DamageToDefender = d.DamageFromZones + d.DamageFromAbilities
	}
	var err error
	if out.AttackerPlunder, err = plunderInto(s, pb.Attacker, a); err != nil {
		return out, err
	}
	if pb.Kind == BattleShip {
		if out.DefenderPlunder, err = plunderInto(s, pb.Defender, d); err != nil {
			return out, err
		}
	}
	if pb.Kind == BattleMerchant && out.AttackerWon && pb.Merchant != nil && pb.Merchant.WinAbility {
		out.MerchantKept = true
	}
	return out, nil
}

func plunderInto(s *State, seat engine.Seat, r battle.SideResult) (*Plunder, error) {
	if r.Ship == (battle.Goods{}) && r.Island == (battle.Goods{}) {
		return nil, nil
	}
	p := s.Player(seat)
	pl := &Plunder{Island: Hold{Cargo: r.Island.Cargo, Coins: r.Island.Coins}}
	cargo, coins := r.Ship.Cargo, r.Ship.Coins
	for i := range p.Ship.Spaces {
		free := s.HoldCapacity(p, i) - p.Ship.Spaces[i].Hold.Total()
		if free <= 0 || cargo+coins == 0 {
			continue
		}
		h := Hold{Cargo: min(cargo, free)}
		h.Coins = min(coins, free-h.Cargo)
		cargo, coins = cargo-h.Cargo, coins-h.Coins
		if pl.Holds == nil {
			pl.Holds = Goods{}
		}
		pl.Holds[spaceLetter(i)] = h
	}
	if cargo+coins > 0 {
		return nil, engine.Refuse("plunder-placement", 19, "%s's holds have no room for %d more cargo and coins", p.Name, cargo+coins)
	}
	return pl, nil
}

func spaceLetter(i int) string { return string(rune('A' + i)) }

// ApplyBattle applies a finished battle to the state: the defender's cards
// played from hand go into play (they stay until that player's next
// cleanup, p. 18), the battle abilities used and the cards whose cannons
// were all used are marked used this turn (p. 17), then the outcome is
// applied with ApplyBattleOutcome (damage, plunder, Legendary progress,
// mode, blockade, buildings, the Merchant card, sinking). Like
// ApplyBattleOutcome, call it only while applying an action: an error
// leaves the state half changed and must refuse the action.
//
// The cannons used per source (the ship's too) are counted in
// Turn.CannonsUsed, so a card or ship only partly used keeps the rest for
// another battle this turn, and the island cubes a side needed
// (Outcome.Sides[i].CubesFromIslands) are taken back into its supply
// without changing control. The battle's own jettison records are not
// applied here: the battle-step action jettisons through the game's
// jettison, which takes the goods from the holds.
func ApplyBattle(s *State, o *battle.Outcome) ([]engine.Event, error) {
	pb := s.CurrentBattle()
	if pb == nil {
		return nil, engine.Refuse("no-battle", 17, "There is no battle to resolve")
	}
	if o == nil || battle.Kind(pb.Kind) != o.Kind {
		return nil, engine.Refuse("battle-bad-side", 17, "That outcome is for another battle than the one being fought")
	}
	var pre []engine.Event
	for _, r := range []battle.Role{battle.Attacker, battle.Defender} {
		side := o.Sides[r]
		p := s.Player(side.Seat)
		if p == nil || (r == battle.Defender && pb.Kind != BattleShip) {
			continue
		}
		for _, id := range side.CardsPlayed {
			if err := s.PlayFromHand(p.Seat, id); err != nil {
				return nil, err
			}
		}
		for _, key := range side.AbilitiesUsed {
			s.MarkUsed(key)
		}
		if side.CubesFromIslands > 0 {
			evs, err := s.TakeIslandCubes(p.Seat, side.CubesFromIslands)
			if err != nil {
				return nil, err
			}
			pre = append(pre, evs...)
		}
		// In a fixed order: Turn.Used is part of the snapshot, which
		// replays byte for byte.
		for _, id := range slices.Sorted(maps.Keys(side.CannonsUsed)) {
			n := side.CannonsUsed[id]
			if n > 0 {
				s.UseCannons(p.Seat, id, n)
			}
			c := p.Card(id)
			if c == nil {
				continue
			}
			if _, cannons := s.CardGives(c); n >= cannons {
				s.MarkUsed(AbilityKey(p.Seat, id, SourceLevel, -1))
			}
		}
	}
	bo, err := BattleOutcomeOf(s, o)
	if err != nil {
		return nil, err
	}
	evs, err := s.ApplyBattleOutcome(bo)
	return append(pre, evs...), err
}
