package web

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/racetoten"
)

// TestBrowserActionsOnSocket: the dashboard sends its actions on the live
// socket it already holds, not as HTTP requests, and a refusal still shows
// the rule beside the control; when the socket cannot take the action it is
// posted instead, and applied once.
func TestBrowserActionsOnSocket(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules(), racetoten.Rules())
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1024, 768)
	b.run(tablet, "new game", chromedp.Navigate(e.http.URL+"/#/new"), chromedp.WaitVisible(`#rules`, chromedp.ByQuery),
		chromedp.SendKeys(`#rules`, "Race", chromedp.ByQuery))
	b.waitText(tablet, ".form", "Number to reach")
	b.run(tablet, "players", chromedp.SendKeys(`.playerrow:nth-child(1) .pname`, "Ann", chromedp.ByQuery),
		chromedp.SendKeys(`.playerrow:nth-child(2) .pname`, "Ben", chromedp.ByQuery))
	b.run(tablet, "start", chromedp.Click(`#create`, chromedp.ByQuery), chromedp.WaitVisible(`#race`, chromedp.ByQuery))
	b.waitText(tablet, "#status", "live")
	// Count the page's HTTP requests that post an action.
	b.run(tablet, "count posts", chromedp.Evaluate(`window.__posts = 0; const f = window.fetch;
		window.fetch = (u, o) => { if (String(u).endsWith('/actions') && o && o.method === 'POST') window.__posts++; return f(u, o); }; 0`, nil))
	posts := func() int {
		var n int
		b.run(tablet, "posts so far", chromedp.Evaluate(`window.__posts`, &n))
		return n
	}

	b.waitText(tablet, "#expects", "white")
	b.run(tablet, "roll", chromedp.Click(`#expects [data-act="digital-roll"]`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "starts")
	b.run(tablet, "the roll is answered", chromedp.Poll(`!document.querySelector('#expects')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	for _, want := range []string{"at 3", "at 6", "at 9"} {
		b.run(tablet, "add 3", chromedp.WaitVisible(`#add-3`, chromedp.ByQuery), chromedp.Click(`#add-3`, chromedp.ByQuery))
		b.waitText(tablet, "#log", "the counter is "+want)
	}
	b.run(tablet, "add 3 at 9", chromedp.Click(`#add-3`, chromedp.ByQuery))
	b.waitText(tablet, ".error.rule", "adding 3 would pass 10 (rulebook: Winning)")
	b.shot(tablet, "socket-actions-refused.png")
	if n := posts(); n != 0 {
		t.Errorf("%d actions were posted over HTTP while the socket was open", n)
	}

	// The socket cannot send: the action is posted instead, once.
	b.run(tablet, "cut sending", chromedp.Evaluate(`WebSocket.prototype.send = function () { throw new Error('cut'); }; 0`, nil))
	b.run(tablet, "add 1", chromedp.Click(`#add-1`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "reached 10 and wins")
	b.waitText(tablet, ".topbar", "Game over")
	if n := posts(); n != 1 {
		t.Errorf("the action the socket could not send was posted %d times, want once", n)
	}
	b.shot(tablet, "socket-actions-posted.png")
}
