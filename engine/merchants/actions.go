package merchants

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
	"github.com/quartermaster-table/quartermaster/engine/merchants/combat"
)

func init() {
	registerAction("choose-ship", func() engine.Action { return &ChooseShip{} })
	registerAction("new-captain", func() engine.Action { return &NewCaptain{} })
	registerAction("move", func() engine.Action { return &Move{} })
	registerAction("enter-port", func() engine.Action { return &EnterPort{} })
	registerAction("leave-port", func() engine.Action { return &LeavePort{} })
	registerAction("scout", func() engine.Action { return &Scout{} })
	registerAction("merchant", func() engine.Action { return &MerchantChoice{} })
	registerAction("raid", func() engine.Action { return &RaidStep{} })
	registerAction("declare", func() engine.Action { return &Declare{} })
	registerAction("choose-hits", func() engine.Action { return &ChooseHits{} })
	registerAction("roll", func() engine.Action { return &Roll{} })
	registerAction("retire", func() engine.Action { return &Retire{} })
	registerAction("end-turn", func() engine.Action { return &EndTurn{} })
	registerAction("play-glory", func() engine.Action { return &PlayGlory{} })
	registerAction("discard-glory", func() engine.Action { return &DiscardGlory{} })
	registerAction("hire-specialist", func() engine.Action { return &HireSpecialist{} })
	registerAction("adjust", func() engine.Action { return &Adjust{} })
}

// turnPlayer checks that seat is the active player in play, with nothing
// else waiting (a roll, a raid, a battle, cards drawn to buy).
func (c *ctx) turnPlayer(h *engine.ActionHeader) (*Player, error) {
	p, err := c.buyer(h)
	if err == nil && c.s.T.BuyDraw != nil {
		return nil, engine.RefuseIn("activity-open", secBuy, "Finish buying goods first: buy the cards you want, or none")
	}
	return p, err
}

// buyer is turnPlayer without the check of an open buy.
func (c *ctx) buyer(h *engine.ActionHeader) (*Player, error) {
	s := c.s
	if s.Stage != StagePlay {
		return nil, engine.RefuseIn("not-started", secSetup, "The game starts when every player has picked a ship")
	}
	if int(h.Seat) != s.Active {
		return nil, engine.RefuseIn(engine.CodeNotYourTurn, secTurn, "It is %s's turn", s.Players[s.Active].Name)
	}
	if s.Fight != nil {
		return nil, engine.RefuseIn("battle-pending", secCombat, "A battle is being fought; finish it first")
	}
	if s.Pending != nil {
		return nil, engine.RefuseIn("step-pending", secTurn, "Finish %s first", pendingWords(s.Pending.Kind))
	}
	return s.Players[s.Active], nil
}

// useAction spends one of the turn's three actions.
func (c *ctx) useAction() error {
	if c.s.T.Actions >= 3 {
		return engine.RefuseIn("no-actions", secTurn, "You have used your three actions this turn")
	}
	c.s.T.Actions++
	c.s.T.Acted = true
	return nil
}

// ChooseShip is a player's secret pick of their first ship at setup.
type ChooseShip struct {
	engine.ActionHeader
	Ship string `json:"ship"`
}

func (a *ChooseShip) apply(c *ctx) error {
	p := c.s.player(int(a.Seat))
	if c.s.Stage != StageSetup || p == nil || p.Ship != nil {
		return engine.RefuseIn("ship-chosen", secSetup, "The first ships are picked once, at setup")
	}
	if a.Ship != Sloop && a.Ship != Flute {
		return engine.RefuseIn("start-ship", secSetup, "A captain starts with a sloop or a flute")
	}
	p.Ship = c.newShip(a.Ship)
	c.emit(engine.NewEvent("ship-chosen", a.Seat, p.Name+" has picked a ship", nil).WithSecret("You picked the "+c.cat.shipName(a.Ship), map[string]string{"ship": a.Ship}))
	c.maybeStart()
	return nil
}

// NewCaptain draws the new captain of a player whose captain died or
// retired, at the start of their turn, with the first ship they pick.
// Redraw asks, in advance, for another captain if the one drawn has an NPC
// pirate in their home zone (the rules allow it once).
type NewCaptain struct {
	engine.ActionHeader
	Ship   string `json:"ship"`
	Redraw bool   `json:"redraw,omitempty"`
}

func (a *NewCaptain) apply(c *ctx) error {
	s := c.s
	if s.Pending == nil || s.Pending.Kind != "new-captain" || s.Pending.Seat != int(a.Seat) {
		return engine.RefuseIn("no-new-captain", secDying, "A new captain is drawn only at the start of the turn after losing one")
	}
	if a.Ship != Sloop && a.Ship != Flute {
		return engine.RefuseIn("start-ship", secDying, "A new captain starts with a sloop or a flute")
	}
	if len(s.CaptainDeck) == 0 {
		return engine.RefuseIn("no-captain-left", secWinning, "No captain card is left to draw")
	}
	p := s.Players[a.Seat]
	p.Captain, s.CaptainDeck = s.CaptainDeck[0], s.CaptainDeck[1:]
	if a.Redraw && len(s.CaptainDeck) > 0 && c.pirateIn(c.cat.captain(p.Captain).Home) {
		c.emit(engine.NewEvent("captain-redrawn", a.Seat, fmt.Sprintf("%s draws again: an NPC pirate waits at %s's home", p.Name, c.cat.captain(p.Captain).Name), nil))
		s.CaptainDiscard = append(s.CaptainDiscard, p.Captain)
		p.Captain, s.CaptainDeck = s.CaptainDeck[0], s.CaptainDeck[1:]
	}
	p.Captains = append(p.Captains, p.Captain)
	cp := c.cat.captain(p.Captain)
	p.Ship = c.newShip(a.Ship)
	p.Zone, p.InPort = cp.Home, true
	p.BigShip, p.NeedCaptain = false, false
	// The game gives 10 gold, less whatever is already stashed (our reading of
	// "supplies you with the remaining gold up to 10").
	p.Gold = max(10-p.Stash, 0)
	s.Pending = nil
	c.emit(engine.NewEvent("captain-drawn", a.Seat, fmt.Sprintf("%s's new captain is %s, in a %s at %s", p.Name, cp.Name, a.Ship, c.cat.zone(cp.Home).Port),
		map[string]any{"captain": cp.ID, "ship": a.Ship, "gold": p.Gold}))
	c.drawGlory(int(a.Seat))
	return nil
}

// Move sails to an adjacent sea zone (one action).
type Move struct {
	engine.ActionHeader
	To string `json:"to"`
}

func (a *Move) apply(c *ctx) error {
	p, err := c.turnPlayer(&a.ActionHeader)
	if err != nil {
		return err
	}
	if p.InPort {
		return engine.RefuseIn("in-port", secMove, "Leave the port for its sea zone first")
	}
	z := c.cat.zone(p.Zone)
	if c.cat.zone(a.To) == nil || !in(z.Adjacent, a.To) {
		return engine.RefuseIn("not-adjacent", secMove, "A move goes to a sea zone bordering %s", z.Name)
	}
	if err := c.useAction(); err != nil {
		return err
	}
	c.s.T.PortOpen = false
	p.Zone = a.To
	c.emit(engine.NewEvent("moved", a.Seat, fmt.Sprintf("%s sails to %s", p.Name, c.cat.zone(a.To).Name), map[string]string{"to": a.To}))
	c.npcScouting(int(a.Seat))
	return nil
}

// EnterPort sails from the sea zone into its port (one action). Pay offers
// Port Royal's fee for a captain it would otherwise turn away; Roll tries
// its INFLUENCE roll instead (a failure stays at sea, the action spent).
type EnterPort struct {
	engine.ActionHeader
	Pay  bool `json:"pay,omitempty"`
	Roll bool `json:"roll,omitempty"`
}

func (a *EnterPort) apply(c *ctx) error {
	p, err := c.turnPlayer(&a.ActionHeader)
	if err != nil {
		return err
	}
	z := c.cat.zone(p.Zone)
	if p.InPort {
		return engine.RefuseIn("in-port", secMove, "You are in port already")
	}
	if z.Port == "" {
		return engine.RefuseIn("no-port", secMove, "%s has no port", z.Name)
	}
	home := c.cat.captain(p.Captain).Home == z.ID
	if nation := c.cat.captain(p.Captain).Nation; !home && c.atWar(z.Nation, nation) {
		// Our reading: a nation at war keeps the enemy's captains out of its ports.
		return engine.RefuseIn("port-closed", secBounties, "%s is %s, at war with your captain's nation", z.Port, nationWord(z.Nation))
	}
	fee := 0
	if p.Bounties[z.Nation] > 0 && !home {
		if z.Ability != AbilityPortRoyal || (!a.Pay && !a.Roll) {
			return engine.RefuseIn("port-closed", secBounties, "%s will not let in a captain with %s %s bounty (only your home port always does; Port Royal for a fee or an Influence roll)", z.Port, article(nationWord(z.Nation)), nationWord(z.Nation))
		}
		if a.Roll {
			if err := c.useAction(); err != nil {
				return err
			}
			purpose := p.Name + " talks their way into Port Royal (Influence)"
			req := c.ask(int(a.Seat), "", purpose, c.cat.captain(p.Captain).Influence)
			c.s.Pending = &Pending{Kind: "port-royal", Seat: int(a.Seat), Request: req}
			// An event, as scouting has: without one the action was a blank
			// line in the game's log.
			c.emit(engine.NewEvent("port-royal-roll", a.Seat, purpose, map[string]string{"request": req}))
			return nil
		}
		// Port Royal lets a wanted pirate in for 2 gold.
		fee = 2
		if p.Gold < fee {
			return engine.RefuseIn("not-enough-gold", secPorts, "Port Royal's fee is 2 gold")
		}
	}
	if err := c.useAction(); err != nil {
		return err
	}
	p.Gold -= fee
	p.InPort = true
	c.emit(engine.NewEvent("entered-port", a.Seat, fmt.Sprintf("%s enters %s", p.Name, z.Port), map[string]string{"zone": z.ID}))
	if z.Ability == AbilityBridgetown && (p.Ship.Type == Frigate || p.Ship.Type == Galleon || p.Ship.Type == ManOWar) {
		// Bridgetown: a big ship entering takes a hull hit unless its
		// captain's SEAMANSHIP roll succeeds.
		req := c.ask(int(a.Seat), "", p.Name+" steers into Bridgetown (Seamanship)", c.cat.captain(p.Captain).Seamanship)
		c.s.Pending = &Pending{Kind: "bridgetown", Seat: int(a.Seat), Request: req}
	}
	return nil
}

// LeavePort sails from a port out to its sea zone (one action).
type LeavePort struct{ engine.ActionHeader }

func (a *LeavePort) apply(c *ctx) error {
	p, err := c.turnPlayer(&a.ActionHeader)
	if err != nil {
		return err
	}
	if !p.InPort {
		return engine.RefuseIn("not-in-port", secMove, "You are at sea already")
	}
	if err := c.useAction(); err != nil {
		return err
	}
	c.s.T.PortOpen = false
	p.InPort = false
	c.emit(engine.NewEvent("left-port", a.Seat, fmt.Sprintf("%s sails out of %s", p.Name, c.cat.zone(p.Zone).Port), nil))
	c.npcScouting(int(a.Seat))
	return nil
}

// Scout looks for a target in the player's sea zone (one action): "merchant"
// (the zone's merchant token) or "player" (TargetSeat, at sea there).
type Scout struct {
	engine.ActionHeader
	Target     string `json:"target"`
	TargetSeat int    `json:"targetSeat,omitempty"`
	NPC        string `json:"npc,omitempty"`
	// Spanish: in Cartagena's sea zone, find a Spanish merchant without a
	// SCOUTING roll.
	Spanish bool `json:"spanish,omitempty"`
}

func (a *Scout) apply(c *ctx) error {
	p, err := c.turnPlayer(&a.ActionHeader)
	if err != nil {
		return err
	}
	s := c.s
	if p.InPort {
		return engine.RefuseIn("scout-in-port", secScout, "You scout at sea, for ships in your sea zone")
	}
	var key, purpose string
	switch a.Target {
	case "merchant":
		if s.Zones[p.Zone].Merchant == "" {
			return engine.RefuseIn("scout-no-target", secScout, "There is no merchant in %s", c.cat.zone(p.Zone).Name)
		}
		if a.Spanish && c.ability(p.Zone) != AbilityCartagena {
			return engine.RefuseIn("scout-spanish", secPorts, "Only in Cartagena's sea zone is a Spanish merchant found without a roll")
		}
		key, purpose = "merchant:"+p.Zone, p.Name+" scouts for a merchant"
	case "player":
		t := s.player(a.TargetSeat)
		if t == nil || a.TargetSeat == int(a.Seat) || t.Ship == nil || t.Zone != p.Zone {
			return engine.RefuseIn("scout-no-target", secScout, "That captain is not in your sea zone")
		}
		if t.InPort {
			return engine.RefuseIn("scout-target-in-port", secScout, "%s is in port, where no one can be scouted", t.Name)
		}
		key, purpose = "seat:"+strconv.Itoa(a.TargetSeat), fmt.Sprintf("%s scouts for %s", p.Name, t.Name)
	case "npc":
		if n := c.npcOnBoard(a.NPC); n == nil || n.Zone != p.Zone || n.Entering {
			return engine.RefuseIn("scout-no-target", secScout, "There is no %s in your sea zone", npcWord(a.NPC))
		}
		key, purpose = "npc:"+a.NPC, fmt.Sprintf("%s scouts for the %s", p.Name, npcWord(a.NPC))
	default:
		return engine.RefuseIn("scout-no-target", secScout, "Scout for a merchant, an NPC or a player captain")
	}
	if in(s.T.Scouted, key) {
		return engine.RefuseIn("scout-repeat", secScout, "You have scouted for that target this turn already")
	}
	if err := c.useAction(); err != nil {
		return err
	}
	s.T.Scouted = append(s.T.Scouted, key)
	if a.Target == "merchant" && a.Spanish {
		// Cartagena: a Spanish merchant is found without a roll.
		c.emit(engine.NewEvent("scouting", a.Seat, p.Name+" looks for a Spanish merchant off Cartagena", map[string]string{"target": key}))
		if err := c.scouted(&Pending{Kind: "scout", Seat: int(a.Seat), Target: key}, 1); err != nil {
			return err
		}
		s.Pending.Spanish = true
		return nil
	}
	req := c.ask(int(a.Seat), "", purpose+" (Scouting)", c.cat.captain(p.Captain).Scouting)
	s.Pending = &Pending{Kind: "scout", Seat: int(a.Seat), Request: req, Target: key}
	c.emit(engine.NewEvent("scouting", a.Seat, purpose, map[string]string{"target": key, "request": req}))
	return nil
}

// keptRolls is how many past rolls the state keeps for the screens.
const keptRolls = 4

// Roll answers a roll request with the faces read in the tray, typed, or
// rolled by the engine's seeded dice ("digital": true).
type Roll struct{ dice.RollAction }

func (a *Roll) apply(c *ctx) error {
	s := c.s
	if a.Corrects != "" {
		return engine.RefuseIn("roll-corrects", secCombat, "A roll is settled as soon as it is entered; fix its outcome with an adjustment")
	}
	req, err := s.Dice.Answer(&a.RollAction)
	if err != nil {
		if re, ok := engine.AsRuleError(err); ok && re.Section == "" {
			// The dice package cites no rulebook; the summary's rule is that a
			// skill check rolls as many dice as the skill.
			cited := *re
			cited.Section = secSkill
			return &cited
		}
		return err
	}
	faces := a.Faces
	if a.Digital {
		faces = dice.Digital(&s.rng, req)
	}
	roll := s.Dice.Record(&a.RollAction, req, faces)
	// Rolls are settled at once (no corrections), and the log keeps them:
	// the book keeps only the latest few so the state stays small.
	if n := len(s.Dice.Rolls); n > keptRolls {
		s.Dice.Rolls = append([]dice.Roll(nil), s.Dice.Rolls[n-keptRolls:]...)
	}
	n := c.successes(faces)
	c.emit(engine.NewEvent("rolled", req.Seat, fmt.Sprintf("%s: %d %s", req.Purpose, n, plural(n, "success", "successes")),
		map[string]any{"request": req.ID, "roll": roll.ID, "faces": faces, "successes": n}))
	if f := s.Fight; f != nil {
		if need, ok := f.Requests[req.ID]; ok {
			delete(f.Requests, req.ID)
			return c.fightRoll(need, faces)
		}
	}
	pd := s.Pending
	if pd == nil || pd.Request != req.ID {
		return nil
	}
	pd.Request = ""
	switch pd.Kind {
	case "scout":
		return c.scouted(pd, n)
	case "npc-scout":
		return c.npcScouted(pd, n)
	case "bridgetown":
		s.Pending = nil
		if n == 0 {
			p := s.Players[pd.Seat]
			p.Ship.Hull = max(p.Ship.Hull-1, 0)
			c.emit(engine.NewEvent("hull-hit", engine.Seat(pd.Seat), p.Name+"'s hull scrapes the reef", map[string]int{"hull": p.Ship.Hull}))
			if p.Ship.Hull == 0 {
				c.loseCaptain(pd.Seat, "dies as the ship sinks")
				c.endTurn()
			}
		}
	case "port-royal":
		s.Pending = nil
		p := s.Players[pd.Seat]
		if n == 0 {
			c.emit(engine.NewEvent("port-refused", engine.Seat(pd.Seat), p.Name+" is turned away from Port Royal", nil))
			return nil
		}
		p.InPort = true
		c.emit(engine.NewEvent("entered-port", engine.Seat(pd.Seat), fmt.Sprintf("%s enters %s", p.Name, c.cat.zone(p.Zone).Port), map[string]string{"zone": p.Zone}))
	case "rumor":
		c.rumorRolled(pd, n)
	case "rumor-attempt":
		c.rumorAttempted(pd, n)
	case "raid-roll":
		pd.Raid.Successes, pd.Raid.Failed = n, len(faces)-n
		pd.Kind = "raid"
	case "recruit":
		p := s.Players[pd.Seat]
		if n > 0 {
			p.Ship.Crew = max(p.Ship.Crew, c.maxOf(p.Ship, combat.Crew))
			s.Pending = nil
			c.emit(engine.NewEvent("recruited", engine.Seat(pd.Seat), fmt.Sprintf("%s fills the crew to %d", p.Name, p.Ship.Crew), map[string]int{"crew": p.Ship.Crew}))
		} else {
			pd.Kind = "recruit-pay"
		}
	}
	return nil
}

func (c *ctx) scouted(pd *Pending, n int) error {
	s := c.s
	p := s.Players[pd.Seat]
	s.Pending = nil
	if n == 0 {
		c.emit(engine.NewEvent("not-found", engine.Seat(pd.Seat), p.Name+" finds nothing", nil))
		return nil
	}
	if pd.Target == "merchant:"+p.Zone {
		zs := s.Zones[p.Zone]
		token := zs.Merchant
		zs.Merchant = ""
		s.MerchantTrack = append(s.MerchantTrack, token)
		s.Pending = &Pending{Kind: "merchant", Seat: pd.Seat, Token: token, ZoneNation: c.cat.zone(p.Zone).Nation}
		c.emit(engine.NewEvent("merchant-found", engine.Seat(pd.Seat), fmt.Sprintf("%s finds %s %s merchant", p.Name, article(nationWord(token)), nationWord(token)), map[string]string{"token": token}))
		return nil
	}
	if len(pd.Target) > 4 && pd.Target[:4] == "npc:" {
		return c.startNPCFight(pd.Target[4:], pd.Seat, false)
	}
	t, _ := strconv.Atoi(pd.Target[len("seat:"):])
	return c.startFight(pd.Seat, t)
}

// Retire discards the captain before any action of a turn begun in port;
// the turn ends and a new captain comes next turn.
type Retire struct{ engine.ActionHeader }

func (a *Retire) apply(c *ctx) error {
	p, err := c.turnPlayer(&a.ActionHeader)
	if err != nil {
		return err
	}
	if c.s.T.Acted {
		return engine.RefuseIn("retire-not-first", secDying, "A captain retires before taking any action")
	}
	if !p.InPort {
		return engine.RefuseIn("retire-not-in-port", secDying, "A captain retires only from a turn begun in port")
	}
	c.loseCaptain(int(a.Seat), "retires")
	c.endTurn()
	return nil
}

// EndTurn ends the active player's turn.
type EndTurn struct{ engine.ActionHeader }

func (a *EndTurn) apply(c *ctx) error {
	if _, err := c.turnPlayer(&a.ActionHeader); err != nil {
		return err
	}
	c.emit(engine.NewEvent("turn-ended", a.Seat, c.s.Players[a.Seat].Name+" ends the turn", nil))
	c.endTurn()
	return nil
}

// PlayGlory plays a glory card from the hand on one's own turn, outside
// combat. Its effect is resolved at the table (Adjust) until card effects
// are in the catalog.
type PlayGlory struct {
	engine.ActionHeader
	Card string `json:"card"`
}

func (a *PlayGlory) apply(c *ctx) error {
	s := c.s
	card := findCard(c.cat.Glory, a.Card)
	var p *Player
	switch {
	case card != nil && card.Timing == TimingCombat:
		// A combat card: by a captain fighting, during the battle.
		if s.Fight == nil {
			return engine.RefuseIn("glory-timing", secGlory, "%s is played in a battle", card.Name)
		}
		if !slices.Contains(s.Fight.Seats[:], int(a.Seat)) || a.Seat < 0 {
			return engine.RefuseIn("not-your-battle", secCombat, "Only the captains fighting play cards in the battle")
		}
		p = s.Players[a.Seat]
	case s.Fight != nil:
		return engine.RefuseIn("glory-in-combat", secGlory, "During a battle only combat cards are played")
	case card != nil && card.Timing == TimingAny:
		// Played when the card says, on anyone's turn (the table reads when).
		if s.Stage != StagePlay {
			return engine.RefuseIn("not-started", secSetup, "The game starts when every player has picked a ship")
		}
		if p = s.player(int(a.Seat)); p == nil {
			return engine.RefuseIn("no-such-seat", secTurn, "There is no player in %s", a.Seat)
		}
	default:
		// Freely on one's own turn, also amid a raid or a port activity:
		// only a battle stops it (Glory Cards).
		if s.Stage != StagePlay {
			return engine.RefuseIn("not-started", secSetup, "The game starts when every player has picked a ship")
		}
		if int(a.Seat) != s.Active {
			return engine.RefuseIn(engine.CodeNotYourTurn, secGlory, "This card is played on your own turn; it is %s's", s.Players[s.Active].Name)
		}
		p = s.Players[s.Active]
	}
	if !in(p.GloryCards, a.Card) {
		return engine.RefuseIn("glory-not-held", secGlory, "You do not hold that glory card")
	}
	p.GloryCards = remove(p.GloryCards, a.Card)
	s.GloryDiscard = append(s.GloryDiscard, a.Card)
	c.emit(engine.NewEvent("glory-played", a.Seat, fmt.Sprintf("%s plays %s", p.Name, card.Name), map[string]any{"card": card}))
	return nil
}

// HireSpecialist employs a specialist glory card from the hand: it is placed
// faceup and leaves the hand (Specialists). What the card asks is read at
// the table: Gold is what it costs. Only one specialist of each type.
type HireSpecialist struct {
	engine.ActionHeader
	Card string `json:"card"`
	Gold int    `json:"gold,omitempty"`
}

func (a *HireSpecialist) apply(c *ctx) error {
	if c.s.Fight != nil {
		return engine.RefuseIn("glory-in-combat", secGlory, "During a battle only combat cards are played, and those are resolved at the table")
	}
	p, err := c.turnPlayer(&a.ActionHeader)
	if err != nil {
		return err
	}
	if !in(p.GloryCards, a.Card) {
		return engine.RefuseIn("glory-not-held", secGlory, "You do not hold that glory card")
	}
	card := findCard(c.cat.Glory, a.Card)
	if card.Specialist == "" {
		return engine.RefuseIn("not-specialist", secSpecialists, "%s is not a specialist", card.Name)
	}
	if c.employs(p, card.Specialist) != "" {
		return engine.RefuseIn("specialist-type", secSpecialists, "You already employ a specialist of that kind: only one of each")
	}
	if a.Gold < 0 || a.Gold > p.Gold {
		return engine.RefuseIn("not-enough-gold", secSpecialists, "You have %d gold on board", p.Gold)
	}
	p.Gold -= a.Gold
	p.GloryCards = remove(p.GloryCards, a.Card)
	p.Specialists = append(p.Specialists, a.Card)
	c.emit(engine.NewEvent("specialist-hired", a.Seat, fmt.Sprintf("%s employs %s for %d gold", p.Name, card.Name, a.Gold), map[string]any{"card": card, "gold": a.Gold}))
	return nil
}

// employs returns p's specialist card of type kind, "" if none.
func (c *ctx) employs(p *Player, kind string) string {
	for _, id := range p.Specialists {
		if findCard(c.cat.Glory, id).Specialist == kind {
			return id
		}
	}
	return ""
}

// gloryHand is how many glory cards a player may keep.
const gloryHand = 4

// checkHand refuses every action but a discard (and a host's adjust) while a player holds more
// than 4 glory cards (Glory Cards: "You may have only 4 glory cards"; a fifth
// may be drawn, then its holder decides which to discard): the decision
// comes at once, before the game goes on.
func (s *State) checkHand(a engine.Action, seat int) error {
	for i, p := range s.Players {
		if len(p.GloryCards) <= gloryHand {
			continue
		}
		if _, ok := a.(*DiscardGlory); ok && seat == i {
			return nil
		}
		// A hand correction stays open: when the game and the table
		// disagree (a fifth card the table never drew), adjust is how
		// the host puts it right, and refusing it would leave no way out.
		if _, ok := a.(*Adjust); ok {
			return nil
		}
		if seat == i {
			return engine.RefuseIn("glory-hand", secGlory, "You hold %d glory cards and may keep %d: discard first", len(p.GloryCards), gloryHand)
		}
		return engine.RefuseIn("glory-hand", secGlory, "%s holds %d glory cards and may keep %d: they discard first", p.Name, len(p.GloryCards), gloryHand)
	}
	return nil
}

// DiscardGlory discards a glory card (a fifth card must go at once).
type DiscardGlory struct {
	engine.ActionHeader
	Card string `json:"card"`
}

func (a *DiscardGlory) apply(c *ctx) error {
	p := c.s.player(int(a.Seat))
	if p == nil || !in(p.GloryCards, a.Card) {
		return engine.RefuseIn("glory-not-held", secGlory, "You do not hold that glory card")
	}
	p.GloryCards = remove(p.GloryCards, a.Card)
	c.s.GloryDiscard = append(c.s.GloryDiscard, a.Card)
	c.emit(engine.NewEvent("glory-discarded", a.Seat, p.Name+" discards a glory card", nil).WithSecret("You discard "+findCard(c.cat.Glory, a.Card).Name, nil))
	return nil
}

// Adjust records a change made by hand for a card effect the companion does
// not resolve (events, glory cards, rumors, missions): gold, glory points,
// bounties and damage of one player, with the reason, in the log.
type Adjust struct {
	engine.ActionHeader
	Target   int            `json:"target"`
	Gold     int            `json:"gold,omitempty"`
	Glory    int            `json:"glory,omitempty"`
	Bounties map[string]int `json:"bounties,omitempty"`
	Damage   map[string]int `json:"damage,omitempty"`
	Reason   string         `json:"reason"`
}

func (a *Adjust) apply(c *ctx) error {
	s := c.s
	p := s.player(a.Target)
	if s.Stage != StagePlay || p == nil {
		return engine.RefuseIn("adjust-target", secTurn, "Only a player in the game can be adjusted")
	}
	if a.Reason == "" {
		return engine.RefuseIn("adjust-reason", secTurn, "Say which card or rule the adjustment is for")
	}
	if p.Gold+a.Gold < 0 || p.Glory+a.Glory < 0 || a.Glory > 10 || a.Gold > 1000 {
		return engine.RefuseIn("adjust-range", secTurn, "Gold and glory points cannot go below 0")
	}
	for n, d := range a.Bounties {
		if !in(Nations, n) || d < -5 || d > 5 {
			return engine.RefuseIn("adjust-range", secBounties, "Bounties are by nation, 0 to 5")
		}
	}
	for l, d := range a.Damage {
		if p.Ship == nil || p.Ship.loc(l) == nil || d < -9 || d > 9 {
			return engine.RefuseIn("adjust-range", secCombat, "Damage is given per hit location of a ship")
		}
	}
	p.Gold += a.Gold
	c.emit(engine.NewEvent("adjusted", engine.Seat(a.Target), fmt.Sprintf("Entered by hand for %s: %s", p.Name, a.Reason), a))
	if a.Glory < 0 {
		p.Glory += a.Glory
	}
	for i := 0; i < a.Glory; i++ {
		c.gainGlory(a.Target, a.Reason)
	}
	if p.Bounties == nil {
		p.Bounties = map[string]int{}
	}
	for _, n := range sortedKeys(a.Bounties) {
		p.Bounties[n] = min(max(p.Bounties[n]+a.Bounties[n], 0), 5)
		if p.Bounties[n] == 0 {
			delete(p.Bounties, n)
		}
	}
	if p.Ship != nil {
		for _, l := range sortedKeys(a.Damage) {
			v := p.Ship.loc(l)
			*v = min(max(*v-a.Damage[l], 0), c.maxOf(p.Ship, l))
		}
		c.capCargo(a.Target)
		if p.Ship.Hull <= 0 {
			c.loseCaptain(a.Target, "dies as the ship sinks")
			if s.Stage == StagePlay && a.Target == s.Active && s.Fight == nil {
				s.Pending = nil
				c.endTurn()
			}
		}
	}
	return nil
}

func remove(xs []string, x string) []string {
	for i, v := range xs {
		if v == x {
			return append(xs[:i:i], xs[i+1:]...)
		}
	}
	return xs
}
