package piratescode

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// endCatalog is a made-up legend track of 5 levels (test data, not the
// printed track): only the track is read by the calculator.
const endCatalog = `{"legend":[{"name":"Test Level 1","sail":1,"dice":2},{"name":"Test Level 2","sail":1,"dice":2},{"name":"Test Level 3","sail":2,"dice":2},{"name":"Test Level 4","sail":2,"dice":3},{"name":"Test Dread","sail":3,"dice":3}]}`

// scoreEnd runs the kit's calculator on input with the made-up track.
func scoreEnd(t *testing.T, input string) (*EndResult, error) {
	t.Helper()
	out, err := Rules().(engine.EndStateCalculator).ScoreEndState([]byte(input), json.RawMessage(endCatalog))
	if err != nil {
		return nil, err
	}
	var res EndResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	return &res, nil
}

// TestEndScoreTieBreaks: the End of Game (p. 16), each step of its cascade:
// only the pirates with 3 treasures buried can win; among several the
// highest legend level, then the most gold, then the most booty aboard;
// still tied, a shared victory. Solo: the first to bury 3 wins at once.
func TestEndScoreTieBreaks(t *testing.T) {
	cases := []struct {
		name, input string
		winners     string
		by          string
		reason      string
	}{
		{"only one buried 3, however rich the others",
			`{"players":[{"name":"Ann","treasures":3,"legend":1,"gold":0,"booty":0},{"name":"Ben","treasures":2,"legend":5,"gold":13,"booty":3}]}`,
			"Ann", "treasures", "Ann is the only one who buried all 3 treasures."},
		{"legend first",
			`{"players":[{"name":"Ann","treasures":3,"legend":5,"gold":1,"booty":0},{"name":"Ben","treasures":3,"legend":4,"gold":13,"booty":3},{"name":"Cy","treasures":1,"legend":5,"gold":13,"booty":3}]}`,
			"Ann", "legend", "Ann and Ben both buried 3 (Cy only 1); Ann's legend is higher: level 5 (Test Dread) against Ben's 4."},
		{"gold when the legend is the same",
			`{"players":[{"name":"Ann","treasures":3,"legend":4,"gold":5,"booty":0},{"name":"Ben","treasures":3,"legend":4,"gold":7,"booty":0}]}`,
			"Ben", "gold", "Ann and Ben both buried 3, at the same legend level (4); Ben has more gold: 7 against Ann's 5."},
		{"booty when legend and gold are the same",
			`{"players":[{"name":"Ann","treasures":3,"legend":2,"gold":6,"booty":3},{"name":"Ben","treasures":3,"legend":2,"gold":6,"booty":1}]}`,
			"Ann", "booty", "Ann and Ben both buried 3, at the same legend level (2), with the same gold (6); Ann has more booty aboard: 3 against Ben's 1."},
		{"a shared victory",
			`{"players":[{"name":"Ann","treasures":3,"legend":3,"gold":4,"booty":2},{"name":"Ben","treasures":3,"legend":3,"gold":4,"booty":2},{"name":"Cy","treasures":0,"legend":1,"gold":0,"booty":0}]}`,
			"Ann,Ben", "shared", "Ann and Ben both buried 3 (Cy none), at the same legend level (3), with the same gold (4), with the same booty aboard (2): they share the victory."},
		{"three with 3: the legend keeps two, gold decides",
			`{"players":[{"name":"Ann","treasures":3,"legend":5,"gold":2,"booty":0},{"name":"Ben","treasures":3,"legend":5,"gold":9,"booty":0},{"name":"Cy","treasures":3,"legend":3,"gold":13,"booty":3},{"name":"Di","treasures":2,"legend":5,"gold":13,"booty":3}]}`,
			"Ben", "gold", "Ann, Ben and Cy all buried 3 (Di only 2); Ann and Ben reached the highest legend, level 5, above Cy's 3; Ben has more gold: 9 against Ann's 2."},
		{"solo: the player buried 3 first",
			`{"players":[{"name":"Ann","treasures":3,"legend":1,"gold":0,"booty":0},{"name":"The Legendary Pirate","automa":true,"treasures":2}]}`,
			"Ann", "solo", "Ann buried all 3 treasures first: in the solo game that wins at once, before the Legendary Pirate."},
		{"solo: the Legendary Pirate buried 3 first",
			`{"players":[{"name":"Ann","treasures":2,"legend":4,"gold":13,"booty":3},{"name":"The Legendary Pirate","automa":true,"treasures":3}]}`,
			"The Legendary Pirate", "solo", "The Legendary Pirate buried all 3 treasures first: in the solo game that wins at once."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res, err := scoreEnd(t, c.input)
			if err != nil {
				t.Fatal(err)
			}
			if got := strings.Join(res.Winners, ","); got != c.winners || res.DecidedBy != c.by {
				t.Errorf("winners %q decided by %q, want %q by %q", got, res.DecidedBy, c.winners, c.by)
			}
			if res.Reason != c.reason {
				t.Errorf("reason\n got %q\nwant %q", res.Reason, c.reason)
			}
			if res.Shared != (c.by == "shared") {
				t.Errorf("shared = %v", res.Shared)
			}
			for _, l := range res.Players {
				if l.Winner != strings.Contains(","+c.winners+",", ","+l.Name+",") {
					t.Errorf("%s marked winner = %v", l.Name, l.Winner)
				}
			}
		})
	}
}

// TestEndScoreRefusals: impossible or missing counts are refused as
// malformed, naming the field.
func TestEndScoreRefusals(t *testing.T) {
	ok := `{"name":"Ben","treasures":3,"legend":2,"gold":3,"booty":1}`
	two := func(ann string) string { return `{"players":[` + ann + `,` + ok + `]}` }
	cases := []struct{ name, input, field string }{
		{"more than 3 treasures", two(`{"name":"Ann","treasures":4,"legend":2,"gold":3,"booty":1}`), "players[0].treasures: 4 is impossible"},
		{"negative treasures", two(`{"name":"Ann","treasures":-1,"legend":2,"gold":3,"booty":1}`), "players[0].treasures"},
		{"legend below the track", two(`{"name":"Ann","treasures":3,"legend":0,"gold":3,"booty":1}`), "players[0].legend: 0 is off the legend track"},
		{"legend above the track", two(`{"name":"Ann","treasures":3,"legend":6,"gold":3,"booty":1}`), "players[0].legend: 6 is off the legend track, whose top is level 5"},
		{"negative gold", two(`{"name":"Ann","treasures":3,"legend":2,"gold":-2,"booty":1}`), "players[0].gold: -2 is impossible"},
		{"gold off the track", two(`{"name":"Ann","treasures":3,"legend":2,"gold":14,"booty":1}`), "players[0].gold: 14 is impossible"},
		{"more booty than the hold", two(`{"name":"Ann","treasures":3,"legend":2,"gold":3,"booty":4}`), "players[0].booty: 4 is impossible"},
		{"a count left out", two(`{"name":"Ann","treasures":3,"legend":2,"booty":1}`), "players[0].gold: missing"},
		{"no name", two(`{"name":" ","treasures":3,"legend":2,"gold":3,"booty":1}`), "players[0].name: missing"},
		{"the same name twice", two(`{"name":"ben","treasures":3,"legend":2,"gold":3,"booty":1}`), "players[1].name"},
		{"an unknown field", two(`{"name":"Ann","treasures":3,"legend":2,"gold":3,"booty":1,"doubloons":2}`), "players[0]: json: unknown field"},
		{"a word for a number", two(`{"name":"Ann","treasures":"three","legend":2,"gold":3,"booty":1}`), "players[0]: treasures: want int"},
		{"no one buried 3", `{"players":[{"name":"Ann","treasures":2,"legend":2,"gold":3,"booty":1},{"name":"Ben","treasures":1,"legend":2,"gold":3,"booty":1}]}`, "players: no one buried all 3"},
		{"five players", `{"players":[` + strings.Repeat(`{"name":"A","treasures":3,"legend":1,"gold":0,"booty":0},`, 4) + ok + `]}`, "players: The Pirate's Code is for 2 to 4"},
		{"one player alone", `{"players":[` + ok + `]}`, "players: a solo game also needs the Legendary Pirate"},
		{"solo: both buried 3", `{"players":[` + ok + `,{"name":"LP","automa":true,"treasures":3}]}`, "only one of you can have buried 3"},
		{"two Legendary Pirates", `{"players":[{"name":"LP","automa":true,"treasures":3},{"name":"LP2","automa":true,"treasures":3}]}`, "one Legendary Pirate, not 2"},
		{"not JSON", `{"players":`, "end state:"},
		{"trailing data", two(ok[:0]+`{"name":"Ann","treasures":3,"legend":2,"gold":3,"booty":1}`) + `{}`, "more data"},
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

// TestEndScoreNoCatalog: without the owner's legend track the level's top
// cannot be checked; the answer says so instead of refusing or guessing.
func TestEndScoreNoCatalog(t *testing.T) {
	in := `{"players":[{"name":"Ann","treasures":3,"legend":9,"gold":3,"booty":1},{"name":"Ben","treasures":3,"legend":2,"gold":3,"booty":1}]}`
	out, err := Rules().(engine.EndStateCalculator).ScoreEndState([]byte(in), nil)
	if err != nil {
		t.Fatal(err)
	}
	var res EndResult
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Winners) != 1 || res.Winners[0] != "Ann" || len(res.Notes) != 1 || !strings.Contains(res.Notes[0], "could not be checked") {
		t.Errorf("without a catalog: winners %v, notes %q", res.Winners, res.Notes)
	}
}

// FuzzEndState: nothing the calculator is given makes it panic, and what
// it accepts has a winner and a reason.
func FuzzEndState(f *testing.F) {
	f.Add([]byte(`{"players":[{"name":"Ann","treasures":3,"legend":5,"gold":1,"booty":0},{"name":"Ben","treasures":3,"legend":4,"gold":13,"booty":3}]}`))
	f.Add([]byte(`{"players":[{"name":"Ann","treasures":3,"legend":1,"gold":0,"booty":0},{"name":"LP","automa":true,"treasures":2}]}`))
	f.Add([]byte(`{"players":[{"name":"Ann","treasures":3,"legend":3,"gold":4,"booty":2},{"name":"Ben","treasures":3,"legend":3,"gold":4,"booty":2}]}`))
	f.Add([]byte(`{"players":[null,{}]}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		for _, cat := range []json.RawMessage{nil, json.RawMessage(endCatalog), json.RawMessage(`{"legend":7}`)} {
			out, err := Rules().(engine.EndStateCalculator).ScoreEndState(data, cat)
			if err != nil {
				if !errors.Is(err, engine.ErrMalformed) {
					t.Fatalf("%v is not a malformed input", err)
				}
				continue
			}
			var res EndResult
			if err := json.Unmarshal(out, &res); err != nil || len(res.Winners) == 0 || res.Reason == "" {
				t.Fatalf("accepted %q without a winner and a reason: %s", data, out)
			}
		}
	})
}
