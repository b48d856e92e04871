package piratescode

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

func TestDescribeAndForm(t *testing.T) {
	r := Rules()
	info := r.(engine.Describer).Describe()
	if info.Rules != Name || info.MinPlayers != 1 || info.MaxPlayers != 4 || len(info.Colours) != 4 || info.Citation != "page" {
		t.Fatalf("describe: %+v", info)
	}
	form := r.(engine.NewGameForm)
	answers := engine.FormAnswers{Players: []engine.FormPlayer{{Name: "Ann", Colour: "red"}, {Name: "Bo", Colour: "blue"}},
		Options: map[string]json.RawMessage{"first": json.RawMessage("2"), "sides": json.RawMessage(`"back"`)}}
	if _, err := form.SetupFromForm(answers, nil); !errors.Is(err, engine.ErrMalformed) || !strings.Contains(err.Error(), "catalog") {
		t.Fatalf("no catalog: %v", err)
	}
	setup, err := form.SetupFromForm(answers, testCatalogJSON(t))
	if err != nil {
		t.Fatal(err)
	}
	g, err := r.New(setup, 9)
	if err != nil {
		t.Fatal(err)
	}
	st := g.(*Game).st
	if st.Current != 1 || st.Players[0].Side != 1 || st.Players[1].Colour != "blue" {
		t.Fatalf("the form's answers were not kept: current %d side %d", st.Current, st.Players[0].Side)
	}
	// The form's choice sends the seat as a string and names the players.
	opts := form.NewGameOptions()
	if opts[0].ID != "first" || opts[0].Kind != "choice" || opts[0].Choices[1].Seat == nil || *opts[0].Choices[1].Seat != 1 {
		t.Fatalf("who plays first is not a choice of the players: %+v", opts[0])
	}
	answers.Options["first"] = json.RawMessage(`"2"`)
	if setup, err = form.SetupFromForm(answers, testCatalogJSON(t)); err != nil {
		t.Fatal(err)
	}
	if g, err = r.New(setup, 9); err != nil || g.(*Game).st.Current != 1 {
		t.Fatalf("first \"2\": %v", err)
	}
	answers.Options["first"] = json.RawMessage(`"Bo"`)
	if _, err := form.SetupFromForm(answers, testCatalogJSON(t)); !errors.Is(err, engine.ErrMalformed) {
		t.Fatalf("first Bo: %v", err)
	}
	answers.Options["first"] = json.RawMessage("5")
	if _, err := form.SetupFromForm(answers, testCatalogJSON(t)); !errors.Is(err, engine.ErrMalformed) {
		t.Fatalf("first 5 of 2: %v", err)
	}
}

func TestCatalogCheck(t *testing.T) {
	oc := Rules().(engine.OwnerCatalog)
	if len(oc.CatalogKinds()) < 6 {
		t.Fatal("catalog kinds missing")
	}
	canon, err := oc.CheckCatalog(testCatalogJSON(t))
	if err != nil {
		t.Fatal(err)
	}
	again, err := oc.CheckCatalog(canon)
	if err != nil || string(again) != string(canon) {
		t.Fatalf("canonical catalog is not stable: %v", err)
	}
	bad := testCatalog()
	bad.Crew[0].Symbols = []int{7}
	b, _ := json.Marshal(bad)
	if _, err := oc.CheckCatalog(b); !errors.Is(err, engine.ErrMalformed) || !strings.Contains(err.Error(), "crew[0]") {
		t.Fatalf("a die symbol 7: %v", err)
	}
	if _, err := oc.CheckCatalog([]byte(`{"mapCards":[],"extra":1}`)); !errors.Is(err, engine.ErrMalformed) {
		t.Fatalf("unknown field: %v", err)
	}
}

// The dice read in the tray answer the open request; the wrong count is
// only a notice; Waiting lists the request.
func TestDiceInputAndWaiting(t *testing.T) {
	g := newTestGame(t, 2, 13)
	mapper := Rules().(engine.InputMapper)
	if _, _, ok := mapper.MapInput(g, engine.TableInput{Kind: "dice", Dice: []engine.DieRead{{Face: "6"}}}); ok {
		t.Fatal("dice mapped with no roll asked")
	}
	if len(g.WaitingFor()) != 0 {
		t.Fatal("waiting with nothing open")
	}
	put(g, 0, 0)
	g.st.Merchants[1].Cell = g.st.Players[0].Cell
	standOn(g, 0, Attack)
	do(t, g, `{"type":"attack","seat":0,"target":"green"}`)
	w := g.WaitingFor()
	if len(w) != 1 || w[0].Kind != "dice" || w[0].Dice[0].Count != 2 {
		t.Fatalf("waiting: %+v", w)
	}
	if _, said, ok := mapper.MapInput(g, engine.TableInput{Kind: "dice", Dice: []engine.DieRead{{Face: "6"}}}); ok || !strings.Contains(said, "needs 2") {
		t.Fatalf("one die of two mapped: %q", said)
	}
	act, said, ok := mapper.MapInput(g, engine.TableInput{Kind: "dice", Dice: []engine.DieRead{{Die: "d6", Face: "6"}, {Die: "d6", Face: "2"}}})
	if !ok || !strings.Contains(said, "6, 2") {
		t.Fatalf("two dice: %v %q", ok, said)
	}
	do(t, g, string(act))
	if f := g.st.Fight; f == nil || f.Stage != stageAttackAdjust || f.Faces[0] != 6 || f.Faces[1] != 2 {
		t.Fatalf("fight after the read: %+v", g.st.Fight)
	}
	// A misread is corrected, not undone.
	roll := g.st.Fight.Roll
	do(t, g, `{"type":"roll","seat":-1,"request":"`+w[0].ID+`","corrects":"`+roll+`","faces":["6","6"],"reason":"misread"}`)
	if f := g.st.Fight; f.Faces[1] != 6 {
		t.Fatalf("correction not applied: %v", f.Faces)
	}
	refused(t, g, `{"type":"roll","seat":-1,"request":"`+w[0].ID+`","faces":["1","1"]}`, "roll-no-request")
}

func TestHelpNotesCite(t *testing.T) {
	notes := Rules().(engine.HelpNotes).HelpNotes()
	seen := map[string]bool{}
	for _, n := range notes {
		if n.Page == 0 && n.Section == "" || n.Text == "" || seen[n.ID] {
			t.Errorf("note %q: no citation, no text or a duplicate id", n.ID)
		}
		seen[n.ID] = true
	}
}

// The public view names things in words and lists what the viewer may do.
func TestViews(t *testing.T) {
	g := newTestGame(t, 2, 14)
	pub := g.View(engine.Public).(View)
	if len(pub.Map) != 16 || len(pub.Market) != 4 || len(pub.YouMay) != 0 || pub.Players[0].Wheel[0].Label != "Hide Out" {
		t.Fatalf("public view: %+v", pub)
	}
	mine := g.View(engine.PlayerViewer(0)).(View)
	if len(mine.YouMay) != 1 || mine.YouMay[0] != "choose-order" {
		t.Fatalf("seat 1 may: %v", mine.YouMay)
	}
	theirs := g.View(engine.PlayerViewer(1)).(View)
	if len(theirs.YouMay) != 0 {
		t.Fatalf("seat 2 may: %v", theirs.YouMay)
	}
	b, _ := json.Marshal(pub)
	for _, secret := range []string{"crewDeck\":[", "merchantDeck\":["} {
		if strings.Contains(string(b), secret) {
			t.Errorf("the public view shows %q", secret)
		}
	}
	// The face-down search tokens are listed (what a table may turn up),
	// but no card says which lies on it, and the list is the same whatever
	// the layout: another seed, the same list.
	m, _ := json.Marshal(pub.Map)
	if strings.Contains(string(m), "test-token-") {
		t.Error("a map card shows which search token lies on it")
	}
	other := newTestGame(t, 2, 15).View(engine.Public).(View)
	if !reflect.DeepEqual(pub.FaceDown, other.FaceDown) || len(pub.FaceDown) == 0 {
		t.Errorf("the face-down tokens' list depends on the layout:\n%v\n%v", pub.FaceDown, other.FaceDown)
	}
}

// A player's button says "I am done": the end of the turn, or the count of
// their dice in a fight.
func TestButton(t *testing.T) {
	g := newTestGame(t, 2, 15)
	mapper := Rules().(engine.InputMapper)
	press := func(seat int) (string, bool) {
		act, _, ok := mapper.MapInput(g, engine.TableInput{Kind: "button", Seat: engineSeat(seat)})
		return string(act), ok
	}
	if _, ok := press(0); ok {
		t.Fatal("a button before the Captain moved ended the turn")
	}
	standOn(g, 0, Attack)
	if _, ok := press(1); ok {
		t.Fatal("another player's button ended the turn")
	}
	put(g, 0, 0)
	g.st.Merchants[0].Cell = g.st.Players[0].Cell
	do(t, g, `{"type":"attack","seat":0,"target":"orange"}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["6","6"]}`, g.st.Fight.Request))
	act, ok := press(0)
	if !ok || !strings.Contains(act, `"resolve"`) {
		t.Fatalf("button in a fight: %s %v", act, ok)
	}
	do(t, g, act)
	act, ok = press(0)
	if !ok || !strings.Contains(act, `"end-turn"`) {
		t.Fatalf("button after the fight: %s %v", act, ok)
	}
	do(t, g, act)
	if g.st.Current != 1 {
		t.Fatal("the turn did not end")
	}
}

// The active player's phone (and the tablet) shows each wheel move with its cost, then the
// cards in reach, then the bonus actions triggered.
func TestHints(t *testing.T) {
	g := newTestGame(t, 2, 16)
	v := g.View(engine.PlayerViewer(0)).(View)
	if v.Hints == nil || len(v.Hints.Wheel) != 5 {
		t.Fatalf("hints %+v", v.Hints)
	}
	for _, m := range v.Hints.Wheel {
		want := m.Space - 1 // from Hide Out, spaces 1..space-1 are skipped
		if m.Space <= 4 && (!m.OK || m.Deckhands != want) || m.Space == 5 && (m.OK || m.Why == "") {
			t.Errorf("move to %d: %+v", m.Space, m)
		}
	}
	if g.View(engine.PlayerViewer(1)).(View).Hints != nil {
		t.Fatal("hints shown to the player who waits")
	}
	// The shared tablet acts for the player to play: the same hints, so
	// it does not offer Search only to refuse it.
	if pub := g.View(engine.Public).(View).Hints; pub == nil || len(pub.Wheel) != 5 || pub.Wheel[4].OK || pub.Wheel[4].Why == "" {
		t.Fatalf("the tablet's hints: %+v", pub)
	}
	do(t, g, `{"type":"choose-order","seat":0,"to":1}`)
	v = g.View(engine.PlayerViewer(0)).(View)
	if n := g.st.sail(g.st.Players[0]); len(v.Hints.Reach) == 0 || n != 2 {
		t.Fatalf("reach %v with sail %d", v.Hints.Reach, n)
	}
	g.st.Players[0].CaptainCard = 0 // test data: Plunder, then Bury and Attack
	standOn(g, 0, Plunder)
	v = g.View(engine.PlayerViewer(0)).(View)
	if len(v.Hints.Bonuses) != 2 || v.Hints.Bonuses[0].Kind != BonusBury || v.Hints.Bonuses[0].Used {
		t.Fatalf("bonuses %+v", v.Hints.Bonuses)
	}
}

// TestCatalogKindsNameTheirLists: every kind names where its entries are
// in the catalog file; the Navy's values are the file's own keys.
func TestCatalogKindsNameTheirLists(t *testing.T) {
	if err := engine.CheckCatalogKinds(rulesImpl{}.CatalogKinds(), testCatalogJSON(t)); err != nil {
		t.Fatal(err)
	}
}

// TestNewGameOptionsHelpInWords: the new-game form's help lines speak in
// players' words, never the option's stored values in quotes (the Captain
// card sides said `"front" for every captain, or "back"`).
func TestNewGameOptionsHelpInWords(t *testing.T) {
	for _, o := range Rules().(engine.NewGameForm).NewGameOptions() {
		if strings.ContainsAny(o.Help, "\"`") {
			t.Errorf("option %s: help %q quotes a stored value", o.ID, o.Help)
		}
	}
}
