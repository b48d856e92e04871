package engine

import (
	"encoding/json"
	"errors"
	"fmt"
)

// Sentinel errors. Every refusal by the rules satisfies errors.Is(err,
// ErrIllegal); the others name the common special cases so callers (the web
// server maps them to HTTP statuses) need not look at codes.
var (
	// ErrIllegal is matched by every *RuleError.
	ErrIllegal = errors.New("illegal action")
	// ErrNotYourTurn is matched by a *RuleError with code CodeNotYourTurn.
	ErrNotYourTurn = errors.New("not your turn")
	// ErrGameOver is matched by a *RuleError with code CodeGameOver.
	ErrGameOver = errors.New("the game is over")
	// ErrMalformed wraps every error decoding an action, a setup or a script.
	ErrMalformed = errors.New("malformed input")
	// ErrStale is returned when an action was made on a view older than the
	// current state (another device acted first).
	ErrStale = errors.New("stale view")
)

// Codes shared by every game's rules.
const (
	CodeNotYourTurn = "not-your-turn"
	CodeGameOver    = "game-over"
)

// RuleError is the refusal of an illegal action: a stable code, where the rule
// is printed (a rulebook page, or a section name for a rulebook without page
// numbers), and one sentence in our own words saying what is wrong.
type RuleError struct {
	// Code is stable across versions, e.g. "explore-limit".
	Code string
	// Page is the printed rulebook page of the rule, 0 when none applies.
	Page int
	// Section names the rulebook's section ("Naval Combat > Boarding") when
	// the rulebook has no page numbers or the page is not known; "" otherwise.
	Section string
	// Detail is one sentence a player reads, e.g. "you have already explored
	// an Ocean board this turn".
	Detail string
}

// Refuse builds a *RuleError; the detail is formatted like fmt.Sprintf.
func Refuse(code string, page int, format string, args ...any) *RuleError {
	return &RuleError{Code: code, Page: page, Detail: fmt.Sprintf(format, args...)}
}

// RefuseIn builds a *RuleError cited by section (for a rulebook without page
// numbers); the detail is formatted like fmt.Sprintf.
func RefuseIn(code, section string, format string, args ...any) *RuleError {
	return &RuleError{Code: code, Section: section, Detail: fmt.Sprintf(format, args...)}
}

// Error reads like "explore-limit (rulebook p. 9): you have already explored
// an Ocean board this turn", or with a section "(rulebook, Naval Combat): ...".
func (e *RuleError) Error() string {
	switch {
	case e.Page > 0 && e.Section != "":
		return fmt.Sprintf("%s (rulebook p. %d, %s): %s", e.Code, e.Page, e.Section, e.Detail)
	case e.Page > 0:
		return fmt.Sprintf("%s (rulebook p. %d): %s", e.Code, e.Page, e.Detail)
	case e.Section != "":
		return fmt.Sprintf("%s (rulebook, %s): %s", e.Code, e.Section, e.Detail)
	}
	return fmt.Sprintf("%s: %s", e.Code, e.Detail)
}

// Is makes every RuleError match ErrIllegal, and the shared codes match their
// sentinels.
func (e *RuleError) Is(target error) bool {
	switch target {
	case ErrIllegal:
		return true
	case ErrNotYourTurn:
		return e.Code == CodeNotYourTurn
	case ErrGameOver:
		return e.Code == CodeGameOver
	}
	return false
}

// MarshalJSON encodes {"code","page","section","message"}: what the
// dashboard shows.
func (e *RuleError) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Code    string `json:"code"`
		Page    int    `json:"page,omitempty"`
		Section string `json:"section,omitempty"`
		Message string `json:"message"`
	}{e.Code, e.Page, e.Section, e.Detail})
}

// AsRuleError returns the *RuleError inside err, if any.
func AsRuleError(err error) (*RuleError, bool) {
	var re *RuleError
	ok := errors.As(err, &re)
	return re, ok
}

// Malformed returns an error wrapping ErrMalformed with a message that names
// the problem, e.g. Malformed("action %q: field %q: want a number", ...).
func Malformed(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrMalformed, fmt.Sprintf(format, args...))
}
