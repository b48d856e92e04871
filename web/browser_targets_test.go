package web

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
)

// Screen sizes the targets are measured at: a common phone held upright and
// a 10" tablet lying on the table (CSS pixels).
const (
	phoneW, phoneH   = 390, 844
	tabletW, tabletH = 1024, 768
)

// measureJS lists what a finger or an eye would stumble on in the page: a
// visible control (button, field, list, tile, link styled as a button)
// smaller than 48 px either way (a checkbox counts with its label), an id,
// code or missing value where players read words, and an element running
// out of the screen sideways (the page then scrolls sideways).
const measureJS = `(() => {
  const out = [];
  const vw = document.documentElement.clientWidth;
  const seen = (e) => e.getClientRects().length > 0 && getComputedStyle(e).visibility !== 'hidden';
  const name = (e) => (e.id ? '#' + e.id : e.tagName.toLowerCase() + (e.className && typeof e.className === 'string' ? '.' + e.className.trim().split(/\s+/).join('.') : '')) +
    ' "' + (e.innerText || e.value || e.getAttribute('aria-label') || '').trim().replace(/\s+/g, ' ').slice(0, 30) + '"';
  for (const e of document.querySelectorAll('#app button, #app input, #app select, #app textarea, #app summary, #app a.btn, #app a.big, #app [role=button]')) {
    if (!seen(e) || e.type === 'hidden' || e.type === 'file' || e.disabled && e.closest('[hidden]')) continue;
    const box = (e.type === 'checkbox' || e.type === 'radio') && e.closest('label') ? e.closest('label') : e;
    const r = box.getBoundingClientRect();
    if (r.width < 47.5 || r.height < 47.5) out.push('small ' + name(e) + ': ' + Math.round(r.width) + 'x' + Math.round(r.height));
  }
  // Words a player could read that are not words: a position id, a
  // catalog or card id, a rule's code in brackets, a value that is missing.
  const text = document.querySelector('#app').innerText;
  for (const re of [/\bR\dC\d\b/g, /\b[a-z]+(?:-[a-z]+)*-\d+\b/g, /\[[a-z]+(?:-[a-z]+)+\]/g, /\bundefined\b|\bnull\b|\bNaN\b|\[object \w+\]/g]) {
    for (const m of new Set(text.match(re) || [])) out.push('not words: "' + m + '"');
  }
  if (document.documentElement.scrollWidth > vw + 1) {
    // The deepest elements running past the right edge say what is too wide.
    const wide = [...document.querySelectorAll('#app *')].filter((e) => seen(e) && e.getBoundingClientRect().right > vw + 1 && getComputedStyle(e).position !== 'fixed');
    const leaves = wide.filter((e) => !wide.some((x) => x !== e && e.contains(x)));
    out.push('the page is ' + document.documentElement.scrollWidth + ' px wide on a ' + vw + ' px screen: ' + leaves.slice(0, 5).map((e) => name(e) + ' ends at ' + Math.round(e.getBoundingClientRect().right)).join('; '));
  }
  return out;
})()`

// boardTextJS lists the board's words smaller than 16 px, and says when the
// board is narrower than half the screen.
const boardTextJS = `(() => {
  const b = document.querySelector('#board');
  if (!b) return ['no board'];
  const out = [];
  const w = b.getBoundingClientRect().width;
  if (w < window.innerWidth / 2) out.push('the board is ' + Math.round(w) + ' px wide on a ' + window.innerWidth + ' px screen');
  const walk = document.createTreeWalker(b, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const t = n.textContent.trim();
    if (!t) continue;
    const el = n.parentElement;
    const r = el.getBoundingClientRect();
    const px = parseFloat(getComputedStyle(el).fontSize) * (el instanceof SVGElement && el.ownerSVGElement ? el.ownerSVGElement.getScreenCTM().a : 1);
    if (r.width > 0 && px < 15.5) out.push('"' + t.slice(0, 20) + '" at ' + px.toFixed(1) + ' px');
  }
  return out;
})()`

// screen is one device looking at the table: a tablet as the host, or a
// player's phone.
type screen struct {
	name string
	ctx  context.Context
}

// checkScreen measures the screen as it is, then opens each of the Act
// panel's tiles in turn (and each mode of the cargo form) and measures it
// open, failing the test for every small target or sideways overflow.
func checkScreen(t *testing.T, b *browser, s screen, moment string) {
	t.Helper()
	// Each defect once, with the first moment it was seen.
	var issues []string
	seen := map[string]bool{}
	measure := func(what string) {
		var got []string
		b.frun(s.ctx, "measure "+what, chromedp.Evaluate(measureJS, &got))
		for _, g := range got {
			if !seen[g] {
				seen[g] = true
				issues = append(issues, g+" ("+what+")")
			}
		}
	}
	measure("as it opens")
	var tiles []string
	b.frun(s.ctx, "the tiles", chromedp.Evaluate(`[...document.querySelectorAll('#app details[id]')].filter((d) => d.getClientRects().length).map((d) => d.id)`, &tiles))
	for _, id := range tiles {
		sel := `#` + id
		b.frun(s.ctx, "open "+id, chromedp.Evaluate(`(() => { const d = document.querySelector(`+jsString(sel)+`); if (!d.open) d.querySelector('summary').click(); return true; })()`, nil),
			chromedp.Poll(`(() => { const d = document.querySelector(`+jsString(sel)+`); return !!d && d.open && d.children.length > 1; })()`, nil, chromedp.WithPollingInterval(30*time.Millisecond)))
		measure(id + " open")
		if id == "f-cargo" {
			for _, m := range []string{"unload", "jettison", "rearrange"} {
				b.frun(s.ctx, "cargo "+m, tap(`#f-cargo [data-mode="`+m+`"]`),
					chromedp.Poll(`document.querySelector('#f-cargo [data-mode="`+m+`"]').getAttribute('aria-pressed') === 'true'`, nil, chromedp.WithPollingInterval(30*time.Millisecond)))
				measure("cargo form, " + m)
			}
		}
	}
	if len(issues) > 0 {
		t.Errorf("%s, %s:\n  %s", s.name, moment, strings.Join(issues, "\n  "))
	}
}

// checkBoardText fails the test when the tablet's board has words under
// 16 px or does not use the width.
func checkBoardText(t *testing.T, b *browser, s screen, moment string) {
	t.Helper()
	var got []string
	b.frun(s.ctx, "board text", chromedp.Evaluate(boardTextJS, &got))
	if len(got) > 0 {
		t.Errorf("%s, %s: the board's words are too small to read across the table:\n  %s", s.name, moment, strings.Join(got, "\n  "))
	}
}

// openScreens opens the table on the host's tablet and on Ann's phone.
func openScreens(t *testing.T, b *browser, e *env, cr createResponse) (tab, phone screen) {
	t.Helper()
	tab = screen{name: fmt.Sprintf("the tablet (%dx%d)", tabletW, tabletH), ctx: b.device(tabletW, tabletH)}
	b.frun(tab.ctx, "open as host", chromedp.Navigate(e.http.URL+"/#/"),
		chromedp.Evaluate(`localStorage.setItem('qm.host.`+cr.Table+`', JSON.stringify({token: `+jsString(cr.HostToken)+`}))`, nil),
		chromedp.Navigate(e.http.URL+"/#/t/"+cr.Table), chromedp.WaitVisible(`#board`, chromedp.ByQuery))
	phone = screen{name: fmt.Sprintf("Ann's phone (%dx%d)", phoneW, phoneH), ctx: b.device(phoneW, phoneH)}
	b.frun(phone.ctx, "Ann's phone", chromedp.Navigate(e.http.URL+"/#/p/"+cr.Table+"?pin="+cr.PINs[0]), chromedp.WaitVisible(`#board`, chromedp.ByQuery))
	return tab, phone
}

// TestBrowserTouchTargets: every control of Dead Reckoning's screens is at
// least 48 px each way, nothing runs off the screen sideways and no id or
// code shows where players read words, on a phone
// (390x844) and the tablet (1024x768), at several moments of a game: the
// boards beside the Harbor to enter, a turn at an island with a Merchant
// ship and a pirate (each tile of the Act panel opened in turn, each mode
// of the cargo form), a battle waiting for its first step, and the "just
// score" page once counted. On the
// tablet the board uses the width and its words are at least 16 px.
func TestBrowserTouchTargets(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules())
	b := newBrowser(t, e.http.URL)

	// The start of a new game: three boards to enter, the setup guide.
	r := e.do("POST", "/api/tables", `{"rules":"dead-reckoning","seed":4,"form":{"players":[{"name":"Ann","colour":"purple"},{"name":"Ben","colour":"green"}]}}`)
	if r.status != 201 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var fresh createResponse
	r.json(t, &fresh)
	tab, phone := openScreens(t, b, e, fresh)
	b.fwait(tab.ctx, "#board-entry", "Enter what the board in row 1, left shows")
	checkScreen(t, b, tab, "a new game")
	checkBoardText(t, b, tab, "a new game")
	checkScreen(t, b, phone, "a new game")
	b.shot(tab.ctx, "targets-new-tablet.png")
	b.shot(phone.ctx, "targets-new-phone.png")

	// Ann's turn at Test Isle 1 (a Merchant ship on its card space), Ben's
	// pirate ship beside her, her Captain and Purser in play.
	body := `{"rules":"dead-reckoning","seed":7,"setup":` + merchantSetup + `,"players":[{"name":"Ann","colour":"purple","seat":0},{"name":"Ben","colour":"green","seat":1}]}`
	r = e.do("POST", "/api/tables", body)
	if r.status != 201 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var cr createResponse
	r.json(t, &cr)
	g := &formsGame{e: e, table: cr.Table, token: cr.HostToken}
	g.play(t, `{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R1C1"]}`, `{"type":"end-turn","seat":0}`,
		`{"type":"set-sails","seat":1}`, `{"type":"move","seat":1,"path":["R1C1"]}`, `{"type":"end-turn","seat":1,"pirate":true}`,
		`{"type":"play-card","seat":0,"card":"captain"}`, `{"type":"play-card","seat":0,"card":"purser"}`)
	tab, phone = openScreens(t, b, e, cr)
	b.fwait(tab.ctx, "#turn", "Ann to play")
	b.fwait(phone.ctx, "#f-buy", "Merchant ship")
	for _, s := range []screen{tab, phone} {
		checkScreen(t, b, s, "a turn at an island")
		// Plotting a move: the boards to tap, Sail and Cancel.
		b.frun(s.ctx, "plot a move", tap(`#act-move`), chromedp.WaitVisible(`#move-go`, chromedp.ByQuery), tap(`[data-pos="R1C2"]`))
		b.fwait(s.ctx, `[data-pos="R1C2"] .step`, "1")
		checkScreen(t, b, s, "plotting a move")
	}
	checkBoardText(t, b, tab, "a turn at an island")
	b.shot(tab.ctx, "targets-turn-tablet.png")
	b.shot(phone.ctx, "targets-turn-phone.png")

	// A battle: Ann attacks Ben's pirate ship; it waits for her cannons.
	g.play(t, `{"type":"attack-ship","seat":0,"target":1}`)
	b.fwait(tab.ctx, "#battle", "Ben")
	b.fwait(phone.ctx, "#battle", "Ben")
	for _, s := range []screen{tab, phone} {
		checkScreen(t, b, s, "a battle")
	}
	checkBoardText(t, b, tab, "a battle")
	b.shot(tab.ctx, "targets-battle-tablet.png")
	b.shot(phone.ctx, "targets-battle-phone.png")

	// The "just score" page, counted: the form, the chart, the breakdown.
	for _, s := range []screen{tab, phone} {
		b.frun(s.ctx, "the score page", chromedp.Navigate(e.http.URL+"/#/score"), chromedp.WaitVisible(`#score-go`, chromedp.ByQuery),
			chromedp.Evaluate(`(() => { const ps = document.querySelectorAll('.score-player');
			  ps[0].querySelector('.name').value = 'Ann'; ps[0].querySelector('.chest').value = 30;
			  ps[1].querySelector('.name').value = 'Ben'; ps[1].querySelector('.chest').value = 20; })()`, nil),
			tap(`#score-go`), chromedp.WaitVisible(`#breakdown`, chromedp.ByQuery))
		checkScreen(t, b, s, "the score counted")
	}
	b.shot(phone.ctx, "targets-score-phone.png")
}
