package companion

import (
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
)

// This file enforces engine.DecisionOwner: a decision of one seat (the cards
// a defender plays from a hidden hand) is submitted only by that seat's own
// device or the host, whatever seat the action names; and a refusal of it
// that would reveal the owner's hidden information is told to the host in
// general words only.

// decisionOwner returns the seat whose own decision act is, if the game says so.
func (s *Session) decisionOwner(act engine.Action) (engine.Seat, bool) {
	do, ok := s.game.(engine.DecisionOwner)
	if !ok {
		return engine.NoSeat, false
	}
	return do.DecisionOf(act)
}

// authorizeOwner refuses an owned decision from anyone but the owner's own
// device or the host. It runs before the rules look at the action, so a
// refusal of a stranger's attempt says nothing about the owner's hand.
func (s *Session) authorizeOwner(a Access, act engine.Action) error {
	owner, ok := s.decisionOwner(act)
	if !ok || a.Host {
		return nil
	}
	if a.Viewer.IsPublic() || a.Viewer.Seat != owner {
		return fmt.Errorf("%w: this is %s's own decision: only their phone or the host may enter it", ErrForbidden, s.seatName(owner))
	}
	return nil
}

// seatName is the name the players gave a seat ("seat 2" when the table
// has none for it), for sentences players read.
func (s *Session) seatName(seat engine.Seat) string {
	for _, p := range s.players {
		if p.Seat == seat && p.Name != "" {
			return p.Name
		}
	}
	return seat.String()
}

// maskRefusal replaces a refusal of an owned decision that reveals the
// owner's hidden information when someone else (the host) submitted it.
func (s *Session) maskRefusal(a Access, act engine.Action, err error) error {
	re, isRule := engine.AsRuleError(err)
	if !isRule {
		return err
	}
	owner, ok := s.decisionOwner(act)
	if !ok || (!a.Viewer.IsPublic() && a.Viewer.Seat == owner) {
		return err
	}
	if s.game.(engine.DecisionOwner).RevealsHidden(re) {
		return engine.HiddenRefusal(re)
	}
	return err
}
