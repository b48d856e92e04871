package deadreckoning

import (
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// A malformed action (a hull space, building or card no player could pick)
// is refused with what the player can choose instead, never by quoting
// what was sent back at them.
func TestRawInputRefusalsSayWhatToChoose(t *testing.T) {
	for _, tc := range []struct {
		name     string
		setup    func(*State)
		physical bool
		before   []string
		action   string
		code     string
		sent     string
		want     string
	}{
		{name: "load into hull space E", action: `{"type":"load","seat":0,"from":"dock","holds":{"E":{"cargo":1}}}`,
			code: "bad-hold", sent: `"E"`, want: "Choose a hull space: A, B, C or D"},
		{name: "build a castle", setup: func(s *State) {
			p := &s.Players[0]
			p.Deck = append(p.Deck, p.Hand...)
			p.Deck, p.Hand = remove(p.Deck, "first-mate"), []string{"first-mate"}
			p.Card("first-mate").Level = 2
			giveControl(s, Pos{1, 1}, 0)
		},
			before: []string{`{"type":"play-card","seat":0,"card":"first-mate"}`},
			action: `{"type":"use-ability","seat":0,"card":"first-mate","ability":0,"builds":[{"at":"R1C1","building":"castle"}]}`,
			code:   "build-type", sent: "castle", want: "Choose a building: a Fort, a Garrison or an Outpost"},
		{name: "name a card no deck has", physical: true, action: `{"type":"name-hand","seat":0,"cards":["kraken-9"]}`,
			code: "no-such-card", sent: "kraken", want: "That card is not one of your 12 sailor cards: choose one of them"},
		{name: "play a card no deck has", physical: true, action: `{"type":"play-card","seat":0,"card":"kraken-9"}`,
			code: "no-such-card", sent: "kraken", want: "That card is not one of your 12 sailor cards: choose one of them"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			setup := testSetup(2)
			if tc.physical {
				setup = physicalSetup(2)
			}
			g := newGame(t, setup, 1)
			if tc.setup != nil {
				tc.setup(st(g))
			}
			for _, b := range tc.before {
				do(t, g, b)
			}
			refused(t, g, tc.action, tc.code)
			a, err := Rules().DecodeAction([]byte(tc.action))
			if err != nil {
				t.Fatal(err)
			}
			_, err = g.Apply(a)
			re, _ := engine.AsRuleError(err)
			if re == nil || re.Detail != tc.want || strings.Contains(re.Detail, tc.sent) {
				t.Errorf("refusal %v, want %q without %s", err, tc.want, tc.sent)
			}
		})
	}
}
