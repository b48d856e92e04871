package web

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/merchants"
)

// merchantsTestCatalog writes the engine's made-up catalog (the one its
// example script plays with: Test Anchorage, Test Cove...) to a file, as an
// owner would share it.
func merchantsTestCatalog(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile("../engine/merchants/testdata/script-basic.json")
	if err != nil {
		t.Fatal(err)
	}
	var script struct {
		Setup struct {
			Catalog json.RawMessage `json:"catalog"`
		} `json:"setup"`
	}
	if err := json.Unmarshal(b, &script); err != nil || len(script.Setup.Catalog) == 0 {
		t.Fatalf("the example script has no catalog: %v", err)
	}
	p := filepath.Join(t.TempDir(), "catalog-merchants-and-marauders.json")
	if err := os.WriteFile(p, script.Setup.Catalog, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// TestBrowserCatalog: the new-game form says Merchants & Marauders needs
// the owner's catalog and links to its page; the owner imports the made-up
// catalog file there, finds a sea zone by name, renames it in its form, is
// refused a border the other zone does not list back (the reason beside Save,
// the change kept as a draft until forgotten), and exports the file with the
// new name; the new-game form no longer asks for a catalog.
func TestBrowserCatalog(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second, Catalogs: DirCatalogs(t.TempDir())}, deadreckoning.Rules(), merchants.Rules())
	file := merchantsTestCatalog(t)
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1280, 800)

	b.run(tablet, "new game", chromedp.Navigate(e.http.URL+"/#/new"), chromedp.WaitVisible(`#rules`, chromedp.ByQuery),
		chromedp.SetValue(`#rules`, merchants.Name, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#rules').dispatchEvent(new Event('change', {bubbles: true}))`, nil))
	b.waitText(tablet, "#needs-catalog", "No owner’s catalog is entered")
	b.shot(tablet, "catalog-needed.png")
	b.run(tablet, "to the catalog page", chromedp.Click(`#needs-catalog a`, chromedp.ByQuery))
	b.waitText(tablet, "#no-catalog", "No catalog is saved yet")
	b.waitText(tablet, ".catalog-page", "+ Add: Sea zone")

	// Import the file through the page's file field.
	b.run(tablet, "import", chromedp.SetUploadFiles(`#catalog-file`, []string{file}, chromedp.ByQuery))
	b.waitText(tablet, "#sec-zones", "Test Anchorage")
	b.waitText(tablet, "#sec-captains", "Captain")
	b.run(tablet, "export offered", chromedp.WaitVisible(`#catalog-export`, chromedp.ByQuery))
	b.shot(tablet, "catalog-imported.png")

	// Search by name.
	b.run(tablet, "search", chromedp.SendKeys(`#catalog-q`, "cove", chromedp.ByQuery))
	b.run(tablet, "only the cove", chromedp.Poll(`!document.querySelector('#sec-zones').innerText.includes('Test Anchorage')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.waitText(tablet, "#sec-zones", "Test Cove")

	// Edit: the zone's labelled form, the name changed.
	b.run(tablet, "open the cove", chromedp.Click(`#sec-zones [data-entry="Test Cove"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#sec-zones .entryform [data-field="name"]`, chromedp.ByQuery))
	b.waitText(tablet, "#sec-zones .entryform", "nation (optional)")
	// The owner selects the old name and types over it.
	b.run(tablet, "rename", chromedp.Evaluate(`document.querySelector('#sec-zones .entryform [data-field="name"]').select()`, nil),
		chromedp.SendKeys(`#sec-zones .entryform [data-field="name"]`, "Test Cove Renamed", chromedp.ByQuery))
	b.shot(tablet, "catalog-edit.png")
	b.run(tablet, "save", chromedp.Click(`#sec-zones [data-act="save-entry"]`, chromedp.ByQuery))
	b.waitText(tablet, "#sec-zones", "Test Cove Renamed")
	b.run(tablet, "form closed", chromedp.Poll(`!document.querySelector('#sec-zones .entryform')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))

	// A border the other zone does not list back: refused beside Save, kept as a draft.
	b.run(tablet, "open again", chromedp.Click(`#sec-zones [data-entry="Test Cove Renamed"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`#sec-zones .entryform [data-field="adjacent"][data-value="tz-anchor"]`, chromedp.ByQuery),
		chromedp.Click(`#sec-zones .entryform [data-field="adjacent"][data-value="tz-anchor"]`, chromedp.ByQuery),
		chromedp.Click(`#sec-zones [data-act="save-entry"]`, chromedp.ByQuery))
	b.waitText(tablet, "#sec-zones .entryform .error", "does not list")
	b.waitText(tablet, "#catalog-draft", "Changes not saved yet")
	b.shot(tablet, "catalog-refused.png")
	b.run(tablet, "forget", chromedp.Click(`#forget-draft`, chromedp.ByQuery),
		chromedp.Poll(`!document.querySelector('#catalog-draft')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))

	// Export: the file the link downloads has the new name, not the refused border.
	var exported string
	b.run(tablet, "export", chromedp.Evaluate(`fetch(document.querySelector('#catalog-export').href).then((r) => r.text())`, &exported,
		func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	var ex struct {
		Zones []struct {
			ID       string   `json:"id"`
			Adjacent []string `json:"adjacent"`
		} `json:"zones"`
	}
	if err := json.Unmarshal([]byte(exported), &ex); err != nil || !strings.Contains(exported, "Test Cove Renamed") {
		t.Errorf("exported catalog (%v): %.300s", err, exported)
	}
	for _, z := range ex.Zones {
		if z.ID == "tz-cove" && slices.Contains(z.Adjacent, "tz-anchor") {
			t.Errorf("the exported cove keeps the refused border: %q", z.Adjacent)
		}
	}
	var dl string
	b.run(tablet, "download name", chromedp.AttributeValue(`#catalog-export`, "download", &dl, nil, chromedp.ByQuery))
	if dl != "catalog-merchants-and-marauders.json" {
		t.Errorf("download name %q", dl)
	}
	saved, err := e.srv.opts.Catalogs.Load(merchants.Name)
	if err != nil || !strings.Contains(string(saved), "Test Cove Renamed") {
		t.Errorf("saved catalog (%v): %.300s", err, saved)
	}

	// The new-game form no longer asks for it.
	b.run(tablet, "new game again", chromedp.Navigate(e.http.URL+"/#/new"), chromedp.WaitVisible(`#rules`, chromedp.ByQuery),
		chromedp.SetValue(`#rules`, merchants.Name, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#rules').dispatchEvent(new Event('change', {bubbles: true}))`, nil),
		chromedp.Sleep(300*time.Millisecond))
	var asks bool
	b.run(tablet, "no notice", chromedp.Evaluate(`!!document.querySelector('#needs-catalog')`, &asks))
	if asks {
		t.Error("the new-game form still says the catalog is missing")
	}

	// On a phone the page fits the width.
	phone := b.device(390, 844)
	b.run(phone, "catalog on a phone", chromedp.Navigate(e.http.URL+"/#/catalog/"+merchants.Name), chromedp.WaitVisible(`#sec-zones`, chromedp.ByQuery))
	var wide bool
	b.run(phone, "overflow", chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth`, &wide))
	if wide {
		t.Error("the catalog page scrolls sideways on a 390 px phone")
	}
	b.shot(phone, "catalog-phone.png")
}
