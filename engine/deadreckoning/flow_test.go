package deadreckoning

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// Levelling, p. 13: one card in hand between your turns, at most level 4;
// the third card at level 4 completes Expert Sailors.
func TestLevelling(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	refused(t, g, `{"type":"level-up","seat":0,"card":"captain"}`, "level-once")
	setHand(g, 0, "captain", "crew-1", "crew-2", "crew-3")
	do(t, g, `{"type":"end-turn","seat":0}`)
	h := st(g).Players[0].Hand
	notInHand := ""
	for _, c := range st(g).Players[0].Cards {
		if !contains(h, c.ID) {
			notInHand = c.ID
		}
	}
	refused(t, g, `{"type":"level-up","seat":0,"card":"`+notInHand+`"}`, "level-in-hand")
	evs := do(t, g, `{"type":"level-up","seat":0,"card":"captain"}`)
	if st(g).Players[0].Card("captain").Level != 2 {
		t.Fatal("captain not levelled")
	}
	if evs[0].Secret == nil || strings.Contains(evs[0].Text, "captain") {
		t.Errorf("which card in hand was levelled is secret: %+v", evs[0])
	}
	refused(t, g, `{"type":"level-up","seat":0,"card":"crew-1"}`, "level-once")
	// Expert Sailors: three cards reach level 4.
	s := st(g)
	for i, c := range []string{"crew-1", "crew-2", "crew-3"} {
		s.Players[0].Card(c).Level = 3
		s.Players[0].CanLevel = true
		do(t, g, `{"type":"level-up","seat":0,"card":"`+c+`"}`)
		s = st(g)
		if got := s.Players[0].HasAchievement(AchExpertSailors); got != (i == 2) {
			t.Fatalf("after %d cards at level 4: Expert Sailors %v", i+1, got)
		}
	}
	if s.Players[0].Progress[AchExpertSailors] != 0 {
		t.Error("the progress cubes return when the achievement is placed")
	}
	s.Players[0].CanLevel = true
	refused(t, g, `{"type":"level-up","seat":0,"card":"crew-1"}`, "level-max")
	conserved(t, st(g))
}

// The active player may level up before acting, not after.
func TestLevelBeforeYourTurnOnly(t *testing.T) {
	s := testSetup(4)
	g := newGame(t, s, 1) // seat 3 is 4th in order: may level before the first turn
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"end-turn","seat":1}`)
	do(t, g, `{"type":"end-turn","seat":2}`)
	h := st(g).Players[3].Hand[0]
	do(t, g, `{"type":"set-sails","seat":3}`)
	refused(t, g, `{"type":"level-up","seat":3,"card":"`+h+`"}`, "level-once")
}

// p. 22: a turn ending with 4 achievements triggers the end; every other
// player takes one final turn; the English rules forbid levelling after it.
func TestEndTriggerAndFinalTurns(t *testing.T) {
	for _, french := range []bool{false, true} {
		su := testSetup(3)
		su.Options.LevelOnFinalTurn = french
		g := newGame(t, su, 1)
		do(t, g, `{"type":"end-turn","seat":0}`)
		s := st(g)
		s.Players[1].Achievements = []string{AchLegendary, AchTerror, AchBuilder, AchSettler}
		evs := do(t, g, `{"type":"end-turn","seat":1}`)
		if st(g).EndTriggeredBy != 1 || !hasEvent(evs, "end-triggered") {
			t.Fatal("4 achievements at the end of a turn trigger the end")
		}
		if st(g).Players[1].CanLevel != french {
			t.Errorf("french=%v: the trigger player's levelling after the final turn: %v", french, st(g).Players[1].CanLevel)
		}
		do(t, g, `{"type":"end-turn","seat":2}`)
		if g.Over() {
			t.Fatal("seat 1 still has a final turn")
		}
		h := st(g).Players[2].Hand[0]
		if french {
			do(t, g, `{"type":"level-up","seat":2,"card":"`+h+`"}`)
		} else {
			refused(t, g, `{"type":"level-up","seat":2,"card":"`+h+`"}`, "level-final-turn")
		}
		evs = do(t, g, `{"type":"end-turn","seat":0}`)
		if !g.Over() || !hasEvent(evs, "game-over") {
			t.Fatal("after the last final turn the game is over")
		}
		a, _ := Rules().DecodeAction([]byte(`{"type":"end-turn","seat":1}`))
		if _, err := g.Apply(a); err == nil || !strings.Contains(err.Error(), engine.CodeGameOver) {
			t.Fatalf("after the end: %v", err)
		}
	}
}

func hasEvent(evs []engine.Event, typ string) bool {
	for _, e := range evs {
		if e.Type == typ {
			return true
		}
	}
	return false
}

// Cleanup, p. 11: empty card spaces are refilled from the Row's box, or the
// next higher Row's when empty; unspent sails are lost.
func TestCleanupRefill(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	stow(s, 0, 0, 4)
	s.Boxes[0].Left = 0
	do(t, g, `{"type":"set-sails","seat":0}`)
	do(t, g, `{"type":"move","seat":0,"path":["R1C1"]}`)
	do(t, g, `{"type":"buy","seat":0,"pay":{"A":1}}`)
	refused(t, g, `{"type":"buy","seat":0,"pay":{"A":1}}`, "no-card")
	do(t, g, `{"type":"end-turn","seat":0,"pirate":true}`)
	s = st(g)
	b := s.Board(Pos{1, 1})
	if b.Card == nil || b.Card.Row != 2 || b.Card.Adv.ID != "" || s.Boxes[1].Left != 24 {
		t.Fatalf("refill from Row 2 when Row 1 is empty: %+v", b.Card)
	}
	if s.Players[0].Ship.Sails != 0 || !s.Players[0].Ship.Pirate {
		t.Fatal("sails reset and pirate mode chosen")
	}
	refused(t, g, `{"type":"reveal-card","seat":-1,"at":"R1C1","card":"test-adv-1-top"}`, "reveal-card")
	do(t, g, `{"type":"reveal-card","seat":-1,"at":"R1C1","card":"test-adv-2-top"}`)
}

// Sleeving, p. 12.
func TestSleeving(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	stow(s, 0, 0, 4)
	stow(s, 0, 3, 3)
	s.Players[0].Card("deck-hand-1").Level = 4
	setHand(g, 0, "crew-1", "captain", "deck-hand-1")
	do(t, g, `{"type":"play-card","seat":0,"card":"deck-hand-1"}`)
	do(t, g, `{"type":"set-sails","seat":0}`)
	do(t, g, `{"type":"move","seat":0,"path":["R1C1"]}`) // test-adv-1-top, cost 1
	do(t, g, `{"type":"buy","seat":0,"pay":{"A":1}}`)
	do(t, g, `{"type":"move","seat":0,"path":["R1C2"]}`) // test-adv-1-middle, cost 2
	do(t, g, `{"type":"buy","seat":0,"pay":{"A":2}}`)
	do(t, g, `{"type":"move","seat":0,"path":["R1C3"]}`)
	refused(t, g, `{"type":"buy","seat":0,"pay":{"A":1,"D":2}}`, "buy-limit")
	do(t, g, `{"type":"play-card","seat":0,"card":"crew-1"}`)
	set := st(g).Players[0].SetAside
	refused(t, g, `{"type":"end-turn","seat":0,"sleeves":[{"adv":`+itoa(set[0].Inst)+`,"card":"captain"}]}`, "sleeve-played")
	refused(t, g, `{"type":"end-turn","seat":0}`, "must-sleeve")
	do(t, g, `{"type":"end-turn","seat":0,"sleeves":[{"adv":`+itoa(set[0].Inst)+`,"card":"crew-1"}]}`)
	p := st(g).Players[0]
	if p.Card("crew-1").Top == nil || len(p.SetAside) != 1 {
		t.Fatalf("one sleeved, one set aside: %+v %+v", p.Card("crew-1"), p.SetAside)
	}
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// Views, p. 6 and p. 22: the public view holds no chest, hand or bonus token;
// a player's own view does; Capitalist is announced without the number.
func TestViewsKeepSecrets(t *testing.T) {
	su := testSetup(2)
	su.Options.BonusTokens = true
	su.Players[0].BonusDealt = []string{"b1", "b2"}
	su.Players[1].BonusDealt = []string{"b3", "b4"}
	g := newGame(t, su, 1)
	do(t, g, `{"type":"choose-bonus-token","seat":0,"token":"b2"}`)
	refused(t, g, `{"type":"choose-bonus-token","seat":1,"token":"b9"}`, "bonus-not-dealt")
	st(g).Players[0].Chest = 29
	st(g).Supply.Coins -= 14
	setHand(g, 0, "crew-1", "captain")
	do(t, g, `{"type":"play-card","seat":0,"card":"crew-1"}`)
	pub, _ := json.Marshal(g.View(engine.Public))
	for _, secret := range []string{`"chest"`, `"hand"`, `"bonusToken"`, `"bonusDealt"`, `"b2"`, `"id":"captain"`} {
		if strings.Contains(string(pub), secret) {
			t.Errorf("public view contains %s", secret)
		}
	}
	mine, _ := json.Marshal(g.View(engine.PlayerViewer(0)))
	for _, want := range []string{`"chest":29`, `"hand":[`, `"bonusToken":"b2"`} {
		if !strings.Contains(string(mine), want) {
			t.Errorf("own view lacks %s", want)
		}
	}
	theirs, _ := json.Marshal(g.View(engine.PlayerViewer(1)))
	if strings.Contains(string(theirs), `"chest":29`) || strings.Contains(string(theirs), `"b2"`) {
		t.Error("another player's view shows seat 0's secrets")
	}
	if !strings.Contains(string(pub), `"id":"crew-1"`) || !strings.Contains(string(pub), `"hasBonusToken":true`) {
		t.Error("the public view shows played cards and that a bonus token is kept")
	}
}

// Capitalist: announced at once though the chest is secret (p. 22).
func TestCapitalistAnnounced(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	stow(s, 0, 0, 0)
	s.Players[0].Ship.Spaces[0].Hold.Coins = 4
	s.Players[0].Chest = 26
	s.Supply.Coins -= 15
	evs := do(t, g, `{"type":"unload","seat":0,"to":"dock","holds":{"A":{"coins":4}}}`)
	var ann *engine.Event
	for i := range evs {
		if evs[i].Type == "achievement" {
			ann = &evs[i]
		}
	}
	if ann == nil || !strings.Contains(ann.Text, "Capitalist") || strings.Contains(ann.Text, "30 coins") {
		t.Fatalf("Capitalist must be announced: %+v", evs)
	}
	pub := engine.EventsFor(evs, engine.Public)
	js, _ := json.Marshal(pub)
	if strings.Contains(string(js), `"chest"`) {
		t.Errorf("public events leak the chest: %s", js)
	}
	conserved(t, st(g))
}

// The advancements a view describes (so a screen can name them and offer
// their abilities) are only those its viewer can see: one sleeved into a
// card in Ann's hand is described to Ann alone, and to everyone once she
// plays the card; one set aside is public.
func TestViewDescribesOnlyVisibleAdvancements(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	setHand(g, 0, "crew-1", "captain")
	st(g).Players[0].Card("captain").Top = &Adv{Inst: 901, ID: "test-adv-2-top"}
	st(g).Players[0].SetAside = []Adv{{Inst: 902, ID: "test-draw-3"}}
	defs := func(v engine.Viewer) map[string]data.Advancement { return g.View(v).(View).Advancements }
	if d, ok := defs(engine.PlayerViewer(0))["test-adv-2-top"]; !ok || d.Name != "Test Advancement 2 top" || len(d.Abilities) != 1 {
		t.Fatalf("Ann's view does not describe the advancement sleeved in her hand: %+v", d)
	}
	for _, v := range []engine.Viewer{engine.Public, engine.PlayerViewer(1)} {
		ds := defs(v)
		if _, ok := ds["test-adv-2-top"]; ok {
			t.Fatalf("viewer %d is told about the advancement in Ann's hand", v.Seat)
		}
		if d, ok := ds["test-draw-3"]; !ok || d.Slot != "bottom" {
			t.Fatalf("viewer %d is not told what Ann set aside: %+v", v.Seat, ds)
		}
	}
	do(t, g, `{"type":"play-card","seat":0,"card":"captain"}`)
	if _, ok := defs(engine.Public)["test-adv-2-top"]; !ok {
		t.Fatal("the public view does not describe the advancement on a card in play")
	}
}

// The game's facts carry the printed sailor cards, so a screen names each
// card of a deck and offers its level's abilities without a copy of its own:
// the 12 cards of a deck are the counts of the 8 sailors, and the level 2
// Captain has its two abilities (attack, wheel) as printed on p. 26.
func TestFactsCarryThePrintedSailors(t *testing.T) {
	f := Rules().(engine.ScreenFacts).ScreenFacts().(Facts)
	sl := f.Sailors
	n := 0
	for _, s := range sl {
		n += s.Count
	}
	if len(sl) != 8 || n != 12 {
		t.Fatalf("%d sailors making %d cards, want 8 making 12", len(sl), n)
	}
	for _, c := range newDeck() {
		if _, ok := sl[c.Kind]; !ok {
			t.Errorf("the facts cannot name the deck's card %s", c.ID)
		}
	}
	cpt := sl["captain"]
	if cpt.Name != "Captain" || cpt.Page != 26 || len(cpt.Levels) < 2 || len(cpt.Levels[1].Abilities) != 2 {
		t.Errorf("the Captain reads %+v", cpt)
	}
	// The nine achievements in the Harbor board's order, with their printed names.
	if len(f.Achievements) != len(Achievements) {
		t.Fatalf("%d achievements in the facts, want %d", len(f.Achievements), len(Achievements))
	}
	for i, a := range f.Achievements {
		if a.ID != Achievements[i] || a.Name == "" || a.Name == a.ID || a.What == "" {
			t.Errorf("achievement %d reads %+v", i, a)
		}
	}
	if f.Achievements[2].Name != "Terror of the Sea" {
		t.Errorf("the third achievement is %q, want Terror of the Sea", f.Achievements[2].Name)
	}
}

// Views no longer carry the printed sailor cards (the facts do, once): a
// new game's view stays well under the size it had with them (about 5.4 KB
// of sailors on top of the rest).
func TestViewLeavesTheSailorsToTheFacts(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	fb, err := json.Marshal(Rules().(engine.ScreenFacts).ScreenFacts().(Facts).Sailors)
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []engine.Viewer{engine.Public, engine.PlayerViewer(1)} {
		vb, err := json.Marshal(g.View(v))
		if err != nil {
			t.Fatal(err)
		}
		if bytes.Contains(vb, []byte(`"sailors"`)) || bytes.Contains(vb, []byte(`"levels":[`)) {
			t.Errorf("viewer %d: the view still carries the printed sailors", v.Seat)
		}
		t.Logf("viewer %d: view %d bytes; the sailors it no longer carries: %d bytes", v.Seat, len(vb), len(fb))
		if len(fb) < 4000 {
			t.Errorf("the sailors encode in %d bytes: not the printed cards?", len(fb))
		}
	}
}

// p. 23: chests are counted in public at the end, so once the game is over
// every screen shows each chest (the tablet said "secret" beside a score
// that counted it); hands and bonus tokens stay their players' own.
func TestChestsOpenWhenTheGameIsOver(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	st(g).Players[0].Chest = 21
	st(g).Supply.Coins -= 6
	pub, _ := json.Marshal(g.View(engine.Public))
	if strings.Contains(string(pub), `"chest"`) {
		t.Fatal("a chest is shown before the end")
	}
	st(g).Players[1].Achievements = []string{AchLegendary, AchTerror, AchBuilder, AchSettler}
	do(t, g, `{"type":"end-turn","seat":0}`)
	do(t, g, `{"type":"end-turn","seat":1}`)
	do(t, g, `{"type":"end-turn","seat":0}`)
	if !g.Over() {
		t.Fatal("the game should be over after seat 0's final turn")
	}
	pub, _ = json.Marshal(g.View(engine.Public))
	if !strings.Contains(string(pub), `"chest":21`) {
		t.Errorf("the public view at the end lacks seat 0's chest: %s", pub)
	}
	if strings.Contains(string(pub), `"hand":[`) {
		t.Error("the public view at the end shows a hand")
	}
	theirs, _ := json.Marshal(g.View(engine.PlayerViewer(1)))
	if !strings.Contains(string(theirs), `"chest":21`) {
		t.Error("another player's view at the end lacks seat 0's chest")
	}
}
