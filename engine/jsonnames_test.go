package engine_test

import (
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/score"
	"github.com/quartermaster-table/quartermaster/engine/merchants"
	"github.com/quartermaster-table/quartermaster/engine/piratescode"
	"github.com/quartermaster-table/quartermaster/engine/quickbattle"
)

// externalKeys are keys of the camera's contracts (battle-board.md,
// dice.md), kept exactly as the design names them where the games carry
// them: the battle board's format (a game's board option) and its zone
// effect cargo_or_coin (the rules' tally of a read).
var externalKeys = map[string]bool{"border_mm": true, "cube_mm": true, "wall_mm": true, "cargo_or_coin": true}

// badKeys walks a JSON document and returns the paths of the object keys
// off the one convention: snake_case, or the American "color".
func badKeys(t *testing.T, doc []byte) []string {
	t.Helper()
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatalf("not JSON: %v: %.200s", err, doc)
	}
	var bad []string
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if (strings.Contains(k, "_") && !externalKeys[k]) || k == "color" {
					bad = append(bad, path+"."+k)
				}
				walk(path+"."+k, e)
			}
		case []any:
			for _, e := range x {
				walk(path+"[]", e)
			}
		}
	}
	walk("", v)
	return bad
}

// checkNames fails on every key of doc off the convention.
func checkNames(t *testing.T, what string, doc []byte, seen map[string]bool) {
	t.Helper()
	for _, k := range badKeys(t, doc) {
		if !seen[what+k] {
			seen[what+k] = true
			t.Errorf("%s: key %s is not camelCase with \"colour\"", what, k)
		}
	}
}

// The JSON every game speaks (setup, state, each viewer's view, events)
// through each game's example script, and Dead Reckoning's score input and
// result, names its keys one way: camelCase, and "colour".
func TestJSONSpeaksOneConvention(t *testing.T) {
	for _, tc := range []struct {
		rules  engine.Rules
		script string
	}{
		{deadreckoning.Rules(), "deadreckoning/testdata/script-basic.json"},
		{piratescode.Rules(), "piratescode/testdata/script-example.json"},
		{merchants.Rules(), "merchants/testdata/script-basic.json"},
		// A quick battle from its setup alone: the battle waits for the drop.
		{quickbattle.Rules(), ""},
	} {
		name := tc.rules.Name()
		sc := engine.Script{Setup: json.RawMessage(`{"attacker":{"name":"Ann","colour":"purple","cubes":2,"holdFree":7},` +
			`"defender":{"name":"Ben","colour":"green","cubes":1,"holdFree":5},"atIsland":true}`)}
		if tc.script != "" {
			b, err := os.ReadFile(tc.script)
			if err != nil {
				t.Fatal(err)
			}
			if err := json.Unmarshal(b, &sc); err != nil {
				t.Fatal(err)
			}
		}
		seen := map[string]bool{}
		checkNames(t, name+" setup", sc.Setup, seen)
		g, err := tc.rules.New(sc.Setup, sc.Seed)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		accepted := 0
		for i := 0; i <= len(sc.Actions); i++ {
			if i > 0 {
				a, err := tc.rules.DecodeAction(sc.Actions[i-1])
				if err != nil {
					continue // the scripts show refusals too
				}
				evs, err := g.Apply(a)
				if err != nil {
					continue
				}
				accepted++
				checkNames(t, name+" action", sc.Actions[i-1], seen)
				eb, _ := json.Marshal(evs)
				checkNames(t, name+" events", eb, seen)
			}
			snap, err := g.Snapshot()
			if err != nil {
				t.Fatal(err)
			}
			checkNames(t, name+" state", snap, seen)
			for _, v := range []engine.Viewer{engine.Public, engine.PlayerViewer(0), engine.PlayerViewer(1)} {
				vb, err := json.Marshal(g.View(v))
				if err != nil {
					t.Fatal(err)
				}
				checkNames(t, name+" view", vb, seen)
			}
		}
		if accepted < 3 && tc.script != "" {
			t.Errorf("%s: only %d actions of the script were accepted", name, accepted)
		}
	}

	in, err := os.ReadFile("deadreckoning/score/testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	checkNames(t, "score input", in, seen)
	si, err := score.Decode(in)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := json.Marshal(score.Score(si))
	checkNames(t, "score result", out, seen)
}

// The walk itself finds what it must: a nested snake_case key and "color".
func TestBadKeysFindsOldNames(t *testing.T) {
	got := badKeys(t, []byte(`{"players":[{"color":"red"}],"battle":{"in_ship":{}},"board":{"cube_mm":16},"ok":{"camelCase":1}}`))
	if strings.Join(got, " ") != ".players[].color .battle.in_ship" && strings.Join(got, " ") != ".battle.in_ship .players[].color" {
		t.Errorf("found %v", got)
	}
}
