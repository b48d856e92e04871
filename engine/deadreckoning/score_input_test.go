package deadreckoning

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// scoreTestState starts a 3-player game through the public Rules and takes
// its State. Catalog entries are test data, named as such.
func scoreTestState(t *testing.T) *State {
	t.Helper()
	setup := map[string]any{
		"players": []map[string]any{{"name": "Ann", "color": "purple"}, {"name": "Ben", "color": "green"}, {"name": "Cat", "color": "blue"}},
		"start":   0,
		"catalog": map[string]any{
			"buildingCosts":     map[string]any{},
			"achievementValues": map[string]int{"legendary": 4, "explorer": 3},
			"bonusTokens":       []map[string]any{{"id": "test-token", "achievements": []string{"legendary", "builder"}}},
			"islands": []map[string]any{
				{"id": "test-isle-a", "name": "Test Isle A", "slots": 5, "values": []int{6, 5, 4}, "cargo": 1},
				{"id": "test-isle-b", "name": "Test Isle B", "slots": 3, "values": []int{5, 3}, "cargo": 1},
			},
			"advancements": []map[string]any{
				{"id": "test-wheel-score", "name": "Test Compass", "row": 1, "slot": "top", "cost": 1,
					"abilities": []map[string]any{{"options": []map[string]any{{"effects": []map[string]any{{"kind": "wheel", "n": 1}}}}},
						{"options": []map[string]any{{"effects": []map[string]any{{"kind": "end-game", "n": 2, "per": "wheel"}}}}}}},
				{"id": "test-riddle", "name": "Test Riddle", "row": 1, "slot": "bottom", "cost": 1,
					"abilities": []map[string]any{{"options": []map[string]any{{"effects": []map[string]any{{"kind": "end-game", "text": "1 per 3 cargo owned"}}}}}}},
			},
			"upgrades": []any{},
		},
	}
	raw, err := json.Marshal(setup)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Rules().New(raw, 7)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game).State()
}

func TestFinalScoreFromState(t *testing.T) {
	s := scoreTestState(t)
	// Lay out an end state by hand on the State's exported fields.
	ann, ben, cat := &s.Players[0], &s.Players[1], &s.Players[2]
	ann.Achievements = []string{AchLegendary, AchExplorer}
	ann.Bonus = "test-token"
	ann.Chest, ann.Dock = 20, 2
	ann.Ship.Spaces[0].Hold = Hold{Coins: 3, Cargo: 1}
	ann.Ship.Spaces[1].Tiles = []Tile{{Tier: "basic"}, {Tier: "advanced"}}
	ann.Cards[0].Top = &Adv{Inst: 900, ID: "test-wheel-score"}
	ann.SetAside = []Adv{{Inst: 901}}
	ben.Chest = 25
	ben.Bonus = "test-token-unknown"
	cat.Chest = 10
	cat.Achievements = []string{AchBuilder} // its value is not in the catalog
	cat.Cards[1].Bottom = &Adv{Inst: 902, ID: "test-riddle"}
	// Test Isle A: Ann 3 (2 slots + 1 permanent, controls it, a Fort and 2
	// coins), Ben 3, 1 empty slot; Test Isle B: Ben 1, 2 empty.
	var a, b *Board
	for i := range s.Boards {
		switch {
		case a == nil:
			a = &s.Boards[i]
		case b == nil:
			b = &s.Boards[i]
		}
	}
	a.Explored, a.Kind = true, "island"
	a.Island = &IslandState{ID: "test-isle-a", Slots: []engine.Seat{0, 0, 1, 1, engine.NoSeat}, Permanent: []int{1, 1, 0},
		Coins: 2, Cargo: 1, Buildings: []string{"fort"}, Controller: 0, LastController: 0}
	b.Explored, b.Kind = true, "island"
	b.Island = &IslandState{ID: "test-isle-b", Slots: []engine.Seat{1, engine.NoSeat, engine.NoSeat}, Permanent: []int{0, 0, 0},
		Controller: engine.NoSeat, LastController: engine.NoSeat}
	for i := range s.Boards {
		if bd := &s.Boards[i]; bd != a && bd != b && bd.Island != nil {
			bd.Island = nil
			bd.Explored = false
		}
	}

	r, err := FinalScore(s)
	if err != nil {
		t.Fatal(err)
	}
	p := r.Players[0]
	if p.Name != "Ann" || p.Total == nil {
		t.Fatalf("Ann: %+v", p)
	}
	// Achievements 4+3, token 2 (Legendary), chest 20, ship 3, island 2,
	// Fort 1, advancements 2/2 = 1, upgrades 1 + 2, Test Compass 1 wheel x 2,
	// Test Isle A tied first with Ben: 5; Test Isle B: nothing.
	if *p.Total != 7+2+20+3+2+1+1+3+2+5 {
		t.Errorf("Ann's total %d; lines %+v", *p.Total, p.Lines)
	}
	if b := r.Players[1]; b.Total != nil || !strings.Contains(strings.Join(b.Missing, ";"), "test-token-unknown") {
		t.Errorf("Ben's unknown token: total %v missing %v", b.Total, b.Missing)
	}
	c := r.Players[2]
	missing := strings.Join(c.Missing, ";")
	if c.Total != nil || !strings.Contains(missing, "Builder") || !strings.Contains(missing, "Test Riddle") {
		t.Errorf("Cat: total %v missing %v", c.Total, c.Missing)
	}
	if r.Complete || r.Winner != "" {
		t.Errorf("complete %v winner %q", r.Complete, r.Winner)
	}
	in := ScoreInput(s)
	if len(in.Islands) != 2 || in.Islands[1].Cubes["green"] != 1 || in.Islands[1].Empty != 2 {
		t.Errorf("islands %+v", in.Islands)
	}
}

// A tracked game's missing values name the setup's fields, where the owner
// enters them (catalog.achievementValues.capitalist), never the score
// file's achievementValues.
func TestFinalScoreMissingNamesTheSetupFields(t *testing.T) {
	s := scoreTestState(t)
	s.Players[1].Achievements = []string{AchCapitalist}
	b := s.Board(Pos{1, 1})
	b.Explored, b.Kind = true, "island"
	b.Island = &IslandState{ID: "test-isle-unvalued", Slots: []engine.Seat{1, engine.NoSeat}, Permanent: make([]int, 3), Controller: engine.NoSeat, LastController: engine.NoSeat}
	res, err := FinalScore(s)
	if err != nil {
		t.Fatal(err)
	}
	all := strings.Join(res.Missing, "\n")
	if !strings.Contains(all, "catalog.achievementValues.capitalist") || strings.Contains(all, "in achievementValues.") {
		t.Errorf("missing %q: want the setup's catalog.achievementValues.capitalist", all)
	}
	if !strings.Contains(all, `catalog.islands`) || !strings.Contains(all, "test-isle-unvalued") {
		t.Errorf("missing %q: want the setup's catalog island", all)
	}
}
