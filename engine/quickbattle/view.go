package quickbattle

import (
	"fmt"
	"sort"
	"strings"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// View is what every screen shows; a quick battle has no secrets. Its
// battle parts have the shapes of Dead Reckoning's view (battles[0] with
// the attacker's and defender's seats and what the battle waits for,
// battle with the sides, tally and outcome), so Dead Reckoning's battle
// forms serve it too.
type View struct {
	Version uint64 `json:"version"`
	// Number counts the battles at this table, from 1.
	Number int `json:"number"`
	// Players are the players at the table (one against a Merchant ship).
	Players []Player `json:"players"`
	// Sides are the two sides as chosen: the attacker, then the defender.
	Sides    [2]Side `json:"sides"`
	AtIsland bool    `json:"atIsland"`
	// Battles holds the battle being fought until it is over (empty then).
	Battles []Pending `json:"battles"`
	// Battle is the battle being fought, or the one just over.
	Battle deadreckoning.BattleView `json:"battle"`
	// Said is the outcome in words once the battle is over.
	Said []string `json:"said,omitempty"`
	// Past are the earlier battles at the table, oldest first.
	Past []PastBattle `json:"past"`
}

// Player is one player at the table, named as Dead Reckoning's view names
// them (seat, name, colour).
type Player struct {
	Seat  engine.Seat `json:"seat"`
	Name  string      `json:"name"`
	Color string      `json:"colour"`
}

// Pending is the battle being fought as Dead Reckoning's pending battles
// show it: who attacks whom (defender -1: a Merchant ship) and what the
// battle waits for.
type Pending struct {
	ID       int                      `json:"id"`
	Kind     string                   `json:"kind"`
	Attacker engine.Seat              `json:"attacker"`
	Defender engine.Seat              `json:"defender"`
	Need     deadreckoning.BattleNeed `json:"need"`
}

// View returns the table as everyone sees it.
func (g *Game) View(engine.Viewer) any {
	s := &g.st
	v := View{Version: s.Version, Number: s.Number, Sides: [2]Side{s.Setup.Attacker, s.Setup.Defender}, AtIsland: s.Setup.AtIsland,
		Battles: []Pending{}, Past: append([]PastBattle{}, s.Past...)}
	for _, r := range []battle.Role{battle.Attacker, battle.Defender} {
		if seat := s.seatOf(r); seat != engine.NoSeat {
			sd := s.side(r)
			v.Players = append(v.Players, Player{Seat: seat, Name: sd.Name, Color: sd.Colour})
		}
	}
	// In seat order, whoever attacks.
	sort.Slice(v.Players, func(i, j int) bool { return v.Players[i].Seat < v.Players[j].Seat })
	b, err := g.machine()
	if err != nil {
		v.Battle.Error = engine.Refuse("battle-state", 17, "The saved battle cannot be read; start a new quick battle")
		return v
	}
	need := s.need(b)
	cfg := b.Config()
	kind := string(cfg.Kind)
	v.Battle = deadreckoning.BattleView{ID: s.Number, Kind: kind, Cause: string(cfg.Cause), Started: b.Phase() != battle.PhaseReady, Need: need}
	for r, sd := range []battle.Side{cfg.Attacker, cfg.Defender} {
		v.Battle.Sides[r] = deadreckoning.BattleSideView{Kind: string(sd.Kind), Seat: sd.Seat, Name: sd.Name, Colour: sd.Colour}
		v.Battle.Tally[r], _ = b.Tally(battle.Role(r))
	}
	if o, done := b.Outcome(); done {
		v.Battle.Outcome = o
		v.Said = outcomeWords(s, o)
	} else {
		v.Battles = append(v.Battles, Pending{ID: s.Number, Kind: kind, Attacker: s.seatOf(battle.Attacker), Defender: s.seatOf(battle.Defender), Need: need})
	}
	return v
}

// need is the machine's Need with the players who may act: either player
// (or the tablet) drops and reads; each places their own plunder.
func (s *state) need(b *battle.Battle) deadreckoning.BattleNeed {
	n := deadreckoning.BattleNeed{Need: b.Need(), WaitingOn: []engine.Seat{}}
	for _, r := range []battle.Role{battle.Attacker, battle.Defender} {
		seat := s.seatOf(r)
		if seat == engine.NoSeat || n.Phase == battle.PhaseDone {
			continue
		}
		if _, ok := n.Plunder[r.String()]; n.Phase == battle.PhasePlunder && !ok {
			continue
		}
		n.WaitingOn = append(n.WaitingOn, seat)
	}
	return n
}

// outcomeWords says the outcome as players read it: the winner first,
// then each ship's damage, plunder and sinking, and what the Merchant
// ship's card asks for.
func outcomeWords(s *state, o *battle.Outcome) []string {
	names := [2]string{s.inSentence(battle.Attacker), s.inSentence(battle.Defender)}
	w := int(o.Winner)
	out := []string{fmt.Sprintf("%s wins the battle %d to %d", capital(names[w]), o.Strength[w], o.Strength[1-w])}
	if w == int(battle.Attacker) && o.Strength[0] == o.Strength[1] {
		out[0] += " (a tie goes to the attacker, p. 19)"
	}
	for r := range 2 {
		if s.seatOf(battle.Role(r)) == engine.NoSeat {
			continue
		}
		res := o.Sides[r]
		var why []string
		if res.DamageFromZones > 0 {
			why = append(why, fmt.Sprintf("%d from %s’s cubes in the damage zones", res.DamageFromZones, names[1-r]))
		}
		if res.DamageFromAbilities > 0 {
			why = append(why, fmt.Sprintf("%d from battle abilities", res.DamageFromAbilities))
		}
		if res.LoserDamage > 0 {
			why = append(why, fmt.Sprintf("%d for losing", res.LoserDamage))
		}
		switch {
		case res.Damage == 0:
			out = append(out, names[r]+"’s ship takes no damage")
		default:
			out = append(out, fmt.Sprintf("%s’s ship takes %s (%s)", names[r], plural(res.Damage, "damage", "damage"), strings.Join(why, ", ")))
		}
		if got := goodsWords(add(res.Ship, res.Island, res.Returned)); got != "" {
			where := []string{}
			if w := goodsWords(res.Ship); w != "" {
				where = append(where, w+" on the ship")
			}
			if w := goodsWords(res.Island); w != "" {
				where = append(where, w+" on the island")
			}
			if w := goodsWords(res.Returned); w != "" {
				where = append(where, w+" back to the supply")
			}
			out = append(out, fmt.Sprintf("%s plunders %s: %s", names[r], got, strings.Join(where, ", ")))
		}
		if res.Sinks {
			out = append(out, fmt.Sprintf("%s’s ship sinks with %d damage: it loses its coins and goes back to Harbor (p. 21)", names[r], s.side(battle.Role(r)).Damage+res.Damage))
		}
	}
	if o.Merchant != nil {
		if o.Merchant.PlayerWon {
			out = append(out, "Follow the Win text on the Merchant ship’s back (p. 11)")
		} else {
			out = append(out, "Follow the Lose text on the Merchant ship’s back, then bury it under its row’s box (p. 11)")
		}
	}
	if o.Legendary != engine.NoSeat {
		who := names[battle.Attacker]
		if o.Legendary != s.seatOf(battle.Attacker) {
			who = names[battle.Defender]
		}
		out = append(out, who+" places a Legendary progress cube (p. 21)")
	}
	return out
}

// inSentence names a side inside a sentence: the player's name, or "the
// Merchant ship" ("2 from the Merchant ship’s cubes").
func (s *state) inSentence(r battle.Role) string {
	sd := s.side(r)
	if sd.merchant() {
		return "the " + sd.Name
	}
	return sd.Name
}

// line formats a sentence players read: a log line, what the table waits
// for, what the camera saw. The wording test reads every call's format.
func line(format string, a ...any) string { return fmt.Sprintf(format, a...) }

// them is the pronoun for the cubes: "it" for one cube, "them" for more.
func them(m map[string]int) string {
	n := 0
	for _, c := range m {
		n += c
	}
	if n == 1 {
		return "it"
	}
	return "them"
}

// capital starts a sentence with a capital letter ("The Merchant ship").
func capital(s string) string {
	if s == "" || s[0] < 'a' || s[0] > 'z' {
		return s
	}
	return string(s[0]-'a'+'A') + s[1:]
}

func add(gs ...battle.Goods) battle.Goods {
	var t battle.Goods
	for _, g := range gs {
		t.Cargo += g.Cargo
		t.Coins += g.Coins
	}
	return t
}

// goodsWords reads "2 cargo and 1 coin", "" for nothing.
func goodsWords(g battle.Goods) string {
	var parts []string
	if g.Cargo > 0 {
		parts = append(parts, fmt.Sprintf("%d cargo", g.Cargo))
	}
	if g.Coins > 0 {
		parts = append(parts, plural(g.Coins, "coin", "coins"))
	}
	return strings.Join(parts, " and ")
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return fmt.Sprintf("%d %s", n, many)
}

// cubeList reads "2 black cubes and 1 purple cube", colours in name order.
func cubeList(m map[string]int) string {
	keys := make([]string, 0, len(m))
	total := 0
	for k, n := range m {
		if n > 0 {
			keys = append(keys, k)
			total += n
		}
	}
	if total == 0 {
		return "no cubes"
	}
	sort.Strings(keys)
	// Each count has its own noun ("1 green cube and 2 purple cubes"): one
	// noun after the last count read "1 green and 1 purple cubes".
	parts := make([]string, len(keys))
	for i, k := range keys {
		noun := "cubes"
		if m[k] == 1 {
			noun = "cube"
		}
		parts[i] = fmt.Sprintf("%d %s %s", m[k], k, noun)
	}
	s := strings.Join(parts, ", ")
	if i := strings.LastIndex(s, ", "); i >= 0 {
		s = s[:i] + " and " + s[i+2:]
	}
	return s
}
