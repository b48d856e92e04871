package quickbattle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// Name is the stable identifier of these rules.
const Name = "quick-battle"

// Refusal codes of a quick battle (the battle's own come from package
// battle: read-cube-count, plunder-placement, battle-wrong-phase...).
const (
	// CodeNoSuchStep: a step a quick battle does not take (cards, cannons
	// and battle abilities are not tracked).
	CodeNoSuchStep = "quick-battle-no-such-step"
	// CodeNotYourSide: a player's phone took the other side's step.
	CodeNotYourSide = "not-your-battle"
	// CodeNotOver: another battle asked for before this one is over.
	CodeNotOver = "battle-not-over"
)

// Limits of a side (rulebook p. 3 and p. 21).
const (
	// PlayerCubes is how many cubes of their colour a player owns: the
	// most a side can have in the Battle ship, exploding shots included
	// (the quick battle does not know how many sit on islands).
	PlayerCubes = 35
	// MaxDamage is the most damage a ship can carry before the battle:
	// the fifth sinks it (p. 21).
	MaxDamage = battle.SinkAt - 1
	// MaxHold is the most free hold space the setup takes (a ship with
	// every upgrade has less).
	MaxHold = 20
)

// Black is the colour of a non-player's cubes: a side of that colour is a
// Merchant ship.
const Black = "black"

// Setup is the JSON a quick battle starts from: the two sides and where
// the battle is. The attacker is seat 0, the player whose turn it is (who
// wins ties); the defender is seat 1, or a Merchant ship (colour "black")
// when one player plays.
//
//	{"attacker": {"name": "Ann", "colour": "purple", "cubes": 4, "holdFree": 7},
//	 "defender": {"name": "Merchant ship", "colour": "black", "cubes": 3},
//	 "atIsland": true}
type Setup struct {
	Attacker Side `json:"attacker"`
	Defender Side `json:"defender"`
	// AtIsland: the battle is at an island, where plunder may be left (p. 19).
	AtIsland bool `json:"atIsland,omitempty"`
	// Board is the battle-board layout the camera reads (engine/layout's
	// format); empty: the default board.
	Board json.RawMessage `json:"board,omitempty"`
}

// Side is one side of a quick battle.
type Side struct {
	// Name is the player's name, or the Merchant ship's.
	Name string `json:"name"`
	// Colour is the player's cube colour, "black" for a Merchant ship.
	Colour string `json:"colour"`
	// Cubes dropped at first: one per cannon used plus the bonus cubes
	// (buildings, Harbor, final turn; pp. 17-18, 22), as the players count
	// them; a Merchant's are printed on its back.
	Cubes int `json:"cubes"`
	// HoldFree is the free space in the ship's holds, where plunder goes.
	HoldFree int `json:"holdFree,omitempty"`
	// Damage is the damage already on the ship: with the battle's, 5
	// sinks it (p. 21).
	Damage int `json:"damage,omitempty"`
}

// merchant reports whether the side is a Merchant ship (black cubes).
func (s Side) merchant() bool { return strings.EqualFold(s.Colour, Black) }

// check refuses a side the battle cannot take, naming the field.
func (s Side) check(role string, merchantOK bool) error {
	bad := func(format string, a ...any) error {
		return engine.Malformed("setup: %s: %s", role, fmt.Sprintf(format, a...))
	}
	if strings.TrimSpace(s.Name) == "" {
		return bad("a name is needed")
	}
	if s.merchant() {
		if !merchantOK {
			return bad("black cubes are a Merchant ship's; the attacker is a player's ship")
		}
		if s.Cubes < 1 || s.Cubes > battle.BlackCubes {
			return bad("a Merchant ship drops 1 to %d black cubes, not %d", battle.BlackCubes, s.Cubes)
		}
		if s.HoldFree != 0 || s.Damage != 0 {
			return bad("a Merchant ship has no hold or damage to give")
		}
		return nil
	}
	if !slices.ContainsFunc(colours(), func(c engine.Colour) bool { return c.ID == s.Colour }) {
		return bad("%q is not a colour of Dead Reckoning", s.Colour)
	}
	low := 0
	if role == "attacker" {
		low = 1 // the attacker attacks with at least one cube
	}
	if s.Cubes < low || s.Cubes > PlayerCubes {
		return bad("cubes: %d, want %d to %d", s.Cubes, low, PlayerCubes)
	}
	if s.HoldFree < 0 || s.HoldFree > MaxHold {
		return bad("hold_free: %d, want 0 to %d", s.HoldFree, MaxHold)
	}
	if s.Damage < 0 || s.Damage > MaxDamage {
		return bad("damage: %d, want 0 to %d (a fifth sinks the ship)", s.Damage, MaxDamage)
	}
	return nil
}

func (s Setup) check() error {
	if err := s.Attacker.check("attacker", false); err != nil {
		return err
	}
	if err := s.Defender.check("defender", true); err != nil {
		return err
	}
	if strings.EqualFold(s.Attacker.Colour, s.Defender.Colour) {
		return engine.Malformed("setup: both sides have %s cubes; pick two colours", s.Attacker.Colour)
	}
	return nil
}

// config declares the battle of the setup to the battle machine. A side's
// cubes are given as its ship's cannons, so the attacker's "cannons" step
// and the defender's (who always uses them all, p. 18) take exactly them.
func (s Setup) config() battle.Config {
	att := s.Attacker
	cfg := battle.Config{Kind: battle.KindShip, Cause: battle.CauseAttackFlag, AtIsland: s.AtIsland, OpponentKey: "quick-battle",
		Attacker: battle.Side{Kind: battle.SideShip, Seat: 0, Name: att.Name, Colour: att.Colour, ShipCannons: att.Cubes,
			Cubes: PlayerCubes, Hold: battle.Hold{Free: att.HoldFree}, Damage: att.Damage}}
	def := s.Defender
	if def.merchant() {
		cfg.Kind, cfg.Cause = battle.KindMerchant, battle.CauseMerchant
		cfg.Defender = battle.Side{Kind: battle.SideMerchant, Seat: engine.NoSeat, Name: def.Name, Colour: Black, MerchantCubes: def.Cubes}
		return cfg
	}
	cfg.Defender = battle.Side{Kind: battle.SideShip, Seat: 1, Name: def.Name, Colour: def.Colour, ShipCannons: def.Cubes,
		Cubes: PlayerCubes, Hold: battle.Hold{Free: def.HoldFree}, Damage: def.Damage}
	return cfg
}

// BattleStep is one step of the battle, Dead Reckoning's battle.Step
// flattened into the action, as Dead Reckoning's own battle-step action:
//
//	{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"explode":1}}}}
//
// A quick battle takes the drop, the reads and the plunder. The table
// (seat -1) takes any of them; a player's phone the drop and the reads, and
// only their own side's plunder.
type BattleStep struct {
	engine.ActionHeader
	battle.Step
}

// IsTableFact: a read records where the cubes landed, which cannot be
// taken back (undo stops there; a wrong read is corrected).
func (a *BattleStep) IsTableFact() bool { return a.Step.Step == battle.StepRead }

// UnmarshalJSON reads the action strictly and checks the step has the part
// it needs, as battle.DecodeStep does.
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

// MarshalJSON writes the flat form.
func (a *BattleStep) MarshalJSON() ([]byte, error) {
	type plain BattleStep
	return json.Marshal((*plain)(a))
}

// AnotherBattle starts the next battle at the table once this one is over.
// The sides stay as they were unless the action changes them:
//
//	{"type":"another-battle","seat":-1,"attacker":{"cubes":5},"defender":{"cubes":2},"at_island":true}
//
// With "swap": true the defender attacks this time (the sides keep their
// players; attacker and defender name them in their new roles).
type AnotherBattle struct {
	engine.ActionHeader
	Attacker *SideChange `json:"attacker,omitempty"`
	Defender *SideChange `json:"defender,omitempty"`
	AtIsland *bool       `json:"atIsland,omitempty"`
	// Swap: the defender attacks this time (two players); Attacker and
	// Defender then name the sides in their new roles.
	Swap bool `json:"swap,omitempty"`
}

// SideChange is what changes in one side for the next battle; a missing
// field keeps its value.
type SideChange struct {
	Cubes    *int `json:"cubes,omitempty"`
	HoldFree *int `json:"holdFree,omitempty"`
	Damage   *int `json:"damage,omitempty"`
}

func (c *SideChange) apply(s *Side) {
	if c == nil {
		return
	}
	if c.Cubes != nil {
		s.Cubes = *c.Cubes
	}
	if c.HoldFree != nil {
		s.HoldFree = *c.HoldFree
	}
	if c.Damage != nil {
		s.Damage = *c.Damage
	}
}

var codec = func() *engine.Codec {
	c := engine.NewCodec(1)
	c.AcceptOldKeys(OldKeys)
	c.Register("battle-step", func() engine.Action { return &BattleStep{} })
	c.Register("another-battle", func() engine.Action { return &AnotherBattle{} })
	return c
}()

// Codec returns the codec of the quick battle's actions.
func Codec() *engine.Codec { return codec }

type rulesImpl struct{}

// Rules returns the quick battle's rules; they also implement the game
// kit's Describer, NewGameForm, HelpNotes and InputMapper.
func Rules() engine.Rules { return rulesImpl{} }

// Name returns "quick-battle".
func (rulesImpl) Name() string { return Name }

// DecodeAction reads a "battle-step" or an "another-battle".
func (rulesImpl) DecodeAction(b []byte) (engine.Action, error) { return codec.Decode(b) }

// New checks the setup and declares the first battle, ready to drop. The
// seed is not used: a quick battle has no hidden or random part.
func (rulesImpl) New(setup json.RawMessage, _ uint64) (engine.Game, error) {
	var s Setup
	dec := json.NewDecoder(bytes.NewReader(OldKeys.Rewrite(setup)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, engine.Malformed("setup: %v", err)
	}
	if err := s.check(); err != nil {
		return nil, err
	}
	g := &Game{}
	if len(bytes.TrimSpace(s.Board)) > 0 {
		l, err := battle.ParseLayout(s.Board)
		if err != nil {
			return nil, engine.Malformed("setup: board: %v", err)
		}
		g.layout = l
	}
	g.st = state{Setup: s}
	if err := g.st.declare(g.layout); err != nil {
		return nil, err
	}
	return g, nil
}

// state is the whole table: the sides, the battle being fought (the
// machine's saved state) and the outcomes of the earlier ones.
type state struct {
	Setup Setup `json:"setup"`
	// Number counts the battles at this table, from 1.
	Number  int             `json:"number"`
	Machine json.RawMessage `json:"machine"`
	// Swapped: the second player (seat 1) attacks, the first defends.
	Swapped bool `json:"swapped,omitempty"`
	// Past are the earlier battles' results in words, oldest first.
	Past    []PastBattle `json:"past,omitempty"`
	Version uint64       `json:"version"`
}

// PastBattle is an earlier battle at the table.
type PastBattle struct {
	Number int    `json:"number"`
	Said   string `json:"said"`
}

// declare starts the next battle from the setup: the attacker's cubes
// (its "cannons"), then the defender's, so the battle waits for the drop.
func (s *state) declare(l *battle.Layout) error {
	cfg := s.Setup.config()
	if cfg.Kind == battle.KindShip {
		cfg.Attacker.Seat, cfg.Defender.Seat = s.seatOf(battle.Attacker), s.seatOf(battle.Defender)
	}
	b, err := battle.New(l, cfg)
	if err != nil {
		return engine.Malformed("setup: %v", err)
	}
	if err := b.ChooseCannons(map[string]int{battle.ShipSource: s.Setup.Attacker.Cubes}); err != nil {
		return engine.Malformed("setup: attacker: %v", err)
	}
	if b.Phase() == battle.PhaseDefence {
		if err := b.Defend(nil); err != nil {
			return engine.Malformed("setup: defender: %v", err)
		}
	}
	raw, err := json.Marshal(b)
	if err != nil {
		return err
	}
	s.Number++
	s.Machine = raw
	return nil
}

// Game is one quick-battle table.
type Game struct {
	st     state
	layout *battle.Layout // nil: the default board
}

func (g *Game) machine() (*battle.Battle, error) {
	b, err := battle.Restore(g.layout, g.st.Machine)
	if err != nil {
		return nil, fmt.Errorf("quickbattle: the saved battle cannot be read: %w", err)
	}
	return b, nil
}

// Apply takes one step of the battle, or starts another battle; a refusal
// changes nothing.
func (g *Game) Apply(a engine.Action) ([]engine.Event, error) {
	if a == nil || a.Head() == nil {
		return nil, engine.Malformed("no action")
	}
	s := g.st
	s.Past = slices.Clone(g.st.Past)
	var evs []engine.Event
	var err error
	switch a := a.(type) {
	case *BattleStep:
		evs, err = g.step(&s, a)
	case *AnotherBattle:
		evs, err = g.another(&s, a)
	default:
		return nil, engine.Malformed("action %T is not a quick battle's", a)
	}
	if err != nil {
		return nil, err
	}
	s.Version++
	g.st = s
	return evs, nil
}

// seatOf is the player of a side, NoSeat for a Merchant ship.
func (s *state) seatOf(r battle.Role) engine.Seat {
	if r == battle.Defender && s.Setup.Defender.merchant() {
		return engine.NoSeat
	}
	if s.Swapped {
		return engine.Seat(1 - r)
	}
	return engine.Seat(r)
}

func (s *state) side(r battle.Role) Side {
	if r == battle.Attacker {
		return s.Setup.Attacker
	}
	return s.Setup.Defender
}

func (g *Game) step(s *state, a *BattleStep) ([]engine.Event, error) {
	st := a.Step
	switch st.Step {
	case battle.StepDrop, battle.StepRead, battle.StepPlunder:
	default:
		return nil, engine.Refuse(CodeNoSuchStep, 17, "A quick battle does not track cards or battle abilities: each side's cubes are entered when it starts")
	}
	if a.Seat != engine.NoSeat {
		if a.Seat != s.seatOf(battle.Attacker) && a.Seat != s.seatOf(battle.Defender) {
			return nil, engine.Refuse(CodeNotYourSide, 17, "Only the players in the battle, or the tablet, take its steps")
		}
		if st.Step == battle.StepPlunder && a.Seat != s.seatOf(st.Role) {
			return nil, engine.Refuse(CodeNotYourSide, 19, "The %s's plunder is for %s to place", st.Role, s.side(st.Role).Name)
		}
	}
	b, err := g.machine()
	if err != nil {
		return nil, err
	}
	if err := b.Apply(st); err != nil {
		return nil, err
	}
	// Battle abilities are on cards, which a quick battle does not track:
	// both sides pass (p. 18: the step ends after two passes in a row).
	for range 4 {
		if b.Phase() != battle.PhaseAbilities {
			break
		}
		role := battle.Attacker
		if b.Need().Who == battle.Defender.String() {
			role = battle.Defender
		}
		if err := b.Pass(role); err != nil {
			return nil, err
		}
	}
	raw, err := json.Marshal(b)
	if err != nil {
		return nil, err
	}
	s.Machine = raw
	var text string
	switch st.Step {
	case battle.StepDrop:
		text = line("The cubes go into the tower: %s", cubeList(b.Need().Drop))
	case battle.StepRead:
		text = s.readText(b)
	case battle.StepPlunder:
		text = line("%s places the plunder", s.side(st.Role).Name)
	}
	evs := []engine.Event{engine.NewEvent("battle-step", a.Seat, text, map[string]any{"battle": s.Number, "step": st, "phase": b.Phase()})}
	if o, done := b.Outcome(); done {
		said := outcomeWords(s, o)
		s.Past = append(s.Past, PastBattle{Number: s.Number, Said: said[0]})
		// The sentence is the winner only: the damage and plunder are on the
		// battle's panel, where a long passing message would cover them.
		evs = append(evs, engine.NewEvent("battle-over", engine.NoSeat, said[0], map[string]any{"battle": s.Number, "outcome": o, "said": said}))
	}
	return evs, nil
}

// readText says what a read gave: each side's strength, and the cubes to
// drop again.
func (s *state) readText(b *battle.Battle) string {
	_, sa := b.Tally(battle.Attacker)
	_, sd := b.Tally(battle.Defender)
	text := line("The board gives %s %d strength and %s %d", s.Setup.Attacker.Name, sa, s.inSentence(battle.Defender), sd)
	n := b.Need()
	if n.Phase == battle.PhaseRead {
		switch n.DropKind {
		case battle.DropRedrop:
			text += fmt.Sprintf("; %s on a border: drop %s again", cubeList(n.Drop), them(n.Drop))
		case battle.DropExplode:
			text += fmt.Sprintf("; exploding shot: drop %s (each exploding cube with one more)", cubeList(n.Drop))
		}
	}
	return text
}

func (g *Game) another(s *state, a *AnotherBattle) ([]engine.Event, error) {
	b, err := g.machine()
	if err != nil {
		return nil, err
	}
	if _, done := b.Outcome(); !done {
		return nil, engine.Refuse(CodeNotOver, 17, "This battle is not over yet: finish it before starting another")
	}
	next := s.Setup
	if a.Swap {
		if next.Defender.merchant() {
			return nil, engine.Malformed("another-battle: a Merchant ship never attacks")
		}
		next.Attacker, next.Defender = next.Defender, next.Attacker
		s.Swapped = !s.Swapped
	}
	a.Attacker.apply(&next.Attacker)
	if a.Defender != nil {
		if next.Defender.merchant() && (a.Defender.HoldFree != nil || a.Defender.Damage != nil) {
			return nil, engine.Malformed("another-battle: a Merchant ship has no hold or damage")
		}
		a.Defender.apply(&next.Defender)
	}
	if a.AtIsland != nil {
		next.AtIsland = *a.AtIsland
	}
	if err := next.check(); err != nil {
		return nil, err
	}
	s.Setup = next
	if err := s.declare(g.layout); err != nil {
		return nil, err
	}
	return []engine.Event{engine.NewEvent("another-battle", a.Seat,
		line("Battle %d: %s attacks %s, %s against %s", s.Number, next.Attacker.Name, s.inSentence(battle.Defender),
			cubeList(map[string]int{next.Attacker.Colour: next.Attacker.Cubes}), cubeList(map[string]int{next.Defender.Colour: next.Defender.Cubes})),
		map[string]any{"battle": s.Number})}, nil
}

// Version counts the actions applied.
func (g *Game) Version() uint64 { return g.st.Version }

// Over is always false: another battle can always follow.
func (g *Game) Over() bool { return false }

// Snapshot is the whole state.
func (g *Game) Snapshot() ([]byte, error) { return json.Marshal(g.st) }

// colours are Dead Reckoning's player colours, from its kit.
func colours() []engine.Colour {
	return deadreckoning.Rules().(engine.Describer).Describe().Colours
}
