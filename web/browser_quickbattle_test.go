package web

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/quickbattle"
)

// TestBrowserQuickBattleByHand fights a quick battle on a tablet with no
// camera: the cubes are dropped with Dead Reckoning's battle form, a read
// typed by hand that misses a cube is refused beside the button with the
// rule's sentence, the right read is recorded, the plunder placed, and the
// outcome says the damage and the plunder in words.
func TestBrowserQuickBattleByHand(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, quickbattle.Rules())
	r := e.do("POST", "/api/tables", `{"rules":"quick-battle","seed":1,"setup":{"attacker":{"name":"Ann","colour":"purple","cubes":2,"holdFree":7},"defender":{"name":"Ben","colour":"green","cubes":1,"holdFree":5}},
		"players":[{"name":"Ann","colour":"purple","seat":0},{"name":"Ben","colour":"green","seat":1}]}`)
	if r.status != 201 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var cr createResponse
	r.json(t, &cr)
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1024, 768)
	b.run(tablet, "open as host", chromedp.Navigate(e.http.URL+"/#/"),
		chromedp.Evaluate(`localStorage.setItem('qm.host.`+cr.Table+`', JSON.stringify({token: `+jsString(cr.HostToken)+`}))`, nil),
		chromedp.Navigate(e.http.URL+"/#/t/"+cr.Table), chromedp.WaitVisible(`#qb-battle`, chromedp.ByQuery))
	b.waitText(tablet, "#qb-now", "Gather 2 purple cubes and 1 green cube")
	b.waitText(tablet, "#qb-battle", "No camera on this table")
	b.run(tablet, "drop", chromedp.Click(`#bs-drop`, chromedp.ByQuery))
	b.waitText(tablet, "#qb-now", "The cubes are down: 1 green cube and 2 purple cubes. Type where they landed.")
	b.waitText(tablet, "#expects", "The cubes are down: read where the 1 green cube and 2 purple cubes landed")
	b.waitText(tablet, "#qb-byhand", "Every cube now in the Battle ship: 1 green cube and 2 purple cubes.")
	b.run(tablet, "a read missing a cube", chromedp.WaitVisible(`#qb-read-grid input[data-zone="strength-2-top"][data-colour="purple"]`, chromedp.ByQuery),
		chromedp.SetValue(`#qb-read-grid input[data-zone="strength-2-top"][data-colour="purple"]`, "1", chromedp.ByQuery),
		chromedp.SetValue(`#qb-read-grid input[data-zone="damage-left"][data-colour="green"]`, "1", chromedp.ByQuery),
		chromedp.Click(`#qb-read`, chromedp.ByQuery))
	b.waitText(tablet, "#qb-byhand .refusal", "The read accounts for 1 purple cube, but the Battle ship holds 2")
	b.waitText(tablet, "#qb-byhand .refusal", "p. 19")
	b.shot(tablet, "qb-byhand-refused.png")
	b.run(tablet, "the right read", chromedp.SetValue(`#qb-read-grid input[data-zone="plunder-cargo"][data-colour="purple"]`, "1", chromedp.ByQuery),
		chromedp.Click(`#qb-read`, chromedp.ByQuery))
	b.waitText(tablet, "#qb-now", "Place the plunder: Ann.")
	b.waitText(tablet, "#battle-tally", "strength")
	b.run(tablet, "plunder", chromedp.Click(`#bs-plunder-attacker`, chromedp.ByQuery))
	b.waitText(tablet, "#qb-outcome", "Ann wins the battle 2 to 0")
	b.waitText(tablet, "#qb-outcome", "Ann’s ship takes 1 damage (1 from Ben’s cubes in the damage zones)")
	b.waitText(tablet, "#qb-outcome", "Ann plunders 1 cargo: 1 cargo on the ship")
	b.waitText(tablet, "#qb-outcome", "Ben’s ship takes 1 damage (1 for losing)")
	b.shot(tablet, "qb-byhand-outcome.png")
}

// TestBrowserQuickBattleMerchant: one player at the new-game form fights a
// Merchant ship: the form asks for its black cubes (and not for a second
// player's), and the battle says what to gather.
func TestBrowserQuickBattleMerchant(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, quickbattle.Rules())
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1024, 768)
	b.run(tablet, "the form", chromedp.Navigate(e.http.URL+"/#/new?rules=quick-battle"), chromedp.WaitVisible(`.playerrow`, chromedp.ByQuery))
	b.waitText(tablet, "#app", "Cubes seat 2 drops")
	b.run(tablet, "one player", chromedp.Click(`.playerrow:nth-child(2) button[title="Remove"]`, chromedp.ByQuery),
		chromedp.SendKeys(`.playerrow .pname`, "Ann", chromedp.ByQuery))
	b.waitText(tablet, "#app", "Black cubes of the Merchant ship")
	var second bool
	b.run(tablet, "no second player's cubes", chromedp.Evaluate(`!!document.querySelector('#opt-defenderCubes')`, &second))
	if second {
		t.Error("the form asks for a second player's cubes with one player")
	}
	b.run(tablet, "black cubes", chromedp.SetValue(`#opt-blackCubes`, "2", chromedp.ByQuery), chromedp.Click(`#create`, chromedp.ByQuery),
		chromedp.WaitVisible(`#qb-battle`, chromedp.ByQuery))
	b.waitText(tablet, "#qb-now", "Gather 3 purple cubes and 2 black cubes")
	b.waitText(tablet, "#qb-battle", "Merchant ship")
	b.shot(tablet, "qb-merchant.png")
}
