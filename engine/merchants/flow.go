package merchants

import (
	"fmt"
	"sort"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/merchants/combat"
)

// Sections of the rules summary that refusals and help notes cite (it has
// no page numbers).
const (
	secSetup       = "Setup"
	secSkill       = "Setup > Skill checks"
	secTurn        = "Turn Sequence > Player Actions"
	secEvent       = "Turn Sequence > Draw Event Card"
	secMove        = "Player Actions > Move"
	secScout       = "Player Actions > Scout"
	secPort        = "Player Actions > Port"
	secSell        = "Port > Sell goods"
	secBuy         = "Port > Buy goods"
	secShipyard    = "Port > Visit shipyard"
	secRecruit     = "Port > Recruit"
	secStash       = "Port > Stash gold"
	secMerchants   = "Merchant Raids > Merchant tokens"
	secRaid        = "Merchant Raids > Merchant raids"
	secBounties    = "Bounties and Rewards > Effects of bounties"
	secRewards     = "Bounties and Rewards > Rewards"
	secGlory       = "Glory Cards"
	secSpecialists = "Glory Cards > Specialists"
	secCombat      = "Combat"
	secPlunder     = "Plunder > Plundering player captains"
	secDying       = "Dying and Retirement"
	secWinning     = "Winning"
)

// maybeStart begins the first round once every player has a ship.
func (c *ctx) maybeStart() {
	s := c.s
	if s.Stage != StageSetup {
		return
	}
	for _, p := range s.Players {
		if p.Ship == nil {
			return
		}
	}
	s.Stage = StagePlay
	type reveal struct {
		Seat    int    `json:"seat"`
		Captain string `json:"captain"`
		Ship    string `json:"ship"`
	}
	var rs []reveal
	for i, p := range s.Players {
		rs = append(rs, reveal{i, p.Captain, p.Ship.Type})
	}
	c.emit(engine.NewEvent("captains-revealed", engine.NoSeat, fmt.Sprintf("Every captain and ship is revealed; %s starts", s.Players[s.First].Name), rs))
	c.startRound()
}

// startRound redistributes a full merchant track, ends the game when no
// event card is left, and draws the round's event.
func (c *ctx) startRound() {
	s := c.s
	s.Round++
	if len(s.MerchantTrack) >= 8 {
		c.redistributeMerchants()
	}
	if len(s.EventDeck) == 0 {
		c.finish("no event card is left at the start of a round")
		return
	}
	ev := s.EventDeck[0]
	s.EventDeck = s.EventDeck[1:]
	s.EventDiscard = append(s.EventDiscard, ev)
	s.Event = ev
	card := findCard(c.cat.Events, ev)
	c.emit(engine.NewEvent("event-drawn", engine.NoSeat, fmt.Sprintf("Round %d: the event is %s", s.Round, card.Name),
		map[string]any{"round": s.Round, "card": card}))
	c.resolveEventNPCs(card)
	s.Turn = 0
	s.Order = nil
	for i := range s.Players {
		s.Order = append(s.Order, (s.First+i)%len(s.Players))
	}
	if s.FlexibleTurns {
		// Variant 1: the turn order is drawn from the bag each round.
		s.rng.Shuffle(len(s.Order), func(i, j int) { s.Order[i], s.Order[j] = s.Order[j], s.Order[i] })
		c.emit(engine.NewEvent("turn-order", engine.NoSeat, "The turn order of this round is drawn", map[string]any{"order": s.Order}))
	}
	s.Active = s.Order[0]
	c.beginTurn()
}

// redistributeMerchants puts the tokens of the merchant track back facedown,
// one in each zone that has none.
func (c *ctx) redistributeMerchants() {
	s := c.s
	tokens := c.shuffled(s.MerchantTrack)
	s.MerchantTrack = nil
	placed := 0
	for _, z := range c.cat.Zones {
		if s.Zones[z.ID].Merchant == "" && len(tokens) > 0 {
			s.Zones[z.ID].Merchant, tokens = tokens[0], tokens[1:]
			placed++
		}
	}
	s.MerchantSpare = append(s.MerchantSpare, tokens...)
	c.emit(engine.NewEvent("merchants-returned", engine.NoSeat, fmt.Sprintf("The merchant track was full: %d merchants sail again", placed), map[string]int{"placed": placed}))
}

func (c *ctx) beginTurn() {
	s := c.s
	s.T = Turn{}
	p := s.Players[s.Active]
	c.emit(engine.NewEvent("turn-started", engine.Seat(s.Active), p.Name+"'s turn", map[string]int{"round": s.Round}))
	if p.NeedCaptain {
		s.Pending = &Pending{Kind: "new-captain", Seat: s.Active}
		return
	}
	c.npcScouting(s.Active)
}

func (c *ctx) endTurn() {
	s := c.s
	if s.Stage != StagePlay {
		return
	}
	s.T = Turn{}
	s.Turn++
	if s.Turn >= len(s.Players) {
		c.placeNPCs()
		if len(s.Declared) > 0 {
			c.finish("a captain reached 10 glory points and the round is over")
			return
		}
		c.startRound()
		return
	}
	s.Active = s.Order[s.Turn]
	c.beginTurn()
}

// checkDeclarations declares every player who reached 10 glory points
// (track and stash): the declaration shows their stash.
func (c *ctx) checkDeclarations() {
	s := c.s
	if s.Stage != StagePlay {
		return
	}
	for i, p := range s.Players {
		if p.total() >= 10 && !containsInt(s.Declared, i) {
			s.Declared = append(s.Declared, i)
			c.emit(engine.NewEvent("glory-declared", engine.Seat(i),
				fmt.Sprintf("%s declares 10 glory points (stash %d gold); the game ends after this round", p.Name, p.Stash),
				map[string]int{"glory": p.Glory, "stash": p.Stash, "total": p.total()}))
		}
	}
}

// finish ends the game: most glory points (track and stash) wins, a tie goes
// to the largest stash.
func (c *ctx) finish(reason string) {
	s := c.s
	s.Stage = StageOver
	s.EndReason = reason
	s.Pending, s.Fight = nil, nil
	s.Dice.Open = nil
	best := -1
	for i, p := range s.Players {
		switch {
		case best < 0 || p.total() > s.Players[best].total() ||
			(p.total() == s.Players[best].total() && p.Stash > s.Players[best].Stash):
			best = i
			s.Winners = []int{i}
		case p.total() == s.Players[best].total() && p.Stash == s.Players[best].Stash:
			s.Winners = append(s.Winners, i)
		}
	}
	type score struct {
		Seat  int `json:"seat"`
		Glory int `json:"glory"`
		Stash int `json:"stash"`
		Total int `json:"total"`
	}
	var scores []score
	for i, p := range s.Players {
		scores = append(scores, score{i, p.Glory, p.Stash, p.total()})
	}
	names := ""
	for i, w := range s.Winners {
		if i > 0 {
			names += " and "
		}
		names += s.Players[w].Name
	}
	c.emit(engine.NewEvent("game-over", engine.NoSeat, fmt.Sprintf("The game is over (%s); %s wins", reason, names),
		map[string]any{"reason": reason, "winners": s.Winners, "scores": scores}))
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

// drawGlory gives seat a glory card, in secret.
func (c *ctx) drawGlory(seat int) {
	s := c.s
	if len(s.GloryDeck) == 0 {
		s.GloryDeck = c.shuffled(s.GloryDiscard)
		s.GloryDiscard = nil
	}
	if len(s.GloryDeck) == 0 {
		return
	}
	id := s.GloryDeck[0]
	s.GloryDeck = s.GloryDeck[1:]
	p := s.Players[seat]
	p.GloryCards = append(p.GloryCards, id)
	card := findCard(c.cat.Glory, id)
	c.emit(engine.NewEvent("glory-card-drawn", engine.Seat(seat), p.Name+" draws a glory card", nil).
		WithSecret("You draw "+card.Name, map[string]any{"card": card}))
}

// gainGlory gives seat a glory point and a glory card.
func (c *ctx) gainGlory(seat int, why string) {
	p := c.s.Players[seat]
	p.Glory++
	c.emit(engine.NewEvent("glory-gained", engine.Seat(seat), fmt.Sprintf("%s gains a glory point for %s", p.Name, why),
		map[string]any{"reason": why, "glory": p.Glory}))
	c.drawGlory(seat)
}

// drawCargo takes the top cargo card, reshuffling the discard pile into a
// new deck when the deck is empty; "" when no card is left anywhere.
func (c *ctx) drawCargo() string {
	s := c.s
	if len(s.CargoDeck) == 0 {
		s.CargoDeck = c.shuffled(s.CargoDiscard)
		s.CargoDiscard = nil
	}
	if len(s.CargoDeck) == 0 {
		return ""
	}
	id := s.CargoDeck[0]
	s.CargoDeck = s.CargoDeck[1:]
	return id
}

func (c *ctx) addBounty(seat int, nation string) {
	p := c.s.Players[seat]
	if p.Bounties == nil {
		p.Bounties = map[string]int{}
	}
	if p.Bounties[nation] >= 5 {
		return
	}
	p.Bounties[nation]++
	c.emit(engine.NewEvent("bounty-gained", engine.Seat(seat), fmt.Sprintf("%s now has %d %s %s", p.Name, p.Bounties[nation], nationWord(nation), plural(p.Bounties[nation], "bounty", "bounties")),
		map[string]any{"nation": nation, "bounties": p.Bounties[nation]}))
}

// loseCaptain discards the captain and everything aboard (death or
// retirement); glory points and the stash stay. With no captain card left to
// draw the game ends at once.
func (c *ctx) loseCaptain(seat int, why string) {
	s := c.s
	p := s.Players[seat]
	s.CaptainDiscard = append(s.CaptainDiscard, p.Captain)
	s.GloryDiscard = append(s.GloryDiscard, p.GloryCards...)
	s.GloryDiscard = append(s.GloryDiscard, p.Specialists...)
	p.Specialists = nil
	s.CargoDiscard = append(s.CargoDiscard, p.Cargo...)
	if p.Ship != nil {
		c.reenterMods(p.Ship.Mods)
	}
	if p.Mission != "" {
		s.MissionDiscard = append(s.MissionDiscard, p.Mission)
	}
	if p.Rumor != "" {
		s.RumorDiscard = append(s.RumorDiscard, p.Rumor)
	}
	p.Mission, p.Rumor = "", ""
	p.GloryCards, p.Cargo, p.Weapons, p.Ship = nil, nil, nil, nil
	p.Gold = 0
	p.Bounties = map[string]int{}
	p.InPort = false
	p.NeedCaptain = true
	c.emit(engine.NewEvent("captain-lost", engine.Seat(seat), fmt.Sprintf("%s's captain %s", p.Name, why), map[string]string{"why": why}))
	waiting := 0
	for _, o := range s.Players {
		if o.NeedCaptain {
			waiting++
		}
	}
	if waiting > len(s.CaptainDeck) && s.Stage == StagePlay {
		c.finish("a captain was lost and no captain card is left")
	}
}

// reenterMods puts the modifications of a ship that left the game back in
// ports without one, facedown. The owner picks the ports at the table; the
// companion picks them at random (our simplification).
func (c *ctx) reenterMods(mods []string) {
	for _, m := range mods {
		var free []string
		for _, z := range c.cat.Zones {
			if z.Port != "" && c.s.Zones[z.ID].Mod == "" {
				free = append(free, z.ID)
			}
		}
		if len(free) == 0 {
			return
		}
		z := free[c.s.rng.IntN(len(free))]
		c.s.Zones[z].Mod, c.s.Zones[z].ModRevealed = m, false
		c.emit(engine.NewEvent("mod-returned", engine.NoSeat, "A ship modification returns facedown to "+c.cat.zone(z).Port, map[string]string{"zone": z}))
	}
}

// capCargo removes cargo cards at random while a damaged hold cannot carry
// them.
func (c *ctx) capCargo(seat int) {
	p := c.s.Players[seat]
	if p.Ship == nil {
		return
	}
	for len(p.Cargo) > max(p.Ship.Cargo, 0) {
		i := c.s.rng.IntN(len(p.Cargo))
		c.s.CargoDiscard = append(c.s.CargoDiscard, p.Cargo[i])
		p.Cargo = append(p.Cargo[:i:i], p.Cargo[i+1:]...)
		c.emit(engine.NewEvent("cargo-lost", engine.Seat(seat), p.Name+" loses a cargo card from a damaged hold", nil))
	}
}

// newShip returns a ship of type t at full values.
func (c *ctx) newShip(t string) *Ship {
	st := c.cat.shipType(t)
	return &Ship{Type: t, Hull: st.Toughness, Masts: st.Toughness, Cargo: st.Cargo, Crew: st.Crew, Cannons: st.Cannons}
}

// maxOf is a location's full value: the ship card's, raised by the
// modifications (CARGO, CREW and CANNONS at most 5).
func (c *ctx) maxOf(sh *Ship, loc string) int {
	st := c.cat.shipType(sh.Type)
	has := func(m string) int {
		if in(sh.Mods, m) {
			return 1
		}
		return 0
	}
	switch loc {
	case combat.Hull, combat.Masts:
		return st.Toughness
	case combat.Cargo:
		return min(st.Cargo+has(CargoHold), maxValue)
	case combat.Crew:
		return min(st.Crew+has(ExtraHammocks), maxValue)
	case combat.Cannons:
		return min(st.Cannons+has(CannonPort), maxValue)
	}
	return 0
}

func (c *ctx) maneuverability(sh *Ship) int {
	m := c.cat.shipType(sh.Type).Maneuverability
	if in(sh.Mods, AdvancedRigs) {
		m++
	}
	return m
}

func (sh *Ship) loc(name string) *int {
	switch name {
	case combat.Hull:
		return &sh.Hull
	case combat.Cargo:
		return &sh.Cargo
	case combat.Masts:
		return &sh.Masts
	case combat.Crew:
		return &sh.Crew
	case combat.Cannons:
		return &sh.Cannons
	}
	return nil
}

// destroyed reports whether any hit location is at 0.
func (sh *Ship) destroyed() bool {
	return sh.Hull <= 0 || sh.Cargo <= 0 || sh.Masts <= 0 || sh.Crew <= 0 || sh.Cannons <= 0
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func sortedKeys(m map[string]int) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
