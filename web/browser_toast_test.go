package web

import (
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/internal/browsertest"
)

// longToast is a notice as long as the longest a table says at once (an
// action's events joined), ~280 characters: on a 390 px phone it grew to
// ~170 px over the page.
const longToast = "Ann ends the turn · the round is over · the pirate sloop sails to Test Open Sea and scouts Bob · Bob rolls Scouting · the merchant track fills: a merchant token goes to each sea zone · Bob's turn: he draws an event card, Test Event 4, and a new captain comes for the sloop"

// TestBrowserToastOutOfTheWay: on a 390x844 phone a long notice stays in
// the bar (two lines and "more"), so the control right under the bar
// still takes its tap; a tap on the notice shows it whole, the next hides
// it. Before, it grew ~170 px over the page and took the taps meant for
// the buttons under it.
func TestBrowserToastOutOfTheWay(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules())
	b := browsertest.New(t)
	phone := b.Device(browsertest.PhoneW, browsertest.PhoneH)
	b.Run(phone, "the start page", chromedp.Navigate(e.http.URL+"/#/"))
	b.WaitText(phone, "main", "New game")
	b.Eval(phone, "a long notice", `import('/js/ui.js').then((m) => { m.toast(`+jsString(longToast)+`, 'ok'); return true; })`, nil)
	var r struct {
		Bottom, Bar float64
		Cut         bool
		Hit         string
	}
	b.Eval(phone, "where the notice is", `(() => {
	  const t = document.querySelector('#toast.show'), bar = document.querySelector('#bar');
	  const tb = t.getBoundingClientRect().bottom, bb = bar.getBoundingClientRect().bottom;
	  const hit = document.elementFromPoint(innerWidth / 2, bb + 12);
	  return {Bottom: tb, Bar: bb, Cut: t.classList.contains('cut'), Hit: hit && hit.closest('#toast') ? 'the notice' : 'the page'};
	})()`, &r)
	if r.Bottom > r.Bar+1 || r.Hit != "the page" {
		t.Errorf("the notice reaches y=%.0f past the bar's bottom %.0f: a tap under the bar lands on %s", r.Bottom, r.Bar, r.Hit)
	}
	if !r.Cut {
		t.Error("a notice longer than the bar's two lines does not say there is more")
	}
	b.Shot(phone, "toast-phone-short.png")
	// The player asks for the rest: the whole notice, then gone.
	b.Run(phone, "tap the notice", chromedp.Click(`#toast`, chromedp.ByQuery))
	var whole bool
	b.Eval(phone, "the notice whole", `(() => { const m = document.querySelector('#toast.whole .msg'); return !!m && m.scrollHeight <= m.clientHeight + 1 && m.getBoundingClientRect().bottom <= innerHeight; })()`, &whole)
	if !whole {
		t.Error("a tap on the notice does not show it whole")
	}
	b.Shot(phone, "toast-phone-whole.png")
	b.Run(phone, "tap it again", chromedp.Click(`#toast`, chromedp.ByQuery))
	b.Run(phone, "the notice goes", chromedp.Poll(`!document.querySelector('#toast.show')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	if s := b.Text(phone, "body"); !strings.Contains(s, "New game") {
		t.Errorf("the tap on the notice went through to the page: %q", s[:min(len(s), 200)])
	}
}
