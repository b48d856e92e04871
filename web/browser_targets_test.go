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
  // The battle's panel: nothing in it scrolls sideways in a box of its own
  // or runs past the panel's edge (the page itself need not scroll for a
  // player to miss the tally's last column).
  const battle = document.querySelector('#battle');
  if (battle && seen(battle)) {
    const right = battle.getBoundingClientRect().right;
    for (const e of battle.querySelectorAll('*')) {
      if (!seen(e) || e instanceof SVGElement) continue;
      const ox = getComputedStyle(e).overflowX;
      if (e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1 && ox !== 'visible') out.push('scrolls sideways in the battle: ' + name(e) + ' ' + e.scrollWidth + ' px in ' + e.clientWidth);
      else if (e.getBoundingClientRect().right > right + 1) out.push('runs out of the battle: ' + name(e) + ' ends at ' + Math.round(e.getBoundingClientRect().right) + ', the panel at ' + Math.round(right));
    }
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

// strengthTextJS lists the battle's strength bars' words smaller than min
// px, and any two of them drawn over each other.
const strengthTextJS = `((min) => {
  const out = [];
  const bars = document.querySelector('#battle .strength');
  if (!bars) return ['no strength bars'];
  const words = [...bars.querySelectorAll('.sname, .snum')];
  for (const el of words) {
    const px = parseFloat(getComputedStyle(el).fontSize);
    if (px < min - 0.5) out.push('"' + el.textContent.trim() + '" at ' + px.toFixed(1) + ' px');
  }
  for (let i = 0; i < words.length; i++) for (let j = i + 1; j < words.length; j++) {
    const a = words[i].getBoundingClientRect(), b = words[j].getBoundingClientRect();
    if (a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom) out.push('"' + words[i].textContent.trim() + '" over "' + words[j].textContent.trim() + '"');
  }
  return out;
})`

// readBattleJS fills the battle's read by hand on the tablet from the cubes
// the step asks to drop: the first side's cubes on damage and strength, the
// second's on cargo and strength, so the tally has several categories.
const readBattleJS = `(() => {
  const zones = [...new Set([...document.querySelectorAll('#bs-read-grid input[data-zone]')].map((i) => i.dataset.zone))].filter((z) => z !== 'redrop');
  const pick = (re) => zones.find((z) => re.test(z));
  const chips = [...document.querySelectorAll('#battle-need .drop .chip')].map((c) => c.textContent.trim().split(' '));
  chips.forEach(([n, c], k) => {
    const put = (z, m) => { const i = document.querySelector('#bs-read-grid input[data-zone="' + z + '"][data-colour="' + c + '"]'); if (i && m) i.value = String(m); };
    let left = Number(n);
    if (left > 1) { put(pick(k === 0 ? /damage/ : /cargo/), 1); left--; }
    put(pick(/strength/), left);
  });
  return chips.length;
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
// of the cargo form), a battle waiting for its first step, the same
// battle's strength bars and its finished tally (the battle panel measured
// for sideways scrolling inside it too), and the "just
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

	// The battle fought on the tablet to its end: cannons, defence, the drop
	// read by hand; while abilities are in turn the strength bars' words are
	// readable (16 px on the tablet, 14 px on a phone) and apart.
	b.frun(tab.ctx, "cannons", tap(`#bs-cannons`))
	b.fwait(tab.ctx, "#battle-steps", "defence")
	b.frun(tab.ctx, "defend", tap(`#bs-defend-go`))
	b.fwait(tab.ctx, "#battle-steps", "ready")
	b.frun(tab.ctx, "drop", tap(`#bs-drop`))
	b.fwait(tab.ctx, "#battle-need", "Drop ")
	// Ann's phone may enter the read too: each zone of its board is a
	// 48 px target and each zone's words stay on the board.
	var zones []string
	b.frun(phone.ctx, "the phone's board", chromedp.WaitVisible(`#battle .boardpick`, chromedp.ByQuery), chromedp.Evaluate(zonePickJS, &zones))
	if len(zones) > 0 {
		t.Errorf("Ann's phone, the board to tap where the cubes lie: %s", strings.Join(zones, "; "))
	}
	b.shot(phone.ctx, "targets-battle-read-phone.png")
	// The tablet's board too: its words touched the board's edge there.
	b.frun(tab.ctx, "the tablet's board", chromedp.WaitVisible(`.boardpick`, chromedp.ByQuery), chromedp.Evaluate(zonePickJS, &zones))
	if len(zones) > 0 {
		t.Errorf("the tablet, the board to tap where the cubes lie: %s", strings.Join(zones, "; "))
	}
	// It is under the battle in the main column, wide enough to read
	// across the table: in the 380 px side column it was 331 px.
	var wide struct {
		W    float64
		Main bool
	}
	b.frun(tab.ctx, "the tablet's board's width", chromedp.Evaluate(`(() => { const bp = [...document.querySelectorAll('.boardpick')].find((e) => e.offsetParent);
	  return {W: bp.getBoundingClientRect().width, Main: !!bp.closest('.main')}; })()`, &wide))
	if wide.W < 500 || !wide.Main {
		t.Errorf("the tablet's board to tap is %.0f px wide (in the main column: %v), want 500 px or more in the main column", wide.W, wide.Main)
	}
	b.shot(tab.ctx, "targets-battle-read-tablet.png")
	var sides int
	b.frun(tab.ctx, "read by hand", chromedp.WaitVisible(`#bs-read`, chromedp.ByQuery), chromedp.Evaluate(readBattleJS, &sides), tap(`#bs-read`))
	if sides != 2 {
		t.Fatalf("the drop named %d sides' cubes, want 2", sides)
	}
	b.fwait(tab.ctx, "#battle-steps", "abilities")
	for _, s := range []struct {
		screen
		min int
	}{{tab, 16}, {phone, 14}} {
		b.fwait(s.ctx, "#battle", "strength")
		var got []string
		b.frun(s.ctx, "strength words", chromedp.Evaluate(strengthTextJS+"("+fmt.Sprint(s.min)+")", &got))
		if len(got) > 0 {
			t.Errorf("%s, the strength bars: %s", s.name, strings.Join(got, "; "))
		}
	}
	b.shot(phone.ctx, "targets-battle-strength-phone.png")
	for range 8 {
		var phase string
		b.frun(tab.ctx, "phase", chromedp.Poll(`(() => { const s = document.querySelector('#battle-steps legend'); const o = document.querySelector('#battle-outcome');
			return o ? 'done' : (s ? s.innerText : ''); })()`, &phase, chromedp.WithPollingInterval(30*time.Millisecond)))
		if phase == "done" {
			break
		}
		var logged int
		b.frun(tab.ctx, "the log", chromedp.Evaluate(`document.querySelectorAll('#log li').length`, &logged))
		if strings.Contains(phase, "plunder") {
			b.frun(tab.ctx, "plunder", tap(`.plunder button`))
		} else {
			b.frun(tab.ctx, "pass", tap(`#bs-pass`))
		}
		// The step taken is in the log before the next is looked at.
		b.frun(tab.ctx, "logged", chromedp.Poll(`document.querySelectorAll('#log li').length > `+fmt.Sprint(logged), nil, chromedp.WithPollingInterval(30*time.Millisecond)))
	}
	// The finished battle's tally: a card per side, every category there in
	// words, nothing scrolling sideways, on both screens.
	for _, s := range []screen{tab, phone} {
		b.fwait(s.ctx, "#battle-outcome", "wins the battle")
		b.fwait(s.ctx, "#battle-tally", "damage")
		checkScreen(t, b, s, "a finished battle")
	}
	b.shot(tab.ctx, "targets-battle-over-tablet.png")
	b.shot(phone.ctx, "targets-battle-over-phone.png")

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

// zonePickJS lists the zones of the battle board to tap (a read by hand)
// smaller than 48 px either way, and the zone names that touch the
// board's edge or run over their zone's.
const zonePickJS = `(() => {
  const out = [];
  const bp = [...document.querySelectorAll('.boardpick')].find((e) => e.offsetParent);
  const r = bp.getBoundingClientRect();
  for (const z of bp.querySelectorAll('[data-zone-pick]')) {
    const q = z.getBoundingClientRect();
    if (q.width < 47.5 || q.height < 47.5) out.push('small ' + z.dataset.zonePick + ' ' + Math.round(q.width) + 'x' + Math.round(q.height));
  }
  for (const s of bp.querySelectorAll('.zname')) {
    const q = s.getBoundingClientRect();
    if (q.left < r.left + 4 || q.right > r.right - 4) out.push('at the board\'s edge: ' + s.textContent + ' ' + Math.round(q.left - r.left) + '/' + Math.round(r.right - q.right));
    // Its words stay inside its own zone, off the zone's edges.
    const z = bp.querySelector('[data-zone-pick="' + s.closest('[data-zone-name]').dataset.zoneName + '"]').getBoundingClientRect();
    if (q.left < z.left + 2 || q.right > z.right - 2) out.push('over its zone\'s edge: ' + s.textContent + ' ' + Math.round(q.left - z.left) + '/' + Math.round(z.right - q.right));
  }
  out.push('board ' + Math.round(r.width) + ' px');
  return out.length > 1 ? out : [];
})()`
