package merchants

import (
	"bytes"
	"encoding/json"
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
)

// Name is the stable identifier of these rules.
const Name = "merchants-and-marauders"

// ActionVersion is the version of the action JSON format.
const ActionVersion = 1

type rulesImpl struct{}

// Rules returns Merchants & Marauders' rules: New builds a game from a
// Setup JSON and a seed, DecodeAction reads the actions ActionTypes lists.
func Rules() engine.Rules { return rulesImpl{} }

// Name returns "merchants-and-marauders".
func (rulesImpl) Name() string { return Name }

// DecodeAction reads one action.
func (rulesImpl) DecodeAction(b []byte) (engine.Action, error) { return Codec().Decode(b) }

// New builds a game from a Setup JSON and a seed.
func (rulesImpl) New(setup json.RawMessage, seed uint64) (engine.Game, error) {
	g, err := newGame(setup, seed)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// ruleAction is an action of this game: it checks itself against the state
// and changes it through the context.
type ruleAction interface {
	engine.Action
	apply(c *ctx) error
}

// codec holds every action type of the game. Package-level variables are
// initialised before any init function runs, so the init functions of every
// file can register their actions into it directly; after start-up it is
// only read.
var codec = engine.NewCodec(ActionVersion)

// registerAction adds an action type to the codec. Call it from an init
// function; mk must return a new pointer to a struct embedding
// engine.ActionHeader and implementing apply(*ctx) error.
func registerAction(name string, mk func() engine.Action) {
	if _, ok := mk().(ruleAction); !ok {
		panic("merchants: action " + name + " does not implement apply")
	}
	codec.Register(name, mk)
}

// Codec returns the codec of every action type of the game.
func Codec() *engine.Codec { return codec }

// ActionTypes lists the registered action type names.
func ActionTypes() []string { return Codec().Types() }

// Setup is the JSON a game starts from.
type Setup struct {
	Players []SetupPlayer `json:"players"`
	// Catalog is the owner's catalog (see Catalog).
	Catalog json.RawMessage `json:"catalog"`
	// First is the start player's seat; absent, it is drawn.
	First *int `json:"first,omitempty"`
	// Variants lists the Seas of Glory variants played: "flexible-turns"
	// (1), "give-me-glory" (3), "hard-life" (4).
	Variants []string `json:"variants,omitempty"`
}

// The Seas of Glory variants a setup may name.
const (
	VariantFlexibleTurns = "flexible-turns" // variant 1: turn order drawn each round
	VariantGiveMeGlory   = "give-me-glory"  // variant 3: escalating stash costs
	VariantHardLife      = "hard-life"      // variant 4: NPCs in play from the start
)

var variants = []string{VariantFlexibleTurns, VariantGiveMeGlory, VariantHardLife}

// SetupPlayer is one seat: a name, a colour and, optionally, the captain
// drawn at the table and the first ship (sloop or flute). A player without
// a ship picks it in secret with choose-ship; without a captain, the game
// draws one.
type SetupPlayer struct {
	Name    string `json:"name"`
	Colour  string `json:"colour"`
	Captain string `json:"captain,omitempty"`
	Ship    string `json:"ship,omitempty"`
}

// Game is one game of Merchants & Marauders. It implements engine.Game.
type Game struct {
	cat     *Catalog
	st      *State
	version uint64
}

var _ engine.Game = (*Game)(nil)

type ctx struct {
	cat    *Catalog
	s      *State
	events []engine.Event
}

// emit adds an event to the log; its sentence starts with a capital even
// when it begins with a ship's name written for the middle of a sentence
// ("the pirate sloop").
func (c *ctx) emit(e engine.Event) {
	e.Text = capital(e.Text)
	c.events = append(c.events, e)
}

func newGame(setup json.RawMessage, seed uint64) (*Game, error) {
	var su Setup
	dec := json.NewDecoder(bytes.NewReader(setup))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&su); err != nil {
		return nil, engine.Malformed("setup: %v", err)
	}
	if len(su.Players) < 2 || len(su.Players) > 4 {
		return nil, engine.Malformed("setup: Merchants & Marauders is for 2 to 4 players, not %d", len(su.Players))
	}
	if len(su.Catalog) == 0 {
		return nil, engine.Malformed("setup: no catalog; the owner enters the board, cards and dice first")
	}
	cat, err := ParseCatalog(su.Catalog)
	if err != nil {
		return nil, err
	}
	s := &State{Stage: StageSetup, Zones: map[string]*ZoneState{}, rng: engine.NewRNG(seed)}
	c := &ctx{cat: cat, s: s}

	s.CargoDeck = c.shuffled(cargoIDs(cat.Cargo))
	s.GloryDeck = c.shuffled(cardIDs(cat.Glory))
	s.EventDeck = c.shuffled(cardIDs(cat.Events))
	var ids []string
	for _, m := range cat.Missions {
		ids = append(ids, m.ID)
	}
	s.MissionDeck = c.shuffled(ids)
	ids = nil
	for _, r := range cat.Rumors {
		ids = append(ids, r.ID)
	}
	s.RumorDeck = c.shuffled(ids)
	c.drawMission()
	c.drawMission()
	demand := c.shuffled(cat.DemandTokens)
	mods := c.shuffled(cat.ModTokens)
	merchants := c.shuffled(cat.MerchantTokens)
	for _, z := range cat.Zones {
		zs := &ZoneState{}
		if z.Port != "" {
			zs.Demand, demand = demand[0], demand[1:]
			if len(mods) > 0 {
				zs.Mod, mods = mods[0], mods[1:]
			}
		}
		if len(merchants) > 0 {
			zs.Merchant, merchants = merchants[0], merchants[1:]
		}
		s.Zones[z.ID] = zs
	}
	s.DemandPool = demand
	s.MerchantSpare = merchants

	for _, v := range su.Variants {
		if !in(variants, v) {
			return nil, engine.Malformed("setup: unknown variant %q (known: %v)", v, variants)
		}
	}
	chosen := map[string]bool{}
	for i, sp := range su.Players {
		if sp.Name == "" {
			return nil, engine.Malformed("setup: players[%d] has no name", i)
		}
		if sp.Captain != "" {
			if cat.captain(sp.Captain) == nil || chosen[sp.Captain] {
				return nil, engine.Malformed("setup: players[%d].captain %q is not a captain of the catalog, or is taken", i, sp.Captain)
			}
			chosen[sp.Captain] = true
		}
		if sp.Ship != "" && sp.Ship != Sloop && sp.Ship != Flute {
			return nil, engine.Malformed("setup: players[%d].ship: a captain starts with a sloop or a flute, not %q", i, sp.Ship)
		}
	}
	var deck []string
	for _, cp := range cat.Captains {
		if !chosen[cp.ID] {
			deck = append(deck, cp.ID)
		}
	}
	s.CaptainDeck = c.shuffled(deck)
	for _, sp := range su.Players {
		p := &Player{Name: sp.Name, Colour: sp.Colour, Captain: sp.Captain, Bounties: map[string]int{}}
		if p.Captain == "" {
			if len(s.CaptainDeck) == 0 {
				return nil, engine.Malformed("setup: the catalog has too few captains for %d players", len(su.Players))
			}
			p.Captain, s.CaptainDeck = s.CaptainDeck[0], s.CaptainDeck[1:]
		}
		p.Captains = []string{p.Captain}
		p.Zone = cat.captain(p.Captain).Home
		p.InPort = true
		p.Gold = 10
		p.EscalatingStash = in(su.Variants, VariantGiveMeGlory)
		s.Players = append(s.Players, p)
	}
	if su.First != nil {
		if *su.First < 0 || *su.First >= len(s.Players) {
			return nil, engine.Malformed("setup: first %d is not a seat", *su.First)
		}
		s.First = *su.First
	} else {
		s.First = s.rng.IntN(len(s.Players))
	}
	for i, sp := range su.Players {
		c.drawGlory(i)
		if sp.Ship != "" {
			s.Players[i].Ship = c.newShip(sp.Ship)
		}
	}
	s.FlexibleTurns = in(su.Variants, VariantFlexibleTurns)
	if in(su.Variants, VariantHardLife) {
		c.hardLife()
	}
	c.events = nil // setup draws are not events of an action
	c.maybeStart()
	return &Game{cat: cat, st: s}, nil
}

func cargoIDs(cs []CargoCard) []string {
	out := make([]string, len(cs))
	for i, x := range cs {
		out[i] = x.ID
	}
	return out
}

func cardIDs(cs []Card) []string {
	out := make([]string, len(cs))
	for i, x := range cs {
		out[i] = x.ID
	}
	return out
}

func (c *ctx) shuffled(in []string) []string {
	out := append([]string{}, in...)
	c.s.rng.Shuffle(len(out), func(i, j int) { out[i], out[j] = out[j], out[i] })
	return out
}

// Apply validates and applies one action, all or nothing: it works on a
// copy of the state kept only when the action is accepted.
func (g *Game) Apply(a engine.Action) (evs []engine.Event, err error) {
	if a == nil || a.Head() == nil {
		return nil, engine.Malformed("no action")
	}
	ra, ok := a.(ruleAction)
	if !ok {
		return nil, engine.Malformed("action %T is not a Merchants & Marauders action", a)
	}
	if g.st.Stage == StageOver {
		return nil, engine.RefuseIn(engine.CodeGameOver, secWinning, "The game is over")
	}
	seat := int(a.Head().Seat)
	if seat != int(engine.NoSeat) && (seat < 0 || seat >= len(g.st.Players)) {
		return nil, engine.RefuseIn("no-such-seat", secTurn, "There is no player in %s", a.Head().Seat)
	}
	defer func() {
		if r := recover(); r != nil {
			evs, err = nil, fmt.Errorf("merchants: internal error applying %q: %v", a.Head().Type, r)
		}
	}()
	if err := g.st.checkHand(a, seat); err != nil {
		return nil, err
	}
	c := &ctx{cat: g.cat, s: g.st.clone()}
	if err := ra.apply(c); err != nil {
		return nil, err
	}
	c.checkDeclarations()
	g.st = c.s
	g.version++
	return c.events, nil
}

// Version counts the actions applied since setup.
func (g *Game) Version() uint64 { return g.version }

// Over reports whether the game has ended.
func (g *Game) Over() bool { return g.st.Stage == StageOver }

// Snapshot returns the whole state, secrets and the random generator's
// state included, as canonical JSON.
func (g *Game) Snapshot() ([]byte, error) {
	rng, err := g.st.rng.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		State *State `json:"state"`
		RNG   []byte `json:"rng"`
	}{g.st, rng})
}

// State returns a copy of the whole state, secrets included: for tests,
// never for a viewer.
func (g *Game) State() *State { return g.st.clone() }

// Catalog returns the game's catalog.
func (g *Game) Catalog() Catalog { return *g.cat }

// FinalScores returns each seat's glory points (track and stash) and the
// winners once the game is over.
func (g *Game) FinalScores() (points []int, winners []int) {
	for _, p := range g.st.Players {
		points = append(points, p.total())
	}
	return points, append([]int(nil), g.st.Winners...)
}

// die is the owner's die as the dice package knows it.
func (c *ctx) die() dice.Die {
	return dice.Die{ID: c.cat.Dice.ID, Faces: append([]string(nil), c.cat.Dice.Faces...)}
}

// ask opens a roll request of n of the owner's dice.
func (c *ctx) ask(seat int, side, purpose string, n int) string {
	r := dice.Request{Purpose: purpose, Seat: engine.Seat(seat), Side: side}
	for i := 0; i < max(n, 1); i++ {
		r.Dice = append(r.Dice, c.die())
	}
	return c.s.Dice.Ask(r).ID
}

func (c *ctx) successes(faces []string) int {
	n := 0
	for _, f := range faces {
		if f == c.cat.Dice.Success {
			n++
		}
	}
	return n
}
