package web

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/merchants"
)

// mmGloryTable makes the example M&M table with three glory cards the
// owner typed in full (rulesmm's optional entries): Test Glory 8 a
// carpenter specialist, Test Glory 5 played on any player's turn, Test
// Glory 6 in a battle. The example's seed deals them to Ann, in that order,
// when her first three glory points draw cards. It opens the table on a
// 1024x768 tablet and the two phones.
func mmGloryTable(t *testing.T) (b *browser, tablet, ann, bob context.Context) {
	e := newEnv(t, Options{PingInterval: time.Second}, merchants.Rules())
	var setup map[string]any
	seed := exampleScript(t, "../engine/merchants/testdata/script-basic.json", &setup)
	typed := map[string][2]string{"test-glory-8": {"specialist", "carpenter"}, "test-glory-5": {"timing", "any"}, "test-glory-6": {"timing", "combat"}}
	for _, c := range setup["catalog"].(map[string]any)["glory"].([]any) {
		cm := c.(map[string]any)
		if kv, ok := typed[cm["id"].(string)]; ok {
			cm[kv[0]] = kv[1]
		}
	}
	cr := createTable(t, e, merchants.Name, setup, seed, "Ann", "test-colour-0", "Bob", "test-colour-1")
	b = newBrowser(t, e.http.URL)
	tablet = b.hostTablet(cr, 1024, 768, `#mm-map`)
	ann = b.playerPhone(cr, 0, `#mm-secrets`)
	bob = b.playerPhone(cr, 1, `#mm-secrets`)
	return b, tablet, ann, bob
}

// mmCount is how many elements match sel on a screen.
func (b *browser) mmCount(ctx context.Context, sel string) int {
	b.t.Helper()
	var n int
	b.run(ctx, "count "+sel, chromedp.Evaluate(`document.querySelectorAll(`+jsString(sel)+`).length`, &n))
	return n
}

// TestJourneyMerchantsGloryTimings: this session's rules on the phones,
// tapped the way players would. Ann, in her home port, puts 5 gold in her
// chest in the port action, then, the port closed, takes 2 out again (at
// home gold leaves the chest whenever one likes: before, the chest form
// was gone with the port activity). Three glory points draw her a
// carpenter, an "any turn" card and a battle card: she hires the
// carpenter for the 2 gold the card asks (the tablet lists him on her
// captain), her battle card has no Play button outside a battle, and on
// Bob's turn her phone offers the "any turn" card alone, which she plays.
// Bob sails to her and scouts her: in the battle her phone offers the
// battle card (it was never playable before), and she plays it.
func TestJourneyMerchantsGloryTimings(t *testing.T) {
	b, tablet, ann, bob := mmGloryTable(t)

	// The chest: in during the port action, out any time at home.
	b.waitText(ann, "#mm-act", "Your turn")
	b.gsClick(ann, "Ann visits her port", `[data-act="port"]`)
	b.run(ann, "Ann's gold to stash", chromedp.WaitVisible(`#mm-stash-n`, chromedp.ByQuery), chromedp.SendKeys(`#mm-stash-n`, "5", chromedp.ByQuery))
	b.gsClick(ann, "Ann stashes", `[data-act="stash-in"]`)
	b.waitText(ann, "#mm-secrets", "Your stash: 5 gold")
	b.gsClick(ann, "done in port", `[data-act="end-port"]`)
	b.run(ann, "port closed", gsGone(`#mm-port`))
	b.waitText(ann, "#mm-chest", "Your chest: 5 gold")
	b.run(ann, "Ann takes 2 out", chromedp.SendKeys(`#mm-chest-n`, "2", chromedp.ByQuery))
	b.waitText(ann, `[data-act="chest-out"]`, "Take 2 gold out of the chest")
	b.gsFits(ann, "Ann's chest", "#mm-act")
	b.gsShotAt(ann, "mm-glory-ann-chest.png", "#mm-chest")
	b.gsClick(ann, "take it out", `[data-act="chest-out"]`)
	b.waitText(ann, "#mm-secrets", "Your stash: 3 gold")
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "Gold 7")

	// Three glory points draw the three cards.
	b.mmGlory(ann, "Ann", "Test Glory 3", 3)
	b.waitText(ann, `#mm-glory [data-card="Test Glory 8"]`, "specialist: Carpenter")
	b.waitText(ann, `#mm-glory [data-card="Test Glory 5"]`, "played on any turn, when the card says")
	b.waitText(ann, `#mm-glory [data-card="Test Glory 6"]`, "played in a battle you fight")
	if n := b.mmCount(ann, `[data-act="play-test-glory-6"]`); n != 0 {
		t.Error("Ann's phone offers her battle card outside a battle")
	}
	if n := b.mmCount(ann, `[data-act="play-test-glory-8"]`); n != 0 {
		t.Error("Ann's phone offers to play the carpenter rather than hire him")
	}

	// The carpenter, for the 2 gold his card asks.
	b.run(ann, "the carpenter's price", chromedp.WaitVisible(`[data-hire="test-glory-8"] input`, chromedp.ByQuery),
		chromedp.SendKeys(`[data-hire="test-glory-8"] input`, "2", chromedp.ByQuery))
	b.waitText(ann, `[data-act="hire-test-glory-8"]`, "Hire Test Glory 8 for 2 gold")
	b.gsFits(ann, "Ann's glory cards", "#mm-act")
	b.gsShotAt(ann, "mm-glory-ann-hire.png", `[data-hire="test-glory-8"]`)
	b.gsClick(ann, "Ann hires the carpenter", `[data-act="hire-test-glory-8"]`)
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "Specialists: Test Glory 8 (Carpenter)")
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "Gold 5")
	b.waitText(bob, `#mm-players [data-seat="0"]`, "Specialists: Test Glory 8 (Carpenter)")
	b.run(ann, "the carpenter leaves the hand", gsGone(`#mm-glory [data-card="Test Glory 8"]`))
	b.shot(tablet, "mm-glory-tablet-specialist.png")

	b.gsClick(ann, "Ann leaves port", `[data-act="leave-port"]`)
	b.run(ann, "the chest stays at home", gsGone(`#mm-chest`))
	b.gsClick(ann, "Ann ends the turn", `[data-act="end-turn"]`)

	// Bob's turn: Ann may play her "any turn" card, nothing else.
	b.waitText(bob, "#mm-act", "Your turn")
	b.waitText(ann, "#mm-act", "Bob plays now")
	b.run(ann, "the any-turn card", chromedp.WaitVisible(`[data-act="play-test-glory-5"]`, chromedp.ByQuery))
	if n := b.mmCount(ann, `#mm-glory [data-act^="play-"]`); n != 1 {
		t.Errorf("Ann's phone offers %d cards on Bob's turn, want the any-turn card alone", n)
	}
	b.gsShotAt(ann, "mm-glory-ann-any.png", `[data-act="play-test-glory-5"]`)
	b.gsClick(ann, "Ann plays it on Bob's turn", `[data-act="play-test-glory-5"]`)
	b.waitText(tablet, "#log", "Ann plays Test Glory 5")

	// Bob sails to Ann and scouts her: the battle card's moment.
	b.gsClick(bob, "Bob leaves port", `[data-act="leave-port"]`)
	b.gsClick(bob, "Bob sails to Ann", `[data-act="move-tz-anchor"]`)
	b.gsClick(bob, "Bob scouts Ann", `[data-act="scout-0"]`)
	b.gsRoll(tablet, "skull, skull")
	b.run(tablet, "the battle", chromedp.WaitVisible(`#mm-battle`, chromedp.ByQuery))
	b.waitText(ann, "#mm-glory", "Glory cards you may play now")
	b.run(ann, "the battle card", chromedp.WaitVisible(`[data-act="play-test-glory-6"]`, chromedp.ByQuery))
	if n := b.mmCount(ann, `#mm-glory [data-act^="play-"]`); n != 1 {
		t.Errorf("Ann's phone offers %d cards in the battle, want the battle card alone", n)
	}
	b.gsFits(ann, "Ann's phone in the battle", "#mm-glory")
	b.gsShotAt(ann, "mm-glory-ann-battle.png", "#mm-glory")
	b.gsClick(ann, "Ann plays her battle card", `[data-act="play-test-glory-6"]`)
	b.waitText(tablet, "#log", "Ann plays Test Glory 6")
	b.run(ann, "no card left to play now", gsGone(`#mm-glory`))
	b.shot(tablet, "mm-glory-tablet-battle.png")
}
