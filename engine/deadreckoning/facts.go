package deadreckoning

import "github.com/quartermaster-table/quartermaster/engine"

var _ engine.ScreenFacts = rulesImpl{}

// Facts are the printed facts of Dead Reckoning that every game shares, sent
// once to a screen (engine.ScreenFacts) so that its module names cards and
// achievements without a copy of its own and views stay small.
type Facts struct {
	// Sailors are the printed sailor cards (name, count, page, each level's
	// abilities) by kind ("captain", "deck-hand").
	Sailors map[string]SailorInfo `json:"sailors"`
	// Achievements are the nine achievements in the Harbor board's order.
	Achievements []AchievementInfo `json:"achievements"`
}

// AchievementInfo is one achievement as a screen shows it.
type AchievementInfo struct {
	// ID is the achievement as views and actions name it ("expert-sailors").
	ID string `json:"id"`
	// Name is its printed name ("Expert Sailors").
	Name string `json:"name"`
	// What says in a few words how it is won.
	What string `json:"what"`
	// Goal is the count that wins it, 0 when it depends on the number of
	// players (Explorer).
	Goal int `json:"goal"`
}

// achievementFacts are the achievements in our words (pp. 21-22).
var achievementFacts = []AchievementInfo{
	{ID: AchLegendary, What: "win 4 ship battles", Goal: 4},
	{ID: AchExpertSailors, What: "3 cards at level 4", Goal: 3},
	{ID: AchTerror, What: "sink a ship", Goal: 1},
	{ID: AchBuilder, What: "5 buildings", Goal: 5},
	{ID: AchCapitalist, What: "30 coins in the chest", Goal: 30},
	{ID: AchSettler, What: "6 permanent cubes", Goal: 6},
	{ID: AchEliteVessel, What: "4 ship upgrades", Goal: 4},
	{ID: AchExplorer, What: "explore 5, 4 or 3 boards (2, 3 or 4 players)", Goal: 0},
	{ID: AchMasterMerchant, What: "return 12 cargo at once", Goal: 12},
}

// facts is built once: ScreenFacts hands out the same value every time.
var facts = func() Facts {
	f := Facts{Sailors: sailorList}
	for _, a := range achievementFacts {
		a.Name = achievementName(a.ID)
		f.Achievements = append(f.Achievements, a)
	}
	return f
}()

// ScreenFacts returns the printed sailor cards and the achievements.
func (rulesImpl) ScreenFacts() any { return facts }
