package score

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

func loadExample(t testing.TB) *Input {
	t.Helper()
	data, err := os.ReadFile("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	in, err := Decode(data)
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func line(t *testing.T, ps PlayerScore, key string) Line {
	t.Helper()
	for _, l := range ps.Lines {
		if l.Key == key {
			return l
		}
	}
	t.Fatalf("%s has no line %q", ps.Name, key)
	return Line{}
}

func coins(t *testing.T, l Line) int {
	t.Helper()
	if l.Coins == nil {
		t.Fatalf("line %q is missing: %v", l.Key, l.Missing)
	}
	return *l.Coins
}

// TestRulebookIslandExample is the scoring example of p. 23: Purple and Green
// tie for first with 3 cubes each and both score the 2nd value (5); the two
// empty slots beat Blue's single cube, so Blue does not score the 3rd value.
func TestRulebookIslandExample(t *testing.T) {
	in := &Input{
		AchievementValues: map[Achievement]*int{},
		Players: []Player{
			{Name: "Purple", Colour: "purple"},
			{Name: "Green", Colour: "green"},
			{Name: "Blue", Colour: "blue"},
		},
		// Seahound Isle's values are the rulebook's (p. 16).
		Islands: []Island{{Name: "Seahound Isle", Values: []int{6, 5, 4}, Cubes: map[string]int{"purple": 3, "green": 3, "blue": 1}, Empty: 2}},
	}
	if err := in.Check(); err != nil {
		t.Fatal(err)
	}
	r := Score(in)
	want := map[string]int{"Purple": 5, "Green": 5, "Blue": 0}
	for _, ps := range r.Players {
		l := line(t, ps, "island:Seahound Isle")
		if got := coins(t, l); got != want[ps.Name] {
			t.Errorf("%s scores %d on Seahound Isle (%s), want %d", ps.Name, got, l.Detail, want[ps.Name])
		}
	}
	if r.Winner != "" || len(r.Tied) != 2 {
		t.Errorf("winner %q tied %v, want Purple and Green tied", r.Winner, r.Tied)
	}
}

func TestIslandPlacements(t *testing.T) {
	cases := []struct {
		name   string
		values []int
		cubes  map[string]int
		empty  int
		want   map[string]int
	}{
		{"clear order", []int{6, 5, 4}, map[string]int{"a": 4, "b": 3, "c": 2, "d": 1}, 0, map[string]int{"a": 6, "b": 5, "c": 4, "d": 0}},
		{"tie for second takes third", []int{6, 5, 4}, map[string]int{"a": 4, "b": 2, "c": 2}, 0, map[string]int{"a": 6, "b": 4, "c": 4}},
		{"tie for third scores nothing", []int{6, 5, 4}, map[string]int{"a": 4, "b": 3, "c": 1, "d": 1}, 0, map[string]int{"a": 6, "b": 5, "c": 0, "d": 0}},
		{"three tied for first take second", []int{6, 5, 4}, map[string]int{"a": 2, "b": 2, "c": 2}, 0, map[string]int{"a": 5, "b": 5, "c": 5}},
		{"empty slots win first", []int{6, 5, 4}, map[string]int{"a": 2, "b": 1}, 3, map[string]int{"a": 5, "b": 4}},
		{"tie with the empty slots", []int{6, 5, 4}, map[string]int{"a": 2, "b": 1}, 2, map[string]int{"a": 5, "b": 4}},
		{"two-value island: tie for second scores nothing", []int{5, 3}, map[string]int{"a": 3, "b": 1, "c": 1}, 0, map[string]int{"a": 5, "b": 0, "c": 0}},
		{"two-value island: third scores nothing", []int{5, 3}, map[string]int{"a": 3, "b": 2, "c": 1}, 0, map[string]int{"a": 5, "b": 3, "c": 0}},
		{"values given in any order", []int{4, 6, 5}, map[string]int{"a": 4, "b": 3}, 0, map[string]int{"a": 6, "b": 5}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			in := &Input{Islands: []Island{{Name: "Test Isle", Values: tc.values, Cubes: tc.cubes, Empty: tc.empty}}}
			for c := range tc.want {
				in.Players = append(in.Players, Player{Name: strings.ToUpper(c), Colour: c})
			}
			if err := in.Check(); err != nil {
				t.Fatal(err)
			}
			for _, ps := range Score(in).Players {
				if got := coins(t, line(t, ps, "island:Test Isle")); got != tc.want[ps.Colour] {
					t.Errorf("%s scores %d, want %d", ps.Colour, got, tc.want[ps.Colour])
				}
			}
		})
	}
}

// TestExample checks every player of testdata/example.json (the file shown in
// docs/scoring.md), counted by hand.
func TestExample(t *testing.T) {
	r := Score(loadExample(t))
	want := map[string]int{"Ann": 67, "Bo": 75, "Cy": 57, "Di": 51}
	for _, ps := range r.Players {
		if ps.Total == nil || *ps.Total != want[ps.Name] {
			t.Errorf("%s: total %v (known %d), want %d", ps.Name, ps.Total, ps.Known, want[ps.Name])
		}
	}
	if !r.Complete || r.Winner != "Bo" {
		t.Errorf("complete %v winner %q, want Bo", r.Complete, r.Winner)
	}
	ann := r.Players[0]
	checks := map[string]int{
		CatAchievements: 16, CatBonusToken: 2, CatCoinsChest: 18, CatCoinsShip: 3, CatCoinsIslands: 2,
		CatBuildings: 2, CatAdvancements: 3, CatBasicUpgrades: 2, CatAdvUpgrades: 2, "end_game:Test Hoarder": 2,
		"island:Seahound Isle": 5, "island:Test Isle": 8, "island:Test Reef": 0, "island:Test Cay": 2,
	}
	for k, v := range checks {
		if got := coins(t, line(t, ann, k)); got != v {
			t.Errorf("Ann's %s = %d, want %d", k, got, v)
		}
	}
	cy := r.Players[2]
	if got := coins(t, line(t, cy, "end_game:Test Hermit")); got != 3 {
		t.Errorf("Cy's islands without cubes = %d, want 3 (Test Isle, Test Reef, Test Atoll)", got)
	}
	if got := coins(t, line(t, r.Players[1], "end_game:Test Navigator")); got != 4 {
		t.Errorf("Bo's 2 wheels = %d, want 4", got)
	}
}

func TestMissingAchievementValue(t *testing.T) {
	in := loadExample(t)
	in.AchievementValues[Settler] = nil
	delete(in.AchievementValues, Builder)
	r := Score(in)
	if r.Complete || r.Winner != "" || r.Tied != nil {
		t.Fatalf("complete %v winner %q tied %v with missing values", r.Complete, r.Winner, r.Tied)
	}
	ann, bo, cy := r.Players[0], r.Players[1], r.Players[2]
	if ann.Total != nil || !strings.Contains(strings.Join(ann.Missing, ";"), "Settler") {
		t.Errorf("Ann (Settler) total %v missing %v", ann.Total, ann.Missing)
	}
	if bo.Total != nil || !strings.Contains(strings.Join(bo.Missing, ";"), "Builder") {
		t.Errorf("Bo (Builder) total %v missing %v", bo.Total, bo.Missing)
	}
	if cy.Total == nil || *cy.Total != 57 {
		t.Errorf("Cy needs neither value, total %v", cy.Total)
	}
	if len(r.Missing) != 2 {
		t.Errorf("missing %v, want the two values once each", r.Missing)
	}
	var b bytes.Buffer
	if err := r.WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "incomplete") || strings.Contains(b.String(), "Winner") {
		t.Errorf("table does not say the score is incomplete:\n%s", b.String())
	}
}

func TestMissingIslandValues(t *testing.T) {
	in := loadExample(t)
	in.Islands[1].Values = nil // Test Isle: Ann 1st, Di 2nd, Bo 3rd
	in.Islands[4].Values = nil // Test Atoll: nobody scores there
	r := Score(in)
	for _, ps := range r.Players {
		wantMissing := ps.Name != "Cy"
		if (ps.Total == nil) != wantMissing {
			t.Errorf("%s: total %v, missing %v", ps.Name, ps.Total, ps.Missing)
		}
	}
}

func TestTieForMostCoins(t *testing.T) {
	in := loadExample(t)
	in.Players[0].Coins.Chest += 8 // Ann 75, like Bo
	r := Score(in)
	if r.Winner != "" || strings.Join(r.Tied, ",") != "Ann,Bo" {
		t.Errorf("winner %q tied %v, want Ann and Bo tied", r.Winner, r.Tied)
	}
	var b bytes.Buffer
	_ = r.WriteTable(&b)
	if !strings.Contains(b.String(), "tie-break") {
		t.Errorf("table does not send the tie to the tie-break battle:\n%s", b.String())
	}
}

func TestBonusToken(t *testing.T) {
	in := &Input{AchievementValues: map[Achievement]*int{Legendary: intp(1), Settler: intp(1), Builder: intp(1)},
		Players: []Player{{Name: "A", Colour: "purple", Achievements: []Achievement{Legendary, Settler, Builder}, BonusToken: []Achievement{Settler, Builder, Capitalist}}}}
	if err := in.Check(); err != nil {
		t.Fatal(err)
	}
	ps := Score(in).Players[0]
	if got := coins(t, line(t, ps, CatBonusToken)); got != 4 {
		t.Errorf("bonus = %d, want 4 (Settler and Builder completed)", got)
	}
	if *ps.Total != 7 {
		t.Errorf("total %d, want 7", *ps.Total)
	}
}

func TestDecodeRefusals(t *testing.T) {
	base, err := os.ReadFile("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	edit := func(f func(m map[string]any)) []byte {
		var m map[string]any
		if err := json.Unmarshal(base, &m); err != nil {
			t.Fatal(err)
		}
		f(m)
		b, _ := json.Marshal(m)
		return b
	}
	player := func(m map[string]any, i int) map[string]any { return m["players"].([]any)[i].(map[string]any) }
	island := func(m map[string]any, i int) map[string]any { return m["islands"].([]any)[i].(map[string]any) }
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"not JSON", []byte("{"), "not valid JSON"},
		{"negative chest", edit(func(m map[string]any) { player(m, 1)["coins"].(map[string]any)["chest"] = -1 }), "players[1].coins.chest"},
		{"chest not a number", edit(func(m map[string]any) { player(m, 1)["coins"].(map[string]any)["chest"] = "lots" }), "players[1].coins.chest"},
		{"fractional count", edit(func(m map[string]any) { player(m, 2)["buildings"] = 1.5 }), "players[2].buildings"},
		{"unknown achievement", edit(func(m map[string]any) { player(m, 0)["achievements"] = []any{"legendary", "pirate_king"} }), "players[0].achievements[1]"},
		{"achievement twice", edit(func(m map[string]any) { player(m, 0)["achievements"] = []any{"legendary", "legendary"} }), "listed twice"},
		{"unknown token achievement", edit(func(m map[string]any) { player(m, 0)["bonusToken"] = []any{"gold"} }), "players[0].bonusToken[0]"},
		{"unknown value key", edit(func(m map[string]any) { m["achievementValues"].(map[string]any)["gold"] = 3 }), "achievementValues.gold"},
		{"negative value", edit(func(m map[string]any) { m["achievementValues"].(map[string]any)["settler"] = -3 }), "achievementValues.settler"},
		{"unknown colour", edit(func(m map[string]any) { island(m, 0)["cubes"].(map[string]any)["red"] = 1 }), "islands[0].cubes.red"},
		{"too many cubes", edit(func(m map[string]any) {
			island(m, 1)["cubes"].(map[string]any)["purple"] = 33
		}), "islands[1].cubes.purple"},
		{"negative empty", edit(func(m map[string]any) { island(m, 2)["empty"] = -1 }), "islands[2].empty"},
		{"one value", edit(func(m map[string]any) { island(m, 2)["values"] = []any{3} }), "islands[2].values"},
		{"unknown field", edit(func(m map[string]any) { player(m, 3)["gold"] = 3 }), `players[3]: unknown field "gold"`},
		{"unknown top field", edit(func(m map[string]any) { m["round"] = 3 }), `unknown field "round"`},
		{"unknown effect", edit(func(m map[string]any) { player(m, 0)["endGame"] = []any{map[string]any{"effect": "per_ship"}} }), "players[0].endGame[0].effect"},
		{"negative wheels", edit(func(m map[string]any) {
			player(m, 0)["endGame"] = []any{map[string]any{"effect": "per_wheel", "wheels": -2}}
		}), "players[0].endGame[0].wheels"},
		{"wheels not a number", edit(func(m map[string]any) {
			player(m, 0)["endGame"] = []any{map[string]any{"effect": "per_wheel", "wheels": "two"}}
		}), "players[0].endGame[0].wheels"},
		{"same colour", edit(func(m map[string]any) { player(m, 1)["colour"] = "purple" }), "players[1].colour"},
		{"black player", edit(func(m map[string]any) { player(m, 1)["colour"] = "black" }), "players[1].colour"},
		{"no name", edit(func(m map[string]any) { player(m, 1)["name"] = "" }), "players[1].name"},
		{"five players", edit(func(m map[string]any) {
			ps := m["players"].([]any)
			p := map[string]any{"name": "Ed", "colour": "red"}
			m["players"] = append(ps, p)
		}), "players: 5 players"},
		{"no players", edit(func(m map[string]any) { m["players"] = []any{} }), "players: no players"},
		{"too many buildings", edit(func(m map[string]any) { player(m, 0)["buildings"] = 31 }), "players[0].buildings"},
		{"negative upgrades", edit(func(m map[string]any) { player(m, 0)["upgrades"].(map[string]any)["advanced"] = -1 }), "players[0].upgrades.advanced"},
		{"negative cargo", edit(func(m map[string]any) { player(m, 0)["cargo"].(map[string]any)["dock"] = -1 }), "players[0].cargo.dock"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Decode(tc.data)
			if err == nil {
				t.Fatalf("accepted; want an error naming %q", tc.want)
			}
			if !errors.Is(err, engine.ErrMalformed) {
				t.Errorf("error %v does not wrap ErrMalformed", err)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %q does not name %q", err, tc.want)
			}
		})
	}
}

func TestTable(t *testing.T) {
	var b bytes.Buffer
	if err := Score(loadExample(t)).WriteTable(&b); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"Ann (purple)", "Island: Seahound Isle", "Coins in Treasure chest", "Winner: Bo.", "End of game: Test Navigator"} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	var total string
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "Total") {
			total = l
		}
	}
	if strings.Join(strings.Fields(total), " ") != "Total 67 75 57 51" {
		t.Errorf("total row %q", total)
	}
}

func TestDetails(t *testing.T) {
	var b bytes.Buffer
	if err := Score(loadExample(t)).WriteDetails(&b); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Ann (purple):", "3 cubes, tied 1st: the 2nd value (p. 23)", "Legendary 5, Terror of the Sea 3", "1 cube, tied 2nd: the 3rd value"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("details lack %q:\n%s", want, b.String())
		}
	}
}

func FuzzDecode(f *testing.F) {
	base, err := os.ReadFile("testdata/example.json")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(base)
	f.Add([]byte(`{}`))
	f.Add([]byte(`{"players":[{"name":"a","colour":"b","endGame":[{"effect":"per_wheel","wheels":3}]}],"islands":[{"name":"x","values":[1,2],"cubes":{"b":2},"empty":1}]}`))
	f.Add([]byte(`{"achievementValues":{"legendary":null},"players":[{"name":"a","colour":"b","achievements":["legendary"]}]}`))
	f.Add([]byte(`[1,2]`))
	f.Add([]byte(`{"players":[{"name":"A","colour":"a"},{"name":"B","colour":"b"}],"tieBreak":{"cannons":{"A":1,"B":1},"reads":[{"cubes":{"a":{"explode":1},"b":{"strength-2-top":1}}},{"cubes":{"a":{"strength-1-left":2},"b":{"strength-2-top":1}},"redrop":{"a":0}}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := Decode(data)
		if err != nil {
			if !errors.Is(err, engine.ErrMalformed) {
				t.Fatalf("error %v does not wrap ErrMalformed", err)
			}
			return
		}
		r := Score(in)
		if err := r.WriteDetails(&bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		if err := r.WriteTable(&bytes.Buffer{}); err != nil {
			t.Fatal(err)
		}
		if _, err := json.Marshal(r); err != nil {
			t.Fatal(err)
		}
		for _, ps := range r.Players {
			if (ps.Total == nil) == (len(ps.Missing) == 0) {
				t.Fatalf("%s: total %v but missing %v", ps.Name, ps.Total, ps.Missing)
			}
		}
	})
}

func BenchmarkScore4Players(b *testing.B) {
	in := loadExample(b)
	b.ReportAllocs()
	for b.Loop() {
		Score(in)
	}
}

func BenchmarkDecodeAndScore4Players(b *testing.B) {
	data, err := os.ReadFile("testdata/example.json")
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		in, err := Decode(data)
		if err != nil {
			b.Fatal(err)
		}
		Score(in)
	}
}

func TestUnscoredAndUnknownToken(t *testing.T) {
	in := loadExample(t)
	in.Players[3].EndGame = append(in.Players[3].EndGame, EndGameEffect{Effect: Unscored, Label: "Test Riddle"})
	in.Players[2].BonusToken = nil
	in.Players[2].BonusTokenMissing = "the achievements on bonus token T9"
	if err := in.Check(); err != nil {
		t.Fatal(err)
	}
	r := Score(in)
	di, cy := r.Players[3], r.Players[2]
	if di.Total != nil || !strings.Contains(strings.Join(di.Missing, ";"), "Test Riddle") {
		t.Errorf("Di: total %v missing %v", di.Total, di.Missing)
	}
	if cy.Total != nil || cy.Missing[0] != "the achievements on bonus token T9" || cy.Known != 55 {
		t.Errorf("Cy: total %v known %d missing %v", cy.Total, cy.Known, cy.Missing)
	}
	in.Players[2].BonusToken = []Achievement{Explorer}
	if err := in.Check(); err == nil || !strings.Contains(err.Error(), "players[2].bonusTokenMissing") {
		t.Errorf("token and missing token together: %v", err)
	}
}

func TestTieBreakFromInput(t *testing.T) {
	in := loadExample(t)
	in.Players[0].Coins.Chest += 8 // Ann 75, like Bo
	round1 := battle.Read{Cubes: map[string]map[string]int{"purple": {"strength-1-left": 2}, "green": {"strength-2-top": 1, "damage-left": 2}}}
	round2 := battle.Read{Cubes: map[string]map[string]int{"purple": {"strength-2-top": 2}, "green": {"strength-1-left": 3}}}
	in.TieBreak = &TieBreakInput{Cannons: map[string]int{"Ann": 2, "Bo": 3}, Reads: []battle.Read{round1}}
	r := Score(in)
	if r.Winner != "" || r.TieBreak == nil || r.TieBreak.Next == nil || r.TieBreak.Next.Round != 2 {
		t.Fatalf("after one tied round: winner %q tie-break %+v", r.Winner, r.TieBreak)
	}
	var b bytes.Buffer
	_ = r.WriteTable(&b)
	if !strings.Contains(b.String(), "round 1: Ann 2, Bo 2") || !strings.Contains(b.String(), "drop 3 green, 2 purple") {
		t.Errorf("table:\n%s", b.String())
	}
	in.TieBreak.Reads = append(in.TieBreak.Reads, round2)
	r = Score(in)
	if r.Winner != "Ann" || r.TieBreak.Winner != "Ann" || len(r.TieBreak.Rounds) != 2 {
		t.Fatalf("winner %q tie-break %+v", r.Winner, r.TieBreak)
	}
	b.Reset()
	_ = r.WriteTable(&b)
	if !strings.Contains(b.String(), "Winner: Ann, by the tie-break battle.") {
		t.Errorf("table:\n%s", b.String())
	}
	in.TieBreak.Reads = []battle.Read{{Cubes: map[string]map[string]int{"purple": {"strength-1-left": 1}}}}
	if r = Score(in); !strings.Contains(r.TieBreak.Refused, "Tie-break read 1: ") || r.Winner != "" {
		t.Errorf("a read with a lost cube: %+v", r.TieBreak)
	}
	delete(in.TieBreak.Cannons, "Bo")
	if r = Score(in); !strings.Contains(r.TieBreak.Refused, "Bo's cannons") {
		t.Errorf("missing cannons: %+v", r.TieBreak)
	}
}

func TestDecodeTieBreak(t *testing.T) {
	base, _ := os.ReadFile("testdata/example.json")
	var m map[string]any
	_ = json.Unmarshal(base, &m)
	m["tieBreak"] = map[string]any{"cannons": map[string]any{"Zed": 3}}
	data, _ := json.Marshal(m)
	if _, err := Decode(data); err == nil || !strings.Contains(err.Error(), "tieBreak.cannons.Zed") {
		t.Errorf("unknown player in the tie-break: %v", err)
	}
	m["tieBreak"] = map[string]any{"cannons": map[string]any{"Ann": 3}, "reads": []any{map[string]any{"cubes": 3}}}
	data, _ = json.Marshal(m)
	if _, err := Decode(data); err == nil || !strings.Contains(err.Error(), "tieBreak") {
		t.Errorf("malformed read: %v", err)
	}
}
