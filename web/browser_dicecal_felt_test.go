package web

import (
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine/merchants"
)

// TestJourneyDiceCalibrationDieLikeFloor: the tray's floor is a blue felt,
// the colour of the game's printed die. The host opens the dice tray's
// page on the 1024x768 tablet and taps Read for the die's first face: the
// camera sees only the die's print, and the page says so beside that
// face's button, in words (the die is nearly the floor's colour, and what
// to do), instead of only that no die is seen. Nothing is learned.
func TestJourneyDiceCalibrationDieLikeFloor(t *testing.T) {
	if StartTrayCameraOnFelt == nil {
		t.Skip("this journey calibrates the simulated camera's tray, which needs OpenCV (cgo)")
	}
	cam := &simCamera{}
	// The simulated printed die's blue (synth's default set), as a felt.
	parts, calibrator := StartTrayCameraOnFelt(t, 245, cam.expects, [3]float64{0.12, 0.24, 0.47})
	cam.parts = parts
	o := cam.options(Options{PingInterval: time.Second})
	o.Calibrator = calibrator
	e := newEnv(t, o, merchants.Rules())
	cr := createMerchants(t, e)
	cam.serve(t, e, cr.Table)

	b := newBrowser(t, e.http.URL)
	tablet := b.scoutForARoll(cr)

	b.run(tablet, "open the dice tray", chromedp.Click(`#dice-tray-link`, chromedp.ByQuery), chromedp.WaitVisible(`#tray-overlay`, chromedp.ByQuery))
	b.waitText(tablet, `.teachdie[data-die="test"] [data-role="prompt"]`, "with “skull”")
	b.run(tablet, "read the first face", chromedp.Click(`.teachdie[data-die="test"] li[data-face="0"] [data-act="read-face"]`, chromedp.ByQuery))
	b.waitText(tablet, `.teachdie[data-die="test"] li[data-face="0"] .faceerr`, "The camera sees the print of the test die but not the die: the die is nearly the colour of the tray's floor")
	b.waitText(tablet, `.teachdie[data-die="test"] li[data-face="0"] .faceerr`, "Cover the tray's floor with a cloth or card of another colour")
	var shown, learned bool
	b.run(tablet, "the refusal in view", chromedp.Evaluate(`(() => { const r = document.querySelector('.teachdie[data-die="test"] li[data-face="0"] .faceerr').getBoundingClientRect(); return r.top >= 0 && r.bottom <= window.innerHeight && r.height > 0; })()`, &shown),
		chromedp.Evaluate(`!!document.querySelector('.teachdie[data-die="test"] li.learned')`, &learned))
	if !shown {
		t.Error("the refusal is not in view beside the face's button")
	}
	if learned {
		t.Error("a face is shown learned after the refusal")
	}
	b.shot(tablet, "dicecal-die-like-floor.png")
}
