package deadreckoning

import (
	"bytes"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// physicalSetup is testSetup with the players' real cards: the companion
// neither deals nor draws.
func physicalSetup(n int) Setup {
	s := testSetup(n)
	s.Options.PhysicalCards = true
	return s
}

// viewOf decodes what one viewer sees, as the dashboard does.
func viewOf(t *testing.T, g engine.Game, v engine.Viewer) map[string]any {
	t.Helper()
	js, err := json.Marshal(g.View(v))
	if err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(js, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

func playerOf(view map[string]any, seat int) map[string]any {
	return view["players"].([]any)[seat].(map[string]any)
}

// A table with real cards: nobody's hand is dealt by the companion, each
// player holds four cards it has not seen, and Ann plays the Captain she
// really holds. The companion accepts every card that could still be in
// her hand and refuses, naming the rule, a fourth Crew (three are printed)
// and any card once her hand is empty.
func TestPhysicalCardsPlay(t *testing.T) {
	tb := newTable(t, physicalSetup(2), 7)
	s := tb.state()
	for _, p := range s.Players {
		if len(p.Hand) != 0 || p.HandSize() != 4 || p.DeckSize() != 8 {
			t.Fatalf("%s: hand %v, %d in hand, %d in deck: want nothing dealt, 4 in hand, 8 in deck", p.Name, p.Hand, p.HandSize(), p.DeckSize())
		}
	}
	ann := playerOf(viewOf(t, tb.g, engine.Viewer{Seat: 0}), 0)
	if ann["handCount"] != 4.0 || ann["deckCount"] != 8.0 || ann["hand"] != nil || ann["deck"] != nil || len(ann["unseen"].([]any)) != 12 {
		t.Fatalf("Ann's own view: %d in hand, %v in deck, hand %v, deck %v, %d unseen", ann["handCount"], ann["deckCount"], ann["hand"], ann["deck"], len(ann["unseen"].([]any)))
	}

	tb.act(`{"type":"play-card","seat":0,"card":"captain"}`)
	tb.refuse(`{"type":"play-card","seat":0,"card":"captain"}`, "card-accounted")
	// Crew cards look alike: naming the same one three times plays the three.
	tb.act(`{"type":"play-card","seat":0,"card":"crew-1"}`)
	tb.act(`{"type":"play-card","seat":0,"card":"crew-1"}`)
	if got := tb.state().Players[0].Played; !slices.Equal(got, []string{"captain", "crew-1", "crew-2"}) {
		t.Fatalf("played %v", got)
	}
	tb.act(`{"type":"play-card","seat":0,"card":"crew-2"}`)
	// Her hand is empty now, a fourth Crew is not printed.
	tb.refuse(`{"type":"play-card","seat":0,"card":"crew-3"}`, "hand-empty")
	if p := tb.state().Players[0]; p.HandSize() != 0 || p.DeckSize() != 8 {
		t.Fatalf("after four plays: %d in hand, %d in deck", p.HandSize(), p.DeckSize())
	}

	// Cleanup: the four played cards are discarded and she draws four
	// cards the companion does not see (p. 12).
	tb.act(`{"type":"end-turn","seat":0}`)
	p := tb.state().Players[0]
	if p.HandSize() != 4 || p.DeckSize() != 4 || len(p.Discard) != 4 || len(p.Hand) != 0 {
		t.Fatalf("after drawing: %d in hand (%v named), %d in deck, %d discarded", p.HandSize(), p.Hand, p.DeckSize(), len(p.Discard))
	}
	// Ben holds four cards: a fourth Crew would be more than printed once
	// three are accounted for. Here his turn: he plays all three, then a
	// fourth is refused with the count in words.
	tb.act(`{"type":"play-card","seat":1,"card":"crew-3"}`)
	tb.act(`{"type":"play-card","seat":1,"card":"crew-3"}`)
	tb.act(`{"type":"play-card","seat":1,"card":"crew-3"}`)
	a, _ := Rules().DecodeAction([]byte(`{"type":"play-card","seat":1,"card":"crew-1"}`))
	_, err := tb.g.Apply(a)
	re, ok := engine.AsRuleError(err)
	if !ok || re.Code != "card-accounted" || re.Page != 8 || !strings.Contains(re.Detail, "All 3 of your Crew cards") {
		t.Fatalf("a fourth Crew: %v", err)
	}
	tb.act(`{"type":"play-card","seat":1,"card":"gunner-2"}`)
	tb.refuse(`{"type":"play-card","seat":1,"card":"bosun"}`, "hand-empty")
	tb.act(`{"type":"end-turn","seat":1}`)
	// Ann plays her four other cards and draws the last four of her deck.
	for _, id := range []string{"gunner-1", "gunner-2", "bosun", "purser"} {
		tb.act(`{"type":"play-card","seat":0,"card":"` + id + `"}`)
	}
	tb.act(`{"type":"end-turn","seat":0}`)
	tb.act(`{"type":"end-turn","seat":1}`)
	// Third time: the deck is empty and the discard pile becomes the deck.
	for _, id := range []string{"first-mate", "buccaneer", "deck-hand-1", "deck-hand-2"} {
		tb.act(`{"type":"play-card","seat":0,"card":"` + id + `"}`)
	}
	evs := tb.act(`{"type":"end-turn","seat":0}`)
	p = tb.state().Players[0]
	if !hasEvent(evs, "deck-reshuffled") || p.HandSize() != 4 || p.DeckSize() != 8 || len(p.Discard) != 0 {
		t.Fatalf("reshuffle: events %v, %d in hand, %d in deck, %d discarded", evs, p.HandSize(), p.DeckSize(), len(p.Discard))
	}
	conserved(t, tb.state())
	tb.replays()
}

// A player may let their phone keep their hand: they enter the cards they
// were dealt, privately; the rules then check their plays against it. No
// other viewer, no log line and no event for another seat names them.
func TestPhysicalCardsKeptHand(t *testing.T) {
	tb := newTable(t, physicalSetup(2), 3)
	tb.refuse(`{"type":"name-hand","seat":1,"cards":["captain","crew-1","crew-2","gunner-1","bosun"]}`, "hand-count")
	tb.refuse(`{"type":"name-hand","seat":1,"cards":["captain","captain"]}`, "card-accounted")
	evs := tb.act(`{"type":"name-hand","seat":1,"cards":["captain","crew-1","crew-1","gunner-1"]}`)
	a, _ := Rules().DecodeAction([]byte(`{"type":"name-hand","seat":1,"cards":["captain"]}`))
	if p, ok := a.(interface{ IsPrivate() bool }); !ok || !p.IsPrivate() {
		t.Fatal("name-hand is not a private action: the log would show the cards")
	}
	for _, v := range []engine.Viewer{engine.Public, {Seat: 0}} {
		for _, e := range engine.EventsFor(evs, v) {
			js, _ := json.Marshal(e)
			if bytes.Contains(js, []byte("captain")) || bytes.Contains(js, []byte("Captain")) || bytes.Contains(js, []byte("gunner")) {
				t.Fatalf("viewer %v sees the kept hand in an event: %s", v.Seat, js)
			}
		}
		js, _ := json.Marshal(tb.g.View(v))
		ben := playerOf(viewOf(t, tb.g, v), 1)
		if ben["hand"] != nil || ben["keepsHand"] != true || ben["handCount"] != 4.0 {
			t.Fatalf("viewer %v sees Ben as %v", v.Seat, ben)
		}
		// The unseen cards are the same whether or not Ben named them.
		if len(ben["unseen"].([]any)) != 12 || bytes.Contains(js, []byte(`"hand":[`)) {
			t.Fatalf("viewer %v: %s", v.Seat, js)
		}
	}
	mine := playerOf(viewOf(t, tb.g, engine.Viewer{Seat: 1}), 1)
	var ids []string
	for _, c := range mine["hand"].([]any) {
		ids = append(ids, c.(map[string]any)["id"].(string))
	}
	slices.Sort(ids)
	if !slices.Equal(ids, []string{"captain", "crew-1", "crew-2", "gunner-1"}) {
		t.Fatalf("Ben's phone keeps %v", ids)
	}
	// Ann's turn; then Ben's: a card not in the kept hand is refused, a
	// Gunner stands for either Gunner (they look alike).
	tb.act(`{"type":"end-turn","seat":0}`)
	tb.refuse(`{"type":"play-card","seat":1,"card":"bosun"}`, "not-in-hand")
	tb.act(`{"type":"play-card","seat":1,"card":"gunner-2"}`)
	tb.act(`{"type":"play-card","seat":1,"card":"captain"}`)
	if got := tb.state().Players[1].Played; !slices.Equal(got, []string{"gunner-1", "captain"}) {
		t.Fatalf("played %v", got)
	}
	// At cleanup he draws 4 unnamed cards (2 in hand, limit 6: 4), and names
	// them with the end of his turn.
	tb.refuse(`{"type":"end-turn","seat":1,"drawn":["bosun"]}`, "draw-count")
	tb.act(`{"type":"end-turn","seat":1,"drawn":["bosun","purser","first-mate","deck-hand-1"]}`)
	if p := tb.state().Players[1]; p.HandSize() != 6 || p.Unknown != 0 {
		t.Fatalf("Ben: %d in hand, %d unnamed", p.HandSize(), p.Unknown)
	}
	tb.replays()
}

// Levelling up in hand and defending with cards name cards the same way: a
// level-up names a card that could be in hand (it becomes known to be
// there), and a defending player's cards are checked against their hand
// size and the cards accounted for before the battle takes them.
func TestPhysicalCardsLevelAndDefence(t *testing.T) {
	tb := newTable(t, physicalSetup(2), 5)
	tb.act(`{"type":"set-sails","seat":0}`)
	tb.act(`{"type":"move","seat":0,"path":["R1C1"]}`)
	tb.act(`{"type":"end-turn","seat":0}`)
	// Ben plays three cards, so one is left in his hand.
	for _, id := range []string{"crew-1", "crew-1", "crew-1"} {
		tb.act(`{"type":"play-card","seat":1,"card":"` + id + `"}`)
	}
	tb.act(`{"type":"set-sails","seat":1}`)
	tb.act(`{"type":"move","seat":1,"path":["R1C2"]}`)
	tb.act(`{"type":"end-turn","seat":1,"pirate":true}`)
	// Ben drew 4 (1 in hand, limit 6): 5 in hand.
	if n := tb.state().Players[1].HandSize(); n != 5 {
		t.Fatalf("Ben holds %d", n)
	}
	tb.refuse(`{"type":"level-up","seat":1,"card":"crew-1"}`, "card-accounted")
	evs := tb.act(`{"type":"level-up","seat":1,"card":"gunner-1"}`)
	if p := tb.state().Players[1]; !slices.Equal(p.Hand, []string{"gunner-1"}) || p.Unknown != 4 || p.Card("gunner-1").Level != 2 {
		t.Fatalf("after the level-up: hand %v, %d unnamed", p.Hand, p.Unknown)
	}
	for _, e := range engine.EventsFor(evs, engine.Public) {
		if strings.Contains(e.Text, "Gunner") {
			t.Fatalf("the table learns which card was levelled up: %q", e.Text)
		}
	}
	tb.act(`{"type":"set-sails","seat":0}`)
	tb.act(`{"type":"move","seat":0,"path":["R1C2"],"order":[1]}`)
	tb.act(`{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`)
	tb.wantNeed("defence", "defender")
	// Crew cards are all in his discard pile; six cards are more than he holds.
	tb.refuse(`{"type":"battle-step","seat":1,"step":"defend","play":["crew-2"]}`, "card-accounted")
	tb.refuse(`{"type":"battle-step","seat":1,"step":"defend","play":["gunner-1","gunner-2","captain","bosun","purser","first-mate"]}`, "hand-empty")
	// The Gunner he levelled up (level 2: a cannon) is the one he plays.
	tb.act(`{"type":"battle-step","seat":1,"step":"defend","play":["gunner-1"]}`)
	b := tb.wantNeed("ready", "both")
	if cubes := b["need"].(map[string]any)["cubes"].([]any); cubes[1].(float64) < 1 {
		t.Fatalf("the defender's cubes %v", cubes)
	}
	tb.replays()
}

// Old games (no option recorded) keep the digital deal and replay as they
// did; the new-game form makes cards physical unless the group asks the
// companion to deal.
func TestCardsOptionDefaults(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	if p := st(g).Players[0]; len(p.Hand) != 4 || p.Unknown != 0 || st(g).Options.PhysicalCards {
		t.Fatalf("a setup without the option: hand %v, %d unknown", p.Hand, p.Unknown)
	}
	refused(t, g, `{"type":"name-hand","seat":0,"cards":["captain"]}`, "hand-dealt")
	form := engine.FormAnswers{Players: []engine.FormPlayer{{Name: "Ann", Colour: "purple"}, {Name: "Ben", Colour: "green"}}}
	for _, c := range []struct {
		opt      string
		physical bool
	}{{"", true}, {"false", true}, {"true", false}} {
		form.Options = nil
		if c.opt != "" {
			form.Options = map[string]json.RawMessage{OptionDigitalDeal: json.RawMessage(c.opt)}
		}
		raw, err := kit().SetupFromForm(form, nil)
		if err != nil {
			t.Fatal(err)
		}
		g, err := Rules().New(raw, 1)
		if err != nil {
			t.Fatal(err)
		}
		p := g.(*Game).st.Players[0]
		if g.(*Game).st.Options.PhysicalCards != c.physical || (len(p.Hand) == 0) != c.physical {
			t.Fatalf("digitalDeal %q: physical %v, hand %v", c.opt, g.(*Game).st.Options.PhysicalCards, p.Hand)
		}
	}
	form.Options = map[string]json.RawMessage{OptionDigitalDeal: json.RawMessage(`"yes"`)}
	if _, err := kit().SetupFromForm(form, nil); err == nil {
		t.Fatal("digitalDeal \"yes\" accepted")
	}
}

// A card tapped on the reader is a card named from the hand like any
// other: with physical cards the Captain the companion never dealt is
// played, and a second tap of it is refused, naming the rule.
func TestPhysicalCardsReaderTap(t *testing.T) {
	g := newGame(t, physicalSetup(2), 2)
	said := mapAndApply(t, g, engine.TableInput{Kind: "card", Card: "captain"})
	if said != "Ann played Captain on the card reader" || !slices.Equal(st(g).Players[0].Played, []string{"captain"}) || st(g).Players[0].HandSize() != 3 {
		t.Fatalf("the tap: %q, played %v", said, st(g).Players[0].Played)
	}
	act, _, ok := kit().MapInput(g, engine.TableInput{Kind: "card", Card: "captain"})
	if !ok {
		t.Fatal("the second tap was not mapped")
	}
	refused(t, g, string(act), "card-accounted")
}
