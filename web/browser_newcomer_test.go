package web

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/merchants"
	"github.com/quartermaster-table/quartermaster/internal/browsertest"
)

// TestJourneyNewcomer is a newcomer's first minutes on a 1024x768 tablet:
// Merchants & Marauders is started from the form with its colours picked
// (TestJourneyMerchantsColours tests the list); a game's own
// words start with a capital; Dead Reckoning without a catalog says where
// to enter a card instead of offering a button that does nothing; nations are named as players say them; a PIN
// shown on the table's page goes when the host leaves the page.
func TestJourneyNewcomer(t *testing.T) {
	// The owner's catalog of Merchants & Marauders is the engine's test
	// data (made-up values), as an owner would have imported it.
	dir := filepath.Dir(merchantsTestCatalog(t))
	e := newEnv(t, Options{PingInterval: time.Second, Catalogs: DirCatalogs(dir)}, deadreckoning.Rules(), merchants.Rules())
	b := browsertest.New(t)
	tablet := b.Device(browsertest.TabletW, browsertest.TabletH)

	b.Run(tablet, "the start page", chromedp.Navigate(e.http.URL+"/#/"))
	b.Tap(tablet, "body", "New game")
	b.Fill(tablet, "body", "Game", "Merchants")
	b.WaitText(tablet, ".form", "Keeps every ship")
	b.WaitText(tablet, ".form", "The turn order is drawn anew each round")
	b.Fill(tablet, "body", "Name of seat 1", "Ann")
	b.Fill(tablet, "body", "Name of seat 2", "Bob")
	b.Fill(tablet, "body", "Colour of seat 1", "Red")
	b.Fill(tablet, "body", "Colour of seat 2", "Blue")
	b.Shot(tablet, "newcomer-mm-form.png")
	b.Tap(tablet, "body", "Start the game")
	b.WaitText(tablet, "#status", "live")
	b.WaitText(tablet, ".topbar", "Merchants & Marauders")
	b.WaitText(tablet, ".topbar", "Ann")
	b.WaitText(tablet, ".main", "Port: Anchor Test Port (English)")
	b.Shot(tablet, "newcomer-mm-table.png")

	// Dead Reckoning with no catalog: the form says so and where to go.
	b.Run(tablet, "the start page", chromedp.Navigate(e.http.URL+"/#/"))
	b.Tap(tablet, "body", "New game")
	b.Fill(tablet, "body", "Game", "Dead Reckoning")
	b.WaitText(tablet, "#needs-catalog", "Enter or import it before you start")
	b.Fill(tablet, "body", "Name of seat 1", "Ann")
	b.Fill(tablet, "body", "Name of seat 2", "Ben")
	b.Tap(tablet, "body", "Start the game")
	b.WaitText(tablet, "#status", "live")
	// A board the rules refuse (no cube slots): the reason under the form's
	// button, once, naming the island as the player typed it (not an id).
	b.Fill(tablet, ".actions", "Island name", "Test Isle A")
	b.Tap(tablet, ".actions", "Enter the board")
	b.WaitText(tablet, "#board-entry [role=alert]", "Test Isle A: enter its cube slots, from 1 to 12 (rulebook")
	// An empty field is asked for, not counted back as a code ("(got 0)").
	if txt := b.Text(tablet, "#board-entry [role=alert]"); strings.Contains(txt, "got") {
		t.Errorf("the board's refusal reads %q", txt)
	}
	var alerts int
	b.Eval(tablet, "refusals shown", visibleAlerts, &alerts)
	if alerts != 1 {
		t.Errorf("the board's refusal is shown %d times, want once in its form:\n%s", alerts, b.Text(tablet, ".table-page"))
	}
	b.Shot(tablet, "newcomer-dr-refused.png")
	b.Fill(tablet, ".actions", "Cube slots", "4")
	b.Fill(tablet, ".actions", "Coins for 1st", "6, 5, 4")
	b.Fill(tablet, ".actions", "Cargo produced", "2")
	b.Tap(tablet, ".actions", "Enter the board")
	b.WaitText(tablet, "#log", "The board in row 1, left is Test Isle A")
	b.WaitText(tablet, "#card-entry", "No Row 1 card is in your catalog yet")
	// The form's question wraps on the tablet; it must sit inside the
	// form's border, not run over it (a rendered legend straddles it).
	var legendTop float64
	b.Eval(tablet, "legend inside the border", `(() => { const f = document.querySelector('#card-entry'); return f.querySelector('legend').getBoundingClientRect().top - f.getBoundingClientRect().top; })()`, &legendTop)
	if legendTop < 2 {
		t.Errorf("the card form's question starts %.0f px below the form's top: it runs over the border", legendTop)
	}
	if b.Has(tablet, "#card-entry", "Enter the card") || !b.Has(tablet, "#card-entry", "Open the owner’s catalog") {
		t.Errorf("without a catalog the card's form should offer the catalog page, not a dead button:\n%s", b.Text(tablet, "#card-entry"))
	}
	var dead int
	b.Eval(tablet, "dead buttons", `document.querySelectorAll('#card-entry button:disabled').length`, &dead)
	if dead != 0 {
		t.Errorf("the card's form shows %d disabled buttons", dead)
	}
	b.Shot(tablet, "newcomer-dr-table.png")

	// Ann's PIN is open when the host goes back a page: the PIN goes too.
	b.Tap(tablet, ".topbar", "Phones & PINs")
	b.Tap(tablet, "#pins", "Ann")
	b.WaitText(tablet, "#pin-shown", "PIN")
	b.Run(tablet, "back a page", chromedp.NavigateBack())
	b.WaitText(tablet, "body", "New game")
	var open bool
	b.Eval(tablet, "the PIN dialog", `!!document.querySelector('#pins')`, &open)
	if open {
		t.Errorf("Ann's PIN stays on the screen after leaving the table:\n%s", b.Text(tablet, "body"))
	}
	b.Run(tablet, "forward to the table", chromedp.NavigateForward())
	b.WaitText(tablet, "#card-entry", "No Row 1 card is in your catalog yet")
	b.Tap(tablet, "#card-entry", "Open the owner’s catalog")
	b.WaitText(tablet, "#no-catalog", "No catalog is saved yet for Dead Reckoning")
	if s := b.Text(tablet, "body"); strings.Contains(s, "cannot start without") {
		t.Errorf("the catalog page says Dead Reckoning cannot start without a catalog, yet it just did:\n%s", s)
	}
}
