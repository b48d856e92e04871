package web

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/quartermaster-table/quartermaster/engine/racetoten"
)

// TestBrowserRefusalStaysThroughUpdates: Ann's +3 at 9 of 10 is refused in
// the banner above the table; while she reads it, another screen takes a
// move back. The refusal is still there, whole, until she taps its ✕.
func TestBrowserRefusalStaysThroughUpdates(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, racetoten.Rules())
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1024, 768)
	b.run(tablet, "new game", chromedp.Navigate(e.http.URL+"/#/new"), chromedp.WaitVisible(`#create`, chromedp.ByQuery))
	b.Fill(tablet, "body", "Name of seat 1", "Ann")
	b.Fill(tablet, "body", "Name of seat 2", "Ben")
	b.Tap(tablet, "body", "Start the game")
	// The white die says 1: Ann starts.
	b.Tap(tablet, "#expects", "1")
	b.Tap(tablet, "#expects", "Enter the roll")
	b.waitText(tablet, "#log", "starts")
	b.waitText(tablet, "#status", "live")
	for _, want := range []string{"at 3", "at 6", "at 9"} {
		b.Tap(tablet, ".actions", "+3")
		b.waitText(tablet, "#log", "the counter is "+want)
	}
	b.Tap(tablet, ".actions", "+3")
	b.waitText(tablet, ".error.rule", "adding 3 would pass 10 (rulebook: Winning)")

	// Another screen holding the host's token takes the last move back.
	var id, token string
	b.run(tablet, "table and token", chromedp.Evaluate(`location.hash.split('/')[2]`, &id))
	b.run(tablet, "token", chromedp.Evaluate(`JSON.parse(localStorage.getItem('qm.host.`+id+`')).token`, &token))
	sess, err := e.mgr.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	if r := e.do("POST", "/api/tables/"+id+"/undo", `{"baseVersion":`+itoa(sess.Version())+`}`, host(token)...); r.status != 200 {
		t.Fatalf("undo on another screen: %d %s", r.status, r.body)
	}
	b.waitText(tablet, "#counter", "The counter is at 6 of 10")
	b.shot(tablet, "refusal-kept-after-update.png")
	if got := b.Text(tablet, ".error.rule"); got == "" {
		t.Fatal("the refusal was wiped when another screen took a move back")
	}

	// Ann has read it: she puts it away.
	b.Tap(tablet, ".error.rule", "✕")
	b.run(tablet, "the banner goes", chromedp.Poll(`!document.querySelector('.error')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
}
