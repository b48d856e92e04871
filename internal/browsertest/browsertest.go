// Package browsertest drives headless Chromium for the browser journeys:
// one browser process per device (its own profile, as separate tablets and
// phones have), at the device's real size, with helpers that tap and read
// what a person sees (button and heading text) rather than internal ids.
//
// It is a library for tests only; nothing in the program imports it.
package browsertest

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// Device sizes of the journeys: a 10-inch tablet lying on the table and a
// common phone held upright (CSS pixels).
const (
	TabletW, TabletH = 1024, 768
	PhoneW, PhoneH   = 390, 844
)

// Chromium returns the browser to drive: $QM_CHROMIUM, or chromium on the
// PATH. The test is skipped, saying why, when there is none.
func Chromium(t testing.TB) string {
	t.Helper()
	if p := os.Getenv("QM_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	t.Skip("browser journeys skipped: no Chromium found (install Debian's chromium, or set QM_CHROMIUM)")
	return ""
}

// Browser starts the devices of one test and keeps their screenshots.
type Browser struct {
	t    testing.TB
	path string
	// Arts is where screenshots go: $QM_ARTEFACTS, else web-artefacts in
	// the system's temp directory (the same place as the web package's).
	Arts string
	// Timeout bounds each Run (10 s unless changed).
	Timeout time.Duration
}

// New returns a Browser for t (skipping t when there is no Chromium).
func New(t testing.TB) *Browser {
	path := Chromium(t)
	arts := os.Getenv("QM_ARTEFACTS")
	if arts == "" {
		arts = filepath.Join(os.TempDir(), "web-artefacts")
	}
	if err := os.MkdirAll(arts, 0o755); err != nil {
		t.Fatal(err)
	}
	return &Browser{t: t, path: path, Arts: arts, Timeout: 10 * time.Second}
}

// Device starts one browser with a w x h window (a tablet or a phone); it
// is closed when the test ends.
func (b *Browser) Device(w, h int) context.Context {
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(b.path),
		chromedp.NoSandbox, // CI runs as root
		chromedp.DisableGPU,
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-quic", true),
		chromedp.NoFirstRun,
		chromedp.WindowSize(w, h),
		// Chromium takes seconds to start on a loaded two-core machine;
		// chromedp's 20 s default failed a journey there.
		chromedp.WSURLReadTimeout(90*time.Second),
	)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	b.t.Cleanup(func() { cancel(); acancel() })
	if err := chromedp.Run(ctx, chromedp.EmulateViewport(int64(w), int64(h))); err != nil {
		b.t.Fatalf("starting Chromium (%s): %v", b.path, err)
	}
	return ctx
}

// Run runs actions within the Timeout, failing the test with what was
// being done and the start of the page's text.
func (b *Browser) Run(ctx context.Context, what string, actions ...chromedp.Action) {
	b.t.Helper()
	tctx, cancel := context.WithTimeout(ctx, b.Timeout)
	defer cancel()
	if err := chromedp.Run(tctx, actions...); err != nil {
		b.t.Fatalf("%s: %v\npage text:\n%s", what, err, b.Text(ctx, "body"))
	}
}

// Text is the visible text of the first element sel matches ("" when none).
func (b *Browser) Text(ctx context.Context, sel string) string {
	var s string
	tctx, cancel := context.WithTimeout(ctx, 3*time.Second)
	defer cancel()
	_ = chromedp.Run(tctx, chromedp.Evaluate(`(() => { const e = document.querySelector(`+JS(sel)+`); return e ? (e.innerText || '').slice(0, 3000) : ''; })()`, &s))
	return s
}

// Shot saves a full-page screenshot named name in Arts.
func (b *Browser) Shot(ctx context.Context, name string) {
	b.t.Helper()
	var png []byte
	// Quality 100 makes a PNG; below 100 chromedp writes a JPEG.
	// From the top of the page, as it is laid out: a bar that stays at the
	// top of the screen as the page scrolls is then where it belongs.
	var y float64
	b.Run(ctx, "screenshot "+name, chromedp.Evaluate(`(() => { const y = scrollY; scrollTo(0, 0); return y; })()`, &y),
		chromedp.FullScreenshot(&png, 100),
		// Back where the page was (y is known once the first step ran).
		chromedp.ActionFunc(func(ctx context.Context) error {
			return chromedp.Poll(fmt.Sprintf(`(scrollTo(0, %f), Math.abs(scrollY - %f) < 1)`, y, y), nil, chromedp.WithPollingInterval(20*time.Millisecond)).Do(ctx)
		}))
	if err := os.WriteFile(filepath.Join(b.Arts, name), png, 0o644); err != nil {
		b.t.Error(err)
	}
}

// WaitText waits until the element sel matches shows want.
func (b *Browser) WaitText(ctx context.Context, sel, want string) {
	b.t.Helper()
	js := `(() => { const e = document.querySelector(` + JS(sel) + `); return !!e && (e.innerText || '').includes(` + JS(want) + `); })()`
	b.Run(ctx, "waiting for "+sel+" to say "+want, chromedp.Poll(js, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
}

// findButton is a script returning the first visible, enabled button or
// link whose text (or title) contains the label, searched inside the
// element `within` matches; an exact match wins over a partial one.
func findButton(within, label string) string {
	return `(() => { const root = document.querySelector(` + JS(within) + `); if (!root) return null;
	  const want = ` + JS(label) + `.toLowerCase();
	  const all = [...root.querySelectorAll('button, a, [role=button], input[type=submit], summary')]
	    .filter((e) => e.offsetParent && !e.disabled);
	  const text = (e) => (e.innerText || e.value || e.title || '').trim().toLowerCase();
	  return all.find((e) => text(e) === want) || all.find((e) => text(e).includes(want)) || null; })()`
}

// Tap waits for a visible, enabled button whose text contains label inside
// within (a CSS selector; "body" for the whole page), scrolls it into view
// and clicks it, as a finger would.
func (b *Browser) Tap(ctx context.Context, within, label string) {
	b.t.Helper()
	find := findButton(within, label)
	b.Run(ctx, "tap "+label, chromedp.Poll(find+` !== null`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.Evaluate(`(() => { const e = `+find+`; e.scrollIntoView({block: 'center'}); e.click(); return true; })()`, nil))
}

// Has says whether a visible button with that label is inside within now.
func (b *Browser) Has(ctx context.Context, within, label string) bool {
	var ok bool
	_ = chromedp.Run(ctx, chromedp.Evaluate(findButton(within, label)+` !== null`, &ok))
	return ok
}

// Fill types value into the visible field whose label text contains label
// (a <label> around or for the field, its aria-label or its placeholder),
// replacing what
// was there, with input events as typing makes. For a list it picks the
// option whose text contains value, waiting until the list offers it.
func (b *Browser) Fill(ctx context.Context, within, label, value string) {
	b.t.Helper()
	find := `(() => { const root = document.querySelector(` + JS(within) + `); if (!root) return null;
	  const want = ` + JS(label) + `.toLowerCase();
	  for (const f of root.querySelectorAll('input, textarea, select')) {
	    if (!f.offsetParent) continue;
	    const lab = f.closest('label') || (f.id && root.querySelector('label[for="' + f.id + '"]'));
	    // The label's own words, without the options of a select inside it.
	    const own = lab ? [...lab.childNodes].filter((n) => !(n.nodeType === 1 && /^(INPUT|SELECT|TEXTAREA)$/.test(n.tagName))).map((n) => n.textContent).join(' ') : '';
	    const names = [own, f.getAttribute('aria-label'), f.placeholder].filter(Boolean).map((x) => x.toLowerCase());
	    if (!names.some((x) => x.includes(want))) continue;
	    // A list offers the value only once it has it (options may load).
	    if (f.tagName === 'SELECT' && ![...f.options].some((o) => o.text.toLowerCase().includes(` + JS(strings.ToLower(value)) + `) || o.value === ` + JS(value) + `)) continue;
	    return f;
	  }
	  return null; })()`
	b.Run(ctx, "fill "+label, chromedp.Poll(find+` !== null`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.Evaluate(`(() => { const f = `+find+`; f.scrollIntoView({block: 'center'}); f.focus();
		  if (f.tagName === 'SELECT') { const o = [...f.options].find((o) => o.text.toLowerCase().includes(`+JS(value)+`.toLowerCase()) || o.value === `+JS(value)+`); if (o) f.value = o.value; }
		  else { const set = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(f), 'value').set; set.call(f, `+JS(value)+`); }
		  f.dispatchEvent(new Event('input', {bubbles: true})); f.dispatchEvent(new Event('change', {bubbles: true})); return true; })()`, nil))
}

// Eval evaluates a script in the page into out (nil to ignore).
func (b *Browser) Eval(ctx context.Context, what, script string, out any) {
	b.t.Helper()
	b.Run(ctx, what, chromedp.Evaluate(script, out))
}

// JS quotes s as a JavaScript string literal.
func JS(s string) string { q, _ := json.Marshal(s); return string(q) }

// Check ticks (or unticks, when on is false) the visible checkbox whose
// label contains label inside within, with a tap, as a finger would.
func (b *Browser) Check(ctx context.Context, within, label string, on bool) {
	b.t.Helper()
	find := `(() => { const root = document.querySelector(` + JS(within) + `); if (!root) return null;
	  const want = ` + JS(label) + `.toLowerCase();
	  return [...root.querySelectorAll('input[type=checkbox]')].find((f) => { const lab = f.closest('label') || (f.id && root.querySelector('label[for="' + f.id + '"]'));
	    return lab && lab.offsetParent && lab.innerText.toLowerCase().includes(want); }) || null; })()`
	b.Run(ctx, "tick "+label, chromedp.Poll(find+` !== null`, nil, chromedp.WithPollingInterval(50*time.Millisecond)),
		chromedp.Evaluate(`(() => { const f = `+find+`; if (f.checked !== `+map[bool]string{true: "true", false: "false"}[on]+`) { f.scrollIntoView({block: 'center'}); f.click(); } return true; })()`, nil))
}
