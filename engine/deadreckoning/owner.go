package deadreckoning

import (
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// This file says which actions are the defending player's own decisions
// (engine.DecisionOwner): what they play from their hidden hand and how
// they fight a ship battle. The table may enter them as seat -1, so the
// action's seat alone cannot say whose choice they are.

var _ engine.DecisionOwner = (*Game)(nil)

// DecisionOf: in a battle against a player's ship, every defender's step
// (the cards played in defence, abilities, passes, jettison, plunder) and
// a recorded outcome naming cards the defender played are the defender's.
// The attacker's steps are the turn's player's, checked as any action of
// theirs; a Merchant's or buildings' side has no player to own it.
func (g *Game) DecisionOf(a engine.Action) (engine.Seat, bool) {
	pb := g.st.CurrentBattle()
	if pb == nil || pb.Kind != BattleShip {
		return engine.NoSeat, false
	}
	switch a := a.(type) {
	case *BattleStep:
		if stepRole(a.Step) == battle.Defender {
			return pb.Defender, true
		}
	case *RecordBattleOutcome:
		if len(a.DefenderPlayed) > 0 {
			return pb.Defender, true
		}
	}
	return engine.NoSeat, false
}

// RevealsHidden: whether a card is in the defender's hand, and what an
// unplayed card of theirs can do, are theirs to know (pp. 17-18).
func (g *Game) RevealsHidden(err *engine.RuleError) bool {
	switch err.Code {
	case battle.CodeNotInHand, battle.CodeNoBattleUse, "not-in-hand":
		return true
	}
	return false
}

var _ engine.SeatNamer = (*Game)(nil)

// SeatNames lists the setup's players in seat order, for the companion to
// check against the table's players.
func (g *Game) SeatNames() []string {
	out := make([]string, len(g.st.Players))
	for i, p := range g.st.Players {
		out[i] = p.Name
	}
	return out
}
