package web

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/piratescode"
)

// TestBrowserCatalogKinds: each kind's section sits where the kit says its
// entries are. The owner imports The Pirate's Code's made-up catalog; the
// map cards are under "Map cards", and the Navy's values (keys of the file
// itself) are one entry, "Navy", whose form changes navyJostles in place:
// the saved file has the new number and no invented key.
func TestBrowserCatalogKinds(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second, Catalogs: DirCatalogs(t.TempDir())}, piratescode.Rules())
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1024, 768)
	b.run(tablet, "the catalog page", chromedp.Navigate(e.http.URL+"/#/catalog/"+piratescode.Name), chromedp.WaitVisible(`#catalog-file`, chromedp.ByQuery))
	file, err := filepath.Abs("../engine/piratescode/testdata/catalog-test.json")
	if err != nil {
		t.Fatal(err)
	}
	b.run(tablet, "import", chromedp.SetUploadFiles(`#catalog-file`, []string{file}, chromedp.ByQuery))
	b.waitText(tablet, "#sec-mapCards", "Map cards")
	b.waitText(tablet, "#sec-mapCards", "Test Isle")
	b.waitText(tablet, "#sec-navy", "Navy")
	var keys []string
	b.run(tablet, "sections", chromedp.Evaluate(`[...document.querySelectorAll('.catsec')].map((s) => s.id)`, &keys))
	for _, k := range keys {
		if k == "sec-navys" || k == "sec-navySail" || k == "sec-navyJostles" {
			t.Errorf("a section guessed from the file: %s (all: %v)", k, keys)
		}
	}
	b.gsClick(tablet, "open the Navy", `#sec-navy [data-entry="Navy"]`)
	b.run(tablet, "navyJostles", chromedp.WaitVisible(`#sec-navy .entryform [data-field="navyJostles"]`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#sec-navy .entryform [data-field="navyJostles"]').select()`, nil),
		chromedp.SendKeys(`#sec-navy .entryform [data-field="navyJostles"]`, "3", chromedp.ByQuery))
	b.gsShotAt(tablet, "catalog-kinds-navy.png", "#sec-navy")
	b.gsClick(tablet, "save", `#sec-navy [data-act="save-entry"]`)
	b.run(tablet, "form closed", gsGone(`#sec-navy .entryform`))
	saved, err := e.srv.opts.Catalogs.Load(piratescode.Name)
	if err != nil {
		t.Fatal(err)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(saved, &top); err != nil {
		t.Fatal(err)
	}
	if string(top["navyJostles"]) != "3" {
		t.Errorf("navyJostles saved as %s", top["navyJostles"])
	}
	for k := range top {
		if strings.HasPrefix(k, "navy") && k != "navySail" && k != "navyJostles" {
			t.Errorf("the save invented the key %q", k)
		}
	}
}
