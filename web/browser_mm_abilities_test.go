package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/merchants"
)

// mmAbilitiesTable makes the example M&M table with three port abilities
// on its made-up map (Cartagena at Ann's home sea zone, Port Royal at the
// Spanish port next to it, St John at Bob's home port: Bob gets the
// French captain, who lives there) and opens it on a tablet and the two
// phones.
func mmAbilitiesTable(t *testing.T) (b *browser, tablet, ann, bob context.Context) {
	e := newEnv(t, Options{PingInterval: time.Second}, merchants.Rules())
	var setup map[string]any
	seed := exampleScript(t, "../engine/merchants/testdata/script-basic.json", &setup)
	abilities := map[string]string{"tz-anchor": "cartagena", "tz-brig": "port-royal", "tz-cove": "st-john"}
	for _, z := range setup["catalog"].(map[string]any)["zones"].([]any) {
		zm := z.(map[string]any)
		if ab, ok := abilities[zm["id"].(string)]; ok {
			zm["ability"] = ab
		}
	}
	setup["players"].([]any)[1].(map[string]any)["captain"] = "test-cap-3"
	cr := createTable(t, e, merchants.Name, setup, seed, "Ann", "test-colour-0", "Bob", "test-colour-1")
	b = newBrowser(t, e.http.URL)
	tablet = b.hostTablet(cr, 1024, 768, `#mm-map`)
	ann = b.playerPhone(cr, 0, `#mm-secrets`)
	bob = b.playerPhone(cr, 1, `#mm-secrets`)
	return b, tablet, ann, bob
}

// TestJourneyMerchantsPortAbilities: the port abilities rulesmm added, each
// tapped on a phone the way a player would. Ann, off Cartagena, finds a
// Spanish merchant without a roll and raids it as Spanish (her phone names
// it so; the tablet shows no scouting roll); with the Spanish bounty that
// earns her, Port Royal offers her the fee or an Influence roll, and she
// talks her way in. Bob at St John's shipyard buys the port's modification
// and a special weapon, then next turn buys a flute, moves the
// modification onto it and sells the weapon back, the price on the button
// counting both.
func TestJourneyMerchantsPortAbilities(t *testing.T) {
	b, tablet, ann, bob := mmAbilitiesTable(t)

	// Cartagena: a Spanish merchant without a scouting roll.
	b.gsClick(ann, "Ann leaves port", `[data-act="leave-port"]`)
	b.waitText(ann, `[data-act="scout-spanish"]`, "Find a Spanish merchant without a roll (Cartagena)")
	b.gsFits(ann, "Ann at sea off Cartagena", "#mm-act")
	b.gsShotAt(ann, "mm-abilities-ann-cartagena.png", `[data-act="scout-spanish"]`)
	b.gsClick(ann, "find a Spanish merchant", `[data-act="scout-spanish"]`)
	b.waitText(ann, "#mm-act", "Ann found a Spanish merchant off Cartagena, without a roll")
	b.waitText(ann, `[data-act="raid"]`, "Raid the Spanish merchant")
	b.waitText(tablet, "#log", "Ann looks for a Spanish merchant off Cartagena")
	b.gsFits(ann, "the Spanish merchant found", "#mm-act")
	b.gsClick(ann, "raid it", `[data-act="raid"]`)
	b.waitText(tablet, "#mm-rolls", "Ann raids the merchant (Seamanship)")
	if strings.Contains(b.gsText(tablet), "(Scouting)") {
		t.Error("the tablet asks a scouting roll off Cartagena")
	}
	b.gsRoll(tablet, "skull, skull")
	b.gsClick(ann, "keep no cards", `[data-act="raid-end"]`)
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "Spanish")
	b.gsClick(ann, "sail to the Spanish port", `[data-act="move-tz-brig"]`)
	// Her three actions are spent: the phone says to end the turn and
	// offers no sailing, port or scouting, which the rules would refuse
	// (it offered them all, "Your turn: 0 actions left").
	b.waitText(ann, "#mm-no-actions", "no actions left: end the turn")
	var spent []string
	b.run(ann, "actions offered", chromedp.Evaluate(`[...document.querySelectorAll('#mm-act [data-act^="move-"], #mm-act [data-act^="scout"], #mm-act [data-act^="enter-port"], #mm-act [data-act="port"], #mm-act [data-act="leave-port"]')].map((e) => e.innerText)`, &spent))
	if len(spent) > 0 {
		t.Errorf("Ann's phone offers actions with none left: %q", spent)
	}
	b.shot(ann, "mm-abilities-ann-after-move.png")
	b.gsClick(ann, "end the turn", `[data-act="end-turn"]`)

	// St John, first visit: the port's modification and a special weapon.
	b.gsClick(bob, "Bob visits his port", `[data-act="port"]`)
	b.gsClick(bob, "tick the modification", `#mm-shipyard input[data-value="mod"]`)
	b.gsClick(bob, "tick chain-shot", `#mm-shipyard [data-pick="weapons"] input[data-value="chain-shot"]`)
	b.gsClick(bob, "pay", `[data-act="shipyard"]`)
	b.waitText(tablet, "#log", "Bob spends")
	b.gsClick(bob, "done in port", `[data-act="end-port"]`)
	b.gsClick(bob, "end the turn", `[data-act="end-turn"]`)

	// Port Royal: a wanted pirate's two ways in.
	b.waitText(ann, "#mm-port-royal", "Brig Test Port lets in a captain with a Spanish bounty")
	b.waitText(ann, `[data-act="enter-port-pay"]`, "Pay 2 gold to enter Brig Test Port")
	b.waitText(ann, `[data-act="enter-port-roll"]`, "Talk your way in: roll Influence")
	b.gsFits(ann, "Port Royal's two ways in", "#mm-act")
	b.gsShotAt(ann, "mm-abilities-ann-port-royal.png", "#mm-port-royal")
	b.gsClick(ann, "talk her way in", `[data-act="enter-port-roll"]`)
	b.waitText(tablet, "#mm-rolls", "Ann talks their way into Port Royal (Influence)")
	b.waitText(tablet, "#log", "Ann talks their way into Port Royal (Influence)")
	b.gsRoll(tablet, "skull")
	b.waitText(tablet, "#log", "Ann enters Brig Test Port")
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "In port at Test Brigantine Bay")
	b.gsClick(ann, "end the turn", `[data-act="end-turn"]`)

	// St John, second visit: a flute, the modification moved onto it, the
	// weapon sold back.
	b.gsClick(bob, "Bob visits his port again", `[data-act="port"]`)
	b.gsClick(bob, "pick the flute", `#mm-shipyard input[data-value="flute"]`)
	b.waitText(bob, "#mm-shipyard", "Move modifications to the new ship (1 gold each, St. John only)")
	b.waitText(bob, "#mm-shipyard", "Sell special weapons back (1 gold each)")
	// The flute costs 4 after the trade-in; moving the modification adds
	// 1, selling the chain-shot back takes 1 off.
	b.waitText(bob, `[data-act="shipyard"]`, "Pay 4 gold at the shipyard")
	b.gsClick(bob, "keep the modification", `#mm-shipyard [data-pick="keep-mods"] input`)
	b.waitText(bob, `[data-act="shipyard"]`, "Pay 5 gold at the shipyard")
	b.gsClick(bob, "sell chain-shot", `#mm-shipyard [data-pick="sell-weapons"] input[data-value="chain-shot"]`)
	b.waitText(bob, `[data-act="shipyard"]`, "Pay 4 gold at the shipyard")
	b.gsFits(bob, "St John's shipyard", "#mm-act")
	b.gsShotAt(bob, "mm-abilities-bob-st-john.png", "#mm-shipyard")
	b.gsClick(bob, "pay", `[data-act="shipyard"]`)
	b.waitText(tablet, "#log", "Bob spends 4 gold at the shipyard")
	b.waitText(tablet, `#mm-players [data-seat="1"]`, "Test Flute")
	b.waitText(tablet, `#mm-players [data-seat="1"]`, "Modifications: Extra hammocks")
	var bobRow string
	b.run(tablet, "Bob's row", chromedp.Text(`#mm-players [data-seat="1"]`, &bobRow, chromedp.ByQuery))
	if strings.Contains(bobRow, "Special weapons") {
		t.Errorf("Bob sold his chain-shot but the tablet still shows it: %q", bobRow)
	}
	b.shot(tablet, "mm-abilities-tablet-end.png")

	// Over the hand of 4 glory cards (plunder gives the loser's hand; here
	// glory points entered by hand each draw one): Bob's phone says to
	// discard before playing and offers no Play button until he has; the
	// tablet says it too.
	b.mmGlory(bob, "Bob", "Test Event 4", 3)
	b.waitText(tablet, `#mm-players [data-seat="1"]`, "glory cards 4")
	if strings.Contains(b.gsText(bob), "may keep 4") {
		t.Error("Bob's phone asks a discard with 4 glory cards")
	}
	b.mmGlory(bob, "Bob", "Test Event 4", 1)
	b.waitText(bob, "#mm-glory-discard", "You hold 5 glory cards and may keep 4: discard one first, before anything else. The game waits for you.")
	b.waitText(bob, "#mm-glory-over", "You hold 5 glory cards and may keep 4")
	b.waitText(tablet, `#mm-players [data-seat="1"]`, "glory cards 5 (must discard to 4 on their phone)")
	var plays int
	b.run(bob, "Play buttons", chromedp.Evaluate(`document.querySelectorAll('#mm-glory [data-act^="play-"]').length`, &plays))
	if plays != 0 {
		t.Errorf("Bob's phone offers %d Play buttons over the hand of 4", plays)
	}
	// Each Discard names its card: five buttons that all said "Discard",
	// each under its card's text, left the player counting which was which.
	var unnamed []string
	b.run(bob, "Discard buttons", chromedp.Evaluate(`[...document.querySelectorAll('#mm-glory [data-act^="discard-"]')]
	  .filter((e) => e.innerText.trim() !== 'Discard ' + e.closest('.mm-card').dataset.card).map((e) => e.innerText)`, &unnamed))
	if len(unnamed) > 0 {
		t.Errorf("Bob's Discard buttons do not name their card: %q", unnamed)
	}
	b.gsFits(bob, "Bob's glory cards over the hand", "#mm-act")
	b.gsShotAt(bob, "mm-abilities-bob-glory-over.png", "#mm-glory-discard")
	b.gsClick(bob, "discard one", `#mm-glory [data-act^="discard-"]`)
	b.run(bob, "the warning goes", gsGone("#mm-glory-discard"))
	b.waitText(tablet, `#mm-players [data-seat="1"]`, "glory cards 4")
	b.run(bob, "Play buttons again", chromedp.WaitVisible(`#mm-glory [data-act^="play-"]`, chromedp.ByQuery))
}

// TestBrowserMerchantsWantedPort: a captain with a bounty of a port's
// nation, at a port other than Port Royal, reads on the Enter button
// itself that the port is closed to them and why, and cannot tap it (a
// plain Enter button was offered and then refused, port-closed). The
// example map's Spanish port is made English here, so that the English
// bounty Ann earns raiding off her home port keeps her out of it.
func TestBrowserMerchantsWantedPort(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, merchants.Rules())
	var setup map[string]any
	seed := exampleScript(t, "../engine/merchants/testdata/script-basic.json", &setup)
	for _, z := range setup["catalog"].(map[string]any)["zones"].([]any) {
		if zm := z.(map[string]any); zm["id"] == "tz-brig" {
			zm["nation"] = "english"
		}
	}
	cr := createTable(t, e, merchants.Name, setup, seed, "Ann", "test-colour-0", "Bob", "test-colour-1")
	sess, err := e.mgr.Get(context.Background(), cr.Table)
	if err != nil {
		t.Fatal(err)
	}
	// The example script's raid (an English merchant off Ann's home
	// port), then Ann sails next door; her next turn begins there.
	for _, a := range []string{
		`{"type":"leave-port","seat":0}`,
		`{"type":"scout","seat":0,"target":"merchant"}`,
		`{"type":"roll","seat":-1,"request":"r1","faces":["skull","2"]}`,
		`{"type":"merchant","seat":0,"nation":"english","raid":true}`,
		`{"type":"roll","seat":-1,"request":"r3","faces":["skull","4"]}`,
		`{"type":"raid","seat":0,"op":"draw"}`,
		`{"type":"raid","seat":0,"op":"end","keep":[]}`,
		`{"type":"move","seat":0,"to":"tz-brig"}`,
		`{"type":"end-turn","seat":0}`,
		`{"type":"end-turn","seat":1}`,
	} {
		if r := e.do("POST", "/api/tables/"+cr.Table+"/actions", `{"action":`+a+`,"baseVersion":`+itoa(sess.Version())+`}`, host(cr.HostToken)...); r.status != 200 {
			t.Fatalf("%s: %d %s", a, r.status, r.body)
		}
	}
	b := newBrowser(t, e.http.URL)
	ann := b.playerPhone(cr, 0, `#mm-secrets`)
	sel := `[data-act="enter-port"]`
	b.waitText(ann, "#mm-act", "Your turn: 3 actions left")
	b.waitText(ann, sel, "Enter Brig Test Port")
	b.waitText(ann, sel, "Closed to you: you have an English bounty. Only your home port lets you in, and Port Royal for a fee (rulebook: Effects of bounties)")
	var off bool
	b.run(ann, "the Enter button", chromedp.Evaluate(`document.querySelector(`+jsString(sel)+`).disabled`, &off))
	if !off {
		t.Error("Ann's phone offers Enter Brig Test Port, which the rules refuse")
	}
	b.gsFits(ann, "Ann at a closed port", "#mm-act")
	b.gsShotAt(ann, "mm-wanted-port.png", sel)
}

// TestBrowserMerchantsRollHeld: while a captain holds more than 4 glory
// cards the rules refuse everything but the discard, the roll too. With a
// scouting roll asked, four glory points entered for Ann put her hand
// over (5 cards): the tablet's roll box says the dice wait for her discard, her
// phone says to discard first, and no screen offers to enter the roll
// (the shell's roll box stayed and its roll was refused). Her discard
// brings the roll box back.
func TestBrowserMerchantsRollHeld(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, merchants.Rules())
	cr := createMerchants(t, e)
	sess, err := e.mgr.Get(context.Background(), cr.Table)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range []string{
		`{"type":"leave-port","seat":0}`,
		`{"type":"scout","seat":0,"target":"merchant"}`,
		`{"type":"adjust","seat":-1,"target":0,"glory":4,"reason":"Test Glory"}`,
	} {
		if r := e.do("POST", "/api/tables/"+cr.Table+"/actions", `{"action":`+a+`,"baseVersion":`+itoa(sess.Version())+`}`, host(cr.HostToken)...); r.status != 200 {
			t.Fatalf("%s: %d %s", a, r.status, r.body)
		}
	}
	b := newBrowser(t, e.http.URL)
	tablet := b.hostTablet(cr, 1024, 768, `#mm-map`)
	ann := b.playerPhone(cr, 0, `#mm-secrets`)
	b.waitText(tablet, "#rolls-held", "The dice wait until Ann has discarded down to 4 glory cards (5 held) on their phone.")
	b.waitText(ann, "#rolls-held", "Discard a glory card first (below): you hold 5 and may keep 4. Then the dice.")
	b.waitText(tablet, "#mm-rolls", "Roll for: Ann scouts for a merchant (Scouting) · 2 dice (Ann), after Ann’s discard")
	for _, sc := range []context.Context{tablet, ann} {
		if n := b.mmCount(sc, `[data-act="enter-roll"], [data-act="digital-roll"]`); n != 0 {
			t.Errorf("a screen offers %d roll buttons while Ann must discard", n)
		}
	}
	b.gsShotAt(ann, "mm-rollheld-ann.png", "#rolls-held")
	b.shot(tablet, "mm-rollheld-tablet.png")
	b.mmTap(ann, "Ann discards", `#mm-glory [data-act^="discard-"]`)
	b.run(tablet, "the roll box is back", chromedp.WaitVisible(`#expects [data-act="enter-roll"]`, chromedp.ByQuery))
	b.run(tablet, "the wait is over", gsGone("#rolls-held"))
	if strings.Contains(b.gsText(tablet), "after Ann’s discard") {
		t.Error("the tablet still says the roll comes after Ann's discard")
	}
}
