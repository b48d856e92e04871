package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/merchants"
	"github.com/quartermaster-table/quartermaster/engine/piratescode"
)

// TestRulesScoreJustScoreGames: The Pirate's Code's and Merchants &
// Marauders' calculators through the server (no browser): the list says
// they have one, a count is scored, an impossible one is a 400 naming the
// field, and The Pirate's Code's legend track is the owner's saved
// catalog's (made-up test data with 4 levels). Dead Reckoning's own
// address answers with its calculator.
func TestRulesScoreJustScoreGames(t *testing.T) {
	dir := t.TempDir()
	cat, err := os.ReadFile("../engine/piratescode/testdata/catalog-test.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "catalog-pirates-code.json"), cat, 0o644); err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, Options{Catalogs: DirCatalogs(dir)}, deadreckoning.Rules(), piratescode.Rules(), merchants.Rules())
	var list []RulesInfo
	e.do("GET", "/api/rules", "").json(t, &list)
	for _, g := range list {
		if !g.HasCalculator {
			t.Errorf("%s: no calculator in the list", g.Rules)
		}
	}

	var pc piratescode.EndResult
	e.do("POST", "/api/rules/pirates-code/score", `{"players":[{"name":"Ann","treasures":3,"legend":4,"gold":2,"booty":0},{"name":"Ben","treasures":3,"legend":3,"gold":9,"booty":3}]}`).json(t, &pc)
	if len(pc.Winners) != 1 || pc.Winners[0] != "Ann" || pc.DecidedBy != "legend" || pc.Players[0].LegendName != "Test Level 4" || len(pc.Notes) != 0 {
		t.Errorf("The Pirate's Code: %+v", pc)
	}
	r := e.do("POST", "/api/rules/pirates-code/score", `{"players":[{"name":"Ann","treasures":3,"legend":5,"gold":2,"booty":0},{"name":"Ben","treasures":3,"legend":3,"gold":9,"booty":3}]}`)
	if r.status != 400 || !strings.HasPrefix(r.apiErr(t).Message, "players[0].legend: 5 is off the legend track, whose top is level 4") {
		t.Errorf("a legend level above the owner's track: %d %s", r.status, r.body)
	}

	var mm merchants.EndResult
	e.do("POST", "/api/rules/merchants-and-marauders/score", `{"end":"declared","players":[{"name":"Ann","glory":7,"stash":34},{"name":"Ben","glory":8,"stash":21}]}`).json(t, &mm)
	if len(mm.Winners) != 1 || mm.Winners[0] != "Ann" || mm.DecidedBy != "stash" {
		t.Errorf("Merchants & Marauders: %+v", mm)
	}
	r = e.do("POST", "/api/rules/merchants-and-marauders/score", `{"end":"declared","players":[{"name":"Ann","glory":7,"stash":34},{"name":"Ben","glory":8,"stash":-1}]}`)
	if r.status != 400 || !strings.HasPrefix(r.apiErr(t).Message, "players[1].stash: -1 is impossible") {
		t.Errorf("a negative stash: %d %s", r.status, r.body)
	}

	// Dead Reckoning's calculator, by its own address, asks for its own
	// counts (the coins).
	if r := e.do("POST", "/api/rules/dead-reckoning/score", `{"players":[{"name":"Ann","colour":"red"}]}`); r.status != 400 || !strings.Contains(r.apiErr(t).Message, "coins") {
		t.Errorf("Dead Reckoning's own address: %d %s", r.status, r.body)
	}
}
