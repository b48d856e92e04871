package deadreckoning

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// The end of the game in the view and for the companion: the breakdown
// appears only once the game is over, says what is missing while the
// owner has not entered the achievement values, names the winner, and on
// a tie the tie-break battle to fight (p. 23).
func TestScoreAtTheEnd(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	refused(t, g, `{"type":"tie-break-read","seat":-1,"read":{"cubes":{}}}`, "tie-break-none")
	if _, ok := publicMap(t, g)["score"]; ok {
		t.Fatal("a score before the end")
	}
	if s, w := g.FinalScores(); s != nil || w != nil {
		t.Fatal("final scores before the end")
	}
	s := st(g)
	// Test arrangement: the end state of a fresh table where each player
	// has claimed one achievement.
	s.Over = true
	s.Players[0].Achievements = []string{AchLegendary}
	s.Players[1].Achievements = []string{AchBuilder}
	if got := g.ActiveSeats(); len(got) != 0 {
		t.Fatalf("active seats after the end: %v", got)
	}
	// Without the achievement values (owner data) the totals are unknown.
	sc := publicMap(t, g)["score"].(map[string]any)
	if sc["complete"] != false || len(sc["missing"].([]any)) == 0 || len(sc["winners"].([]any)) != 0 {
		t.Fatalf("incomplete score: %v", sc)
	}
	scores, winners := g.FinalScores()
	if !slices.Equal(scores, []float64{15, 15}) || winners != nil {
		t.Fatalf("scores %v winners %v: the known part, no winner", scores, winners)
	}
	// With the values entered (test data), both have 15 chest coins and 3
	// for their achievement: a tie, settled by the tie-break battle.
	s.Catalog.AchievementValues = map[string]int{}
	for _, a := range Achievements {
		s.Catalog.AchievementValues[a] = 3
	}
	sc = publicMap(t, g)["score"].(map[string]any)
	if sc["complete"] != true || len(sc["tied"].([]any)) != 2 || len(sc["winners"].([]any)) != 2 {
		t.Fatalf("tied score: %v", sc)
	}
	need := sc["tieBreakNeed"].(map[string]any)
	c0 := need["contenders"].([]any)[0].(map[string]any)
	wantCannons := s.ShipCannons(&s.Players[0])
	for i := range s.Players[0].Cards {
		_, c, _ := s.CardIcons(&s.Players[0].Cards[i])
		wantCannons += c
	}
	if c0["cannons"] != float64(wantCannons) || c0["name"] != "Ann" {
		t.Fatalf("contender %v, want %d cannons", c0, wantCannons)
	}
	if next := need["next"].(map[string]any); next["drop"].(map[string]any)["purple"] != float64(wantCannons) {
		t.Fatalf("the tie-break's first drop: %v", next)
	}
	if _, w := g.FinalScores(); !slices.Equal(w, []engine.Seat{0, 1}) {
		t.Fatalf("winners while tied: %v", w)
	}
	// The tie-break battle played as reads after the end (p. 23).
	tied, _ := g.Snapshot()
	refused(t, g, `{"type":"end-turn","seat":0}`, engine.CodeGameOver)
	refused(t, g, `{"type":"tie-break-read","seat":-1,"read":{"cubes":{"purple":{"strength-1-left":2},"green":{"strength-1-right":1}}}}`, "tie-break-read")
	do(t, g, `{"type":"tie-break-read","seat":-1,"read":{"cubes":{"purple":{"strength-1-left":1},"green":{"strength-1-right":1}}}}`)
	if next := publicMap(t, g)["score"].(map[string]any)["tieBreakNeed"].(map[string]any)["next"].(map[string]any); next["round"] != 2.0 {
		t.Fatalf("still tied after round 1: %v", next)
	}
	a, _ := Rules().DecodeAction([]byte(`{"type":"tie-break-read","seat":1,"read":{"cubes":{}}}`))
	if !engine.IsTableFact(a) {
		t.Error("a tie-break read is a record of the table")
	}
	evs := do(t, g, `{"type":"tie-break-read","seat":1,"read":{"cubes":{"purple":{"strength-2-top":1},"green":{"damage-left":1}}}}`)
	if evs[len(evs)-1].Type != "tie-break-won" {
		t.Fatalf("events %v", evs)
	}
	if _, w := g.FinalScores(); !slices.Equal(w, []engine.Seat{0}) {
		t.Fatalf("winner after the tie-break: %v", w)
	}
	if sc := publicMap(t, g)["score"].(map[string]any); sc["winner"] != "Ann" || sc["tieBreakNeed"] != nil || len(sc["tieBreak"].(map[string]any)["rounds"].([]any)) != 2 {
		t.Fatalf("score after the tie-break: %v", sc)
	}
	refused(t, g, `{"type":"tie-break-read","seat":-1,"read":{"cubes":{"purple":{"strength-1-left":1},"green":{"strength-1-right":1}}}}`, "tie-break-over")
	// Back to the tie for the rest of the test.
	g.st.TieBreakReads = nil
	if after, _ := g.Snapshot(); string(after) != string(tied) {
		t.Fatal("only the reads were added")
	}
	s = st(g)
	// One more coin in Ann's chest decides it; the chest is in the final
	// breakdown only.
	s.Players[0].Chest++
	s.Supply.Coins--
	scores, winners = g.FinalScores()
	if !slices.Equal(scores, []float64{19, 18}) || !slices.Equal(winners, []engine.Seat{0}) {
		t.Fatalf("scores %v winners %v", scores, winners)
	}
	sc = publicMap(t, g)["score"].(map[string]any)
	if sc["winner"] != "Ann" || sc["tieBreakNeed"] != nil {
		t.Fatalf("score %v", sc)
	}
	lines := sc["players"].([]any)[1].(map[string]any)["lines"].([]any)
	found := false
	for _, l := range lines {
		if l := l.(map[string]any); l["category"] == "coins_chest" && l["coins"] == 15.0 {
			found = true
		}
	}
	if !found {
		t.Fatalf("Ben's chest is not in the final breakdown: %v", lines)
	}
	checkPublicView(t, g)
}

func publicMap(t *testing.T, g *Game) map[string]any {
	t.Helper()
	js, err := json.Marshal(g.View(engine.Public))
	if err != nil {
		t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(js, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// Two players with the same name are still scored (package score tells
// players apart by name).
func TestScoreSameNames(t *testing.T) {
	su := testSetup(2)
	su.Players[1].Name = su.Players[0].Name
	g := newGame(t, su, 1)
	st(g).Over = true
	if sc := publicMap(t, g)["score"].(map[string]any); sc["error"] != nil {
		t.Fatalf("score error: %v", sc["error"])
	}
}

func TestCompanionInterfaces(t *testing.T) {
	su := testSetup(3)
	start := engine.Seat(2)
	su.Start = &start
	g := newGame(t, su, 1)
	if g.StartPlayer() != 2 || !slices.Equal(g.ActiveSeats(), []engine.Seat{2}) {
		t.Fatalf("start %v, active %v", g.StartPlayer(), g.ActiveSeats())
	}
	type private interface{ IsPrivate() bool }
	for js, want := range map[string]bool{
		`{"type":"choose-bonus-token","seat":0,"token":"b1"}`:                         true,
		`{"type":"level-up","seat":1,"card":"captain"}`:                               true,
		`{"type":"end-turn","seat":0,"drawn":["captain"]}`:                            true,
		`{"type":"end-turn","seat":0,"pirate":true}`:                                  false,
		`{"type":"battle-step","seat":1,"step":"defend","role":"defender","play":[]}`: false,
		`{"type":"move","seat":0,"path":["R1C1"]}`:                                    false,
	} {
		a, err := Rules().DecodeAction([]byte(js))
		if err != nil {
			t.Fatal(err)
		}
		p, ok := a.(private)
		if got := ok && p.IsPrivate(); got != want {
			t.Errorf("%s: private %v, want %v", js, got, want)
		}
	}
	// During a battle: whoever the battle waits on.
	mb := midBattle(t, "cannons")
	if !slices.Equal(mb.ActiveSeats(), []engine.Seat{0}) {
		t.Fatalf("cannons: %v", mb.ActiveSeats())
	}
	do(t, mb, `{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`)
	if !slices.Equal(mb.ActiveSeats(), []engine.Seat{1}) {
		t.Fatalf("the defender chooses cards: %v", mb.ActiveSeats())
	}
}
