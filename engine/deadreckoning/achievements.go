package deadreckoning

import (
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
)

// The nine achievements (pp. 21-22).
const (
	AchLegendary      = "legendary"
	AchExpertSailors  = "expert-sailors"
	AchTerror         = "terror-of-the-sea"
	AchBuilder        = "builder"
	AchCapitalist     = "capitalist"
	AchSettler        = "settler"
	AchEliteVessel    = "elite-vessel"
	AchExplorer       = "explorer"
	AchMasterMerchant = "master-merchant"
)

// Achievements lists the nine achievements in the Harbor board's order.
var Achievements = []string{AchLegendary, AchExpertSailors, AchTerror, AchBuilder, AchCapitalist, AchSettler, AchEliteVessel, AchExplorer, AchMasterMerchant}

// EndTriggerAchievements is how many achievements end the game (p. 22).
const EndTriggerAchievements = 4

// explorerNeed is the boards to explore for Explorer by player count (p. 22).
func explorerNeed(players int) int {
	switch players {
	case 2:
		return 5
	case 3:
		return 4
	}
	return 3
}

// claim places an achievement marker: at once, never lost (p. 21).
func (c *ctx) claim(seat engine.Seat, ach string) {
	p := &c.s.Players[seat]
	if p.HasAchievement(ach) {
		return
	}
	p.Achievements = append(p.Achievements, ach)
	text := fmt.Sprintf("%s completes %s", p.Name, achievementName(ach))
	if ach == AchCapitalist {
		// Announced though the chest stays secret (p. 22).
		text = fmt.Sprintf("%s announces Capitalist: 30 or more coins in their Treasure chest", p.Name)
	}
	c.emit(engine.NewEvent("achievement", seat, text, map[string]any{"achievement": ach, "count": len(p.Achievements)}))
}

// progress places a progress cube on an achievement that needs several
// steps (Legendary 4, Expert Sailors 3, Explorer 3-5): the last step returns
// the cubes and places the marker.
func (c *ctx) progress(seat engine.Seat, ach string, need int) {
	p := &c.s.Players[seat]
	if p.HasAchievement(ach) {
		return
	}
	if p.Progress[ach]+1 >= need {
		p.Cubes += p.Progress[ach]
		delete(p.Progress, ach)
		c.claim(seat, ach)
		return
	}
	if p.Cubes == 0 && !c.reclaimAny(seat, Pos{-1, -1}) {
		return
	}
	if p.Cubes > 0 {
		p.Cubes--
	}
	p.Progress[ach]++
	c.emit(engine.NewEvent("achievement-progress", seat, fmt.Sprintf("%s is %d of %d towards %s", p.Name, p.Progress[ach], need, achievementName(ach)), map[string]any{"achievement": ach, "cubes": p.Progress[ach], "need": need}))
}

func achievementName(a string) string {
	switch a {
	case AchLegendary:
		return "Legendary"
	case AchExpertSailors:
		return "Expert Sailors"
	case AchTerror:
		return "Terror of the Sea"
	case AchBuilder:
		return "Builder"
	case AchCapitalist:
		return "Capitalist"
	case AchSettler:
		return "Settler"
	case AchEliteVessel:
		return "Elite Vessel"
	case AchExplorer:
		return "Explorer"
	case AchMasterMerchant:
		return "Master Merchant"
	}
	return a
}

// checkAchievements claims every achievement whose condition holds now:
// Capitalist, Settler, Builder, Elite Vessel; and returns Explorer cubes
// that can no longer lead anywhere (p. 22).
func (c *ctx) checkAchievements() {
	n := len(c.s.Players)
	perm := make([]int, n)
	builds := make([]int, n)
	faceDown := 0
	for _, b := range c.s.Boards {
		if !b.Explored {
			faceDown++
		}
		if b.Island == nil {
			continue
		}
		for i := 0; i < n; i++ {
			perm[i] += b.Island.Permanent[i]
		}
		if b.Island.Controller != engine.NoSeat {
			builds[b.Island.Controller] += len(b.Island.Buildings)
		}
	}
	for i := range c.s.Players {
		p := &c.s.Players[i]
		seat := engine.Seat(i)
		if p.Chest >= 30 {
			c.claim(seat, AchCapitalist)
		}
		if perm[i] >= 6 {
			c.claim(seat, AchSettler)
		}
		if builds[i] >= 5 {
			c.claim(seat, AchBuilder)
		}
		if b, a := p.UpgradeTiles(); b+a >= 4 {
			c.claim(seat, AchEliteVessel)
		}
		if k := p.Progress[AchExplorer]; k > 0 && k+faceDown < explorerNeed(n) {
			p.Cubes += k
			delete(p.Progress, AchExplorer)
			c.emit(engine.NewEvent("achievement-progress", seat, fmt.Sprintf("%s can no longer complete Explorer: the cubes return", p.Name), map[string]any{"achievement": AchExplorer, "cubes": 0}))
		}
	}
}

// bonusTokenWords names a bonus achievement token as players see it, by the
// achievements it shows ("the bonus token showing Builder and Legendary");
// the tokens have no printed name.
func bonusTokenWords(s *State, id string) string {
	for _, t := range s.Catalog.BonusTokens {
		if t.ID == id && len(t.Achievements) > 0 {
			names := make([]string, len(t.Achievements))
			for i, a := range t.Achievements {
				names[i] = achievementName(a)
			}
			return "the bonus token showing " + listWords(names, "")
		}
	}
	return "a bonus achievement token"
}
