package merchants

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// scoreEnd runs the kit's calculator on input.
func scoreEnd(t *testing.T, input string) (*EndResult, error) {
	t.Helper()
	out, err := Rules().(engine.EndStateCalculator).ScoreEndState([]byte(input), nil)
	if err != nil {
		return nil, err
	}
	var res EndResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	return &res, nil
}

// TestEndScoreWinning: the summary's Winning section. Every 10 gold
// stashed is a glory point, at most 5 (Glory points); most points wins, a
// tie goes to the largest stash; variant 3 prices the stash's points at
// 10, 15, 20, 25 and 30 gold; an immediate end is scored the same way.
func TestEndScoreWinning(t *testing.T) {
	cases := []struct {
		name, input, winners, by, reason string
		totals                           []int
	}{
		{"most points, the stash counted",
			`{"end":"declared","players":[{"name":"Ann","glory":7,"stash":27},{"name":"Ben","glory":10,"stash":0},{"name":"Cy","glory":7,"stash":5}]}`,
			"Ben", "points", "Ben has the most glory points, 10 (all on the track), against Ann's 9 and Cy's 7.", []int{9, 10, 7}},
		{"the stash gives at most 5 points",
			`{"end":"declared","players":[{"name":"Ann","glory":5,"stash":80},{"name":"Ben","glory":9,"stash":5}]}`,
			"Ann", "points", "Ann has more glory points, 10 (5 on the track, 5 from the stash), against Ben's 9.", []int{10, 9}},
		{"a tie on points goes to the largest stash",
			`{"end":"declared","players":[{"name":"Ann","glory":7,"stash":34},{"name":"Ben","glory":8,"stash":21},{"name":"Cy","glory":4,"stash":9}]}`,
			"Ann", "stash", "Ann and Ben both have 10 glory points, more than Cy's 4; Ann's stash is larger: 34 gold against Ben's 21.", []int{10, 10, 4}},
		{"tied on points and stash: a shared win",
			`{"end":"declared","players":[{"name":"Ann","glory":8,"stash":20},{"name":"Ben","glory":8,"stash":20}]}`,
			"Ann,Ben", "shared", "Ann and Ben both have 10 glory points and the same stash (20 gold): they share the win.", []int{10, 10}},
		{"variant 3: 45 gold buys 3 points, not 4",
			`{"end":"declared","giveMeGlory":true,"players":[{"name":"Ann","glory":7,"stash":45},{"name":"Ben","glory":10,"stash":0}]}`,
			"Ann", "stash", "Ann and Ben both have 10 glory points; Ann's stash is larger: 45 gold against Ben's 0.", []int{10, 10}},
		{"an immediate end, no one at 10: the same tie-break",
			`{"end":"immediate","players":[{"name":"Ann","glory":6,"stash":19},{"name":"Ben","glory":4,"stash":30}]}`,
			"Ben", "stash", "Ann and Ben both have 7 glory points; Ben's stash is larger: 30 gold against Ann's 19.", []int{7, 7}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := scoreEnd(t, c.input)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(res.Winners, ","); got != c.winners || res.DecidedBy != c.by {
				t.Errorf("winners %q decided by %q, want %q by %q (%s)", got, res.DecidedBy, c.winners, c.by, res.Reason)
			}
			if c.reason != "" && res.Reason != c.reason {
				t.Errorf("reason\n got %q\nwant %q", res.Reason, c.reason)
			}
			if immediate := strings.Contains(c.input, EndImmediate); immediate && c.by != "points" && len(res.Notes) == 0 {
				t.Error("an immediate end settled by the stash does not say it is a reading")
			}
			for i, want := range c.totals {
				if res.Players[i].Total != want {
					t.Errorf("%s's total %d, want %d", res.Players[i].Name, res.Players[i].Total, want)
				}
			}
		})
	}
}

// TestEndScoreRefusals: impossible or missing counts are refused as
// malformed, naming the field.
func TestEndScoreRefusals(t *testing.T) {
	ben := `{"name":"Ben","glory":10,"stash":3}`
	two := func(ann string) string { return `{"end":"declared","players":[` + ann + `,` + ben + `]}` }
	cases := []struct{ name, input, field string }{
		{"glory off the track", two(`{"name":"Ann","glory":21,"stash":0}`), "players[0].glory: 21 is off the glory point track (0 to 20)"},
		{"negative glory", two(`{"name":"Ann","glory":-1,"stash":0}`), "players[0].glory: -1"},
		{"negative stash", two(`{"name":"Ann","glory":3,"stash":-5}`), "players[0].stash: -5 is impossible"},
		{"a stash left out", two(`{"name":"Ann","glory":3}`), "players[0].stash: missing"},
		{"glory left out", two(`{"name":"Ann","stash":3}`), "players[0].glory: missing"},
		{"no name", two(`{"name":"","glory":3,"stash":3}`), "players[0].name: missing"},
		{"the same name twice", two(`{"name":"BEN","glory":3,"stash":3}`), "players[1].name"},
		{"an unknown field", two(`{"name":"Ann","glory":3,"stash":3,"gold":4}`), "players[0]: json: unknown field"},
		{"a word for a number", two(`{"name":"Ann","glory":"ten","stash":3}`), "players[0]: glory: want int"},
		{"no end given", `{"players":[{"name":"Ann","glory":3,"stash":3},` + ben + `]}`, "end: want"},
		{"a declaration without 10", `{"end":"declared","players":[{"name":"Ann","glory":9,"stash":9},{"name":"Ben","glory":3,"stash":0}]}`, "players: no one has 10 glory points"},
		{"variant 3: 20 gold is one point, not two", `{"end":"declared","giveMeGlory":true,"players":[{"name":"Ann","glory":8,"stash":20},{"name":"Ben","glory":3,"stash":0}]}`, "players: no one has 10"},
		{"one player", `{"end":"immediate","players":[` + ben + `]}`, "players: Merchants & Marauders is for 2 to 4"},
		{"five players", `{"end":"immediate","players":[` + strings.Repeat(`{"name":"A","glory":1,"stash":0},`, 4) + ben + `]}`, "not 5"},
		{"not JSON", `{"end":`, "end state:"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := scoreEnd(t, c.input)
			if !errors.Is(err, engine.ErrMalformed) || !strings.Contains(err.Error(), c.field) {
				t.Errorf("got %v, want a malformed input naming %q", err, c.field)
			}
		})
	}
}

// FuzzEndState: nothing the calculator is given makes it panic, and what
// it accepts has a winner and a reason.
func FuzzEndState(f *testing.F) {
	f.Add([]byte(`{"end":"declared","players":[{"name":"Ann","glory":7,"stash":34},{"name":"Ben","glory":8,"stash":21}]}`))
	f.Add([]byte(`{"end":"immediate","giveMeGlory":true,"players":[{"name":"Ann","glory":6,"stash":19},{"name":"Ben","glory":4,"stash":30}]}`))
	f.Add([]byte(`{"end":"declared","players":[null,{}]}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		out, err := Rules().(engine.EndStateCalculator).ScoreEndState(data, nil)
		if err != nil {
			if !errors.Is(err, engine.ErrMalformed) {
				t.Fatalf("%v is not a malformed input", err)
			}
			return
		}
		var res EndResult
		if err := json.Unmarshal(out, &res); err != nil || len(res.Winners) == 0 || res.Reason == "" {
			t.Fatalf("accepted %q without a winner and a reason: %s", data, out)
		}
	})
}
