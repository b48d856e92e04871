package web

import (
	"context"
	"encoding/json"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
)

// TestBrowserKeepsTypedWork: a player types an island's name into the
// board-entry form on the tablet; meanwhile Ben's phone connects and
// another screen enters a different board. The text, the open form, the
// focus and the scroll position are all still there, and the form still
// sends what was typed.
func TestBrowserKeepsTypedWork(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules())
	b := newBrowser(t, e.http.URL)

	tablet := b.device(1280, 800)
	b.run(tablet, "new game", chromedp.Navigate(e.http.URL+"/#/new"), chromedp.WaitVisible(`#create`, chromedp.ByQuery),
		chromedp.SendKeys(`.playerrow:nth-child(1) .pname`, "Ann", chromedp.ByQuery),
		chromedp.SendKeys(`.playerrow:nth-child(2) .pname`, "Ben", chromedp.ByQuery),
		// The companion deals: Ben's phone shows the hand it dealt.
		chromedp.Click(`#opt-digitalDeal`, chromedp.ByQuery),
		chromedp.Click(`#create`, chromedp.ByQuery), chromedp.WaitVisible(`#board-entry`, chromedp.ByQuery))
	b.waitText(tablet, "#board-entry", "Enter what the board in row 1, left shows (3 boards to enter)")
	b.waitText(tablet, "#status", "live")
	var id string
	b.run(tablet, "table id", chromedp.Evaluate(`location.hash.split('/')[2]`, &id))

	// The tablet picks the card Ben shows (a Deck Hand), not yet played, and
	// opens the cargo form, where it takes the cargo the form offers to load
	// out of hold A.
	b.run(tablet, "pick a card", chromedp.Click(`#f-card [data-card="deck-hand-2"]`, chromedp.ByQuery))
	b.run(tablet, "set a stepper", chromedp.Click(`#f-cargo summary`, chromedp.ByQuery), chromedp.WaitVisible(`#act-load`, chromedp.ByQuery))
	b.waitText(tablet, "#f-cargo .fsum", "Loading 1 of 1 cargo from your Dock tile")
	b.run(tablet, "one less in hold A", chromedp.Click(`#f-cargo .holdrow[data-hold="A"] .stepper[data-key="cargo"] .minus`, chromedp.ByQuery))
	b.waitText(tablet, "#f-cargo .fsum", "Loading 0 of 1 cargo from your Dock tile")

	// The player types: the slots, then the name, where the focus stays.
	b.run(tablet, "type", chromedp.SendKeys(`#board-entry .entry-slots`, "4", chromedp.ByQuery),
		chromedp.SendKeys(`#board-entry .entry-name`, "Test Isle Typed", chromedp.ByQuery))
	// Where the field is on the screen: the table above it changes, the
	// field stays put (the page keeps it in place, scrolling if needed).
	var topBefore float64
	b.run(tablet, "where the field is", chromedp.Evaluate(`document.querySelector('#board-entry .entry-name').getBoundingClientRect().top`, &topBefore))

	// Ben's phone connects: the tablet shows it.
	var bpin string
	b.run(tablet, "Ben's PIN", chromedp.Evaluate(`JSON.parse(localStorage.getItem('qm.host.`+id+`')).pins['1']`, &bpin))
	phone := b.device(390, 844)
	b.run(phone, "Ben's phone", chromedp.Navigate(e.http.URL+"/#/p/"+id+"?pin="+bpin), chromedp.WaitVisible(`#my-hand`, chromedp.ByQuery))
	b.waitText(tablet, "#presence", "Ben’s phone ✓")

	// Another screen (a second host screen) enters R1C2 with the host's
	// action box.
	var token string
	b.run(tablet, "host token", chromedp.Evaluate(`JSON.parse(localStorage.getItem('qm.host.`+id+`')).token`, &token))
	other := b.device(1280, 800)
	b.run(other, "second host screen", chromedp.Navigate(e.http.URL+"/#/"),
		chromedp.Evaluate(`localStorage.setItem('qm.host.`+id+`', JSON.stringify({token: `+jsString(token)+`}))`, nil),
		chromedp.Navigate(e.http.URL+"/#/t/"+id), chromedp.WaitVisible(`#board`, chromedp.ByQuery),
		chromedp.Click(`details.more summary`, chromedp.ByQuery),
		chromedp.SendKeys(`#raw-json`, `{"type":"reveal-board","seat":0,"at":"R1C2","newIsland":{"id":"test-isle-b","name":"Test Isle B","slots":3,"values":[5,4],"cargo":1}}`, chromedp.ByQuery),
		chromedp.Click(`#raw-send`, chromedp.ByQuery))
	b.waitText(tablet, "#board", "Test Isle B")
	b.waitText(tablet, "#board-entry", "Enter what the board in row 1, left shows (2 boards to enter)")
	b.shot(tablet, "keep-typed-work.png")

	var kept struct {
		Name, Slots, Focus string
		Top                float64
	}
	b.run(tablet, "what the tablet kept", chromedp.Evaluate(`({
		name: document.querySelector('#board-entry .entry-name').value,
		slots: document.querySelector('#board-entry .entry-slots').value,
		focus: document.activeElement ? document.activeElement.className : '',
		top: document.querySelector('#board-entry .entry-name').getBoundingClientRect().top })`, &kept))
	if kept.Name != "Test Isle Typed" || kept.Slots != "4" {
		t.Errorf("the typed island is now name %q, slots %q", kept.Name, kept.Slots)
	}
	if kept.Focus != "entry-name" {
		t.Errorf("the focus moved to %q", kept.Focus)
	}
	if d := kept.Top - topBefore; d < -2 || d > 2 {
		t.Errorf("the field moved on the screen from y=%v to y=%v", topBefore, kept.Top)
	}

	// The card picked is still picked after the other screen acted, and
	// only that one.
	var pickedCards []string
	b.run(tablet, "the card still picked", chromedp.Evaluate(`[...document.querySelectorAll('#f-card [data-card][aria-pressed="true"]')].map((b) => b.dataset.card)`, &pickedCards))
	if len(pickedCards) != 1 || pickedCards[0] != "deck-hand-2" {
		t.Errorf("after another screen acted the tablet's picked cards are %v, want [deck-hand-2]", pickedCards)
	}

	// The cargo form is still open with hold A's stepper as Ben set it.
	var cargo struct {
		Open bool
		A    string
		Sum  string
	}
	b.run(tablet, "the cargo form kept", chromedp.Evaluate(`({
		open: document.querySelector('#f-cargo').open,
		a: document.querySelector('#f-cargo .holdrow[data-hold="A"] .stepper[data-key="cargo"] output').textContent,
		sum: document.querySelector('#f-cargo .fsum').textContent })`, &cargo))
	if !cargo.Open || cargo.A != "0" || cargo.Sum != "Loading 0 of 1 cargo from your Dock tile" {
		t.Errorf("after another screen acted the cargo form is open=%v, hold A %q, %q; want open, 0, loading 0 of 1", cargo.Open, cargo.A, cargo.Sum)
	}

	// Levelling the card up on one's own turn is refused (p. 13): the rule's
	// sentence shows beside the buttons tapped, and the card stays picked.
	b.run(tablet, "level up on Ben's turn", chromedp.Click(`#act-level`, chromedp.ByQuery))
	b.waitText(tablet, "#f-card .refusal", "p. 13")
	b.run(tablet, "the card after the refusal", chromedp.Evaluate(`[...document.querySelectorAll('#f-card [data-card][aria-pressed="true"]')].map((b) => b.dataset.card)`, &pickedCards))
	if len(pickedCards) != 1 || pickedCards[0] != "deck-hand-2" {
		t.Errorf("after the refusal the tablet's picked cards are %v, want [deck-hand-2]", pickedCards)
	}

	// The form still sends what was typed.
	b.run(tablet, "finish the island", chromedp.SendKeys(`#board-entry .entry-values`, "6,5,4", chromedp.ByQuery),
		chromedp.SendKeys(`#board-entry .entry-cargo`, "2", chromedp.ByQuery),
		chromedp.Click(`#act-reveal`, chromedp.ByQuery))
	b.waitText(tablet, "#board", "Test Isle Typed")
	b.waitText(tablet, "#board-entry", "Enter what the board in row 1, right shows (1 board to enter)")
	var cleared string
	b.run(tablet, "the next board's form", chromedp.Evaluate(`document.querySelector('#board-entry .entry-name').value`, &cleared))
	if cleared != "" {
		t.Errorf("the next board's form starts with %q", cleared)
	}
}

// countingFrames is a camera that counts its viewers: every MJPEG stream a
// page opens subscribes once.
type countingFrames struct {
	*jpegFrames
	subs, live atomic.Int32
}

func (f *countingFrames) Subscribe(ctx context.Context) <-chan []byte {
	f.subs.Add(1)
	f.live.Add(1)
	go func() { <-ctx.Done(); f.live.Add(-1) }()
	return f.jpegFrames.Subscribe(ctx)
}

// TestBrowserOneCameraConnection: the tablet shows a battle with the live
// camera while 50 updates arrive (actions, take-backs and camera reads);
// the page opens one camera stream in all, and shows one picture.
func TestBrowserOneCameraConnection(t *testing.T) {
	frames := &countingFrames{jpegFrames: newJPEGFrames(t)}
	e := newEnv(t, Options{PingInterval: time.Second, Frames: frames})
	r := e.do("POST", "/api/tables", `{"rules":"dead-reckoning","setup":{"players":[{"name":"Ann","color":"purple"},{"name":"Ben","color":"green"}]},"players":[{"name":"Ann","colour":"purple","seat":0},{"name":"Ben","colour":"green","seat":1}]}`)
	if r.status != 201 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var cr createResponse
	r.json(t, &cr)
	sess, err := e.mgr.Get(context.Background(), cr.Table)
	if err != nil {
		t.Fatal(err)
	}
	host := []string{"Authorization", "Bearer " + cr.HostToken}
	act := func(a string) {
		t.Helper()
		r := e.do("POST", "/api/tables/"+cr.Table+"/actions", `{"action":`+a+`,"baseVersion":`+itoa(sess.Version())+`}`, host...)
		if r.status != 200 {
			t.Fatalf("%s: %d %s", a, r.status, r.body)
		}
	}
	act(`{"type":"end-turn","seat":0}`)
	act(`{"type":"set-sails","seat":1}`)
	act(`{"type":"attack-ship","seat":1,"target":0}`)

	b := newBrowser(t, e.http.URL)
	tablet := b.device(1280, 800)
	b.run(tablet, "open as host", chromedp.Navigate(e.http.URL+"/#/"),
		chromedp.Evaluate(`localStorage.setItem('qm.host.`+cr.Table+`', JSON.stringify({token: `+jsString(cr.HostToken)+`}))`, nil),
		chromedp.Navigate(e.http.URL+"/#/t/"+cr.Table), chromedp.WaitVisible(`#battle img.camera`, chromedp.ByQuery))
	b.waitText(tablet, "#status", "live")

	// 50 updates: an action and its take-back (the table's version moves,
	// the battle stays), and a camera read proposed between them.
	for i := range 50 {
		switch i % 3 {
		case 0:
			act(`{"type":"hide-coins","seat":0,"coins":1}`)
		case 1:
			r := e.do("POST", "/api/tables/"+cr.Table+"/undo", `{"baseVersion":`+itoa(sess.Version())+`}`, host...)
			if r.status != 200 {
				t.Fatalf("undo: %d %s", r.status, r.body)
			}
		case 2:
			if _, err := sess.Propose(context.Background(), companion.CameraRead{Action: json.RawMessage(`{"type":"read-battle","seat":-1,"read":{"cubes":{"green":{"strength-1-left":1}}}}`), Cubes: 1}, 1); err != nil {
				t.Fatal(err)
			}
		}
	}
	want := itoa(sess.Version())
	b.run(tablet, "the last update shown", chromedp.Poll(`!!document.querySelector('#log li[data-version="`+want+`"]')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.waitText(tablet, "#battle", "Battle at")
	var pictures int
	var loaded bool
	b.run(tablet, "pictures", chromedp.Evaluate(`document.querySelectorAll('img.camera').length`, &pictures),
		chromedp.Poll(`(() => { const i = document.querySelector('#battle img.camera'); return !!i && i.complete && i.naturalWidth > 0; })()`, &loaded, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.shot(tablet, "one-camera-after-50-updates.png")
	if pictures != 1 {
		t.Errorf("the page shows %d camera pictures", pictures)
	}
	if n := frames.subs.Load(); n != 1 {
		t.Errorf("the page opened %d camera streams over 50 updates, want 1", n)
	}
	var html string
	b.run(tablet, "html", chromedp.Evaluate(`document.documentElement.outerHTML`, &html))
	if c := strings.Count(html, "/api/camera.mjpg"); c != 1 {
		t.Errorf("the page names the camera stream %d times", c)
	}

	// A read nobody wants is dismissed: it leaves this screen and the
	// server's list.
	var listed []json.RawMessage
	e.do("GET", "/api/tables/"+cr.Table+"/reads", "", host...).json(t, &listed)
	var before int
	b.run(tablet, "reads shown", chromedp.Evaluate(`document.querySelectorAll('.notice.proposed-read').length`, &before))
	if before == 0 {
		t.Fatal("no proposed read is shown")
	}
	b.run(tablet, "dismiss one", chromedp.Click(`.notice.proposed-read [data-act="dismiss-read"]`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelectorAll('.notice.proposed-read').length === `+itoa(uint64(before-1)), nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	var reads []json.RawMessage
	rr := e.do("GET", "/api/tables/"+cr.Table+"/reads", "", host...)
	rr.json(t, &reads)
	if len(reads) != len(listed)-1 {
		t.Errorf("the server lists %d reads after one of %d was dismissed", len(reads), len(listed))
	}
}

// keptForm reads what a form on the tablet shows now: whether it is open,
// the pressed buttons' data attributes, the steppers' values, the text
// boxes' values and where the focus is.
func keptForm(t *testing.T, b *browser, ctx context.Context, sel string) (k struct {
	Open    bool
	Pressed []string
	Steps   map[string]string
	Texts   map[string]string
	Focus   string
}) {
	t.Helper()
	b.frun(ctx, "what "+sel+" kept", chromedp.Evaluate(`(() => { const f = document.querySelector(`+jsString(sel)+`); return f ? {
		open: !!f.open,
		pressed: [...f.querySelectorAll('[aria-pressed="true"]')].map((e) => Object.entries(e.dataset).map(([k, v]) => k + '=' + v).join(',')),
		steps: Object.fromEntries([...f.querySelectorAll('.stepper')].map((s) => [(s.closest('.plunder-a') ? 'a/' : s.closest('.plunder-d') ? 'd/' : '') +
			(s.closest('[data-hold]') ? s.closest('[data-hold]').dataset.hold + '/' : '') + s.dataset.key, s.querySelector('output').textContent])),
		texts: Object.fromEntries([...f.querySelectorAll('input[id]')].map((i) => [i.id, i.value])),
		focus: document.activeElement ? document.activeElement.id : '' } : {}; })()`, &k))
	return k
}

// TestBrowserKeepsHalfFilledForms: on the tablet a player half fills the
// attack form, then the battle-by-hand form; meanwhile a phone connects and
// another screen acts (a rearranged ship, the battle's next step). Each form
// is still open with what was picked and stepped, and sends it.
func TestBrowserKeepsHalfFilledForms(t *testing.T) {
	g := newFormsGame(t)
	// Ben's pirate ship waits at Test Isle 1 where Ann starts her turn.
	g.play(t, `{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R1C1"]}`, `{"type":"end-turn","seat":0}`,
		`{"type":"set-sails","seat":1}`, `{"type":"move","seat":1,"path":["R1C1"]}`, `{"type":"end-turn","seat":1,"pirate":true}`)
	b := newBrowser(t, g.e.http.URL)
	tab := g.tablet(b)
	b.fwait(tab, "#turn", "Ann to play")

	// The attack form: Ben's ship and no flag picked, not sent yet.
	b.frun(tab, "open the attack form", tap(`#f-attack-ship summary`), chromedp.WaitVisible(`#act-attack-ship`, chromedp.ByQuery),
		tap(`#f-attack-ship [data-flag="none"]`))
	// Ben's phone connects; Ann's ship is rearranged on another screen.
	phone := b.device(390, 844)
	b.frun(phone, "Ben's phone", chromedp.Navigate(g.e.http.URL+"/#/p/"+g.table+"?pin="+g.pins["1"]), chromedp.WaitVisible(`#my-hand`, chromedp.ByQuery))
	b.fwait(tab, "#presence", "Ben’s phone ✓")
	g.play(t, `{"type":"rearrange","seat":0,"holds":{}}`)
	b.fwait(tab, "#log", "Ann rearranges the ship's holds")
	k := keptForm(t, b, tab, "#f-attack-ship")
	if !k.Open || strings.Join(k.Pressed, " ") != "target=1 flag=none" {
		t.Errorf("after a phone connected and another screen acted the attack form is open=%v with %v pressed; want open, target=1 flag=none", k.Open, k.Pressed)
	}
	b.frun(tab, "attack", tap(`#act-attack-ship`))
	b.fwait(tab, "#battle", "chose to fight a pirate ship (p. 12)")

	// The battle by hand, half filled: Ben won, one damage to Ann, a cargo
	// of Ann's plunder in hold A.
	b.frun(tab, "open the by-hand outcome", chromedp.Evaluate(`document.querySelector('#f-outcome').open = true`, nil),
		chromedp.WaitVisible(`#f-outcome [data-won="defender"]`, chromedp.ByQuery),
		tap(`#f-outcome [data-won="defender"]`),
		tap(`#f-outcome .stepper[data-key="dmgA"] .plus`),
		tap(`#f-outcome .holdrow[data-hold="A"] .stepper[data-key="cargo"] .plus`))
	before := keptForm(t, b, tab, "#f-outcome")
	// Ann's phone connects; the battle moves on to its next step on another
	// screen (Ann's cannons).
	aphone := b.device(390, 844)
	b.frun(aphone, "Ann's phone", chromedp.Navigate(g.e.http.URL+"/#/p/"+g.table+"?pin="+g.pins["0"]), chromedp.WaitVisible(`#battle`, chromedp.ByQuery))
	b.fwait(tab, "#presence", "Ann’s phone ✓")
	g.play(t, `{"type":"battle-step","seat":0,"step":"cannons","role":"attacker","cannons":{"ship":1}}`)
	b.frun(tab, "the battle's next step", chromedp.Poll(`!document.querySelector('#bs-cannons')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.shot(tab, "keep-outcome-form.png")
	k = keptForm(t, b, tab, "#f-outcome")
	if !k.Open || strings.Join(k.Pressed, " ") != "won=defender" || k.Steps["dmgA"] != "1" || k.Steps["a/A/cargo"] != "1" {
		t.Errorf("after a phone connected and the battle moved on the outcome form is open=%v, pressed %v, steppers %v; want open, won=defender, dmgA 1, Ann's A/cargo 1 (before: %+v)", k.Open, k.Pressed, k.Steps, before)
	}
	// On Ann's phone the battle she fights is at the top of the page (the
	// first thing under the shell's bar and the Act heading, in the upper
	// half of the first screen) with its step's form; a tap for Ben's step
	// is refused beside the button.
	var top struct {
		Battle float64
		Steps  bool
		First  bool
	}
	b.frun(aphone, "the battle on Ann's phone", chromedp.WaitVisible(`#battle #battle-steps`, chromedp.ByQuery),
		chromedp.Evaluate(`window.scrollTo(0, 0), ({battle: document.querySelector('#battle').getBoundingClientRect().top + window.scrollY, steps: !!document.querySelector('#battle #battle-steps'),
			first: document.querySelector('section.actions h2').nextElementSibling === document.querySelector('#battle')})`, &top))
	b.shot(aphone, "keep-phone-battle-top.png")
	if top.Battle > 844/2 || !top.Steps || !top.First {
		t.Errorf("on Ann's phone the battle starts %v px down (first in the Act panel: %v), its steps inside it: %v; want at the top with its steps", top.Battle, top.First, top.Steps)
	}
	b.fwait(aphone, "#battle-steps", "Waiting for Ben")
	b.frun(aphone, "record the outcome with a card Ben played", chromedp.Evaluate(`document.querySelector('#battle #f-outcome').open = true`, nil),
		chromedp.WaitVisible(`#battle #f-outcome .toggles .opt`, chromedp.ByQuery), tap(`#battle #f-outcome .toggles .opt`), tap(`#battle #act-record-outcome`))
	b.fwait(aphone, "#battle #f-outcome .refusal", "")
	var seen bool
	b.frun(aphone, "the refusal in sight", chromedp.Evaluate(`(() => { const r = document.querySelector('#f-outcome .refusal').getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight; })()`, &seen))
	b.shot(aphone, "keep-phone-battle.png")
	if !seen {
		t.Error("the refusal on Ann's phone is out of sight")
	}
	b.frun(tab, "record it", tap(`#act-record-outcome`))
	b.fwait(tab, `#players .pcard[data-seat="0"]`, "2 / 5")
	b.fwait(tab, `#players .pcard[data-seat="0"] .holds`, "A: 1 cargo")
}

// TestBrowserKeepsBuyForm: at Test Isle 1, Ann turns the Merchant ship over
// in the buy/trade form and half enters its back (name typed, focus in it,
// two black cubes); Ben's phone connects and another screen rearranges her
// ship. The form is still open, on Attack, with the name, the cubes and the
// focus, and it attacks with what was entered.
func TestBrowserKeepsBuyForm(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules())
	body := `{"rules":"dead-reckoning","seed":7,"setup":` + merchantSetup + `,"players":[{"name":"Ann","colour":"purple","seat":0},{"name":"Ben","colour":"green","seat":1}]}`
	r := e.do("POST", "/api/tables", body)
	if r.status != 201 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var cr createResponse
	r.json(t, &cr)
	g := &formsGame{e: e, table: cr.Table, token: cr.HostToken}
	g.play(t, `{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R1C1"]}`)
	b := newBrowser(t, e.http.URL)
	tab := g.tablet(b)
	b.frun(tab, "the Merchant ship's back", tap(`#f-buy summary`), chromedp.WaitVisible(`#f-buy [data-mode="attack"]`, chromedp.ByQuery),
		tap(`#f-buy [data-mode="attack"]`), chromedp.WaitVisible(`#merchant-name`, chromedp.ByQuery),
		tap(`#f-buy .stepper[data-key="cubes"] .plus`), tap(`#f-buy .stepper[data-key="cubes"] .plus`),
		chromedp.SendKeys(`#merchant-name`, "Test Back Half", chromedp.ByQuery))

	phone := b.device(390, 844)
	b.frun(phone, "Ben's phone", chromedp.Navigate(e.http.URL+"/#/p/"+cr.Table+"?pin="+cr.PINs[1]), chromedp.WaitVisible(`#my-hand`, chromedp.ByQuery))
	b.fwait(tab, "#presence", "Ben’s phone ✓")
	g.play(t, `{"type":"rearrange","seat":0,"holds":{}}`)
	b.fwait(tab, "#log", "Ann rearranges the ship's holds")
	b.shot(tab, "keep-buy-form.png")
	k := keptForm(t, b, tab, "#f-buy")
	if !k.Open || strings.Join(k.Pressed, " ") != "mode=attack" || k.Steps["cubes"] != "2" || k.Texts["merchant-name"] != "Test Back Half" || k.Focus != "merchant-name" {
		t.Errorf("after a phone connected and another screen acted the buy form is open=%v, pressed %v, steppers %v, texts %v, focus %q; want open, mode=attack, 2 cubes, the name typed and the focus in it",
			k.Open, k.Pressed, k.Steps, k.Texts, k.Focus)
	}
	b.frun(tab, "finish and attack", chromedp.SendKeys(`#merchant-name`, " Two", chromedp.ByQuery), tap(`#act-attack-merchant`))
	b.fwait(tab, "#battle", "Test Back Half Two")
	b.fwait(tab, "#battle", "drops 2 black cubes")
}
