package merchants

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

var update = flag.Bool("update", false, "rewrite testdata/script-basic.json from the test catalog")

// exampleActions is the example script of docs/games/merchants-and-marauders.md.
var exampleActions = []string{
	`{"type":"leave-port","seat":0}`,
	`{"type":"scout","seat":0,"target":"merchant"}`,
	`{"type":"roll","seat":-1,"request":"r1","faces":["skull","2"]}`,
	`{"type":"merchant","seat":0,"nation":"english","raid":true}`,
	`{"type":"roll","seat":-1,"request":"r3","faces":["skull","4"]}`,
	`{"type":"raid","seat":0,"op":"draw"}`,
	`{"type":"raid","seat":0,"op":"end","keep":[]}`,
	`{"type":"move","seat":0,"to":"tz-open"}`,
	`{"type":"end-turn","seat":0}`,
	`{"type":"sell","seat":1,"cards":["test-cargo-01"]}`,
	`{"type":"port","seat":1}`,
	`{"type":"buy-draw","seat":1}`,
	`{"type":"buy","seat":1,"cards":[]}`,
	`{"type":"shipyard","seat":1,"weapons":["chain-shot"]}`,
	`{"type":"end-port","seat":1}`,
	`{"type":"leave-port","seat":1}`,
	`{"type":"move","seat":1,"to":"tz-open"}`,
	`{"type":"end-turn","seat":1}`,
	`{"type":"scout","seat":0,"target":"player","targetSeat":1}`,
	`{"type":"roll","seat":-1,"request":"r5","faces":["skull","1"]}`,
	`{"type":"declare","seat":0,"choice":"shoot"}`,
	`{"type":"declare","seat":1,"choice":"shoot"}`,
	`{"type":"roll","seat":-1,"request":"r7","faces":["skull","skull"]}`,
	`{"type":"roll","seat":-1,"request":"r8","faces":["skull","1","1"]}`,
	`{"type":"roll","seat":-1,"request":"r11","faces":["1","skull"]}`,
	`{"type":"roll","seat":-1,"request":"r12","faces":["4"]}`,
	`{"type":"choose-hits","seat":1,"locations":["masts"]}`,
}

type script struct {
	V       int               `json:"v"`
	Rules   string            `json:"rules"`
	Seed    uint64            `json:"seed"`
	Setup   json.RawMessage   `json:"setup"`
	Actions []json.RawMessage `json:"actions"`
}

// TestScriptExample plays the documented example: every action is accepted
// but Bob's sale before his port action.
func TestScriptExample(t *testing.T) {
	if *update {
		sc := script{V: 1, Rules: Name, Seed: 42, Setup: setupJSON(t, testCatalog(), 2)}
		for _, a := range exampleActions {
			sc.Actions = append(sc.Actions, json.RawMessage(a))
		}
		b, _ := json.MarshalIndent(sc, "", "  ")
		if err := os.WriteFile("testdata/script-basic.json", append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	b, err := os.ReadFile("testdata/script-basic.json")
	if err != nil {
		t.Fatal(err)
	}
	var sc script
	if err := json.Unmarshal(b, &sc); err != nil {
		t.Fatal(err)
	}
	eg, err := Rules().New(sc.Setup, sc.Seed)
	if err != nil {
		t.Fatal(err)
	}
	g := eg.(*Game)
	var refused []string
	for i, raw := range sc.Actions {
		a, err := Rules().DecodeAction(raw)
		if err != nil {
			t.Fatalf("action %d: %v", i, err)
		}
		if _, err := g.Apply(a); err != nil {
			re, ok := engine.AsRuleError(err)
			if !ok {
				t.Fatalf("action %d: %v", i, err)
			}
			refused = append(refused, re.Code)
		}
	}
	if len(refused) != 1 || refused[0] != "no-port-action" {
		t.Fatalf("refused %v, want only Bob's early sale", refused)
	}
	ann, bob := g.st.Players[0], g.st.Players[1]
	if ann.Bounties[English] != 2 || len(bob.Weapons) != 1 || g.st.Fight == nil || g.st.Fight.Battle.Round != 2 ||
		g.st.Fight.Battle.Ships[0].Cannons != 1 || g.st.Fight.Battle.Ships[1].Cargo != 1 || g.st.Fight.Battle.Ships[1].Masts != 2 {
		t.Fatalf("after the example: Ann's bounties %v, ships %+v %+v, Bob's weapons %v, battle %+v", ann.Bounties, ann.Ship, bob.Ship, bob.Weapons, g.st.Fight)
	}
}

// The example runs through the game-neutral script runner of
// `quartermaster play --script` as it is.
func TestScriptThroughEngineRunner(t *testing.T) {
	f, err := os.Open("testdata/script-basic.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out bytes.Buffer
	if err := engine.RunScript(f, &out, []engine.Rules{Rules()}, engine.Public); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	var final engine.ScriptFinal
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &final); err != nil {
		t.Fatal(err)
	}
	if !final.Final || final.Refused != 1 || final.Accepted != len(exampleActions)-1 {
		t.Fatalf("final line %s", lines[len(lines)-1])
	}
	if !strings.Contains(out.String(), `"section":"Player Actions \u003e Port"`) && !strings.Contains(out.String(), `"section":"Player Actions > Port"`) {
		t.Fatal("the refusal does not cite its section")
	}
}
