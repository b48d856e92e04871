package web

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/piratescode"
)

// The Pirate's Code's journeys: a solo game from the new-game form to its
// end on the tablet, and a two-player game on a tablet and two phones with
// an attack whose dice are tapped in. The owner's catalog is the engine's
// made-up test data (testdata/catalog-test.json, "Test Isle 1"...).

// pcCatalog reads the engine's test catalog; edit may change it (journey
// test data).
func pcCatalog(t *testing.T, edit func(map[string]any)) []byte {
	t.Helper()
	b, err := os.ReadFile("../engine/piratescode/testdata/catalog-test.json")
	if err != nil {
		t.Fatal(err)
	}
	if edit == nil {
		return b
	}
	var c map[string]any
	if err := json.Unmarshal(b, &c); err != nil {
		t.Fatal(err)
	}
	edit(c)
	out, err := json.Marshal(c)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// pcState says what the tablet offers next in a solo game, from what is on
// its screen: the game's end, a roll to make, a fight to count, the next
// wheel space, or the end of the turn.
const pcState = `(() => {
  if (document.querySelector('#pc-end')) return 'over';
  if (document.querySelector('#expects [data-act="digital-roll"]')) return 'roll';
  if (document.querySelector('#pc-resolve')) return 'resolve';
  if (document.querySelector('#pc-choose')) {
    const cap = document.querySelector('.pc-mats[data-seat="0"] .pc-wheel li.captain .pc-space');
    return 'choose:' + ((Number(cap.textContent) + 1) % 6);
  }
  if (document.querySelector('#pc-end-turn')) return 'end';
  return 'wait';
})()`

// pcLastVersion is the newest move number of the log (0 when empty).
const pcLastVersion = `(() => { const e = document.querySelector('#log li[data-version]'); return e ? Number(e.dataset.version) : 0; })()`

// tap clicks sel and waits for the game to take a new move (a refused tap
// fails the test with the page's text).
func (b *browser) tap(ctx context.Context, what, sel string) {
	b.t.Helper()
	var v int
	b.run(ctx, what+": version", chromedp.Evaluate(pcLastVersion, &v))
	b.run(ctx, what, chromedp.WaitVisible(sel, chromedp.ByQuery), chromedp.Click(sel, chromedp.ByQuery),
		chromedp.Poll(pcLastVersion+` > `+itoa(uint64(v)), nil, chromedp.WithPollingInterval(50*time.Millisecond)))
}

// toastGone fails the test when the bar's message still shows old, the
// table having moved on since (stale news read as news).
func (b *browser) toastGone(ctx context.Context, name, old string) {
	b.t.Helper()
	var shown string
	b.run(ctx, name+": the toast", chromedp.Evaluate(`(() => { const t = document.querySelector('#toast.show'); return t ? t.textContent : ''; })()`, &shown))
	if strings.Contains(shown, old) {
		b.t.Errorf("%s: the bar still says %q, which is no longer the news", name, shown)
	}
}

// pcFits checks a screen: nothing wider than the window, every button of
// the module at least 48 px, text at least 16 px (minPx).
func (b *browser) pcFits(ctx context.Context, name string, minPx int) {
	b.t.Helper()
	var res struct {
		Wide    bool     `json:"wide"`
		Small   []string `json:"small"`
		Tiny    []string `json:"tiny"`
		Overrun []string `json:"overrun"`
	}
	js := `(() => {
	  const wide = document.documentElement.scrollWidth > window.innerWidth + 1;
	  const small = [...document.querySelectorAll('#pc-table button, #pc-act button, .pc-fight button')]
	    .filter((b) => b.offsetParent && (b.getBoundingClientRect().height < 48 || b.getBoundingClientRect().width < 48)).map((b) => b.innerText);
	  const tiny = [...document.querySelectorAll('#pc-table *, #pc-act *')].filter((e) => e.offsetParent && e.childNodes.length &&
	    [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) && parseFloat(getComputedStyle(e).fontSize) < ` + itoa(uint64(minPx)) + `).map((e) => e.tagName + '.' + e.className + ' ' + getComputedStyle(e).fontSize + ': ' + e.textContent.slice(0, 30));
	  const overrun = [...document.querySelectorAll('#pc-table *, #pc-act *')].filter((e) => e.offsetParent && e.getBoundingClientRect().right > window.innerWidth + 1).map((e) => e.className + ': ' + e.innerText.slice(0, 30));
	  // Nothing runs out of its map card either.
	  for (const c of document.querySelectorAll('.pc-cell')) {
	    const r = c.getBoundingClientRect();
	    for (const e of c.querySelectorAll('*')) if (e.offsetParent && e.getBoundingClientRect().right > r.right + 1) overrun.push('in ' + c.dataset.cell + ': ' + e.textContent.slice(0, 30));
	  }
	  return {wide, small, tiny, overrun: overrun.slice(0, 5)};
	})()`
	b.run(ctx, "layout of "+name, chromedp.Evaluate(js, &res))
	if res.Wide || len(res.Overrun) > 0 {
		b.t.Errorf("%s: the page is wider than the screen: %v", name, res.Overrun)
	}
	if len(res.Small) > 0 {
		b.t.Errorf("%s: buttons under 48 px: %q", name, res.Small)
	}
	if len(res.Tiny) > 0 {
		b.t.Errorf("%s: text under %d px: %q", name, minPx, res.Tiny)
	}
}

// TestJourneyPiratesCodeSolo: Ann starts a solo game from the new-game
// form (the owner's catalog saved on the server: the test catalog, with a
// Legendary Pirate whose gold track is one space high and whose Helm Mat
// pays 1 gold for every order, so that each gold it takes buries a
// treasure and the game is short) and plays it to the end on the tablet:
// her wheel, the Legendary Pirate's die rolled by the game, its treasures
// on the map, and the winner.
func TestJourneyPiratesCodeSolo(t *testing.T) {
	dir := t.TempDir()
	cat := pcCatalog(t, func(c map[string]any) {
		for _, l := range c["soloLegends"].([]any) {
			l.(map[string]any)["goldTop"] = 1
		}
		for _, h := range c["soloHelms"].([]any) {
			var bs []any
			for _, o := range []string{"plunder", "trade", "search", "crew-up", "attack"} {
				bs = append(bs, map[string]any{"order": o, "kind": "gold", "n": 1})
			}
			h.(map[string]any)["bonuses"] = bs
		}
	})
	if err := os.WriteFile(filepath.Join(dir, "catalog-pirates-code.json"), cat, 0o644); err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, Options{PingInterval: time.Second, Catalogs: DirCatalogs(dir)}, deadreckoning.Rules(), piratescode.Rules())
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1280, 800)

	b.run(tablet, "new game", chromedp.Navigate(e.http.URL+"/#/new"), chromedp.WaitVisible(`#rules`, chromedp.ByQuery),
		chromedp.SendKeys(`#rules`, "The Pirate", chromedp.ByQuery))
	b.waitText(tablet, ".form", "Captain card sides")
	b.run(tablet, "one player", chromedp.Click(`.playerrow:nth-child(2) button[title="Remove"]`, chromedp.ByQuery),
		chromedp.SendKeys(`.playerrow:nth-child(1) .pname`, "Ann", chromedp.ByQuery))
	b.shot(tablet, "pc-solo-new-game.png")
	b.run(tablet, "start", chromedp.Click(`#create`, chromedp.ByQuery), chromedp.WaitVisible(`#pc-map`, chromedp.ByQuery))

	// The table as set up: 16 map cards, the market, both merchants, the
	// Navy, Ann's mats and the Legendary Pirate's.
	b.waitText(tablet, "#pc-turn", "Ann")
	b.waitText(tablet, "#pc-turn", "moves the Captain")
	var cells int
	b.run(tablet, "cells", chromedp.Evaluate(`document.querySelectorAll('#pc-map .pc-cell').length`, &cells))
	if cells != 16 {
		t.Errorf("the map shows %d cards, want 16", cells)
	}
	b.waitText(tablet, "#pc-map", "Test Isle")
	b.waitText(tablet, "#pc-map", "Navy")
	b.waitText(tablet, "#pc-map", "Orange merchant")
	b.waitText(tablet, "#pc-market", "sells at 2 gold")
	b.waitText(tablet, "#pc-players", "the Legendary Pirate")
	b.waitText(tablet, ".pc-mats[data-seat=\"0\"]", "Gold 1 of 13")
	b.waitText(tablet, ".pc-mats[data-seat=\"0\"]", "Captain")
	b.pcFits(tablet, "the solo tablet", 16)
	// Ann plays on the tablet, no phone joined: her chip says so, not
	// "phone: off" as if something had failed.
	if chip := b.phoneChip(tablet, "0"); chip != "Ann · tablet" {
		t.Errorf("Ann, who plays on the tablet, has the chip %q, want \"Ann · tablet\"", chip)
	}
	b.shot(tablet, "pc-solo-start.png")

	// Play: Ann moves her Captain one space and ends her turn; the
	// Legendary Pirate's die is rolled by the game ("Roll for us"); a fight
	// is counted when the screen offers it. Until the end.
	turns, rolls, seenTreasure := 0, 0, false
	for step := 0; ; step++ {
		if step > 200 {
			t.Fatalf("the solo game did not end in 200 steps (%d turns, %d rolls)", turns, rolls)
		}
		var st string
		b.run(tablet, "what next", chromedp.Poll(`(() => { const s = `+pcState+`; return s === 'wait' ? false : s; })()`, &st, chromedp.WithPollingInterval(50*time.Millisecond)))
		switch {
		case st == "over":
		case st == "roll":
			if rolls == 0 {
				b.waitText(tablet, "#pc-fight", "Waiting for 1 die: the Legendary Pirate's order die")
				b.waitText(tablet, "#pc-act", "Roll 1 die: the Legendary Pirate's order die")
				b.shot(tablet, "pc-solo-automa-die.png")
			}
			rolls++
			b.tap(tablet, "roll for us", `#expects [data-act="digital-roll"]`)
			b.waitText(tablet, "#log", "The Legendary Pirate's order die: ")
		case st == "resolve":
			b.tap(tablet, "count the fight", `#pc-resolve`)
		case strings.HasPrefix(st, "choose:"):
			sp := strings.TrimPrefix(st, "choose:")
			b.tap(tablet, "move the Captain to "+sp, `#pc-order-`+sp)
			b.waitText(tablet, "#log", "Ann's Captain chose")
			b.waitText(tablet, ".pc-mats[data-seat=\"0\"] .pc-wheel li.captain", sp)
		case st == "end":
			turns++
			b.tap(tablet, "end the turn", `#pc-end-turn`)
			b.waitText(tablet, "#log", "Ann ended the turn")
		}
		if !seenTreasure {
			var n int
			b.run(tablet, "treasures", chromedp.Evaluate(`document.querySelectorAll('#pc-map .pc-buried').length`, &n))
			if n > 0 {
				seenTreasure = true
				b.waitText(tablet, "#log", "buried a treasure")
				b.waitText(tablet, "#pc-map", "Treasure of")
				b.shot(tablet, "pc-solo-treasure.png")
			}
		}
		if st == "over" {
			break
		}
	}
	if !seenTreasure || turns == 0 || rolls == 0 {
		t.Errorf("a solo game should see Ann's turns (%d), the Legendary Pirate's rolls (%d) and a treasure (%v)", turns, rolls, seenTreasure)
	}
	b.waitText(tablet, ".topbar", "Game over")
	b.waitText(tablet, "#pc-end", "wins")
	b.waitText(tablet, "#pc-end", "3 of 3 treasures buried")
	// Why the game ended and why its winner won, with the rule.
	b.waitText(tablet, "#pc-end-reason", "buried a third treasure: a solo game ends at once (rulebook: Solo, Game End)")
	// Each sentence begins with a capital, "The Legendary Pirate wins".
	var lower []string
	b.run(tablet, "the end's sentences", chromedp.Evaluate(`[...document.querySelectorAll('#pc-end h2, #pc-end p')].map((e) => e.innerText.trim()).filter((s) => s && s[0] !== s[0].toUpperCase())`, &lower))
	if len(lower) > 0 {
		t.Errorf("the end screen's sentences begin in lower case: %q", lower)
	}
	b.waitText(tablet, "#pc-end-why", "is the only pirate with 3 treasures buried")
	b.waitText(tablet, `#pc-end li[data-seat="0"]`, "Ann: ")
	b.waitText(tablet, `#pc-end li[data-seat="0"]`, "legend: ")
	// The end panel says the game is over; no turn line under it says it
	// again.
	b.endSaidOnce(tablet, "the solo tablet at the end", "#pc-end")
	var turnLine bool
	b.run(tablet, "the turn line", chromedp.Evaluate(`!!document.querySelector('#pc-turn')`, &turnLine))
	if turnLine {
		t.Error("the finished game still shows a turn line under the end panel")
	}
	b.pcFits(tablet, "the solo tablet at the end", 16)
	b.shot(tablet, "pc-solo-over.png")
	t.Logf("solo game: %d turns of Ann, %d rolls of the Legendary Pirate's die", turns, rolls)
}

// TestJourneyPiratesCode: Ann and Bo, a tablet and a phone each, play the
// engine's example game (its setup and seed: the test catalog) for four
// rounds. Ann's first turn is played on her phone from its hints, the
// second on the tablet; Bo plays on his phone, is refused a sail beside the
// Sail button, and attacks the Orange merchant ship; the attack's dice are
// rolled in the simulated camera's tray, one die of its read is corrected
// on the tablet by tapping it and then its face, the faces and damage
// appear on every screen, and he loses the fight.
func TestJourneyPiratesCode(t *testing.T) {
	// The simulated camera's seed 6 rolls 3 and 6 for the attack (the
	// camera draws its faces from a seeded source).
	cam := newSimCamera(t, 6)
	e := newEnv(t, cam.options(Options{PingInterval: time.Second}), deadreckoning.Rules(), piratescode.Rules())
	var setup json.RawMessage
	seed := exampleScript(t, "../engine/piratescode/testdata/script-example.json", &setup)
	cr := createTable(t, e, piratescode.Name, setup, seed, "Ann", "red", "Bo", "blue")
	cam.serve(t, e, cr.Table)

	b := newBrowser(t, e.http.URL)
	tablet := b.hostTablet(cr, 1280, 800, `#pc-map`)
	ann := b.playerPhone(cr, 0, `#pc-table`)
	bo := b.playerPhone(cr, 1, `#pc-table`)

	// Round 1. Ann's phone: her mats and the wheel's moves from its hints.
	b.waitText(ann, "#pc-table", "Your mats")
	b.waitText(ann, "#pc-act", "Move the Captain to")
	b.waitText(bo, "#pc-wait", "Ann plays now")
	// The tablet acts for Ann too: its wheel says the same as her phone's,
	// the costs and the move not allowed with why (it offered every move
	// and refused the one she could not pay for only when tapped).
	b.waitText(tablet, "#pc-choose", "costs 1 Deckhand")
	// Each move's cost, and why a move is not allowed, is inside its own
	// button (under it, it sat between two buttons).
	b.waitText(tablet, "#pc-order-2", "costs 1 Deckhand")
	b.waitText(tablet, "#pc-order-5", "Skipping space 4 needs a Deckhand")
	if tw, pw := b.Text(tablet, "#pc-choose"), b.Text(ann, "#pc-choose"); tw != pw {
		t.Errorf("the tablet's wheel moves differ from Ann's phone's:\n%s\n---\n%s", tw, pw)
	}
	b.pcFits(ann, "Ann's phone", 16)
	// The map and the others' mats fold under a line that shows it opens
	// (a triangle), not a bare heading.
	var marker string
	b.run(ann, "the fold's triangle", chromedp.Evaluate(`getComputedStyle(document.querySelector('.pc-more summary'), '::before').content`, &marker))
	if !strings.Contains(marker, "▸") {
		t.Errorf("the phone's fold of the map and the other players shows no triangle (%q): it reads as a heading", marker)
	}
	// The ⚓ back to the start is a 48 px target, and the title beside it
	// (it was left alone on a line above the title).
	var home struct {
		W, H   float64
		Beside bool
	}
	b.run(ann, "the start link", chromedp.Evaluate(`(() => { const h = document.querySelector('.topbar .home').getBoundingClientRect(), t = document.querySelector('.topbar .title').getBoundingClientRect();
	  return {W: h.width, H: h.height, Beside: t.top < h.bottom && t.left >= h.right}; })()`, &home))
	if home.W < 47.5 || home.H < 47.5 || !home.Beside {
		t.Errorf("Ann's phone: the ⚓ link is %.0fx%.0f px, beside the title %v; want 48 px and beside it", home.W, home.H, home.Beside)
	}
	b.shot(ann, "pc-phone-ann-order.png")
	b.tap(ann, "Ann: Trade", `#pc-order-1`)
	b.waitText(tablet, "#log", "Ann's Captain chose Trade")
	b.waitText(ann, "#pc-sail", "tap the cards in order")
	b.run(ann, "Ann's route", chromedp.Click(`#pc-sail [data-to="R3C3"]`, chromedp.ByQuery), chromedp.Click(`#pc-sail [data-to="R2C3"]`, chromedp.ByQuery))
	b.waitText(ann, "#pc-sail", "Test Isle 13 → Test Isle 2")
	b.tap(ann, "Ann sails", `#pc-sail-go`)
	b.waitText(tablet, "#log", "Ann sailed to Test Isle 2")
	b.waitText(tablet, `.pc-cell[data-cell="R2C3"]`, "Ann")
	// The Trade order says what this market buys and that she has none
	// (it offered three bare "Sell 1/2/3" buttons the rules refused).
	b.waitText(ann, "#pc-trade", "Test Isle 2’s market buys only Rum at 4 gold each, and you carry none.")
	if strings.Contains(b.gsText(ann), "Sell 1") {
		t.Error("Ann's phone offers to sell booty the market does not buy")
	}
	b.tap(ann, "Ann ends", `#pc-end-turn`)

	// Bo's phone: a sail the rules refuse shows beside the Sail button.
	b.tap(bo, "Bo: Trade", `#pc-order-1`)
	b.run(bo, "Bo's bad route", chromedp.Click(`#pc-sail [data-to="R4C4"]`, chromedp.ByQuery), chromedp.Click(`#pc-sail-go`, chromedp.ByQuery))
	b.waitText(bo, "#pc-sail .pc-refusal", "Not allowed")
	b.waitText(bo, "#pc-sail .pc-refusal", "(rulebook")
	var onScreen bool
	b.run(bo, "the refusal is on screen", chromedp.Evaluate(`(() => { const r = document.querySelector('#pc-sail .pc-refusal').getBoundingClientRect(), g = document.querySelector('#pc-sail-go').getBoundingClientRect();
	  return r.left >= 0 && r.right <= innerWidth && Math.abs(r.top - g.bottom) < 120; })()`, &onScreen))
	if !onScreen {
		t.Error("Bo's refusal is not beside the Sail button")
	}
	// Once, beside the button: no banner repeats it.
	var alerts int
	b.run(bo, "refusals shown", chromedp.Evaluate(visibleAlerts, &alerts))
	if alerts != 1 {
		t.Errorf("Bo's phone shows the refusal %d times, want once beside the Sail button", alerts)
	}
	b.pcFits(bo, "Bo's phone, refused", 16)
	b.shot(bo, "pc-phone-bo-refused.png")
	b.run(bo, "start again", chromedp.Click(`#pc-sail .row button:nth-child(2)`, chromedp.ByQuery))
	b.run(bo, "Bo's route", chromedp.Click(`#pc-sail [data-to="R2C2"]`, chromedp.ByQuery), chromedp.Click(`#pc-sail [data-to="R1C2"]`, chromedp.ByQuery))
	b.tap(bo, "Bo sails", `#pc-sail-go`)
	b.waitText(tablet, "#log", "Bo sailed to Test Isle 8")
	b.tap(bo, "Bo ends", `#pc-end-turn`)

	// Round 2. Ann on the tablet: Crew Up, sail, hire the first of the row.
	b.waitText(tablet, "#pc-act", "Move the Captain to")
	b.tap(tablet, "Ann: Crew Up", `#pc-order-2`)
	b.run(tablet, "Ann's route", chromedp.Click(`#pc-sail [data-to="R2C2"]`, chromedp.ByQuery))
	b.tap(tablet, "Ann sails", `#pc-sail-go`)
	b.waitText(tablet, "#pc-crew-up", "Hire")
	b.tap(tablet, "Ann hires", `#pc-hire-0`)
	b.waitText(tablet, "#log", "Ann hired Test Crew 9")
	b.waitText(ann, "#pc-table", "Crew: Test Crew 9")
	b.pcFits(tablet, "the tablet", 16)
	b.shot(tablet, "pc-tablet-round2.png")
	b.tap(tablet, "Ann ends", `#pc-end-turn`)

	// Bo attacks the Orange merchant ship from his phone.
	b.tap(bo, "Bo: Attack", `#pc-order-4`)
	b.run(bo, "Bo's route", chromedp.Click(`#pc-sail [data-to="R1C3"]`, chromedp.ByQuery), chromedp.Click(`#pc-sail [data-to="R1C4"]`, chromedp.ByQuery))
	b.tap(bo, "Bo sails", `#pc-sail-go`)
	b.waitText(bo, "#pc-attack", "the Orange merchant ship")
	b.tap(bo, "Bo attacks", `#pc-attack-orange`)
	b.waitText(tablet, "#pc-fight", "Bo attacks the Orange merchant ship")
	b.waitText(tablet, "#expects", "Roll 2 dice on the attacker side of the tray: Bo attacks the Orange merchant ship")
	b.waitText(bo, "#pc-act", "Roll 2 dice: Bo attacks the Orange merchant ship")
	b.waitText(tablet, "#pc-fight", "Waiting for 2 dice")
	b.pcFits(bo, "Bo's phone, the dice", 16)
	// One place to answer the roll on each screen: the roll panel, which
	// shows the camera's read (the game's Act panel says what the roll is
	// for and points to it; it once had face buttons of its own too).
	for _, sc := range []struct {
		name string
		ctx  context.Context
	}{{"the tablet", tablet}, {"Bo's phone", bo}} {
		var sets int
		b.run(sc.ctx, "face buttons", chromedp.Evaluate(`[...document.querySelectorAll('button[data-face="1"]')].filter((e) => e.offsetParent).length`, &sets))
		if sets != 1 {
			t.Errorf("%s shows %d sets of face buttons for Bo's roll, want one", sc.name, sets)
		}
	}
	b.waitText(bo, "#pc-act", "The table waits for")
	b.shot(bo, "pc-phone-bo-dice.png")
	b.shot(tablet, "pc-tablet-attack-roll.png")
	// Bo rolls in the tray under the camera (the simulated one rolls 3
	// and 6); the tablet's roll panel shows the camera's read. The die read
	// 3 shows 4 on the table (say): it is corrected by tapping it, then 4;
	// the other die keeps the camera's 6.
	b.cameraRoll(tablet, e, cr.Table, cr.HostToken, []string{"3", "6"})
	b.shot(tablet, "pc-tablet-attack-camera.png")
	b.run(tablet, "tap the die read 3", chromedp.Click(`//div[contains(@class,"camread")]//button[contains(@class,"dieface") and normalize-space()="3"]`, chromedp.BySearch))
	b.waitText(tablet, "#expects .tapsay", "Tap what this die shows (the camera read 3)")
	b.run(tablet, "tap 4", chromedp.Click(`#expects .facebtns [data-face="4"]`, chromedp.ByQuery))
	var box string
	b.run(tablet, "the faces entered", chromedp.Poll(`(() => { const v = document.querySelector('#expects .faces').value; return v.includes('4') ? v : ''; })()`, &box, chromedp.WithPollingInterval(50*time.Millisecond)))
	if f := strings.Split(box, ", "); len(f) != 2 || !slices.Contains(f, "4") || !slices.Contains(f, "6") {
		t.Errorf("after correcting the die read 3 to 4 the faces are %q, want 4 and 6", box)
	}
	b.waitText(tablet, "#expects .camread .dieface.fixed", "4")
	// Confirm would keep the camera's 3: it goes once a die is corrected.
	var confirmShown bool
	b.run(tablet, "no Confirm after a correction", chromedp.Evaluate(`!!document.querySelector('#expects [data-act="confirm-roll"]')`, &confirmShown))
	if confirmShown {
		t.Error("the roll panel still offers to confirm the camera's read after a die was corrected")
	}
	// Another face tapped with both dice in does nothing but says why.
	b.run(tablet, "tap 2 with both dice in", chromedp.Click(`#expects .facebtns [data-face="2"]`, chromedp.ByQuery))
	b.waitText(tablet, "#expects [role=status]", "All 2 dice are tapped in: tap a die the camera saw to change it, or Clear to start again.")
	b.pcFits(tablet, "the tablet, correcting the read", 16)
	b.shot(tablet, "pc-tablet-attack-corrected.png")
	b.tap(tablet, "correct the camera's read", `#expects [data-act="enter-roll"]`)
	b.waitText(tablet, "#pc-faces", "6")
	b.waitText(tablet, "#pc-faces", "4")
	b.waitText(tablet, "#log", "Corrected")
	b.waitText(tablet, "#pc-faces", "damage (the ship sinks at 2)")
	b.waitText(ann, "#pc-fight", "Rolled")
	b.waitText(bo, "#pc-act", "Count the damage")
	b.waitText(bo, "#pc-act .pc-faces", "1 damage")
	b.shot(tablet, "pc-tablet-attack-rolled.png")
	b.tap(bo, "Bo counts", `#pc-resolve`)
	// What the count did shows whole in the phone's bar, however long.
	b.toastWhole(bo, "Bo's phone after the count", "beat Bo")
	b.waitText(tablet, "#log", "Bo deals 1 damage")
	b.waitText(tablet, "#log", "The Orange merchant ship beat Bo")
	b.run(tablet, "the fight is over", chromedp.Poll(`!document.querySelector('#pc-fight')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.waitText(bo, ".pc-mats", "Sure-fire tokens 1")
	b.tap(bo, "Bo ends", `#pc-end-turn`)

	// Round 3: Ann on her phone, Bo on his.
	b.tap(ann, "Ann: Plunder", `#pc-order-3`)
	b.waitText(tablet, "#log", "Ann's Captain chose Plunder")
	b.tap(ann, "Ann plunders", `#pc-plunder`)
	b.waitText(tablet, "#log", "Ann")
	b.tap(ann, "Ann ends", `#pc-end-turn`)
	b.tap(bo, "Bo: Plunder", `#pc-order-5`)
	b.tap(bo, "Bo ends", `#pc-end-turn`)
	b.waitText(tablet, "#pc-turn", "Ann")

	// Round 4: Ann on the tablet; Bo hides out in the cove of his card and
	// places his Deckhands again with the steppers on his phone.
	b.tap(tablet, "Ann: Search", `#pc-order-4`)
	// The search tokens turned up are named as the game prints them: "A
	// sure-fire token" (it read "A sure fire token").
	b.waitText(tablet, "[data-tokenpick]", "A sure-fire token")
	b.tap(tablet, "Ann ends", `#pc-end-turn`)
	b.toastWhole(tablet, "the tablet after Ann's turn", "Ann ended the turn")
	b.tap(bo, "Bo: Hide Out", `#pc-order-0`)
	b.waitText(tablet, "#log", "Bo's Captain chose Hide Out")
	// The tablet's own last news goes once another screen moved the table
	// on: at Bo's turn it still read "Ann ended the turn".
	b.toastGone(tablet, "the tablet at Bo's turn", "Ann ended the turn")
	b.waitText(bo, "#pc-hide", "place your")
	var free string
	b.run(bo, "one more on Rigging", chromedp.Click(`#pc-hide [data-assign="rigging"] button:last-child`, chromedp.ByQuery),
		chromedp.Text(`#pc-hide > p`, &free, chromedp.ByQuery))
	b.waitText(bo, `#pc-hide [data-assign="rigging"]`, "on Rigging")
	b.pcFits(bo, "Bo's phone, hiding out", 16)
	b.shot(bo, "pc-phone-bo-hide.png")
	b.tap(bo, "Bo hides", `#pc-hide-out`)
	b.waitText(tablet, "#log", "Bo hid in the cove")
	b.waitText(tablet, `.pc-mats[data-seat="1"]`, "hidden in the cove")
	b.waitText(tablet, "#pc-map", "Bo (hidden)")
	b.tap(bo, "Bo ends", `#pc-end-turn`)
	b.waitText(tablet, "#pc-turn", "Ann")
	b.shot(tablet, "pc-tablet-round5.png")
	b.shot(ann, "pc-phone-ann-round5.png")
	t.Logf("Bo's hide-out: %s", free)
}
