package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/merchants"
	"github.com/quartermaster-table/quartermaster/engine/piratescode"
)

// TestJourneyJustScore: a group that played without the companion counts
// its end at the table. On a tablet and on a phone, from the home page
// (one "Just score: TITLE" link per game, none wider than the screen):
//
//   - The Pirate's Code: three pirates; Ann and Ben buried 3 at the same
//     legend level, Cy only 2 with more of everything else. A gold of 14
//     typed by mistake is refused in Ann's name, her gold box marked; once
//     corrected, Ben wins on gold and the page says so (p. 16). Then as a
//     solo game, Ann against the Legendary Pirate (2 treasures): Ann wins.
//   - Merchants & Marauders, ended by a declaration: Ann (7 on the track,
//     34 gold stashed) and Ben (8, 21) both have 10 glory points; Ann wins
//     on the larger stash, and the page says so.
func TestJourneyJustScore(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules(), piratescode.Rules(), merchants.Rules())
	b := newBrowser(t, e.http.URL)
	for _, dev := range []struct {
		name string
		w, h int
	}{{"tablet", 1024, 768}, {"phone", 390, 844}} {
		t.Run(dev.name, func(t *testing.T) {
			ctx := b.device(dev.w, dev.h)
			b.jsHome(ctx, dev.name)

			// The Pirate's Code.
			b.gsClick(ctx, "Just score: The Pirate's Code", `a[href="#/score/pirates-code"]`)
			b.run(ctx, "the page", chromedp.WaitVisible(`#pcs-go`, chromedp.ByQuery))
			b.gsClick(ctx, "a third pirate", `#pcs-add`)
			b.jsType(ctx, "#pc-score", 0, map[string]string{"pname": "Ann", "treasures": "3", "legend": "4", "gold": "14", "booty": "2"})
			b.jsType(ctx, "#pc-score", 1, map[string]string{"pname": "Ben", "treasures": "3", "legend": "4", "gold": "9", "booty": "0"})
			b.jsType(ctx, "#pc-score", 2, map[string]string{"pname": "Cy", "treasures": "2", "legend": "5", "gold": "13", "booty": "3"})
			b.gsClick(ctx, "who won", `#pcs-go`)
			b.waitText(ctx, `#pc-score [role="alert"]`, "Ann's gold: 14 is impossible")
			var marked bool
			b.run(ctx, "Ann's gold is marked", chromedp.Evaluate(`document.querySelector('#pc-score [data-row="0"] input[data-f="gold"]').getAttribute('aria-invalid') === 'true'`, &marked))
			if !marked {
				t.Error("the refused gold box is not marked")
			}
			b.gsShotAt(ctx, "justscore-pc-refused-"+dev.name+".png", `#pc-score [role="alert"]`)
			b.run(ctx, "Ann's gold corrected", chromedp.SendKeys(`#pc-score [data-row="0"] input[data-f="gold"]`, "\b\b6", chromedp.ByQuery))
			b.gsClick(ctx, "who won", `#pcs-go`)
			b.waitText(ctx, "#pcs-winner", "Ben wins")
			b.waitText(ctx, "#pcs-why", "Ann and Ben both buried 3 (Cy only 2), at the same legend level (4); Ben has more gold: 9 against Ann's 6.")
			if txt := b.gsText(ctx); strings.Contains(txt, "players[") || strings.Contains(txt, "Problem") {
				t.Errorf("the page shows a JSON path or the old refusal:\n%s", txt)
			}
			b.gsFits(ctx, "The Pirate's Code's score", "#pc-score")
			b.jsOneLine(ctx, "#pcs-table")
			b.gsShotAt(ctx, "justscore-pc-"+dev.name+".png", "#pcs-result")

			// The same page for a solo game: Ann against the Legendary Pirate.
			b.gsClick(ctx, "a solo game", `#pcs-solo`)
			b.run(ctx, "the Legendary Pirate's treasures", chromedp.Click(`#pcs-lp`, chromedp.ByQuery), chromedp.SendKeys(`#pcs-lp`, "2", chromedp.ByQuery))
			b.gsClick(ctx, "who won", `#pcs-go`)
			b.waitText(ctx, "#pcs-winner", "Ann wins")
			b.waitText(ctx, "#pcs-why", "Ann buried all 3 treasures first: in the solo game that wins at once, before the Legendary Pirate.")

			// Merchants & Marauders, ended by a declaration (the default).
			b.run(ctx, "home", chromedp.Navigate(e.http.URL+"/#/"))
			b.gsClick(ctx, "Just score: Merchants & Marauders", `a[href="#/score/merchants-and-marauders"]`)
			b.run(ctx, "the page", chromedp.WaitVisible(`#mms-go`, chromedp.ByQuery))
			b.jsType(ctx, "#mm-score", 0, map[string]string{"pname": "Ann", "glory": "7", "stash": "34"})
			b.jsType(ctx, "#mm-score", 1, map[string]string{"pname": "Ben", "glory": "8", "stash": "21"})
			b.gsClick(ctx, "who won", `#mms-go`)
			b.waitText(ctx, "#mms-winner", "Ann wins")
			b.waitText(ctx, "#mms-why", "Ann and Ben both have 10 glory points; Ann's stash is larger: 34 gold against Ben's 21.")
			b.gsFits(ctx, "Merchants & Marauders' score", "#mm-score")
			b.jsOneLine(ctx, "#mms-table")
			b.gsShotAt(ctx, "justscore-mm-"+dev.name+".png", "#mms-result")
			// Cy passed 10 on the track in the last round: 11 is counted
			// (the calculator refused glory above 10).
			b.gsClick(ctx, "one more captain", `#mms-add`)
			b.jsType(ctx, "#mm-score", 2, map[string]string{"pname": "Cy", "glory": "11", "stash": "0"})
			b.gsClick(ctx, "who won", `#mms-go`)
			b.waitText(ctx, "#mms-winner", "Cy wins")
		})
	}
}

// jsHome opens the home page and checks its "Just score" links: one per
// game with a calculator, named by the game's title, each on the screen.
func (b *browser) jsHome(ctx context.Context, dev string) {
	b.t.Helper()
	var links []string
	var wide bool
	b.run(ctx, "home", chromedp.Navigate(b.base+"/#/"), chromedp.WaitVisible(`a[href="#/score/pirates-code"]`, chromedp.ByQuery),
		chromedp.Evaluate(`[...document.querySelectorAll('a[href^="#/score/"]')].filter((a) => { const r = a.getBoundingClientRect(); return r.left >= 0 && r.right <= innerWidth; }).map((a) => a.innerText)`, &links),
		chromedp.Evaluate(`document.documentElement.scrollWidth > innerWidth + 1`, &wide))
	want := []string{"Just score: Dead Reckoning", "Just score: The Pirate's Code", "Just score: Merchants & Marauders"}
	if strings.Join(links, "|") != strings.Join(want, "|") {
		b.t.Errorf("the home page's score links on the screen: %q, want %q", links, want)
	}
	if wide {
		b.t.Error("the home page is wider than the screen")
	}
	b.gsShotAt(ctx, "justscore-home-"+dev+".png", `a[href="#/score/merchants-and-marauders"]`)
}

// jsOneLine checks that no cell of a result table wraps: a phone once
// squeezed the names column to a letter a line.
func (b *browser) jsOneLine(ctx context.Context, table string) {
	b.t.Helper()
	var wrapped []string
	b.run(ctx, "cells on one line", chromedp.Evaluate(`[...document.querySelectorAll(`+jsString(table+" td")+`)].filter((td) => {
	  const fs = parseFloat(getComputedStyle(td).fontSize); return td.getBoundingClientRect().height > fs * 2.2 + 12; }).map((td) => td.innerText)`, &wrapped))
	if len(wrapped) > 0 {
		b.t.Errorf("%s: cells wrapped over several lines: %q", table, wrapped)
	}
}

// jsType types a player's counts into row i of a score page, as a player
// does: a tap in each box, then the keys.
func (b *browser) jsType(ctx context.Context, page string, i int, counts map[string]string) {
	b.t.Helper()
	row := page + ` [data-row="` + itoa(uint64(i)) + `"] `
	for f, v := range counts {
		sel := row + `input[data-f="` + f + `"]`
		if f == "pname" {
			sel = row + `input.pname`
		}
		b.run(ctx, "type "+f, chromedp.Click(sel, chromedp.ByQuery), chromedp.SendKeys(sel, v, chromedp.ByQuery))
	}
}
