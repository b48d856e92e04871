package racetoten

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/dice"
)

// Name is the stable identifier of these rules.
const Name = "race-to-ten"

// Sections of the made-up rulebook that refusals cite.
const (
	SectionStart = "Who Starts"
	SectionTurn  = "Taking a Turn"
	SectionWin   = "Winning"
)

// Refusal codes.
const (
	CodeRollFirst = "roll-first"
	CodeAddRange  = "add-range"
	CodeOvershoot = "add-overshoot"
)

// Limits of the setup.
const (
	MinPlayers    = 2
	MaxPlayers    = 4
	DefaultTarget = 10
	MinTarget     = 5
	MaxTarget     = 30
)

// StartDie is the die rolled to choose the first player.
var StartDie = dice.D6("white")

// Setup is the JSON a game starts from.
type Setup struct {
	Players []Player `json:"players"`
	// Target is the number to reach exactly; 0 means DefaultTarget.
	Target int `json:"target,omitempty"`
	// Board names the owner's catalog board the target came from ("" none),
	// so the log can say which one was played.
	Board string `json:"board,omitempty"`
}

// Player is one seat.
type Player struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
}

// Add is a player's turn: add N (1 to 3) to the counter.
//
//	{"type":"add","seat":0,"n":2}
type Add struct {
	engine.ActionHeader
	N int `json:"n"`
}

var codec = func() *engine.Codec {
	c := engine.NewCodec(1)
	c.Register("add", func() engine.Action { return &Add{} })
	c.Register("roll", func() engine.Action { return &dice.RollAction{} })
	return c
}()

// Codec returns the codec of the game's actions ("add" and "roll").
func Codec() *engine.Codec { return codec }

type rulesImpl struct{}

// Rules returns the game's rules; it also implements the game kit's
// Describer, NewGameForm, HelpNotes, EndStateCalculator, OwnerCatalog and
// InputMapper.
func Rules() engine.Rules { return rulesImpl{} }

// Name returns "race-to-ten".
func (rulesImpl) Name() string { return Name }

// DecodeAction reads an "add" or a "roll".
func (rulesImpl) DecodeAction(b []byte) (engine.Action, error) { return codec.Decode(b) }

// New starts a game; the counter is 0 and the start roll is asked for.
func (rulesImpl) New(setup json.RawMessage, seed uint64) (engine.Game, error) {
	var s Setup
	dec := json.NewDecoder(bytes.NewReader(setup))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&s); err != nil {
		return nil, engine.Malformed("setup: %v", err)
	}
	if n := len(s.Players); n < MinPlayers || n > MaxPlayers {
		return nil, engine.Malformed("setup: players: %d given, the game takes %d to %d", n, MinPlayers, MaxPlayers)
	}
	for i, p := range s.Players {
		if strings.TrimSpace(p.Name) == "" {
			return nil, engine.Malformed("setup: players[%d].name: empty", i)
		}
	}
	if s.Target == 0 {
		s.Target = DefaultTarget
	}
	if s.Target < MinTarget || s.Target > MaxTarget {
		return nil, engine.Malformed("setup: target: %d, want %d to %d", s.Target, MinTarget, MaxTarget)
	}
	g := &Game{st: state{Setup: s, Turn: engine.NoSeat, Winner: engine.NoSeat, RNG: engine.NewRNG(seed)}}
	g.st.Dice.Ask(dice.Request{Purpose: "choose who starts", Seat: engine.NoSeat, Dice: []dice.Die{StartDie}})
	return g, nil
}

// state is the whole game; a plain value apart from the dice book, which
// Clone copies.
type state struct {
	Setup   Setup       `json:"setup"`
	Counter int         `json:"counter"`
	Turn    engine.Seat `json:"turn"`
	Winner  engine.Seat `json:"winner"`
	Dice    dice.Book   `json:"dice"`
	RNG     engine.RNG  `json:"-"`
	Version uint64      `json:"version"`
}

func (s state) clone() state {
	s.Dice = s.Dice.Clone()
	return s
}

// Game is one game of Race to Ten.
type Game struct{ st state }

// Apply checks and applies an "add" or a "roll"; a refusal changes nothing.
func (g *Game) Apply(a engine.Action) ([]engine.Event, error) {
	if a == nil || a.Head() == nil {
		return nil, engine.Malformed("no action")
	}
	if g.st.Winner != engine.NoSeat {
		return nil, engine.RefuseIn(engine.CodeGameOver, SectionWin, "the game is over: %s reached %d", g.name(g.st.Winner), g.st.Setup.Target)
	}
	s := g.st.clone()
	var evs []engine.Event
	var err error
	switch a := a.(type) {
	case *dice.RollAction:
		evs, err = s.roll(a)
	case *Add:
		evs, err = s.add(a)
	default:
		return nil, engine.Malformed("action %T is not a Race to Ten action", a)
	}
	if err != nil {
		return nil, err
	}
	s.Version++
	g.st = s
	return evs, nil
}

func (s *state) roll(a *dice.RollAction) ([]engine.Event, error) {
	req, err := s.Dice.Answer(a)
	if err != nil {
		if re, ok := engine.AsRuleError(err); ok && re.Section == "" && re.Page == 0 {
			re.Section = SectionStart
		}
		return nil, err
	}
	if a.Corrects != "" {
		// The start roll is the only roll; once a turn is taken the
		// first player has played and a misread can no longer change who
		// started.
		if s.Counter > 0 {
			return nil, engine.RefuseIn(dice.CodeCorrects, SectionStart, "turns have been taken since that roll; who started stands")
		}
	}
	faces := a.Faces
	if a.Digital {
		faces = dice.Digital(&s.RNG, req)
	}
	roll := s.Dice.Record(a, req, faces)
	face, _ := strconv.Atoi(roll.Faces[0])
	s.Turn = engine.Seat((face - 1) % len(s.Setup.Players))
	verb := "rolled"
	if a.Corrects != "" {
		verb = "was really"
	}
	return []engine.Event{engine.NewEvent("start-rolled", engine.NoSeat,
		fmt.Sprintf("the start die %s %s: %s starts", verb, roll.Faces[0], s.name(s.Turn)),
		map[string]any{"roll": roll.ID, "face": roll.Faces[0], "turn": s.Turn})}, nil
}

func (s *state) add(a *Add) ([]engine.Event, error) {
	switch {
	case len(s.Dice.Open) > 0:
		return nil, engine.RefuseIn(CodeRollFirst, SectionStart, "roll the white die first to see who starts")
	case a.Seat != s.Turn:
		return nil, engine.RefuseIn(engine.CodeNotYourTurn, SectionTurn, "it is %s's turn", s.name(s.Turn))
	case a.N < 1 || a.N > 3:
		return nil, engine.RefuseIn(CodeAddRange, SectionTurn, "add 1, 2 or 3, not %d", a.N)
	case s.Counter+a.N > s.Setup.Target:
		return nil, engine.RefuseIn(CodeOvershoot, SectionWin, "the counter is at %d: adding %d would pass %d", s.Counter, a.N, s.Setup.Target)
	}
	s.Counter += a.N
	evs := []engine.Event{engine.NewEvent("added", a.Seat,
		fmt.Sprintf("%s added %d: the counter is at %d", s.name(a.Seat), a.N, s.Counter),
		map[string]int{"n": a.N, "counter": s.Counter})}
	if s.Counter == s.Setup.Target {
		s.Winner = a.Seat
		evs = append(evs, engine.NewEvent("won", a.Seat, fmt.Sprintf("%s reached %d and wins", s.name(a.Seat), s.Counter), nil))
		return evs, nil
	}
	s.Turn = (s.Turn + 1) % engine.Seat(len(s.Setup.Players))
	return evs, nil
}

func (s *state) name(seat engine.Seat) string {
	if seat < 0 || int(seat) >= len(s.Setup.Players) {
		return "nobody"
	}
	return s.Setup.Players[seat].Name
}

func (g *Game) name(seat engine.Seat) string { return g.st.name(seat) }

// View is what every screen shows; the game has no secrets.
type View struct {
	Version uint64      `json:"version"`
	Players []Player    `json:"players"`
	Target  int         `json:"target"`
	Board   string      `json:"board,omitempty"`
	Counter int         `json:"counter"`
	Turn    engine.Seat `json:"turn"`
	Winner  engine.Seat `json:"winner"`
	Over    bool        `json:"over"`
	// Rolls are the open roll requests and the rolls made.
	Rolls dice.Book `json:"rolls"`
}

// View returns the game as everyone sees it.
func (g *Game) View(engine.Viewer) any {
	s := g.st.clone()
	return View{Version: s.Version, Players: s.Setup.Players, Target: s.Setup.Target, Board: s.Setup.Board,
		Counter: s.Counter, Turn: s.Turn, Winner: s.Winner, Over: s.Winner != engine.NoSeat, Rolls: s.Dice}
}

// Version counts the actions applied.
func (g *Game) Version() uint64 { return g.st.Version }

// Over reports whether someone reached the target.
func (g *Game) Over() bool { return g.st.Winner != engine.NoSeat }

// Snapshot is the whole state with the dice generator's position.
func (g *Game) Snapshot() ([]byte, error) {
	rng, err := g.st.RNG.MarshalBinary()
	if err != nil {
		return nil, err
	}
	return json.Marshal(struct {
		state
		RNG []byte `json:"rng"`
	}{g.st, rng})
}

// ActiveSeats is whoever may add now (nobody before the start roll and
// after the win): the companion's TurnTaker.
func (g *Game) ActiveSeats() []engine.Seat {
	if g.Over() || len(g.st.Dice.Open) > 0 {
		return []engine.Seat{}
	}
	return []engine.Seat{g.st.Turn}
}

// FinalScores gives the winner 1 and everyone else 0: the companion's
// Scorer, for the BG Stats export.
func (g *Game) FinalScores() ([]float64, []engine.Seat) {
	if !g.Over() {
		return nil, nil
	}
	out := make([]float64, len(g.st.Setup.Players))
	out[g.st.Winner] = 1
	return out, []engine.Seat{g.st.Winner}
}

// WaitingFor is the start roll while it is open: the kit's Waiting.
func (g *Game) WaitingFor() []engine.Expect { return g.st.Dice.Expects() }
