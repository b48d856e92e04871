package journey

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	bt "github.com/quartermaster-table/quartermaster/internal/browsertest"
)

// player is one person at the table in a journey: their name, the colour
// they pick, and the phone they hold (nil for a tablet-only player).
type player struct {
	name, colour string
	phone        context.Context
}

// newGame fills the new-game form on the tablet as the host would: the game
// by its title, the players in seating order with their colours, and
// starts it. It returns the table's id (from the address bar).
func newGame(t *testing.T, b *bt.Browser, tablet context.Context, base, title string, players []player, options ...option) string {
	t.Helper()
	b.Run(tablet, "open the home page", chromedp.Navigate(base+"/"))
	b.Tap(tablet, "body", "New game")
	b.Fill(tablet, "body", "Game", title)
	for i := 2; i < len(players); i++ {
		b.Tap(tablet, "body", "Add a player")
	}
	for i, p := range players {
		b.Fill(tablet, "body", "Name of seat "+strconv.Itoa(i+1), p.name)
		b.Fill(tablet, "body", "Colour of seat "+strconv.Itoa(i+1), p.colour)
	}
	for _, o := range options {
		b.Fill(tablet, "body", o.label, o.value)
		// The form shows what was picked, in the players' words (a list
		// of names shows "Ann"; a number box would have refused it).
		var shown string
		b.Eval(tablet, "read "+o.label, `(() => { const f = document.activeElement; return f.tagName === 'SELECT' ? f.options[f.selectedIndex].text : f.value; })()`, &shown)
		if !strings.Contains(shown, o.value) {
			t.Fatalf("the form's %q shows %q after picking %q", o.label, shown, o.value)
		}
	}
	b.Shot(tablet, "journey-new-game-"+slug(title)+".png")
	b.Tap(tablet, "body", "Start the game")
	var hash string
	b.Run(tablet, "the table opens", chromedp.Poll(`location.hash.startsWith('#/t/') ? location.hash : ''`, &hash, chromedp.WithPollingInterval(50*time.Millisecond)))
	return strings.TrimPrefix(hash, "#/t/")
}

// option is one answer of the new-game form, by its label as players read
// it and the value they pick or type.
type option struct{ label, value string }

// joinPhones shows each player's PIN on the tablet, one at a time, and
// types it on that player's phone, as players do at the table.
func joinPhones(t *testing.T, b *bt.Browser, tablet context.Context, base, table string, players []player) {
	t.Helper()
	for _, p := range players {
		if p.phone == nil {
			continue
		}
		b.Tap(tablet, "body", "Phones & PINs")
		b.Tap(tablet, ".pinwho", p.name)
		pin := readPIN(t, b, tablet)
		b.Shot(tablet, "journey-pin-"+slug(p.name)+".png")
		b.Tap(tablet, "body", "Hide "+p.name)
		b.Tap(tablet, "body", "Close")
		b.Run(p.phone, p.name+" opens the table's address", chromedp.Navigate(base+"/#/p/"+table))
		b.Fill(p.phone, "body", "PIN", pin)
		b.Tap(p.phone, "body", "Open")
		b.WaitText(p.phone, "body", p.name)
	}
}

// readPIN reads the PIN the tablet shows in large digits.
func readPIN(t *testing.T, b *bt.Browser, tablet context.Context) string {
	t.Helper()
	var pin string
	b.Run(tablet, "read the PIN", chromedp.Poll(`(() => { const m = document.body.innerText.match(/\b(\d{4,8})\b/); return m ? m[1] : ''; })()`, &pin, chromedp.WithPollingInterval(50*time.Millisecond)))
	return pin
}

// simDevice sends a command to the simulated devices as the developer
// panel does, as the table's host.
func simDevice(t *testing.T, s *server, token, path, body string) {
	t.Helper()
	req, _ := http.NewRequest("POST", s.URL+path, strings.NewReader(body))
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := io.ReadAll(res.Body)
	res.Body.Close()
	if res.StatusCode != 200 {
		t.Fatalf("POST %s: %d %s", path, res.StatusCode, out)
	}
}

// sailToIsle1 plays the Captain from the hand on a player's phone, sets
// sails and sails from the Harbor onto Test Isle 1, as the player taps it.
func sailToIsle1(t *testing.T, b *bt.Browser, p player) {
	t.Helper()
	b.Tap(p.phone, "#f-card", "Captain")
	b.Tap(p.phone, "#f-card", "Play it")
	b.WaitText(p.phone, "#log", p.name+" plays Captain")
	b.Tap(p.phone, "body", "Set sails")
	b.WaitText(p.phone, "#log", p.name+" sets sails")
	b.Tap(p.phone, "body", "Move")
	b.Run(p.phone, "tap Test Isle 1", chromedp.Click(`[data-pos="R1C1"]`, chromedp.ByQuery))
	b.Tap(p.phone, "body", "Sail")
	b.WaitText(p.phone, "#log", p.name+" sails to Test Isle 1")
}

// toPlay is the name of the player to play, from the tablet's title
// ("Dead Reckoning · turn 1 · Cat").
func toPlay(t *testing.T, b *bt.Browser, tablet context.Context) string {
	t.Helper()
	title := b.Text(tablet, ".topbar .title")
	i := strings.LastIndex(title, "·")
	if i < 0 {
		t.Fatalf("the title names no player to play: %q", title)
	}
	return strings.TrimSpace(title[i+len("·"):])
}

// drCatalog writes a made-up Dead Reckoning catalog (test data, not the
// printed game's values) to a file, as an owner would share it: six
// islands and a Row 1 card for each board beside the Harbor.
func drCatalog(t *testing.T) string {
	t.Helper()
	var islands, cards []string
	for i := 1; i <= 6; i++ {
		islands = append(islands, fmt.Sprintf(`{"id":"test-isle-%d","name":"Test Isle %d","slots":4,"values":[6,5,4],"cargo":2,"coins":1}`, i, i))
	}
	for i := 1; i <= 3; i++ {
		cards = append(cards, fmt.Sprintf(`{"id":"test-card-%d","name":"Test Card %d","row":1,"slot":"top","cost":1,"abilities":[{"options":[{"effects":[{"kind":"gain-cargo","n":1,"to":"dock"}]}]}]}`, i, i))
	}
	p := filepath.Join(t.TempDir(), "catalog-dead-reckoning.json")
	body := `{"islands":[` + strings.Join(islands, ",") + `],"advancements":[` + strings.Join(cards, ",") + `]}`
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func slug(s string) string {
	return strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			return r
		}
		if r >= 'A' && r <= 'Z' {
			return r + 32
		}
		return '-'
	}, s)
}

// TestJourneyDeadReckoning4p: four players sit down with `make run`: the
// host starts a four-player game of Dead Reckoning on the tablet, each
// player opens their private view on their phone with the PIN the tablet
// shows for them alone.
func TestJourneyDeadReckoning4p(t *testing.T) {
	s := startServer(t)
	b := bt.New(t)
	b.Timeout = 20 * time.Second // the simulated camera reads a drop in a few seconds
	tablet := b.Device(bt.TabletW, bt.TabletH)
	players := []player{
		{name: "Ann", colour: "Purple"}, {name: "Ben", colour: "Green"},
		{name: "Cat", colour: "Blue"}, {name: "Dan", colour: "Orange"},
	}
	for i := range players {
		players[i].phone = b.Device(bt.PhoneW, bt.PhoneH)
	}
	// The owner imports the catalog of their copy (made-up test values)
	// once, on the catalog page.
	b.Run(tablet, "open the catalog page", chromedp.Navigate(s.URL+"/#/catalog/dead-reckoning"))
	b.Run(tablet, "import the catalog file", chromedp.WaitReady(`#catalog-file`, chromedp.ByQuery),
		chromedp.SetUploadFiles(`#catalog-file`, []string{drCatalog(t)}, chromedp.ByQuery))
	b.WaitText(tablet, "body", "Test Isle 6")

	table := newGame(t, b, tablet, s.URL, "Dead Reckoning", players)
	// The tower and camera served no table: the new game takes them.
	b.WaitText(tablet, ".hosttools", "Tower & camera: here")
	b.Shot(tablet, "journey-dr4-table.png")
	joinPhones(t, b, tablet, s.URL, table, players)
	for _, p := range players {
		b.Shot(p.phone, "journey-dr4-phone-"+slug(p.name)+".png")
	}

	// The three boards beside the Harbor are face up: the host enters what
	// each shows by picking names from the catalog.
	for i := 1; i <= 3; i++ {
		b.WaitText(tablet, "#board-entry legend", "Enter what the board in row 1, "+[]string{"", "left", "middle", "right"}[i])
		b.Fill(tablet, "#board-entry", "Island", "Test Isle "+strconv.Itoa(i))
		b.Fill(tablet, "#board-entry", "Card put on it", "Test Card "+strconv.Itoa(i))
		if i == 1 {
			b.Shot(tablet, "journey-dr4-board-entry.png")
		}
		b.Tap(tablet, "#board-entry", "Enter the board")
		b.WaitText(tablet, "#log", "Test Isle "+strconv.Itoa(i))
	}

	// A full round: each player, on their own phone, ends their turn; the
	// others' phones say whose turn it is and offer nothing else.
	byName := map[string]player{}
	for _, p := range players {
		byName[p.name] = p
	}
	for range players {
		first := toPlay(t, b, tablet)
		me := byName[first]
		for _, p := range players {
			if p.name != first {
				b.WaitText(p.phone, "#off-turn", "It is "+first+"’s turn")
				if b.Has(p.phone, "body", "End turn") {
					t.Errorf("%s's phone offers End turn during %s's turn", p.name, first)
				}
			}
		}
		b.Tap(me.phone, "body", "End turn")
		b.Run(tablet, "the next player's turn", chromedp.Poll(`!document.querySelector('.topbar .title').innerText.endsWith(`+bt.JS(first)+`)`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
	}
	b.Shot(tablet, "journey-dr4-after-round.png")

	// A battle: the player to play takes their Captain from their hand,
	// sails onto Test Isle 1 and raises the pirate flag; the next player
	// does the same and must fight the pirate there (p. 11).
	pirate := byName[toPlay(t, b, tablet)]
	sailToIsle1(t, b, pirate)
	b.Check(pirate.phone, "body", "pirate mode", true)
	b.Tap(pirate.phone, "body", "End turn")
	attacker := byName[toPlay(t, b, tablet)]
	for attacker.name == pirate.name {
		attacker = byName[toPlay(t, b, tablet)]
	}
	sailToIsle1(t, b, attacker)
	b.WaitText(tablet, "#battle", attacker.name)
	b.WaitText(tablet, "#battle", pirate.name)
	b.Shot(tablet, "journey-dr4-battle.png")

	// The battle through the tower and camera: the attacker's cannons on
	// the tablet, the defence on the pirate's own phone, the drop through
	// the simulated tower (as the developer panel makes it), and the
	// camera's read confirmed with one tap.
	b.Tap(tablet, "body", "Take the cubes")
	b.Tap(pirate.phone, "body", "Defend")
	b.WaitText(tablet, "#expects", "drop")
	b.Shot(tablet, "journey-dr4-battle-ready.png")
	b.Shot(pirate.phone, "journey-dr4-battle-defender.png")
	var token string
	b.Eval(tablet, "the host's token", `JSON.parse(localStorage.getItem('qm.host.' + `+bt.JS(table)+`)).token`, &token)
	simDevice(t, s, token, "/api/sim?table="+table, `{"key":"drop-sensor","command":"drop 2"}`)
	b.WaitText(tablet, ".readprompt", "Confirm the read")
	b.Shot(tablet, "journey-dr4-battle-read.png")

	// The host sees the cubes lie elsewhere than the camera says, and
	// corrects the read on the picture of the board: the attacker's first
	// cube in the exploding zone, the others on cargo, the pirate's on
	// coin. The drop's counts are the ones the tablet shows.
	var drop map[string]int
	b.Eval(tablet, "the cubes dropped, as the tablet shows them", `Object.fromEntries([...document.querySelectorAll('#battle-need .drop .chip')].map((c) => { const [n, col] = c.innerText.trim().split(' '); return [col, Number(n)]; }))`, &drop)
	att, def := strings.ToLower(attacker.colour), strings.ToLower(pirate.colour)
	if drop[att] < 1 || drop[def] < 1 {
		t.Fatalf("the tablet shows the drop %v, want cubes of %s and %s", drop, att, def)
	}
	b.Tap(tablet, ".readprompt", "Correct by hand")
	b.Tap(tablet, ".readprompt", "Clear the board")
	b.Tap(tablet, ".readprompt .readpick", att)
	b.Tap(tablet, ".readprompt .boardpick", "exploding shot")
	for range drop[att] - 1 {
		b.Tap(tablet, ".readprompt .boardpick", "cargo")
	}
	b.Tap(tablet, ".readprompt .readpick", def)
	for range drop[def] {
		b.Tap(tablet, ".readprompt .boardpick", "coin")
	}
	b.Fill(tablet, ".readprompt", "What did the camera get wrong?", "one cube was in the exploding zone")
	b.Shot(tablet, "journey-dr4-battle-correct.png")
	b.Tap(tablet, ".readprompt", "Apply the correction")
	// The exploding shot: the tablet asks only for the attacker's cube
	// with its extra one; the others stay where they lie.
	b.WaitText(tablet, "#battle-need", "Exploding shot: drop")
	b.WaitText(tablet, "#battle-need", "2 "+att)
	b.WaitText(tablet, "#expects", "leave the other cubes where they lie")
	b.Shot(tablet, "journey-dr4-battle-exploding.png")
	// The pirate's phone asks, if typed by hand, only for those two cubes.
	b.WaitText(pirate.phone, "#battle-steps", "Where did the 2 "+att+" cubes dropped again land? The others stay where they lie.")
	b.Shot(pirate.phone, "journey-dr4-battle-exploding-pirate.png")

	// The re-drops through the tower: the simulated camera sees only the
	// cubes dropped again (as a board cleared of the others would show),
	// and the read it proposes keeps the others where they lie. Where the
	// cubes fall is random: another exploding shot or a cube on a border
	// asks for another drop.
	for k := 0; k < 8 && strings.Contains(b.Text(tablet, "#battle-steps legend"), "read"); k++ {
		simDevice(t, s, token, "/api/sim?table="+table, `{"key":"drop-sensor","command":"drop 2"}`)
		b.WaitText(tablet, ".notices", "the other cubes stay where they lie")
		if k == 0 {
			b.Shot(tablet, "journey-dr4-battle-redrop-read.png")
		}
		b.Tap(tablet, ".readprompt", "Confirm the read")
		b.Run(tablet, "the re-drop's read is taken", chromedp.Poll(`!document.querySelector('.readprompt')`, nil, chromedp.WithPollingInterval(50*time.Millisecond)))
		time.Sleep(300 * time.Millisecond) // the next step's form arrives
	}
	// Battle abilities in turn (p. 19): each side passes on the tablet.
	for k := 0; k < 6 && strings.Contains(b.Text(tablet, "#battle-steps legend"), "abilities"); k++ {
		b.Tap(tablet, "#battle-steps", "Pass")
		time.Sleep(300 * time.Millisecond)
	}
	// The plunder (p. 19): each side places what it won where it fits.
	for k := 0; k < 2 && b.Has(tablet, "#battle-steps", "Place the plunder"); k++ {
		b.Tap(tablet, "#battle-steps", "Place the plunder")
		time.Sleep(300 * time.Millisecond)
	}
	// The outcome, as each screen shows it: who won, by how much, the
	// damage each ship took and the plunder.
	b.WaitText(tablet, "#battle-outcome", "wins the battle")
	outcome := b.Text(tablet, "#battle-outcome")
	for _, want := range []string{attacker.name + ": ", pirate.name + ": ", "damage taken"} {
		if !strings.Contains(outcome, want) {
			t.Errorf("the tablet's outcome %q does not say %q", outcome, want)
		}
	}
	b.WaitText(tablet, "#log", "wins")
	for _, p := range []player{attacker, pirate} {
		b.WaitText(p.phone, "#battle-outcome", "wins the battle")
		if got := b.Text(p.phone, "#battle-outcome"); got != outcome {
			t.Errorf("%s's phone shows the outcome %q, the tablet %q", p.name, got, outcome)
		}
	}
	b.Shot(tablet, "journey-dr4-battle-outcome.png")
	b.Shot(attacker.phone, "journey-dr4-battle-outcome-attacker.png")
	b.Shot(pirate.phone, "journey-dr4-battle-outcome-pirate.png")
	t.Logf("the battle's outcome: %s", outcome)

	// Another group starts a game on another tablet in the middle of this
	// one: it takes nothing until its host asks, and then the first table
	// is told the tower and camera moved.
	other := b.Device(bt.TabletW, bt.TabletH)
	newGame(t, b, other, s.URL, "Dead Reckoning", []player{{name: "Eve", colour: "Purple"}, {name: "Fay", colour: "Green"}})
	b.WaitText(other, ".hosttools", "Use the tower & camera here")
	b.WaitText(tablet, ".hosttools", "Tower & camera: here")
}
