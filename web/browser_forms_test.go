package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// The forms of the "Act" panel (web/ui/games/dead-reckoning/forms-*.js): a player taps through
// them on the tablet and on a phone, on the engine's real rules, and sees the
// table change, or the rule that refused.

// TestNoSailorsCopy: the sailor cards' abilities the forms describe come
// from the game's facts (GET /api/rules/dead-reckoning), not from a copy of
// the engine's data in the module's JavaScript: no file of it holds a
// printed sailor's levels.
func TestNoSailorsCopy(t *testing.T) {
	want, err := data.LoadSailors()
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob("ui/games/dead-reckoning/*.js")
	if err != nil || len(files) == 0 {
		t.Fatalf("no module files: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, sl := range want.Sailors {
			if strings.Contains(string(src), `"name":"`+sl.Name+`","count"`) || strings.Contains(string(src), `"levels":[{"level":1`) {
				t.Errorf("%s carries a copy of the sailor card %s", f, sl.Name)
			}
		}
	}
}

// TestNoAchievementsCopy: the achievements' names and the players' colours
// the module shows come from the server (the game's facts and description):
// no file of the module spells an achievement's printed name or lists the
// colours.
func TestNoAchievementsCopy(t *testing.T) {
	files, err := filepath.Glob("ui/games/dead-reckoning/*.js")
	if err != nil || len(files) == 0 {
		t.Fatalf("no module files: %v", err)
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []string{"Terror of the Sea", "Expert Sailors", "Elite Vessel", "'purple', 'green'"} {
			if strings.Contains(string(src), name) {
				t.Errorf("%s spells %q: a copy of the engine's data", f, name)
			}
		}
	}
}

// formsWait is how long a step of these tests may take: longer than the
// other browser tests' 10 s, because the machine they run on is shared and
// often loaded (every engineer's tests on 2 cores).
const formsWait = 25 * time.Second

// frun runs actions with formsWait as the limit, failing the test with the
// page's text.
func (b *browser) frun(ctx context.Context, what string, actions ...chromedp.Action) {
	b.t.Helper()
	defer func(d time.Duration) { b.Timeout = d }(b.Timeout)
	b.Timeout = formsWait
	b.Run(ctx, what, actions...)
}

// fwait waits (up to formsWait) until the element's text contains want.
func (b *browser) fwait(ctx context.Context, sel, want string) {
	b.t.Helper()
	defer func(d time.Duration) { b.Timeout = d }(b.Timeout)
	b.Timeout = formsWait
	b.WaitText(ctx, sel, want)
}

// formsGame starts a real game from the engine's test script's setup (made-up
// test islands and advancement) and plays the given actions through the API
// as the host.
type formsGame struct {
	e     *env
	table string
	token string
	pins  map[string]string
}

func newFormsGame(t *testing.T) *formsGame {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules())
	cr := createScriptTable(t, e)
	pins := map[string]string{}
	for k, v := range cr.PINs {
		pins[fmt.Sprint(int(k))] = v
	}
	return &formsGame{e: e, table: cr.Table, token: cr.HostToken, pins: pins}
}

func (g *formsGame) play(t *testing.T, actions ...string) {
	t.Helper()
	sess, err := g.e.mgr.Get(context.Background(), g.table)
	if err != nil {
		t.Fatal(err)
	}
	for _, a := range actions {
		r := g.e.do("POST", "/api/tables/"+g.table+"/actions", fmt.Sprintf(`{"action":%s,"baseVersion":%d}`, a, sess.Version()), host(g.token)...)
		if r.status != 200 {
			t.Fatalf("%s: %d %s", a, r.status, r.body)
		}
	}
}

// tablet opens the table as its host on a 10" tablet in landscape.
func (g *formsGame) tablet(b *browser) (ctx context.Context) {
	ctx = b.device(1280, 800)
	b.frun(ctx, "open as host", chromedp.Navigate(g.e.http.URL+"/#/"),
		chromedp.Evaluate(`localStorage.setItem('qm.host.`+g.table+`', JSON.stringify({token: `+jsString(g.token)+`}))`, nil),
		chromedp.Navigate(g.e.http.URL+"/#/t/"+g.table), chromedp.WaitVisible(`#forms`, chromedp.ByQuery))
	return ctx
}

// tap clicks an element (a finger on the screen).
func tap(sel string) chromedp.Action { return chromedp.Click(sel, chromedp.ByQuery) }

// smallTargets lists the visible buttons of the Act panel's forms smaller
// than a finger (48 px) in either direction (a checkbox: its label).
func smallTargets(t *testing.T, b *browser, ctx context.Context) []string {
	t.Helper()
	var small []string
	b.frun(ctx, "touch targets", chromedp.Evaluate(`[...document.querySelectorAll('#forms button, #forms summary, #forms input[type=checkbox]')]
		.filter((e) => e.offsetParent !== null)
		.map((e) => [(e.type === 'checkbox' && e.closest('label') ? e.closest('label') : e).getBoundingClientRect(), e])
		.filter(([r]) => r.height < 48 || r.width < 48)
		.map(([r, e]) => (e.id || e.className || e.tagName) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height) + ': ' + (e.innerText || '').slice(0, 30))`, &small))
	return small
}

// TestBrowserFormsBuyAndAbility: Ann plays two cards by tapping them; at
// Test Isle 1 with one cargo, she places
// influence with her Deck Hand from the ability form (tapping it again is
// refused with the once-per-turn rule), buys the advancement there paying
// from her hold, and sleeves it into her Captain when she ends the turn.
func TestBrowserFormsBuyAndAbility(t *testing.T) {
	g := newFormsGame(t)
	g.play(t, `{"type":"load","seat":0,"from":"dock","holds":{"A":{"cargo":1}}}`)
	b := newBrowser(t, g.e.http.URL)
	tab := g.tablet(b)

	// The tablet cannot see Ann's hand: she shows her cards and it taps them.
	b.frun(tab, "play the Captain", tap(`#f-card [data-card="captain"]`), tap(`#act-play`))
	b.fwait(tab, "#log", "Ann plays Captain")
	b.frun(tab, "play the Deck Hand", tap(`#f-card [data-card="deck-hand-1"]`), tap(`#act-play`))
	b.fwait(tab, "#log", "Ann plays Deck Hand")
	b.fwait(tab, `#players .pcard[data-seat="0"] .played`, "Deck Hand 1, level 1")
	g.play(t, `{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R1C1"]}`)
	b.fwait(tab, "#log", "Ann sails to Test Isle 1")

	// Use an ability: the Deck Hand's influence goes on the island.
	b.fwait(tab, "#f-ability summary", "Use an ability")
	b.frun(tab, "open the ability form", tap(`#f-ability summary`), chromedp.WaitVisible(`[data-ability="deck-hand-1/level/0"]`, chromedp.ByQuery))
	b.fwait(tab, `[data-ability="deck-hand-1/level/0"]`, "Place 1 influence on the island where you are")
	b.frun(tab, "choose the Deck Hand", tap(`[data-ability="deck-hand-1/level/0"]`), chromedp.WaitVisible(`#act-use-ability`, chromedp.ByQuery))
	b.shot(tab, "forms-ability.png")
	if small := smallTargets(t, b, tab); len(small) > 0 {
		t.Errorf("targets smaller than a finger on the tablet: %v", small)
	}
	b.frun(tab, "use it", tap(`#act-use-ability`))
	b.fwait(tab, "#log", "Ann uses Deck Hand")
	b.fwait(tab, "#turn", "Abilities used: 1")
	var filled int
	b.frun(tab, "Ann's cube on Test Isle 1", chromedp.Poll(`document.querySelectorAll('#board [data-pos="R1C1"] .slot.full').length`, &filled, chromedp.WithPollingInterval(50*time.Millisecond)))
	if filled != 1 {
		t.Errorf("Test Isle 1 shows %d cubes after one influence", filled)
	}
	var closed bool
	b.frun(tab, "the accepted form closes", chromedp.Poll(`!document.querySelector('#f-ability').open`, &closed, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.frun(tab, "the same ability again", tap(`#f-ability summary`), chromedp.WaitVisible(`[data-ability="deck-hand-1/level/0"]`, chromedp.ByQuery))
	b.fwait(tab, `[data-ability="deck-hand-1/level/0"]`, "used this turn")
	b.frun(tab, "use it again", tap(`[data-ability="deck-hand-1/level/0"]`), tap(`#act-use-ability`))
	b.fwait(tab, "#f-ability .refusal.rule", "Each ability of a card can be used once per turn (rulebook p. 11)")
	b.shot(tab, "forms-refused.png")

	// Buy the advancement on the island's card space, paying from hold A.
	b.frun(tab, "open the buy form", tap(`#f-buy summary`), chromedp.WaitVisible(`#act-buy`, chromedp.ByQuery))
	b.fwait(tab, "#f-buy", "Test Advancement 1")
	b.fwait(tab, "#f-buy", "Paying 1 of 1 cargo")
	// One less from hold A is not enough; one more again pays the cost.
	b.frun(tab, "pay less", tap(`#f-buy .stepper[data-key="A"] .minus`))
	b.fwait(tab, "#f-buy .fsum", "Paying 0 of 1 cargo")
	b.frun(tab, "pay again", tap(`#f-buy .stepper[data-key="A"] .plus`))
	b.fwait(tab, "#f-buy .fsum", "Paying 1 of 1 cargo")
	b.shot(tab, "forms-buy.png")
	b.frun(tab, "buy", tap(`#act-buy`))
	b.fwait(tab, "#log", "Ann buys Test Advancement 1 for 1 cargo")
	b.fwait(tab, "#turn", "Advances bought: 1 of 2")
	b.fwait(tab, `#players .pcard[data-seat="0"] .holds`, "Hold A: 0 cargo, 0 coins (room for 4)")
	var buyForm bool
	b.frun(tab, "no card left to buy", chromedp.Poll(`!document.querySelector('#f-buy')`, &buyForm, chromedp.WithPollingInterval(50*time.Millisecond)))

	// End the turn, sleeving the advancement into the Captain.
	// The picker names the advancement and its slot (the view describes it);
	// the pirate flag's box is a sentence like the page's others.
	b.fwait(tab, ".endturn label.check", "Go into pirate mode")
	b.fwait(tab, "#f-sleeves", "Test Advancement 1 (")
	b.frun(tab, "sleeve into the Captain", chromedp.WaitVisible(`#f-sleeves`, chromedp.ByQuery), tap(`#f-sleeves [data-sleeve$="/captain"]`), tap(`#act-end-turn`))
	b.fwait(tab, "#log", "Ann sleeves Test Advancement 1 into Captain")
	b.fwait(tab, "#turn", "Ben to play")
}

// TestBrowserFormsAttackShip: Ben's pirate ship shares Test Isle 1 with Ann
// at the start of her turn; she attacks it from the form without a flag
// (p. 12), the battle is recorded by hand (she wins and puts a cargo of
// plunder in hold A; Ben takes the loser's damage and turns mercantile), and
// attacking him again is refused (p. 17).
// Her phone shows the same form with finger-sized targets.
func TestBrowserFormsAttackShip(t *testing.T) {
	g := newFormsGame(t)
	g.play(t, `{"type":"set-sails","seat":0}`,
		`{"type":"move","seat":0,"path":["R1C1"]}`,
		`{"type":"end-turn","seat":0}`,
		`{"type":"set-sails","seat":1}`,
		`{"type":"move","seat":1,"path":["R1C1"]}`,
		`{"type":"end-turn","seat":1,"pirate":true}`)
	b := newBrowser(t, g.e.http.URL)
	tab := g.tablet(b)
	b.fwait(tab, "#turn", "Ann to play")
	b.frun(tab, "open the attack form", tap(`#f-attack-ship summary`), chromedp.WaitVisible(`#act-attack-ship`, chromedp.ByQuery))
	b.fwait(tab, `#f-attack-ship [data-target="1"]`, "pirate mode")
	b.fwait(tab, `#f-attack-ship [data-flag="none"]`, "she is in pirate mode (p. 12)")
	b.frun(tab, "no flag", tap(`#f-attack-ship [data-flag="none"]`))
	b.shot(tab, "forms-attack-ship.png")

	// The same form on Ann's phone: every target a finger's size.
	phone := b.device(412, 860)
	b.frun(phone, "Ann's phone", chromedp.Navigate(g.e.http.URL+"/#/p/"+g.table+"?pin="+g.pins["0"]),
		chromedp.WaitVisible(`#f-attack-ship`, chromedp.ByQuery), tap(`#f-attack-ship summary`), chromedp.WaitVisible(`#act-attack-ship`, chromedp.ByQuery))
	if small := smallTargets(t, b, phone); len(small) > 0 {
		t.Errorf("targets smaller than a finger on the phone (attack form): %v", small)
	}
	b.frun(phone, "the cargo form", tap(`#f-cargo summary`), chromedp.WaitVisible(`#f-cargo .choice.modes`, chromedp.ByQuery))
	b.fwait(phone, "#f-cargo", "Load from your Dock tile while in the Harbor")
	if small := smallTargets(t, b, phone); len(small) > 0 {
		t.Errorf("targets smaller than a finger on the phone (cargo form): %v", small)
	}
	b.frun(phone, "back to the attack form", tap(`#f-attack-ship summary`), chromedp.WaitVisible(`#act-attack-ship`, chromedp.ByQuery))
	var raw, hostRaw bool
	b.frun(phone, "no JSON box for a player", chromedp.Evaluate(`!!document.querySelector('#raw-json')`, &raw))
	b.frun(tab, "the host's JSON box", chromedp.Evaluate(`!!document.querySelector('#raw-json')`, &hostRaw))
	if raw || !hostRaw {
		t.Errorf("the JSON box is on the phone: %v, on the host's tablet: %v (want false, true)", raw, hostRaw)
	}
	var overflow bool
	b.frun(phone, "no sideways scrolling", chromedp.Evaluate(`document.documentElement.scrollWidth > window.innerWidth + 1`, &overflow))
	if overflow {
		t.Error("the phone's page is wider than the screen")
	}
	b.shot(phone, "forms-phone.png")

	b.frun(tab, "attack", tap(`#act-attack-ship`))
	b.fwait(tab, "#battle", "chose to fight a pirate ship (p. 12)")
	// The battle's first step asks for Ann's cannons with a stepper.
	b.fwait(tab, "#battle-steps", "the ship’s cannons (1)")
	b.shot(tab, "forms-battle-cannons.png")

	// The battle by hand: Ann won.
	b.frun(tab, "open the by-hand outcome", chromedp.WaitVisible(`#f-outcome`, chromedp.ByQuery),
		chromedp.Evaluate(`document.querySelector('#f-outcome').open = true`, nil),
		chromedp.WaitVisible(`#f-outcome [data-won="attacker"]`, chromedp.ByQuery),
		tap(`#f-outcome [data-won="attacker"]`),
		// One cargo of plunder into Ann's hold A (the first hold listed).
		tap(`#f-outcome .holdrow[data-hold="A"] .stepper[data-key="cargo"] .plus`), tap(`#act-record-outcome`))
	b.fwait(tab, `#players .pcard[data-seat="1"]`, "1 / 5")
	b.fwait(tab, `#players .pcard[data-seat="0"] .holds`, "A: 1 cargo")
	b.fwait(tab, `#players .pcard[data-seat="1"] h3`, "mercantile")
	b.fwait(tab, "#turn", "Already fought: Ben’s ship")
	var battle bool
	b.frun(tab, "the battle is over", chromedp.Poll(`!document.querySelector('#battle') || !!document.querySelector('#battle.over')`, &battle, chromedp.WithPollingInterval(50*time.Millisecond)))

	// Attacking the same ship again in this turn is refused, with the rule.
	b.frun(tab, "attack again", chromedp.Evaluate(`document.querySelector('#f-attack-ship').open = true`, nil),
		chromedp.WaitVisible(`#act-attack-ship`, chromedp.ByQuery))
	b.fwait(tab, `#f-attack-ship [data-target="1"]`, "already fought this turn")
	b.frun(tab, "attack again", tap(`#act-attack-ship`))
	b.fwait(tab, "#f-attack-ship .refusal.rule", "You have already battled Ben's ship this turn (rulebook p. 17)")
}

// merchantSetup is a game whose Test Isle 1 has a Merchant ship on its card
// space (made-up test data).
const merchantSetup = `{"players":[{"name":"Ann","color":"purple","hand":["captain","purser","crew-1","deck-hand-1"]},{"name":"Ben","color":"green"}],
 "start":0,
 "catalog":{"islands":[{"id":"test-isle-1","name":"Test Isle 1","slots":4,"values":[6,5,4],"cargo":2,"coins":0},
   {"id":"test-isle-2","name":"Test Isle 2","slots":3,"values":[4,3],"cargo":1,"coins":1}],
  "advancements":[{"id":"test-merchant-1","name":"Test Merchant 1","row":1,"slot":"top","cost":2,"encounter":true,
   "abilities":[{"options":[{"effects":[{"kind":"gain-cargo","n":1,"to":"dock"}]}]}]}]},
 "row1":[{"at":"R1C1","island":"test-isle-1","card":"test-merchant-1"},{"at":"R1C2","island":"test-isle-2"},{"at":"R1C3","openSea":{"arrows":["left"]}}]}`

// TestBrowserFormsCargoProduceMerchant: Ann loads her starting cargo and
// moves it from hold A to hold D; sails to Test Isle 1, makes Test Isle 2
// produce with her Purser (the island's cargo and coins appear on the
// board), turns the Merchant ship over and attacks it (its name and cubes
// entered with the form), and records the battle by hand, keeping the card.
func TestBrowserFormsCargoProduceMerchant(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules())
	body := `{"rules":"dead-reckoning","seed":7,"setup":` + merchantSetup + `,"players":[{"name":"Ann","colour":"purple","seat":0},{"name":"Ben","colour":"green","seat":1}]}`
	r := e.do("POST", "/api/tables", body)
	if r.status != 201 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var cr createResponse
	r.json(t, &cr)
	g := &formsGame{e: e, table: cr.Table, token: cr.HostToken}
	b := newBrowser(t, e.http.URL)
	tab := g.tablet(b)

	// Cargo: load what the Dock tile holds (prefilled), then rearrange it.
	b.frun(tab, "load", tap(`#f-cargo summary`), chromedp.WaitVisible(`#act-load`, chromedp.ByQuery))
	b.fwait(tab, "#f-cargo .fsum", "Loading 1 of 1 cargo from your Dock tile")
	b.frun(tab, "load it", tap(`#act-load`))
	b.fwait(tab, "#log", "Ann loads 1 cargo")
	b.fwait(tab, `#players .pcard[data-seat="0"] .holds`, "A: 1 cargo")
	b.frun(tab, "rearrange", tap(`#f-cargo summary`), chromedp.WaitVisible(`#f-cargo [data-mode="rearrange"]`, chromedp.ByQuery),
		tap(`#f-cargo [data-mode="rearrange"]`), chromedp.WaitVisible(`#act-rearrange`, chromedp.ByQuery))
	b.frun(tab, "from A to D", tap(`#f-cargo .holdrow[data-hold="A"] .stepper[data-key="cargo"] .minus`))
	b.fwait(tab, "#f-cargo .fsum", "0 of 1 cargo")
	b.frun(tab, "to D", tap(`#f-cargo .holdrow[data-hold="D"] .stepper[data-key="cargo"] .plus`))
	b.fwait(tab, "#f-cargo .fsum", "1 of 1 cargo and 0 of 0 coins placed")
	b.frun(tab, "rearrange it", tap(`#act-rearrange`))
	b.fwait(tab, "#log", "Ann rearranges the ship's holds")
	b.fwait(tab, `#players .pcard[data-seat="0"] .holds`, "D: 1 cargo")

	// The Purser makes Test Isle 2 produce (its open sea's arrow adds one).
	b.frun(tab, "play the Purser", tap(`#f-card [data-card="purser"]`), tap(`#act-play`))
	b.fwait(tab, "#log", "Ann plays Purser")
	g.play(t, `{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R1C1"]}`)
	b.fwait(tab, "#log", "Ann sails to Test Isle 1")
	b.frun(tab, "the Purser's ability", tap(`#f-ability summary`), chromedp.WaitVisible(`[data-ability="purser/level/0"]`, chromedp.ByQuery),
		tap(`[data-ability="purser/level/0"]`), chromedp.WaitVisible(`#f-ability [data-island="R1C2"]`, chromedp.ByQuery))
	b.fwait(tab, `#f-ability [data-island="R1C2"]`, "2 cargo, 1 coin")
	b.frun(tab, "Test Isle 2 produces", tap(`#f-ability [data-island="R1C2"]`), tap(`#act-use-ability`))
	b.fwait(tab, "#log", "Ann produces 2 cargo and 1 coin at Test Isle 2")
	b.fwait(tab, `[data-pos="R1C2"]`, "2 cargo · 1 coin")

	// Ann's phone: the Merchant ship's form and the ability form, finger-sized.
	phone := b.device(412, 860)
	b.frun(phone, "Ann's phone", chromedp.Navigate(e.http.URL+"/#/p/"+cr.Table+"?pin="+cr.PINs[0]),
		chromedp.WaitVisible(`#f-buy`, chromedp.ByQuery), tap(`#f-buy summary`), chromedp.WaitVisible(`#f-buy [data-mode="attack"]`, chromedp.ByQuery),
		tap(`#f-buy [data-mode="attack"]`), chromedp.WaitVisible(`#merchant-name`, chromedp.ByQuery))
	if small := smallTargets(t, b, phone); len(small) > 0 {
		t.Errorf("targets smaller than a finger on the phone (Merchant form): %v", small)
	}
	b.frun(phone, "the ability form", tap(`#f-ability summary`), chromedp.WaitVisible(`#f-ability .opt`, chromedp.ByQuery))
	if small := smallTargets(t, b, phone); len(small) > 0 {
		t.Errorf("targets smaller than a finger on the phone (ability form): %v", small)
	}

	// The Merchant ship: turned over, entered, attacked.
	b.frun(tab, "the Merchant ship", tap(`#f-buy summary`), chromedp.WaitVisible(`#f-buy [data-mode="attack"]`, chromedp.ByQuery))
	b.fwait(tab, "#f-buy summary", "Merchant ship")
	b.frun(tab, "attack it", tap(`#f-buy [data-mode="attack"]`), chromedp.WaitVisible(`#merchant-name`, chromedp.ByQuery),
		chromedp.SendKeys(`#merchant-name`, "Test Back", chromedp.ByQuery),
		tap(`#f-buy .stepper[data-key="cubes"] .plus`), tap(`#f-buy .stepper[data-key="cubes"] .plus`), tap(`#f-buy .stepper[data-key="cubes"] .plus`),
		chromedp.SendKeys(`#merchant-win`, "made-up win text", chromedp.ByQuery))
	b.shot(tab, "forms-merchant.png")
	b.frun(tab, "attack", tap(`#act-attack-merchant`))
	b.fwait(tab, "#battle", "Test Back")
	b.fwait(tab, "#battle", "drops 3 black cubes")

	// The battle by hand: Ann won and keeps the card.
	b.frun(tab, "by hand", chromedp.Evaluate(`document.querySelector('#f-outcome').open = true`, nil),
		chromedp.WaitVisible(`#outcome-kept`, chromedp.ByQuery), tap(`#f-outcome [data-won="attacker"]`), tap(`#outcome-kept`), tap(`#act-record-outcome`))
	b.fwait(tab, "#log", "Ann takes the Merchant ship's card as an advancement")
	b.fwait(tab, "#f-sleeves", "Merchant ship")
}

// TestBrowserFormsMoveOrder: Ann sails onto Test Isle 2 where Ben's and Cy's
// ships wait in pirate mode; the move form asks in which order she fights
// them (p. 10), and the first battle is against the one she tapped first.
func TestBrowserFormsMoveOrder(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules())
	setup := strings.Replace(merchantSetup, `{"name":"Ben","color":"green"}`, `{"name":"Ben","color":"green"},{"name":"Cy","color":"blue"}`, 1)
	body := `{"rules":"dead-reckoning","seed":7,"setup":` + setup + `,"players":[{"name":"Ann","colour":"purple","seat":0},{"name":"Ben","colour":"green","seat":1},{"name":"Cy","colour":"blue","seat":2}]}`
	r := e.do("POST", "/api/tables", body)
	if r.status != 201 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var cr createResponse
	r.json(t, &cr)
	g := &formsGame{e: e, table: cr.Table, token: cr.HostToken}
	g.play(t, `{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R1C1"]}`, `{"type":"end-turn","seat":0}`,
		`{"type":"set-sails","seat":1}`, `{"type":"move","seat":1,"path":["R1C2"]}`, `{"type":"end-turn","seat":1}`,
		`{"type":"set-sails","seat":2}`, `{"type":"move","seat":2,"path":["R1C2"]}`, `{"type":"end-turn","seat":2,"pirate":true}`,
		`{"type":"end-turn","seat":0}`, `{"type":"end-turn","seat":1,"pirate":true}`, `{"type":"end-turn","seat":2,"pirate":true}`,
		`{"type":"set-sails","seat":0}`)
	b := newBrowser(t, e.http.URL)
	tab := g.tablet(b)
	b.fwait(tab, "#turn", "Ann to play")
	b.frun(tab, "move onto Test Isle 2", tap(`#act-move`), tap(`[data-pos="R1C2"]`), tap(`#move-go`),
		chromedp.WaitVisible(`#move-go-order`, chromedp.ByQuery))
	b.fwait(tab, ".movebox", "2 pirate ships at Test Isle 2")
	b.frun(tab, "Cy first, then Ben", tap(`.movebox [data-order="2"]`), tap(`.movebox [data-order="1"]`))
	b.fwait(tab, ".movebox", "Order: Cy, Ben")
	b.frun(tab, "sail", tap(`#move-go-order`))
	b.fwait(tab, "#log", "Ann sails to Test Isle 2")
	b.fwait(tab, "#battle .battlecard .side-d", "Cy")
}
