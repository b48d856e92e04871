package piratescode

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/quartermaster-table/quartermaster/engine"
)

// The end-state calculator (engine.EndStateCalculator): a group that played
// without the companion counts its end at the table (p. 16, End of Game; the
// solo sheet's Solo Game End) and the kit says who won and why. Only what
// decides the winner is asked: treasures buried, the legend level, gold and
// booty aboard.

var _ engine.EndStateCalculator = rulesImpl{}

// EndState is an end of game counted at the table.
type EndState struct {
	// Players in any order: 2 to 4, or in a solo game the player and the
	// Legendary Pirate.
	Players []EndPlayer `json:"players"`
}

// EndPlayer is one pirate's count. The counts are pointers so that one left
// out is refused by name rather than read as 0.
type EndPlayer struct {
	Name string `json:"name"`
	// Automa marks the Legendary Pirate of a solo game: only its treasures
	// count (the first to bury 3 wins at once).
	Automa bool `json:"automa,omitempty"`
	// Treasures buried, 0 to 3.
	Treasures *int `json:"treasures"`
	// Legend is the level the Legend token reached, counted from the
	// bottom space of the track as 1.
	Legend *int `json:"legend"`
	// Gold is the doubloon's space on the gold track, 0 to 13.
	Gold *int `json:"gold"`
	// Booty is the number of booty cubes aboard, 0 to 3.
	Booty *int `json:"booty"`
}

// EndResult is the calculator's answer.
type EndResult struct {
	// Players are the counts as checked, in the input's order.
	Players []EndLine `json:"players"`
	// Winners are the winners' names (several only for a shared victory).
	Winners []string `json:"winners"`
	Shared  bool     `json:"shared"`
	// DecidedBy is what settled it: "treasures" (one pirate buried 3),
	// "legend", "gold", "booty", "shared" (tied on everything) or "solo".
	DecidedBy string `json:"decidedBy"`
	// Reason says who won and why, in players' words.
	Reason string `json:"reason"`
	// Page and Section cite the rule applied.
	Page    int    `json:"page,omitempty"`
	Section string `json:"section"`
	// Notes say what could not be checked (a legend level without the
	// owner's legend track).
	Notes []string `json:"notes,omitempty"`
}

// EndLine is one pirate's checked count.
type EndLine struct {
	Name      string `json:"name"`
	Automa    bool   `json:"automa,omitempty"`
	Treasures int    `json:"treasures"`
	Legend    int    `json:"legend,omitempty"`
	// LegendName is the level's printed name from the owner's catalog.
	LegendName string `json:"legendName,omitempty"`
	Gold       int    `json:"gold"`
	Booty      int    `json:"booty"`
	Winner     bool   `json:"winner"`
}

// refSoloEnd is the solo sheet's end of game (its pages are unknown).
var refSoloEnd = ref{0, "Solo Game End"}

// ScoreEndState decodes and checks an EndState and says who won (p. 16).
// catalog is the owner's catalog: its legend track bounds the legend level
// and names it; without one the level's top is not checked (said in Notes).
func (rulesImpl) ScoreEndState(input []byte, catalog json.RawMessage) (json.RawMessage, error) {
	st, err := DecodeEndState(input)
	if err != nil {
		return nil, err
	}
	res, err := st.Score(legendTrack(catalog))
	if err != nil {
		return nil, err
	}
	return json.Marshal(res)
}

// legendTrack reads the legend track from the owner's catalog, nil when
// there is none (no catalog, or one without its legend track). Only the
// track is read, so a catalog missing other values still bounds the level.
func legendTrack(catalog json.RawMessage) []LegendLevel {
	var c struct {
		Legend []LegendLevel `json:"legend"`
	}
	if err := json.Unmarshal(catalog, &c); err != nil || len(c.Legend) < 2 {
		return nil
	}
	return c.Legend
}

// DecodeEndState reads an EndState strictly: an unknown field is a typo to
// refuse by name, not a count to drop.
func DecodeEndState(data []byte) (*EndState, error) {
	var top struct {
		Players []json.RawMessage `json:"players"`
	}
	if err := engine.DecodeStrict(data, &top); err != nil {
		return nil, engine.Malformed("end state: %v", err)
	}
	st := &EndState{Players: make([]EndPlayer, len(top.Players))}
	for i, raw := range top.Players {
		if err := engine.DecodeStrict(raw, &st.Players[i]); err != nil {
			return nil, engine.Malformed("players[%d]: %v", i, err)
		}
	}
	return st, nil
}

// Score checks the counts and finds the winner. track is the owner's
// legend track (nil: unknown).
func (st *EndState) Score(track []LegendLevel) (*EndResult, error) {
	solo, err := st.check(track)
	if err != nil {
		return nil, err
	}
	res := &EndResult{Page: refEnd.page, Section: refEnd.section}
	for _, p := range st.Players {
		l := EndLine{Name: strings.TrimSpace(p.Name), Automa: p.Automa, Treasures: *p.Treasures}
		if !p.Automa {
			l.Legend, l.Gold, l.Booty = *p.Legend, *p.Gold, *p.Booty
			if track != nil {
				l.LegendName = track[l.Legend-1].Name
			}
		}
		res.Players = append(res.Players, l)
	}
	if track == nil && !solo {
		res.Notes = append(res.Notes, "The legend levels could not be checked against the top of the track: the owner's catalog has no legend track yet.")
	}
	if solo {
		scoreSolo(res)
	} else {
		scoreCascade(res)
	}
	for i := range res.Players {
		for _, w := range res.Winners {
			if res.Players[i].Name == w {
				res.Players[i].Winner = true
			}
		}
	}
	return res, nil
}

// check refuses impossible counts, naming the field, and says whether the
// game is a solo game (a Legendary Pirate among the players).
func (st *EndState) check(track []LegendLevel) (solo bool, err error) {
	n, automa := len(st.Players), 0
	for _, p := range st.Players {
		if p.Automa {
			automa++
		}
	}
	switch {
	case automa > 1:
		return false, engine.Malformed("players: a solo game has one Legendary Pirate, not %d", automa)
	case automa == 1 && n != 2:
		return false, engine.Malformed("players: a solo game is one player against the Legendary Pirate, not %d pirates", n)
	case automa == 0 && n == 1:
		return false, engine.Malformed("players: a solo game also needs the Legendary Pirate's count")
	case automa == 0 && (n < 2 || n > 4):
		return false, engine.Malformed("players: The Pirate's Code is for 2 to 4 players (or one against the Legendary Pirate), not %d", n)
	}
	seen := map[string]bool{}
	for i := range st.Players {
		if err := st.Players[i].check(fmt.Sprintf("players[%d]", i), track); err != nil {
			return false, err
		}
		key := strings.ToLower(strings.TrimSpace(st.Players[i].Name))
		if seen[key] {
			return false, engine.Malformed("players[%d].name: %q is already a player's name; give each pirate their own", i, strings.TrimSpace(st.Players[i].Name))
		}
		seen[key] = true
	}
	three := 0
	for _, p := range st.Players {
		if *p.Treasures == treasures {
			three++
		}
	}
	switch {
	case three == 0:
		return false, engine.Malformed("players: no one buried all 3 treasures, and the game ends only when someone buries their third (p. 16)")
	case automa == 1 && three > 1:
		return false, engine.Malformed("players: in the solo game the first to bury 3 treasures wins at once, so only one of you can have buried 3 (Solo Game End)")
	}
	return automa == 1, nil
}

// maxName bounds a name: a name, not a paragraph.
const maxName = 40

// check refuses one pirate's missing or impossible counts; path is its JSON
// path. The Legendary Pirate has no legend level, gold or booty that count.
func (p *EndPlayer) check(path string, track []LegendLevel) error {
	name := strings.TrimSpace(p.Name)
	switch {
	case name == "":
		return engine.Malformed("%s.name: missing (the pirate's name)", path)
	case utf8.RuneCountInString(name) > maxName:
		return engine.Malformed("%s.name: longer than %d letters", path, maxName)
	}
	if err := count(path+".treasures", p.Treasures, 0, treasures, "treasures buried, 0 to 3"); err != nil {
		return err
	}
	if p.Automa {
		return nil
	}
	if p.Legend == nil {
		return engine.Malformed("%s.legend: missing (the Legend token's level, the bottom space is 1)", path)
	}
	if *p.Legend < 1 {
		return engine.Malformed("%s.legend: %d is off the legend track, whose bottom space is level 1", path, *p.Legend)
	}
	if track != nil && *p.Legend > len(track) {
		return engine.Malformed("%s.legend: %d is off the legend track, whose top is level %d (%s)", path, *p.Legend, len(track), track[len(track)-1].Name)
	}
	if err := count(path+".gold", p.Gold, 0, maxGold, "the doubloon's space on the gold track, 0 to 13"); err != nil {
		return err
	}
	return count(path+".booty", p.Booty, 0, maxBooty, "booty cubes aboard the ship, 0 to 3")
}

// count refuses a missing count or one outside lo..hi; what says what to
// count.
func count(path string, v *int, lo, hi int, what string) error {
	if v == nil {
		return engine.Malformed("%s: missing (%s)", path, what)
	}
	if *v < lo || *v > hi {
		return engine.Malformed("%s: %d is impossible (%s)", path, *v, what)
	}
	return nil
}

// scoreSolo: the first to bury 3 treasures wins at once (Solo Game End);
// check made sure only one did.
func scoreSolo(res *EndResult) {
	res.Page, res.Section, res.DecidedBy = refSoloEnd.page, refSoloEnd.section, "solo"
	for _, l := range res.Players {
		if l.Treasures != treasures {
			continue
		}
		res.Winners = []string{l.Name}
		if l.Automa {
			res.Reason = fmt.Sprintf("%s buried all 3 treasures first: in the solo game that wins at once.", l.Name)
		} else {
			res.Reason = fmt.Sprintf("%s buried all 3 treasures first: in the solo game that wins at once, before the Legendary Pirate.", l.Name)
		}
	}
}

// criterion is one step of the End of Game's tie-break cascade.
type criterion struct {
	id  string
	get func(EndLine) int
	// same words the tied pirates' shared value ("at the same legend
	// level (4)"); more the one pirate ahead of the others; top several
	// ahead.
	same func(v int) string
	more func(win EndLine, others []EndLine, two bool) string
	top  func(names string, v int, others []EndLine) string
}

// cascade is the End of Game's order after the treasures (p. 16).
var cascade = []criterion{
	{id: "legend", get: func(l EndLine) int { return l.Legend },
		same: func(v int) string { return fmt.Sprintf("at the same legend level (%d)", v) },
		more: func(w EndLine, o []EndLine, two bool) string {
			return fmt.Sprintf("%s's legend is %s: level %s against %s", w.Name, higher(two), legendWords(w), othersWords(o, func(l EndLine) string { return fmt.Sprint(l.Legend) }))
		},
		top: func(names string, v int, o []EndLine) string {
			return fmt.Sprintf("%s reached the highest legend, level %d, above %s", names, v, othersWords(o, func(l EndLine) string { return fmt.Sprint(l.Legend) }))
		}},
	{id: "gold", get: func(l EndLine) int { return l.Gold },
		same: func(v int) string { return fmt.Sprintf("with the same gold (%d)", v) },
		more: func(w EndLine, o []EndLine, two bool) string {
			return fmt.Sprintf("%s has %s gold: %d against %s", w.Name, more(two), w.Gold, othersWords(o, func(l EndLine) string { return fmt.Sprint(l.Gold) }))
		},
		top: func(names string, v int, o []EndLine) string {
			return fmt.Sprintf("%s have the most gold, %d, against %s", names, v, othersWords(o, func(l EndLine) string { return fmt.Sprint(l.Gold) }))
		}},
	{id: "booty", get: func(l EndLine) int { return l.Booty },
		same: func(v int) string { return fmt.Sprintf("with the same booty aboard (%d)", v) },
		more: func(w EndLine, o []EndLine, two bool) string {
			return fmt.Sprintf("%s has %s booty aboard: %d against %s", w.Name, more(two), w.Booty, othersWords(o, func(l EndLine) string { return fmt.Sprint(l.Booty) }))
		},
		top: func(names string, v int, o []EndLine) string {
			return fmt.Sprintf("%s have the most booty aboard, %d, against %s", names, v, othersWords(o, func(l EndLine) string { return fmt.Sprint(l.Booty) }))
		}},
}

// scoreCascade applies the End of Game (p. 16): among the pirates who
// buried 3 treasures the highest legend level wins, then the most gold,
// then the most booty aboard; still tied, they share the victory.
func scoreCascade(res *EndResult) {
	var in []EndLine
	for _, l := range res.Players {
		if l.Treasures == treasures {
			in = append(in, l)
		}
	}
	if len(in) == 1 {
		res.Winners, res.DecidedBy = []string{in[0].Name}, "treasures"
		res.Reason = fmt.Sprintf("%s is the only one who buried all 3 treasures.", in[0].Name)
		return
	}
	parts := []string{fmt.Sprintf("%s %s buried 3", namesOf(in), bothAll(len(in)))}
	// The others are named too: one with more gold but 2 treasures is
	// not forgotten, only out of the running.
	var behind []string
	for _, l := range res.Players {
		switch {
		case l.Treasures == treasures:
		case l.Treasures == 0:
			behind = append(behind, l.Name+" none")
		default:
			behind = append(behind, fmt.Sprintf("%s only %d", l.Name, l.Treasures))
		}
	}
	if len(behind) > 0 {
		parts[0] += " (" + strings.Join(behind, ", ") + ")"
	}
	var same []string
	for _, c := range cascade {
		best := c.get(in[0])
		for _, l := range in {
			best = max(best, c.get(l))
		}
		var top, rest []EndLine
		for _, l := range in {
			if c.get(l) == best {
				top = append(top, l)
			} else {
				rest = append(rest, l)
			}
		}
		if len(rest) == 0 {
			same = append(same, c.same(best))
			continue
		}
		if len(same) > 0 {
			parts[len(parts)-1] += ", " + strings.Join(same, ", ")
			same = nil
		}
		if len(top) == 1 {
			parts = append(parts, c.more(top[0], rest, len(in) == 2))
		} else {
			parts = append(parts, c.top(namesOf(top), best, rest))
		}
		in, res.DecidedBy = top, c.id
		if len(in) == 1 {
			break
		}
	}
	for _, l := range in {
		res.Winners = append(res.Winners, l.Name)
	}
	if len(in) == 1 {
		res.Reason = strings.Join(parts, "; ") + "."
		return
	}
	res.Shared, res.DecidedBy = true, "shared"
	if len(same) > 0 {
		parts[len(parts)-1] += ", " + strings.Join(same, ", ")
	}
	res.Reason = strings.Join(parts, "; ") + ": they share the victory."
}

// legendWords is a level with its printed name when the catalog gives one:
// "5 (Dread Pirate)".
func legendWords(l EndLine) string {
	if l.LegendName == "" || strings.Contains(l.LegendName, fmt.Sprint(l.Legend)) {
		return fmt.Sprint(l.Legend)
	}
	return fmt.Sprintf("%d (%s)", l.Legend, l.LegendName)
}

// othersWords names the pirates behind with their values: "Ben's 4",
// "Ben's 4 and Cy's 3".
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

// bothAll is "both" for two pirates, "all" for more.
func bothAll(n int) string {
	if n == 2 {
		return "both"
	}
	return "all"
}

func higher(two bool) string {
	if two {
		return "higher"
	}
	return "the highest"
}

func more(two bool) string {
	if two {
		return "more"
	}
	return "the most"
}
