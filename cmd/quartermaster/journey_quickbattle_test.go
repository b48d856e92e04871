//go:build cgo && !novision

package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestJourneyQuickBattle is a newcomer's quick battle on `make run`'s
// simulated table (--sim: the simulated tower drops exactly the cubes the
// battle waits for onto the simulated camera's board, and the camera reads
// them): on the tablet, the start page's Quick battle, the two sides, what
// to drop, the drop through the simulated tower, the camera's read
// corrected by hand (a purple cube in the exploding zone), the exploding
// shot's re-drop read by the camera and confirmed, the plunder placed, and
// the outcome in words; Ben's phone on the same table shows the battle;
// Another battle starts the next one with the same sides. Only the
// simulated devices (and the host's choice of this table for the tower and
// camera, which the shell has no button for yet) are driven through the
// API; everything else is tapped and typed.
func TestJourneyQuickBattle(t *testing.T) {
	chrome := journeyChromium(t)
	cfg := defaultConfig()
	cfg.Addr = "127.0.0.1:0"
	cfg.Data = filepath.Join(t.TempDir(), "data")
	cfg.Sim = true
	devCfg, err := deviceConfig(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h, stop := startServe(t, cfg, devCfg)
	srv := httptest.NewServer(h)
	defer func() {
		srv.CloseClientConnections()
		srv.Close()
		if err := stop(); err != nil {
			t.Error(err)
		}
	}()
	b := &journey{t: t, chrome: chrome, arts: artefacts(t)}
	tablet := b.device(1024, 768)

	// The start page: Quick battle opens the new-game form with it chosen.
	b.run(tablet, "start page", chromedp.Navigate(srv.URL+"/#/"), chromedp.WaitVisible(`[data-start="quick-battle"]`, chromedp.ByQuery))
	b.waitText(tablet, `[data-start="quick-battle"]`, "Quick battle")
	b.shot(tablet, "qb-home.png")
	b.run(tablet, "tap Quick battle", chromedp.Click(`[data-start="quick-battle"]`, chromedp.ByQuery),
		chromedp.Poll(`document.querySelector('#rules') && document.querySelector('#rules').value === 'quick-battle'`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.waitText(tablet, "#app", "Cubes seat 1 drops (the attacker)")
	b.run(tablet, "the sides",
		chromedp.SendKeys(`.playerrow:nth-child(1) .pname`, "Ann", chromedp.ByQuery),
		chromedp.SendKeys(`.playerrow:nth-child(2) .pname`, "Ben", chromedp.ByQuery),
		chromedp.SetValue(`#opt-attackerCubes`, "4", chromedp.ByQuery),
		chromedp.SetValue(`#opt-defenderCubes`, "3", chromedp.ByQuery),
		chromedp.Click(`#opt-atIsland`, chromedp.ByQuery))
	var colours []string
	b.run(tablet, "colours", chromedp.Evaluate(`[...document.querySelectorAll('.pcolour')].map((s) => s.value)`, &colours))
	if len(colours) != 2 || colours[0] != "purple" || colours[1] != "green" {
		t.Fatalf("the sides' colours %v, want purple and green (Dead Reckoning's first two)", colours)
	}
	b.shot(tablet, "qb-new.png")
	b.run(tablet, "start", chromedp.Click(`#create`, chromedp.ByQuery), chromedp.WaitVisible(`#qb-battle`, chromedp.ByQuery))
	b.waitText(tablet, "#qb-now", "Gather 4 purple and 3 green cubes, then drop them all at once into the tower.")
	b.waitText(tablet, ".topbar .title", "Quick battle 1 · Ann against Ben")
	var id, token string
	b.run(tablet, "the table", chromedp.Evaluate(`location.hash.split('/')[2]`, &id))
	b.run(tablet, "the host's token", chromedp.Evaluate(`JSON.parse(localStorage.getItem('qm.host.' + `+fmt.Sprintf("%q", id)+`)).token`, &token))
	api := func(method, path, body string) {
		t.Helper()
		req, _ := http.NewRequest(method, srv.URL+path, strings.NewReader(body))
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		out, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != 200 {
			t.Fatalf("%s %s: %d %s", method, path, res.StatusCode, out)
		}
	}
	// The host chooses this table for the tower and camera.
	api("POST", "/api/tables/"+id+"/hardware", `{"use":true}`)
	b.waitText(tablet, "#expects", "when both sides are ready, drop 3 green and 4 purple cubes into the tower")
	b.shot(tablet, "qb-ready.png")

	// Ben's phone, with the PIN the tablet shows him alone.
	var pin string
	b.run(tablet, "Ben's PIN", chromedp.Click(`#show-pins`, chromedp.ByQuery), chromedp.WaitVisible(`#pins [data-seat="1"]`, chromedp.ByQuery),
		chromedp.Click(`#pins [data-seat="1"]`, chromedp.ByQuery), chromedp.WaitVisible(`#pin-shown .pinno`, chromedp.ByQuery),
		chromedp.Text(`#pin-shown .pinno`, &pin, chromedp.ByQuery),
		chromedp.Click(`#pin-hide`, chromedp.ByQuery), chromedp.Click(`#pins-close`, chromedp.ByQuery))
	pin = strings.TrimSpace(strings.TrimPrefix(pin, "PIN"))
	ben := b.device(390, 844)
	b.run(ben, "Ben's phone", chromedp.Navigate(srv.URL+"/#/p/"+id), chromedp.WaitVisible(`#pin`, chromedp.ByQuery),
		chromedp.SendKeys(`#pin`, pin, chromedp.ByQuery), chromedp.Click(`#join`, chromedp.ByQuery), chromedp.WaitVisible(`#qb-battle`, chromedp.ByQuery))
	b.waitText(ben, "#qb-now", "Gather 4 purple and 3 green cubes")
	b.waitText(ben, ".badge.me", "Ben")

	// The drop through the simulated tower: the camera's read is proposed.
	drop := func() {
		t.Helper()
		api("POST", "/api/sim?table="+id, `{"key":"drop-sensor","command":"drop 7"}`)
	}
	drop()
	b.waitText(tablet, "#read-tally", "The camera saw")
	b.waitText(tablet, "#read-tally", "Ann (purple)")
	b.waitText(ben, "#qb-now", "The cubes are down: 3 green and 4 purple cubes.")
	// Corrected by hand: one purple cube the camera placed elsewhere lies
	// in the exploding zone.
	b.run(tablet, "open the correction", chromedp.Click(`.readprompt details summary`, chromedp.ByQuery),
		chromedp.WaitVisible(`#read-grid input[data-zone="explode"][data-colour="purple"]`, chromedp.ByQuery))
	var cell struct {
		Zone    string `json:"zone"`
		N       int    `json:"n"`
		Explode int    `json:"explode"`
	}
	b.run(tablet, "a purple cube", chromedp.Evaluate(`(() => {
		const ins = [...document.querySelectorAll('#read-grid input[data-colour="purple"]')];
		const c = ins.find((i) => Number(i.value) > 0 && i.dataset.zone !== 'explode' && i.dataset.zone !== 'redrop');
		const x = ins.find((i) => i.dataset.zone === 'explode');
		return { zone: c ? c.dataset.zone : '', n: c ? Number(c.value) : 0, explode: Number(x.value || 0) };
	})()`, &cell))
	if cell.Zone == "" {
		t.Fatal("the camera's read shows no purple cube in a zone")
	}
	var label string
	b.run(tablet, "the zone's words", chromedp.Evaluate(`document.querySelector('#read-grid input[data-zone="`+cell.Zone+`"]').closest('tr').querySelector('th').innerText`, &label))
	if strings.Contains(label, "-") {
		t.Errorf("the correction names zone %s by its id: %q", cell.Zone, label)
	}
	var gridColours []string
	b.run(tablet, "the grid's colours", chromedp.Evaluate(`[...document.querySelectorAll('#read-grid tr:first-child th')].slice(1).map((x) => x.innerText)`, &gridColours))
	if strings.Join(gridColours, ",") != "purple,green" {
		t.Errorf("the correction offers the colours %v, want the battle's purple and green", gridColours)
	}
	b.run(tablet, "move it", chromedp.SetValue(`#read-grid input[data-zone="`+cell.Zone+`"][data-colour="purple"]`, fmt.Sprint(cell.N-1), chromedp.ByQuery),
		chromedp.SetValue(`#read-grid input[data-zone="explode"][data-colour="purple"]`, fmt.Sprint(cell.Explode+1), chromedp.ByQuery),
		chromedp.SendKeys(`#read-reason`, "one purple cube lies in the exploding zone", chromedp.ByQuery))
	b.shot(tablet, "qb-correct.png")
	b.run(tablet, "apply the correction", chromedp.Click(`#correct-read`, chromedp.ByQuery))
	b.waitText(tablet, "#log", "Corrected: one purple cube lies in the exploding zone")

	// Re-drops until the board is settled: the exploding shot comes (after
	// any cube balanced on a border), its cubes fall through the simulated
	// tower, the camera sees only them and the rest stays where it lay.
	sawExplode := false
	for range 8 {
		var phase, now string
		b.run(tablet, "the step", chromedp.Poll(`(() => { const o = document.querySelector('#qb-outcome'); const n = document.querySelector('#qb-now');
			return o ? 'done' : (n ? n.dataset.phase : ''); })()`, &phase, chromedp.WithPollingInterval(50*time.Millisecond)))
		if phase != "read" {
			break
		}
		b.run(tablet, "what to drop", chromedp.Text(`#qb-now`, &now, chromedp.ByQuery))
		t.Logf("tablet: %s", now)
		if strings.HasPrefix(now, "Exploding shot! Drop") && !sawExplode {
			sawExplode = true
			b.waitText(tablet, "#expects", "exploding shot: drop")
			b.waitText(ben, "#qb-now", "Exploding shot! Drop")
			b.waitText(ben, "#qb-phone-now", "Exploding shot! Drop")
			b.shot(tablet, "qb-explode.png")
			b.shot(ben, "qb-phone-explode.png")
		}
		var before string
		b.run(tablet, "the log", chromedp.Text(`#log ol`, &before, chromedp.ByQuery))
		drop()
		b.waitText(tablet, "#read-tally", "The camera saw")
		if sawExplode {
			b.waitText(tablet, ".notice.proposed-read", "the other cubes stay where they lie")
		}
		b.run(tablet, "confirm the camera's read", chromedp.Click(`#confirm-read`, chromedp.ByQuery),
			chromedp.Poll(`!document.querySelector('#confirm-read')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	}
	if !sawExplode {
		t.Fatal("no exploding shot was asked for after the correction")
	}
	// The plunder, each side's placed from DR's battle form.
	plundered := false
	for range 3 {
		var phase string
		b.run(tablet, "the step", chromedp.Poll(`(() => { const o = document.querySelector('#qb-outcome'); const n = document.querySelector('#qb-now');
			return o ? 'done' : (n ? n.dataset.phase : ''); })()`, &phase, chromedp.WithPollingInterval(50*time.Millisecond)))
		if phase != "plunder" {
			break
		}
		plundered = true
		b.shot(tablet, "qb-plunder.png")
		b.run(tablet, "place the plunder", chromedp.Click(`.plunder button.place`, chromedp.ByQuery))
		time.Sleep(300 * time.Millisecond)
	}
	b.waitText(tablet, "#qb-outcome", "wins the battle")
	b.waitText(tablet, "#qb-outcome", "Ann’s ship takes")
	b.waitText(tablet, "#qb-outcome", "Ben’s ship takes")
	if plundered {
		b.waitText(tablet, "#qb-outcome", "plunders")
	}
	var said string
	b.run(tablet, "the outcome", chromedp.Text(`#qb-outcome`, &said, chromedp.ByQuery))
	t.Logf("outcome: %s", said)
	b.waitText(ben, "#qb-outcome", strings.SplitN(said, "\n", 2)[0])
	b.waitText(ben, "#qb-phone-now", strings.SplitN(said, "\n", 2)[0])
	b.shot(tablet, "qb-outcome.png")
	b.shot(ben, "qb-phone-outcome.png")
	b.fits(tablet, "#qb-another-form button, #qb-another-form .stepper button")
	b.fits(ben, "#qb-another-form button")
	var wide int
	b.run(ben, "the phone's width", chromedp.Evaluate(`document.documentElement.scrollWidth`, &wide))
	if wide > 390 {
		var over []string
		b.run(ben, "what is too wide", chromedp.Evaluate(`[...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > 392).slice(0, 12).map((e) => e.tagName + '.' + e.className + '#' + e.id + ' ' + Math.round(e.getBoundingClientRect().width))`, &over))
		t.Errorf("Ben's phone scrolls sideways: %d px wide: %v", wide, over)
	}

	// Another battle, same sides, one more cube for Ben.
	b.run(tablet, "one more green cube", chromedp.Click(`#qb-another-form [data-side="1"] .plus`, chromedp.ByQuery))
	b.run(tablet, "another battle", chromedp.Click(`#qb-another`, chromedp.ByQuery))
	b.waitText(tablet, "#qb-now", "Gather 4 purple and 4 green cubes")
	b.waitText(tablet, ".topbar .title", "Quick battle 2 · Ann against Ben")
	b.waitText(ben, "#qb-now", "Gather 4 purple and 4 green cubes")
	b.waitText(tablet, "#log", "battle 2: Ann (4 purple cubes) attacks Ben (4 green cubes)")
	b.shot(tablet, "qb-another.png")
}

// journey drives the tablet and phones of a journey through Chromium.
type journey struct {
	t      *testing.T
	chrome string
	arts   string
}

func journeyChromium(t *testing.T) string {
	if p := os.Getenv("QM_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("browser journey skipped: no Chromium found (install Debian's chromium, or set QM_CHROMIUM to its path)")
	return ""
}

func artefacts(t *testing.T) string {
	arts := os.Getenv("QM_ARTEFACTS")
	if arts == "" {
		arts = filepath.Join(os.TempDir(), "web-artefacts")
	}
	if err := os.MkdirAll(arts, 0o755); err != nil {
		t.Fatal(err)
	}
	return arts
}

// device starts a browser with a w x h window: its own profile and
// storage, as a separate device has.
func (b *journey) device(w, h int) context.Context {
	opts := append(chromedp.DefaultExecAllocatorOptions[:], chromedp.ExecPath(b.chrome), chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true), chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true), chromedp.NoFirstRun, chromedp.WindowSize(w, h))
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	b.t.Cleanup(func() { cancel(); acancel() })
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(int64(w), int64(h))); err != nil {
		b.t.Fatalf("starting Chromium (%s): %v", b.chrome, err)
	}
	return ctx
}

// run runs actions within 20 s (the simulated camera reads a drop in a few
// seconds), failing with what the page said.
func (b *journey) run(ctx context.Context, what string, actions ...chromedp.Action) {
	b.t.Helper()
	tctx, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	if err := chromedp.Run(tctx, actions...); err != nil {
		var body string
		_ = chromedp.Run(ctx, chromedp.Evaluate(`document.body.innerText.slice(0, 2000)`, &body))
		b.t.Fatalf("%s: %v\npage text:\n%s", what, err, body)
	}
}

func (b *journey) waitText(ctx context.Context, sel, want string) {
	b.t.Helper()
	q, _ := json.Marshal(sel)
	w, _ := json.Marshal(want)
	b.run(ctx, "waiting for "+sel+" to say "+want, chromedp.Poll(`(() => { const e = document.querySelector(`+string(q)+`); return !!e && e.innerText.includes(`+string(w)+`); })()`,
		nil, chromedp.WithPollingInterval(50*time.Millisecond)))
}

func (b *journey) shot(ctx context.Context, name string) {
	b.t.Helper()
	var png []byte
	b.run(ctx, "screenshot "+name, chromedp.FullScreenshot(&png, 100))
	if err := os.WriteFile(filepath.Join(b.arts, name), png, 0o644); err != nil {
		b.t.Error(err)
	}
}

// fits checks every visible control matching sel is at least 48 px high
// and wide: a finger's size.
func (b *journey) fits(ctx context.Context, sel string) {
	b.t.Helper()
	var small []string
	q, _ := json.Marshal(sel)
	b.run(ctx, "touch targets", chromedp.Evaluate(`[...document.querySelectorAll(`+string(q)+`)].filter((e) => e.offsetParent).map((e) => {
		const r = e.getBoundingClientRect(); return r.height < 48 || r.width < 48 ? (e.id || e.className || e.tagName) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height) : ''; }).filter(Boolean)`, &small))
	if len(small) > 0 {
		b.t.Errorf("controls smaller than 48 px: %v", small)
	}
}
