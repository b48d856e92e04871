// Package piratescode is the rules engine of The Pirate's Code for 2 to 4
// players: the wheel and its Deckhands, sailing and storms, the six orders,
// bonus actions, the market, crossing the Ship Line (Extort, the merchants
// and the Navy), attacks rolled through engine/dice, legend levels, burying
// treasure and the end with equal turns and its tie-breaks.
//
// Printed values the rulebook's OCR lacks come from the owner's catalog
// (Catalog). The package does no I/O, reads no clock and draws randomness
// only from the game's seeded engine.RNG.
package piratescode

import (
	"encoding/json"
	"fmt"
	"slices"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
)

// Name is the stable identifier of these rules.
const Name = "pirates-code"

// ActionVersion is the version of the action JSON format.
const ActionVersion = 1

type rulesImpl struct{}

// Rules returns The Pirate's Code's rules.
func Rules() engine.Rules { return rulesImpl{} }

// Name returns "pirates-code".
func (rulesImpl) Name() string { return Name }

// New builds a game from a Setup JSON and a seed.
func (rulesImpl) New(setup json.RawMessage, seed uint64) (engine.Game, error) {
	s, err := newState(setup, seed)
	if err != nil {
		return nil, err
	}
	return &Game{st: s}, nil
}

// DecodeAction reads one action.
func (rulesImpl) DecodeAction(b []byte) (engine.Action, error) { return Codec().Decode(b) }

type ruleAction interface {
	engine.Action
	apply(c *ctx) error
}

var (
	codecOnce sync.Once
	codec     *engine.Codec
)

// Codec returns the codec of every action type.
func Codec() *engine.Codec {
	codecOnce.Do(func() {
		codec = engine.NewCodec(ActionVersion)
		codec.Register("choose-order", func() engine.Action { return &ChooseOrder{} })
		codec.Register("sail", func() engine.Action { return &Sail{} })
		codec.Register("pass-order", func() engine.Action { return &PassOrder{} })
		codec.Register("plunder", func() engine.Action { return &PlunderAction{} })
		codec.Register("trade", func() engine.Action { return &TradeAction{} })
		codec.Register("crew-up", func() engine.Action { return &CrewUpAction{} })
		codec.Register("search", func() engine.Action { return &SearchAction{} })
		codec.Register("attack", func() engine.Action { return &AttackAction{} })
		codec.Register("hide-out", func() engine.Action { return &HideOutAction{} })
		codec.Register("bonus", func() engine.Action { return &BonusAction{} })
		codec.Register("surefire", func() engine.Action { return &Surefire{} })
		codec.Register("reroll", func() engine.Action { return &Reroll{} })
		codec.Register("resolve", func() engine.Action { return &Resolve{} })
		codec.Register("end-turn", func() engine.Action { return &EndTurn{} })
		codec.Register("roll", func() engine.Action { return &Roll{} })
		codec.Register("adjust", func() engine.Action { return &Adjust{} })
	})
	return codec
}

// ActionTypes lists the action type names.
func ActionTypes() []string { return Codec().Types() }

// Game is one game of The Pirate's Code. It implements engine.Game.
type Game struct {
	st      *State
	version uint64
}

var _ engine.Game = (*Game)(nil)

type ctx struct {
	s      *State
	events []engine.Event
	// draws are the table's draws given with the action (nil: seeded).
	draws *TableDraws
	// jostles are the players' jostle choices given with the action.
	jostles map[engine.Seat][]string
	err     error
}

// emit adds an event to the log. Its sentence starts with a capital even
// when it begins with a name written for the middle of a sentence ("the
// Legendary Pirate").
func (c *ctx) emit(typ string, seat engine.Seat, data any, format string, args ...any) {
	c.events = append(c.events, engine.NewEvent(typ, seat, capital(fmt.Sprintf(format, args...)), data))
}

// Apply validates and applies one action on a copy of the state kept only
// when it is accepted: a refusal changes nothing.
func (g *Game) Apply(a engine.Action) (evs []engine.Event, err error) {
	if a == nil || a.Head() == nil {
		return nil, engine.Malformed("no action")
	}
	ra, ok := a.(ruleAction)
	if !ok {
		return nil, engine.Malformed("action %T is not a Pirate's Code action", a)
	}
	if g.st.Over {
		return nil, engine.Refuse(engine.CodeGameOver, 16, "The game is over")
	}
	seat := a.Head().Seat
	if seat != engine.NoSeat && g.st.player(seat) == nil {
		return nil, engine.Refuse("no-such-seat", 0, "There is no player in %s", seat)
	}
	if seat != engine.NoSeat && g.st.Players[seat].Automa {
		return nil, refuse("automa-seat", refSolo, "The Legendary Pirate is run by the companion; only its dice come from the table")
	}
	defer func() {
		if r := recover(); r != nil {
			evs, err = nil, fmt.Errorf("piratescode: internal error applying %q: %v", a.Head().Type, r)
		}
	}()
	c := &ctx{s: g.st.clone()}
	if d, ok := a.(drawer); ok {
		cp := *d.draws()
		cp.DrawnBooty = slices.Clone(cp.DrawnBooty)
		cp.DrawnCrew = slices.Clone(cp.DrawnCrew)
		c.draws = &cp
	}
	c.jostles = map[engine.Seat][]string{}
	if j, ok := a.(jostler); ok && len(j.jostleChoices()) > 0 {
		c.jostles[seat] = slices.Clone(j.jostleChoices())
	}
	if f := g.st.Fight; f != nil && len(f.AttackerJostle) > 0 {
		c.jostles[f.Attacker] = slices.Clone(f.AttackerJostle)
	}
	if err := ra.apply(c); err != nil {
		return nil, err
	}
	if c.err != nil {
		return nil, c.err
	}
	if err := c.leftover(); err != nil {
		return nil, err
	}
	g.st = c.s
	g.version++
	return c.events, nil
}

// Version counts the actions applied since setup.
func (g *Game) Version() uint64 { return g.version }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.st.Over }

// Snapshot returns the whole state as canonical JSON.
func (g *Game) Snapshot() ([]byte, error) { return json.Marshal(g.st) }

// WaitingFor lists the roll requests open now, as the kit's Expect.
func (g *Game) WaitingFor() []engine.Expect { return g.st.Dice.Expects() }

// OpenRequests returns the open roll requests.
func (g *Game) OpenRequests() []dice.Request { return append([]dice.Request(nil), g.st.Dice.Open...) }

// capital is s with its first letter in capitals.
func capital(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}
