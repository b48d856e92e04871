package deadreckoning

import (
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/score"
)

// This file holds the optional interfaces the companion session uses
// (companion.TurnTaker, companion.Scorer, companion.StartPlayer and
// companion.PrivateAction) and the end of the game in the view.

// ActiveSeats returns the seats who may act now: during a battle whoever
// the battle waits on (the attacker choosing cannons, the defender choosing
// cards, both sides before the drop, the fighters while the table drops and
// reads, the sides with plunder to place), else the player whose turn it
// is; nobody once the game is over. The table itself (seat -1) may always
// act, and any player may level up between turns on their own device.
func (g *Game) ActiveSeats() []engine.Seat {
	s := g.st
	if s.Over {
		return []engine.Seat{}
	}
	if pb := s.CurrentBattle(); pb != nil {
		if _, n, err := s.battleNeed(pb); err == nil && len(n.WaitingOn) > 0 {
			return n.WaitingOn
		}
		return []engine.Seat{pb.Attacker}
	}
	return []engine.Seat{s.Turn.Seat}
}

// StartPlayer is the seat who took the first turn.
func (g *Game) StartPlayer() engine.Seat { return g.st.Start }

// FinalScores returns each seat's final score and the winning seat(s) once
// the game is over (nil, nil before). A score whose breakdown misses an
// owner-entered value (achievement values, a bonus token's contents, an
// island's values) is the sum of the lines that could be counted, a lower
// bound; the View's score field says what is missing. Winners are the
// single highest score, or the tie-break battle's winner; while the
// breakdown is incomplete no winner can be named (nil); while the
// tie-break battle has not been played, all the tied players.
func (g *Game) FinalScores() (scores []float64, winners []engine.Seat) {
	if !g.st.Over {
		return nil, nil
	}
	res, err := FinalScore(g.st)
	if err != nil {
		return nil, nil
	}
	for _, ps := range res.Players {
		n := ps.Known
		if ps.Total != nil {
			n = *ps.Total
		}
		scores = append(scores, float64(n))
	}
	return scores, winnerSeats(res)
}

// winnerSeats maps the result's winner (or the tied players while the
// tie-break is not played) to seats; the result lists players in seat order.
func winnerSeats(res *score.Result) []engine.Seat {
	names := res.Tied
	if res.Winner != "" {
		names = []string{res.Winner}
	}
	if !res.Complete {
		return nil
	}
	var out []engine.Seat
	for i, ps := range res.Players {
		for _, n := range names {
			if ps.Name == n {
				out = append(out, engine.Seat(i))
			}
		}
	}
	return out
}

// ScoreView is the end of the game in the view: the score breakdown
// (score.Result: every player's lines, totals or what is missing, the
// winner or the tied players), the winning seats, and for a tie the
// tie-break battle to play (p. 23).
type ScoreView struct {
	*score.Result
	// Winners: the winning seat(s); the tied seats until the tie-break is
	// played; empty while values are missing.
	Winners []engine.Seat `json:"winners"`
	// TieBreakNeed: the tied players' cannons (on the ship and every card
	// they own) and the first drop of the tie-break battle.
	TieBreakNeed *TieBreakNeed `json:"tieBreakNeed,omitempty"`
	// Error: the end state could not be scored (it says why).
	Error string `json:"error,omitempty"`
}

// TieBreakNeed is the tie-break battle the tied players fight (p. 23).
type TieBreakNeed struct {
	Contenders []TieBreakContender `json:"contenders"`
	Next       score.Step          `json:"next"`
}

// TieBreakContender is one tied player and their cubes.
type TieBreakContender struct {
	Seat    engine.Seat `json:"seat"`
	Name    string      `json:"name"`
	Colour  string      `json:"colour"`
	Cannons int         `json:"cannons"`
}

// scoreView scores the finished game (nil before the end).
func (s *State) scoreView() *ScoreView {
	if !s.Over {
		return nil
	}
	res, err := FinalScore(s)
	if err != nil {
		return &ScoreView{Error: err.Error(), Winners: []engine.Seat{}}
	}
	sv := &ScoreView{Result: res, Winners: winnerSeats(res)}
	if sv.Winners == nil {
		sv.Winners = []engine.Seat{}
	}
	if len(res.Tied) > 1 && res.Winner == "" && res.TieBreak != nil && res.TieBreak.Next != nil {
		need := &TieBreakNeed{Next: *res.TieBreak.Next}
		for _, seat := range sv.Winners {
			ps := res.Players[seat]
			need.Contenders = append(need.Contenders, TieBreakContender{Seat: seat, Name: ps.Name, Colour: ps.Colour,
				Cannons: tieBreakCannons(s, &s.Players[seat])})
		}
		sv.TieBreakNeed = need
	}
	return sv
}

func init() {
	registerAction("tie-break-read", func() engine.Action { return &TieBreakRead{} })
}

// TieBreakRead is the read of one drop of the tie-break battle, after the
// game is over, when players tie for the most coins (p. 23): all tied
// players drop their cubes at once, exploding shots are resolved, the most
// strength wins, and the players still tied drop again. The view's
// score.tieBreakNeed says what to drop; score.tieBreak has the rounds.
//
//	{"type":"tie-break-read","seat":-1,"read":{"cubes":{"purple":{"strength-2-top":1},"green":{"damage-left":1}}}}
type TieBreakRead struct {
	engine.ActionHeader
	Read battle.Read `json:"read"`
}

// IsTableFact: the read records where the cubes landed.
func (a *TieBreakRead) IsTableFact() bool { return true }

func (a *TieBreakRead) apply(c *ctx) error {
	if !c.s.Over {
		return engine.Refuse("tie-break-none", 23, "The tie-break battle is fought once the game is over")
	}
	res, err := FinalScore(c.s)
	if err != nil {
		return engine.Refuse("tie-break-none", 23, "The end state cannot be scored: %v", err)
	}
	switch {
	case !res.Complete:
		return engine.Refuse("tie-break-none", 23, "Enter the missing values first (%s): they may settle the tie", strings.Join(res.Missing, "; "))
	case len(res.Tied) < 2:
		return engine.Refuse("tie-break-none", 23, "Nobody is tied for the most coins")
	case res.Winner != "":
		return engine.Refuse(score.CodeTieBreakOver, 23, "The tie-break battle is over: %s won", res.Winner)
	}
	c.s.TieBreakReads = append(c.s.TieBreakReads, a.Read)
	res, err = FinalScore(c.s)
	if err != nil {
		return engine.Refuse("tie-break-read", 23, "%s", sentence(err))
	}
	if res.TieBreak == nil || res.TieBreak.Refused != "" {
		why := "the read does not fit the tie-break battle"
		if res.TieBreak != nil {
			why = res.TieBreak.Refused
		}
		return engine.Refuse("tie-break-read", 23, "%s", why)
	}
	c.emit(engine.NewEvent("tie-break-read", a.Seat, "The tie-break battle's board is read", map[string]any{"rounds": res.TieBreak.Rounds, "next": res.TieBreak.Next}))
	if res.Winner != "" {
		c.emit(engine.NewEvent("tie-break-won", engine.NoSeat, res.Winner+" wins the tie-break battle and the game", map[string]any{"winner": res.Winner, "winners": winnerSeats(res)}))
	}
	return nil
}

// IsPrivate: the kept bonus token is secret (p. 6).
func (a *ChooseBonusToken) IsPrivate() bool { return true }

// IsPrivate: which card in hand was levelled up is secret.
func (a *LevelUp) IsPrivate() bool { return true }

// IsPrivate: an end of turn that names the cards drawn (players keeping
// their own decks) reveals the new hand.
func (a *EndTurn) IsPrivate() bool { return len(a.Drawn) > 0 }
