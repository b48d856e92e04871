package merchants

import (
	"fmt"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/merchants/combat"
)

// Declare is a side's combat action for the round: "shoot", "board" or
// "flee".
type Declare struct {
	engine.ActionHeader
	Choice string `json:"choice"`
}

func (a *Declare) apply(c *ctx) error {
	f, side, err := c.fightSide(&a.ActionHeader)
	if err != nil {
		return err
	}
	if f.NPC != "" && side == f.NPCSide && a.Choice == combat.Flee && !npcMayFlee(f.Battle, side) {
		return engine.RefuseIn("npc-flee", secNPCFight, "An NPC flees only when it has fewer cannons or fewer crew than the enemy ship")
	}
	if err := f.Battle.Declare(side, a.Choice); err != nil {
		return err
	}
	c.emit(engine.NewEvent("declared", a.Seat, fmt.Sprintf("%s chooses to %s", f.Battle.Ships[side].Name, a.Choice), map[string]string{"choice": a.Choice}))
	return c.afterFightStep()
}

// ChooseHits picks where the hits of success faces rolled against one's
// ship land, one location per such face.
type ChooseHits struct {
	engine.ActionHeader
	Locations []string `json:"locations"`
}

func (a *ChooseHits) apply(c *ctx) error {
	f, side, err := c.fightSide(&a.ActionHeader)
	if err != nil {
		return err
	}
	if err := f.Battle.Choose(side, a.Locations); err != nil {
		return err
	}
	c.emit(engine.NewEvent("hits-chosen", a.Seat, fmt.Sprintf("%s takes hits on %s", f.Battle.Ships[side].Name, strings.Join(a.Locations, ", ")), map[string]any{"locations": a.Locations}))
	return c.afterFightStep()
}

func (c *ctx) fightSide(h *engine.ActionHeader) (*Fight, int, error) {
	f := c.s.Fight
	if f == nil {
		return nil, 0, engine.RefuseIn("no-battle", secCombat, "No battle is being fought")
	}
	for side, seat := range f.Seats {
		if seat == int(h.Seat) && seat >= 0 {
			return f, side, nil
		}
	}
	if f.NPC != "" && int(h.Seat) == f.Controller {
		return f, f.NPCSide, nil
	}
	return nil, 0, engine.RefuseIn("not-your-battle", secCombat, "Only the captains fighting, and the player steering an NPC, act in the battle")
}

// combatShip is a player's side of a battle.
func (c *ctx) combatShip(seat int) combat.Ship {
	p := c.s.Players[seat]
	cp := c.cat.captain(p.Captain)
	sh := p.Ship
	return combat.Ship{Name: p.Name, Seamanship: cp.Seamanship, Leadership: cp.Leadership, Maneuverability: c.maneuverability(sh),
		Hull: sh.Hull, Cargo: sh.Cargo, Masts: sh.Masts, Crew: sh.Crew, Cannons: sh.Cannons, Weapons: cloneStrings(p.Weapons), Mods: cloneStrings(sh.Mods),
		Reinforced: in(sh.Mods, ReinforcedHull) && !sh.HullFlipped}
}

// UseWeapon spends a special weapon in the battle: chain-shot or grapeshot
// on one's hit-location roll that shows success faces, before the enemy
// places them.
type UseWeapon struct {
	engine.ActionHeader
	Weapon string `json:"weapon"`
}

func (a *UseWeapon) apply(c *ctx) error {
	f, side, err := c.fightSide(&a.ActionHeader)
	if err != nil {
		return err
	}
	if err := f.Battle.UseAmmo(side, a.Weapon); err != nil {
		return err
	}
	c.emit(engine.NewEvent("weapon-used", a.Seat, fmt.Sprintf("%s fires %s", f.Battle.Ships[side].Name, spoken(a.Weapon)), map[string]string{"weapon": a.Weapon}))
	return c.afterFightStep()
}

// Grapple answers the grappling hooks' question after a contest in which
// one chose to board: the contest dice (0-based) to roll again, spending
// the hooks, or none to keep the roll and the hooks.
type Grapple struct {
	engine.ActionHeader
	Dice []int `json:"dice"`
}

func (a *Grapple) apply(c *ctx) error {
	f, side, err := c.fightSide(&a.ActionHeader)
	if err != nil {
		return err
	}
	if err := f.Battle.Hooks(side, a.Dice); err != nil {
		return err
	}
	if len(a.Dice) > 0 {
		c.emit(engine.NewEvent("weapon-used", a.Seat, fmt.Sprintf("%s throws grappling hooks", f.Battle.Ships[side].Name), map[string]any{"weapon": GrapplingHooks, "dice": a.Dice}))
	}
	return c.afterFightStep()
}

// ClaimShip answers whether the winner of a crew combat (against a player or
// an NPC) takes the beaten ship: their own ship is discarded (its modifications go back to ports),
// and crew, cargo, weapons and gold move over; the claimed ship keeps its
// own modifications (our reading).
//
// Dismiss lists the beaten player's specialists offered with the ship
// (the view's pending.specialists) that the winner does not employ: they
// are discarded; the others come over free (Plundering player captains).
//
// Keep is the cargo the winner sails on with, chosen from their hold and
// the plundered cards it could not take (the view's pending.cargo), as
// many as the hold they sail on carries; the others are discarded. Absent,
// the cards left fill the claimed ship's hold, or are discarded.
type ClaimShip struct {
	engine.ActionHeader
	Claim   bool      `json:"claim"`
	Dismiss []string  `json:"dismiss,omitempty"`
	Keep    *[]string `json:"keep,omitempty"`
}

func (a *ClaimShip) apply(c *ctx) error {
	s := c.s
	pd := s.Pending
	if pd == nil || pd.Kind != "claim-ship" || pd.Seat != int(a.Seat) {
		return engine.RefuseIn("no-claim", secPlunder, "Only the winner of a crew combat may claim the beaten ship, at once")
	}
	if !distinctSubset(a.Dismiss, pd.Specialists) {
		return engine.RefuseIn("not-offered", secPlunder, "Dismiss only the beaten captain's specialists you are offered, each once")
	}
	p := s.Players[a.Seat]
	pool := append(cloneStrings(p.Cargo), pd.Cargo...)
	if a.Keep != nil {
		hold := p.Ship.Cargo
		if a.Claim {
			hold = pd.Ship.Cargo
		}
		switch {
		case !distinctSubset(*a.Keep, pool):
			return engine.RefuseIn("not-offered", secPlunder, "Keep only your cargo cards and those plundered, each once")
		case len(*a.Keep) > max(hold, 0):
			return engine.RefuseIn("cargo-full", secPlunder, "The hold you sail on carries %d cargo cards", max(hold, 0))
		}
	}
	s.Pending = nil
	c.takeSpecialists(pd.Seat, pd.Loser, pd.Specialists, a.Dismiss)
	if a.Keep != nil {
		// The cargo chosen; the rest of both holds is discarded.
		p.Cargo = cloneStrings(*a.Keep)
		for _, id := range pool {
			if !in(p.Cargo, id) {
				s.CargoDiscard = append(s.CargoDiscard, id)
			}
		}
		pd.Cargo = nil
	}
	if a.Claim {
		old := p.Ship
		sh := *pd.Ship
		sh.Crew = min(old.Crew, c.maxOf(&sh, combat.Crew))
		p.Ship = &sh
		c.reenterMods(old.Mods)
		c.capCargo(int(a.Seat))
		// The cargo left aboard the claimed ship, as far as its hold goes.
		for _, id := range pd.Cargo {
			if len(p.Cargo) < max(sh.Cargo, 0) {
				p.Cargo = append(p.Cargo, id)
			} else {
				s.CargoDiscard = append(s.CargoDiscard, id)
			}
		}
		name := spoken(sh.Type)
		if st := c.cat.shipType(sh.Type); st != nil {
			name = st.Name
		}
		c.emit(engine.NewEvent("ship-claimed", a.Seat, fmt.Sprintf("%s takes the beaten %s", p.Name, name), map[string]string{"ship": sh.Type}))
	} else {
		c.reenterMods(pd.Ship.Mods)
		s.CargoDiscard = append(s.CargoDiscard, pd.Cargo...)
	}
	if pd.Token != "" {
		// The winner held a rumor and plundered another: keep one.
		s.Pending = &Pending{Kind: "rumor-keep", Seat: pd.Seat, Token: pd.Token}
	}
	if pd.NPC != "" {
		c.resumeNPCScouting(pd.Seat, pd.Queue)
	}
	if s.Stage == StagePlay && s.Players[s.Active].NeedCaptain && s.Pending == nil && s.Fight == nil {
		c.endTurn()
	}
	return nil
}

// Absorb flips one's reinforced hull to absorb one hit on Location this
// round, or keeps it ("").
type Absorb struct {
	engine.ActionHeader
	Location string `json:"location"`
}

func (a *Absorb) apply(c *ctx) error {
	f, side, err := c.fightSide(&a.ActionHeader)
	if err != nil {
		return err
	}
	if err := f.Battle.Absorb(side, a.Location); err != nil {
		return err
	}
	if a.Location != "" {
		c.emit(engine.NewEvent("hull-absorbed", a.Seat, fmt.Sprintf("%s's reinforced hull absorbs a hit", f.Battle.Ships[side].Name), map[string]string{"location": a.Location}))
	}
	return c.afterFightStep()
}

// Chase answers whether one's chasers fire their hit after a Flee
// declaration (once a battle).
type Chase struct {
	engine.ActionHeader
	Fire bool `json:"fire"`
}

func (a *Chase) apply(c *ctx) error {
	f, side, err := c.fightSide(&a.ActionHeader)
	if err != nil {
		return err
	}
	if err := f.Battle.Chase(side, a.Fire); err != nil {
		return err
	}
	if a.Fire {
		c.emit(engine.NewEvent("chasers-fired", a.Seat, fmt.Sprintf("%s's chasers fire", f.Battle.Ships[side].Name), nil))
	}
	return c.afterFightStep()
}

func init() {
	registerAction("chase", func() engine.Action { return &Chase{} })
	registerAction("absorb", func() engine.Action { return &Absorb{} })
	registerAction("claim-ship", func() engine.Action { return &ClaimShip{} })
	registerAction("use-weapon", func() engine.Action { return &UseWeapon{} })
	registerAction("grapple", func() engine.Action { return &Grapple{} })
}

// startFight begins a naval battle; attacking a non-pirate earns a bounty
// of the defender captain's nation (our reading of the nation violated).
func (c *ctx) startFight(aggressor, defender int) error {
	s := c.s
	a, d := s.Players[aggressor], s.Players[defender]
	f := &Fight{Seats: [2]int{aggressor, defender}, Requests: map[string]combat.Need{}, Pirate: [2]bool{a.pirate(), d.pirate()}}
	f.Battle = combat.New(c.cat.faces(), c.combatShip(aggressor), c.combatShip(defender))
	s.Fight = f
	c.emit(engine.NewEvent("battle-started", engine.Seat(aggressor), fmt.Sprintf("%s attacks %s", a.Name, d.Name), map[string]int{"aggressor": aggressor, "defender": defender}))
	if !f.Pirate[1] {
		c.addBounty(aggressor, c.cat.captain(d.Captain).Nation)
	}
	return c.afterFightStep()
}

// fightRoll feeds a roll to the battle stage that asked for it.
func (c *ctx) fightRoll(need combat.Need, faces []string) error {
	b := c.s.Fight.Battle
	var err error
	switch need.Kind {
	case combat.StageContest:
		err = b.Contest(need.Side, faces)
	case combat.StageHits:
		err = b.HitRoll(need.Side, faces)
	case combat.StageCrew:
		err = b.CrewRoll(need.Side, faces)
	case combat.StageReroll:
		err = b.RerollDice(need.Side, faces)
	case combat.StageLongGuns, combat.StageSwivel:
		err = b.PreRoll(need.Side, faces)
	}
	if err != nil {
		return err
	}
	return c.afterFightStep()
}

// afterFightStep opens the roll requests the battle needs now, or settles
// the battle when it is over.
func (c *ctx) afterFightStep() error {
	f := c.s.Fight
	b := f.Battle
	if b.Over() {
		c.settleFight()
		return nil
	}
	if f.Requests == nil {
		f.Requests = map[string]combat.Need{}
	}
	purposes := map[string]string{combat.StageContest: "Seamanship contest", combat.StageHits: "hit locations", combat.StageCrew: "crew combat (Leadership)", combat.StageReroll: "grappling hooks (Seamanship again)",
		combat.StageLongGuns: "long guns", combat.StageSwivel: "swivel guns"}
	for _, n := range b.Need() {
		p, ok := purposes[n.Kind]
		if !ok {
			continue
		}
		open := false
		for _, have := range f.Requests {
			if have.Side == n.Side && have.Kind == n.Kind {
				open = true
			}
		}
		if open {
			continue
		}
		// Each side rolls in its half of the dice tray: the zones of the
		// tray file (dice.md's default tray names them so).
		sides := [2]string{"attacker", "defender"}
		id := c.ask(f.Seats[n.Side], sides[n.Side], fmt.Sprintf("%s: %s", b.Ships[n.Side].Name, p), n.Dice)
		f.Requests[id] = n
	}
	return nil
}

// settleFight writes the battle's damage back, gives the winner glory, a
// reward and plunder, and buries the dead.
func (c *ctx) settleFight() {
	s := c.s
	f := s.Fight
	b := f.Battle
	s.Fight = nil
	for id := range f.Requests {
		s.Dice.Cancel(id)
	}
	if f.NPC != "" {
		c.settleNPCFight(f)
		c.resumeNPCScouting(f.Seats[1-f.NPCSide], f.Queue)
		if s.Stage == StagePlay && s.Players[s.Active].NeedCaptain && s.Pending == nil {
			c.endTurn()
		}
		return
	}
	for side, seat := range f.Seats {
		sh, p := b.Ships[side], s.Players[seat]
		p.Ship.Hull, p.Ship.Cargo, p.Ship.Masts, p.Ship.Crew, p.Ship.Cannons = sh.Hull, sh.Cargo, sh.Masts, sh.Crew, sh.Cannons
		p.Weapons = cloneStrings(sh.Weapons)
		p.Ship.HullFlipped = in(p.Ship.Mods, ReinforcedHull) && !sh.Reinforced
	}
	text := "The battle ends without a winner"
	if b.Winner >= 0 {
		text = s.Players[f.Seats[b.Winner]].Name + " wins the battle"
	}
	c.emit(engine.NewEvent("battle-ended", engine.NoSeat, text, map[string]any{"result": b.Result, "winner": b.Winner, "seats": f.Seats, "log": b.Log}))
	var claim *Pending
	second := ""
	var offered []string
	if w := b.Winner; w >= 0 && (b.Result == combat.ResultSunk || b.Result == combat.ResultCrew) {
		ws, ls := f.Seats[w], f.Seats[1-w]
		winner, loser := s.Players[ws], s.Players[ls]
		if b.Result == combat.ResultCrew {
			second, offered = c.plunder(ws, ls)
			if loser.Ship != nil && loser.Ship.Type != "" {
				sh := *loser.Ship
				sh.Mods = cloneStrings(loser.Ship.Mods)
				loser.Ship.Mods = nil // they sail on with the claimed ship, or go back to ports below
				// The cargo the winner's hold could not take stays in the
				// beaten ship's, for the winner if they claim it.
				claim = &Pending{Kind: "claim-ship", Seat: ws, Ship: &sh, Cargo: loser.Cargo, Specialists: offered, Loser: ls}
				loser.Cargo = nil
			}
		}
		// The loser's bounties as they stand now: an aggressor who attacked a
		// non-pirate took a bounty when the battle began (l. 416-419).
		if loser.pirate() {
			c.reward(ws, loser)
		}
		_ = winner
		c.gainGlory(ws, "defeating "+loser.Name)
	}
	for side, seat := range f.Seats {
		if b.Dead[side] {
			c.loseCaptain(seat, "dies in battle")
		} else {
			c.capCargo(seat)
		}
	}
	if claim != nil {
		if s.Stage == StagePlay && !s.Players[claim.Seat].NeedCaptain {
			// A second rumor waits for its choice after the claim.
			claim.Token, second = second, ""
			s.Pending = claim
		} else {
			c.reenterMods(claim.Ship.Mods)
			s.CargoDiscard = append(s.CargoDiscard, claim.Cargo...)
			c.takeSpecialists(claim.Seat, claim.Loser, claim.Specialists, nil)
		}
	} else if len(offered) > 0 {
		c.takeSpecialists(f.Seats[b.Winner], f.Seats[1-b.Winner], offered, nil)
	}
	switch {
	case second != "" && s.Stage == StagePlay:
		s.Pending = &Pending{Kind: "rumor-keep", Seat: f.Seats[b.Winner], Token: second}
	case second != "":
		s.RumorDiscard = append(s.RumorDiscard, second)
	}
	if s.Stage == StagePlay && s.Players[s.Active].NeedCaptain && s.Pending == nil {
		c.endTurn()
	}
}

// reward pays the victor over a pirate 5 gold per bounty of one nation the
// loser is wanted by, never a nation that wants the victor or is at war
// with the victor's nation; the companion picks the nation paying most.
func (c *ctx) reward(ws int, loser *Player) {
	w := c.s.Players[ws]
	best, nation := 0, ""
	wn := ""
	if w.Captain != "" {
		wn = c.cat.captain(w.Captain).Nation
	}
	for _, n := range Nations {
		if loser.Bounties[n] > best && w.Bounties[n] == 0 && !c.atWar(n, wn) {
			best, nation = loser.Bounties[n], n
		}
	}
	if best == 0 {
		return
	}
	w.Gold += 5 * best
	c.emit(engine.NewEvent("reward", engine.Seat(ws), fmt.Sprintf("%s claims %d gold from the %s for %s", w.Name, 5*best, nationWord(nation), loser.Name),
		map[string]any{"nation": nation, "gold": 5 * best}))
}

// plunder gives the winner of crew combat the loser's gold on board, the
// cargo their hold has room for and the special weapons they lack; offered
// are the loser's specialists the winner may employ, for them to choose.
func (c *ctx) plunder(ws, ls int) (second string, offered []string) {
	w, l := c.s.Players[ws], c.s.Players[ls]
	gold := l.Gold
	w.Gold += gold
	l.Gold = 0
	taken := 0
	for len(l.Cargo) > 0 && len(w.Cargo) < max(w.Ship.Cargo, 0) {
		w.Cargo = append(w.Cargo, l.Cargo[0])
		l.Cargo = l.Cargo[1:]
		taken++
	}
	for _, wp := range l.Weapons {
		if !in(w.Weapons, wp) {
			w.Weapons = append(w.Weapons, wp)
		}
	}
	l.Weapons = nil
	// The glory cards and the rumor card go to the winner too. A winner
	// holding a rumor already keeps one of the two (Acquire a rumor: one
	// rumor card at a time); second is that rumor, waiting for the choice.
	cards := l.GloryCards
	w.GloryCards = append(w.GloryCards, cards...)
	l.GloryCards = nil
	// The loser's specialists of a type the winner does not employ are
	// offered: the winner keeps those they want (ClaimShip.Dismiss); one of
	// a type already employed is discarded with the loser's captain.
	for _, id := range cloneStrings(l.Specialists) {
		if c.employs(w, findCard(c.cat.Glory, id).Specialist) == "" {
			offered = append(offered, id)
			l.Specialists = remove(l.Specialists, id)
		}
	}
	rumor := l.Rumor
	l.Rumor = ""
	if w.Rumor == "" {
		w.Rumor = rumor
	} else {
		second = rumor
	}
	var names []string
	for _, id := range cards {
		names = append(names, findCard(c.cat.Glory, id).Name)
	}
	ev := engine.NewEvent("plundered", engine.Seat(ws), fmt.Sprintf("%s plunders %d gold, %d cargo %s and %d glory %s from %s", w.Name, gold, taken, plural(taken, "card", "cards"), len(cards), plural(len(cards), "card", "cards"), l.Name),
		map[string]any{"gold": gold, "cargo": taken, "glory": len(cards), "rumor": rumor != ""})
	if len(cards) > 0 || rumor != "" {
		text := "You take " + strings.Join(names, ", ")
		if len(cards) == 0 {
			text = "You take"
		}
		if rumor != "" {
			if len(cards) > 0 {
				text += " and"
			}
			text += " the rumor " + c.cat.rumor(rumor).Name
		}
		ev = ev.WithSecret(text, map[string]any{"glory": cards, "rumor": rumor})
	}
	c.emit(ev)
	return second, offered
}

// takeSpecialists employs the offered specialists but the dismissed ones,
// which are discarded (Plundering player captains: "discard any
// specialists you can't (or don't want to) employ").
func (c *ctx) takeSpecialists(ws, ls int, offered, dismiss []string) {
	w, l := c.s.Players[ws], c.s.Players[ls]
	var hired, names []string
	for _, id := range offered {
		if in(dismiss, id) {
			c.s.GloryDiscard = append(c.s.GloryDiscard, id)
			continue
		}
		w.Specialists = append(w.Specialists, id)
		hired = append(hired, id)
		names = append(names, findCard(c.cat.Glory, id).Name)
	}
	if len(hired) > 0 {
		c.emit(engine.NewEvent("specialists-taken", engine.Seat(ws), fmt.Sprintf("%s takes on %s from %s", w.Name, engine.AndList(names), l.Name), map[string]any{"cards": hired}))
	}
}
