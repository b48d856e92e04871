package web

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/merchants"
)

// gsStartMerchants creates a Merchants & Marauders table with the engine's
// example setup (its made-up map and cards, fixed captains, seed 42)
// through the API, as the other M&M journeys do (the new-game form would
// draw the captains), and opens it on a tablet and two phones at real
// sizes. Everything after that is taps and typing.
func gsStartMerchants(t *testing.T) (b *browser, tablet, ann, bob context.Context) {
	e := newEnv(t, Options{PingInterval: time.Second}, merchants.Rules())
	cr := createMerchants(t, e)
	b = newBrowser(t, e.http.URL)
	tablet = b.hostTablet(cr, 1024, 768, `#mm-map`)
	ann = b.playerPhone(cr, 0, `#mm-secrets`)
	bob = b.playerPhone(cr, 1, `#mm-secrets`)
	return b, tablet, ann, bob
}

// gsClick waits for sel to show, then taps it.
func (b *browser) gsClick(ctx context.Context, what, sel string) {
	b.t.Helper()
	b.run(ctx, what, chromedp.WaitVisible(sel, chromedp.ByQuery), chromedp.Click(sel, chromedp.ByQuery))
}

// gsGone waits until nothing matches sel.
func gsGone(sel string) chromedp.Action {
	return chromedp.Poll(`!document.querySelector(`+jsString(sel)+`)`, nil, chromedp.WithPollingInterval(50*time.Millisecond))
}

// gsText is the page's whole text.
func (b *browser) gsText(ctx context.Context) string {
	b.t.Helper()
	var s string
	b.run(ctx, "page text", chromedp.Evaluate(`document.body.innerText`, &s))
	return s
}

// gsFits checks a screen the way a player would notice: nothing wider
// than the window, every control of the game's actions at least 48 px,
// and a refusal shown inside the window beside its control.
func (b *browser) gsFits(ctx context.Context, name, area string) {
	b.t.Helper()
	var res struct {
		Wide  bool     `json:"wide"`
		Small []string `json:"small"`
	}
	js := `(() => {
	  const wide = document.documentElement.scrollWidth > window.innerWidth + 1;
	  const small = [...document.querySelectorAll(` + jsString(area+` button, `+area+` label.mm-check, `+area+` input, `+area+` summary`) + `)]
	    .filter((e) => e.offsetParent && e.type !== 'checkbox' && e.type !== 'radio' && (e.getBoundingClientRect().height < 48 || e.getBoundingClientRect().width < 48))
	    .map((e) => (e.innerText || e.id || e.type) + ' ' + Math.round(e.getBoundingClientRect().width) + 'x' + Math.round(e.getBoundingClientRect().height));
	  return {wide, small};
	})()`
	b.run(ctx, "layout of "+name, chromedp.Evaluate(js, &res))
	if res.Wide {
		b.t.Errorf("%s: the page is wider than the screen", name)
	}
	if len(res.Small) > 0 {
		b.t.Errorf("%s: touch targets under 48 px: %q", name, res.Small)
	}
}

// gsRoll types the faces the dice show into the tablet's roll box for the
// oldest roll the game waits for, and waits until it is answered.
func (b *browser) gsRoll(tablet context.Context, faces string) {
	b.t.Helper()
	var req string
	b.run(tablet, "roll "+faces, chromedp.WaitVisible(`#expects .faces`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#expects .expect').dataset.expect`, &req),
		chromedp.SendKeys(`#expects .faces`, faces, chromedp.ByQuery),
		chromedp.Click(`#expects [data-act="enter-roll"]`, chromedp.ByQuery))
	b.run(tablet, "roll "+faces+" answered", gsGone(`#expects [data-expect=`+jsString(req)+`]`))
}

// TestJourneyMerchantsPorts: a port visit on the phones. Ann takes the
// port action in her home port, draws the cargo cards for sale (only her
// phone sees them), is refused three cards for a hold of two (the reason
// under the Buy button), buys two, fails her recruiting roll with a full
// crew (the phone says there is no one to hire) and goes on, and plays her glory card; Bob is refused a frigate he cannot pay
// for at the shipyard (the reason under its button), buys chain-shot
// instead; on her next turn Ann sells the two cards. The tablet shows the
// public side of each step, and neither phone shows the other's secrets.
func TestJourneyMerchantsPorts(t *testing.T) {
	b, tablet, ann, bob := gsStartMerchants(t)

	// Ann's glory card is hers alone.
	var glory string
	b.run(ann, "Ann's glory card", chromedp.Evaluate(`(document.querySelector('#mm-glory [data-card]') || {dataset: {}}).dataset.card || ''`, &glory))
	if glory == "" {
		t.Fatal("Ann's phone shows no glory card")
	}
	if strings.Contains(b.gsText(tablet), glory) || strings.Contains(b.gsText(bob), glory) {
		t.Errorf("another screen shows Ann's glory card %q", glory)
	}

	// The port action.
	b.gsClick(ann, "Ann visits her port", `[data-act="port"]`)
	b.waitText(ann, "#mm-port", "In Anchor Test Port")
	b.waitText(tablet, "#mm-port", "Ann buys goods from their phone")

	// Buying: the cards drawn are on Ann's phone only.
	b.gsClick(ann, "draw the cards for sale", `[data-act="buy-draw"]`)
	b.run(ann, "the cards for sale", chromedp.WaitVisible(`#mm-buy [data-pick="buy"] input`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "Ann draws")
	for _, other := range []context.Context{tablet, bob} {
		var shown bool
		b.run(other, "no cards for sale elsewhere", chromedp.Evaluate(`!!document.querySelector('#mm-buy')`, &shown))
		if shown {
			t.Error("another screen shows the cards Ann drew to buy")
		}
	}
	var offered int
	b.run(ann, "count the offer", chromedp.Evaluate(`document.querySelectorAll('#mm-buy [data-pick="buy"] input').length`, &offered))
	if offered < 3 {
		t.Fatalf("only %d cards drawn to buy", offered)
	}
	for i := 1; i <= 3; i++ {
		b.gsClick(ann, "tick a card", `#mm-buy [data-pick="buy"] label:nth-child(`+itoa(uint64(i))+`) input`)
	}
	b.waitText(ann, `[data-act="buy"]`, "Buy 3 for")
	b.gsClick(ann, "buy three", `[data-act="buy"]`)
	b.waitText(ann, "#mm-buy .mm-refusal", "hold carries 2 cargo cards")
	b.gsShotAt(ann, "mm-ports-ann-buy-refused.png", "#mm-buy")
	b.gsFits(ann, "Ann's buy form", "#mm-act")
	b.gsClick(ann, "untick the third", `#mm-buy [data-pick="buy"] label:nth-child(3) input`)
	b.gsClick(ann, "buy two", `[data-act="buy"]`)
	b.waitText(tablet, "#log", "Ann buys 2 cargo cards")
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "cargo cards 2")
	b.run(ann, "the buy form closes", gsGone(`#mm-buy`))
	b.waitText(ann, "#mm-secrets", "Cargo: test-")

	// Recruiting: the LEADERSHIP roll fails, the hiring form follows.
	b.gsClick(ann, "recruit", `[data-act="recruit"]`)
	b.waitText(tablet, "#mm-rolls", "Ann recruits (Leadership)")
	b.gsRoll(tablet, "1, 2, 3")
	b.waitText(ann, "#mm-act", "The recruiting roll failed, and your crew is full: there is no one to hire.")
	b.gsShotAt(ann, "mm-ports-ann-recruit-pay.png", "#mm-act")
	b.gsClick(ann, "hire none", `[data-act="recruit-pay"]`)
	b.waitText(tablet, "#log", "Ann hires 0 crew")

	// The glory card, played from the phone.
	b.gsClick(ann, "play the glory card", `#mm-glory [data-act^="play-"]`)
	b.waitText(tablet, "#log", "Ann plays "+glory)
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "glory cards 0")
	b.shot(tablet, "mm-ports-tablet-after-ann.png")
	b.gsClick(ann, "done in port", `[data-act="end-port"]`)
	b.run(ann, "port closed", gsGone(`#mm-port`))
	b.gsClick(ann, "end the turn", `[data-act="end-turn"]`)

	// Bob at the shipyard: a frigate he cannot pay for, then chain-shot.
	b.gsClick(bob, "Bob visits his port", `[data-act="port"]`)
	b.waitText(bob, "#mm-shipyard", "Test Frigate · 30 gold")
	b.gsClick(bob, "pick the frigate", `#mm-shipyard input[data-value="frigate"]`)
	b.gsClick(bob, "pay for the frigate", `[data-act="shipyard"]`)
	b.waitText(bob, "#mm-shipyard .mm-refusal", "visit costs 30 gold and you have 10")
	b.gsShotAt(bob, "mm-ports-bob-shipyard-refused.png", "#mm-shipyard .mm-refusal")
	b.gsFits(bob, "Bob's shipyard", "#mm-act")
	b.gsClick(bob, "keep his ship", `#mm-shipyard input[data-value="keep"]`)
	b.gsClick(bob, "tick chain-shot", `#mm-shipyard [data-pick="weapons"] input[data-value="chain-shot"]`)
	b.waitText(bob, `[data-act="shipyard"]`, "Pay 3 gold")
	b.gsClick(bob, "pay for chain-shot", `[data-act="shipyard"]`)
	b.waitText(tablet, "#log", "Bob spends 3 gold at the shipyard")
	b.waitText(tablet, `#mm-players [data-seat="1"]`, "Special weapons: Chain-shot")
	b.gsClick(bob, "done in port", `[data-act="end-port"]`)
	b.run(bob, "port closed", gsGone(`#mm-port`))
	b.gsClick(bob, "end the turn", `[data-act="end-turn"]`)

	// Ann's next turn: she sells what she bought.
	b.waitText(ann, "#mm-act", "Your turn")
	b.gsClick(ann, "Ann visits her port again", `[data-act="port"]`)
	b.gsClick(ann, "tick the first card", `#mm-sell [data-pick="sell"] label:nth-child(1) input`)
	b.gsClick(ann, "tick the second card", `#mm-sell [data-pick="sell"] label:nth-child(2) input`)
	b.waitText(ann, `[data-act="sell"]`, "Sell 2 cards")
	b.gsShotAt(ann, "mm-ports-ann-sell.png", "#mm-sell")
	var offer string
	b.run(ann, "the price offered", chromedp.Evaluate(`(document.querySelector('[data-act="sell"]').innerText.match(/for (\d+) gold/) || ['', ''])[1]`, &offer))
	if offer == "" {
		t.Fatal("the Sell button names no price")
	}
	b.gsClick(ann, "sell", `[data-act="sell"]`)
	b.waitText(tablet, "#log", "Ann sells 2 cards for "+offer+" gold")
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "cargo cards 0")
	b.shot(tablet, "mm-ports-tablet-sold.png")
	b.gsFits(tablet, "the tablet", "#mm-act")
	if strings.Contains(b.gsText(tablet), "Only you see this") {
		t.Error("the tablet shows a player's secrets")
	}
}

// gsShotAt saves what the screen shows with sel scrolled into view (the
// window as a player sees it, not the whole page).
func (b *browser) gsShotAt(ctx context.Context, name, sel string) {
	b.t.Helper()
	var png []byte
	b.run(ctx, "screenshot "+name, chromedp.ScrollIntoView(sel, chromedp.ByQuery), chromedp.CaptureScreenshot(&png))
	if err := os.WriteFile(filepath.Join(b.arts, name), png, 0o644); err != nil {
		b.t.Error(err)
	}
}
