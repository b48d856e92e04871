package web

import (
	"context"
	"strings"
	"time"

	"github.com/chromedp/chromedp"
)

// Checks of what a newcomer sees on any game's table page: the end said
// once, the header's phone chips, a toast read to its end.

// saysOverOutside lists the elements of the table page's main column,
// outside the end panel endSel, whose own text says the game is over: the
// end panel says it, a second box saying it again is one too many.
func saysOverOutside(endSel string) string {
	return `(() => [...document.querySelectorAll('.main *')].filter((e) => e.offsetParent && !e.closest(` + jsQuote(endSel) + `) &&
	  [...e.childNodes].some((n) => n.nodeType === 3 && /game is over/i.test(n.textContent))).map((e) => e.className + ': ' + e.textContent.trim()))()`
}

// jsQuote quotes s as a JavaScript string literal (s has no quotes).
func jsQuote(s string) string { return "'" + s + "'" }

// endSaidOnce fails the test when a box outside the end panel endSel says
// again that the game is over.
func (b *browser) endSaidOnce(ctx context.Context, name, endSel string) {
	b.t.Helper()
	var again []string
	b.run(ctx, name+": the end said once", chromedp.Evaluate(saysOverOutside(endSel), &again))
	if len(again) > 0 {
		b.t.Errorf("%s: besides the end panel, %q says the game is over again", name, again)
	}
}

// phoneChip is the header's chip for seat's phone, as the page shows it.
func (b *browser) phoneChip(ctx context.Context, seat string) string {
	b.t.Helper()
	var s string
	b.run(ctx, "phone chip "+seat, chromedp.Poll(`(() => { const e = document.querySelector('#presence .chip.phone[data-seat="`+seat+`"]'); return e ? e.innerText : false; })()`, &s, chromedp.WithPollingInterval(50*time.Millisecond)))
	return s
}

// toastWhole waits for the toast saying want and fails the test when it
// covers the page below the bar, or when its text cannot be read to its
// end (it was one line ending in an ellipsis on a phone): a notice longer
// than the bar's two lines says "more" and shows whole when tapped.
func (b *browser) toastWhole(ctx context.Context, name, want string) {
	b.t.Helper()
	var r struct {
		Text  string `json:"text"`
		Cut   bool   `json:"cut"`
		More  bool   `json:"more"`
		Below bool   `json:"below"`
	}
	measure := `(() => { const m = document.querySelector('#toast .msg'), t = document.querySelector('#toast');
	  if (!m || !t.classList.contains('show') || !m.textContent.includes(` + jsQuote(want) + `)) return false;
	  const mr = m.getBoundingClientRect(), tr = t.getBoundingClientRect(), br = document.querySelector('#bar').getBoundingClientRect();
	  return {text: m.textContent, more: t.classList.contains('cut') && !t.classList.contains('whole'), below: !t.classList.contains('whole') && tr.bottom > br.bottom + 1,
	    cut: m.scrollHeight > m.clientHeight + 1 || mr.right > innerWidth + 1 || mr.bottom > tr.bottom + 1}; })()`
	b.run(ctx, name+": the toast", chromedp.Poll(measure, &r, chromedp.WithPollingInterval(50*time.Millisecond)))
	if r.Below {
		b.t.Errorf("%s: the toast %q reaches over the page below the bar", name, r.Text)
	}
	if r.More {
		// The player taps "more" to read the rest.
		b.run(ctx, name+": tap the toast", chromedp.Click(`#toast`, chromedp.ByQuery),
			chromedp.Poll(measure, &r, chromedp.WithPollingInterval(50*time.Millisecond)))
	}
	if r.Cut {
		b.t.Errorf("%s: the toast %q is cut: a player cannot read its end", name, r.Text)
	}
	if !strings.Contains(r.Text, want) {
		b.t.Errorf("%s: the toast says %q, want %q", name, r.Text, want)
	}
}
