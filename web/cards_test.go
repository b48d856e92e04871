package web

import (
	"strings"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
)

// A hand a phone keeps (Dead Reckoning's name-hand, physical cards) is
// that player's alone while the game runs: the other player's phone, the
// tablet and the watchers see neither the cards in the view nor the action
// or its secret in the log or the export; the player's own phone sees them.
func TestKeptHandStaysPrivate(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules())
	r := e.do("POST", "/api/tables", `{"rules":"dead-reckoning","seed":4,"form":{"players":[{"name":"Ann","colour":"purple"},{"name":"Ben","colour":"green"}]}}`)
	if r.status != 201 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var cr createResponse
	r.json(t, &cr)
	base := "/api/tables/" + cr.Table
	r = e.do("POST", base+"/actions", `{"action":{"type":"name-hand","seat":1,"cards":["purser","buccaneer"]},"baseVersion":0}`, pin(cr.PINs[1])...)
	if r.status != 200 {
		t.Fatalf("name-hand from Ben's phone: %d %s", r.status, r.body)
	}
	readers := map[string][]string{"Ann's phone": pin(cr.PINs[0]), "the tablet": host(cr.HostToken), "a watcher": nil}
	for who, hdr := range readers {
		for _, path := range []string{base, base + "/history", base + "/export?kind=json"} {
			r := e.do("GET", path, "", hdr...)
			if r.status != 200 {
				t.Fatalf("%s GET %s: %d %s", who, path, r.status, r.body)
			}
			body := string(r.body)
			// The view lists everyone's unseen cards (the same whether
			// named or not) but no hand; the log and export name no card.
			leak := strings.Contains(body, `"hand":`)
			if path != base {
				leak = leak || strings.Contains(body, "purser") || strings.Contains(body, "Purser") || strings.Contains(body, "phone keeps")
			}
			if leak {
				t.Errorf("%s sees Ben's kept hand in %s:\n%.2000s", who, path, body)
			}
		}
	}
	// The log says only that Ben entered two cards; his phone sees which.
	r = e.do("GET", base+"/history", "", pin(cr.PINs[0])...)
	if !strings.Contains(string(r.body), "Ben enters 2 cards of their hand on their phone") {
		t.Errorf("Ann's log: %s", r.body)
	}
	r = e.do("GET", base+"/history", "", pin(cr.PINs[1])...)
	if !strings.Contains(string(r.body), "Your phone keeps Purser and Buccaneer") {
		t.Errorf("Ben's log: %s", r.body)
	}
	sess, err := e.mgr.Get(t.Context(), cr.Table)
	if err != nil {
		t.Fatal(err)
	}
	if v := string(sess.View(engine.Viewer{Seat: 1}).View); !strings.Contains(v, `"hand":[{"id":"purser"`) {
		t.Errorf("Ben's own view: %s", v)
	}
}
