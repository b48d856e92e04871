package web

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/merchants"
)

// nationWords are the nations as the game prints them; nationIDs the
// engine's ids for them (lower case), which a screen must not show.
var (
	nationWords = regexp.MustCompile(`\b(Dutch|English|French|Spanish)\b`)
	nationIDs   = regexp.MustCompile(`\b(dutch|english|french|spanish)\b`)
	// shouted is a word in capitals, as the rulebook prints skills.
	shouted = regexp.MustCompile(`\b[A-Z]{4,}\b`)
)

// TestJourneyMerchants plays the first round of the engine's example
// script (its made-up map and cards, seed 42) on a tablet and two phones:
// Ann leaves port, scouts and raids a merchant, sails on; Bob visits his
// port; Ann scouts Bob and they fight a sea battle. The battle's rolls
// (the seamanship contest and the shots) are rolled in the simulated
// camera's tray (printed dice with the test catalog's faces, learned by the
// simulator) and confirmed from the camera's read; the rolls before the
// battle (the raid, the scouting) are entered by typing the faces into the
// shell's roll panel. Each screen is checked, and no phone's secrets show
// on another screen.
//
// The table is created with the script's setup through the API (the
// captains are fixed, where the new-game form would draw them); everything
// after that is taps and typing.
func TestJourneyMerchants(t *testing.T) {
	// The simulated camera's seed 245 rolls the battle's faces below: the
	// seamanship contest skull skull, then skull 1 1; the shots 1 skull,
	// then 3 (the camera draws its faces from a seeded source).
	cam := newSimCamera(t, 245)
	e := newEnv(t, cam.options(Options{PingInterval: time.Second}), merchants.Rules())
	cr := createMerchants(t, e)
	id := cr.Table
	cam.serve(t, e, id)

	b := newBrowser(t, e.http.URL)
	tablet := b.hostTablet(cr, 1280, 800, `#mm-map`)
	ann := b.playerPhone(cr, 0, `#mm-secrets`)
	bob := b.playerPhone(cr, 1, `#mm-secrets`)

	// The tablet: the map, the captains, the merchant track; no secrets.
	b.waitText(tablet, "#mm-map", "Test Anchorage")
	b.waitText(tablet, "#mm-players", "Test Captain 1")
	b.waitText(tablet, "#mm-track", "Merchant track")
	var annSecret, bobSecret string
	b.run(ann, "Ann's secrets", chromedp.Text(`#mm-secrets`, &annSecret, chromedp.ByQuery))
	b.run(bob, "Bob's secrets", chromedp.Text(`#mm-secrets`, &bobSecret, chromedp.ByQuery))
	noSecrets := func(what string) {
		t.Helper()
		var tab, a, bb string
		b.run(tablet, "tablet text", chromedp.Evaluate(`document.body.innerText`, &tab))
		b.run(ann, "Ann's text", chromedp.Evaluate(`document.body.innerText`, &a))
		b.run(bob, "Bob's text", chromedp.Evaluate(`document.body.innerText`, &bb))
		if strings.Contains(tab, "Only you see this") || strings.Contains(tab, "Your stash") {
			t.Errorf("%s: the tablet shows a player's secrets", what)
		}
		if annSecret != bobSecret && (strings.Contains(a, bobSecret) || strings.Contains(bb, annSecret)) {
			t.Errorf("%s: a phone shows the other player's secrets:\nAnn: %s\nBob: %s", what, a, bb)
		}
	}
	noSecrets("start")
	b.shot(tablet, "mm-tablet-start.png")
	b.shot(ann, "mm-ann-start.png")
	b.shot(bob, "mm-bob-start.png")

	// A phone offers only what its player may do now.
	b.waitText(bob, ".actions", "Ann plays now")
	b.waitText(ann, "#mm-act", "Your turn")

	// Ann: leave port, scout the merchant, the scouting roll typed in.
	b.run(ann, "leave port", chromedp.Click(`[data-act="leave-port"]`, chromedp.ByQuery), chromedp.WaitVisible(`[data-act="scout-merchant"]`, chromedp.ByQuery))
	b.run(ann, "scout", chromedp.Click(`[data-act="scout-merchant"]`, chromedp.ByQuery))
	enterRoll := func(faces string) {
		t.Helper()
		var req string
		b.run(tablet, "roll "+faces, chromedp.WaitVisible(`#expects .faces`, chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelector('#expects .expect').dataset.expect`, &req),
			chromedp.SendKeys(`#expects .faces`, faces, chromedp.ByQuery),
			chromedp.Click(`#expects [data-act="enter-roll"]`, chromedp.ByQuery))
		// The roll is answered once the request it answered is gone.
		b.run(tablet, "roll "+faces+" answered", chromedp.Poll(`!document.querySelector('#expects [data-expect=`+jsString(req)+`]')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
		b.waitText(tablet, "#mm-last-roll", strings.Split(faces, ",")[0])
	}
	b.waitText(tablet, "#mm-rolls", "Roll for")
	b.shot(tablet, "mm-tablet-scout-roll.png")
	enterRoll("skull, 2")

	// The merchant raid: its nation as the game prints it, never the id.
	b.run(ann, "the merchant found", chromedp.WaitVisible(`[data-act="raid"]`, chromedp.ByQuery))
	var found string
	b.run(ann, "the merchant's words", chromedp.Text(`#mm-act`, &found, chromedp.ByQuery))
	if !nationWords.MatchString(found) || nationIDs.MatchString(found) {
		t.Errorf("Ann's phone names the merchant's nation by its id, not as printed:\n%s", found)
	}
	b.run(ann, "raid", chromedp.Click(`[data-act="raid"]`, chromedp.ByQuery))
	enterRoll("skull, 4")
	b.run(ann, "raid draw", chromedp.WaitVisible(`[data-act="raid-draw"]`, chromedp.ByQuery), chromedp.Click(`[data-act="raid-draw"]`, chromedp.ByQuery))
	b.shot(ann, "mm-ann-raid.png")
	b.run(ann, "raid end", chromedp.WaitVisible(`[data-act="raid-end"]`, chromedp.ByQuery), chromedp.Click(`[data-act="raid-end"]`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "raids")
	// The raid earned Ann a bounty: her captain card names the nation as
	// the game prints it ("Bounties: 1 Spanish"), never "spanish 1".
	b.waitText(tablet, `#mm-players [data-seat="0"]`, "Bounties:")
	var card string
	b.run(tablet, "Ann's captain card", chromedp.Text(`#mm-players [data-seat="0"]`, &card, chromedp.ByQuery))
	if !regexp.MustCompile(`Bounties: 1 (Dutch|English|French|Spanish)\b`).MatchString(card) || nationIDs.MatchString(card) {
		t.Errorf("Ann's captain card shows her bounty with a nation id, not its name:\n%s", card)
	}
	// Skills are words, not the rulebook's capitals ("SEAMANSHIP 2").
	if m := shouted.FindString(card); m != "" {
		t.Errorf("Ann's captain card shouts %q:\n%s", m, card)
	}
	b.run(ann, "sail", chromedp.WaitVisible(`[data-act="move-tz-open"]`, chromedp.ByQuery), chromedp.Click(`[data-act="move-tz-open"]`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "Ann sails to")
	b.run(ann, "end turn", chromedp.Click(`[data-act="end-turn"]`, chromedp.ByQuery))
	b.waitText(bob, "#mm-act", "Your turn")
	noSecrets("after the raid")

	// Bob's port visit (the port action, then leave and sail to Ann).
	gone := func(sel string) chromedp.Action {
		return chromedp.Poll(`!document.querySelector(`+jsString(sel)+`)`, nil, chromedp.WithPollingInterval(50*time.Millisecond))
	}
	b.run(bob, "port", chromedp.WaitVisible(`[data-act="port"]`, chromedp.ByQuery), chromedp.Click(`[data-act="port"]`, chromedp.ByQuery))
	b.waitText(bob, "#mm-status", "Bob has 2 actions left")
	// What Recruit crew has to go on is inside its button, not between it
	// and the next one.
	b.waitText(bob, `[data-act="recruit"]`, "Crew aboard: 2 of 2")
	b.shot(bob, "mm-bob-port.png")
	b.run(bob, "done in port", chromedp.Click(`[data-act="end-port"]`, chromedp.ByQuery), gone(`[data-act="end-port"]`))
	b.run(bob, "leave", chromedp.Click(`[data-act="leave-port"]`, chromedp.ByQuery),
		chromedp.WaitVisible(`[data-act="move-tz-open"]`, chromedp.ByQuery), chromedp.Click(`[data-act="move-tz-open"]`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "Bob sails to")
	b.run(bob, "end turn", chromedp.Click(`[data-act="end-turn"]`, chromedp.ByQuery))

	// Ann scouts Bob: a sea battle.
	b.run(ann, "scout Bob", chromedp.WaitVisible(`[data-act="scout-1"]`, chromedp.ByQuery), chromedp.Click(`[data-act="scout-1"]`, chromedp.ByQuery))
	enterRoll("skull, 1")
	b.waitText(tablet, "#mm-battle", "Sea battle: Ann against Bob")
	// Where the battle stands, in words: never the stage's id.
	b.waitText(tablet, "#mm-battle", "Round 1: waiting for the sides' declarations")
	b.run(ann, "Ann shoots", chromedp.WaitVisible(`[data-act="declare-shoot"]`, chromedp.ByQuery), chromedp.Click(`[data-act="declare-shoot"]`, chromedp.ByQuery))
	b.run(bob, "Bob shoots", chromedp.WaitVisible(`[data-act="declare-shoot"]`, chromedp.ByQuery), chromedp.Click(`[data-act="declare-shoot"]`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "Bob chooses to shoot")
	b.shot(tablet, "mm-tablet-battle.png")
	// The seamanship contest is rolled in the tray, then the shots.
	for i, f := range [][]string{{"skull", "skull"}, {"skull", "1", "1"}} {
		// Each roll in the tray: the camera's read in the roll panel, one
		// tap to confirm, and the faces on the table's last roll.
		var req string
		b.run(tablet, "the roll asked", chromedp.WaitVisible(`#expects .expect`, chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelector('#expects .expect').dataset.expect`, &req))
		b.cameraRoll(tablet, e, id, cr.HostToken, f)
		if i == 0 {
			b.shot(tablet, "mm-tablet-battle-camera.png")
		}
		b.run(tablet, "confirm the camera's read", chromedp.Click(`#expects [data-expect=`+jsString(req)+`] [data-act="confirm-roll"]`, chromedp.ByQuery),
			chromedp.Poll(`!document.querySelector('#expects [data-expect=`+jsString(req)+`]')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
		b.waitText(tablet, "#mm-last-roll", f[0])
	}
	// The shots too: Ann's two dice, then Bob's one.
	for _, f := range [][]string{{"1", "skull"}, {"3"}} {
		var req string
		b.run(tablet, "the shots asked", chromedp.WaitVisible(`#expects .expect`, chromedp.ByQuery),
			chromedp.Evaluate(`document.querySelector('#expects .expect').dataset.expect`, &req))
		b.cameraRoll(tablet, e, id, cr.HostToken, f)
		b.run(tablet, "confirm the camera's shots", chromedp.Click(`#expects [data-expect=`+jsString(req)+`] [data-act="confirm-roll"]`, chromedp.ByQuery),
			chromedp.Poll(`!document.querySelector('#expects [data-expect=`+jsString(req)+`]')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	}
	b.waitText(tablet, "#mm-battle", "Shots")
	// Bob picks where Ann's free hit lands, on his phone.
	masts := func() string {
		var m string
		b.run(tablet, "Bob's masts", chromedp.Evaluate(`(document.querySelector('#mm-battle [data-side="1"]').innerText.match(/masts \d+/) || [''])[0]`, &m))
		return m
	}
	before := masts()
	b.run(bob, "hit location", chromedp.WaitVisible(`[data-act="hit-masts"]`, chromedp.ByQuery), chromedp.Click(`[data-act="hit-masts"]`, chromedp.ByQuery))
	b.run(tablet, "masts hit", chromedp.Poll(`(document.querySelector('#mm-battle [data-side="1"]').innerText.match(/masts \d+/) || [''])[0] !== `+jsString(before), nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	if after := masts(); before == "" || after >= before {
		t.Errorf("Bob's masts: %q before the hit, %q after", before, after)
	}
	b.shot(tablet, "mm-tablet-battle-rolled.png")
	// Bob's phone names whom the battle waits for (it said "the other side").
	b.waitText(bob, "#mm-battle-wait", "The battle waits for Ann.")
	b.shot(bob, "mm-bob-battle.png")
	noSecrets("in the battle")

	// Nothing on a phone overflows, and its buttons are big enough.
	var wide bool
	b.run(bob, "overflow", chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth`, &wide))
	if wide {
		t.Error("Bob's phone scrolls sideways")
	}
	var small []string
	b.run(bob, "touch targets", chromedp.Evaluate(`[...document.querySelectorAll('.actions button, .expects button, .actions input')]
		.filter((e) => e.offsetParent !== null).map((e) => [e.getBoundingClientRect(), e])
		.filter(([r]) => r.height < 48 || r.width < 48).map(([r, e]) => (e.innerText || e.className) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))`, &small))
	if len(small) > 0 {
		t.Errorf("touch targets under 48 px on Bob's phone: %v", small)
	}
}
