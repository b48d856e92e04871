package web

import (
	"encoding/json"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/merchants"
	"github.com/quartermaster-table/quartermaster/internal/browsertest"
)

// TestJourneyCatalogPicks: Merchants & Marauders' catalog forms offer the
// sea zones by name to tap where they asked for typed ids: a zone's
// bordering zones are ticks, a captain's home port and a mission's zone a
// list of the zones' names (a zone is not offered as its own border). The owner ticks a border both zones list and
// moves a captain's home port, and the saved catalog has the zones' ids.
// On a 1024x768 tablet and a 390x844 phone.
func TestJourneyCatalogPicks(t *testing.T) {
	cats := DirCatalogs(t.TempDir())
	e := newEnv(t, Options{PingInterval: time.Second, Catalogs: cats}, merchants.Rules())
	b := browsertest.New(t)
	for _, d := range []struct {
		name string
		w, h int
	}{{"tablet", browsertest.TabletW, browsertest.TabletH}, {"phone", browsertest.PhoneW, browsertest.PhoneH}} {
		ctx := b.Device(d.w, d.h)
		b.Run(ctx, "the catalog page", chromedp.Navigate(e.http.URL+"/#/catalog/"+merchants.Name), chromedp.WaitVisible(`#catalog-file`, chromedp.ByQuery),
			chromedp.SetUploadFiles(`#catalog-file`, []string{merchantsTestCatalog(t)}, chromedp.ByQuery))
		b.WaitText(ctx, "#sec-zones", "Test Anchorage")

		// Test Dunes borders Test Cove and Test Open Sea: ticked, by name.
		b.Run(ctx, "open the dunes", chromedp.Click(`#sec-zones [data-entry="Test Dunes"]`, chromedp.ByQuery),
			chromedp.WaitVisible(`#sec-zones .entryform [data-field="adjacent"]`, chromedp.ByQuery))
		var ticked []string
		b.Eval(ctx, "ticked borders", `[...document.querySelectorAll('#sec-zones .entryform [data-field="adjacent"]:checked')].map((c) => c.closest('label').innerText.trim())`, &ticked)
		if len(ticked) != 2 || ticked[0] != "Test Cove" || ticked[1] != "Test Open Sea" {
			t.Errorf("%s: Test Dunes' borders ticked %q, want Test Cove and Test Open Sea", d.name, ticked)
		}
		var self int
		b.Eval(ctx, "itself offered", `document.querySelectorAll('#sec-zones .entryform [data-field="adjacent"][data-value="tz-dune"]').length`, &self)
		if self != 0 {
			t.Errorf("%s: Test Dunes is offered as a border of itself", d.name)
		}
		var typed int
		b.Eval(ctx, "typed ids", `document.querySelectorAll('#sec-zones .entryform textarea[data-field="adjacent"], #sec-zones .entryform input[data-field="adjacent"]:not([type=checkbox])').length`, &typed)
		if typed != 0 {
			t.Errorf("%s: the bordering zones are still typed", d.name)
		}
		b.Shot(ctx, "catalog-picks-borders-"+d.name+".png")
		b.Tap(ctx, "#sec-zones .entryform", "Cancel")

		// Test Captain 1's home port: Test Anchorage, moved to Test Cove.
		b.Run(ctx, "open the captain", chromedp.Click(`#sec-captains [data-entry="Test Captain 1"]`, chromedp.ByQuery),
			chromedp.WaitVisible(`#sec-captains .entryform [data-field="home"]`, chromedp.ByQuery))
		var home string
		b.Eval(ctx, "home port", `(() => { const s = document.querySelector('#sec-captains .entryform [data-field="home"]'); return s.options[s.selectedIndex].text; })()`, &home)
		if home != "Test Anchorage" {
			t.Errorf("%s: Test Captain 1's home port shows %q, want Test Anchorage", d.name, home)
		}
		b.Fill(ctx, "#sec-captains .entryform", "Home port", "Test Cove")
		b.Shot(ctx, "catalog-picks-home-"+d.name+".png")
		b.Tap(ctx, "#sec-captains .entryform", "Save")
		b.Run(ctx, "form closed", chromedp.Poll(`!document.querySelector('#sec-captains .entryform')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
		saved := loadMerchantsCatalog(t, cats)
		if saved.Captains[0].Home != "tz-cove" {
			t.Errorf("%s: saved home port %q, want tz-cove", d.name, saved.Captains[0].Home)
		}
	}
}

// loadMerchantsCatalog reads the saved catalog's captains.
func loadMerchantsCatalog(t *testing.T, cats Catalogs) (c struct {
	Captains []struct {
		Home string `json:"home"`
	} `json:"captains"`
}) {
	t.Helper()
	raw, err := cats.Load(merchants.Name)
	if err == nil {
		err = json.Unmarshal(raw, &c)
	}
	if err != nil || len(c.Captains) == 0 {
		t.Fatalf("saved catalog (%v): %.200s", err, raw)
	}
	return c
}
