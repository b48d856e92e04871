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
	b.waitText(tablet, "#board-entry", "Enter what R1C1 shows (3 boards to enter)")
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
	b.waitText(tablet, "#board-entry", "Enter what R1C1 shows (2 boards to enter)")
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
	b.waitText(tablet, "#board-entry", "Enter what R1C3 shows (1 board to enter)")
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
