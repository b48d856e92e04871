package deadreckoning

import (
	"encoding/json"
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// Name is the stable identifier of these rules.
const Name = "dead-reckoning"

// ActionVersion is the version of the action JSON format.
const ActionVersion = 1

// rulesImpl implements engine.Rules.
type rulesImpl struct{}

// Rules returns Dead Reckoning's rules: New builds a game from a Setup JSON
// and a seed, DecodeAction reads the actions listed by ActionTypes.
func Rules() engine.Rules { return rulesImpl{} }

// Name returns "dead-reckoning".
func (rulesImpl) Name() string { return Name }

// New builds a game from a Setup JSON and a seed.
func (rulesImpl) New(setup json.RawMessage, seed uint64) (engine.Game, error) {
	s, err := newState(setup, seed)
	if err != nil {
		return nil, err
	}
	return &Game{st: s}, nil
}

// DecodeAction reads one action; see ActionTypes.
func (rulesImpl) DecodeAction(b []byte) (engine.Action, error) { return Codec().Decode(b) }

// ruleAction is a Dead Reckoning action: it checks itself against the state
// and changes it through the context. Any file of this package (battle*.go
// included) may add action types with registerAction.
type ruleAction interface {
	engine.Action
	apply(c *ctx) error
}

// codec holds every action type of the game. Package-level variables are
// initialised before any init function runs, so the init functions of every
// file can register their actions into it directly; after start-up it is
// only read.
var codec = func() *engine.Codec {
	c := engine.NewCodec(ActionVersion)
	c.AcceptOldKeys(OldKeys) // stored games and old scripts
	return c
}()

// registerAction adds an action type to the codec. Call it from an init
// function; mk must return a new pointer to a struct embedding
// engine.ActionHeader and implementing apply(*ctx) error.
func registerAction(name string, mk func() engine.Action) {
	if _, ok := mk().(ruleAction); !ok {
		panic("deadreckoning: action " + name + " does not implement apply")
	}
	codec.Register(name, mk)
}

// Codec returns the codec of every action type of the game.
func Codec() *engine.Codec { return codec }

// ActionTypes lists the registered action type names.
func ActionTypes() []string { return Codec().Types() }

// Game is one game of Dead Reckoning. It implements engine.Game.
type Game struct {
	st      *State
	version uint64
}

var _ engine.Game = (*Game)(nil)

// ctx is one action being applied to a copy of the state.
type ctx struct {
	s      *State
	events []engine.Event
	// influence is the control check of the previous action's influence,
	// which this action may undo by placing more influence there (p. 14).
	influence *InfluenceCheck
}

func (c *ctx) emit(e engine.Event) { c.events = append(c.events, e) }

// Apply validates and applies one action. A refused action returns a
// *engine.RuleError and leaves the game exactly as it was: the action is
// applied to a copy of the state that is kept only when it is accepted.
func (g *Game) Apply(a engine.Action) (evs []engine.Event, err error) {
	if a == nil || a.Head() == nil {
		return nil, engine.Malformed("no action")
	}
	ra, ok := a.(ruleAction)
	if !ok {
		return nil, engine.Malformed("action %T is not a Dead Reckoning action", a)
	}
	if _, tb := a.(*TieBreakRead); g.st.Over && !tb {
		return nil, engine.Refuse(engine.CodeGameOver, 22, "The game is over: every final turn has been taken")
	}
	defer func() {
		if r := recover(); r != nil {
			evs, err = nil, fmt.Errorf("deadreckoning: internal error applying %q: %v", a.Head().Type, r)
		}
	}()
	if g.st.Player(a.Head().Seat) == nil && a.Head().Seat != engine.NoSeat {
		return nil, engine.Refuse("no-such-seat", 0, "There is no player in %s", a.Head().Seat)
	}
	c := &ctx{s: g.st.clone()}
	c.influence, c.s.Turn.Influence = c.s.Turn.Influence, nil
	if err := ra.apply(c); err != nil {
		return nil, err
	}
	c.checkAchievements()
	g.st = c.s
	g.version++
	return c.events, nil
}

// Version counts the actions applied since setup.
func (g *Game) Version() uint64 { return g.version }

// Over reports whether every final turn has been taken.
func (g *Game) Over() bool { return g.st.Over }

// Snapshot returns the whole state, secrets included, as canonical JSON.
func (g *Game) Snapshot() ([]byte, error) { return json.Marshal(g.st) }

// Catalog returns the game's catalog: the shipped one, the setup's and every
// island, card and tile entered during the game, for the companion to save.
func (g *Game) Catalog() data.Catalog { return g.st.clone().Catalog }

// State returns a copy of the whole state, secrets included: for the battles
// and scoring code and tests, never for a viewer.
func (g *Game) State() *State { return g.st.clone() }
