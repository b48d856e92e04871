package web

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/piratescode"
)

// The Pirate's Code's screens for the fourteenth session's rule fixes
// (docs/games/pirates-code.md, "Fourteenth session: rulespc"): a Reroll
// card rolls each of its dice once, one tap per die, and a second card may
// roll again a die the first rolled; a jostle from the wheel names the
// space; Hide Out names the wheel spaces whose Deckhands it takes; a
// special trade without a trade made.

// pcRules14Start creates a two-player game of the engine's example setup
// laid out for the journey: Ann's ship in the cove of Test Isle 1 (a
// sugarcane market) beside the storm of Test Isle 6 (given a settlement
// of 2), her captain's Trade bonus a special trade of Sugarcane and Rum
// for 7 gold; Bo's ship on the Orange merchant's port, his captain's Crew
// Up bonus a second Crew Up, the crew row's first two cards Reroll cards
// for Attack (Test Crew 5: 1, 2 or 3; Test Crew 10: 4, 5 or 6). It opens
// the table on a 1024x768 tablet and each player's 390x844 phone.
func pcRules14Start(t *testing.T) (b *browser, tablet, ann, bo context.Context) {
	e := newEnv(t, Options{PingInterval: time.Second}, piratescode.Rules())
	var setup map[string]any
	seed := exampleScript(t, "../engine/piratescode/testdata/script-example.json", &setup)
	cat := setup["catalog"].(map[string]any)
	for _, c := range cat["mapCards"].([]any) {
		if c := c.(map[string]any); c["id"] == "test-isle-6" {
			c["settlement"] = 2
		}
	}
	for _, k := range cat["crew"].([]any) {
		if k := k.(map[string]any); k["id"] == "test-crew-10" {
			k["bonuses"] = []any{map[string]any{"kind": "reroll", "faces": []int{4, 5, 6}}}
		}
	}
	captains := cat["captains"].([]any)
	annFront := captains[0].(map[string]any)["sides"].([]any)[0].(map[string]any)
	annFront["trigger"] = "trade"
	annFront["bonuses"] = []any{map[string]any{"kind": "special-trade", "n": 7, "booty": []string{"sugarcane", "rum"}}}
	boFront := captains[1].(map[string]any)["sides"].([]any)[0].(map[string]any)
	boFront["trigger"] = "crew-up"
	boFront["bonuses"] = []any{map[string]any{"kind": "crew-up"}}
	setup["layout"] = map[string]any{
		"grid": []string{
			"test-isle-3", "test-isle-8", "test-isle-10", "test-isle-12",
			"test-isle-14", "test-isle-1", "test-isle-6", "test-isle-16",
			"test-isle-2", "test-isle-4", "test-isle-5", "test-isle-7",
			"test-isle-9", "test-isle-11", "test-isle-13", "test-isle-15",
		},
		"ports":   []string{"R1C1", "R4C4"},
		"navy":    "R1C4",
		"crewRow": []string{"test-crew-5", "test-crew-10", "test-crew-1"},
		"players": []any{
			map[string]any{"cell": "R2C2", "wheel": []string{"trade", "search", "crew-up", "plunder", "attack"}, "captain": "test-captain-1"},
			map[string]any{"cell": "R1C1", "wheel": []string{"trade", "plunder", "crew-up", "search", "attack"}, "captain": "test-captain-2"},
		},
	}
	cr := createTable(t, e, piratescode.Name, setup, seed, "Ann", "red", "Bo", "blue")
	b = newBrowser(t, e.http.URL)
	tablet = b.hostTablet(cr, 1024, 768, `#pc-map`)
	ann = b.playerPhone(cr, 0, `#pc-table`)
	bo = b.playerPhone(cr, 1, `#pc-table`)
	return b, tablet, ann, bo
}

// pcEnterRoll taps the faces on the tablet's roll panel and enters them.
func (b *browser) pcEnterRoll(tablet context.Context, faces ...string) {
	b.t.Helper()
	b.waitText(tablet, "#expects", "Roll")
	for _, f := range faces {
		b.run(tablet, "face "+f, chromedp.Click(`#expects .facebtns [data-face="`+f+`"]`, chromedp.ByQuery))
	}
	b.tap(tablet, "enter the roll", `#expects [data-act="enter-roll"]`)
}

// pcWheelHands is the Deckhands a player's mats show on each wheel space
// ("1:0 2:1 ...").
func (b *browser) pcWheelHands(ctx context.Context, seat string) string {
	b.t.Helper()
	var s string
	b.run(ctx, "the wheel's Deckhands", chromedp.Evaluate(`[...document.querySelectorAll('.pc-mats[data-seat="`+seat+`"] .pc-wheel li')].map((li) => li.querySelector('.pc-space').textContent + ':' + ((li.querySelector('.pc-hands') || {}).textContent || '0').replace(/ Deckhands?/, '')).join(' ')`, &s))
	return s
}

// TestJourneyPiratesCodeRules14: round 1, Ann on the tablet moves her
// Captain to Plunder paying a Deckhand on each of the three spaces
// jumped (Rigging, Cannons and Extort empty), sails into the storm and
// picks the Search space's Deckhand for the jostle, named as her wheel
// shows it; Bo on his phone hires both Reroll cards. Round 2, Bo attacks
// the Orange merchant ship: rolled 1 and 2, Test Crew 5 rolls die 1, then
// die 2, one tap each, its buttons saying it is in use and which die it
// may still roll; Test Crew 10 then rolls die 1 again (its 4), which
// finishes Test Crew 5. Round 3, Ann on her phone hides out taking both
// Deckhands of the wheel, so the one in Repair stays. Round 4, on the
// tablet, she lets the Trade order go and makes her captain's special
// trade, named by what it hands in.
func TestJourneyPiratesCodeRules14(t *testing.T) {
	b, tablet, ann, bo := pcRules14Start(t)

	// Round 1: Ann jumps Trade, Search and Crew Up, paying all three.
	b.waitText(tablet, "#pc-order-4", "costs 3 Deckhands")
	b.tap(tablet, "Ann: Plunder", `#pc-order-4`)
	b.waitText(tablet, "#log", "Ann's Captain chose Plunder")
	if got := b.gsAssign(tablet, "0", "Extort"); got != "Extort 0" {
		t.Fatalf("Ann's Extort after paying three jumps: %q", got)
	}
	b.gsClick(tablet, "into the storm", `#pc-sail [data-to="R2C3"]`)
	// Rigging, Cannons and Extort are empty: the jostle comes from the
	// wheel, from the space she picks.
	b.waitText(tablet, "#pc-sail [data-jostle]", "the wheel gives one")
	b.waitText(tablet, `#pc-sail [data-from="wheel2"]`, "Search space (2)")
	b.waitText(tablet, `#pc-sail [data-from="wheel1"]`, "Trade space (1)")
	b.gsClick(tablet, "the Search space's Deckhand", `#pc-sail [data-from="wheel2"]`)
	b.pcFits(tablet, "the tablet, the jostle from the wheel", 16)
	b.gsShotAt(tablet, "pc-rules14-tablet-jostle-wheel.png", "#pc-sail")
	b.tap(tablet, "Ann sails", `#pc-sail-go`)
	b.waitText(tablet, "#log", "A storm jostled a Deckhand of Ann's into Repair")
	if got := b.pcWheelHands(tablet, "0"); got != "0:0 1:1 2:0 3:1 4:0 5:0" {
		t.Errorf("Ann's wheel after the jostle from the Search space: %q, want its Deckhand gone and the others kept", got)
	}
	b.gsClick(tablet, "Sugarcane drawn", `#pc-plunder-form [data-drawn="sugarcane"]`)
	b.gsClick(tablet, "Rum drawn", `#pc-plunder-form [data-drawn="rum"]`)
	b.tap(tablet, "Ann plunders", `#pc-plunder`)
	b.waitText(tablet, `.pc-mats[data-seat="0"] .pc-booty`, "Sugarcane, Rum")
	b.tap(tablet, "Ann ends", `#pc-end-turn`)

	// Bo hires both Reroll cards on his phone: the order, then his
	// captain's second Crew Up.
	b.tap(bo, "Bo: Crew Up", `#pc-order-3`)
	b.tap(bo, "Bo hires Test Crew 5", `#pc-hire-0`)
	b.waitText(bo, "#pc-bonus-hire-1", "Test Crew 10")
	b.tap(bo, "Bo hires Test Crew 10", `#pc-bonus-hire-1`)
	b.waitText(tablet, `.pc-mats[data-seat="1"] .pc-cards`, "Test Crew 10")
	b.tap(bo, "Bo ends", `#pc-end-turn`)

	// Round 2: Ann back to her cove; Bo attacks.
	b.tap(tablet, "Ann: Attack", `#pc-order-5`)
	b.gsClick(tablet, "back to Test Isle 1", `#pc-sail [data-to="R2C2"]`)
	b.tap(tablet, "Ann sails", `#pc-sail-go`)
	b.tap(tablet, "Ann ends", `#pc-end-turn`)
	b.tap(bo, "Bo: Attack", `#pc-order-5`)
	// A Reroll is used in the fight: its bonus is not a button to tap
	// before it (the engine refuses it on its own).
	b.waitText(bo, "#pc-bonuses", "in the fight, once your dice are rolled")
	var rerollBonusOn bool
	b.run(bo, "the Reroll bonus", chromedp.Evaluate(`!!document.querySelector('#pc-bonus-test-crew-5-0:not([disabled])')`, &rerollBonusOn))
	if rerollBonusOn {
		t.Error("Bo's phone offers Test Crew 5's Reroll as a bonus to tap before the fight")
	}
	b.tap(bo, "Bo attacks", `#pc-attack-orange`)
	b.pcEnterRoll(tablet, "1", "2")
	// Both dice show Test Crew 5's faces: a button for each.
	b.waitText(bo, "#pc-reroll", "Test Crew 5 rolls again each die showing 1, 2 or 3, once.")
	b.waitText(bo, "#pc-reroll-test-crew-5-0", "Test Crew 5: roll die 1 (1) again")
	b.waitText(bo, "#pc-reroll-test-crew-5-1", "Test Crew 5: roll die 2 (2) again")
	b.waitText(bo, `#pc-reroll [data-card="test-crew-10"]`, "No die shows 4, 5 or 6.")
	b.pcFits(bo, "Bo's phone, the re-rolls", 16)
	b.tap(bo, "Test Crew 5 rolls die 1", `#pc-reroll-test-crew-5-0`)
	b.pcEnterRoll(tablet, "4")
	// The card is in use: it says so, and which die it may still roll.
	b.waitText(bo, `#pc-reroll [data-card="test-crew-5"]`, "Test Crew 5 in use: it rolled die 1 again; it may still roll die 2.")
	b.waitText(bo, "#pc-reroll-test-crew-5-1", "Test Crew 5 (in use): roll die 2 (2) again")
	b.waitText(tablet, "#pc-reroll-test-crew-5-1", "Test Crew 5 (in use): roll die 2 (2) again")
	b.waitText(bo, `#pc-reroll [data-card="test-crew-10"]`, "using it finishes Test Crew 5’s re-rolls")
	b.gsShotAt(bo, "pc-rules14-phone-reroll-in-use.png", "#pc-reroll")
	b.tap(bo, "Test Crew 5 rolls die 2", `#pc-reroll-test-crew-5-1`)
	b.pcEnterRoll(tablet, "3")
	b.waitText(bo, `#pc-reroll [data-card="test-crew-5"]`, "it rolled dice 1 and 2 again and may roll no other")
	// Test Crew 10 rolls again the 4 Test Crew 5 gave.
	b.waitText(bo, "#pc-reroll-test-crew-10-0", "Test Crew 10: roll die 1 (4) again")
	b.tap(bo, "Test Crew 10 rolls die 1", `#pc-reroll-test-crew-10-0`)
	b.pcEnterRoll(tablet, "6")
	b.waitText(bo, `#pc-reroll [data-card="test-crew-5"]`, "Test Crew 5 done")
	b.waitText(bo, `#pc-reroll [data-card="test-crew-10"]`, "Test Crew 10 in use: it rolled die 1 again and may roll no other.")
	b.waitText(tablet, "#pc-faces", "6")
	b.pcFits(tablet, "the tablet, the re-rolls done", 16)
	b.gsShotAt(tablet, "pc-rules14-tablet-reroll-done.png", "#pc-reroll")
	b.tap(bo, "Bo counts", `#pc-resolve`)
	b.run(tablet, "the fight is over", chromedp.Poll(`!document.querySelector('#pc-fight')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.tap(bo, "Bo ends", `#pc-end-turn`)

	// Round 3: Ann hides out on her phone, taking the wheel's two.
	b.tap(ann, "Ann: Hide Out", `#pc-order-0`)
	b.waitText(ann, "#pc-hide [data-hide-wheel]", "none picked: the game takes your mat’s first")
	b.gsClick(ann, "the Trade space's Deckhand", `#pc-hide [data-wheel="1"]`)
	b.gsClick(ann, "the Crew Up space's Deckhand", `#pc-hide [data-wheel="3"]`)
	b.gsClick(ann, "one more on Rigging", `#pc-hide [data-assign="rigging"] button[aria-label^="one more"]`)
	b.gsClick(ann, "one more on Cannons", `#pc-hide [data-assign="cannons"] button[aria-label^="one more"]`)
	b.waitText(ann, "#pc-hide", "2 from the wheel, 0 from your mat")
	b.pcFits(ann, "Ann's phone, hiding out", 16)
	b.gsShotAt(ann, "pc-rules14-phone-hide-wheel.png", "#pc-hide")
	b.tap(ann, "Ann hides", `#pc-hide-out`)
	b.waitText(tablet, "#log", "Ann hid in the cove of Test Isle 1")
	if got := b.pcWheelHands(tablet, "0"); got != "0:0 1:0 2:0 3:0 4:0 5:0" {
		t.Errorf("Ann's wheel after hiding out with both of its Deckhands: %q", got)
	}
	if got := b.gsAssign(tablet, "0", "Repair"); got != "Repair 1" {
		t.Errorf("Ann's Repair after hiding out with the wheel's Deckhands: %q, want the one there kept", got)
	}
	b.tap(ann, "Ann sails the ships and ends", `#pc-end-turn`)
	b.tap(bo, "Bo: Hide Out", `#pc-order-0`)
	b.tap(bo, "Bo sails the ships and ends", `#pc-end-turn`)

	// Round 4: on the Trade order Ann lets the trade go and makes the
	// special trade, named by what it hands in.
	b.tap(tablet, "Ann: Trade", `#pc-order-1`)
	b.waitText(tablet, "#pc-trade", "Sell 1 Sugarcane")
	b.waitText(tablet, "#pc-bonus-captain-0", "Test Captain 1: Special trade: Sugarcane and Rum for 7 gold")
	b.tap(tablet, "Ann skips the trade", `#pc-pass`)
	b.pcFits(tablet, "the tablet, the special trade", 16)
	b.tap(tablet, "Ann's special trade", `#pc-bonus-captain-0`)
	b.waitText(tablet, "#log", "Ann handed in sugarcane and rum for 7 gold")
	b.run(ann, "the Rum handed in", chromedp.Poll(`!document.querySelector('.pc-booty').innerText.includes('Rum')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
}
