package web

import (
	"context"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/devices"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
)

// lateHardware is the server's hardware switch, made once the manager it
// needs exists (after the server's options are given).
type lateHardware struct{ sw *companion.HardwareSwitch }

func (l *lateHardware) Use(ctx context.Context, id string) error { return l.sw.Use(ctx, id) }
func (l *lateHardware) Release(id string)                        { l.sw.Release(id) }
func (l *lateHardware) Table() string                            { return l.sw.Table() }

// TestBrowserHardwareSwitchHears: two groups, two tablets. The first host
// takes the tower and camera; when the second host takes them, the first
// tablet hears it on its table's update stream (it no longer asks every
// 10 s): a message in the bar says so and its switch offers them back.
func TestBrowserHardwareSwitchHears(t *testing.T) {
	hw := &lateHardware{}
	e := newEnv(t, Options{PingInterval: time.Second, Hardware: hw}, deadreckoning.Rules())
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	hw.sw = companion.NewHardwareSwitch(ctx, e.mgr, companion.Hardware{}, nil)
	b := newBrowser(t, e.http.URL)

	open := func(name string) context.Context {
		r := e.do("POST", "/api/tables", `{"rules":"dead-reckoning","seed":4,"form":{"players":[{"name":"`+name+`","colour":"purple"},{"name":"Ben","colour":"green"}]}}`)
		if r.status != 201 {
			t.Fatalf("create: %d %s", r.status, r.body)
		}
		var cr createResponse
		r.json(t, &cr)
		tab := b.device(tabletW, tabletH)
		b.frun(tab, "open as host", chromedp.Navigate(e.http.URL+"/#/"),
			chromedp.Evaluate(`localStorage.setItem('qm.host.`+cr.Table+`', JSON.stringify({token: `+jsString(cr.HostToken)+`}))`, nil),
			chromedp.Navigate(e.http.URL+"/#/t/"+cr.Table), chromedp.WaitVisible(`#hardware-use`, chromedp.ByQuery))
		return tab
	}
	first := open("Ann")
	b.frun(first, "the first host takes them", tap(`#hardware-use`), chromedp.WaitVisible(`#hardware-here`, chromedp.ByQuery))
	second := open("Cy")
	b.frun(second, "the second host takes them", tap(`#hardware-use`), chromedp.WaitVisible(`#hardware-here`, chromedp.ByQuery))
	// The button beside says what it does in words ("Free them" left a
	// newcomer guessing what would be freed and for whom).
	b.fwait(second, "#hardware-release", "Let another table use them")
	b.fwait(first, "#toast.show", "The tower and camera went to another table.")
	b.frun(first, "the first switch offers them back", chromedp.WaitVisible(`#hardware-use`, chromedp.ByQuery))
	b.shot(first, "hardware-went.png")
	var toastTop, barBottom float64
	b.frun(first, "where the message is", chromedp.Evaluate(`document.querySelector('#toast').getBoundingClientRect().top`, &toastTop),
		chromedp.Evaluate(`document.querySelector('#bar').getBoundingClientRect().bottom`, &barBottom))
	if toastTop < 0 || toastTop >= barBottom {
		t.Errorf("the message is at y=%v, outside the bar (which ends at y=%v)", toastTop, barBottom)
	}
}

// TestBrowserNextGameTakesTheTower: a group plays a game on its tablet (the
// tower and camera serve it), then starts its next game from the same
// tablet's form: the tower and camera go to the new game (they stayed on the
// old one, and a drop through the tower went to a game nobody played).
func TestBrowserNextGameTakesTheTower(t *testing.T) {
	hw := &lateHardware{}
	e := newEnv(t, Options{PingInterval: time.Second, Hardware: hw, Sim: simPanel{devices.NewSim()}}, deadreckoning.Rules())
	ctx, cancel := context.WithCancel(context.Background())
	t.Cleanup(cancel)
	hw.sw = companion.NewHardwareSwitch(ctx, e.mgr, companion.Hardware{}, nil)
	b := newBrowser(t, e.http.URL)
	tab := b.device(tabletW, tabletH)
	start := func(name string) string {
		b.frun(tab, "new game", chromedp.Navigate(e.http.URL+"/#/new"), chromedp.WaitVisible(`#create`, chromedp.ByQuery))
		b.Fill(tab, "body", "Name of seat 1", name)
		b.Fill(tab, "body", "Name of seat 2", "Ben")
		b.Tap(tab, "body", "Start the game")
		b.frun(tab, "the table", chromedp.WaitVisible(`#hardware-here`, chromedp.ByQuery))
		var id string
		b.frun(tab, "its id", chromedp.Evaluate(`location.hash.split('/')[2]`, &id))
		return id
	}
	first := start("Ann")
	if hw.Table() != first {
		t.Fatalf("the first game's tower serves %q, want %q", hw.Table(), first)
	}
	second := start("Cy")
	b.shot(tab, "next-game-tower.png")
	if hw.Table() != second {
		t.Errorf("after the next game was started on the same tablet the tower serves %q, want the new game %q", hw.Table(), second)
	}
	// The Devices page says which game its buttons act on.
	b.frun(tab, "devices", chromedp.Navigate(e.http.URL+"/#/dev"), chromedp.WaitVisible(`.device`, chromedp.ByQuery))
	b.fwait(tab, "#dev-served", "acts on the game the tower and camera serve: Dead Reckoning · Cy, Ben")
	b.shot(tab, "devices-served.png")
}
