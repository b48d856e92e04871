package journey

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	bt "github.com/quartermaster-table/quartermaster/internal/browsertest"
)

// dr2pCatalog writes the made-up catalog of the two-player journey (test
// data, not the printed game's values), as an owner would share it: nine
// islands, a Row 1 "Test Treasure" whose two abilities fill the Treasure
// chest and the Dock tile (so Capitalist and Master Merchant come in one
// turn once the card is played again), plain Row 1 cards, and a Merchant
// ship for each row that lies on the boards explored. The achievements'
// values are made up too.
func dr2pCatalog(t *testing.T) string {
	t.Helper()
	var islands, cards []string
	for i := 1; i <= 9; i++ {
		islands = append(islands, fmt.Sprintf(`{"id":"test-isle-%d","name":"Test Isle %d","slots":4,"values":[6,5,4],"cargo":2,"coins":1}`, i, i))
	}
	cards = append(cards, `{"id":"test-treasure","name":"Test Treasure","row":1,"slot":"top","cost":0,"abilities":[`+
		`{"options":[{"effects":[{"kind":"gain-coins","n":15,"to":"dock"}]}]},`+
		`{"options":[{"effects":[{"kind":"gain-cargo","n":12,"to":"dock"}]}]}]}`)
	for i := 2; i <= 3; i++ {
		cards = append(cards, fmt.Sprintf(`{"id":"test-card-%d","name":"Test Card %d","row":1,"slot":"middle","cost":1,"abilities":[{"options":[{"effects":[{"kind":"gain-cargo","n":1,"to":"dock"}]}]}]}`, i, i))
	}
	for row := 1; row <= 4; row++ {
		for k := 1; k <= 3; k++ {
			cards = append(cards, fmt.Sprintf(`{"id":"test-merchant-%d%d","name":"Test Merchant %d%d","row":%d,"slot":"bottom","cost":3,"encounter":true,"abilities":[{"options":[{"effects":[{"kind":"gain-cargo","n":1,"to":"dock"}]}]}]}`, row, k, row, k, row))
		}
	}
	values := `{"legendary":7,"expert-sailors":7,"terror-of-the-sea":5,"builder":6,"capitalist":4,"settler":6,"elite-vessel":5,"explorer":3,"master-merchant":4}`
	p := filepath.Join(t.TempDir(), "catalog-dead-reckoning-2p.json")
	body := `{"achievementValues":` + values + `,"islands":[` + strings.Join(islands, ",") + `],"advancements":[` + strings.Join(cards, ",") + `]}`
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// table2p is the two-player journey's table: the server, the devices and
// what the test has learnt (the host's token, the PINs).
type table2p struct {
	t      *testing.T
	s      *server
	b      *bt.Browser
	tablet context.Context
	id     string
	token  string
	ann    player
	ben    player
	pins   map[string]string
}

// screens are the three screens with the name used in failures.
func (g *table2p) screens() []struct {
	name string
	ctx  context.Context
} {
	return []struct {
		name string
		ctx  context.Context
	}{{"the tablet", g.tablet}, {"Ann's phone", g.ann.phone}, {"Ben's phone", g.ben.phone}}
}

// checkScreens checks that nothing private shows where it must not: a PIN
// on any screen once hidden, a player's hand form on the other's phone or
// on the shared tablet, and at most one camera connection per page (an
// element showing the camera's stream holds one open).
func (g *table2p) checkScreens(when string) {
	g.t.Helper()
	for _, sc := range g.screens() {
		for who, pin := range g.pins {
			if g.count(sc.ctx, pin) > 0 {
				g.t.Errorf("%s: %s shows %s's PIN %s", when, sc.name, who, pin)
			}
		}
		var n int
		g.b.Eval(sc.ctx, "camera connections", `[...document.querySelectorAll('[src]')].filter((e) => String(e.src).includes('/api/camera.mjpg')).length`, &n)
		if n > 1 {
			g.t.Errorf("%s: %s keeps %d camera connections", when, sc.name, n)
		}
		// Nothing overflows sideways: the page is no wider than the screen.
		var wide string
		g.b.Eval(sc.ctx, "overflow", `(() => {
			const w = document.documentElement.clientWidth, sw = document.documentElement.scrollWidth;
			const over = (e) => e && e.getBoundingClientRect && e.getBoundingClientRect().right > w + 1;
			const e = sw > w + 1 ? [...document.querySelectorAll('body *')].find((e) => over(e) && e.offsetParent && !over(e.parentElement)) : null;
			const out = sw > w + 1 ? sw + ' px wide: ' + (e ? e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') + '.' + e.className + ' ' + (e.innerText || '').slice(0, 60) : '') : '';
			return out; })()`, &wide)
		if wide != "" {
			g.t.Errorf("%s: %s overflows sideways: %s", when, sc.name, wide)
		}
	}
	// A Treasure chest is secret (p. 22): only its player's phone says
	// what is in it.
	if n := g.count(g.tablet, "Your chest"); n > 0 {
		g.t.Errorf("%s: the shared tablet shows a player's chest", when)
	}
	for _, p := range []player{g.ann, g.ben} {
		if n := g.count(p.phone, "Your chest"); n != 1 {
			g.t.Errorf("%s: %s's phone shows %d chests, want only their own", when, p.name, n)
		}
	}
	// The hand is the phone's own: the other phone and the tablet show no
	// "play a card from your hand" for someone else.
	var benHand string
	g.b.Eval(g.ben.phone, "Ben's hand form", `(() => { const e = document.querySelector('#f-card'); return e ? e.innerText : ''; })()`, &benHand)
	if strings.Contains(benHand, "Ann") {
		g.t.Errorf("%s: Ben's phone shows Ann's hand: %q", when, benHand)
	}
}

// count is how many times a screen's whole text shows s.
func (g *table2p) count(ctx context.Context, s string) int {
	g.t.Helper()
	var n int
	g.b.Eval(ctx, "count "+s, `document.body.innerText.split(`+bt.JS(s)+`).length - 1`, &n)
	return n
}

// shot takes one screenshot of a screen.
func (g *table2p) shot(ctx context.Context, name string) {
	g.t.Helper()
	g.b.Shot(ctx, "journey-dr2-"+name+".png")
}

// waitTurn waits until every screen says whose turn it is.
func (g *table2p) waitTurn(p player) {
	g.t.Helper()
	g.b.WaitText(g.tablet, ".topbar .title", p.name)
	other := g.ben
	if p.name == "Ben" {
		other = g.ann
	}
	g.b.WaitText(other.phone, "#off-turn", "It is "+p.name+"’s turn")
	if g.b.Has(other.phone, "body", "End turn") {
		g.t.Errorf("%s's phone offers End turn during %s's turn", other.name, p.name)
	}
}

// play plays one card from the player's hand on their phone, as they lay
// the real card on the table.
func (g *table2p) play(p player, card string) {
	g.t.Helper()
	line := p.name + " plays " + card + " "
	count := `(document.querySelector('#log').innerText.split(` + bt.JS(line) + `).length - 1)`
	var before int
	g.b.Eval(p.phone, "the log", count, &before)
	g.b.Tap(p.phone, "#f-card", card)
	g.b.Tap(p.phone, "#f-card", "Play it")
	g.b.Run(p.phone, "wait for "+line, chromedp.Poll(count+` > `+fmt.Sprint(before), nil, chromedp.WithPollingInterval(50*time.Millisecond)))
}

// setSails sets the player's sails on their phone.
func (g *table2p) setSails(p player) {
	g.t.Helper()
	g.b.Tap(p.phone, "body", "Set sails")
	g.b.Run(p.phone, "the sails set", chromedp.WaitVisible(`#act-set-sails[disabled]`, chromedp.ByQuery))
}

// move sails the player's ship onto the board at pos (one step).
func (g *table2p) move(p player, pos, where string) {
	g.t.Helper()
	g.b.Tap(p.phone, "body", "Move")
	g.b.Run(p.phone, "tap "+where, chromedp.Click(`[data-pos="`+pos+`"]`, chromedp.ByQuery))
	g.b.Tap(p.phone, "body", "Sail")
	g.b.WaitText(p.phone, "#log", p.name+" sails to "+where)
}

// explore enters what the face-down board the ship stopped on shows, on the
// player's phone: an island and the card put on it, picked by name.
func (g *table2p) explore(p player, island, card string) {
	g.t.Helper()
	g.b.WaitText(p.phone, "#board-entry legend", "Explore the board")
	g.b.Fill(p.phone, "#board-entry", "Island", island)
	g.b.Fill(p.phone, "#board-entry", "Card put on it", card)
	g.b.Tap(p.phone, "#board-entry", "Enter the board")
	g.b.WaitText(p.phone, "#log", p.name+" explores")
	g.b.WaitText(g.tablet, "#log", island)
}

// endTurn ends the player's turn on their phone, sleeving what they gained
// into a card played (sleeve: the card's printed name, "" for none).
func (g *table2p) endTurn(p player, sleeve string) {
	g.t.Helper()
	if sleeve != "" {
		g.b.Tap(p.phone, "#f-sleeves", sleeve)
	}
	g.b.Tap(p.phone, "body", "End turn")
}

// attackMerchant attacks the Merchant ship lying where the player's ship
// is, entering its back (made-up: no black cubes), and fights the battle
// through the simulated tower and camera.
func (g *table2p) attackMerchant(p player, merchant string, correct func()) {
	g.t.Helper()
	g.b.Tap(p.phone, "body", "Merchant ship")
	g.b.Tap(p.phone, "#f-buy", "Attack")
	g.b.Fill(p.phone, "#f-buy", "Name", merchant)
	g.b.Tap(p.phone, "#f-buy", "Attack the Merchant ship")
	g.b.WaitText(g.tablet, "#battle", p.name)
	g.b.WaitText(p.phone, "#battle", merchant)
	// The other phone watches the battle and has nothing to do in it.
	other := g.ben
	if p.name == "Ben" {
		other = g.ann
	}
	g.b.WaitText(other.phone, "#battle", merchant)
	var steps int
	g.b.Eval(other.phone, "the battle's controls", `[...document.querySelectorAll('[id^="bs-"]')].filter((e) => e.offsetParent).length`, &steps)
	if steps > 0 {
		g.t.Errorf("%s's phone offers %d controls in %s's battle", other.name, steps, p.name)
	}
	g.battle(p, correct)
}

// cubeInExplodingZone corrects the camera's read by hand on the tablet:
// Ann's one cube lies in the exploding zone (the board's picture: clear
// it, pick purple, tap the zone), and says what the camera got wrong.
func (g *table2p) cubeInExplodingZone() {
	g.t.Helper()
	b := g.b
	b.Tap(g.tablet, ".readprompt", "Correct by hand")
	b.Tap(g.tablet, ".readprompt", "Clear the board")
	b.Tap(g.tablet, ".readprompt #read-grid", "purple")
	b.Tap(g.tablet, ".readprompt #read-grid", "exploding shot")
	b.Run(g.tablet, "the cube drawn in the zone", chromedp.Poll(`(() => { const i = document.querySelector('.readprompt input[data-zone="explode"][data-colour="purple"]'); return !!i && i.value === '1'; })()`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	b.Fill(g.tablet, ".readprompt", "What did the camera get wrong?", "Ann's cube lies in the exploding zone")
	g.shot(g.tablet, "correction")
	b.Tap(g.tablet, ".readprompt", "Apply the correction")
	b.WaitText(g.tablet, "#log", "Corrected: Ann's cube lies in the exploding zone")
	// The exploding shot: the cube and one more are dropped again, and
	// every screen says so.
	b.WaitText(g.tablet, "#expects", "exploding")
	b.WaitText(g.ann.phone, "#battle", "Exploding shot")
	g.shot(g.ann.phone, "exploding-shot")
}

// battle drives the current battle to its end on the screens players use:
// the attacker's cannons and the defence, the drop through the simulated
// tower, the camera's read confirmed, passes, plunder. correct, if not nil,
// is called once when the camera's read is proposed, instead of a plain
// confirmation.
func (g *table2p) battle(att player, correct func()) {
	g.t.Helper()
	wins := `(document.querySelector('#log').innerText.match(/^battle at .*: .* wins$/gim) || []).length`
	var before int
	g.b.Eval(g.tablet, "the battles won so far", wins, &before)
	// The battle panel shows the camera's picture of the still board (a
	// browser shows a streamed picture only once the next begins, so a
	// still board used to stay blank until the cubes fell).
	g.b.Run(g.tablet, "the camera's picture of the still board", chromedp.Poll(
		`(() => { const i = document.querySelector('#battle img.camera'); return !!i && i.naturalWidth > 0; })()`,
		nil, chromedp.WithPollingInterval(100*time.Millisecond)))
	step := `(() => {
		const has = (id) => { const e = document.querySelector(id); return !!e && !!e.offsetParent && !e.disabled; };
		if (has('#bs-cannons')) return 'cannons';
		if (has('#bs-defend-go')) return 'defend';
		const rp = document.querySelector('.readprompt'); if (rp && rp.offsetParent && rp.innerText.includes('Confirm the read')) return 'read';
		if (has('#bs-pass')) return 'pass';
		const pl = [...document.querySelectorAll('[id^="bs-plunder-"]')].find((e) => e.offsetParent); if (pl) return 'plunder:' + pl.id;
		const ex = document.querySelector('#expects'); if (ex && ex.innerText.includes('drop')) return 'drop:' + ex.innerText;
		return 'wait';
	})()`
	deadline := time.Now().Add(90 * time.Second)
	for time.Now().Before(deadline) {
		var n int
		g.b.Eval(g.tablet, "the battles won", wins, &n)
		if n > before {
			// The attacker sees the battle end on their phone before
			// going on with the turn.
			g.b.Run(att.phone, "the battle's end on "+att.name+"'s phone", chromedp.Poll(wins+` > `+fmt.Sprint(before), nil, chromedp.WithPollingInterval(50*time.Millisecond)))
			return
		}
		// The tablet acts for anyone; a step it does not show is on the
		// attacker's phone.
		on := g.tablet
		var state string
		g.b.Eval(g.tablet, "the battle's step", step, &state)
		if state == "wait" {
			g.b.Eval(att.phone, "the battle's step on "+att.name+"'s phone", step, &state)
			if state != "wait" && !strings.HasPrefix(state, "drop:") {
				on = att.phone
			}
		}
		switch {
		case state == "cannons":
			g.b.Tap(on, "body", "Take the cubes")
		case state == "defend":
			g.b.Tap(on, "body", "Defend")
		case state == "read":
			if correct != nil {
				correct()
				correct = nil
			} else {
				g.b.Tap(on, ".readprompt", "Confirm the read")
			}
		case state == "pass":
			g.b.Tap(on, "body", "Pass")
		case strings.HasPrefix(state, "plunder:"):
			g.b.Run(on, "place the plunder", chromedp.Click("#"+strings.TrimPrefix(state, "plunder:"), chromedp.ByQuery))
		case strings.HasPrefix(state, "drop:"):
			g.drop(state)
			// The drop is done once the table asks for something else or
			// the camera's read is proposed.
			ask := strings.TrimPrefix(state, "drop:")
			g.b.Run(g.tablet, "the drop seen", chromedp.Poll(`(() => { const ex = document.querySelector('#expects'); const rp = document.querySelector('.readprompt');
				return (rp && rp.offsetParent && rp.innerText.includes('Confirm the read')) || !ex || ex.innerText !== `+bt.JS(ask)+`; })()`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
		}
		time.Sleep(200 * time.Millisecond)
	}
	g.t.Fatalf("the battle did not end in 90 s; the tablet shows:\n%s\n\nit expects: %s\nthe read: %s\nthe log: %s", g.b.Text(g.tablet, "#battle"),
		g.b.Text(g.tablet, "#expects"), g.b.Text(g.tablet, ".readprompt"), g.b.Text(g.tablet, "#log"))
}

// cubesAsked finds "2 purple" in what the table asks to drop.
var cubesAsked = regexp.MustCompile(`(\d+) (?:purple|green|blue|orange|red|yellow|black)\b`)

// drop drops into the simulated tower as many cubes as the table asks for.
func (g *table2p) drop(what string) {
	g.t.Helper()
	n := 0
	for _, m := range cubesAsked.FindAllStringSubmatch(what, -1) {
		k, _ := strconv.Atoi(m[1])
		n += k
	}
	if n == 0 {
		g.t.Fatalf("the table asks for no cubes to drop: %q", what)
	}
	simDevice(g.t, g.s, g.token, "/api/sim?table="+g.id, fmt.Sprintf(`{"key":"drop-sensor","command":"drop %d"}`, n))
}

// TestJourneyDeadReckoning2p: two players sit down with `make run` and play
// a whole game to the final score, on a tablet and two phones. The owner
// imports their catalog (made-up test values) on its page; the host starts
// the game on the tablet and enters the three boards beside the Harbor;
// Ann and Ben open their phones with the PIN the tablet shows each alone.
// Ann takes the Test Treasure beside the Harbor (it costs nothing) and
// sleeves it into her Captain, explores a face-down board each turn
// (Explorer: 5 in a two-player game, p. 22) and attacks the Merchant ship
// lying on it the next turn: four battles through the simulated tower and
// camera (Legendary: 4 won), the second one's read corrected by hand on
// the board's picture (her cube lies in the exploding zone) and its
// exploding shot dropped again. Her four cards a turn run her deck out, so
// her Captain is back in her hand on her fourth turn: the Treasure fills
// her chest to 30 coins (Capitalist) and her Dock tile with 12 cargo, which
// she returns at once (Master Merchant). Four achievements end the game at
// the end of her turn (p. 22); Ben takes his final turn and every screen
// shows the winner, the breakdown and the chart, the tablet the BG Stats
// export. Between the steps: whose turn each screen says, the other phone
// offering nothing, no PIN, chest or hand where it must not be, at most one
// camera connection per page, nothing wider than the screen.
func TestJourneyDeadReckoning2p(t *testing.T) {
	s := startServer(t)
	b := bt.New(t)
	b.Timeout = 20 * time.Second // the simulated camera reads a drop in a few seconds
	g := &table2p{t: t, s: s, b: b, tablet: b.Device(bt.TabletW, bt.TabletH), pins: map[string]string{}}
	g.ann = player{name: "Ann", colour: "Purple", phone: b.Device(bt.PhoneW, bt.PhoneH)}
	g.ben = player{name: "Ben", colour: "Green", phone: b.Device(bt.PhoneW, bt.PhoneH)}

	// The owner imports the catalog of their copy once, on its page.
	b.Run(g.tablet, "open the catalog page", chromedp.Navigate(s.URL+"/#/catalog/dead-reckoning"))
	b.Run(g.tablet, "import the catalog file", chromedp.WaitReady(`#catalog-file`, chromedp.ByQuery),
		chromedp.SetUploadFiles(`#catalog-file`, []string{dr2pCatalog(t)}, chromedp.ByQuery))
	b.WaitText(g.tablet, "body", "Test Treasure")

	g.id = newGame(t, b, g.tablet, s.URL, "Dead Reckoning", []player{g.ann, g.ben})
	b.WaitText(g.tablet, ".hosttools", "Tower & camera: here")
	b.Eval(g.tablet, "the host's token", `JSON.parse(localStorage.getItem('qm.host.' + `+bt.JS(g.id)+`)).token`, &g.token)
	for _, p := range []player{g.ann, g.ben} {
		b.Tap(g.tablet, "body", "Phones & PINs")
		b.Tap(g.tablet, ".pinwho", p.name)
		g.pins[p.name] = readPIN(t, b, g.tablet)
		b.Tap(g.tablet, "body", "Hide "+p.name)
		b.Tap(g.tablet, "body", "Close")
		b.Run(p.phone, p.name+" opens the table's address", chromedp.Navigate(s.URL+"/#/p/"+g.id))
		b.Fill(p.phone, "body", "PIN", g.pins[p.name])
		b.Tap(p.phone, "body", "Open")
		b.WaitText(p.phone, "body", p.name)
	}

	// The three boards beside the Harbor: the host enters what each shows.
	for i, card := range []string{"Test Treasure", "Test Card 2", "Test Card 3"} {
		b.WaitText(g.tablet, "#board-entry legend", "Enter what the board in row 1, "+[]string{"left", "middle", "right"}[i])
		b.Fill(g.tablet, "#board-entry", "Island", fmt.Sprintf("Test Isle %d", i+1))
		b.Fill(g.tablet, "#board-entry", "Card put on it", card)
		b.Tap(g.tablet, "#board-entry", "Enter the board")
		b.WaitText(g.tablet, "#log", fmt.Sprintf("Test Isle %d", i+1))
	}
	g.shot(g.tablet, "table")
	g.checkScreens("at the start")

	// Whoever starts, Ben's turns are short: he ends them on his phone.
	first := toPlay(t, b, g.tablet)
	benTurn := func() {
		t.Helper()
		g.waitTurn(g.ben)
		b.Tap(g.ben.phone, "body", "End turn")
	}
	if first == "Ben" {
		benTurn()
	}

	// Turn 1: Ann lays four cards, sails to Test Isle 1, takes the Test
	// Treasure (it costs nothing) and explores the board beyond.
	g.waitTurn(g.ann)
	for _, c := range []string{"Captain", "Crew", "Crew", "Crew"} {
		g.play(g.ann, c)
	}
	g.setSails(g.ann)
	g.move(g.ann, "R1C1", "Test Isle 1")
	b.Tap(g.ann.phone, "body", "Buy")
	b.Tap(g.ann.phone, "#f-buy", "Buy Test Treasure")
	b.WaitText(g.ann.phone, "#log", "Ann buys Test Treasure")
	g.move(g.ann, "R2C1", "the face-down board in row 2, left")
	g.explore(g.ann, "Test Isle 4", "Test Merchant 21")
	g.shot(g.ann.phone, "ann-turn1")
	g.endTurn(g.ann, "Captain")
	b.WaitText(g.tablet, "#log", "Ann sleeves Test Treasure into Captain")
	g.checkScreens("after Ann's first turn")
	benTurn()

	// Turns 2 to 4: a battle against the Merchant ship where she lies, then
	// the next board explored; four other cards played each turn, so that
	// the deck runs out and is reshuffled.
	hands := [][]string{{"First Mate", "Bosun", "Gunner", "Gunner"}, {"Deck Hand", "Deck Hand", "Buccaneer", "Purser"}}
	steps := []struct{ pos, where, island, card string }{
		{"R3C1", "the face-down board in row 3, left", "Test Isle 5", "Test Merchant 31"},
		{"R4C1", "the face-down board in row 4, left", "Test Isle 6", "Test Merchant 41"},
		{"R4C2", "the face-down board in row 4, middle", "Test Isle 7", "Test Merchant 42"},
		{"R3C2", "the face-down board in row 3, middle", "Test Isle 8", "Test Merchant 32"},
	}
	merchants := []string{"Test Merchant 21", "Test Merchant 31", "Test Merchant 41", "Test Merchant 42"}
	for turn := 0; turn < 4; turn++ {
		g.waitTurn(g.ann)
		if turn < len(hands) {
			for _, c := range hands[turn] {
				g.play(g.ann, c)
			}
		}
		var correct func()
		if turn == 1 {
			correct = g.cubeInExplodingZone
		}
		g.attackMerchant(g.ann, merchants[turn], correct)
		b.WaitText(g.tablet, "#log", "Ann wins")
		if turn == 0 {
			g.shot(g.tablet, "after-battle")
		}
		g.setSails(g.ann)
		g.move(g.ann, steps[turn].pos, steps[turn].where)
		g.explore(g.ann, steps[turn].island, steps[turn].card)
		if turn == 2 {
			// The Captain is back in her hand: the Test Treasure fills the
			// chest to 30 coins and the Dock tile with 12 cargo, which
			// she returns at once.
			g.play(g.ann, "Captain")
			b.Tap(g.ann.phone, "body", "Use an ability")
			b.Tap(g.ann.phone, "#f-ability", "15 coins")
			b.Tap(g.ann.phone, "#f-ability", "Use it")
			b.WaitText(g.tablet, "#log", "Ann announces Capitalist")
			b.Tap(g.ann.phone, "body", "Use an ability")
			b.Tap(g.ann.phone, "#f-ability", "12 cargo")
			b.Tap(g.ann.phone, "#f-ability", "Use it")
			b.Tap(g.ann.phone, "body", "Master Merchant")
			b.Tap(g.ann.phone, "#f-master", "Return 12 cargo")
			b.WaitText(g.tablet, "#log", "Ann completes Master Merchant")
			g.shot(g.ann.phone, "ann-achievements")
		}
		g.endTurn(g.ann, "")
		if turn < 3 {
			g.checkScreens(fmt.Sprintf("after Ann's turn %d", turn+2))
			benTurn()
		}
	}
	b.WaitText(g.tablet, "#log", "Ann completes Legendary")
	b.WaitText(g.tablet, "#log", "Ann completes Explorer")
	b.WaitText(g.tablet, "#log", "every other player takes one final turn")

	// Ben's final turn, then the score.
	benTurn()
	b.WaitText(g.tablet, "#log", "the game is over")

	// The end: the winner, the breakdown and the chart on every screen,
	// and the BG Stats export on the tablet.
	for _, sc := range g.screens() {
		b.WaitText(sc.ctx, "#end", "The game is over")
		b.WaitText(sc.ctx, "#end .winner", " wins")
		b.WaitText(sc.ctx, "#breakdown", "Total")
		var bars int
		b.Eval(sc.ctx, "the chart", `document.querySelectorAll('#score-chart rect').length`, &bars)
		if bars == 0 {
			t.Errorf("%s: the score chart draws nothing", sc.name)
		}
	}
	// Chests are counted in public at the end (p. 23): the tablet's player
	// cards show each one, not "secret" beside a score that counts it.
	if players := b.Text(g.tablet, "#players"); strings.Contains(players, "secret") || !strings.Contains(players, "Chest") {
		t.Errorf("at the end the tablet's players should show each chest:\n%s", players)
	}
	// Nothing asks to be entered once the game is over.
	for _, sc := range g.screens() {
		if page := b.Text(sc.ctx, "body"); strings.Contains(page, "to enter") {
			t.Errorf("%s: the finished game still asks for something to enter:\n%s", sc.name, page)
		}
	}
	winner := b.Text(g.tablet, "#end .winner")
	if !strings.HasPrefix(winner, "Ann wins") {
		t.Errorf("the end names %q; Ann, with four achievements, should win", winner)
	}
	breakdown := b.Text(g.tablet, "#breakdown")
	for _, want := range []string{"Ann", "Ben", "Achievements"} {
		if !strings.Contains(breakdown, want) {
			t.Errorf("the breakdown does not show %q:\n%s", want, breakdown)
		}
	}
	var href string
	b.Eval(g.tablet, "the BG Stats link", `(() => { const a = [...document.querySelectorAll('#end a')].find((a) => a.innerText.includes('BG Stats')); return a && a.offsetParent ? a.getAttribute('href') : ''; })()`, &href)
	if !strings.Contains(href, "kind=bgstats") {
		t.Errorf("the end screen offers no BG Stats export (link %q)", href)
	}
	// A finished game says who won and nothing of whose turn it was: the
	// title and the turn panel of every screen.
	for _, sc := range g.screens() {
		b.WaitText(sc.ctx, ".topbar .title", "Ann wins")
		b.WaitText(sc.ctx, "#turn", "Ann wins")
		for _, sel := range []string{".topbar .title", "#turn", "#players"} {
			if txt := b.Text(sc.ctx, sel); strings.Contains(txt, "to play") || strings.Contains(txt, "· turn") {
				t.Errorf("%s: the finished game's %s still speaks of a turn: %q", sc.name, sel, txt)
			}
		}
	}
	g.shot(g.tablet, "end")
	g.shot(g.ann.phone, "end-ann")
	g.shot(g.ben.phone, "end-ben")
	g.checkScreens("at the end")
}
