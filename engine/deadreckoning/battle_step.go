package deadreckoning

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// This file plays the battle the turn waits on as game actions: each
// battle-step action carries one battle.Step, applied to the battle state
// machine saved in the PendingBattle (PendingBattle.Machine). The machine is
// started from BattleConfig at the battle's first step, so cards the
// attacker plays, cargo jettisoned and holds rearranged before that count.
// When the machine reaches its outcome, ApplyBattle applies it to the game.

func init() {
	registerAction("battle-step", func() engine.Action { return &BattleStep{} })
}

// BattleStep is one step of the current battle (pp. 17-21), in the form of
// battle.Step flattened into the action:
//
//	{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"explode":1}}}}
//
// The table (seat -1) may take any step; a player takes only their own
// side's steps (role "attacker" or "defender"; cannons are the attacker's,
// defend the defender's) and the drop and reads of a battle they fight.
// A jettison step also says which holds the goods come from (Holds, as in
// the jettison action).
type BattleStep struct {
	engine.ActionHeader
	battle.Step
	// Holds: for a jettison step, what leaves each hold; its total must be
	// the step's goods.
	Holds Goods `json:"holds,omitempty"`
}

// IsTableFact: a read records where the cubes landed on the Battle board,
// which cannot be taken back (undo stops there; a wrong read is corrected).
func (a *BattleStep) IsTableFact() bool { return a.Step.Step == battle.StepRead }

// UnmarshalJSON reads the action strictly (unknown fields refused) and
// checks the step has the part it needs, as battle.DecodeStep does.
func (a *BattleStep) UnmarshalJSON(b []byte) error {
	type plain BattleStep
	var p plain
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&p); err != nil {
		return err
	}
	step, err := json.Marshal(p.Step)
	if err != nil {
		return err
	}
	if _, err := battle.DecodeStep(step); err != nil {
		return err
	}
	*a = BattleStep(p)
	return nil
}

// MarshalJSON writes the flat form (the header, the step's fields, holds).
func (a *BattleStep) MarshalJSON() ([]byte, error) {
	type plain BattleStep
	return json.Marshal((*plain)(a))
}

// startBattle restores the machine of the current battle, or starts it from
// the state when no step has been taken yet.
func startBattle(s *State, pb *PendingBattle) (*battle.Battle, error) {
	if len(pb.Machine) > 0 {
		b, err := battle.Restore(s.battleLayout(), pb.Machine)
		if err != nil {
			return nil, engine.Refuse("battle-state", 17, "The saved battle cannot be read: %v", err)
		}
		return b, nil
	}
	cfg, err := BattleConfig(s)
	if err != nil {
		return nil, err
	}
	return battle.New(s.battleLayout(), cfg)
}

func saveBattle(pb *PendingBattle, b *battle.Battle) error {
	raw, err := json.Marshal(b)
	if err != nil {
		return fmt.Errorf("deadreckoning: the battle cannot be saved: %w", err)
	}
	pb.Machine = raw
	return nil
}

// roleSeat is the player of a side, NoSeat for a Merchant or buildings.
func roleSeat(pb *PendingBattle, r battle.Role) engine.Seat {
	if r == battle.Attacker {
		return pb.Attacker
	}
	if pb.Kind == BattleShip {
		return pb.Defender
	}
	return engine.NoSeat
}

// stepRole is the side a step belongs to: cannons are the attacker's,
// defend the defender's, drop and read the table's (role -1).
func stepRole(st battle.Step) battle.Role {
	switch st.Step {
	case battle.StepCannons:
		return battle.Attacker
	case battle.StepDefend:
		return battle.Defender
	case battle.StepDrop, battle.StepRead:
		return -1
	}
	return st.Role
}

func (a *BattleStep) apply(c *ctx) error {
	pb := c.s.CurrentBattle()
	if pb == nil {
		return engine.Refuse("no-battle", 17, "There is no battle to fight")
	}
	role := stepRole(a.Step)
	if a.Seat != engine.NoSeat {
		if role < 0 {
			if a.Seat != roleSeat(pb, battle.Attacker) && a.Seat != roleSeat(pb, battle.Defender) {
				return engine.Refuse("not-your-battle", 17, "Only the table or a player in the battle drops and reads the cubes")
			}
		} else if a.Seat != roleSeat(pb, role) {
			return engine.Refuse("not-your-battle", 17, "The %s step is the %s's, not %s's", a.Step.Step, role, c.s.Players[a.Seat].Name)
		}
	}
	b, err := startBattle(c.s, pb)
	if err != nil {
		return err
	}
	if a.Step.Step == battle.StepJettison {
		return a.jettison(c, pb, b)
	}
	if len(a.Holds) > 0 {
		return engine.Refuse("bad-parameter", 17, "Holds are named only when jettisoning")
	}
	step := a.Step
	if step.Step == battle.StepDefend && pb.Kind == BattleShip {
		// With physical cards the defender names cards as any play does:
		// the hand must hold that many, and a card just like the one named
		// may stand for it.
		play, err := c.s.defenceCards(pb.Defender, step.Play)
		if err != nil {
			return err
		}
		step.Play = play
	}
	before := b.Phase()
	if err := b.Apply(step); err != nil {
		return err
	}
	if err := saveBattle(pb, b); err != nil {
		return err
	}
	c.emit(engine.NewEvent("battle-step", a.Seat, capital(stepText(c.s, pb, step)), map[string]any{"battle": pb.ID, "step": step, "phase": b.Phase()}))
	if before == battle.PhaseReady && b.Phase() != battle.PhaseReady {
		// The cubes are dropped: no more rearranging, jettisoning or
		// playing cards until the battle is over (pp. 7, 17).
		pb.Started = true
	}
	o, done := b.Outcome()
	if !done {
		return nil
	}
	finished := *pb
	evs, err := ApplyBattle(c.s, o)
	if err != nil {
		return err
	}
	public := *o
	for i := range public.Sides {
		public.Sides[i].Sinking = nil // coins from the chest are the sinking player's secret
	}
	c.emit(engine.NewEvent("battle-over", finished.Attacker, fmt.Sprintf("The %s at %s is over", battleWords(finished.Kind), placeName(c.s, finished.At)), map[string]any{"battle": finished.ID, "outcome": public}))
	c.events = append(c.events, evs...)
	c.s.Turn.LastBattle = &finished
	return nil
}

// jettison is a jettison step: the goods leave the named holds (the jettison
// action's checks) and the machine records them for the plunder's room.
func (a *BattleStep) jettison(c *ctx, pb *PendingBattle, b *battle.Battle) error {
	if a.Step.Goods == nil {
		return engine.Refuse(battle.CodeJettison, 17, "Say how many cargo and coins to jettison")
	}
	seat := roleSeat(pb, a.Step.Role)
	if seat == engine.NoSeat {
		return engine.Refuse(battle.CodeJettison, 17, "Only a player's ship can jettison")
	}
	if len(a.Holds) == 0 {
		return engine.Refuse("jettison-holds", 7, "Say which holds the jettisoned cargo and coins come from")
	}
	if err := checkGoods(a.Holds, "jettison"); err != nil {
		return err
	}
	if t := goodsTotal(a.Holds); t.Cargo != a.Step.Goods.Cargo || t.Coins != a.Step.Goods.Coins {
		return engine.Refuse("jettison-holds", 7, "The holds give %d cargo and %s, the step says %d and %d", t.Cargo, count(t.Coins, "coin", ""), a.Step.Goods.Cargo, a.Step.Goods.Coins)
	}
	// Save the started machine first: the jettison action records into it.
	if err := saveBattle(pb, b); err != nil {
		return err
	}
	j := &Jettison{ActionHeader: engine.ActionHeader{Type: "jettison", Seat: seat}, Holds: a.Holds}
	return j.apply(c)
}

// battleChanged is called when a side changes what the battle was started
// from (cards played, holds rearranged or jettisoned, a card levelled)
// before the cubes are dropped. While the attacker has not chosen cannons
// the machine is dropped and started again from the state at the next
// step; after that it keeps its declaration (our reading: the cubes are
// counted once cannons are chosen). A jettison is recorded in the machine
// so the plunder has room for it (p. 19).
func (c *ctx) battleChanged(seat engine.Seat, jettisoned *Goods) error {
	pb := c.s.CurrentBattle()
	if pb == nil || len(pb.Machine) == 0 || (seat != roleSeat(pb, battle.Attacker) && seat != roleSeat(pb, battle.Defender)) {
		return nil
	}
	b, err := battle.Restore(c.s.battleLayout(), pb.Machine)
	if err != nil {
		return engine.Refuse("battle-state", 17, "The saved battle cannot be read: %v", err)
	}
	if b.Phase() == battle.PhaseCannons {
		pb.Machine = nil
		return nil
	}
	if jettisoned == nil {
		return c.defenderCardsChanged(pb, b, seat)
	}
	role := battle.Attacker
	if seat != pb.Attacker {
		role = battle.Defender
	}
	t := goodsTotal(*jettisoned)
	if t.Cargo+t.Coins == 0 {
		return nil
	}
	if err := b.Jettison(role, battle.Goods{Cargo: t.Cargo, Coins: t.Coins}); err != nil {
		return err
	}
	return saveBattle(pb, b)
}

// defenderCardsChanged brings the machine's description of the defender's
// hand up to date while the defender may still choose cards to play: a card
// levelled up in response to the attack fights at its new level (pp. 13,
// 18). Later on, hand cards no longer matter to the battle.
func (c *ctx) defenderCardsChanged(pb *PendingBattle, b *battle.Battle, seat engine.Seat) error {
	if pb.Kind != BattleShip || seat != pb.Defender || b.Phase() != battle.PhaseDefence {
		return nil
	}
	def := c.s.Player(seat)
	for _, card := range shipSide(c.s, def, pb, true).Cards {
		if !card.InHand {
			continue
		}
		if err := b.UpdateHandCard(card); err != nil {
			return err
		}
	}
	return saveBattle(pb, b)
}

// stepText is the log's sentence for a step.
func stepText(s *State, pb *PendingBattle, st battle.Step) string {
	who := func(r battle.Role) string {
		if p := s.Player(roleSeat(pb, r)); p != nil {
			return p.Name
		}
		return "the " + r.String()
	}
	switch st.Step {
	case battle.StepCannons:
		n := 0
		for _, k := range st.Cannons {
			n += k
		}
		if n == 1 {
			return fmt.Sprintf("%s uses 1 cannon", who(battle.Attacker))
		}
		return fmt.Sprintf("%s uses %d cannons", who(battle.Attacker), n)
	case battle.StepDefend:
		if len(st.Play) == 0 {
			return who(battle.Defender) + " defends without playing a card"
		}
		return fmt.Sprintf("%s plays %s in defence", who(battle.Defender), count(len(st.Play), "card", ""))
	case battle.StepDrop:
		return "The battle cubes are dropped"
	case battle.StepRead:
		return "The Battle board is read"
	case battle.StepAbility:
		return who(st.Role) + " uses a battle ability"
	case battle.StepPass:
		return who(st.Role) + " passes"
	case battle.StepPlunder:
		return who(st.Role) + " places the plunder"
	}
	return "The battle moves on"
}

// BattleNeed is what the current battle waits for, as everyone may see it.
type BattleNeed struct {
	battle.Need
	// WaitingOn: the players who may act now (the table may always drop
	// and read).
	WaitingOn []engine.Seat `json:"waitingOn"`
}

// battleNeed computes the current battle's need, starting a machine from
// the state (not saved) when no step has been taken yet.
func (s *State) battleNeed(pb *PendingBattle) (*battle.Battle, BattleNeed, error) {
	b, err := startBattle(s, pb)
	if err != nil {
		return nil, BattleNeed{}, err
	}
	return b, needOf(pb, b), nil
}

// needOf is the machine's Need with the players it waits on.
func needOf(pb *PendingBattle, b *battle.Battle) BattleNeed {
	n := BattleNeed{Need: b.Need(), WaitingOn: []engine.Seat{}}
	add := func(seat engine.Seat) {
		if seat != engine.NoSeat && !slices.Contains(n.WaitingOn, seat) {
			n.WaitingOn = append(n.WaitingOn, seat)
		}
	}
	switch n.Who {
	case "attacker":
		add(roleSeat(pb, battle.Attacker))
	case "defender":
		add(roleSeat(pb, battle.Defender))
	case "both":
		if n.Phase == battle.PhasePlunder {
			for _, r := range []battle.Role{battle.Attacker, battle.Defender} {
				if _, ok := n.Plunder[r.String()]; ok {
					add(roleSeat(pb, r))
				}
			}
			break
		}
		add(roleSeat(pb, battle.Attacker))
		add(roleSeat(pb, battle.Defender))
	case "":
		// done: nobody
	default: // the table drops and reads; either player may record it
		add(roleSeat(pb, battle.Attacker))
		add(roleSeat(pb, battle.Defender))
	}
	return n
}

// attackerMayPlay refuses a card played by the attacker once the cannons
// are chosen: the battle has counted its cubes (our reading; p. 17 allows
// cards until the drop, and before the cannons step they still count).
func (c *ctx) attackerMayPlay(pb *PendingBattle) error {
	if len(pb.Machine) == 0 {
		return nil
	}
	b, err := battle.Restore(c.s.battleLayout(), pb.Machine)
	if err != nil {
		return engine.Refuse("battle-state", 17, "The saved battle cannot be read: %v", err)
	}
	if b.Phase() != battle.PhaseCannons {
		return engine.Refuse("battle-cannons-chosen", 17, "The cannons are chosen: play cards before choosing the battle's cannons")
	}
	return nil
}
