package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
)

// TestBrowserCatalogNamesOnly: the owner's catalog page names entries by
// their names, never by the ids the file keeps ("test-isle-1"): an entry
// without a name by what it says (a bonus token by its achievements), an
// achievement's value by the achievement's words. A new island's form asks
// no id: the saved file has one made from its name.
func TestBrowserCatalogNamesOnly(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second, Catalogs: DirCatalogs(t.TempDir())}, deadreckoning.Rules())
	file := filepath.Join(t.TempDir(), "catalog-dead-reckoning.json")
	cat := `{"islands":[{"id":"test-isle-1","name":"Test Isle 1","slots":4,"values":[6,5,4],"cargo":2,"coins":1}],
		"advancements":[{"id":"test-card-9","name":"Test Card","row":1,"slot":"top","cost":1}],
		"bonusTokens":[{"id":"test-token-7","achievements":["explorer","master-merchant"]}],
		"achievementValues":{"master-merchant":4}}`
	if err := os.WriteFile(file, []byte(cat), 0o644); err != nil {
		t.Fatal(err)
	}
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1024, 768)
	b.run(tablet, "the catalog page", chromedp.Navigate(e.http.URL+"/#/catalog/"+deadreckoning.Name), chromedp.WaitVisible(`#catalog-file`, chromedp.ByQuery),
		chromedp.SetUploadFiles(`#catalog-file`, []string{file}, chromedp.ByQuery))
	b.waitText(tablet, "#sec-islands", "Test Isle 1")
	b.waitText(tablet, "#sec-bonusTokens", "explorer, master merchant")
	b.waitText(tablet, "#sec-achievementValues", "master merchant: 4")
	b.Tap(tablet, "#sec-islands", "Test Isle 1")
	b.run(tablet, "the island's form", chromedp.WaitVisible(`#sec-islands .entryform [data-field="name"]`, chromedp.ByQuery))
	b.shot(tablet, "catalog-names-only.png")
	page := b.Text(tablet, "#app")
	for _, id := range []string{"test-isle-1", "test-card-9", "test-token-7", "master-merchant"} {
		if strings.Contains(page, id) {
			t.Errorf("the catalog page shows the id %q:\n%s", id, page)
		}
	}
	if b.Has(tablet, "#sec-islands .entryform", "Id") || strings.Contains(b.Text(tablet, "#sec-islands .entryform"), "Id\n") {
		t.Error("the island's form asks for an id")
	}
	// The hand-size box sits beside its words: a box, not a band across the
	// form with the tick drawn in its middle.
	var width float64
	b.run(tablet, "the hand-size box", chromedp.Evaluate(`document.querySelector('#sec-islands .entryform [data-field="handIcon"]').getBoundingClientRect().width`, &width))
	if width > 40 {
		t.Errorf("the hand-size icon's box is %v px wide", width)
	}
	b.Tap(tablet, "#sec-islands .entryform", "Cancel")

	// A new island: its name and printed values only.
	b.Tap(tablet, "#sec-islands", "+ Add")
	b.Fill(tablet, "#sec-islands .entryform", "Name", "Test Isle Nouvelle")
	b.Fill(tablet, "#sec-islands .entryform", "Cube slots", "3")
	b.Fill(tablet, "#sec-islands .entryform", "Coins for 1st", "5\n4")
	b.Fill(tablet, "#sec-islands .entryform", "Cargo produced", "1")
	b.Fill(tablet, "#sec-islands .entryform", "Coins produced", "2")
	b.Tap(tablet, "#sec-islands .entryform", "Save")
	b.waitText(tablet, "#sec-islands", "Test Isle Nouvelle")
	saved, err := e.srv.opts.Catalogs.Load(deadreckoning.Name)
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Islands []struct{ ID, Name string }
	}
	if err := json.Unmarshal(saved, &got); err != nil {
		t.Fatal(err)
	}
	ids := map[string]string{}
	for _, is := range got.Islands {
		ids[is.Name] = is.ID
	}
	if ids["Test Isle Nouvelle"] != "test-isle-nouvelle" || ids["Test Isle 1"] != "test-isle-1" {
		t.Errorf("saved islands' ids: %v, want the new one made from its name and the old one kept", ids)
	}
}
