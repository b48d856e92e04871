package journey

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	bt "github.com/quartermaster-table/quartermaster/internal/browsertest"
)

// pcNext is what the tablet offers the player to play in The Pirate's
// Code: the wheel ("choose"), the end of the turn ("end"), or nothing yet.
const pcNext = `(() => {
  if (document.querySelector('#pc-choose button:not([disabled])')) return 'choose';
  if (document.querySelector('#pc-end-turn:not([disabled])')) return 'end';
  return '';
})()`

// pcTurn plays one short turn on ctx (the tablet or the player's phone):
// the Captain to the first space the wheel allows, then the end of the
// turn, and waits for the log to say so.
func pcTurn(t *testing.T, b *bt.Browser, ctx context.Context, name string) {
	t.Helper()
	var st string
	b.Run(ctx, name+"'s wheel", chromedp.Poll(pcNext+` === 'choose'`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.Run(ctx, name+" moves the Captain", chromedp.Click(`#pc-choose button:not([disabled])`, chromedp.ByQuery))
	b.WaitText(ctx, "#log", name+"'s Captain chose")
	b.Run(ctx, name+" may end the turn", chromedp.Poll(`(() => { const s = `+pcNext+`; return s === 'end' ? s : ''; })()`, &st, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.Run(ctx, name+" ends the turn", chromedp.Click(`#pc-end-turn`, chromedp.ByQuery))
	b.WaitText(ctx, "#log", name+" ended the turn")
}

// brokenWords lists the buttons under sel whose words break inside or run
// out of the button (a place name cut "Practic / e Isle 10").
const brokenWords = `((sel) => {
  const out = [];
  for (const btn of document.querySelectorAll(sel)) {
    if (!btn.offsetParent) continue;
    const box = btn.getBoundingClientRect();
    const walk = document.createTreeWalker(btn, NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      for (const m of t.textContent.matchAll(/\S+/g)) {
        const r = document.createRange();
        r.setStart(t, m.index); r.setEnd(t, m.index + m[0].length);
        const rects = [...r.getClientRects()].filter((x) => x.width > 0);
        if (rects.length > 1 || rects.some((x) => x.right > box.right + 1 || x.left < box.left - 1)) out.push(btn.innerText);
      }
    }
  }
  return out;
})`

// TestJourneyPiratesCodeTable: three players sit down with `make run`
// (its practice catalogs) for The Pirate's Code. The owner loads the
// practice catalog on its page; the host starts a game for Ann, Bo and Cat
// on a 1024x768 tablet, and the first round is played on it. Cat joins
// mid-game: the tablet shows her PIN alone, she types it on her phone
// (390x844), and plays her second turn there: her mats, whose turn it is,
// the wheel's moves with their costs, the sail's map cards with the
// practice names whole, each control a finger wide. The tablet follows
// her turn, and a phone that joined late shows the whole log.
func TestJourneyPiratesCodeTable(t *testing.T) {
	s := startServer(t, "--practice-catalogs", "../examples/catalogs")
	b := bt.New(t)
	tablet := b.Device(bt.TabletW, bt.TabletH)
	ann := player{name: "Ann", colour: "Red"}
	bo := player{name: "Bo", colour: "Blue"}
	cat := player{name: "Cat", colour: "Green", phone: b.Device(bt.PhoneW, bt.PhoneH)}

	// The home page says which games the table can play: all three, not
	// the first one alone.
	b.Run(tablet, "open the home page", chromedp.Navigate(s.URL+"/"))
	b.WaitText(tablet, ".hero", "The table companion for Dead Reckoning, The Pirate's Code and Merchants & Marauders.")

	// The owner's catalog: the practice one, from its page.
	b.Run(tablet, "open the catalog page", chromedp.Navigate(s.URL+"/#/catalog/pirates-code"))
	b.Tap(tablet, ".catalog-page", "Load the practice catalog")
	b.WaitText(tablet, ".catalog-page", "Practice Isle 1")

	// Who plays first is picked by name, not by a seat number.
	id := newGame(t, b, tablet, s.URL, "The Pirate's Code", []player{ann, bo, cat}, option{"Who plays first", "Ann"})
	b.WaitText(tablet, "#pc-map", "Practice Isle")
	b.WaitText(tablet, "#pc-turn", "Ann")
	b.Shot(tablet, "journey-pc-start.png")

	// Round 1 on the tablet, in seating order.
	for _, p := range []player{ann, bo, cat} {
		b.WaitText(tablet, "#pc-turn", p.name)
		pcTurn(t, b, tablet, p.name)
	}
	b.WaitText(tablet, "#pc-turn", "Ann")

	// Cat joins now, with the PIN the tablet shows her alone.
	joinPhones(t, b, tablet, s.URL, id, []player{cat})
	b.WaitText(cat.phone, "#pc-table", "Your mats")
	b.WaitText(cat.phone, "#pc-wait", "Ann plays now")
	// Her phone has the game so far: the round she did not see.
	b.WaitText(cat.phone, "#log", "Ann ended the turn")
	b.WaitText(cat.phone, "#log", "Bo ended the turn")
	b.Shot(cat.phone, "journey-pc-cat-joined.png")

	// Round 2: Ann and Bo on the tablet, Cat on her phone.
	pcTurn(t, b, tablet, "Ann")
	pcTurn(t, b, tablet, "Bo")
	b.WaitText(cat.phone, "#pc-act", "Move the Captain to")
	b.WaitText(cat.phone, "#pc-choose", "Deckhand")
	small := func(ctx context.Context, what, sel string) {
		t.Helper()
		var out []string
		b.Eval(ctx, what, `[...document.querySelectorAll(`+bt.JS(sel)+`)].filter((e) => e.offsetParent).map((e) => e.getBoundingClientRect()).filter((r) => r.width < 48 || r.height < 48).map((r) => Math.round(r.width) + 'x' + Math.round(r.height))`, &out)
		if len(out) > 0 {
			t.Errorf("%s: controls under 48 px: %v", what, out)
		}
	}
	small(cat.phone, "Cat's wheel", "#pc-act button")
	b.Shot(cat.phone, "journey-pc-cat-wheel.png")
	b.Run(cat.phone, "Cat moves the Captain", chromedp.Click(`#pc-choose button:not([disabled])`, chromedp.ByQuery))
	b.WaitText(tablet, "#log", "Cat's Captain chose")
	// The sail, if the order lets her sail: the practice names whole.
	var sails bool
	b.Eval(cat.phone, "a sail offered", `!!document.querySelector('#pc-sail')`, &sails)
	if sails {
		var broken []string
		b.Eval(cat.phone, "the sail's cards", brokenWords+`('#pc-sail .pc-to')`, &broken)
		if len(broken) > 0 {
			t.Errorf("Cat's sail buttons break or cut a name: %q", broken)
		}
		small(cat.phone, "Cat's sail", "#pc-sail button")
		b.Shot(cat.phone, "journey-pc-cat-sail.png")
	}
	var wide bool
	b.Eval(cat.phone, "the phone's width", `document.documentElement.scrollWidth > innerWidth + 1`, &wide)
	if wide {
		t.Error("Cat's phone scrolls sideways")
	}
	b.Run(cat.phone, "Cat ends the turn", chromedp.WaitVisible(`#pc-end-turn`, chromedp.ByQuery), chromedp.Click(`#pc-end-turn`, chromedp.ByQuery))
	b.WaitText(tablet, "#log", "Cat ended the turn")
	b.WaitText(tablet, "#pc-turn", "Ann")
	b.WaitText(cat.phone, "#pc-wait", "Ann plays now")
	if b.Has(tablet, "body", "Hide Cat") {
		t.Error("the tablet still shows Cat's PIN")
	}
	b.Shot(tablet, "journey-pc-round3.png")
}
