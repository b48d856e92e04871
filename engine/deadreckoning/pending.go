package deadreckoning

import (
	"encoding/json"
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// This file is the meeting point with the battles code (battle*.go and
// package battle): the turn records battles that must be fought as
// PendingBattle values, waits while any is pending, and takes the result
// through ApplyBattleOutcome.

// Battle kinds (p. 17).
const (
	BattleShip     = "ship"     // player ship vs player ship
	BattleMerchant = "merchant" // player ship vs a Merchant encounter (non-player)
	BattleBuilding = "building" // player ship vs an opponent's Fort and/or Garrison
)

// Battle causes.
const (
	CausePirateStop   = "pirate-stop"   // the mover stopped where an opponent's ship is in pirate mode (p. 10)
	CauseAttackFlag   = "attack-flag"   // an Attack flag ability was used (p. 15)
	CausePirateChoice = "pirate-choice" // the active player chose to battle a pirate-mode ship sharing its space (p. 12)
	CauseMerchant     = "merchant"      // a Merchant encounter was attacked (p. 11)
	CauseBuilding     = "building"      // an opponent's Fort/Garrison was attacked (p. 20)
)

// MerchantBack is the back of an attacked Merchant ship, entered when it is
// turned over (p. 11): its name, battle cubes and win/lose effects.
type MerchantBack struct {
	Name string `json:"name"`
	// Cubes is the number of black cubes it drops.
	Cubes int `json:"cubes"`
	// Win and Lose are the effects for the attacker, as primitives where the
	// engine models them, else kind "other" with a text.
	Win  []data.Effect `json:"win,omitempty"`
	Lose []data.Effect `json:"lose,omitempty"`
	// WinAbility: the card has an ability gained by winning (p. 11).
	WinAbility bool `json:"winAbility,omitempty"`
}

// PendingBattle is a battle the turn waits on.
type PendingBattle struct {
	ID   int    `json:"id"`
	Kind string `json:"kind"`
	// Cause says what started it.
	Cause    string      `json:"cause"`
	Attacker engine.Seat `json:"attacker"`
	// Defender is the other player (ship battle), the island's controller
	// (building battle), or NoSeat (merchant).
	Defender engine.Seat `json:"defender"`
	At       Pos         `json:"at"`
	// Merchant is the attacked encounter's back and Card the card itself.
	Merchant *MerchantBack `json:"merchant,omitempty"`
	Card     *Adv          `json:"card,omitempty"`
	CardRow  int           `json:"cardRow,omitempty"`
	// Buildings are the Fort and/or Garrison attacked.
	Buildings []string `json:"buildings,omitempty"`
	// Started is set by the battle code once cubes are dropped: from then
	// on no rearranging, jettisoning or playing cards (pp. 7, 17).
	Started bool `json:"started"`
	// Machine is the battle state machine's saved state (package battle,
	// battle.Restore) once its first battle-step was taken; absent for a
	// battle not yet begun or resolved by hand. It holds the defender's
	// hand and chest, so views never show it.
	Machine json.RawMessage `json:"machine,omitempty"`
}

// Plunder is where a side puts the cargo and coins it plundered (p. 19):
// holds with free capacity and/or the island where the battle is; anything
// not placed goes back to the supply.
type Plunder struct {
	Holds  Goods `json:"holds,omitempty"`
	Island Hold  `json:"island,omitempty"`
}

// BattleOutcome is the result of the current battle, as resolved by the
// battles code (or recorded by hand at the table).
type BattleOutcome struct {
	// AttackerWon: the active player won (ties go to the active player).
	AttackerWon bool `json:"attackerWon"`
	// DamageToAttacker and DamageToDefender are the damage from damage zones
	// and abilities; the loser's 1 damage is added by ApplyBattleOutcome.
	DamageToAttacker int `json:"damageToAttacker,omitempty"`
	DamageToDefender int `json:"damageToDefender,omitempty"`
	// Plunder of each side (not in building battles).
	AttackerPlunder *Plunder `json:"attackerPlunder,omitempty"`
	DefenderPlunder *Plunder `json:"defenderPlunder,omitempty"`
	// MerchantKept: after winning against a Merchant, the attacker keeps
	// the card as an advancement (set aside, sleeved at cleanup).
	MerchantKept bool `json:"merchantKept,omitempty"`
}

// CurrentBattle returns the battle being fought, or nil.
func (s *State) CurrentBattle() *PendingBattle {
	if len(s.Turn.Battles) == 0 {
		return nil
	}
	return &s.Turn.Battles[0]
}

// queueBattle records a battle the turn must wait on.
func (c *ctx) queueBattle(pb PendingBattle) {
	pb.ID = c.s.NextInst
	c.s.NextInst++
	c.s.Turn.Battles = append(c.s.Turn.Battles, pb)
	c.emit(engine.NewEvent("battle-pending", pb.Attacker, fmt.Sprintf("A %s is declared at %s", battleWords(pb.Kind), placeName(c.s, pb.At)), pb))
}

func foughtKey(pb PendingBattle) string {
	switch pb.Kind {
	case BattleShip:
		return fmt.Sprintf("ship:%d", pb.Defender)
	case BattleMerchant:
		return fmt.Sprintf("merchant:%d", pb.Card.Inst)
	}
	return "building:" + pb.At.String()
}

// alreadyFought reports whether the active player battled that opponent this turn.
func (s *State) alreadyFought(key string) bool { return contains(s.Turn.Fought, key) }

// ApplyBattleOutcome applies the result of the current battle (pp. 17-21):
// plunder, damage, the loser's damage, Legendary progress for the winner of
// a non-building battle, a losing pirate ship turning mercantile, the
// blockade of a mover who lost to a pirate, removed buildings, the Merchant
// card kept or buried, sinking, then the next pending battle. Call it only
// while applying an action (the state is a copy until the action is
// accepted): an error leaves the state half changed and must refuse the
// action.
func (s *State) ApplyBattleOutcome(o BattleOutcome) ([]engine.Event, error) {
	c := &ctx{s: s}
	err := c.applyBattleOutcome(o)
	return c.events, err
}

func (c *ctx) applyBattleOutcome(o BattleOutcome) error {
	pb := c.s.CurrentBattle()
	if pb == nil {
		return engine.Refuse("no-battle", 17, "There is no battle to resolve")
	}
	if o.DamageToAttacker < 0 || o.DamageToDefender < 0 || o.DamageToAttacker > 20 || o.DamageToDefender > 20 {
		return engine.Refuse("bad-amount", 19, "Damage must be between 0 and 20")
	}
	att := &c.s.Players[pb.Attacker]
	var def *Player
	if pb.Kind != BattleMerchant {
		def = &c.s.Players[pb.Defender]
	}
	// Plunder (not against buildings).
	if pb.Kind == BattleBuilding && (o.AttackerPlunder != nil || o.DefenderPlunder != nil) {
		return engine.Refuse("no-plunder", 20, "There is no plunder in a battle against buildings")
	}
	if o.DefenderPlunder != nil && pb.Kind != BattleShip {
		return engine.Refuse("no-plunder", 19, "A non-player gains no plunder")
	}
	for _, side := range []struct {
		p  *Player
		pl *Plunder
	}{{att, o.AttackerPlunder}, {def, o.DefenderPlunder}} {
		if side.pl == nil {
			continue
		}
		if err := c.s.putInHolds(side.p, side.pl.Holds); err != nil {
			return err
		}
		t := goodsTotal(side.pl.Holds)
		if side.pl.Island.Cargo < 0 || side.pl.Island.Coins < 0 {
			return engine.Refuse("bad-amount", 19, "Amounts cannot be negative")
		}
		if side.pl.Island.Total() > 0 {
			b := c.s.Board(pb.At)
			if b == nil || b.Island == nil {
				return engine.Refuse("no-island", 19, "There is no island at %s to put plunder on", placeName(c.s, pb.At))
			}
			b.Island.Cargo += side.pl.Island.Cargo
			b.Island.Coins += side.pl.Island.Coins
		}
		t.Cargo += side.pl.Island.Cargo
		t.Coins += side.pl.Island.Coins
		c.s.Supply.Cargo -= t.Cargo
		c.s.Supply.Coins -= t.Coins
		c.emit(engine.NewEvent("plunder", side.p.Seat, fmt.Sprintf("%s plunders %d cargo and %s", side.p.Name, t.Cargo, count(t.Coins, "coin", "")), side.pl))
	}
	// Damage zones, then the loser's damage.
	dmgAtt, dmgDef := o.DamageToAttacker, o.DamageToDefender
	switch pb.Kind {
	case BattleShip:
		if o.AttackerWon {
			dmgDef++
		} else {
			dmgAtt++
		}
	case BattleBuilding:
		if !o.AttackerWon {
			dmgAtt++
		}
		dmgDef = 0
	case BattleMerchant:
		dmgDef = 0
	}
	att.Ship.Damage += dmgAtt
	if def != nil && pb.Kind == BattleShip {
		def.Ship.Damage += dmgDef
	}
	winner, loser := engine.NoSeat, engine.NoSeat
	if o.AttackerWon {
		winner = pb.Attacker
		if pb.Kind != BattleMerchant {
			loser = pb.Defender
		}
	} else {
		loser = pb.Attacker
		if pb.Kind != BattleMerchant {
			winner = pb.Defender
		}
	}
	c.emit(engine.NewEvent("battle-won", winner, fmt.Sprintf("Battle at %s: %s wins", placeName(c.s, pb.At), sideName(c.s, winner, pb)), map[string]any{
		"battle": pb.ID, "winner": winner, "loser": loser, "damageToAttacker": dmgAtt, "damageToDefender": dmgDef}))
	// Legendary progress for the winner of a non-building battle with a ship.
	if pb.Kind != BattleBuilding && winner != engine.NoSeat {
		c.progress(winner, AchLegendary, 4)
	}
	switch pb.Kind {
	case BattleShip:
		if lp := c.s.Player(loser); lp != nil && lp.Ship.Pirate {
			lp.Ship.Pirate = false
			c.emit(engine.NewEvent("mode-changed", loser, lp.Name+"'s ship lost the battle and returns to mercantile mode", map[string]any{"pirate": false}))
		}
		if pb.Cause == CausePirateStop && !o.AttackerWon {
			c.s.Turn.Blockaded = append(c.s.Turn.Blockaded, pb.At)
		}
	case BattleBuilding:
		if o.AttackerWon {
			is := c.s.Board(pb.At).Island
			for _, b := range pb.Buildings {
				is.Buildings = remove(is.Buildings, b)
			}
			c.emit(engine.NewEvent("buildings-destroyed", pb.Attacker, fmt.Sprintf("%s destroys the defences at %s", att.Name, placeName(c.s, pb.At)), map[string]any{"at": pb.At, "buildings": pb.Buildings}))
		}
	case BattleMerchant:
		if o.AttackerWon && o.MerchantKept {
			a := *pb.Card
			a.Merchant = true
			att.SetAside = append(att.SetAside, a)
			c.emit(engine.NewEvent("merchant-taken", pb.Attacker, att.Name+" takes the Merchant ship's card as an advancement", map[string]any{"card": a}))
		} else {
			c.s.Boxes[pb.CardRow-1].Buried++
			c.emit(engine.NewEvent("card-buried", engine.NoSeat, "The Merchant ship is buried under its Row's box", map[string]any{"row": pb.CardRow}))
		}
	}
	if o.MerchantKept && (pb.Kind != BattleMerchant || !o.AttackerWon) {
		return engine.Refuse("merchant-kept", 11, "Only the winner of a battle against a Merchant ship can keep its card")
	}
	c.s.Turn.Fought = append(c.s.Turn.Fought, foughtKey(*pb))
	done := *pb
	c.s.Turn.Battles = c.s.Turn.Battles[1:]
	// Sinking at the end of the battle (p. 21): both ships may sink. The
	// defending player, or the controller of the attacked Fort or Garrison,
	// dealt the 5th damage and gains the coins lost (pp. 20-21).
	// Each sinking ship loses what it carried when the battle ended: both
	// losses are taken before either is paid, so coins gained from the
	// other ship's sinking are not lost again.
	type sinking struct {
		seat, by engine.Seat
		lost     int
	}
	var sunk []sinking
	if att.Ship.Damage >= 5 {
		by := engine.NoSeat
		if done.Kind == BattleShip || done.Kind == BattleBuilding {
			by = done.Defender
		}
		sunk = append(sunk, sinking{seat: att.Seat, by: by})
	}
	if def != nil && done.Kind == BattleShip && def.Ship.Damage >= 5 {
		sunk = append(sunk, sinking{seat: def.Seat, by: done.Attacker})
	}
	for i := range sunk {
		sunk[i].lost = c.sinkingLoss(sunk[i].seat)
	}
	for _, sk := range sunk {
		c.sinkPay(sk.seat, sk.by, sk.lost)
	}
	// A sunk attacker cannot fight the rest of the queue.
	if att.Ship.At.IsHarbor() && !done.At.IsHarbor() {
		c.s.Turn.Battles = nil
	}
	return nil
}

func sideName(s *State, seat engine.Seat, pb *PendingBattle) string {
	if p := s.Player(seat); p != nil {
		return p.Name
	}
	if pb.Kind == BattleMerchant && pb.Merchant != nil && pb.Merchant.Name != "" {
		return "the " + pb.Merchant.Name
	}
	return "the non-player"
}

// SinkShip sinks a ship (p. 21): all coins on it are lost, topped up to 5
// from the Treasure chest, and go to the chest of the player who sank it (or
// the supply); cargo stays aboard; back to the Harbor with no damage, Sails
// 0, mercantile. The first sinking gives the sinker Terror of the Sea.
func (c *ctx) SinkShip(seat, by engine.Seat) {
	c.sinkPay(seat, by, c.sinkingLoss(seat))
}

// sinkingLoss takes the coins a sinking ship loses (p. 21): every coin on
// it, topped up to 5 from its player's chest as far as it holds.
func (c *ctx) sinkingLoss(seat engine.Seat) int {
	p := &c.s.Players[seat]
	lost := 0
	for i := range p.Ship.Spaces {
		lost += p.Ship.Spaces[i].Hold.Coins
		p.Ship.Spaces[i].Hold.Coins = 0
	}
	if lost < 5 {
		fromChest := min(5-lost, p.Chest)
		p.Chest -= fromChest
		lost += fromChest
	}
	return lost
}

// sinkPay gives the lost coins to the player who sank the ship (or the
// supply) and sends the ship back to the Harbor (p. 21).
func (c *ctx) sinkPay(seat, by engine.Seat, lost int) {
	p := &c.s.Players[seat]
	if q := c.s.Player(by); q != nil {
		q.Chest += lost
		q.Sunk++
	} else {
		c.s.Supply.Coins += lost
	}
	p.Ship.At = Harbor
	p.Ship.Damage = 0
	p.Ship.Sails = 0
	p.Ship.Pirate = false
	c.emit(engine.NewEvent("ship-sunk", seat, fmt.Sprintf("%s's ship sinks and returns to the Harbor", p.Name), map[string]any{"by": by}).
		WithSecret(fmt.Sprintf("Your ship sank: you lost %s", count(lost, "coin", "")), map[string]any{"coinsLost": lost}))
	if q := c.s.Player(by); q != nil {
		c.claim(by, AchTerror)
	}
}

// RecordBattleOutcome is the table's record of how the current battle ended,
// for a battle fought without the battle state machine (typed in by hand).
type RecordBattleOutcome struct {
	engine.ActionHeader
	BattleOutcome
	// DefenderPlayed are the cards the defending player played from hand;
	// they stay in play until that player's next cleanup (p. 18).
	DefenderPlayed []string `json:"defenderPlayed,omitempty"`
}

func init() {
	registerAction("record-battle-outcome", func() engine.Action { return &RecordBattleOutcome{} })
}

func (a *RecordBattleOutcome) apply(c *ctx) error {
	pb := c.s.CurrentBattle()
	if pb == nil {
		return engine.Refuse("no-battle", 17, "There is no battle to record")
	}
	if a.Seat != engine.NoSeat && a.Seat != pb.Attacker {
		return engine.Refuse("not-your-battle", 17, "The attacker or the table records a battle's outcome")
	}
	if len(a.DefenderPlayed) > 0 && pb.Kind != BattleShip {
		return engine.Refuse("no-defender-cards", 20, "Only a defending ship's player plays cards")
	}
	// A battle recorded by hand has no machine's outcome to show.
	c.s.Turn.LastBattle = nil
	for _, id := range a.DefenderPlayed {
		if err := c.s.PlayFromHand(pb.Defender, id); err != nil {
			return err
		}
		d := &c.s.Players[pb.Defender]
		c.emit(engine.NewEvent("card-played", pb.Defender, fmt.Sprintf("%s plays %s in defence", d.Name, d.nameOf(id)), map[string]any{"card": *d.Card(id)}))
	}
	return c.applyBattleOutcome(a.BattleOutcome)
}

// AbilityKey names one ability (or a card's cannons, ability -1) for the
// once-per-turn rule; source is "level" or an advancement slot.
func AbilityKey(seat engine.Seat, card, source string, ability int) string {
	return abilityKey(seat, card, source, ability)
}

// Used reports whether an ability (see AbilityKey) was used this turn.
func (s *State) Used(key string) bool { return s.abilityUsed(key) }

// MarkUsed records that an ability or a card's cannons were used this turn.
// Each cannon and battle ability is used once per turn across all battles
// (p. 17).
func (s *State) MarkUsed(key string) {
	if !s.abilityUsed(key) {
		s.Turn.Used = append(s.Turn.Used, key)
	}
}

// PlayFromHand plays a card of seat from hand, as the defender does before
// the cubes are dropped (p. 18). On another player's turn the card stays in
// play until seat's next cleanup.
func (s *State) PlayFromHand(seat engine.Seat, card string) error {
	p := s.Player(seat)
	if p == nil {
		return engine.Refuse("no-such-seat", 18, "There is no player in %s", seat)
	}
	if !s.Options.PhysicalCards && !contains(p.Hand, card) {
		return engine.Refuse("not-in-hand", 18, "%s has no %s in hand", p.Name, p.nameOf(card))
	}
	card, err := s.takeFromHand(p, card, 18)
	if err != nil {
		return err
	}
	if seat == s.Turn.Seat {
		p.Played = append(p.Played, card)
	} else {
		p.PlayedOffTurn = append(p.PlayedOffTurn, card)
	}
	return nil
}

// CardInPlay is a card face up in front of a player, with its icons.
type CardInPlay struct {
	Card    SailorCard `json:"card"`
	Sails   int        `json:"sails"`
	Cannons int        `json:"cannons"`
	Wheels  int        `json:"wheels"`
}

// CardsInPlay lists seat's cards in play (played this turn or in defense).
func (s *State) CardsInPlay(seat engine.Seat) []CardInPlay {
	p := s.Player(seat)
	if p == nil {
		return nil
	}
	var out []CardInPlay
	for _, id := range append(append([]string{}, p.Played...), p.PlayedOffTurn...) {
		c := p.Card(id)
		_, _, wh := s.CardIcons(c)
		sa, ca := s.CardGives(c)
		out = append(out, CardInPlay{Card: *c, Sails: sa, Cannons: ca, Wheels: wh})
	}
	return out
}

// CardAbilities returns the abilities of one source of a card ("level" or a
// slot), for the battles code to find battle abilities.
func (s *State) CardAbilities(c *SailorCard, source string) ([]data.Ability, bool) {
	return s.cardAbilities(c, source)
}

// Controller returns who controls the island at p (NoSeat for nobody or no island).
func (s *State) Controller(p Pos) engine.Seat {
	if b := s.Board(p); b != nil && b.Island != nil {
		return b.Island.Controller
	}
	return engine.NoSeat
}

// DamageShip deals damage to a ship outside a battle (a Garrison, an
// ability): at 5 or more it sinks at once (p. 21), by is who caused it.
func (s *State) DamageShip(seat, by engine.Seat, n int) []engine.Event {
	c := &ctx{s: s}
	p := &s.Players[seat]
	p.Ship.Damage += n
	c.emit(engine.NewEvent("ship-damaged", seat, fmt.Sprintf("%s's ship takes %d damage", p.Name, n), map[string]any{"damage": p.Ship.Damage}))
	if p.Ship.Damage >= 5 {
		c.SinkShip(seat, by)
	}
	return c.events
}

// IsTableFact marks a recorded battle outcome as a physical fact: the cubes
// were dropped, so undo does not go past it (a wrong record is corrected).
func (a *RecordBattleOutcome) IsTableFact() bool { return true }

// cannonKey names a card's (or "ship") cannons of a seat.
func cannonKey(seat engine.Seat, source string) string { return fmt.Sprintf("%d/%s", seat, source) }

// CannonsUsed is how many cannons of a card (its id) or of the ship ("ship")
// seat has used this turn.
func (s *State) CannonsUsed(seat engine.Seat, source string) int {
	return s.Turn.CannonsUsed[cannonKey(seat, source)]
}

// UseCannons records n more cannons of a card or the ship used this turn.
func (s *State) UseCannons(seat engine.Seat, source string, n int) {
	if s.Turn.CannonsUsed == nil {
		s.Turn.CannonsUsed = map[string]int{}
	}
	s.Turn.CannonsUsed[cannonKey(seat, source)] += n
}

// TakeIslandCubes moves n of seat's non-permanent island cubes back to their
// supply, never changing who controls an island (p. 14): for a player who
// needs battle cubes and has none left. It refuses when there are not
// enough such cubes, leaving the state to be discarded with the action.
func (s *State) TakeIslandCubes(seat engine.Seat, n int) ([]engine.Event, error) {
	c := &ctx{s: s}
	p := s.Player(seat)
	if p == nil {
		return nil, engine.Refuse("no-such-seat", 14, "There is no player in %s", seat)
	}
	for k := 0; k < n; k++ {
		if !c.reclaimAny(seat, Pos{-1, -1}) {
			return nil, engine.Refuse("out-of-cubes", 14, "%s has no more island cubes that can be taken without changing control", p.Name)
		}
		p.Cubes++
	}
	if n > 0 {
		c.emit(engine.NewEvent("cubes-reclaimed", seat, fmt.Sprintf("%s takes %s back from islands", p.Name, count(n, "cube", "")), map[string]any{"cubes": n}))
	}
	return c.events, nil
}

// SinkShip sinks seat's ship (p. 21), by the player who caused it (or
// NoSeat), and returns the events. See ctx.SinkShip.
func (s *State) SinkShip(seat, by engine.Seat) []engine.Event {
	c := &ctx{s: s}
	c.SinkShip(seat, by)
	return c.events
}
