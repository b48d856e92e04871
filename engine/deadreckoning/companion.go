package deadreckoning

import (
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
	if len(res.Tied) > 1 && res.Winner == "" {
		var cs []score.Contender
		need := &TieBreakNeed{}
		for _, seat := range sv.Winners {
			p := &s.Players[seat]
			n := s.ShipCannons(p)
			for i := range p.Cards {
				_, c, _ := s.CardIcons(&p.Cards[i])
				n += c
			}
			ps := res.Players[seat]
			need.Contenders = append(need.Contenders, TieBreakContender{Seat: seat, Name: ps.Name, Colour: ps.Colour, Cannons: n})
			cs = append(cs, score.Contender{Name: ps.Name, Colour: ps.Colour, Cannons: n})
		}
		if tb, err := score.NewTieBreak(battle.DefaultLayout(), cs); err == nil {
			need.Next = tb.Next()
			sv.TieBreakNeed = need
		}
	}
	return sv
}

// IsPrivate: the kept bonus token is secret (p. 6).
func (a *ChooseBonusToken) IsPrivate() bool { return true }

// IsPrivate: which card in hand was levelled up is secret.
func (a *LevelUp) IsPrivate() bool { return true }

// IsPrivate: an end of turn that names the cards drawn (players keeping
// their own decks) reveals the new hand.
func (a *EndTurn) IsPrivate() bool { return len(a.Drawn) > 0 }
