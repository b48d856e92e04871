package web

import (
	"context"
	"encoding/json"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/engine/racetoten"
	"github.com/quartermaster-table/quartermaster/internal/jsonpatch"
	"github.com/quartermaster-table/quartermaster/internal/jsonpatch/jsonpatchtest"
)

// TestBrowserAppliesPatches: the dashboard's patch.js, in Chromium, turns
// each old document into the new one with the patch the server's diff
// makes (random pairs), never changes the document it was given, and
// refuses patches that do not fit.
func TestBrowserAppliesPatches(t *testing.T) {
	e := newEnv(t, Options{})
	b := newBrowser(t, e.http.URL)
	tab := b.device(1024, 768)
	b.run(tab, "open", chromedp.Navigate(e.http.URL+"/"), chromedp.WaitReady("body", chromedp.ByQuery))

	type pair struct {
		Old   json.RawMessage `json:"old"`
		New   json.RawMessage `json:"new"`
		Patch json.RawMessage `json:"patch"`
	}
	r := rand.New(rand.NewPCG(6902, 19))
	var pairs []pair
	for i := 0; i < 400; i++ {
		a := jsonpatchtest.Value(r, 4)
		c := jsonpatchtest.Change(r, a)
		ab, _ := json.Marshal(a)
		cb, _ := json.Marshal(c)
		p, err := jsonpatch.Diff(ab, cb)
		if err != nil {
			t.Fatal(err)
		}
		pairs = append(pairs, pair{ab, cb, p})
	}
	cases, _ := json.Marshal(pairs)
	js := `(async () => {
		const { applyPatch } = await import('/js/patch.js');
		const canon = (v) => JSON.stringify(v, (k, x) => x && typeof x === 'object' && !Array.isArray(x) ? Object.fromEntries(Object.entries(x).sort(([a], [b]) => a < b ? -1 : a > b ? 1 : 0)) : x);
		const bad = [];
		for (const c of ` + string(cases) + `) {
			const before = canon(c.old);
			let got;
			try { got = applyPatch(c.old, c.patch); } catch (e) { bad.push('threw ' + e.message + ' on ' + JSON.stringify(c)); continue; }
			if (canon(got) !== canon(c.new)) bad.push('gave ' + JSON.stringify(got) + ' for ' + JSON.stringify(c));
			if (canon(c.old) !== before) bad.push('changed the old document ' + JSON.stringify(c));
		}
		const refused = [
			[{ a: [1] }, [{ op: 'replace', path: '/missing', value: 1 }]],
			[{ a: [1] }, [{ op: 'remove', path: '/a/1' }]],
			[{ a: [1] }, [{ op: 'add', path: '/a/01', value: 1 }]],
			[{ a: [1] }, [{ op: 'move', path: '/a', from: '/b' }]],
			[{ a: [1] }, [{ op: 'add', path: '/a/0/x', value: 1 }]],
			[{ a: {} }, [{ op: 'add', path: '/a/__proto__', value: { polluted: true } }]],
		];
		for (const [doc, p] of refused) {
			try { applyPatch(doc, p); bad.push('applied ' + JSON.stringify(p)); } catch {}
		}
		return bad;
	})()`
	var bad []string
	b.run(tab, "apply the patches", chromedp.Evaluate(js, &bad, func(p *runtime.EvaluateParams) *runtime.EvaluateParams { return p.WithAwaitPromise(true) }))
	for i, s := range bad {
		if i == 5 {
			t.Errorf("... %d failures in all", len(bad))
			break
		}
		t.Error(s)
	}
}

// TestBrowserLiveUpdatesArePatches: a second tablet watching the table gets
// the other tablet's moves as patches and shows them; a patch for a version
// it does not hold, or one that does not apply, is never shown: the page
// reopens its socket, catches up, and still shows the next move.
func TestBrowserLiveUpdatesArePatches(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules(), racetoten.Rules())
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1024, 768)
	b.run(tablet, "new game", chromedp.Navigate(e.http.URL+"/#/new"), chromedp.WaitVisible(`#rules`, chromedp.ByQuery),
		chromedp.SendKeys(`#rules`, "Race", chromedp.ByQuery))
	b.waitText(tablet, ".form", "Number to reach")
	b.run(tablet, "players", chromedp.SendKeys(`.playerrow:nth-child(1) .pname`, "Ann", chromedp.ByQuery),
		chromedp.SendKeys(`.playerrow:nth-child(2) .pname`, "Ben", chromedp.ByQuery))
	b.run(tablet, "start", chromedp.Click(`#create`, chromedp.ByQuery), chromedp.WaitVisible(`#race`, chromedp.ByQuery))
	b.waitText(tablet, "#status", "live")
	var hash string
	b.run(tablet, "the table's address", chromedp.Evaluate(`location.hash`, &hash))
	id := strings.TrimPrefix(hash, "#/t/")

	// The watching tablet counts the messages of each type its page gets.
	watcher := b.device(1024, 768)
	hook := `window.__sockets = []; window.__types = {};
		const WS = window.WebSocket;
		window.WebSocket = class extends WS {
			constructor(...a) {
				super(...a);
				window.__sockets.push(this);
				this.addEventListener('message', (ev) => { try { const t = JSON.parse(ev.data).type; window.__types[t] = (window.__types[t] || 0) + 1; } catch {} });
			}
		};`
	b.run(watcher, "watch", chromedp.ActionFunc(func(ctx context.Context) error {
		_, err := page.AddScriptToEvaluateOnNewDocument(hook).Do(ctx)
		return err
	}), chromedp.Navigate(e.http.URL+"/#/t/"+id), chromedp.WaitVisible(`#race`, chromedp.ByQuery))
	b.waitText(watcher, "#status", "live")

	b.waitText(tablet, "#expects", "white")
	b.run(tablet, "roll", chromedp.Click(`#expects [data-act="digital-roll"]`, chromedp.ByQuery))
	b.waitText(watcher, "#log", "starts")
	b.run(tablet, "add 3", chromedp.WaitVisible(`#add-3`, chromedp.ByQuery), chromedp.Click(`#add-3`, chromedp.ByQuery))
	b.waitText(watcher, "#log", "the counter is at 3")
	var types map[string]int
	b.run(watcher, "message types", chromedp.Evaluate(`window.__types`, &types))
	if types["patch"] < 2 {
		t.Errorf("the watching tablet got %d patches for 2 moves (messages: %v)", types["patch"], types)
	}

	version := func() int {
		res, err := http.Get(e.http.URL + "/api/tables/" + id)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var s struct {
			Version int `json:"version"`
		}
		json.NewDecoder(res.Body).Decode(&s)
		return s.Version
	}
	v := version()
	var race string
	b.run(watcher, "what it shows", chromedp.Text(`#race`, &race, chromedp.ByQuery))
	// A patch of a version the page does not hold, and one of its version
	// that does not apply (as a server bug would send): neither is shown.
	for i, bogus := range []string{
		`{"type":"patch","base":` + strconv.Itoa(v+5) + `,"version":` + strconv.Itoa(v+6) + `,"patch":[{"op":"replace","path":"/version","value":` + strconv.Itoa(v+6) + `},{"op":"replace","path":"/view/counter","value":9}],"events":[]}`,
		`{"type":"patch","base":` + strconv.Itoa(v) + `,"version":` + strconv.Itoa(v+1) + `,"patch":[{"op":"replace","path":"/view/counter","value":9},{"op":"replace","path":"/view/no such thing/x","value":1}],"events":[]}`,
	} {
		var n int
		b.run(watcher, "a patch that does not fit", chromedp.Evaluate(`(() => { const ws = window.__sockets.at(-1); ws.onmessage(new MessageEvent('message', { data: `+jsString(bogus)+` })); return window.__sockets.length; })()`, &n))
		b.run(watcher, "it reconnects", chromedp.Poll(`window.__sockets.length > `+strconv.Itoa(n)+` && window.__sockets.at(-1).readyState === 1`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
		var now string
		b.run(watcher, "what it shows now", chromedp.Text(`#race`, &now, chromedp.ByQuery))
		if now != race {
			t.Errorf("bogus patch %d changed the screen:\n%s\nwas\n%s", i, now, race)
		}
		b.waitText(watcher, "#status", "live")
	}
	b.run(tablet, "add 2", chromedp.Click(`#add-2`, chromedp.ByQuery))
	b.waitText(watcher, "#log", "the counter is at 5")
	b.run(watcher, "message types", chromedp.Evaluate(`window.__types`, &types))
	if types["patch"] < 3 { // the bogus ones were handed to the page, not received
		t.Errorf("after reconnecting the watching tablet got no more patches: %v", types)
	}
	b.shot(watcher, "patches-watcher.png")
}
