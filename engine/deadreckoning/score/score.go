package score

import (
	"fmt"
	"sort"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// Categories of a breakdown line, in the order the table shows them.
const (
	CatAchievements  = "achievements"
	CatBonusToken    = "bonus_token"
	CatCoinsChest    = "coins_chest"
	CatCoinsShip     = "coins_ship"
	CatCoinsIslands  = "coins_islands"
	CatBuildings     = "buildings"
	CatAdvancements  = "advancements"
	CatBasicUpgrades = "upgrades_basic"
	CatAdvUpgrades   = "upgrades_advanced"
	CatEndGame       = "end_game"
	CatIsland        = "island"
)

// Line is one category of one player's score.
type Line struct {
	// Key identifies the row of the table: the category, or for islands and
	// end-game effects "island:NAME" and "end_game:LABEL".
	Key      string `json:"key"`
	Category string `json:"category"`
	// Label is the row's title, e.g. "Coins in Treasure chest".
	Label string `json:"label"`
	// Coins scored; nil when a value it needs is missing.
	Coins *int `json:"coins"`
	// Detail says how the coins were counted, in our words.
	Detail string `json:"detail,omitempty"`
	// Missing names the values this line needs and the input does not give.
	Missing []string `json:"missing,omitempty"`
	// Page is the rulebook page of the scoring rule.
	Page int `json:"page"`
}

// PlayerScore is one player's breakdown and total.
type PlayerScore struct {
	Name   string `json:"name"`
	Colour string `json:"colour"`
	Lines  []Line `json:"lines"`
	// Total is nil when the score is incomplete.
	Total *int `json:"total"`
	// Known is the sum of the lines that could be scored; with Total nil it
	// is a lower bound only when no missing value could be negative (all are).
	Known int `json:"known"`
	// Missing lists what is missing, empty when Total is known.
	Missing []string `json:"missing,omitempty"`
}

// Result is the scored end state.
type Result struct {
	Players []PlayerScore `json:"players"`
	// Complete is true when every total is known.
	Complete bool `json:"complete"`
	// Winner is the player with the most coins, or the tie-break battle's
	// winner; empty when incomplete, or tied and not settled yet.
	Winner string `json:"winner,omitempty"`
	// Tied lists the players tied for the most coins, who settle it with the
	// tie-break battle (rulebook p. 23); empty otherwise.
	Tied []string `json:"tied,omitempty"`
	// Missing gathers every missing value, once each.
	Missing []string `json:"missing,omitempty"`
	// TieBreak is the tie-break battle, when the input gives one for a tie.
	TieBreak *TieBreakResult `json:"tieBreak,omitempty"`
}

// TieBreakResult is the tie-break battle played from the input's reads.
type TieBreakResult struct {
	Rounds []RoundResult `json:"rounds"`
	// Winner once decided; else Next says what to drop now.
	Winner string `json:"winner,omitempty"`
	Next   *Step  `json:"next,omitempty"`
	// Refused is the refusal of a read that does not fit, naming it; the
	// reads after it were not used.
	Refused string `json:"refused,omitempty"`
}

// Score computes the end-game score of a checked Input (rulebook pp. 22-23).
func Score(in *Input) *Result { return ScoreOn(nil, in) }

// ScoreOn is Score with the tie-break battle read on the given battle-board
// layout (nil for the default).
func ScoreOn(layout *battle.Layout, in *Input) *Result {
	res := &Result{Players: make([]PlayerScore, len(in.Players)), Complete: true}
	placements := make([][]placement, len(in.Islands))
	for i := range in.Islands {
		placements[i] = place(&in.Islands[i])
	}
	seenMissing := map[string]bool{}
	for pi := range in.Players {
		p := &in.Players[pi]
		ps := PlayerScore{Name: p.Name, Colour: p.Colour}
		ps.Lines = append(ps.Lines, achievementLine(in, p), bonusLine(p),
			fixed(CatCoinsChest, "Coins in Treasure chest", p.Coins.Chest, "", 22),
			fixed(CatCoinsShip, "Coins on ship", p.Coins.Ship, "", 22),
			fixed(CatCoinsIslands, "Coins on controlled islands", p.Coins.Islands, "", 22),
			fixed(CatBuildings, "Buildings on controlled islands", p.Buildings, fmt.Sprintf("%d × 1", p.Buildings), 22),
			fixed(CatAdvancements, "Advancements (1 per 2)", p.Advancements/2, fmt.Sprintf("%d advancements", p.Advancements), 23),
			fixed(CatBasicUpgrades, "Basic ship upgrades", p.Upgrades.Basic, fmt.Sprintf("%d × 1", p.Upgrades.Basic), 23),
			fixed(CatAdvUpgrades, "Advanced ship upgrades", 2*p.Upgrades.Advanced, fmt.Sprintf("%d × 2", p.Upgrades.Advanced), 23),
		)
		keys := map[string]int{}
		for _, e := range p.EndGame {
			l := endGameLine(in, p, e)
			// Rows are keyed by the card's label so the table lines the
			// players' cards up by name; a second card of the same name
			// gets its own row.
			keys[l.Key]++
			if n := keys[l.Key]; n > 1 {
				l.Key += fmt.Sprintf("#%d", n)
			}
			ps.Lines = append(ps.Lines, l)
		}
		for i := range in.Islands {
			ps.Lines = append(ps.Lines, islandLine(&in.Islands[i], i, placements[i], p.Colour))
		}
		for _, l := range ps.Lines {
			if l.Coins == nil {
				ps.Missing = append(ps.Missing, l.Missing...)
				continue
			}
			ps.Known += *l.Coins
		}
		if len(ps.Missing) == 0 {
			t := ps.Known
			ps.Total = &t
		} else {
			ps.Missing = dedup(ps.Missing)
			res.Complete = false
			for _, m := range ps.Missing {
				if !seenMissing[m] {
					seenMissing[m] = true
					res.Missing = append(res.Missing, m)
				}
			}
		}
		res.Players[pi] = ps
	}
	if res.Complete {
		best := 0
		for i, ps := range res.Players {
			if i == 0 || *ps.Total > best {
				best = *ps.Total
			}
		}
		var top []string
		for _, ps := range res.Players {
			if *ps.Total == best {
				top = append(top, ps.Name)
			}
		}
		if len(top) == 1 {
			res.Winner = top[0]
		} else {
			res.Tied = top
			if in.TieBreak != nil {
				res.TieBreak = tieBreak(layout, in, top)
				res.Winner = res.TieBreak.Winner
			}
		}
	}
	return res
}

// tieBreak plays the tie-break battle between the tied players from the
// input's reads.
func tieBreak(layout *battle.Layout, in *Input, tied []string) *TieBreakResult {
	if layout == nil {
		layout = battle.DefaultLayout()
	}
	out := &TieBreakResult{}
	var cs []Contender
	for _, name := range tied {
		n, ok := in.TieBreak.Cannons[name]
		if !ok {
			out.Refused = fmt.Sprintf("tieBreak.cannons: give %s's cannons (on the ship and every card of the deck)", name)
			return out
		}
		for _, p := range in.Players {
			if p.Name == name {
				cs = append(cs, Contender{Name: name, Colour: p.Colour, Cannons: n})
			}
		}
	}
	tb, err := NewTieBreak(layout, cs)
	if err != nil {
		out.Refused = err.Error()
		return out
	}
	for i, r := range in.TieBreak.Reads {
		if err := tb.Read(r); err != nil {
			// Players read this on the tablet: the refusal's own
			// sentence, and which read when there were several.
			why := err.Error()
			if re, ok := engine.AsRuleError(err); ok {
				why = re.Detail
			}
			out.Refused = fmt.Sprintf("Tie-break read %d: %s", i+1, why)
			break
		}
	}
	out.Rounds = tb.Rounds()
	if w, ok := tb.Winner(); ok {
		out.Winner = w.Name
	} else {
		next := tb.Next()
		out.Next = &next
	}
	return out
}

func intp(n int) *int { return &n }

func fixed(cat, label string, n int, detail string, page int) Line {
	return Line{Key: cat, Category: cat, Label: label, Coins: intp(n), Detail: detail, Page: page}
}

// missingValue names a missing achievement value and the field where it is
// given: the input's achievementValues, or the field the caller named.
func missingValue(in *Input, a Achievement) string {
	field := in.AchievementValuesField
	if field == "" {
		field = "achievementValues"
	}
	return fmt.Sprintf("the coin value of the %s achievement (printed on the Harbor board; give it in %s.%s)", a.Title(), field, a)
}

func achievementLine(in *Input, p *Player) Line {
	l := Line{Key: CatAchievements, Category: CatAchievements, Label: "Achievements", Page: 22}
	sum := 0
	var parts []string
	for _, a := range p.Achievements {
		v := in.AchievementValues[a]
		if v == nil {
			l.Missing = append(l.Missing, missingValue(in, a))
			parts = append(parts, a.Title()+" ?")
			continue
		}
		sum += *v
		parts = append(parts, fmt.Sprintf("%s %d", a.Title(), *v))
	}
	if len(parts) == 0 {
		l.Detail = "none"
	} else {
		l.Detail = strings.Join(parts, ", ")
	}
	if len(l.Missing) == 0 {
		l.Coins = intp(sum)
	}
	return l
}

func bonusLine(p *Player) Line {
	l := Line{Key: CatBonusToken, Category: CatBonusToken, Label: "Bonus achievement token", Page: 22, Coins: intp(0)}
	if p.BonusTokenMissing != "" {
		l.Coins = nil
		l.Missing = []string{p.BonusTokenMissing}
		l.Detail = "token contents not known"
		return l
	}
	if p.BonusToken == nil {
		l.Detail = "no token"
		return l
	}
	have := map[Achievement]bool{}
	for _, a := range p.Achievements {
		have[a] = true
	}
	var done []string
	for _, a := range p.BonusToken {
		if have[a] {
			done = append(done, a.Title())
		}
	}
	*l.Coins = 2 * len(done)
	if len(done) == 0 {
		l.Detail = "no achievement of the token completed"
	} else {
		l.Detail = fmt.Sprintf("%s × 2", strings.Join(done, ", "))
	}
	return l
}

func endGameLine(in *Input, p *Player, e EndGameEffect) Line {
	l := Line{Category: CatEndGame, Page: 23}
	name := e.Label
	switch e.Effect {
	case PerThreeCargo:
		n := p.Cargo.Dock + p.Cargo.Ship + p.Cargo.Islands
		l.Coins = intp(n / 3)
		l.Detail = fmt.Sprintf("%d cargo owned, 1 per 3", n)
		if name == "" {
			name = "1 per 3 cargo"
		}
	case PerIslandWithoutCubes:
		n := 0
		for _, is := range in.Islands {
			if is.Cubes[p.Colour] == 0 {
				n++
			}
		}
		l.Coins = intp(n)
		l.Detail = fmt.Sprintf("%d of %d islands without your cubes", n, len(in.Islands))
		if name == "" {
			name = "1 per island without your cubes"
		}
	case PerWheel:
		l.Coins = intp(2 * e.Wheels)
		l.Detail = fmt.Sprintf("%d wheels × 2", e.Wheels)
		if name == "" {
			name = "2 per wheel on the card"
		}
	case FixedCoins:
		l.Coins = intp(e.N)
		if name == "" {
			name = "coins"
		}
	case Unscored:
		if name == "" {
			name = "an end-of-game effect"
		}
		l.Detail = "not computed"
		l.Missing = []string{fmt.Sprintf("the end-of-game score of %s (the program cannot compute it: count it by hand)", name)}
	}
	l.Label = "End of game: " + name
	l.Key = CatEndGame + ":" + name
	return l
}

// placement is one competitor for an island's places: a colour, or the
// empty slots (colour ""), which take a place but score nothing.
type placement struct {
	colour string
	cubes  int
	// rank is the 0-based place (0 = most); tied shows a tie for it.
	rank int
	tied bool
	// value is the index into the island's values scored, -1 for none.
	value int
}

// place ranks an island's competitors (rulebook p. 23): the most cubes take
// the 1st value, then 2nd, then 3rd; tied competitors all take the value
// one below their place (none for a tie for the last place); the empty slots
// count as a competitor that scores nothing. A tied group uses up as many
// places as it has members.
func place(is *Island) []placement {
	var ps []placement
	for c, n := range is.Cubes {
		if n > 0 {
			ps = append(ps, placement{colour: c, cubes: n})
		}
	}
	if is.Empty > 0 {
		ps = append(ps, placement{cubes: is.Empty})
	}
	sort.Slice(ps, func(i, j int) bool {
		if ps[i].cubes != ps[j].cubes {
			return ps[i].cubes > ps[j].cubes
		}
		return ps[i].colour < ps[j].colour
	})
	places := 3
	if is.Values != nil {
		places = len(is.Values)
	}
	for i := 0; i < len(ps); {
		k := i
		for k < len(ps) && ps[k].cubes == ps[i].cubes {
			k++
		}
		for j := i; j < k; j++ {
			ps[j].rank = i
			ps[j].tied = k-i > 1
			ps[j].value = i
			if ps[j].tied {
				ps[j].value = i + 1
			}
			if ps[j].value >= places {
				ps[j].value = -1
			}
		}
		i = k
	}
	return ps
}

var ordinals = []string{"1st", "2nd", "3rd"}

func ordinal(i int) string {
	if i < len(ordinals) {
		return ordinals[i]
	}
	return fmt.Sprintf("%dth", i+1)
}

func islandLine(is *Island, k int, ps []placement, colour string) Line {
	l := Line{Key: CatIsland + ":" + is.Name, Category: CatIsland, Label: "Island: " + is.Name, Page: 23}
	var me *placement
	for i := range ps {
		if ps[i].colour == colour && colour != "" {
			me = &ps[i]
		}
	}
	if me == nil {
		l.Coins = intp(0)
		l.Detail = "no cubes"
		return l
	}
	how := ordinal(me.rank)
	if me.tied {
		how = "tied " + how
	}
	cubes := "cubes"
	if me.cubes == 1 {
		cubes = "cube"
	}
	how = fmt.Sprintf("%d %s, %s", me.cubes, cubes, how)
	switch {
	case me.value < 0:
		l.Coins = intp(0)
		l.Detail = how + ": no coins"
	case is.Values == nil:
		l.Detail = fmt.Sprintf("%s: scores the %s value", how, ordinal(me.value))
		field := is.ValuesField
		if field == "" {
			field = fmt.Sprintf("islands[%d].values", k)
		}
		l.Missing = []string{fmt.Sprintf("the coin values of island %s (printed on its board; give them in %s)", is.Name, field)}
	default:
		vals := append([]int(nil), is.Values...)
		sort.Sort(sort.Reverse(sort.IntSlice(vals)))
		l.Coins = intp(vals[me.value])
		l.Detail = fmt.Sprintf("%s: the %s value", how, ordinal(me.value))
	}
	return l
}

func dedup(s []string) []string {
	seen := map[string]bool{}
	out := s[:0]
	for _, x := range s {
		if !seen[x] {
			seen[x] = true
			out = append(out, x)
		}
	}
	return out
}
