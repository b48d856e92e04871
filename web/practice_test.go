package web

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPracticeCatalog: a server given a practice directory says which
// games have a practice catalog and serves the file as it is; the catalog
// page then saves it like an imported file. Without the directory (a real
// table) nothing is offered, and a game needing no catalog never is.
func TestPracticeCatalog(t *testing.T) {
	dir := t.TempDir()
	file := `{"boards":[{"id":"p1","name":"Practice Board 1","target":6}]}`
	for name, body := range map[string]string{"race-to-ten.json": file, "tally.json": `{}`} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	practiceOf := func(e *env) map[string]bool {
		var list []RulesInfo
		e.do("GET", "/api/rules", "").json(t, &list)
		out := map[string]bool{}
		for _, ri := range list {
			out[ri.Rules] = ri.Practice
		}
		return out
	}

	e := kitEnv(t, Options{Catalogs: DirCatalogs(t.TempDir()), PracticeCatalogs: dir})
	if got := practiceOf(e); !got["race-to-ten"] || got["tally"] {
		t.Errorf("offered: %v, want race-to-ten only (tally needs no catalog)", got)
	}
	var one RulesInfo
	if e.do("GET", "/api/rules/race-to-ten", "").json(t, &one); !one.Practice {
		t.Error("GET /api/rules/race-to-ten does not offer the practice catalog")
	}
	r := e.do("GET", "/api/rules/race-to-ten/practice-catalog", "")
	if r.status != 200 || string(r.body) != file {
		t.Fatalf("practice catalog: %d %s", r.status, r.body)
	}
	if r := e.do("PUT", "/api/rules/race-to-ten/catalog", string(r.body)); r.status != 200 {
		t.Fatalf("saving the practice catalog: %d %s", r.status, r.body)
	}
	if r := e.do("GET", "/api/rules/race-to-ten/catalog", ""); !strings.Contains(string(r.body), "Practice Board 1") {
		t.Errorf("the saved catalog: %s", r.body)
	}
	if r := e.do("GET", "/api/rules/tally/practice-catalog", ""); r.status != 404 {
		t.Errorf("tally: %d %s", r.status, r.body)
	}

	// A directory without the game's file offers nothing for it.
	empty := kitEnv(t, Options{PracticeCatalogs: t.TempDir()})
	if got := practiceOf(empty); got["race-to-ten"] {
		t.Errorf("offered without a file: %v", got)
	}
	if r := empty.do("GET", "/api/rules/race-to-ten/practice-catalog", ""); r.status != 404 || !strings.Contains(r.apiErr(t).Message, "no practice catalog") {
		t.Errorf("no file: %d %s", r.status, r.body)
	}

	// A real table (no directory) offers none.
	real := kitEnv(t, Options{})
	if got := practiceOf(real); got["race-to-ten"] {
		t.Errorf("offered on a real table: %v", got)
	}
	if r := real.do("GET", "/api/rules/race-to-ten/practice-catalog", ""); r.status != 404 {
		t.Errorf("real table: %d %s", r.status, r.body)
	}
}
