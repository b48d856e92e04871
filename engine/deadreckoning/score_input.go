package deadreckoning

import (
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/score"
)

// This file plugs package score into a tracked game: it counts the end
// state from the State the way players count it at the table (pp. 22-23).
// It only reads the State's exported fields and methods.

// ScoreInput counts a game's end state for package score: every player's
// achievements, bonus token, coins, cargo, buildings, advancements, upgrade
// tiles and end-of-game effects, and every explored island with its values
// from the catalog. Values the catalog lacks (achievement values, a bonus
// token's contents, an island's values) are left missing, so the score says
// what is missing instead of guessing.
func ScoreInput(s *State) *score.Input {
	// Missing values are entered in the setup's catalog, so the messages
	// name its fields, not the score file's.
	in := &score.Input{AchievementValues: map[score.Achievement]*int{}, AchievementValuesField: "catalog.achievementValues"}
	for _, a := range Achievements {
		if v, ok := s.Catalog.AchievementValues[a]; ok {
			in.AchievementValues[score.Achievement(a)] = &v
		}
	}
	for i := range s.Players {
		in.Players = append(in.Players, scorePlayer(s, &s.Players[i]))
	}
	for _, b := range s.Boards {
		if !b.Explored || b.Island == nil {
			continue
		}
		in.Islands = append(in.Islands, scoreIsland(s, b.At, b.Island))
	}
	// The tie-break battle (p. 23): every player's cannons, used only if
	// players tie, and the reads played so far.
	in.TieBreak = &score.TieBreakInput{Cannons: map[string]int{}, Reads: s.TieBreakReads}
	for i := range s.Players {
		in.TieBreak.Cannons[in.Players[i].Name] = tieBreakCannons(s, &s.Players[i])
	}
	return in
}

// tieBreakCannons counts a player's cannons for the tie-break battle: on
// the ship (as it stands) and on every one of their cards (p. 23).
func tieBreakCannons(s *State, p *Player) int {
	n := s.ShipCannons(p)
	for i := range p.Cards {
		_, c := s.CardGives(&p.Cards[i])
		n += c
	}
	return n
}

// FinalScore scores the game's state (normally once Over, but it can be
// asked at any time to show the standing).
func FinalScore(s *State) (*score.Result, error) {
	in := ScoreInput(s)
	if err := in.Check(); err != nil {
		return nil, fmt.Errorf("deadreckoning: the state cannot be scored: %w", err)
	}
	return score.ScoreOn(s.battleLayout(), in), nil
}

func scoreColour(p *Player) string {
	if p.Color != "" && p.Color != "black" {
		return p.Color
	}
	return fmt.Sprintf("seat-%d", int(p.Seat)+1)
}

func scorePlayer(s *State, p *Player) score.Player {
	sp := score.Player{Name: p.Name, Colour: scoreColour(p)}
	if sp.Name == "" {
		sp.Name = p.Seat.String()
	}
	// Package score tells players apart by name: two players called the
	// same get their seat added.
	for i := range s.Players {
		if q := &s.Players[i]; q.Seat != p.Seat && q.Name == p.Name {
			sp.Name = fmt.Sprintf("%s (%s)", sp.Name, p.Seat)
			break
		}
	}
	for _, a := range p.Achievements {
		sp.Achievements = append(sp.Achievements, score.Achievement(a))
	}
	if p.Bonus != "" {
		found := false
		for _, t := range s.Catalog.BonusTokens {
			if t.ID == p.Bonus {
				found = true
				sp.BonusToken = []score.Achievement{}
				for _, a := range t.Achievements {
					sp.BonusToken = append(sp.BonusToken, score.Achievement(a))
				}
			}
		}
		if !found {
			sp.BonusTokenMissing = fmt.Sprintf("the achievements on bonus token %q (enter them in the catalog)", p.Bonus)
		}
	}
	goods := p.ShipGoods()
	sp.Coins = score.Coins{Chest: p.Chest, Ship: goods.Coins}
	sp.Cargo = score.Cargo{Dock: p.Dock, Ship: goods.Cargo}
	for _, b := range s.Boards {
		if b.Island != nil && b.Island.Controller == p.Seat {
			sp.Coins.Islands += b.Island.Coins
			sp.Cargo.Islands += b.Island.Cargo
			sp.Buildings += len(b.Island.Buildings)
		}
	}
	sp.Advancements = len(p.SetAside)
	sp.Upgrades.Basic, sp.Upgrades.Advanced = p.UpgradeTiles()
	for ci := range p.Cards {
		c := &p.Cards[ci]
		for _, adv := range []*Adv{c.Top, c.Middle, c.Bottom} {
			if adv == nil {
				continue
			}
			sp.Advancements++
			sp.EndGame = append(sp.EndGame, endGameEffects(s, c, adv)...)
		}
	}
	return sp
}

// endGameEffects maps a sleeved advancement's end-of-game effects (kind
// "end-game") to package score's: "N for each wheel on this card" and fixed
// coins are computed; an effect the card data can only describe in words is
// reported as not computed.
func endGameEffects(s *State, c *SailorCard, adv *Adv) []score.EndGameEffect {
	def, ok := s.Catalog.Advancement(adv.ID)
	if !ok {
		return nil
	}
	var out []score.EndGameEffect
	for _, ab := range def.Abilities {
		for _, o := range ab.Options {
			for _, e := range o.Effects {
				if e.Kind != data.KindEndGame {
					continue
				}
				label := def.Name
				switch {
				case e.Per == "wheel" && e.N == 2:
					_, _, wheels := s.CardIcons(c)
					out = append(out, score.EndGameEffect{Effect: score.PerWheel, Label: label, Wheels: wheels})
				case e.Per != "":
					_, cannons, wheels := s.CardIcons(c)
					n := e.N * wheels
					if e.Per == "cannon" {
						n = e.N * cannons
					}
					out = append(out, score.EndGameEffect{Effect: score.FixedCoins, Label: label, N: n})
				case e.N > 0 && e.Text == "":
					out = append(out, score.EndGameEffect{Effect: score.FixedCoins, Label: label, N: e.N})
				default:
					out = append(out, score.EndGameEffect{Effect: score.Unscored, Label: label})
				}
			}
		}
	}
	return out
}

func scoreIsland(s *State, at Pos, is *IslandState) score.Island {
	// Players call an island by its printed name (each is on the table
	// once); one not in the catalog by where it lies, never R1C1.
	name := "the island in " + rowWords(at)
	var values []int
	if d, ok := s.Catalog.Island(is.ID); ok {
		if d.Name != "" {
			name = d.Name
		}
		if len(d.Values) >= 2 {
			values = append([]int(nil), d.Values...)
		}
	}
	out := score.Island{Name: name, Values: values, Cubes: map[string]int{},
		ValuesField: fmt.Sprintf("the setup's catalog.islands, the island with id %q (its values)", is.ID)}
	for _, seat := range is.Slots {
		if seat == engine.NoSeat {
			out.Empty++
			continue
		}
		if p := s.Player(seat); p != nil {
			out.Cubes[scoreColour(p)]++
		}
	}
	for seat, n := range is.Permanent {
		if p := s.Player(engine.Seat(seat)); p != nil && n > 0 {
			out.Cubes[scoreColour(p)] += n
		}
	}
	return out
}
