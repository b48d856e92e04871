package web

import (
	"context"
	"strconv"
	"strings"
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

// mmNPCTable makes the example M&M table with a pirate sloop: the first
// event card (round 1, the example's seed) brings it into the open sea at
// the end of the round, the second (round 2) draws it a new captain while
// it sails. It opens the table on a 1024x768 tablet and the two phones.
func mmNPCTable(t *testing.T) (b *browser, tablet, ann, bob context.Context) {
	e := newEnv(t, Options{PingInterval: time.Second}, merchants.Rules())
	var setup map[string]any
	seed := exampleScript(t, "../engine/merchants/testdata/script-basic.json", &setup)
	npc := map[string]any{"kind": merchants.PirateSloop, "seamanship": 1, "scouting": 1, "leadership": 1, "toughness": 2, "cargo": 1, "crew": 1, "cannons": 1, "maneuverability": 2, "home": "tz-open"}
	for _, c := range setup["catalog"].(map[string]any)["events"].([]any) {
		cm := c.(map[string]any)
		if id := cm["id"].(string); id == "test-event-8" || id == "test-event-4" {
			cm["npc"] = npc
		}
	}
	cr := createTable(t, e, merchants.Name, setup, seed, "Ann", "test-colour-0", "Bob", "test-colour-1")
	b = newBrowser(t, e.http.URL)
	tablet = b.hostTablet(cr, 1024, 768, `#mm-map`)
	ann = b.playerPhone(cr, 0, `#mm-secrets`)
	bob = b.playerPhone(cr, 1, `#mm-secrets`)
	return b, tablet, ann, bob
}

// mmRollAll enters face on every die of the oldest roll the tablet's roll
// box asks for (as many dice as it says).
func (b *browser) mmRollAll(tablet context.Context, face string) {
	b.t.Helper()
	var label string
	b.run(tablet, "how many dice", chromedp.WaitVisible(`#expects .faces`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#expects .faces').getAttribute('aria-label')`, &label))
	n := 1
	if f := strings.Fields(label); len(f) > 2 && f[1] == "the" {
		n, _ = strconv.Atoi(f[2])
	}
	faces := make([]string, max(n, 1))
	for i := range faces {
		faces[i] = face
	}
	b.gsRoll(tablet, strings.Join(faces, ", "))
}

// TestJourneyMerchantsClaimShip: after a won boarding, the beaten NPC's
// ship as a clear yes/no choice, and an NPC's next captain on the tablet.
// Round 1's event brings a pirate sloop; round 2's draws it a new captain
// while it sails, which the tablet shows beside the ship until the round
// ends. Ann sails into its sea zone and it scouts her; in the first round
// her phone offers only Shoot (board and flee were offered and refused as
// declare-first-round); in the second she boards and wins the crew
// combat: her phone names the ship offered and her own ship given up
// ("Yes: take the beaten Test Sloop" / "No: keep your Test Sloop"; before, "Take
// their ship" / "Keep mine"), Bob's phone says what the table waits for
// from her, and she keeps her own.
func TestJourneyMerchantsClaimShip(t *testing.T) {
	b, tablet, ann, bob := mmNPCTable(t)

	b.gsClick(ann, "Ann ends round 1's turn", `[data-act="end-turn"]`)
	b.waitText(bob, "#mm-act", "Your turn")
	b.gsClick(bob, "Bob ends round 1's turn", `[data-act="end-turn"]`)
	b.waitText(tablet, `#mm-map [data-npc="pirate-sloop"]`, "next captain Test Event 4, at the end of the round")
	b.shot(tablet, "mm-claim-tablet-next.png")

	// Ann sails to the pirate sloop, which scouts her; she boards it.
	b.gsClick(ann, "Ann leaves port", `[data-act="leave-port"]`)
	b.gsClick(ann, "Ann sails to the open sea", `[data-act="move-tz-open"]`)
	b.waitText(tablet, "#mm-rolls", "The pirate sloop scouts for Ann")
	b.mmRollAll(tablet, "skull")
	b.run(tablet, "the battle", chromedp.WaitVisible(`#mm-battle`, chromedp.ByQuery))
	b.shot(tablet, "mm-claim-tablet-battle.png")
	// The first round is shooting only: Ann's phone offers nothing else.
	b.mmTap(bob, "Bob steers the pirate sloop: shoot", `[data-act="declare-shoot"]`)
	b.waitText(ann, "#mm-act", "Ann: the first round of a sea battle is shooting only.")
	if n := b.mmCount(ann, `[data-act="declare-board"], [data-act="declare-flee"]`); n != 0 {
		t.Error("Ann's phone offers to board or flee in the first round")
	}
	b.mmTap(ann, "Ann shoots", `[data-act="declare-shoot"]`)
	b.mmRollSide(tablet, "Ann", "skull", "1") // the contest
	b.mmRollSide(tablet, "Ann", "skull", "1")
	b.mmRollAll(tablet, "2") // her hits: masts
	// Round 2: Ann boards and wins the contest and the crew combat.
	b.mmTap(bob, "Bob steers the pirate sloop: shoot", `[data-act="declare-shoot"]`)
	b.mmTap(ann, "Ann boards", `[data-act="declare-board"]`)
	for i := 0; i < 6 && b.mmCount(tablet, "#mm-battle") > 0; i++ {
		b.mmRollSide(tablet, "Ann", "skull", "1")
	}
	b.run(tablet, "the battle is over", gsGone("#mm-battle"))

	// The claim: the ship offered by name, yes or no.
	// The ship offered by its catalog name, "Test Sloop", not its type
	// id ("the beaten Sloop").
	b.waitText(ann, "#mm-claim", "Ann won the boarding against the Pirate sloop. Take the beaten Test Sloop, with the damage it took, and discard your Test Sloop? The crew comes along.")
	b.waitText(ann, `[data-act="claim"]`, "Yes: take the beaten Test Sloop")
	b.waitText(ann, `[data-act="no-claim"]`, "No: keep your Test Sloop")
	b.waitText(bob, "#mm-wait-pending", "Ann decides now: whether to take the beaten Test Sloop.")
	b.waitText(tablet, "#mm-pending", "Waiting for Ann: deciding whether to claim the beaten ship")
	b.gsFits(ann, "Ann's claim", "#mm-act")
	b.gsShotAt(ann, "mm-claim-ann.png", "#mm-claim")
	b.shot(tablet, "mm-claim-tablet.png")
	b.mmTap(ann, "Ann keeps her ship", `[data-act="no-claim"]`)
	b.run(ann, "the claim is answered", gsGone("#mm-claim"))
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "Test Sloop")
	b.shot(tablet, "mm-claim-tablet-after.png")
}

// mmTap taps sel mid-screen, where the toast at the top cannot take the
// tap (a player sees the toast and taps beside it).
func (b *browser) mmTap(ctx context.Context, what, sel string) {
	b.t.Helper()
	b.run(ctx, what, chromedp.WaitVisible(sel, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector(`+jsString(sel)+`).scrollIntoView({block: 'center'})`, nil),
		chromedp.Click(sel, chromedp.ByQuery))
}

// mmRollSide enters the oldest roll the tablet's roll box asks for: win on
// every die when its words name who, lose on every die otherwise.
func (b *browser) mmRollSide(tablet context.Context, who, win, lose string) {
	b.t.Helper()
	var say string
	b.run(tablet, "the roll asked", chromedp.WaitVisible(`#expects .faces`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#expects .expect .say').innerText`, &say))
	face := lose
	if strings.Contains(say, who) {
		face = win
	}
	b.mmRollAll(tablet, face)
}

// TestJourneyMerchantsRumorPlunder: a winner already holding a rumor
// chooses which of two to keep (Acquire a rumor: one at a time). Ann and
// Bob each hear a rumor in their home port (the example catalog with four
// rumor cards) and meet in the open sea; Ann scouts Bob, shoots in the
// first round, boards in the second and wins the crew combat. She keeps
// her own ship; then her phone shows both rumors with a Keep button each,
// Bob's phone says she decides, and once she has kept one Bob holds none.
func TestJourneyMerchantsRumorPlunder(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, merchants.Rules())
	var setup map[string]any
	seed := exampleScript(t, "../engine/merchants/testdata/script-basic.json", &setup)
	var rumors []any
	for i, sk := range merchants.Skills {
		rumors = append(rumors, map[string]any{"id": "test-rumor-" + itoa(uint64(i+1)), "name": "Test Rumor " + itoa(uint64(i+1)), "skill": sk})
	}
	setup["catalog"].(map[string]any)["rumors"] = rumors
	cr := createTable(t, e, merchants.Name, setup, seed, "Ann", "test-colour-0", "Bob", "test-colour-1")
	b := newBrowser(t, e.http.URL)
	tablet := b.hostTablet(cr, 1024, 768, `#mm-map`)
	ann := b.playerPhone(cr, 0, `#mm-secrets`)
	bob := b.playerPhone(cr, 1, `#mm-secrets`)

	// Each hears a rumor at home, then sails to the open sea.
	for _, pl := range []struct {
		name  string
		phone context.Context
	}{{"Ann", ann}, {"Bob", bob}} {
		b.waitText(pl.phone, "#mm-act", "Your turn")
		b.mmTap(pl.phone, pl.name+" visits the port", `[data-act="port"]`)
		b.mmTap(pl.phone, pl.name+" seeks a rumor", `[data-act="rumor"]`)
		b.mmRollAll(tablet, "skull")
		b.waitText(pl.phone, "#mm-secrets", "Rumor: Test Rumor")
		b.mmTap(pl.phone, pl.name+" is done in port", `[data-act="end-port"]`)
		b.mmTap(pl.phone, pl.name+" leaves port", `[data-act="leave-port"]`)
		b.mmTap(pl.phone, pl.name+" sails to the open sea", `[data-act="move-tz-open"]`)
		b.mmTap(pl.phone, pl.name+" ends the turn", `[data-act="end-turn"]`)
	}

	// Round 2: Ann scouts Bob, shoots, then boards and wins.
	b.waitText(ann, "#mm-act", "Your turn")
	b.mmTap(ann, "Ann scouts Bob", `[data-act="scout-1"]`)
	b.mmRollAll(tablet, "skull")
	b.run(tablet, "the battle", chromedp.WaitVisible(`#mm-battle`, chromedp.ByQuery))
	b.mmTap(ann, "Ann shoots", `[data-act="declare-shoot"]`)
	b.mmTap(bob, "Bob shoots", `[data-act="declare-shoot"]`)
	b.mmRollSide(tablet, "Ann", "skull", "1") // the contest
	b.mmRollSide(tablet, "Ann", "skull", "1")
	b.mmRollAll(tablet, "2") // her hits: masts
	b.mmTap(ann, "Ann boards", `[data-act="declare-board"]`)
	b.mmTap(bob, "Bob shoots", `[data-act="declare-shoot"]`)
	for i := 0; i < 6 && b.mmCount(tablet, "#mm-battle") > 0; i++ {
		b.mmRollSide(tablet, "Ann", "skull", "1")
	}
	b.run(tablet, "the battle is over", gsGone("#mm-battle"))
	b.mmTap(ann, "Ann keeps her ship", `[data-act="no-claim"]`)

	// Two rumors: Ann keeps one.
	b.waitText(ann, "#mm-rumor-keep", "You hold two rumors now, and may keep only one: pick it, the other goes back into the deck.")
	if n := b.mmCount(ann, `#mm-act [data-act^="keep-"]`); n != 2 {
		t.Errorf("Ann's phone offers %d rumors to keep, want 2", n)
	}
	b.waitText(ann, "#mm-act", "(the one you held)")
	b.waitText(ann, "#mm-act", "(new)")
	b.waitText(bob, "#mm-wait-pending", "Ann decides now: choosing which rumor to keep.")
	b.gsFits(ann, "Ann's two rumors", "#mm-act")
	b.gsShotAt(ann, "mm-rumor-ann-keep.png", "#mm-rumor-keep")
	b.mmTap(ann, "Ann keeps the first", `#mm-act [data-act^="keep-"]`)
	b.run(ann, "the choice is made", gsGone("#mm-rumor-keep"))
	b.waitText(ann, "#mm-secrets", "Rumor: Test Rumor")
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "holds a rumor")
	var bobRow string
	b.run(tablet, "Bob's row", chromedp.Text(`#mm-players [data-seat="1"]`, &bobRow, chromedp.ByQuery))
	if strings.Contains(bobRow, "holds a rumor") {
		t.Errorf("Bob lost his rumor to Ann but the tablet says he holds one: %q", bobRow)
	}
	b.shot(tablet, "mm-rumor-tablet.png")
}
