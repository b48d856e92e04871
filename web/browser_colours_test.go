package web

import (
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/merchants"
	"github.com/quartermaster-table/quartermaster/internal/browsertest"
)

// seatColours is a script returning the colour each seat of the new-game
// form shows, as its label (what a player reads in the list).
const seatColours = `[...document.querySelectorAll('.playerrow select.pcolour')].map((s) => s.options[s.selectedIndex].text)`

// openMerchantsForm opens the new-game form with Merchants & Marauders chosen.
func openMerchantsForm(b *browsertest.Browser, ctx context.Context, url string) {
	b.Run(ctx, "the start page", chromedp.Navigate(url+"/#/"))
	b.Tap(ctx, "body", "New game")
	b.Fill(ctx, "body", "Game", "Merchants")
	b.WaitText(ctx, ".form", "Keeps every ship")
}

// TestJourneyMerchantsColours: Merchants & Marauders' new-game form offers
// each seat a colour to pick, every seat starting with one of its own, so
// Start works with only the names typed (it asked for a colour typed per
// seat and refused "Ann has no colour"). A seat given a colour another seat
// has is refused beside its list, in words (the players' names once typed,
// "Ann has Red already"), and Start does nothing until it
// changes; a player moved up keeps their colour. On a 1024x768 tablet and a
// 390x844 phone.
func TestJourneyMerchantsColours(t *testing.T) {
	dir := filepath.Dir(merchantsTestCatalog(t))
	e := newEnv(t, Options{PingInterval: time.Second, Catalogs: DirCatalogs(dir)}, deadreckoning.Rules(), merchants.Rules())
	b := browsertest.New(t)
	tablet := b.Device(browsertest.TabletW, browsertest.TabletH)

	openMerchantsForm(b, tablet, e.http.URL)
	var got []string
	b.Eval(tablet, "the seats' colours", seatColours, &got)
	if strings.Join(got, ",") != "Red,Blue" {
		t.Fatalf("the two seats start with colours %q, want Red and Blue", got)
	}
	b.Fill(tablet, "body", "Name of seat 1", "Ann")
	b.Fill(tablet, "body", "Name of seat 2", "Bob")
	b.Tap(tablet, "body", "Add a player")
	b.Fill(tablet, "body", "Name of seat 3", "Cat")
	b.Eval(tablet, "the seats' colours", seatColours, &got)
	if strings.Join(got, ",") != "Red,Blue,Green" {
		t.Fatalf("after adding a seat the colours are %q, want Red, Blue, Green", got)
	}

	// Cat takes Ann's red: refused beside Cat's colour, Start does nothing.
	b.Fill(tablet, "body", "Colour of seat 3", "Red")
	b.WaitText(tablet, ".playerrow:nth-child(3) [role=alert]", "Ann has Red already: pick another colour for Cat.")
	var alerts int
	b.Eval(tablet, "refusals shown", visibleAlerts, &alerts)
	if alerts != 1 {
		t.Errorf("the clash is shown %d times, want once beside seat 3:\n%s", alerts, b.Text(tablet, ".form"))
	}
	b.Tap(tablet, "body", "Start the game")
	var focused string
	b.Eval(tablet, "focus", `document.activeElement && document.activeElement.getAttribute('aria-label') || ''`, &focused)
	if focused != "Colour of seat 3" {
		t.Errorf("Start with a clash puts the focus on %q, want seat 3's colour", focused)
	}
	b.Shot(tablet, "colours-clash-tablet.png")
	if ts, err := e.srv.tables.List(context.Background()); err != nil || len(ts) != 0 {
		t.Fatalf("Start with two red seats created %d tables (%v)", len(ts), err)
	}

	// Cat takes yellow, then moves up a seat: the colour goes with her.
	b.Fill(tablet, "body", "Colour of seat 3", "Yellow")
	b.Run(tablet, "the clash goes", chromedp.Poll(visibleAlerts+` === 0`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.Run(tablet, "move Cat up", chromedp.Click(`.playerrow:nth-child(3) button[title="Move up"]`, chromedp.ByQuery))
	b.Eval(tablet, "the seats' colours", seatColours, &got)
	if strings.Join(got, ",") != "Red,Yellow,Blue" {
		t.Errorf("after Cat moved up the colours are %q, want Red, Yellow, Blue", got)
	}
	var names []string
	b.Eval(tablet, "the seats' names", `[...document.querySelectorAll('.playerrow .pname')].map((i) => i.value)`, &names)
	if strings.Join(names, ",") != "Ann,Cat,Bob" {
		t.Errorf("after Cat moved up the names are %q, want Ann, Cat, Bob", names)
	}
	b.Shot(tablet, "colours-form-tablet.png")
	b.Tap(tablet, "body", "Start the game")
	b.WaitText(tablet, "#status", "live")
	b.WaitText(tablet, ".topbar", "Merchants & Marauders")

	// The start page lists the table with each player in their colour.
	b.Run(tablet, "the start page", chromedp.Navigate(e.http.URL+"/#/"))
	b.WaitText(tablet, ".who", "Cat")
	var chips []string
	b.Eval(tablet, "the players' chips", `[...document.querySelectorAll('.who .chip')].map((c) => c.innerText + ' ' + c.style.getPropertyValue('--c'))`, &chips)
	want := []string{"Ann " + merchants.Colours[0].CSS, "Cat " + merchants.Colours[3].CSS, "Bob " + merchants.Colours[1].CSS}
	if strings.Join(chips, ",") != strings.Join(want, ",") {
		t.Errorf("the table's players are %q, want %q", chips, want)
	}

	// On a phone: the same clash, its reason on screen beside seat 2; a
	// seat with no name yet is said by its number.
	phone := b.Device(browsertest.PhoneW, browsertest.PhoneH)
	openMerchantsForm(b, phone, e.http.URL)
	b.Fill(phone, "body", "Colour of seat 2", "Red")
	b.WaitText(phone, ".playerrow:nth-child(2) [role=alert]", "Seat 1 has Red already: pick another colour for seat 2.")
	b.Fill(phone, "body", "Colour of seat 2", "Blue")
	b.Run(phone, "the clash goes", chromedp.Poll(visibleAlerts+` === 0`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.Fill(phone, "body", "Name of seat 1", "Dan")
	b.Fill(phone, "body", "Name of seat 2", "Eve")
	b.Fill(phone, "body", "Colour of seat 2", "Red")
	b.Tap(phone, "body", "Start the game")
	b.WaitText(phone, ".playerrow:nth-child(2) [role=alert]", "Dan has Red already: pick another colour for Eve.")
	var inView bool
	b.Eval(phone, "the reason in view", `(() => { const r = document.querySelector('.playerrow:nth-child(2) [role=alert]').getBoundingClientRect();
	  return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; })()`, &inView)
	if !inView {
		t.Errorf("on a phone the clash's reason is off screen after Start")
	}
	b.Shot(phone, "colours-clash-phone.png")
	b.Fill(phone, "body", "Colour of seat 2", "Purple")
	b.Run(phone, "the clash goes", chromedp.Poll(visibleAlerts+` === 0`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.Shot(phone, "colours-form-phone.png")
	b.Tap(phone, "body", "Start the game")
	b.WaitText(phone, "#status", "live")
}
