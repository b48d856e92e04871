package web

import (
	"context"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
)

// mmBuyTwo buys the first two cargo cards drawn in the port action just
// opened on a phone, then closes the port.
func (b *browser) mmBuyTwo(phone context.Context, who string) {
	b.t.Helper()
	b.mmTap(phone, who+" visits the port", `[data-act="port"]`)
	b.mmTap(phone, who+" draws the cards for sale", `[data-act="buy-draw"]`)
	for i := 1; i <= 2; i++ {
		b.mmTap(phone, who+" ticks a card", `#mm-buy [data-pick="buy"] label:nth-child(`+itoa(uint64(i))+`) input`)
	}
	b.mmTap(phone, who+" buys two", `[data-act="buy"]`)
	b.run(phone, who+"'s buy form closes", gsGone(`#mm-buy`))
	b.mmTap(phone, who+" is done in port", `[data-act="end-port"]`)
	b.run(phone, who+"'s port closes", gsGone(`#mm-port`))
}

// mmTick taps the tick box in area whose row reads text (the row a player
// reads and taps), and waits for it to read checked as want.
func (b *browser) mmTick(ctx context.Context, area, text string, want bool) {
	b.t.Helper()
	var value string
	find := `(() => { const l = [...document.querySelectorAll(` + jsString(area+` label.mm-check`) + `)].find((x) => x.innerText.includes(` + jsString(text) + `));
	  if (!l) return ''; l.scrollIntoView({block: 'center'}); return l.querySelector('input').dataset.value; })()`
	b.run(ctx, "the row "+text, chromedp.WaitVisible(area+` label.mm-check`, chromedp.ByQuery), chromedp.Evaluate(find, &value))
	if value == "" {
		b.t.Fatalf("no row reads %q in %s", text, area)
	}
	sel := area + ` input[data-value=` + jsString(value) + `]`
	b.run(ctx, "tick "+text, chromedp.Click(sel, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector(`+jsString(sel)+`).checked === `+map[bool]string{true: "true", false: "false"}[want], nil))
}

// TestJourneyMerchantsPlunderClaim: the claim step after Bob boards Ann
// and wins the crew combat, as the rulebook's Plundering player captains
// lets him choose. Ann buys two cargo cards and hires a carpenter (her
// glory card drawn) in her home port, keeps her three other glory cards
// and sails to the open sea; Bob buys two cards, takes three glory
// points (four cards in hand) and sails after her; in round 2 he scouts
// her, shoots, then boards and wins. Her three glory cards and the one his win draws put
// his hand at 8: his phone offers the
// discard first and no claim, the other screens say the table waits for
// him. Then his phone offers the carpenter with a tick (by name) and the
// four cargo cards of both holds with a tick each, counted against the
// hold of each answer's ship; the tablet shows the carpenter only (the
// cargo is secret) and says the cargo is chosen on his phone. A third
// card ticked closes both answers (each hold carries 2); with one of his
// own unticked instead he takes Ann's sloop with one of her cards, and
// dismisses the carpenter: the tablet lists no specialist on either
// captain. Before, the step offered only Yes / No.
func TestJourneyMerchantsPlunderClaim(t *testing.T) {
	b, tablet, ann, bob := mmGloryTable(t)

	// Ann: two cards bought, the carpenter hired, at sea.
	b.waitText(ann, "#mm-act", "Your turn")
	b.mmBuyTwo(ann, "Ann")
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "cargo cards 2")
	b.mmGlory(ann, "Ann", "Test Glory 3", 3)
	b.run(ann, "the carpenter's price", chromedp.WaitVisible(`[data-hire="test-glory-8"] input`, chromedp.ByQuery),
		chromedp.SendKeys(`[data-hire="test-glory-8"] input`, "2", chromedp.ByQuery))
	b.mmTap(ann, "Ann hires the carpenter", `[data-act="hire-test-glory-8"]`)
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "Specialists: Test Glory 8 (Carpenter)")
	b.mmTap(ann, "Ann leaves port", `[data-act="leave-port"]`)
	b.mmTap(ann, "Ann sails to the open sea", `[data-act="move-tz-open"]`)
	b.mmTap(ann, "Ann ends the turn", `[data-act="end-turn"]`)

	// Bob: two cards, three glory cards, after her.
	b.waitText(bob, "#mm-act", "Your turn")
	b.mmBuyTwo(bob, "Bob")
	b.waitText(tablet, `#mm-players [data-seat="1"]`, "cargo cards 2")
	b.mmGlory(bob, "Bob", "Test Glory 3", 3)
	b.waitText(tablet, `#mm-players [data-seat="1"]`, "glory cards 4")
	b.mmTap(bob, "Bob leaves port", `[data-act="leave-port"]`)
	b.mmTap(bob, "Bob sails to the open sea", `[data-act="move-tz-open"]`)
	b.mmTap(bob, "Bob ends the turn", `[data-act="end-turn"]`)
	// Round 2: Ann waits at sea; Bob scouts her.
	b.waitText(ann, "#mm-act", "Your turn")
	b.mmTap(ann, "Ann ends round 2's turn", `[data-act="end-turn"]`)
	b.waitText(bob, "#mm-act", "Your turn")
	b.mmTap(bob, "Bob scouts Ann", `[data-act="scout-0"]`)
	b.mmRollAll(tablet, "skull")
	b.run(tablet, "the battle", chromedp.WaitVisible(`#mm-battle`, chromedp.ByQuery))
	b.mmTap(bob, "Bob shoots", `[data-act="declare-shoot"]`)
	b.mmTap(ann, "Ann shoots", `[data-act="declare-shoot"]`)
	b.mmRollSide(tablet, "Bob", "skull", "1") // the contest
	b.mmRollSide(tablet, "Bob", "skull", "1")
	b.mmRollAll(tablet, "2") // his hits: masts
	b.mmTap(bob, "Bob boards", `[data-act="declare-board"]`)
	b.mmTap(ann, "Ann shoots", `[data-act="declare-shoot"]`)
	for i := 0; i < 6 && b.mmCount(tablet, "#mm-battle") > 0; i++ {
		b.mmRollSide(tablet, "Bob", "skull", "1")
	}
	b.run(tablet, "the battle is over", gsGone("#mm-battle"))

	// Five glory cards: the discard comes before the claim.
	b.waitText(bob, "#mm-glory-discard", "glory cards and may keep 4: discard")
	if n := b.mmCount(bob, `[data-act="claim"], [data-act="no-claim"]`); n != 0 {
		t.Error("Bob's phone offers the claim before his discard (the engine refuses it)")
	}
	b.gsShotAt(bob, "mm-plunder-bob-discard.png", "#mm-glory")
	b.mmDiscard(bob, "Bob", tablet, ann)

	// The claim on Bob's phone: the carpenter and both holds.
	b.waitText(bob, "#mm-claim", "Bob won the boarding. Take the beaten Test Sloop")
	b.waitText(bob, "#mm-claim-specialists", "Test Glory 8 (Carpenter)")
	if n := b.mmCount(bob, `#mm-claim-specialists input:checked`); n != 1 {
		t.Errorf("Bob's phone ticks %d specialists, want the carpenter ticked as offered", n)
	}
	if n := b.mmCount(bob, `#mm-claim-cargo label.mm-check`); n != 4 {
		t.Errorf("Bob's phone offers %d cargo cards, want his two and Ann's two", n)
	}
	if n := b.mmCount(bob, `#mm-claim-cargo input:checked`); n != 2 {
		t.Errorf("Bob's phone ticks %d cargo cards as offered, want his own two", n)
	}
	b.waitText(bob, "#mm-claim-count", "Ticked: 2 cargo cards. The beaten Test Sloop carries 2; your Test Sloop carries 2.")
	b.waitText(bob, `[data-act="claim"]`, "You sail with 2 of the 2 cargo cards the beaten Test Sloop carries")
	b.waitText(bob, `[data-act="no-claim"]`, "You sail with 2 of the 2 cargo cards the Test Sloop carries")
	b.gsFits(bob, "Bob's claim", "#mm-act")
	b.gsShotAt(bob, "mm-plunder-bob-claim.png", "#mm-act")

	// The tablet: the carpenter, no cargo.
	b.waitText(tablet, "#mm-claim-specialists", "Test Glory 8 (Carpenter)")
	b.waitText(tablet, "#mm-claim-secret", "Bob holds 2 cargo cards; the beaten Test Sloop carries 2, Bob’s Test Sloop 2. The cargo is secret")
	if n := b.mmCount(tablet, "#mm-claim-cargo"); n != 0 {
		t.Error("the tablet shows Bob's cargo choice")
	}
	b.gsFits(tablet, "the tablet's claim", "#mm-act")
	b.shot(tablet, "mm-plunder-tablet-claim.png")
	if strings.Contains(b.gsText(ann), "Ticked:") {
		t.Error("Ann's phone shows Bob's cargo choice")
	}

	// Three ticked close both answers; one of his own unticked opens them.
	b.mmTick(bob, "#mm-claim-cargo", "plundered", true)
	b.waitText(bob, "#mm-claim-count", "Ticked: 3 cargo cards.")
	b.waitText(bob, `[data-act="claim"]`, "3 ticked, and the beaten Test Sloop’s hold carries 2: untick 1")
	var open bool
	b.run(bob, "the answers", chromedp.Evaluate(`!document.querySelector('[data-act="claim"]').disabled || !document.querySelector('[data-act="no-claim"]').disabled`, &open))
	if open {
		t.Error("an answer is open with 3 cargo cards ticked for a hold of 2")
	}
	b.gsShotAt(bob, "mm-plunder-bob-over.png", "#mm-claim-cargo")
	b.mmTick(bob, "#mm-claim-cargo", "your hold", false)
	b.waitText(bob, `[data-act="claim"]`, "You sail with 2 of the 2 cargo cards the beaten Test Sloop carries")
	b.mmTick(bob, "#mm-claim-specialists", "Carpenter", false)
	var kept string
	b.run(bob, "what Bob keeps", chromedp.Evaluate(`[...document.querySelectorAll('#mm-claim-cargo label.mm-check')].filter((l) => l.querySelector('input').checked).map((l) => l.innerText.split(' (')[0]).sort().join(', ')`, &kept))
	b.mmTap(bob, "Bob takes Ann's sloop", `[data-act="claim"]`)
	b.run(bob, "the claim is answered", gsGone("#mm-claim"))
	b.waitText(tablet, "#log", "Bob takes the beaten")
	b.waitText(tablet, `#mm-players [data-seat="1"]`, "cargo cards 2")
	var held string
	b.run(bob, "Bob's hold", chromedp.Evaluate(`(() => { const t = [...document.querySelectorAll('#mm-secrets p')].find((p) => p.innerText.startsWith('Cargo:')).innerText;
	  return t.replace('Cargo: ', '').split(', ').map((c) => c.split(' (')[0]).sort().join(', '); })()`, &held))
	if held != kept {
		t.Errorf("Bob's hold is %q, want the two he ticked: %q", held, kept)
	}
	for _, seat := range []string{"0", "1"} {
		var row string
		b.run(tablet, "a captain's row", chromedp.Text(`#mm-players [data-seat="`+seat+`"]`, &row, chromedp.ByQuery))
		if strings.Contains(row, "Carpenter") {
			t.Errorf("the carpenter Bob dismissed is still listed: %q", row)
		}
	}
	b.shot(tablet, "mm-plunder-tablet-after.png")
}
