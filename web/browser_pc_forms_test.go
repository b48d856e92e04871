package web

import (
	"context"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/piratescode"
)

// gsStartPiratesCode creates a game of The Pirate's Code from the engine's
// example setup (its made-up catalog) with the table's layout of the
// wheels and captains given (as players lay them out), Test Captain 1's
// front side printing "move your Deckhands" and "sail the Navy 1 card" for
// a Trade; it is created through the API like the other journeys (the
// new-game form deals the layout at random), then opened on a tablet and
// two phones. Everything after that is taps.
func gsStartPiratesCode(t *testing.T) (b *browser, tablet, ann, bo context.Context) {
	e := newEnv(t, Options{PingInterval: time.Second}, piratescode.Rules())
	var setup map[string]any
	seed := exampleScript(t, "../engine/piratescode/testdata/script-example.json", &setup)
	front := setup["catalog"].(map[string]any)["captains"].([]any)[0].(map[string]any)["sides"].([]any)[0].(map[string]any)
	front["trigger"] = "trade"
	front["bonuses"] = []any{map[string]any{"kind": "reassign"}, map[string]any{"kind": "sail-navy", "n": 1}}
	wheel := []string{"trade", "plunder", "crew-up", "search", "attack"}
	setup["layout"] = map[string]any{"players": []any{map[string]any{"wheel": wheel, "captain": "test-captain-1"}, map[string]any{"wheel": wheel, "captain": "test-captain-2"}}}
	cr := createTable(t, e, piratescode.Name, setup, seed, "Ann", "red", "Bo", "blue")
	b = newBrowser(t, e.http.URL)
	tablet = b.hostTablet(cr, 1024, 768, `#pc-map`)
	ann = b.playerPhone(cr, 0, `#pc-table`)
	bo = b.playerPhone(cr, 1, `#pc-table`)
	return b, tablet, ann, bo
}

// gsAssign is the count shown on a player's mats for an assignment.
func (b *browser) gsAssign(ctx context.Context, seat, label string) string {
	b.t.Helper()
	var s string
	b.run(ctx, "mats", chromedp.Evaluate(`(() => { const m = document.querySelector('.pc-mats[data-seat="`+seat+`"] .pc-assign'); const x = m && [...m.children].find((e) => e.innerText.startsWith(`+jsString(label)+`)); return x ? x.innerText : ''; })()`, &s))
	return s
}

// TestJourneyPiratesCodeForms: Ann moves her Deckhands with her captain's
// bonus on her phone (one from Cannons to Extort, the mats follow on the
// tablet); two rounds later her Captain crosses the Ship Line and the
// table sails the ships on the tablet: a Navy route that does not close in
// on her ship is refused under the end-turn button, then the Orange
// merchant ship goes to the card picked for it and the Navy is left to the
// game; the log names every card as printed, never by an id.
func TestJourneyPiratesCodeForms(t *testing.T) {
	b, tablet, ann, bo := gsStartPiratesCode(t)

	// Round 1: Ann's Captain to Trade, then her bonus on her phone.
	b.gsClick(ann, "Ann: Trade", `#pc-order-1`)
	b.waitText(tablet, "#log", "Ann's Captain chose Trade")
	b.waitText(ann, "#pc-reassign", "Test Captain 1: move your 3 Deckhands")
	before := b.gsAssign(tablet, "0", "Extort")
	b.gsClick(ann, "one less on Cannons", `#pc-reassign [data-assign="cannons"] button[aria-label^="one less"]`)
	b.waitText(ann, "#pc-reassign", "1 still to place")
	b.gsClick(ann, "one more on Extort", `#pc-reassign [data-assign="extort"] button[aria-label^="one more"]`)
	b.waitText(ann, "#pc-reassign", "Every Deckhand placed")
	b.gsShotAt(ann, "pc-forms-ann-reassign.png", "#pc-reassign")
	b.gsFits(ann, "Ann's bonus form", "#pc-act")
	b.gsClick(ann, "move them", `#pc-reassign-go`)
	b.waitText(tablet, "#log", "Ann takes Test Captain 1's bonus: move the Deckhands")
	b.run(tablet, "Extort grows", chromedp.Poll(`(() => { const m = document.querySelector('.pc-mats[data-seat="0"] .pc-assign'); return !!m && m.innerText.includes('Extort 2'); })()`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	if before != "Extort 1" {
		t.Errorf("Ann's Extort before the bonus: %q", before)
	}
	b.gsClick(ann, "Ann ends", `#pc-end-turn`)
	b.gsClick(bo, "Bo: Trade", `#pc-order-1`)
	b.waitText(tablet, "#log", "Bo's Captain chose Trade")
	b.gsClick(bo, "Bo ends", `#pc-end-turn`)

	// Round 2: Ann's Captain to Attack (three Deckhands to the wheel).
	b.gsClick(ann, "Ann: Attack", `#pc-order-5`)
	b.waitText(tablet, "#log", "Ann's Captain chose Attack")
	b.gsClick(ann, "Ann ends", `#pc-end-turn`)
	b.gsClick(bo, "Bo: Plunder", `#pc-order-2`)
	b.waitText(tablet, "#log", "Bo's Captain chose Plunder")
	// Bo plunders with the real bag: the cube he drew is tapped in.
	b.waitText(bo, "#pc-plunder-form", "nothing tapped: the game draws")
	b.gsClick(bo, "Bo drew a Gunpowder", `#pc-plunder-form [data-drawn="gunpowder"]`)
	b.waitText(bo, "#pc-plunder-form", "drawn from the bag: Gunpowder")
	b.gsShotAt(bo, "pc-forms-bo-plunder-draw.png", "#pc-plunder-form")
	b.gsFits(bo, "Bo's plunder", "#pc-act")
	b.gsClick(bo, "Bo plunders", `#pc-plunder`)
	b.waitText(tablet, "#log", "Bo plundered gunpowder")
	b.waitText(tablet, `.pc-mats[data-seat="1"] .pc-booty`, "Gunpowder")
	b.gsClick(bo, "Bo ends", `#pc-end-turn`)

	// Round 3: past Hide Out, across the Ship Line; the tablet sails.
	b.waitText(tablet, "#pc-act", "Move the Captain to")
	b.gsClick(tablet, "Ann: Hide Out", `#pc-order-0`)
	b.waitText(tablet, "#log", "Ann's Captain chose Hide Out and crossed the Ship Line")
	b.waitText(tablet, "#pc-ship-line", "Bo sails the ships")
	// A Navy route that does not close in on Ann's ship: its own card.
	b.gsClick(tablet, "the Navy stays", `#pc-ship-line [data-navy-to].here`)
	b.gsClick(tablet, "end the turn", `#pc-end-turn`)
	b.waitText(tablet, "#pc-ship-line .pc-refusal", "Not allowed")
	var beside bool
	b.run(tablet, "the refusal is beside the button", chromedp.Evaluate(`(() => { const r = document.querySelector('#pc-ship-line .pc-refusal').getBoundingClientRect(), g = document.querySelector('#pc-end-turn').getBoundingClientRect();
	  return r.left >= 0 && r.right <= innerWidth && r.top >= g.bottom - 1 && r.top - g.bottom < 80; })()`, &beside))
	if !beside {
		t.Error("the Ship Line's refusal is not under the end-turn button")
	}
	var alerts int
	b.run(tablet, "refusals shown", chromedp.Evaluate(visibleAlerts, &alerts))
	if alerts != 1 {
		t.Errorf("the tablet shows the Ship Line's refusal %d times, want once beside the button", alerts)
	}
	var refusal string
	b.run(tablet, "refusal text", chromedp.Text(`#pc-ship-line .pc-refusal`, &refusal, chromedp.ByQuery))
	if cellIDRe.MatchString(refusal) {
		t.Errorf("the refusal names a card by its id: %q", refusal)
	}
	b.gsShotAt(tablet, "pc-forms-tablet-ship-line-refused.png", "#pc-end-turn")
	b.run(tablet, "forget the Navy's route", chromedp.Click(`#pc-ship-line p button`, chromedp.ByQuery))
	var step, stepPlace string
	b.run(tablet, "the Orange merchant's first choice", chromedp.Evaluate(`document.querySelector('#pc-ship-line [data-merchant="orange"] [data-step]').dataset.step`, &step),
		chromedp.Evaluate(`document.querySelector('#pc-ship-line [data-merchant="orange"] [data-step]').innerText.replace(/^to /, '')`, &stepPlace))
	b.gsClick(tablet, "Orange's card", `#pc-ship-line [data-merchant="orange"] [data-step="`+step+`"]`)
	b.gsFits(tablet, "the Ship Line", "#pc-act")
	b.gsClick(tablet, "sail and end", `#pc-end-turn`)
	b.waitText(tablet, "#log", "The Orange merchant ship sailed to "+stepPlace)
	b.waitText(tablet, "#log", "The Navy sailed to")
	b.waitText(tablet, `.pc-cell[data-cell="`+step+`"]`, "Orange merchant")
	b.waitText(bo, "#pc-act", "Move the Captain to")
	b.shot(tablet, "pc-forms-tablet-after-ship-line.png")

	var log string
	b.run(tablet, "the log", chromedp.Text(`#log`, &log, chromedp.ByQuery))
	if m := cellIDRe.FindString(log); m != "" {
		t.Errorf("the log names a card by its id %s:\n%s", m, log)
	}
	if !strings.Contains(log, "Test Isle") {
		t.Errorf("the log names no map card:\n%s", log)
	}
}

// cellIDRe is how a map card is named in the JSON ("R2C3"), never on
// screen.
var cellIDRe = regexp.MustCompile(`R\dC\d`)
