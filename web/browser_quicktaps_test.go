package web

import (
	"context"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
	"github.com/quartermaster-table/quartermaster/internal/browsertest"
)

// tapBoth taps two visible buttons, found by their words inside within, one
// right after the other in the same moment: the second tap comes before the
// screen has the answer (or the update) of the first, as a quick finger's does.
func tapBoth(b *browsertest.Browser, ctx context.Context, within, first, second string) {
	b.Eval(ctx, "tap "+first+" then "+second, `(() => {
	  const find = (label) => [...document.querySelectorAll(`+browsertest.JS(within)+` + ' button')]
	    .find((e) => e.offsetParent && !e.disabled && e.innerText.trim() === label);
	  const a = find(`+browsertest.JS(first)+`), b = find(`+browsertest.JS(second)+`);
	  if (!a || !b) throw new Error('a button is not there');
	  a.click(); b.click(); return true; })()`, nil)
}

// visibleAlerts counts the refusals on the screen (a refusal is an alert).
const visibleAlerts = `[...document.querySelectorAll('[role=alert]')].filter((e) => e.offsetParent).length`

// TestBrowserQuickTaps: a tap made while the screen still waits for its own
// previous action's answer is applied (the table moved on only by this
// screen's own action), never refused as "someone else acted first" nor
// dropped; the same button tapped twice at once is refused by its rule,
// once, beside the button.
func TestBrowserQuickTaps(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules())
	b := newBrowser(t, e.http.URL)
	// Ann loads her cargo and sets sails in the same moment.
	cr := createScriptTable(t, e)
	tablet := b.hostTablet(cr, browsertest.TabletW, browsertest.TabletH, `#board`)
	b.WaitText(tablet, "#status", "live")
	b.Tap(tablet, ".actions", "Cargo")
	tapBoth(b.Browser, tablet, ".actions", "Load from the Dock tile", "Set sails")
	b.WaitText(tablet, "#log", "Ann sets sails")
	b.WaitText(tablet, "#log", "Ann loads 1 cargo")
	// The button greyed out says why: the sails are set.
	b.WaitText(tablet, "#act-set-sails", "Sails are set")
	b.Shot(tablet, "quicktaps-dr.png")

	// The same button twice at once: the second tap is judged on the table
	// the first made, and refused by the rule, once, beside the button.
	b.Tap(tablet, ".actions", "End turn")
	b.WaitText(tablet, ".actions", "The tablet acts for Ben.")
	tapBoth(b.Browser, tablet, ".actions", "Set sails", "Set sails")
	b.WaitText(tablet, "#log", "Ben sets sails")
	b.WaitText(tablet, ".actions [role=alert]", "Not allowed: You have already set sails this turn (rulebook p.")
	var shown int
	b.Eval(tablet, "refusals shown", visibleAlerts, &shown)
	if shown != 1 {
		t.Errorf("the refusal is shown %d times, want once beside the button:\n%s", shown, b.Text(tablet, ".table-page"))
	}
	b.Shot(tablet, "quicktaps-refused.png")
}
