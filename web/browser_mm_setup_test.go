package web

import (
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/merchants"
	"github.com/quartermaster-table/quartermaster/internal/browsertest"
)

// holdViews wraps the page's WebSocket so a test can hold the table's
// updates (window.__hold = true) while answers to the page's own actions
// still come: the phone then taps on the table as it was, as a phone does
// when another player's tap lands a moment before its own.
const holdViews = `(() => {
  const W = window.WebSocket;
  window.__hold = false;
  function Held(url, protocols) {
    const ws = protocols === undefined ? new W(url) : new W(url, protocols);
    let h = null;
    ws.addEventListener('message', (ev) => {
      try { const m = JSON.parse(ev.data); if (window.__hold && (m.type === 'view' || m.type === 'patch')) return; } catch (e) {}
      if (h) h.call(ws, ev);
    });
    Object.defineProperty(ws, 'onmessage', { set(f) { h = f; }, get() { return h; } });
    return ws;
  }
  Held.prototype = W.prototype;
  Object.assign(Held, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = Held;
})()`

// TestBrowserMerchantsShipsTogether: Merchants & Marauders' first ships are
// picked in secret, each player on their phone at the same time. Bob taps
// Flute on a phone that has not yet seen Ann's pick (she tapped a moment
// before): his pick is taken, not refused with "someone else acted first"
// (it was, and he had to tap again), and the game starts with both ships.
// On two 390x844 phones.
func TestBrowserMerchantsShipsTogether(t *testing.T) {
	dir := filepath.Dir(merchantsTestCatalog(t))
	e := newEnv(t, Options{PingInterval: time.Second, Catalogs: DirCatalogs(dir)}, deadreckoning.Rules(), merchants.Rules())
	b := browsertest.New(t)
	tablet := b.Device(browsertest.TabletW, browsertest.TabletH)
	openMerchantsForm(b, tablet, e.http.URL)
	b.Fill(tablet, "body", "Name of seat 1", "Ann")
	b.Fill(tablet, "body", "Name of seat 2", "Bob")
	b.Tap(tablet, "body", "Start the game")
	b.WaitText(tablet, "#mm-status", "Each player picks their first ship in secret")
	// The tablet says how a phone joins.
	b.WaitText(tablet, "#mm-setup-wait", "To join a phone, tap Phones & PINs at the top and scan its code.")
	var hash, host string
	b.Eval(tablet, "the table", `location.hash`, &hash)
	table := hash[len("#/t/"):]
	b.Eval(tablet, "the PINs", `localStorage.getItem('qm.host.`+table+`')`, &host)
	var h struct {
		PINs map[engine.Seat]string `json:"pins"`
	}
	if err := json.Unmarshal([]byte(host), &h); err != nil || len(h.PINs) != 2 {
		t.Fatalf("the tablet keeps no PINs: %q (%v)", host, err)
	}

	phone := func(seat engine.Seat) (ctx context.Context) {
		ctx = b.Device(browsertest.PhoneW, browsertest.PhoneH)
		b.Run(ctx, "hold-able updates", chromedp.ActionFunc(func(c context.Context) error {
			_, err := page.AddScriptToEvaluateOnNewDocument(holdViews).Do(c)
			return err
		}), chromedp.Navigate(e.http.URL+"/#/p/"+table+"?pin="+h.PINs[seat]))
		b.WaitText(ctx, "#mm-act", "Pick your first ship")
		return ctx
	}
	ann, bob := phone(0), phone(1)

	// Bob's phone stops hearing the table; Ann picks; Bob, still seeing the
	// table before her pick, picks too.
	b.Run(bob, "Bob's phone misses the next update", chromedp.Evaluate(`window.__hold = true`, nil))
	// The buttons name the ships as the catalog does ("Test Sloop"; they
	// said the type, "Sloop", and the captain then sailed a Test Sloop).
	b.Tap(ann, "#mm-act", "Test Sloop")
	b.WaitText(ann, ".actions", "You have picked your ship")
	b.WaitText(tablet, "#log", "Ann has picked a ship")
	b.Tap(bob, "#mm-act", "Test Flute")
	b.Run(bob, "Bob's phone hears the table again", chromedp.Evaluate(`window.__hold = false`, nil))
	b.WaitText(tablet, "#mm-status", "Round 1")
	b.WaitText(bob, "#mm-players", "Flute")
	if txt := b.Text(bob, ".actions"); b.Has(bob, ".actions", "Flute") || containsAny(txt, "acted first", "Problem") {
		t.Errorf("Bob's phone after his pick:\n%s", txt)
	}
	b.Shot(bob, "mm-ships-together-bob.png")
}

// containsAny says whether s holds any of the words.
func containsAny(s string, words ...string) bool {
	for _, w := range words {
		if strings.Contains(s, w) {
			return true
		}
	}
	return false
}

// TestJourneyMerchantsStartPlayerNames: the new-game form's "Start player"
// names the players as they are typed ("Ann", "Bob"; it said "Seat 1"),
// says "The player in seat 3" for a seat with no name yet, and offers only
// the seats at the table. The pick starts the game with that player. On a
// 1024x768 tablet.
func TestJourneyMerchantsStartPlayerNames(t *testing.T) {
	dir := filepath.Dir(merchantsTestCatalog(t))
	e := newEnv(t, Options{PingInterval: time.Second, Catalogs: DirCatalogs(dir)}, deadreckoning.Rules(), merchants.Rules())
	b := browsertest.New(t)
	tablet := b.Device(browsertest.TabletW, browsertest.TabletH)
	openMerchantsForm(b, tablet, e.http.URL)
	const choices = `[...document.querySelectorAll('#opt-first option')].map((o) => o.textContent).join('|')`
	var got string
	b.Fill(tablet, "body", "Name of seat 1", "Ann")
	b.Fill(tablet, "body", "Name of seat 2", "Bob")
	b.Tap(tablet, "body", "Add a player")
	b.Eval(tablet, "the start player's choices", choices, &got)
	if got != "Draw for us|Ann|Bob|The player in seat 3" {
		t.Fatalf("Start player offers %q, want the names typed and plain words for seat 3", got)
	}
	b.Fill(tablet, "body", "Start player", "Bob")
	b.Shot(tablet, "mm-start-player-tablet.png")
	b.Tap(tablet, ".playerrow:nth-child(3)", "✕")
	b.Eval(tablet, "the start player's choices", choices, &got)
	if got != "Draw for us|Ann|Bob" {
		t.Fatalf("with two players Start player offers %q", got)
	}
	b.Tap(tablet, "body", "Start the game")
	b.WaitText(tablet, "#mm-status", "Each player picks their first ship in secret")
	ts, err := e.srv.tables.List(context.Background())
	if err != nil || len(ts) != 1 {
		t.Fatalf("tables: %v %v", ts, err)
	}
	tb, err := e.srv.tables.Get(context.Background(), ts[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		First int `json:"first"`
	}
	if err := json.Unmarshal(tb.View(engine.Public).View, &v); err != nil || v.First != 1 {
		t.Errorf("the game starts with seat %d (%v), want Bob's (seat 2)", v.First, err)
	}
}
