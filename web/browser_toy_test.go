package web

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/racetoten"
)

// TestBrowserToyGame: a game the shell was not written for (the test game
// Race to Ten) is created from its own new-game form and played to the end
// through the shell and its module: the start roll the game waits for, a
// refusal citing the rulebook's section, and the win.
func TestBrowserToyGame(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules(), racetoten.Rules())
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1280, 800)
	b.run(tablet, "new game", chromedp.Navigate(e.http.URL+"/#/new"), chromedp.WaitVisible(`#rules`, chromedp.ByQuery),
		chromedp.SendKeys(`#rules`, "Race", chromedp.ByQuery))
	b.waitText(tablet, ".form", "Number to reach")
	b.run(tablet, "players", chromedp.SendKeys(`.playerrow:nth-child(1) .pname`, "Ann", chromedp.ByQuery),
		chromedp.SendKeys(`.playerrow:nth-child(2) .pname`, "Ben", chromedp.ByQuery))
	b.shot(tablet, "toy-new-game.png")
	b.run(tablet, "start", chromedp.Click(`#create`, chromedp.ByQuery), chromedp.WaitVisible(`#race`, chromedp.ByQuery))
	b.waitText(tablet, "#counter", "The counter is at 0 of 10")

	// The game waits for the start roll: the shell offers it.
	b.waitText(tablet, "#expects", "white")
	b.shot(tablet, "toy-start-roll.png")
	b.run(tablet, "roll", chromedp.Click(`#expects [data-act="digital-roll"]`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "starts")
	b.run(tablet, "the roll is answered", chromedp.Poll(`!document.querySelector('#expects')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))

	for i, want := range []string{"at 3", "at 6", "at 9"} {
		b.run(tablet, "add 3", chromedp.WaitVisible(`#add-3`, chromedp.ByQuery), chromedp.Click(`#add-3`, chromedp.ByQuery))
		b.waitText(tablet, "#log", "the counter is "+want)
		_ = i
	}
	// Past the target: refused, with the section of the rulebook.
	b.run(tablet, "add 3 at 9", chromedp.Click(`#add-3`, chromedp.ByQuery))
	b.waitText(tablet, ".error.rule", "adding 3 would pass 10 (rulebook: Winning)")
	b.shot(tablet, "toy-refused.png")
	b.run(tablet, "add 1", chromedp.Click(`#add-1`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "reached 10 and wins")
	b.waitText(tablet, ".topbar", "Game over")
	b.waitText(tablet, "#race", "wins")
	b.shot(tablet, "toy-won.png")
}
