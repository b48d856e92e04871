package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"image"
	"image/color"
	"image/jpeg"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/input"
	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
	"github.com/quartermaster-table/quartermaster/internal/browsertest"
)

// The browser tests drive Debian's Chromium headless through chromedp. They
// skip, saying why, when no Chromium is installed. Screenshots go to
// $QM_ARTEFACTS (default: a "web-artefacts" directory under the system's temp
// directory); with QM_DOC_SCREENSHOTS=1 a few are also written to
// docs/screenshots for docs/ui.md.

// browser drives the test's devices through internal/browsertest (one
// headless Chromium per device, its own profile, as separate devices would
// have); its lower-case methods are the web tests' names for the same steps.
type browser struct {
	*browsertest.Browser
	t    *testing.T
	base string
	arts string
}

func newBrowser(t *testing.T, base string) *browser {
	bt := browsertest.New(t)
	return &browser{Browser: bt, t: t, base: base, arts: bt.Arts}
}

// device starts a browser with a w x h window (a tablet or a phone).
func (b *browser) device(w, h int) context.Context { return b.Device(w, h) }

// run runs actions with a time limit, failing the test with what was done.
func (b *browser) run(ctx context.Context, what string, actions ...chromedp.Action) {
	b.t.Helper()
	b.Run(ctx, what, actions...)
}

// docShots are the screenshots docs/ui.md shows.
var docShots = map[string]bool{"home.png": true, "new-game.png": true, "battle-real-outcome.png": true, "battle-real-read.png": true, "end-tie.png": true, "calibration.png": true, "calibration-colours.png": true, "tablet-table.png": true, "tablet-battle.png": true, "phone-private-view.png": true,
	"score.png": true, "tablet-pins.png": true, "tablet-rule-refused.png": true, "rules-help.png": true, "dicecal-test-read.png": true,
	"forms-buy.png": true, "forms-attack-ship.png": true, "forms-phone.png": true}

// shot saves a full-page screenshot as an artefact (and into
// docs/screenshots when asked).
func (b *browser) shot(ctx context.Context, name string) {
	b.t.Helper()
	b.Shot(ctx, name)
	if os.Getenv("QM_DOC_SCREENSHOTS") == "1" && docShots[name] {
		png, err := os.ReadFile(filepath.Join(b.arts, name))
		if err == nil {
			_ = os.MkdirAll("../docs/screenshots", 0o755)
			err = os.WriteFile(filepath.Join("../docs/screenshots", name), png, 0o644)
		}
		if err != nil {
			b.t.Error(err)
		}
	}
}

// waitText waits until the element's text contains want.
func (b *browser) waitText(ctx context.Context, sel, want string) {
	b.t.Helper()
	b.WaitText(ctx, sel, want)
}

func jsString(s string) string { return browsertest.JS(s) }

// TestBrowserTable plays the main path through the UI: create a game on the
// tablet, watch it from a second screen, act and see the other screen
// update, a refused action with its rule and page, a player's private view
// on a phone that no other screen shows, a battle read confirmed from the
// camera's proposal, rules help and the score calculator.
func TestBrowserTable(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second})
	b := newBrowser(t, e.http.URL)
	start := time.Now()

	tablet := b.device(1280, 800)
	b.run(tablet, "new game",
		chromedp.Navigate(e.http.URL+"/#/new"),
		chromedp.WaitVisible(`#create`, chromedp.ByQuery),
		chromedp.SendKeys(`#rules`, "Dead", chromedp.ByQuery),
		chromedp.SetValue(`.playerrow:nth-child(1) .pname`, "Ann", chromedp.ByQuery),
		chromedp.SetValue(`.playerrow:nth-child(2) .pname`, "Ben", chromedp.ByQuery),
	)
	b.shot(tablet, "new-game.png")
	b.run(tablet, "start", chromedp.Click(`#create`, chromedp.ByQuery), chromedp.WaitVisible(`#board`, chromedp.ByQuery))
	var id string
	b.run(tablet, "table id", chromedp.Evaluate(`location.hash.split('/')[2]`, &id))
	b.waitText(tablet, "#setup", "Lay out the table")
	b.waitText(tablet, "#status", "live")
	b.shot(tablet, "tablet-new-table.png")

	// A second screen watches the public view.
	watcher := b.device(1280, 800)
	b.run(watcher, "watch", chromedp.Navigate(e.http.URL+"/#/t/"+id), chromedp.WaitVisible(`#board`, chromedp.ByQuery))
	b.waitText(watcher, "#turn", "Ann to play")

	// The tablet ends Ann's turn; the watcher follows by itself.
	b.run(tablet, "end turn", chromedp.Click(`#act-end-turn`, chromedp.ByQuery))
	b.waitText(watcher, "#turn", "Ben to play")
	b.waitText(watcher, "#log", "Ann ended the turn; Ben to play")

	// An action the rules refuse shows the rule's sentence and page.
	b.run(tablet, "set sails", chromedp.Click(`#act-set-sails`, chromedp.ByQuery))
	b.waitText(tablet, "#turn", "Sails are set")
	b.run(tablet, "set sails again", chromedp.Evaluate(`document.querySelector('#act-set-sails').disabled = false`, nil), chromedp.Click(`#act-set-sails`, chromedp.ByQuery))
	b.waitText(tablet, ".actions .refusal.rule", "Not allowed: You have already set sails this turn (rulebook p. 9)")
	b.shot(tablet, "tablet-rule-refused.png")

	// Ann opens her private view on her phone with the PIN the tablet kept.
	var pin string
	b.run(tablet, "PIN", chromedp.Evaluate(`JSON.parse(localStorage.getItem('qm.host.`+id+`')).pins['0']`, &pin))
	if len(pin) < 4 {
		t.Fatalf("the tablet kept no PIN for Ann: %q", pin)
	}
	// The PINs come one player at a time: none until a name is tapped, then
	// that player's alone.
	var bpin string
	b.run(tablet, "Ben's PIN", chromedp.Evaluate(`JSON.parse(localStorage.getItem('qm.host.`+id+`')).pins['1']`, &bpin))
	b.run(tablet, "PIN dialog", chromedp.Click(`#show-pins`, chromedp.ByQuery), chromedp.WaitVisible(`#pins .pinwho`, chromedp.ByQuery))
	pinsText := func() string {
		var s string
		b.run(tablet, "the PIN dialog's text", chromedp.Text(`#pins`, &s, chromedp.ByQuery))
		return s
	}
	if s := pinsText(); strings.Contains(s, pin) || strings.Contains(s, bpin) {
		t.Errorf("the PIN dialog shows a PIN before a name is tapped: %s", s)
	}
	b.run(tablet, "Ann's code", chromedp.Click(`#pins .pinwho button[data-seat="0"]`, chromedp.ByQuery), chromedp.WaitVisible(`#pins img.qr`, chromedp.ByQuery))
	b.waitText(tablet, "#pins", "PIN "+pin)
	if s := pinsText(); strings.Contains(s, bpin) {
		t.Errorf("Ann's code shows Ben's PIN too: %s", s)
	}
	b.shot(tablet, "tablet-pins.png")
	b.run(tablet, "hide it", chromedp.Click(`#pin-hide`, chromedp.ByQuery), chromedp.WaitVisible(`#pins .pinwho`, chromedp.ByQuery))
	b.run(tablet, "close PIN dialog", chromedp.Evaluate(`document.querySelector('#pins').remove()`, nil))

	phone := b.device(412, 860)
	b.run(phone, "join", chromedp.Navigate(e.http.URL+"/#/p/"+id),
		chromedp.WaitVisible(`#pin`, chromedp.ByQuery),
		chromedp.SendKeys(`#pin`, pin, chromedp.ByQuery),
		chromedp.Click(`#join`, chromedp.ByQuery),
		chromedp.WaitVisible(`#my-hand`, chromedp.ByQuery))
	b.waitText(phone, "#players", "Your chest")
	b.waitText(tablet, "#presence", "Ann")
	var on bool
	b.run(tablet, "presence", chromedp.Poll(`!!document.querySelector('#presence .chip.phone.on')`, &on, chromedp.WithPollingInterval(50*time.Millisecond)))

	// A private action: Ann hides coins; only her phone reads the secret.
	sess, err := e.mgr.Get(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	r := e.do("POST", "/api/tables/"+id+"/actions", `{"action":{"type":"hide-coins","seat":0,"coins":5},"baseVersion":`+itoa(sess.Version())+`}`, pin0(pin)...)
	if r.status != 200 {
		t.Fatalf("hide coins: %d %s", r.status, r.body)
	}
	b.waitText(phone, "#log", "CHEST-SECRET-5")
	b.waitText(phone, "#players", "20 coins")
	b.waitText(watcher, "#log", "Ann put coins in the treasure chest")
	b.waitText(tablet, "#log", "Ann put coins in the treasure chest")
	b.shot(phone, "phone-private-view.png")
	for name, dev := range map[string]context.Context{"tablet": tablet, "watcher": watcher} {
		var html string
		b.run(dev, "page html", chromedp.Evaluate(`document.documentElement.outerHTML + JSON.stringify(localStorage) + JSON.stringify(sessionStorage)`, &html))
		if strings.Contains(html, "CHEST-SECRET") || strings.Contains(html, "20 coins") {
			t.Errorf("the %s's page shows Ann's secret", name)
		}
	}
	// Ben's phone does not see it either.
	benPhone := b.device(412, 860)
	b.run(benPhone, "Ben joins", chromedp.Navigate(e.http.URL+"/#/p/"+id+"?pin="+bpin), chromedp.WaitVisible(`#my-hand`, chromedp.ByQuery))
	b.waitText(benPhone, "#log", "Ann put coins in the treasure chest")
	var benHTML string
	b.run(benPhone, "Ben's page", chromedp.Evaluate(`document.documentElement.outerHTML`, &benHTML))
	if strings.Contains(benHTML, "CHEST-SECRET") {
		t.Error("Ben's phone shows Ann's secret")
	}

	// The link drops: the screens say so, reconnect by themselves and catch
	// up with what happened meanwhile.
	e.srv.hub.dropAll()
	b.waitText(watcher, "#status", "reconnecting")
	r = e.do("POST", "/api/tables/"+id+"/actions", `{"action":{"type":"set-sails","seat":1},"baseVersion":`+itoa(sess.Version())+`}`)
	if r.status != 422 { // Ben's sails are already set: the refusal changes nothing
		t.Fatalf("set sails again: %d %s", r.status, r.body)
	}
	b.waitText(watcher, "#status", "live")

	// A battle: Ben attacks Ann, the camera proposes a read, the tablet
	// confirms it.
	r = e.do("POST", "/api/tables/"+id+"/actions", `{"action":{"type":"attack-ship","seat":1,"target":0},"baseVersion":`+itoa(sess.Version())+`}`)
	if r.status != 200 {
		t.Fatalf("attack: %d %s", r.status, r.body)
	}
	b.waitText(tablet, "#battle", "Battle at")
	b.waitText(tablet, "#turn", "Already fought: Ann’s ship")
	b.waitText(tablet, "#turn", "Cannons used: 2 from the Gunner, 2 from the ship")
	if _, err := sess.Propose(context.Background(), companion.CameraRead{Action: json.RawMessage(`{"type":"read-battle","seat":-1,"read":{"cubes":{"green":{"strength-1-left":2,"explode":1},"purple":{"damage-left":1,"strength-2-top":1}},"redrop":{"purple":1}}}`), Cubes: 6}, 5); err != nil {
		t.Fatal(err)
	}
	b.waitText(tablet, ".notices", "confirm or correct")
	b.waitText(tablet, "#battle-need", "Exploding shot: drop")
	b.waitText(tablet, "#read-tally", "strength 1, left")
	b.waitText(tablet, ".notices", "the tower counted 5")
	b.waitText(tablet, "#battle-steps", "dropped again land? The others stay where they lie")
	b.run(tablet, "open the by-hand read", chromedp.Evaluate(`document.querySelector('.readprompt details').open = true`, nil),
		chromedp.Evaluate(`document.querySelectorAll('.readcounts').forEach((d) => { d.open = true })`, nil), chromedp.WaitVisible(`#read-grid input[data-zone="explode"][data-colour="green"]`, chromedp.ByQuery))
	b.shot(tablet, "tablet-battle.png")
	b.run(tablet, "confirm read", chromedp.Click(`#confirm-read`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "The battle was read: Ann wins")
	b.waitText(watcher, "#log", "The battle was read: Ann wins")

	// Time travel: the watcher looks at the table after move 1.
	b.run(watcher, "time travel", chromedp.Click(`#log li[data-version="1"] .ver`, chromedp.ByQuery))
	b.waitText(watcher, "#timetravel", "as it was at move 1")
	b.waitText(watcher, "#turn", "Ben to play")

	// The host undoes the last action (the test rules have no table facts;
	// the real rules refuse to undo a read, which the companion tests).
	// Undo asks first and names the move: "No" keeps it, "Yes" takes it back.
	b.run(tablet, "undo", chromedp.Click(`#undo`, chromedp.ByQuery))
	b.waitText(tablet, "#undo-confirm", "Take back: The battle was read: Ann wins")
	b.shot(tablet, "undo-confirm.png")
	b.run(tablet, "keep it", chromedp.Click(`#undo-no`, chromedp.ByQuery), chromedp.WaitNotPresent(`#undo-confirm`, chromedp.ByQuery))
	var logText string
	b.run(tablet, "the log", chromedp.Text(`#log`, &logText, chromedp.ByQuery))
	if strings.Contains(logText, "took back") {
		t.Errorf("No took the move back: %s", logText)
	}
	b.run(tablet, "undo for real", chromedp.Click(`#undo`, chromedp.ByQuery), chromedp.Click(`#undo-yes`, chromedp.ByQuery))
	// The log says in words what was taken back: the move's own sentence.
	b.waitText(tablet, "#log", "The host took back: The battle was read: Ann wins")

	// The end: the calculator starts from what the table shows.
	r = e.do("POST", "/api/tables/"+id+"/actions", `{"action":{"type":"finish","seat":1},"baseVersion":`+itoa(sess.Version())+`}`)
	if r.status != 200 {
		t.Fatalf("finish: %d %s", r.status, r.body)
	}
	b.waitText(tablet, "#end", "The game is over")
	b.endSaidOnce(tablet, "the tablet at the end", "#end")
	b.waitText(tablet, "#end", "Tied: Ann, Ben")
	b.waitText(tablet, "#tiebreak", "Ann 3")
	b.waitText(tablet, "#tiebreak", "3 purple")
	b.run(tablet, "the tie-break read", chromedp.Evaluate(`document.querySelectorAll('.readcounts').forEach((d) => { d.open = true })`, nil), chromedp.WaitVisible(`#tie-grid input[data-zone="strength-2-top"][data-colour="purple"]`, chromedp.ByQuery),
		chromedp.SetValue(`#tie-grid input[data-zone="strength-2-top"][data-colour="purple"]`, "1", chromedp.ByQuery))
	b.shot(tablet, "end-tie.png")
	b.run(tablet, "use the read", chromedp.Click(`#tie-read`, chromedp.ByQuery))
	b.waitText(tablet, "#end", "Ann wins the tie-break")
	b.waitText(watcher, "#log", "Ann wins the tie-break")
	var prefilled string
	b.run(tablet, "count the score", chromedp.Click(`#count-score`, chromedp.ByQuery), chromedp.WaitVisible(`#score-go`, chromedp.ByQuery),
		chromedp.Evaluate(`[...document.querySelectorAll('.score-player .name')].map((i) => i.value).join(',') + '|' + [...document.querySelectorAll('.score-island .iname')].map((i) => i.value).join(',')`, &prefilled))
	if prefilled != "Ann,Ben,Cy|Test Isle,Seahound Isle,Test Reef" {
		t.Errorf("the calculator was filled in with %q", prefilled)
	}

	// The start page lists the game, finished, with its files.
	b.run(tablet, "home", chromedp.Navigate(e.http.URL+"/#/"), chromedp.WaitVisible(`.tablerow`, chromedp.ByQuery))
	b.waitText(tablet, ".tables", "finished")
	b.shot(tablet, "home.png")

	// Rules help.
	b.run(tablet, "help", chromedp.Navigate(e.http.URL+"/#/help?q=exploding"), chromedp.WaitVisible(`#note-exploding`, chromedp.ByQuery))
	b.waitText(tablet, "#note-exploding", "p. 19")
	b.shot(tablet, "rules-help.png")

	// The score calculator.
	b.run(tablet, "score", chromedp.Navigate(e.http.URL+"/#/score"), chromedp.WaitVisible(`#score-go`, chromedp.ByQuery),
		chromedp.Evaluate(`(() => {
			document.querySelectorAll('[data-ach]').forEach((i, n) => { if (i.type === 'number') i.value = 3 + (n % 3); });
			const ps = document.querySelectorAll('.score-player');
			const set = (p, c, v) => { p.querySelector('.' + c).value = v; };
			set(ps[0], 'name', 'Ann'); set(ps[0], 'chest', 24); set(ps[0], 'ship', 3); set(ps[0], 'advancements', 7); set(ps[0], 'basic', 2);
			ps[0].querySelector('.achs [data-ach=legendary]').checked = true; ps[0].querySelector('.achs [data-ach=explorer]').checked = true;
			set(ps[1], 'name', 'Ben'); set(ps[1], 'chest', 31); set(ps[1], 'buildings', 4); set(ps[1], 'advanced', 1);
			ps[1].querySelector('.achs [data-ach=capitalist]').checked = true;
		})()`, nil),
		chromedp.Click(`#score-go`, chromedp.ByQuery),
		chromedp.WaitVisible(`#score-chart`, chromedp.ByQuery))
	b.waitText(tablet, "#breakdown", "Total")
	b.shot(tablet, "score.png")

	t.Logf("browser test took %v", time.Since(start))
}

func itoa(v uint64) string   { b, _ := json.Marshal(v); return string(b) }
func pin0(p string) []string { return pin(p) }

// TestBrowserRealRules plays the first moves of a real Dead Reckoning game
// (the engine's rules; the islands are the engine's test data) on the
// tablet, with a second screen following.
func TestBrowserRealRules(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules())
	b := newBrowser(t, e.http.URL)

	// A new game from the form: the boards beside the Harbor are entered as
	// the players turn them over (a made-up test island).
	fresh := b.device(1280, 800)
	b.run(fresh, "new real game", chromedp.Navigate(e.http.URL+"/#/new"), chromedp.WaitVisible(`#create`, chromedp.ByQuery),
		chromedp.SetValue(`.playerrow:nth-child(1) .pname`, "Ann", chromedp.ByQuery),
		chromedp.SetValue(`.playerrow:nth-child(2) .pname`, "Ben", chromedp.ByQuery),
		chromedp.Click(`#create`, chromedp.ByQuery), chromedp.WaitVisible(`#board-entry`, chromedp.ByQuery))
	b.waitText(fresh, "#board-entry", "Enter what the board in row 1, left shows (3 boards to enter)")
	b.run(fresh, "enter R1C1", chromedp.SetValue(`#board-entry .entry-name`, "Test Isle A", chromedp.ByQuery),
		chromedp.SetValue(`#board-entry .entry-slots`, "4", chromedp.ByQuery),
		chromedp.SetValue(`#board-entry .entry-values`, "6,5,4", chromedp.ByQuery),
		chromedp.SetValue(`#board-entry .entry-cargo`, "2", chromedp.ByQuery),
		chromedp.Click(`#act-reveal`, chromedp.ByQuery))
	b.waitText(fresh, "#board", "Test Isle A")
	b.waitText(fresh, "#board-entry", "Enter what the board in row 1, middle shows")

	cr := createScriptTable(t, e)

	tablet := b.hostTablet(cr, 1280, 800, `#board`)
	b.waitText(tablet, "#board", "Test Isle 1")
	watcher := b.device(1280, 800)
	b.run(watcher, "watch", chromedp.Navigate(e.http.URL+"/#/t/"+cr.Table), chromedp.WaitVisible(`#board`, chromedp.ByQuery))
	// A watching screen only watches: no Act panel, no button that acts.
	b.waitText(watcher, "#watching", "This screen watches the table")
	var acts int
	b.run(watcher, "no action on a watching screen", chromedp.Evaluate(`document.querySelectorAll('#act-set-sails, #act-move, #act-end-turn, #f-card, #f-cargo').length`, &acts))
	if acts != 0 {
		t.Errorf("the watching screen offers %d action controls", acts)
	}

	// Load the starting cargo from the dock, play the captain, set sails,
	// then a move the rules refuse (not next to the Harbor), then one they
	// accept, by tapping the boards.
	b.run(tablet, "load", chromedp.Evaluate(`document.querySelector('details.cargo').open = true`, nil),
		chromedp.Click(`#act-load`, chromedp.ByQuery))
	b.waitText(watcher, "#log", "Ann loads 1 cargo")
	// The tablet's own update first: its forms are built again for the new
	// version, and a card picked before that would be picked on the old form.
	b.waitText(tablet, "#log", "Ann loads 1 cargo")
	b.run(tablet, "play captain", chromedp.Click(`#f-card [data-card="captain"]`, chromedp.ByQuery), chromedp.Click(`#act-play`, chromedp.ByQuery))
	b.waitText(watcher, "#log", "Ann plays Captain")
	b.waitText(tablet, "#log", "Ann plays Captain")
	b.run(tablet, "set sails", chromedp.Click(`#act-set-sails`, chromedp.ByQuery))
	b.waitText(watcher, "#log", "Ann sets sails")
	b.run(tablet, "bad move", chromedp.Click(`#act-move`, chromedp.ByQuery),
		chromedp.Click(`[data-pos="R2C2"]`, chromedp.ByQuery), chromedp.Click(`#move-go`, chromedp.ByQuery))
	b.waitText(tablet, ".actions .refusal.rule", "(rulebook p. 9)")
	b.run(tablet, "move", chromedp.Click(`#act-move`, chromedp.ByQuery),
		chromedp.Click(`[data-pos="R1C1"]`, chromedp.ByQuery), chromedp.Click(`#move-go`, chromedp.ByQuery))
	b.waitText(watcher, "#log", "Ann")
	var at string
	b.run(watcher, "ship moved", chromedp.Poll(`(() => { const s = [...document.querySelectorAll('#players .pcard')].find((c) => c.dataset.seat === '0'); const w = s && s.querySelector('.stat.where'); return w && w.innerText.includes('Test Isle 1') ? 'Test Isle 1' : ''; })()`, &at, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.shot(tablet, "tablet-table.png")

	// Ann's phone shows her hand; the tablet's page does not.
	phone := b.device(412, 860)
	b.run(phone, "Ann's phone", chromedp.Navigate(e.http.URL+"/#/p/"+cr.Table+"?pin="+cr.PINs[0]), chromedp.WaitVisible(`#my-hand`, chromedp.ByQuery))
	b.waitText(phone, "#players", "Your chest")
	b.shot(phone, "phone-real.png")
	var html string
	b.run(watcher, "watcher html", chromedp.Evaluate(`document.documentElement.outerHTML`, &html))
	if strings.Contains(html, "Your chest") || strings.Contains(html, "my-hand") {
		t.Error("the public screen shows a private part")
	}
}

func mustJSON(v any) []byte { b, _ := json.Marshal(v); return b }

// jpegFrames is a camera showing a made-up board: a light rectangle where
// the test calibration says the board is.
type jpegFrames struct{ frame []byte }

func newJPEGFrames(t *testing.T) *jpegFrames {
	img := image.NewRGBA(image.Rect(0, 0, 640, 480))
	for y := range 480 {
		for x := range 640 {
			c := color.RGBA{40, 45, 50, 255}
			if x > 80 && x < 560 && y > 90 && y < 380 {
				c = color.RGBA{190, 170, 120, 255}
			}
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, nil); err != nil {
		t.Fatal(err)
	}
	return &jpegFrames{buf.Bytes()}
}

func (f *jpegFrames) Subscribe(ctx context.Context) <-chan []byte {
	ch := make(chan []byte)
	go func() {
		defer close(ch)
		for {
			select {
			case ch <- f.frame:
			case <-ctx.Done():
				return
			}
			select {
			case <-time.After(100 * time.Millisecond):
			case <-ctx.Done():
				return
			}
		}
	}()
	return ch
}

// TestBrowserCalibrationAndDevices: the host drags a board corner over the
// live camera image and saves it; the developer panel presses a simulated
// button.
func TestBrowserCalibrationAndDevices(t *testing.T) {
	layout, _ := json.Marshal(battle.DefaultLayout())
	cal := &fakeCalibrator{saved: CameraCalibration{ImageWidth: 640, ImageHeight: 480, Layout: layout,
		Corners: [4]Point{{90, 100}, {550, 95}, {555, 375}, {85, 370}}}}
	sim := &fakeSim{}
	e := newEnv(t, Options{PingInterval: time.Second, Frames: newJPEGFrames(t), Calibrator: cal, Sim: sim})
	cr := e.create()
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1280, 800)
	b.run(tablet, "open calibration as host", chromedp.Navigate(e.http.URL+"/#/"),
		chromedp.Evaluate(`localStorage.setItem('qm.host.`+cr.Table+`', JSON.stringify({token: `+jsString(cr.HostToken)+`}))`, nil),
		chromedp.Navigate(e.http.URL+"/#/calibrate/"+cr.Table),
		chromedp.WaitVisible(`#cal-overlay .corner.c0`, chromedp.ByQuery))
	var box []float64
	b.run(tablet, "corner position", chromedp.Poll(`(() => { const img = document.querySelector('.calstage img.live'); if (!img || !img.complete || !img.naturalWidth) return null;
		const r = document.querySelector('#cal-overlay .corner.c0').getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; })()`, &box, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.run(tablet, "drag the top-left corner",
		chromedp.MouseEvent(input.MousePressed, box[0], box[1], chromedp.ButtonLeft),
		chromedp.MouseEvent(input.MouseMoved, box[0]+20, box[1]+10, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.MouseMoved, box[0]+40, box[1]+20, chromedp.ButtonLeft),
		chromedp.MouseEvent(input.MouseReleased, box[0]+40, box[1]+20, chromedp.ButtonLeft))
	b.shot(tablet, "calibration.png")
	b.run(tablet, "save", chromedp.Click(`#cal-save`, chromedp.ByQuery))
	deadline := time.Now().Add(5 * time.Second)
	for cal.corner0().X <= 95 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	if c := cal.corner0(); c.X <= 95 || c.Y <= 105 {
		t.Errorf("the dragged corner was saved at %+v", c)
	}
	b.run(tablet, "test read", chromedp.Click(`#cal-test`, chromedp.ByQuery))
	b.waitText(tablet, "#cal-read", "{")

	// The guided colour drop: the plan drawn over the camera image, the
	// empty board, then measure.
	b.run(tablet, "start the colour calibration", chromedp.Click(`#cal-colour-start`, chromedp.ByQuery),
		chromedp.WaitVisible(`#cal-guide .plan li[data-zone="explode"]`, chromedp.ByQuery))
	b.waitText(tablet, "#cal-guide", "3 green in explode")
	var zonesDrawn int
	b.run(tablet, "plan over the image", chromedp.Evaluate(`document.querySelectorAll('#cal-overlay .calzone').length`, &zonesDrawn))
	if zonesDrawn != 2 {
		t.Errorf("%d zones of the colour drop drawn over the camera image, want 2", zonesDrawn)
	}
	b.run(tablet, "capture the empty board", chromedp.Click(`#cal-empty`, chromedp.ByQuery))
	b.waitText(tablet, "#cal-guide", "The empty board is captured")
	b.shot(tablet, "calibration-colours.png")
	b.run(tablet, "measure", chromedp.Click(`#cal-measure`, chromedp.ByQuery))
	b.waitText(tablet, "#cal-result", "measured 2 colours")
	var rows int
	b.run(tablet, "measured swatches", chromedp.Evaluate(`document.querySelectorAll('#cal-result tr[data-colour] .swatch').length`, &rows))
	if rows != 4 || cal.colour("explode") != "green" || cal.colour("plunder-cargo") != "purple" {
		t.Errorf("measured: %d swatches (want 4), calibrator got explode=%q plunder-cargo=%q", rows, cal.colour("explode"), cal.colour("plunder-cargo"))
	}

	// A game the dashboard has no pictures for: its view as lists, and a
	// raw action.
	b.run(tablet, "generic table", chromedp.Navigate(e.http.URL+"/#/t/"+cr.Table), chromedp.WaitVisible(`#view`, chromedp.ByQuery),
		chromedp.SetValue(`#raw-action`, `{"type":"add","seat":0,"n":3}`, chromedp.ByQuery),
		chromedp.Click(`#send-action`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "Seat 1 added 3")
	b.waitText(tablet, "#view", "3, 0")

	b.run(tablet, "devices", chromedp.Navigate(e.http.URL+"/#/dev"), chromedp.WaitVisible(`.device button`, chromedp.ByQuery))
	b.Tap(tablet, ".device", "Press")
	b.waitText(tablet, ".devlog", "Seat 1 button: Press: done.")
	if got := sim.lastCmd(); got != "button-1 press" {
		t.Errorf("the simulator got %q", got)
	}
}

// TestBrowserTieBreak: two players tied on coins settle it with the
// tie-break battle in the score calculator.
func TestBrowserTieBreak(t *testing.T) {
	e := newEnv(t, Options{})
	b := newBrowser(t, e.http.URL)
	tab := b.device(1280, 800)
	b.run(tab, "score a tie", chromedp.Navigate(e.http.URL+"/#/score"), chromedp.WaitVisible(`#score-go`, chromedp.ByQuery),
		chromedp.Evaluate(`(() => {
			document.querySelectorAll('.achvals input').forEach((i) => { i.value = 4; });
			const ps = document.querySelectorAll('.score-player');
			ps[0].querySelector('.name').value = 'Ann'; ps[0].querySelector('.chest').value = 30;
			ps[1].querySelector('.name').value = 'Ben'; ps[1].querySelector('.chest').value = 30;
		})()`, nil),
		chromedp.Click(`#score-go`, chromedp.ByQuery), chromedp.WaitVisible(`#tie-start`, chromedp.ByQuery))
	b.waitText(tab, "#score-result", "Tied: Ann, Ben")
	b.run(tab, "cannons", chromedp.SetValue(`#tiebreak input[data-name="Ann"]`, "2", chromedp.ByQuery),
		chromedp.SetValue(`#tiebreak input[data-name="Ben"]`, "2", chromedp.ByQuery),
		chromedp.Click(`#tie-start`, chromedp.ByQuery), chromedp.WaitVisible(`#tie-read`, chromedp.ByQuery))
	b.waitText(tab, "#tiebreak", "2 purple")
	b.waitText(tab, "#tiebreak", "2 green")
	b.run(tab, "the read", chromedp.Evaluate(`document.querySelectorAll('.readcounts').forEach((d) => { d.open = true })`, nil), chromedp.WaitVisible(`#read-grid input[data-zone="strength-2-top"][data-colour="purple"]`, chromedp.ByQuery),
		chromedp.SetValue(`#read-grid input[data-zone="strength-2-top"][data-colour="purple"]`, "2", chromedp.ByQuery),
		chromedp.SetValue(`#read-grid input[data-zone="damage-left"][data-colour="green"]`, "2", chromedp.ByQuery),
		chromedp.Click(`#tie-read`, chromedp.ByQuery))
	b.waitText(tab, "#tiebreak", "Ann wins the tie-break")
	b.shot(tab, "tie-break.png")
}

// TestBrowserRealBattle fights a ship battle of the real rules from the
// tablet: Ben stops on Ann's pirate ship (the engine's test script), takes
// his cubes, Ann defends, the cubes are dropped and read by hand in the
// grid, both pass their abilities, and the outcome shows.
func TestBrowserRealBattle(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules())
	script, err := os.ReadFile("../engine/deadreckoning/testdata/script-basic.json")
	if err != nil {
		t.Skip("the engine's test script is not there:", err)
	}
	var sc struct {
		Setup   json.RawMessage   `json:"setup"`
		Actions []json.RawMessage `json:"actions"`
	}
	if err := json.Unmarshal(script, &sc); err != nil {
		t.Fatal(err)
	}
	body, _ := json.Marshal(map[string]any{"rules": "dead-reckoning", "setup": sc.Setup, "seed": 42,
		"players": []map[string]any{{"name": "Ann", "colour": "purple", "seat": 0}, {"name": "Ben", "colour": "green", "seat": 1}}})
	r := e.do("POST", "/api/tables", string(body))
	var cr createResponse
	r.json(t, &cr)
	// Play the script up to Ben's stop on Ann's pirate ship (its refused
	// moves left out), as the host.
	v := 0
	for i, a := range sc.Actions[:12] {
		if i == 4 || i == 8 {
			continue
		}
		r := e.do("POST", "/api/tables/"+cr.Table+"/actions", fmt.Sprintf(`{"action":%s,"baseVersion":%d}`, a, v), host(cr.HostToken)...)
		if r.status != 200 {
			t.Fatalf("script action %d: %d %s", i, r.status, r.body)
		}
		v++
	}
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1280, 800)
	b.run(tablet, "open as host", chromedp.Navigate(e.http.URL+"/#/"),
		chromedp.Evaluate(`localStorage.setItem('qm.host.`+cr.Table+`', JSON.stringify({token: `+jsString(cr.HostToken)+`}))`, nil),
		chromedp.Navigate(e.http.URL+"/#/t/"+cr.Table), chromedp.WaitVisible(`#battle`, chromedp.ByQuery))
	b.waitText(tablet, "#battle", "stopped on a pirate ship (p. 10)")
	b.waitText(tablet, "#battle-steps", "cannons")
	b.run(tablet, "cannons", chromedp.Click(`#bs-cannons`, chromedp.ByQuery))
	b.waitText(tablet, "#battle-steps", "defence")
	b.run(tablet, "defend", chromedp.Click(`#bs-defend-go`, chromedp.ByQuery))
	b.waitText(tablet, "#battle-steps", "ready")
	b.run(tablet, "drop", chromedp.Click(`#bs-drop`, chromedp.ByQuery))
	b.waitText(tablet, "#battle-need", "Drop ")
	// The camera proposes a read (a simulated drop); it saw a cube in the
	// wrong zone, so the tablet corrects it by hand, with the reason.
	sess, err := e.mgr.Get(context.Background(), cr.Table)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sess.Propose(context.Background(), companion.CameraRead{Cubes: 2, Action: json.RawMessage(
		`{"type":"battle-step","seat":-1,"step":"read","role":"attacker","read":{"cubes":{"green":{"strength-2-top":1},"purple":{"strength-1-left":1}},"redrop":{}}}`)}, 2); err != nil {
		t.Fatal(err)
	}
	b.waitText(tablet, "#read-tally", "2 strength, top")
	b.run(tablet, "correct the read", chromedp.Evaluate(`document.querySelector('.readprompt details').open = true`, nil),
		chromedp.Evaluate(`document.querySelectorAll('.readcounts').forEach((d) => { d.open = true })`, nil), chromedp.WaitVisible(`#read-grid input[data-zone="damage-left"][data-colour="purple"]`, chromedp.ByQuery),
		chromedp.SetValue(`#read-grid input[data-zone="strength-1-left"][data-colour="purple"]`, "", chromedp.ByQuery),
		chromedp.SetValue(`#read-grid input[data-zone="damage-left"][data-colour="purple"]`, "1", chromedp.ByQuery),
		chromedp.SetValue(`#read-grid input[data-zone="strength-2-top"][data-colour="green"]`, "", chromedp.ByQuery),
		chromedp.SetValue(`#read-grid input[data-zone="plunder-cargo"][data-colour="green"]`, "1", chromedp.ByQuery),
		chromedp.SetValue(`#read-reason`, "the cubes lie in the damage and cargo zones", chromedp.ByQuery))
	b.shot(tablet, "battle-real-read.png")
	b.run(tablet, "apply the correction", chromedp.Click(`#correct-read`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "Corrected: the cubes lie in the damage and cargo zones")
	b.waitText(tablet, "#battle-tally", "Ben")
	// Abilities: each side passes until the battle is over.
	for range 6 {
		var phase string
		b.run(tablet, "phase", chromedp.Poll(`(() => { const s = document.querySelector('#battle-steps legend'); const o = document.querySelector('#battle-outcome');
			const p = o ? 'done' : (s ? s.innerText : ''); return p.includes('read') ? '' : p; })()`, &phase, chromedp.WithPollingInterval(50*time.Millisecond)))
		t.Logf("battle step: %q", phase)
		if phase == "done" {
			break
		}
		if strings.Contains(phase, "plunder") {
			// Ben's cargo goes to his ship.
			b.run(tablet, "plunder", chromedp.Click(`.plunder button`, chromedp.ByQuery))
		} else {
			b.run(tablet, "pass", chromedp.Click(`#bs-pass`, chromedp.ByQuery))
		}
		time.Sleep(150 * time.Millisecond)
	}
	b.waitText(tablet, "#battle-outcome", "Ben wins the battle 0 to 0")
	// 0 to 0 alone reads as a bug: the tie rule is said beside it.
	b.waitText(tablet, "#battle-outcome", "A tie: the player whose turn it is wins it (p. 19)")
	b.waitText(tablet, "#battle-outcome", "plunder to the ship: 1 cargo and 0 coins")
	b.waitText(tablet, "#log", "Ben")
	b.shot(tablet, "battle-real-outcome.png")
}

// createScriptTable creates a Dead Reckoning table for Ann (purple) and Ben
// (green) with the setup of the engine's basic test script (test islands
// and cards) and seed 42.
func createScriptTable(t *testing.T, e *env) createResponse {
	t.Helper()
	var setup json.RawMessage
	exampleScript(t, "../engine/deadreckoning/testdata/script-basic.json", &setup)
	return createTable(t, e, "dead-reckoning", setup, 42, "Ann", "purple", "Ben", "green")
}
