package web

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
)

// TestBrowserPhysicalCards: a game made with the new-game form keeps the
// cards physical. Ann's phone plays the Captain she holds, which the
// companion never dealt, from "a card from my hand"; Ben lets his phone
// keep his hand by tapping the four cards he holds; Ann's phone and the
// tablet never show them, and his phone then offers exactly those.
func TestBrowserPhysicalCards(t *testing.T) {
	e := newEnv(t, Options{PingInterval: time.Second}, deadreckoning.Rules())
	r := e.do("POST", "/api/tables", `{"rules":"dead-reckoning","seed":4,"form":{"players":[{"name":"Ann","colour":"purple"},{"name":"Ben","colour":"green"}]}}`)
	if r.status != 201 {
		t.Fatalf("create: %d %s", r.status, r.body)
	}
	var cr createResponse
	r.json(t, &cr)
	sess, err := e.mgr.Get(t.Context(), cr.Table)
	if err != nil {
		t.Fatal(err)
	}
	// The start player is drawn with the seed: whoever it is plays.
	first := engine.Seat(0)
	if strings.Contains(string(sess.View(engine.Viewer{Seat: 0}).View), `"turn":{"number":1,"seat":1`) {
		first = 1
	}
	other := 1 - first
	names := []string{"Ann", "Ben"}
	b := newBrowser(t, e.http.URL)

	// The first player's phone: four cards in hand that nobody has entered,
	// the cards to name listed once each by name.
	p1 := b.device(390, 844)
	b.frun(p1, "first phone", chromedp.Navigate(e.http.URL+"/#/p/"+cr.Table+"?pin="+cr.PINs[first]), chromedp.WaitVisible(`#f-card`, chromedp.ByQuery))
	b.fwait(p1, "#f-card", "4 cards in hand")
	b.fwait(p1, "#hand-maybe-title", "A card from my hand")
	var labels []string
	b.frun(p1, "the cards offered", chromedp.Evaluate(`[...document.querySelectorAll('#hand-maybe .olabel')].map((e) => e.innerText)`, &labels))
	if len(labels) != 8 || !strings.Contains(strings.Join(labels, ","), "Crew ×3") || !strings.Contains(strings.Join(labels, ","), "Captain") {
		t.Fatalf("the picker offers %v, want the 8 sailors once each (Crew ×3)", labels)
	}
	b.frun(p1, "play the Captain", tap(`#hand-maybe [data-card="captain"]`), tap(`#act-play`))
	b.fwait(p1, "#log", names[first]+" plays Captain")
	b.fwait(p1, "#f-card", "3 cards in hand")
	var offered []string
	b.frun(p1, "the Captain is no longer offered", chromedp.Evaluate(`[...document.querySelectorAll('#hand-maybe [data-card]')].map((e) => e.dataset.card)`, &offered))
	for _, id := range offered {
		if id == "captain" {
			t.Fatalf("the Captain is still offered from the hand once in play: %v", offered)
		}
	}
	// A card levelled up during one's own turn is refused beside the button.
	b.frun(p1, "level up on one's turn", tap(`#hand-maybe [data-card="purser"]`), tap(`#act-level`))
	b.fwait(p1, "#f-card .refusal", "p. 13")
	b.shot(p1, "cards-phone-play.png")
	panelShot(b, p1, "cards-phone-play-panel.png")

	// The other player's phone keeps their hand: they tap the four cards.
	p2 := b.device(390, 844)
	b.frun(p2, "second phone", chromedp.Navigate(e.http.URL+"/#/p/"+cr.Table+"?pin="+cr.PINs[other]), chromedp.WaitVisible(`#keep-hand`, chromedp.ByQuery))
	b.frun(p2, "open the form", tap(`#keep-hand`), chromedp.WaitVisible(`#keep-form`, chromedp.ByQuery))
	b.fwait(p2, "#keep-form legend", "Enter the 4 cards in your hand")
	keep := func(kind string) chromedp.Action {
		return chromedp.Click(fmt.Sprintf(`#keep-cards [data-keep^="%s|"]`, kind), chromedp.ByQuery)
	}
	b.frun(p2, "tap the cards held", keep("bosun"), keep("crew"), keep("crew"), keep("gunner"))
	b.fwait(p2, "#keep-chosen", "Entered: Bosun, Crew, Crew, Gunner")
	b.shot(p2, "cards-phone-keep.png")
	panelShot(b, p2, "cards-phone-keep-panel.png")
	b.frun(p2, "keep them", tap(`#keep-go`), chromedp.WaitVisible(`#hand-known`, chromedp.ByQuery))
	b.fwait(p2, "#hand-known", "Bosun")
	var kept []string
	b.frun(p2, "the kept hand", chromedp.Evaluate(`[...document.querySelectorAll('#hand-known .olabel')].map((e) => e.innerText)`, &kept))
	if strings.Join(kept, ",") != "Bosun,Crew ×2,Gunner" {
		t.Fatalf("the phone keeps %v", kept)
	}
	var maybe int
	b.frun(p2, "no card left to name", chromedp.Evaluate(`document.querySelectorAll('#hand-maybe, #keep-form').length`, &maybe))
	if maybe != 0 {
		t.Fatal("the phone still offers cards from outside the kept hand")
	}
	b.shot(p2, "cards-phone-kept.png")
	panelShot(b, p2, "cards-phone-kept-panel.png")

	// The first phone and the tablet learn only that the hand was entered.
	b.fwait(p1, "#log", names[other]+" enters 4 cards of their hand")
	tablet := b.device(1024, 768)
	b.frun(tablet, "open as host", chromedp.Navigate(e.http.URL+"/#/"),
		chromedp.Evaluate(`localStorage.setItem('qm.host.`+cr.Table+`', JSON.stringify({token: `+jsString(cr.HostToken)+`}))`, nil),
		chromedp.Navigate(e.http.URL+"/#/t/"+cr.Table), chromedp.WaitVisible(`#f-card`, chromedp.ByQuery))
	b.fwait(tablet, "#log", names[other]+" enters 4 cards of their hand")
	// The tablet cannot see a hand: it offers what may be in the hand of the
	// player whose turn it is, who shows the card.
	b.fwait(tablet, "#hand-maybe-title", "A card from "+names[first]+"’s hand")
	b.fwait(tablet, "#f-card", "3 cards in hand")
	for name, ctx := range map[string]context.Context{"first phone": p1, "tablet": tablet} {
		var page string
		b.frun(ctx, name+" page", chromedp.Evaluate(`document.body.innerText`, &page))
		if strings.Contains(page, "phone keeps") || strings.Contains(page, "Your hand") || strings.Contains(page, "Crew ×2") {
			t.Errorf("the %s shows the kept hand:\n%s", name, page)
		}
	}
	// What the server sends the first phone and the tablet has no hand of
	// the other player in it.
	for _, v := range []engine.Viewer{{Seat: first}, engine.Public} {
		if view := string(sess.View(v).View); strings.Contains(view, `"hand":`) {
			t.Errorf("the view for %v holds a hand: %s", v.Seat, view)
		}
	}
	b.shot(tablet, "cards-tablet.png")
	panelShot(b, tablet, "cards-tablet-panel.png")

	// On their turn the player with the kept hand plays from it; after the
	// cleanup their phone asks for the cards they drew (3: up to 6 in hand).
	b.frun(p1, "end the turn", tap(`#act-end-turn`))
	b.fwait(p2, "#log", names[other]+"'s turn")
	// The player sees the card they tapped lit before they tap Play.
	b.frun(p2, "pick the Bosun", tap(`#hand-known [data-card="bosun"]`),
		chromedp.WaitVisible(`#hand-known [data-card="bosun"][aria-pressed="true"]`, chromedp.ByQuery),
		chromedp.WaitEnabled(`#act-play`, chromedp.ByQuery))
	b.frun(p2, "play the Bosun", tap(`#act-play`))
	b.fwait(p2, "#log", names[other]+" plays Bosun")
	b.fwait(p2, "#f-card", "3 cards in hand")
	b.frun(p2, "end the turn", tap(`#act-end-turn`))
	b.fwait(p2, "#keep-form legend", "Enter the 3 cards you drew")
	b.frun(p2, "tap the cards drawn", keep("captain"), keep("purser"), keep("first-mate"), tap(`#keep-go`))
	b.fwait(p2, "#hand-known", "Captain")
	b.fwait(p2, "#f-card", "6 cards in hand")
	panelShot(b, p2, "cards-phone-drawn-panel.png")
}

// panelShot keeps a screenshot of the card picker alone, at the device's
// size, as an artefact to look at.
func panelShot(b *browser, ctx context.Context, name string) {
	b.t.Helper()
	var png []byte
	b.frun(ctx, "screenshot "+name, chromedp.Screenshot(`#f-card`, &png, chromedp.ByQuery))
	if err := os.WriteFile(filepath.Join(b.arts, name), png, 0o644); err != nil {
		b.t.Error(err)
	}
}
