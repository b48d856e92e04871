package web

import (
	"context"
	"encoding/json"
	"os"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/merchants"
)

// The browser tests' shared set-up: a table made through the API from an
// engine's example script (its made-up test data), then opened on the
// devices as the players would open it: the host tablet holding the token
// and PINs the tablet that created it keeps, each phone through its QR
// link.

// exampleScript reads the setup and seed of an engine's example script
// (path from the web package) into setup, which may be a json.RawMessage
// or a map to change before the table is made.
func exampleScript(t *testing.T, path string, setup any) uint64 {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var sc struct {
		Setup json.RawMessage `json:"setup"`
		Seed  uint64          `json:"seed"`
	}
	if err := json.Unmarshal(raw, &sc); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(sc.Setup, setup); err != nil {
		t.Fatal(err)
	}
	return sc.Seed
}

// createTable makes a table of rules through the API with setup and seed,
// the players seated in order with the colours given (name, colour, name,
// colour...).
func createTable(t *testing.T, e *env, rules string, setup any, seed uint64, players ...string) createResponse {
	t.Helper()
	var ps []map[string]any
	for i := 0; i+1 < len(players); i += 2 {
		ps = append(ps, map[string]any{"name": players[i], "colour": players[i+1], "seat": i / 2})
	}
	body, _ := json.Marshal(map[string]any{"rules": rules, "setup": setup, "seed": seed, "players": ps})
	r := e.do("POST", "/api/tables", string(body))
	if r.status != 201 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var cr createResponse
	r.json(t, &cr)
	return cr
}

// createMerchants makes the Merchants & Marauders example table (the
// engine's made-up map and cards, fixed captains, its seed) for Ann and Bob:
// the M&M journeys' common start (the new-game form would draw the
// captains).
func createMerchants(t *testing.T, e *env) createResponse {
	t.Helper()
	var setup json.RawMessage
	seed := exampleScript(t, "../engine/merchants/testdata/script-basic.json", &setup)
	return createTable(t, e, merchants.Name, setup, seed, "Ann", "test-colour-0", "Bob", "test-colour-1")
}

// hostTablet opens table cr on a new w x h device holding its host token
// and PINs, and waits for sel.
func (b *browser) hostTablet(cr createResponse, w, h int, sel string) context.Context {
	b.t.Helper()
	tablet := b.device(w, h)
	b.run(tablet, "host tablet", chromedp.Navigate(b.base+"/#/"),
		chromedp.Evaluate(`localStorage.setItem('qm.host.`+cr.Table+`', JSON.stringify({token: `+jsString(cr.HostToken)+`, pins: `+string(mustJSON(cr.PINs))+`}))`, nil),
		chromedp.Navigate(b.base+"/#/t/"+cr.Table), chromedp.WaitVisible(sel, chromedp.ByQuery))
	return tablet
}

// playerPhone opens seat's private view of table cr on a new 390x844
// phone through the link its QR code carries, and waits for sel.
func (b *browser) playerPhone(cr createResponse, seat int, sel string) context.Context {
	b.t.Helper()
	phone := b.device(390, 844)
	b.run(phone, "the phone of seat "+itoa(uint64(seat+1)), chromedp.Navigate(b.base+"/#/p/"+cr.Table+"?pin="+cr.PINs[engine.Seat(seat)]), chromedp.WaitVisible(sel, chromedp.ByQuery))
	return phone
}
