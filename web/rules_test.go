package web

import (
	"encoding/json"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/racetoten"
)

// The server serves any game through its kit: these tests use the made-up
// Race to Ten (every kit interface) beside tally (none of them).

func kitEnv(t *testing.T, opts Options) *env {
	t.Helper()
	return newEnv(t, opts, racetoten.Rules(), tallyRules{})
}

func TestRulesList(t *testing.T) {
	e := kitEnv(t, Options{})
	var list []RulesInfo
	r := e.do("GET", "/api/rules", "")
	r.json(t, &list)
	if r.status != 200 || len(list) != 2 {
		t.Fatalf("rules: %d %s", r.status, r.body)
	}
	race, tally := list[0], list[1]
	if race.Rules != racetoten.Name || race.Title == "" || race.MinPlayers != 2 || race.MaxPlayers != 4 ||
		len(race.Colours) != 4 || race.Citation != "section" || !race.HasHelp || !race.HasCalculator ||
		len(race.CatalogKinds) != 1 || len(race.Options) != 2 || race.Options[0].ID != racetoten.OptionTarget {
		t.Errorf("race-to-ten: %+v", race)
	}
	// A game without a kit still gets an entry the shell can read.
	if tally.Rules != "tally" || tally.HasHelp || tally.HasCalculator || tally.Options == nil || tally.CatalogKinds == nil || tally.Module != "" {
		t.Errorf("tally: %+v", tally)
	}
	// The JSON names the contract gives.
	for _, k := range []string{`"rules"`, `"minPlayers"`, `"colours"`, `"citation"`, `"inputs"`, `"options"`, `"hasHelp"`, `"hasCalculator"`, `"catalogKinds"`, `"module"`} {
		if !strings.Contains(string(r.body), k) {
			t.Errorf("GET /api/rules lacks %s: %s", k, r.body)
		}
	}
	var one RulesInfo
	e.do("GET", "/api/rules/race-to-ten", "").json(t, &one)
	if one.Title != race.Title {
		t.Errorf("one rules: %+v", one)
	}
	if r := e.do("GET", "/api/rules/chess", ""); r.status != 404 || !strings.Contains(r.apiErr(t).Message, "race-to-ten") {
		t.Errorf("unknown rules: %d %s", r.status, r.body)
	}
}

func TestRulesHelp(t *testing.T) {
	e := kitEnv(t, Options{})
	var notes []engine.HelpNote
	e.do("GET", "/api/rules/race-to-ten/help", "").json(t, &notes)
	if len(notes) != 3 {
		t.Fatalf("all notes: %+v", notes)
	}
	e.do("GET", "/api/rules/race-to-ten/help?q=win", "").json(t, &notes)
	if len(notes) != 1 || notes[0].ID != racetoten.CodeOvershoot || notes[0].Section != racetoten.SectionWin {
		t.Errorf("q=win: %+v", notes)
	}
	e.do("GET", "/api/rules/race-to-ten/help?q=zzzqqq", "").json(t, &notes)
	if len(notes) != 0 {
		t.Errorf("nonsense found %+v", notes)
	}
	e.do("GET", "/api/rules/tally/help", "").json(t, &notes)
	if len(notes) != 0 {
		t.Errorf("tally has no notes: %+v", notes)
	}
	// The dashboard's old address answers with the first game's notes.
	e.do("GET", "/api/help?q=die", "").json(t, &notes)
	if len(notes) != 1 || notes[0].ID != racetoten.CodeRollFirst {
		t.Errorf("/api/help: %+v", notes)
	}
}

func TestRulesScore(t *testing.T) {
	e := kitEnv(t, Options{})
	for _, path := range []string{"/api/rules/race-to-ten/score", "/api/score"} {
		r := e.do("POST", path, `{"counter":3,"target":10}`)
		if r.status != 200 || string(r.body) != `{"toGo":7,"winsNow":false,"reached":false,"bestToAdd":3}` {
			t.Errorf("%s: %d %s", path, r.status, r.body)
		}
		r = e.do("POST", path, `{"counter":12}`)
		if r.status != 400 || !strings.Contains(r.apiErr(t).Message, "counter") {
			t.Errorf("%s bad input: %d %s", path, r.status, r.body)
		}
	}
	if r := e.do("POST", "/api/rules/tally/score", `{}`); r.status != 404 {
		t.Errorf("tally has no calculator: %d %s", r.status, r.body)
	}
}

func TestRulesCatalog(t *testing.T) {
	dir := t.TempDir()
	e := kitEnv(t, Options{Catalogs: DirCatalogs(dir)})
	var got struct {
		Kinds   []engine.CatalogKind
		Catalog json.RawMessage
	}
	e.do("GET", "/api/rules/race-to-ten/catalog", "").json(t, &got)
	if len(got.Kinds) != 1 || string(got.Catalog) != "null" {
		t.Fatalf("empty catalog: %+v", got)
	}
	r := e.do("PUT", "/api/rules/race-to-ten/catalog", `{"boards":[{"id":"t2","name":"Test Board Two","target":14},{"id":"t1","name":"Test Board One","target":6}]}`)
	if r.status != 200 || !strings.HasPrefix(string(r.body), `{"boards":[{"id":"t1"`) {
		t.Fatalf("put: %d %s", r.status, r.body)
	}
	if b, err := os.ReadFile(filepath.Join(dir, "catalog-race-to-ten.json")); err != nil || string(b) != string(r.body) {
		t.Fatalf("the catalog file: %v %s", err, b)
	}
	if r := e.do("PUT", "/api/rules/race-to-ten/catalog", `{"boards":[{"id":"t1","name":"","target":6}]}`); r.status != 400 || !strings.Contains(r.apiErr(t).Message, "boards[0].name") {
		t.Errorf("bad catalog: %d %s", r.status, r.body)
	}
	e.do("GET", "/api/rules/race-to-ten/catalog", "").json(t, &got)
	if !strings.Contains(string(got.Catalog), "Test Board Two") {
		t.Errorf("a refused catalog replaced the saved one: %s", got.Catalog)
	}
	if r := e.do("PUT", "/api/rules/tally/catalog", `{}`); r.status != 404 {
		t.Errorf("tally needs no catalog: %d %s", r.status, r.body)
	}
	if r := kitEnv(t, Options{}).do("PUT", "/api/rules/race-to-ten/catalog", `{"boards":[]}`); r.status != http.StatusNotImplemented {
		t.Errorf("no data directory: %d %s", r.status, r.body)
	}

	// A new game from the form plays the catalog's board.
	r = e.do("POST", "/api/tables", `{"rules":"race-to-ten","seed":3,"form":{"players":[{"name":"Ann","colour":"red"},{"name":"Bob","colour":"blue"}],"options":{"board":"t2"}}}`)
	var cr createResponse
	r.json(t, &cr)
	if r.status != 201 {
		t.Fatalf("create from form: %d %s", r.status, r.body)
	}
	var view racetoten.View
	if err := json.Unmarshal(cr.Snapshot.View, &view); err != nil {
		t.Fatal(err)
	}
	if view.Target != 14 || view.Board != "Test Board Two" || view.Players[1].Name != "Bob" {
		t.Errorf("the form's game: %+v", view)
	}
	// The snapshot says the start die is awaited.
	r = e.do("GET", "/api/tables/"+cr.Table, "")
	if !strings.Contains(string(r.body), `"expects":[{"kind":"dice","id":"r1","say":"roll 1 white die"`) {
		t.Errorf("snapshot expects: %s", r.body)
	}
}

func TestCreateFromForm(t *testing.T) {
	var board json.RawMessage
	e := kitEnv(t, Options{TableBoard: func() json.RawMessage { return board }})
	for _, c := range []struct{ body, want string }{
		{`{"rules":"race-to-ten","form":{"players":[{"name":"Ann","colour":"red"}]}}`, "2 to 4 players"},
		{`{"rules":"race-to-ten","form":{"players":[{"name":"Ann","colour":"red"},{"name":"ann","colour":"blue"}]}}`, "two players are called"},
		{`{"rules":"race-to-ten","form":{"players":[{"name":"Ann","colour":"red"},{"name":"Bob","colour":"pink"}]}}`, "players[1].colour"},
		{`{"rules":"race-to-ten","form":{"players":[{"name":"Ann","colour":"red"},{"name":"Bob","colour":"blue"}],"options":{"target":99}}}`, `option "target"`},
		{`{"rules":"race-to-ten","form":{"players":[{"name":"Ann","colour":"red"},{"name":"Bob","colour":"blue"}],"options":{"tableBoard":{}}}}`, "the server fills it in"},
		{`{"rules":"tally","form":{"players":[{"name":"Ann","colour":"red"}]}}`, "no new-game form"},
		{`{"rules":"race-to-ten","players":[{"name":"A","colour":"red","seat":0}],"form":{"players":[]}}`, "not both"},
	} {
		r := e.do("POST", "/api/tables", c.body)
		if r.status != 400 || !strings.Contains(r.apiErr(t).Message, c.want) {
			t.Errorf("%s: %d %s, want 400 saying %q", c.body, r.status, r.body, c.want)
		}
	}
	// The camera's board reaches the kit as an option the game may ignore.
	board = json.RawMessage(`{"zones":[]}`)
	r := e.do("POST", "/api/tables", `{"rules":"race-to-ten","form":{"players":[{"name":"Ann","colour":"red"},{"name":"Bob","colour":"blue"}],"options":{"target":6}}}`)
	var cr createResponse
	r.json(t, &cr)
	if r.status != 201 || len(cr.PINs) != 2 || cr.Snapshot.Players[0].Colour != "red" {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	// The old body still works for scripts.
	if r := e.do("POST", "/api/tables", `{"rules":"race-to-ten","setup":{"players":[{"name":"A"},{"name":"B"}]},"players":[{"name":"A","colour":"red","seat":0},{"name":"B","colour":"blue","seat":1}]}`); r.status != 201 {
		t.Errorf("setup body: %d %s", r.status, r.body)
	}
}

// TestRulesFacts: Dead Reckoning's printed facts (8 sailor kinds, 9
// achievements) come once with its description, not with the list, and a
// table's view no longer carries the sailors: the update every screen gets
// is smaller by their size.
func TestRulesFacts(t *testing.T) {
	e := newEnv(t, Options{}, deadreckoning.Rules())
	var one struct {
		Facts struct {
			Sailors      map[string]json.RawMessage  `json:"sailors"`
			Achievements []struct{ ID, Name string } `json:"achievements"`
		} `json:"facts"`
	}
	r := e.do("GET", "/api/rules/dead-reckoning", "")
	r.json(t, &one)
	if len(one.Facts.Sailors) != 8 || len(one.Facts.Achievements) != 9 || one.Facts.Achievements[1].Name != "Expert Sailors" {
		t.Fatalf("GET /api/rules/dead-reckoning facts: %d sailors, %+v", len(one.Facts.Sailors), one.Facts.Achievements)
	}
	facts := len(r.body)
	if l := e.do("GET", "/api/rules", ""); strings.Contains(string(l.body), `"facts"`) {
		t.Errorf("the list carries the facts: %d bytes", len(l.body))
	}
	cr := createScriptTable(t, e)
	v := e.do("GET", "/api/tables/"+cr.Table, "")
	if v.status != 200 || strings.Contains(string(v.body), `"sailors"`) || strings.Contains(string(v.body), `"levels":[`) {
		t.Errorf("the table's view carries the sailors: %d %d bytes", v.status, len(v.body))
	}
	t.Logf("the table's snapshot: %d bytes; the description with the facts, served once: %d bytes", len(v.body), facts)
}
