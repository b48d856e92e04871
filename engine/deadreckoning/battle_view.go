package deadreckoning

import (
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// PendingBattleView is a battle the turn waits on as everyone sees it: the
// PendingBattle without the machine's saved state (which holds the
// defender's hand and chest), and for the battle being fought what it
// waits for.
type PendingBattleView struct {
	PendingBattle
	// Need is set on the battle being fought (the first).
	Need *BattleNeed `json:"need,omitempty"`
}

// BattleSideView is one side of a battle as everyone sees it.
type BattleSideView struct {
	// Kind is "ship", "merchant" or "buildings".
	Kind   string      `json:"kind"`
	Seat   engine.Seat `json:"seat"`
	Name   string      `json:"name"`
	Colour string      `json:"colour"`
}

// BattleView is the battle being fought, or the last one fought this turn
// once over (phase "done" with its outcome): who fights, what the battle
// waits for (phase, whose move, cubes with reasons, cubes to drop,
// abilities, plunder due), each side's tally on the board and strength.
type BattleView struct {
	ID      int    `json:"id"`
	Kind    string `json:"kind"`
	Cause   string `json:"cause"`
	At      Pos    `json:"at"`
	Started bool   `json:"started"`
	// Sides: the attacker, then the defender.
	Sides [2]BattleSideView `json:"sides"`
	Need  BattleNeed        `json:"need"`
	// Tally: each side's zones on the board as last read (strength,
	// exploding, cargo, coin, cargo-or-coin, damage).
	Tally [2]battle.Tally `json:"tally"`
	// Outcome once the battle is over (without the sinking ship's chest).
	Outcome *battle.Outcome `json:"outcome,omitempty"`
	// Error: the battle cannot be fought with the battle-step actions (the
	// state does not describe it); record its outcome by hand.
	Error *engine.RuleError `json:"error,omitempty"`
}

// battleViews returns the public form of the pending battles and the
// battle view (nil when there is none to show).
func (s *State) battleViews() ([]PendingBattleView, *BattleView) {
	out := make([]PendingBattleView, len(s.Turn.Battles))
	for i, pb := range s.Turn.Battles {
		pb.Machine = nil
		out[i] = PendingBattleView{PendingBattle: pb}
	}
	pb := s.CurrentBattle()
	if pb == nil {
		if s.Turn.LastBattle == nil {
			return out, nil
		}
		return out, s.battleView(s.Turn.LastBattle)
	}
	bv := s.battleView(pb)
	if bv.Error == nil {
		n := bv.Need
		out[0].Need = &n
	}
	return out, bv
}

func (s *State) battleView(pb *PendingBattle) *BattleView {
	bv := &BattleView{ID: pb.ID, Kind: pb.Kind, Cause: pb.Cause, At: pb.At, Started: pb.Started}
	var b *battle.Battle
	var err error
	if len(pb.Machine) > 0 {
		// Restore directly: a finished battle is no longer the current one.
		b, err = battle.Restore(s.battleLayout(), pb.Machine)
		if err == nil {
			bv.Need = needOf(pb, b)
		}
	} else {
		b, bv.Need, err = s.battleNeed(pb)
	}
	if err != nil {
		re, ok := engine.AsRuleError(err)
		if !ok {
			re = engine.Refuse("battle-state", 17, "%s", sentence(err))
		}
		bv.Error = re
		bv.Need.WaitingOn = []engine.Seat{pb.Attacker}
		return bv
	}
	cfg := b.Config()
	for r, sd := range []battle.Side{cfg.Attacker, cfg.Defender} {
		bv.Sides[r] = BattleSideView{Kind: string(sd.Kind), Seat: sd.Seat, Name: sd.Name, Colour: sd.Colour}
		bv.Tally[r], _ = b.Tally(battle.Role(r))
	}
	if o, ok := b.Outcome(); ok {
		for i := range o.Sides {
			o.Sides[i].Sinking = nil
		}
		bv.Outcome = o
	}
	return bv
}
