package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// mmGlory enters glory points a card gave, on the player's phone, in the
// form under their glory cards (at most 3 at a time, as the form allows).
func (b *browser) mmGlory(phone context.Context, who, card string, n int) {
	b.t.Helper()
	var open bool
	b.run(phone, who+": the glory form", chromedp.WaitVisible(`#mm-adjust summary`, chromedp.ByQuery), chromedp.Evaluate(`document.querySelector('#mm-adjust').open`, &open))
	if !open {
		b.gsClick(phone, who+" opens the glory form", `#mm-adjust summary`)
	}
	b.run(phone, who+" names the card", chromedp.WaitVisible(`#mm-adjust-why`, chromedp.ByQuery), chromedp.SendKeys(`#mm-adjust-why`, card, chromedp.ByQuery))
	for range n {
		b.gsClick(phone, who+": one more glory point", `[data-step="adjust-glory"] button[aria-label^="one more"]`)
	}
	b.waitText(phone, `[data-step="adjust-glory"]`, itoa(uint64(n))+" glory points")
	b.gsClick(phone, who+" enters it", `#mm-adjust [data-act="adjust"]`)
	// The form empties, or goes with the rest of the turn when the cards
	// drawn put the hand over 4 (the discard comes first).
	b.run(phone, who+"'s glory form is emptied", chromedp.Poll(`!document.querySelector('#mm-adjust-why') || document.querySelector('#mm-adjust-why').value === ''`, nil))
}

// mmDiscard discards glory cards on the phone of a player holding more
// than 4 until 4 are left, the way they are asked: their phone says the
// discard comes first, and every screen in others says the table waits
// for them.
func (b *browser) mmDiscard(phone context.Context, who string, others ...context.Context) {
	b.t.Helper()
	b.waitText(phone, "#mm-glory-discard", "first, before anything else. The game waits for you.")
	for _, sc := range others {
		b.waitText(sc, "#mm-wait-discard", "The table waits for "+who+": "+who+" holds ")
		if strings.Contains(b.gsText(sc), "End the turn") {
			b.t.Errorf("a screen offers to end the turn while %s must discard", who)
		}
	}
	for i := 0; i < 10; i++ {
		var held int
		b.run(phone, who+"'s glory cards", chromedp.Evaluate(`document.querySelectorAll('#mm-glory .mm-card').length`, &held))
		if held <= 4 {
			break
		}
		// The button mid-screen, where the toast at the top cannot take
		// the tap (a player sees the toast and taps beside it).
		b.run(phone, who+" discards a glory card", chromedp.WaitVisible(`#mm-glory [data-act^="discard-"]`, chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelector('#mm-glory [data-act^="discard-"]').scrollIntoView({block: 'center'})`, nil),
			chromedp.Click(`#mm-glory [data-act^="discard-"]`, chromedp.ByQuery))
		// The last discard may open a step beside which the hand shows
		// only the cards playable then: the warning is gone instead.
		b.run(phone, who+": one card fewer", chromedp.Poll(`!document.querySelector('#mm-glory-discard') || document.querySelectorAll('#mm-glory .mm-card').length === `+itoa(uint64(held-1)), nil))
	}
	b.run(phone, who+": the warning goes", gsGone("#mm-glory-discard"))
	for _, sc := range others {
		b.run(sc, "the wait for "+who+" ends", gsGone("#mm-wait-discard"))
	}
}

// TestJourneyMerchantsEnd: the end of a game of Merchants & Marauders and
// its score, on a 1024x768 tablet and two phones. Ann stashes 10 gold in
// her home port (1 glory point, secret) and enters 9 glory points cards
// gave her: she reaches 10 and every screen says the game ends when the
// round is over. Bob reaches 10 on the track in his turn. When he ends it
// the game is over: 10 points each, and the tie goes to the largest stash
// (rulebook: Winning), Ann's. Every screen shows the winner, why the game
// ended, why she won and each captain's points with the stash revealed;
// before, the screens said only "The game is over: Ann won" and showed no
// stash, so nobody could check the score.
func TestJourneyMerchantsEnd(t *testing.T) {
	b, tablet, ann, bob := gsStartMerchants(t)

	// Ann: her port, 10 gold into the chest.
	b.waitText(ann, "#mm-act", "Your turn")
	b.gsClick(ann, "Ann visits her port", `[data-act="port"]`)
	b.run(ann, "Ann's gold to stash", chromedp.WaitVisible(`#mm-stash-n`, chromedp.ByQuery), chromedp.SendKeys(`#mm-stash-n`, "10", chromedp.ByQuery))
	b.gsClick(ann, "Ann stashes", `[data-act="stash-in"]`)
	b.waitText(ann, "#mm-secrets", "Your stash: 10 gold")
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "has a stash")
	b.gsClick(ann, "done in port", `[data-act="end-port"]`)
	b.run(ann, "port closed", gsGone(`#mm-port`))

	// Ann's glory cards gave her 9 points: with her stash, 10. Each point
	// (and her stash's) draws a glory card: over 4 she discards at once, on her phone, and
	// the tablet and Bob's phone say the table waits for her.
	b.mmGlory(ann, "Ann", "Test Glory", 3)
	b.mmGlory(ann, "Ann", "Test Glory", 3)
	b.shot(tablet, "mm-end-tablet-wait-discard.png")
	b.gsShotAt(ann, "mm-end-ann-discard.png", "#mm-glory-discard")
	b.mmDiscard(ann, "Ann", tablet, bob)
	b.mmGlory(ann, "Ann", "Test Glory", 3)
	b.mmDiscard(ann, "Ann", tablet, bob)
	for _, sc := range []context.Context{tablet, ann, bob} {
		b.waitText(sc, "#mm-declared", "Ann declared 10 glory points: the game ends when this round is over (rulebook: Winning)")
	}
	// Her captain card says the points she declared, not "Glory 9" alone.
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "Stash 10 gold, shown: 10 points in all")
	b.waitText(bob, `#mm-players [data-seat="0"]`, "Stash 10 gold, shown: 10 points in all")
	b.shot(tablet, "mm-end-tablet-declared.png")
	b.gsClick(ann, "Ann ends the turn", `[data-act="end-turn"]`)

	// Bob: 10 on the track, then the end of the round.
	b.waitText(bob, "#mm-act", "Your turn")
	b.mmGlory(bob, "Bob", "Test Glory", 3)
	b.mmGlory(bob, "Bob", "Test Glory", 3)
	b.mmDiscard(bob, "Bob", tablet, ann)
	b.mmGlory(bob, "Bob", "Test Glory", 3)
	b.mmDiscard(bob, "Bob", tablet, ann)
	b.mmGlory(bob, "Bob", "Test Glory", 1)
	b.mmDiscard(bob, "Bob", tablet, ann)
	b.waitText(tablet, "#mm-declared", "Ann and Bob declared 10 glory points")
	b.gsClick(bob, "Bob ends the turn", `[data-act="end-turn"]`)

	// The end, on every screen.
	for _, sc := range []struct {
		name string
		ctx  context.Context
	}{{"the tablet", tablet}, {"Ann's phone", ann}, {"Bob's phone", bob}} {
		b.waitText(sc.ctx, "#mm-end .winner", "Ann wins.")
		// The end panel says it; nothing under it says again that the game is over.
		b.endSaidOnce(sc.ctx, sc.name, "#mm-end")
		b.waitText(sc.ctx, "#mm-end-reason", "Ann and Bob declared 10 glory points and the round is over (rulebook: Winning).")
		b.waitText(sc.ctx, "#mm-end-why", "Ann and Bob have 10 points each: Ann’s stash of 10 gold is the largest.")
		b.waitText(sc.ctx, `#mm-end li[data-seat="0"]`, "Ann: 10 points (9 on the glory track + 1 for 10 gold stashed)")
		b.waitText(sc.ctx, `#mm-end li[data-seat="1"]`, "Bob: 10 points (10 on the glory track + 0 for 0 gold stashed)")
		// The winner is listed first.
		var first string
		b.run(sc.ctx, "the first of the scores", chromedp.Evaluate(`document.querySelector('#mm-end li').dataset.seat`, &first))
		if first != "0" {
			t.Errorf("%s lists seat %s first, want Ann, the winner", sc.name, first)
		}
		if strings.Contains(b.gsText(sc.ctx), "declared 10 glory points: the game ends when") {
			t.Errorf("%s still says the game ends when the round is over", sc.name)
		}
		b.gsFits(sc.ctx, sc.name+" at the end", "#mm-end")
	}
	b.shot(tablet, "mm-end-tablet.png")
	b.gsShotAt(bob, "mm-end-bob.png", "#mm-end")
}
