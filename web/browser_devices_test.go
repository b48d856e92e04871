package web

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/quartermaster-table/quartermaster/devices"
)

// simPanel shows the devices' own simulators on the Devices page, as
// serve --sim does (tablehw.SimControls, which imports this package).
type simPanel struct{ sim *devices.Sim }

func (p simPanel) Devices(context.Context) ([]SimDevice, error) {
	var out []SimDevice
	for _, d := range p.sim.Devices() {
		out = append(out, SimDevice{Key: d.Key, Label: d.Label, Commands: d.Commands, State: d.State})
	}
	return out, nil
}

func (p simPanel) Do(_ context.Context, key, command string) (string, error) {
	return p.sim.Do(key, command)
}

// TestBrowserDevicesPage: a table owner opens Devices. Each device says
// what it is and whether it works, in words, with no simulator command or
// key on the page; before a game is started here the controls are off and
// the page says why. With a game, "Test" on the card reader says it works;
// the display unplugged says so, and its test fails in words; a seat's
// button is pressed. On a phone the page fits the screen.
func TestBrowserDevicesPage(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second, Sim: simPanel{devices.NewSim()}})
	b := newBrowser(t, e.http.URL)
	tablet := b.device(1024, 768)
	b.run(tablet, "devices", chromedp.Navigate(e.http.URL+"/#/dev"), chromedp.WaitVisible(`.device`, chromedp.ByQuery))
	b.waitText(tablet, "#dev-no-table", "Start a game on this tablet first")
	if b.Has(tablet, ".devices", "Test") {
		t.Error("the devices' buttons work before a game is started on this tablet (the server refuses them)")
	}
	page := b.Text(tablet, "#app")
	for _, raw := range []string{"long-press", "drop-stuck", "tap next", "button-1", "rfid", "drop 3", "LED strip: off", "display: "} {
		if strings.Contains(page, raw) {
			t.Errorf("the Devices page shows the simulator's %q:\n%s", raw, page)
		}
	}
	for _, want := range []string{"Card reader", "reads a stickered card", "✓ Works", "Plugged in"} {
		if !strings.Contains(page, want) {
			t.Errorf("the Devices page does not say %q:\n%s", want, page)
		}
	}
	b.shot(tablet, "devices-no-table.png")

	// A game started on this tablet: the devices act on its table.
	cr := e.create()
	b.run(tablet, "host a table", chromedp.Evaluate(`localStorage.setItem('qm.host.`+cr.Table+`', JSON.stringify({token: `+jsString(cr.HostToken)+`}))`, nil),
		chromedp.Reload(), chromedp.WaitVisible(`.device`, chromedp.ByQuery))
	b.Tap(tablet, `[data-device="rfid"]`, "Test")
	b.waitText(tablet, "#devlog", "Card reader: it answers: it works.")
	b.Tap(tablet, `[data-device="display"]`, "Unplug it")
	b.waitText(tablet, `[data-device="display"] .devstate`, "✕ Not connected")
	b.Tap(tablet, `[data-device="display"]`, "Test")
	b.waitText(tablet, `[data-device="display"] .devsaid.bad`, "Tower display: the test failed: it is unplugged: the table works without it")
	b.Tap(tablet, `[data-device="button-1"]`, "Press")
	b.waitText(tablet, "#devlog", "Seat 1's button: Press: done.")
	b.shot(tablet, "devices.png")

	phone := b.device(390, 844)
	var wide int
	b.run(phone, "devices on a phone", chromedp.Navigate(e.http.URL+"/#/dev"), chromedp.WaitVisible(`.device`, chromedp.ByQuery),
		chromedp.Evaluate(`document.documentElement.scrollWidth`, &wide))
	b.shot(phone, "devices-phone.png")
	if wide > 390 {
		t.Errorf("the Devices page is %d px wide on a 390 px phone", wide)
	}
}
