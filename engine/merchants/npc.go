package merchants

import (
	"fmt"
	"slices"
	"sort"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/merchants/combat"
)

// Sections of the NPC rules.
const (
	secNPC      = "Non-Player Captains (NPCs)"
	secNPCHunt  = "Non-Player Captains > Hunt priority"
	secNPCScout = "Non-Player Captains > Scouting"
	secNPCMove  = "Non-Player Captains > NPC movement"
	secNPCFight = "Non-Player Captains > NPC ships in combat"
)

// NPC is one kind of non-player ship: its stack of captain cards (the last
// is the active captain) and where its miniature is.
type NPC struct {
	Cards []string `json:"cards"`
	// Next is a captain card of this NPC drawn while its miniature is on
	// the board: the old captain sails on until the end of the round, then
	// the new one goes on top and the miniature to its home zone.
	Next string `json:"next,omitempty"`
	// Zone is "" while the miniature is off the board.
	Zone string `json:"zone,omitempty"`
	// Entering: the miniature goes to its captain's home zone at the end
	// of the round (a new NPC, or the replacement of a defeated one).
	Entering bool `json:"entering,omitempty"`
}

func (n *NPC) clone() *NPC {
	c := *n
	c.Cards = cloneStrings(n.Cards)
	return &c
}

func (c *ctx) npcCard(kind string) *NPCCard {
	n := c.s.NPCs[kind]
	if n == nil || len(n.Cards) == 0 {
		return nil
	}
	return findCard(c.cat.Events, n.Cards[len(n.Cards)-1]).NPC
}

// npcOnBoard returns the NPC of kind if its miniature is on the board.
func (c *ctx) npcOnBoard(kind string) *NPC {
	n := c.s.NPCs[kind]
	if n == nil || n.Zone == "" || len(n.Cards) == 0 {
		return nil
	}
	return n
}

// hostile reports whether an NPC of kind hunts p: naval ships hunt captains
// with bounties and, in a war, captains of the enemy nation; pirates hunt
// non-pirates.
func (c *ctx) hostile(kind string, p *Player) bool {
	if nation := navyNation(kind); nation != "" {
		return p.pirate() || (p.Captain != "" && c.atWar(nation, c.cat.captain(p.Captain).Nation))
	}
	return !p.pirate()
}

func warKey(a, b string) string {
	if a > b {
		a, b = b, a
	}
	return a + "|" + b
}

// atWar reports whether nations a and b are at war.
func (c *ctx) atWar(a, b string) bool { return a != b && in(c.s.Wars, warKey(a, b)) }

// resolveWar starts or ends the war an event card names.
func (c *ctx) resolveWar(card *Card) {
	s := c.s
	if len(card.War) == 2 && !c.atWar(card.War[0], card.War[1]) {
		s.Wars = append(s.Wars, warKey(card.War[0], card.War[1]))
		sort.Strings(s.Wars)
		c.emit(engine.NewEvent("war", engine.NoSeat, fmt.Sprintf("War between the %s and the %s", nationWord(card.War[0]), nationWord(card.War[1])), map[string]any{"nations": card.War}))
	}
	if len(card.Peace) == 2 && c.atWar(card.Peace[0], card.Peace[1]) {
		s.Wars = remove(s.Wars, warKey(card.Peace[0], card.Peace[1]))
		c.emit(engine.NewEvent("peace", engine.NoSeat, fmt.Sprintf("Peace between the %s and the %s", nationWord(card.Peace[0]), nationWord(card.Peace[1])), map[string]any{"nations": card.Peace}))
	}
}

// resolveEventNPCs moves the NPCs of the event's icons, then places an NPC
// captain card in its area; its miniature enters at the end of the round.
func (c *ctx) resolveEventNPCs(card *Card) {
	for _, m := range card.Moves {
		c.moveNPC(m.NPC, m.Direction)
	}
	c.resolveWar(card)
	if card.NPC == nil {
		return
	}
	s := c.s
	if s.NPCs == nil {
		s.NPCs = map[string]*NPC{}
	}
	n := s.NPCs[card.NPC.Kind]
	if n == nil {
		n = &NPC{}
		s.NPCs[card.NPC.Kind] = n
	}
	s.EventDiscard = remove(s.EventDiscard, card.ID)
	if n.Zone != "" && !n.Entering && len(n.Cards) > 0 {
		// The ship is in play: the card goes on top of the old one at the
		// end of the round (Non-Player Captains), the old captain sails on.
		n.Next = card.ID
		c.emit(engine.NewEvent("npc-drawn", engine.NoSeat, fmt.Sprintf("%s takes command of the %s at the end of the round", card.Name, npcWord(card.NPC.Kind)),
			map[string]string{"npc": card.NPC.Kind, "card": card.ID}))
		return
	}
	n.Cards = append(n.Cards, card.ID)
	n.Entering = true
	c.emit(engine.NewEvent("npc-drawn", engine.NoSeat, fmt.Sprintf("%s takes command of the %s", card.Name, npcWord(card.NPC.Kind)),
		map[string]string{"npc": card.NPC.Kind, "card": card.ID}))
}

// placeNPCs puts the entering NPCs on their captain's home zone at the end
// of the round.
func (c *ctx) placeNPCs() {
	for _, kind := range NPCKinds {
		n := c.s.NPCs[kind]
		if n != nil && n.Next != "" {
			n.Cards, n.Next, n.Entering = append(n.Cards, n.Next), "", true
		}
		if n == nil || !n.Entering || len(n.Cards) == 0 {
			continue
		}
		n.Entering = false
		n.Zone = c.npcCard(kind).Home
		c.emit(engine.NewEvent("npc-entered", engine.NoSeat, fmt.Sprintf("The %s enters %s", npcWord(kind), c.cat.zone(n.Zone).Name), map[string]string{"npc": kind, "zone": n.Zone}))
	}
}

// huntScore ranks a captain for an NPC's hunt, one number per hunt
// priority in order (Hunt priority, NPC movement: the most on the 1st
// priority; if tied, the 2nd, then the 3rd). Naval ship: bounties of its
// nation, bounties of the others, an enemy national in a war; pirate: gold
// on board, cargo cards, 1 for any non-pirate. "The most" is our reading:
// the count.
func (c *ctx) huntScore(kind string, p *Player) [3]int {
	if nation := navyNation(kind); nation != "" {
		other := 0
		for n, b := range p.Bounties {
			if n != nation {
				other += b
			}
		}
		enemy := 0
		if p.Captain != "" && c.atWar(nation, c.cat.captain(p.Captain).Nation) {
			enemy = 1
		}
		return [3]int{p.Bounties[nation], other, enemy}
	}
	return [3]int{p.Gold, len(p.Cargo), 1}
}

// moveNPC moves an NPC for one move icon: towards the captain it hunts in
// its zone or a bordering one, else one zone in the icon's direction, or
// the next direction clockwise that has a border.
func (c *ctx) moveNPC(kind, dir string) {
	s := c.s
	n := c.npcOnBoard(kind)
	if n == nil || n.Entering {
		return
	}
	here := c.cat.zone(n.Zone)
	var bestScore [3]int
	var best []int
	for i, p := range s.Players {
		if p.Ship == nil || p.InPort || !c.hostile(kind, p) || (p.Zone != here.ID && !in(here.Adjacent, p.Zone)) || c.hiddenFromNPC(kind, p) {
			continue
		}
		score := c.huntScore(kind, p)
		switch cmp := slices.Compare(score[:], bestScore[:]); {
		case len(best) == 0 || cmp > 0:
			bestScore, best = score, []int{i}
		case cmp == 0:
			best = append(best, i)
		}
	}
	to := ""
	if len(best) > 0 {
		// Equal candidates: a random one (the table draws a captain card).
		to = s.Players[best[s.rng.IntN(len(best))]].Zone
	} else {
		start := 0
		for i, d := range Directions {
			if d == dir {
				start = i
			}
		}
		for k := 0; k < len(Directions) && to == ""; k++ {
			to = here.Directions[Directions[(start+k)%len(Directions)]]
		}
	}
	if to == "" || to == n.Zone {
		return
	}
	n.Zone = to
	c.emit(engine.NewEvent("npc-moved", engine.NoSeat, fmt.Sprintf("The %s sails to %s", npcWord(kind), c.cat.zone(to).Name), map[string]string{"npc": kind, "to": to}))
}

// npcScouting starts the scouting of the hostile NPCs in seat's zone, in a
// random order, when the player enters the zone or starts a turn there at
// sea. Pirates do not scout while a naval ship shares their zone.
func (c *ctx) npcScouting(seat int) {
	s := c.s
	p := s.Players[seat]
	if p.Ship == nil || p.InPort || s.Stage != StagePlay {
		return
	}
	var kinds []string
	for _, kind := range NPCKinds {
		if c.scoutsFor(kind, p) {
			kinds = append(kinds, kind)
		}
	}
	if len(kinds) == 0 {
		return
	}
	kinds = c.shuffled(kinds)
	c.npcScout(seat, kinds)
}

// scoutsFor reports whether the NPC of kind scouts for p in p's zone
// (Non-Player Captains > Scouting): it is on the board there, hostile to p
// and p is not hidden from it; an NPC pirate does not scout while a naval
// ship shares the zone, nor a man-o-war while another man-o-war does.
func (c *ctx) scoutsFor(kind string, p *Player) bool {
	n := c.npcOnBoard(kind)
	if n == nil || n.Zone != p.Zone || !c.hostile(kind, p) || c.hiddenFromNPC(kind, p) {
		return false
	}
	manOWar := c.npcCard(kind).Ship == ManOWar
	for _, other := range NPCKinds {
		o := c.npcOnBoard(other)
		if other == kind || o == nil || o.Zone != p.Zone {
			continue
		}
		if navyNation(kind) == "" && navyNation(other) != "" {
			return false
		}
		if manOWar && c.npcCard(other).Ship == ManOWar {
			return false
		}
	}
	return true
}

// npcScoutDice is how many dice an NPC rolls to find p: its SCOUTING, or
// for a naval ship the captain's bounties of its nation when more.
func (c *ctx) npcScoutDice(kind string, p *Player) int {
	n := c.npcCard(kind).Scouting
	if nation := navyNation(kind); nation != "" {
		n = max(n, p.Bounties[nation])
	}
	return n
}

// resumeNPCScouting lets the NPCs still waiting scout the captain after a
// battle, those still in the zone and hostile, while the captain is alive
// at sea and nothing else waits.
func (c *ctx) resumeNPCScouting(seat int, waiting []string) {
	s := c.s
	if len(waiting) == 0 || s.Stage != StagePlay || s.Pending != nil || s.Fight != nil {
		return
	}
	p := s.Players[seat]
	if p.NeedCaptain || p.Ship == nil || p.InPort {
		return
	}
	var queue []string
	for _, kind := range waiting {
		if c.scoutsFor(kind, p) {
			queue = append(queue, kind)
		}
	}
	if len(queue) > 0 {
		c.npcScout(seat, queue)
	}
}

// npcRoll asks the same NPC for another SCOUTING roll (a port's ability).
func (c *ctx) npcRoll(pd *Pending, again bool) {
	p := c.s.Players[pd.Seat]
	req := c.ask(int(engine.NoSeat), "", fmt.Sprintf("The %s scouts again for %s (Scouting)", npcWord(pd.NPC), p.Name), c.npcScoutDice(pd.NPC, p))
	next := *pd
	next.Request, next.Again = req, again
	c.s.Pending = &next
}

func (c *ctx) npcScout(seat int, queue []string) {
	p := c.s.Players[seat]
	kind := queue[0]
	req := c.ask(int(engine.NoSeat), "", fmt.Sprintf("The %s scouts for %s (Scouting)", npcWord(kind), p.Name), c.npcScoutDice(kind, p))
	c.s.Pending = &Pending{Kind: "npc-scout", Seat: seat, Request: req, NPC: kind, Queue: cloneStrings(queue[1:])}
	c.emit(engine.NewEvent("npc-scouting", engine.Seat(seat), fmt.Sprintf("The %s scouts for %s", npcWord(kind), p.Name), map[string]string{"npc": kind, "request": req}))
}

// npcScouted settles an NPC's scouting roll: found, a battle with the NPC
// as the aggressor (the NPCs still waiting scout after it); else the next
// NPC scouts.
func (c *ctx) npcScouted(pd *Pending, n int) error {
	s := c.s
	s.Pending = nil
	p := s.Players[pd.Seat]
	ab := c.ability(p.Zone)
	switch {
	case n == 0 && pd.NPC == "french-navy" && ab == AbilityBasseTerre && !pd.Again:
		// Basse-Terre: French naval ships may roll their SCOUTING again.
		c.npcRoll(pd, true)
		return nil
	case n > 0 && navyNation(pd.NPC) != "" && ab == AbilityNassau && !pd.Again:
		// Nassau: a naval ship needs a second successful roll to find you.
		c.npcRoll(pd, true)
		return nil
	}
	if n > 0 {
		if err := c.startNPCFight(pd.NPC, pd.Seat, true); err != nil {
			return err
		}
		if s.Fight != nil {
			s.Fight.Queue = cloneStrings(pd.Queue)
		}
		return nil
	}
	c.emit(engine.NewEvent("not-found", engine.Seat(pd.Seat), fmt.Sprintf("The %s does not find %s", npcWord(pd.NPC), c.s.Players[pd.Seat].Name), nil))
	if len(pd.Queue) > 0 {
		c.npcScout(pd.Seat, pd.Queue)
	}
	return nil
}

// pirateIn reports whether an NPC pirate's miniature is in zone.
func (c *ctx) pirateIn(zone string) bool {
	for _, kind := range []string{PirateSloop, PirateFrigate} {
		if n := c.npcOnBoard(kind); n != nil && n.Zone == zone {
			return true
		}
	}
	return false
}

// npcController is the player who steers an NPC against seat: the next
// player in seat order (the other player in a 2-player game).
func (c *ctx) npcController(seat int) int { return (seat + 1) % len(c.s.Players) }

func (c *ctx) startNPCFight(kind string, seat int, npcAggressor bool) error {
	s := c.s
	card := c.npcCard(kind)
	ship := combat.Ship{Name: "the " + npcWord(kind), Seamanship: card.Seamanship, Leadership: card.Leadership, Maneuverability: card.Maneuverability,
		Hull: card.Toughness, Masts: card.Toughness, Cargo: card.Cargo, Crew: card.Crew, Cannons: card.Cannons}
	player := c.combatShip(seat)
	f := &Fight{NPC: kind, Controller: c.npcController(seat), Requests: map[string]combat.Need{}}
	if npcAggressor {
		f.Seats, f.NPCSide = [2]int{-1, seat}, 0
		f.Battle = combat.New(c.cat.faces(), ship, player)
		f.Pirate = [2]bool{navyNation(kind) == "", s.Players[seat].pirate()}
	} else {
		f.Seats, f.NPCSide = [2]int{seat, -1}, 1
		f.Battle = combat.New(c.cat.faces(), player, ship)
		f.Pirate = [2]bool{s.Players[seat].pirate(), navyNation(kind) == ""}
	}
	s.Fight = f
	c.emit(engine.NewEvent("battle-started", engine.Seat(seat), fmt.Sprintf("%s and the %s fight; %s steers the %s", s.Players[seat].Name, npcWord(kind), s.Players[f.Controller].Name, npcWord(kind)),
		map[string]any{"npc": kind, "seat": seat, "controller": f.Controller, "npcAggressor": npcAggressor}))
	if nation := navyNation(kind); nation != "" && !npcAggressor {
		c.addBounty(seat, nation)
	}
	return c.afterFightStep()
}

// npcMayFlee: an NPC flees only with fewer cannons or fewer crew than the
// player's ship.
func npcMayFlee(b *combat.Battle, npcSide int) bool {
	me, them := b.Ships[npcSide], b.Ships[1-npcSide]
	return me.Cannons < them.Cannons || me.Crew < them.Crew
}

// settleNPCFight writes the player's damage back and settles the outcome;
// a surviving NPC is repaired (its values come from its card).
func (c *ctx) settleNPCFight(f *Fight) {
	s := c.s
	b := f.Battle
	ps := 1 - f.NPCSide
	seat := f.Seats[ps]
	p := s.Players[seat]
	sh := b.Ships[ps]
	var left []string // plundered cargo the hold could not take
	p.Ship.Hull, p.Ship.Cargo, p.Ship.Masts, p.Ship.Crew, p.Ship.Cannons = sh.Hull, sh.Cargo, sh.Masts, sh.Crew, sh.Cannons
	p.Weapons = cloneStrings(sh.Weapons)
	p.Ship.HullFlipped = in(p.Ship.Mods, ReinforcedHull) && !sh.Reinforced
	text := "The battle ends without a winner"
	if b.Winner >= 0 {
		text = b.Ships[b.Winner].Name + " wins the battle"
	}
	c.emit(engine.NewEvent("battle-ended", engine.NoSeat, text, map[string]any{"result": b.Result, "winner": b.Winner, "npc": f.NPC, "log": b.Log}))
	if b.Winner == ps && (b.Result == combat.ResultSunk || b.Result == combat.ResultCrew) {
		card := c.npcCard(f.NPC)
		if nation := navyNation(f.NPC); nation != "" {
			c.addBounty(seat, nation)
			if b.Result == combat.ResultCrew {
				left = c.navalPlunder(seat, card.Cargo-b.Ships[f.NPCSide].Cargo)
			}
		} else if !f.Pirate[ps] {
			gold := 5
			if f.NPC == PirateFrigate {
				gold = 15
			}
			p.Gold += gold
			c.emit(engine.NewEvent("reward", engine.Seat(seat), fmt.Sprintf("%s claims %d gold for the %s", p.Name, gold, npcWord(f.NPC)), map[string]any{"npc": f.NPC, "gold": gold}))
		}
		c.defeatNPC(f.NPC)
		c.gainGlory(seat, "defeating the "+npcWord(f.NPC))
		if b.Result == combat.ResultCrew && !b.Dead[ps] {
			c.offerNPCShip(f, card, left)
		} else {
			s.CargoDiscard = append(s.CargoDiscard, left...)
		}
	}
	if b.Dead[ps] {
		c.loseCaptain(seat, "dies in battle")
	} else {
		c.capCargo(seat)
	}
}

// npcShipType is the ship an NPC sails: the pirate sloop and frigate by
// their names, a naval ship as the owner entered it on its card ("" when
// not entered, or when the catalog has no card of that ship).
func (c *ctx) npcShipType(kind string, card *NPCCard) string {
	t := card.Ship
	switch kind {
	case PirateSloop:
		t = Sloop
	case PirateFrigate:
		t = Frigate
	}
	if t == "" || c.cat.shipType(t) == nil {
		return ""
	}
	return t
}

// offerNPCShip lets the winner of a boarding battle over an NPC claim its
// ship (Claiming ships): the ship card of the type the NPC sails, with the
// damage the NPC took; claim-ship answers. The NPCs still waiting to scout
// the captain do so after the answer.
//
// cargo are the plundered cards the winner's hold could not take: kept on
// the claimed ship if it has room (or chosen with claim-ship's keep),
// else discarded.
func (c *ctx) offerNPCShip(f *Fight, card *NPCCard, cargo []string) {
	t := c.npcShipType(f.NPC, card)
	if t == "" {
		c.s.CargoDiscard = append(c.s.CargoDiscard, cargo...)
		return
	}
	b := f.Battle
	left := b.Ships[f.NPCSide]
	sh := c.newShip(t)
	for loc, was := range map[string][2]int{combat.Hull: {card.Toughness, left.Hull}, combat.Masts: {card.Toughness, left.Masts},
		combat.Cargo: {card.Cargo, left.Cargo}, combat.Cannons: {card.Cannons, left.Cannons}, combat.Crew: {card.Crew, left.Crew}} {
		v := sh.loc(loc)
		*v = max(*v-max(was[0]-was[1], 0), 0)
	}
	// The NPC did not sink: the ship claimed floats, whatever its card's
	// TOUGHNESS against the NPC's.
	sh.Hull = max(sh.Hull, 1)
	c.s.Pending = &Pending{Kind: "claim-ship", Seat: f.Seats[1-f.NPCSide], Ship: sh, NPC: f.NPC, Queue: cloneStrings(f.Queue), Cargo: cargo}
}

// defeatNPC discards the NPC's captain; a card below (drawn at random when
// there are several) takes command and sails from its home at the end of
// the round, or the miniature leaves.
func (c *ctx) defeatNPC(kind string) {
	n := c.s.NPCs[kind]
	top := n.Cards[len(n.Cards)-1]
	n.Cards = n.Cards[:len(n.Cards)-1]
	c.s.EventDiscard = append(c.s.EventDiscard, top)
	if len(n.Cards) == 0 {
		n.Zone, n.Entering = "", false
		return
	}
	if len(n.Cards) >= 2 {
		// Two or more cards below: the replacement is drawn at random.
		k := c.s.rng.IntN(len(n.Cards))
		last := len(n.Cards) - 1
		n.Cards[k], n.Cards[last] = n.Cards[last], n.Cards[k]
	}
	n.Entering = true
}

// navalPlunder: after beating a naval ship in crew combat, draw 3 cargo
// cards, gain their PLUNDER, discard one at random per cargo hit the ship
// took, keep the rest the hold has room for; left are those it has not,
// for a claimed ship's hold.
func (c *ctx) navalPlunder(seat, cargoHits int) (left []string) {
	s := c.s
	p := s.Players[seat]
	var cards []string
	gold := 0
	for i := 0; i < 3; i++ {
		if id := c.drawCargo(); id != "" {
			cards = append(cards, id)
			gold += c.cat.cargo(id).Plunder
		}
	}
	for i := 0; i < cargoHits && len(cards) > 0; i++ {
		k := s.rng.IntN(len(cards))
		s.CargoDiscard = append(s.CargoDiscard, cards[k])
		cards = append(cards[:k:k], cards[k+1:]...)
	}
	kept := 0
	for _, id := range cards {
		if len(p.Cargo) < max(p.Ship.Cargo, 0) {
			p.Cargo = append(p.Cargo, id)
			kept++
		} else {
			left = append(left, id)
		}
	}
	p.Gold += gold
	c.emit(engine.NewEvent("plundered", engine.Seat(seat), fmt.Sprintf("%s plunders %d gold and %d cargo %s from the naval ship", p.Name, gold, kept, plural(kept, "card", "cards")),
		map[string]int{"gold": gold, "cargo": kept}))
	return left
}

// hardLife is variant 4: before play, the first two naval ships of
// different nations and the first NPC pirate of the event deck are put in
// play at their home zones; one sharing a home port with a player's captain
// is skipped (the search goes on). The rest of the deck is reshuffled.
func (c *ctx) hardLife() {
	s := c.s
	homes := map[string]bool{}
	for _, p := range s.Players {
		homes[c.cat.captain(p.Captain).Home] = true
	}
	navies, pirates := 0, 0
	var rest []string
	for _, id := range s.EventDeck {
		n := findCard(c.cat.Events, id).NPC
		take := n != nil && !homes[n.Home] && s.NPCs[n.Kind] == nil &&
			((navyNation(n.Kind) != "" && navies < 2) || (navyNation(n.Kind) == "" && pirates < 1))
		if !take {
			rest = append(rest, id)
			continue
		}
		if navyNation(n.Kind) != "" {
			navies++
		} else {
			pirates++
		}
		if s.NPCs == nil {
			s.NPCs = map[string]*NPC{}
		}
		s.NPCs[n.Kind] = &NPC{Cards: []string{id}, Zone: n.Home}
	}
	s.EventDeck = c.shuffled(rest)
}

// NPCView is an NPC as everyone sees it.
type NPCView struct {
	Kind string `json:"kind"`
	// Name is the ship as players say it ("French Navy ship", "pirate
	// sloop").
	Name     string `json:"name"`
	Captain  *Card  `json:"captain"`
	Stack    int    `json:"stack"`
	Zone     string `json:"zone,omitempty"`
	Entering bool   `json:"entering,omitempty"`
	Hunts    []int  `json:"hunts,omitempty"`
	// Next is the captain card taking command at the end of the round.
	Next *Card `json:"next,omitempty"`
}

func (g *Game) npcViews() []NPCView {
	var out []NPCView
	kinds := make([]string, 0, len(g.st.NPCs))
	for k := range g.st.NPCs {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	c := &ctx{cat: g.cat, s: g.st}
	for _, k := range kinds {
		n := g.st.NPCs[k]
		if len(n.Cards) == 0 {
			continue
		}
		v := NPCView{Kind: k, Name: npcWord(k), Captain: findCard(g.cat.Events, n.Cards[len(n.Cards)-1]), Stack: len(n.Cards), Zone: n.Zone, Entering: n.Entering}
		if n.Next != "" {
			v.Next = findCard(g.cat.Events, n.Next)
		}
		for i, p := range g.st.Players {
			if p.Ship != nil && c.hostile(k, p) {
				v.Hunts = append(v.Hunts, i)
			}
		}
		out = append(out, v)
	}
	return out
}
