package merchants

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/quartermaster-table/quartermaster/engine"
)

// The end-state calculator (engine.EndStateCalculator): a group that played
// without the companion counts its end at the table (Winning) and the kit
// says who won and why: glory points on the track plus those the stash is
// worth, the largest stash breaking a tie.

var _ engine.EndStateCalculator = rulesImpl{}

// How a game ends (Winning).
const (
	// EndDeclared: a captain declared 10 glory points and the round was
	// played out.
	EndDeclared = "declared"
	// EndImmediate: no event card was left at the start of a round, or a
	// captain died with no captain card left to draw.
	EndImmediate = "immediate"
)

// gloryMost is the most glory points a count on the track may say. The
// game is played to 10, but a captain may pass it: points gained in the
// turn that reaches 10, and by the others in the last round ("the player
// with the most points wins", Winning); the rules name no last space of
// the track. 20 keeps a slip of the finger (100) out. It was 10, which
// refused an 11 that a game can end with.
const gloryMost = 20

// EndState is an end of game counted at the table.
type EndState struct {
	// End is EndDeclared or EndImmediate.
	End string `json:"end"`
	// GiveMeGlory: variant 3 was played (the stash's points cost 10, 15,
	// 20, 25 and 30 gold).
	GiveMeGlory bool        `json:"giveMeGlory,omitempty"`
	Players     []EndPlayer `json:"players"`
}

// EndPlayer is one player's count; the counts are pointers so that one
// left out is refused by name rather than read as 0.
type EndPlayer struct {
	Name string `json:"name"`
	// Glory is the cube's space on the glory point track, 0 to gloryMost.
	Glory *int `json:"glory"`
	// Stash is the gold in the player's chest.
	Stash *int `json:"stash"`
}

// EndResult is the calculator's answer.
type EndResult struct {
	// Players are the checked counts, in the input's order.
	Players []EndLine `json:"players"`
	// Winners are the winners' names (several only when tied on points
	// and stash).
	Winners []string `json:"winners"`
	Shared  bool     `json:"shared"`
	// DecidedBy is "points", "stash" (a tie on points) or "shared".
	DecidedBy string `json:"decidedBy"`
	// Reason says who won and why, in players' words; Ended says how the
	// game ended.
	Reason string `json:"reason"`
	Ended  string `json:"ended"`
	// Section cites the summary's section (it has no pages).
	Section string `json:"section"`
	// Notes are the readings the result rests on.
	Notes []string `json:"notes,omitempty"`
}

// EndLine is one player's checked count and points.
type EndLine struct {
	Name  string `json:"name"`
	Glory int    `json:"glory"`
	Stash int    `json:"stash"`
	// StashPoints are the glory points the stash is worth: 1 per 10 gold,
	// at most 5 (variant 3: 10, 15, 20, 25, 30 gold).
	StashPoints int  `json:"stashPoints"`
	Total       int  `json:"total"`
	Winner      bool `json:"winner"`
}

// ScoreEndState decodes and checks an EndState and says who won (Winning).
// The catalog is not needed: nothing printed in the box changes the count.
func (rulesImpl) ScoreEndState(input []byte, _ json.RawMessage) (json.RawMessage, error) {
	st, err := DecodeEndState(input)
	if err != nil {
		return nil, err
	}
	res, err := st.Score()
	if err != nil {
		return nil, err
	}
	return json.Marshal(res)
}

// DecodeEndState reads an EndState strictly: an unknown field is a typo to
// refuse by name, not a count to drop.
func DecodeEndState(data []byte) (*EndState, error) {
	var top struct {
		End         string            `json:"end"`
		GiveMeGlory bool              `json:"giveMeGlory"`
		Players     []json.RawMessage `json:"players"`
	}
	if err := engine.DecodeStrict(data, &top); err != nil {
		return nil, engine.Malformed("end state: %v", err)
	}
	st := &EndState{End: top.End, GiveMeGlory: top.GiveMeGlory, Players: make([]EndPlayer, len(top.Players))}
	for i, raw := range top.Players {
		if err := engine.DecodeStrict(raw, &st.Players[i]); err != nil {
			return nil, engine.Malformed("players[%d]: %v", i, err)
		}
	}
	return st, nil
}

// Score checks the counts and finds the winner: most glory points (track
// and stash), a tie to the largest stash (Winning).
func (st *EndState) Score() (*EndResult, error) {
	if err := st.check(); err != nil {
		return nil, err
	}
	res := &EndResult{Section: secWinning}
	for _, p := range st.Players {
		l := EndLine{Name: strings.TrimSpace(p.Name), Glory: *p.Glory, Stash: *p.Stash}
		l.StashPoints = stashPoints(l.Stash)
		if st.GiveMeGlory {
			l.StashPoints = escalatingStashPoints(l.Stash)
		}
		l.Total = l.Glory + l.StashPoints
		res.Players = append(res.Players, l)
	}
	if st.End == EndDeclared {
		res.Ended = "A captain declared 10 glory points, showing their stash, and the round was played out."
	} else {
		res.Ended = "The game ended at once: no event card was left at the start of a round, or a captain died with no captain card left."
	}
	decide(res)
	if st.End == EndImmediate && res.DecidedBy != "points" {
		res.Notes = append(res.Notes, "The summary breaks a tie by the largest stash when several reach 10; an immediate end is read the same way.")
	}
	if res.Shared {
		res.Notes = append(res.Notes, "The summary gives no tie-break after the stash: the tied captains share the win.")
	}
	return res, nil
}

// check refuses impossible counts, naming the field.
func (st *EndState) check() error {
	if st.End != EndDeclared && st.End != EndImmediate {
		return engine.Malformed("end: want %q (a captain declared 10 glory points) or %q (no event card or captain left), not %q", EndDeclared, EndImmediate, st.End)
	}
	if n := len(st.Players); n < 2 || n > 4 {
		return engine.Malformed("players: Merchants & Marauders is for 2 to 4 players, not %d", n)
	}
	seen := map[string]bool{}
	for i, p := range st.Players {
		path := fmt.Sprintf("players[%d]", i)
		name := strings.TrimSpace(p.Name)
		switch {
		case name == "":
			return engine.Malformed("%s.name: missing (the captain's player)", path)
		case utf8.RuneCountInString(name) > 40:
			return engine.Malformed("%s.name: longer than 40 letters", path)
		case seen[strings.ToLower(name)]:
			return engine.Malformed("%s.name: %q is already a player's name; give each player their own", path, name)
		}
		seen[strings.ToLower(name)] = true
		switch {
		case p.Glory == nil:
			return engine.Malformed("%s.glory: missing (the cube's space on the glory point track, 0 or more)", path)
		case *p.Glory < 0 || *p.Glory > gloryMost:
			return engine.Malformed("%s.glory: %d is off the glory point track (0 to %d); stashed gold is counted from stash", path, *p.Glory, gloryMost)
		case p.Stash == nil:
			return engine.Malformed("%s.stash: missing (the gold in the chest, 0 if none)", path)
		case *p.Stash < 0:
			return engine.Malformed("%s.stash: %d is impossible: a chest holds no less than 0 gold", path, *p.Stash)
		}
	}
	if st.End == EndDeclared {
		for _, p := range st.Players {
			pts := stashPoints(*p.Stash)
			if st.GiveMeGlory {
				pts = escalatingStashPoints(*p.Stash)
			}
			if *p.Glory+pts >= 10 {
				return nil
			}
		}
		// In players' words, not the field's value: the page offers the
		// two ends as sentences.
		return engine.Malformed("players: no one has 10 glory points (track and stash), so no one could have declared them; a game that ran out of event or captain cards ended at once")
	}
	return nil
}

// decide finds the winners: the most points, then the largest stash; still
// tied, a shared win.
func decide(res *EndResult) {
	ls := res.Players
	best := ls[0].Total
	for _, l := range ls {
		best = max(best, l.Total)
	}
	var top, rest []EndLine
	for _, l := range ls {
		if l.Total == best {
			top = append(top, l)
		} else {
			rest = append(rest, l)
		}
	}
	two := len(ls) == 2
	if len(top) == 1 {
		res.DecidedBy = "points"
		res.Reason = fmt.Sprintf("%s has %s glory points, %s, against %s.", top[0].Name, word(two, "more", "the most"), pointsWords(top[0]), othersWords(rest, func(l EndLine) string { return fmt.Sprint(l.Total) }))
	} else {
		tied := fmt.Sprintf("%s %s have %d glory points", namesOf(top), word(len(top) == 2, "both", "all"), best)
		if len(rest) > 0 {
			tied += fmt.Sprintf(", more than %s", othersWords(rest, func(l EndLine) string { return fmt.Sprint(l.Total) }))
		}
		most := top[0].Stash
		for _, l := range top {
			most = max(most, l.Stash)
		}
		var rich, poor []EndLine
		for _, l := range top {
			if l.Stash == most {
				rich = append(rich, l)
			} else {
				poor = append(poor, l)
			}
		}
		switch {
		case len(rich) == 1:
			res.DecidedBy = "stash"
			res.Reason = fmt.Sprintf("%s; %s's stash is %s: %d gold against %s.", tied, rich[0].Name, word(len(top) == 2, "larger", "the largest"), most, othersWords(poor, func(l EndLine) string { return fmt.Sprint(l.Stash) }))
		case len(poor) == 0:
			res.DecidedBy, res.Shared = "shared", true
			res.Reason = fmt.Sprintf("%s and the same stash (%d gold): they share the win.", tied, most)
		default:
			res.DecidedBy, res.Shared = "shared", true
			res.Reason = fmt.Sprintf("%s; %s have the largest stash, %d gold each, against %s: they share the win.", tied, namesOf(rich), most, othersWords(poor, func(l EndLine) string { return fmt.Sprint(l.Stash) }))
		}
		top = rich
	}
	for _, l := range top {
		res.Winners = append(res.Winners, l.Name)
	}
	for i := range res.Players {
		for _, w := range res.Winners {
			res.Players[i].Winner = res.Players[i].Winner || res.Players[i].Name == w
		}
	}
}

// pointsWords is a total with where it comes from: "11 (9 on the track, 2
// from the stash)", "10 (all on the track)".
func pointsWords(l EndLine) string {
	if l.StashPoints == 0 {
		return fmt.Sprintf("%d (all on the track)", l.Total)
	}
	return fmt.Sprintf("%d (%d on the track, %d from the stash)", l.Total, l.Glory, l.StashPoints)
}

// othersWords names the players behind with their values: "Ben's 9",
// "Ben's 9 and Cy's 7".
func othersWords(others []EndLine, v func(EndLine) string) string {
	words := make([]string, len(others))
	for i, l := range others {
		words[i] = l.Name + "'s " + v(l)
	}
	return engine.AndList(words)
}

func namesOf(ls []EndLine) string {
	names := make([]string, len(ls))
	for i, l := range ls {
		names[i] = l.Name
	}
	return engine.AndList(names)
}

// word picks the comparative for two, the superlative for more.
func word(two bool, comparative, superlative string) string {
	if two {
		return comparative
	}
	return superlative
}
