package engine

// DecisionOwner is implemented by a game some of whose actions are one
// seat's own decision whatever seat the action names: the cards a defender
// plays from a hidden hand, for instance, may be entered as the table
// (seat -1), yet they are still that player's choice. A companion lets only
// that seat's own device, or the host, submit such an action (the shared
// tablet too when the owner is a seat to act, as for any action of theirs).
// Games without such decisions need not implement it.
type DecisionOwner interface {
	// DecisionOf reports the seat whose decision a is in the current
	// state; ok is false when a is nobody's own decision (the usual
	// checks on the action's seat then apply).
	DecisionOf(a Action) (owner Seat, ok bool)
	// RevealsHidden reports whether a refusal of an owned decision tells
	// something only the owner may see (that a card is or is not in their
	// hand): anyone else who submitted it is told only that it was refused.
	RevealsHidden(err *RuleError) bool
}

// CodeHiddenRefusal is the code of a refusal whose reason is hidden
// information of another seat (see DecisionOwner.RevealsHidden).
const CodeHiddenRefusal = "refused-hidden"

// HiddenRefusal is what a seat that is not the owner is told in place of a
// refusal that reveals the owner's hidden information: the rule's place,
// never its reason.
func HiddenRefusal(err *RuleError) *RuleError {
	return &RuleError{Code: CodeHiddenRefusal, Page: err.Page, Section: err.Section,
		Detail: "the rules refuse this for a reason only the player who makes this choice may see; ask them to enter it on their phone"}
}
