package deadreckoning

import (
	"testing"
)

// Every refusal of the main phase, from a fresh 2-player game with Ann
// (seat 0) to play in the Harbor with 1 cargo on her Dock tile. Each row
// arranges the table, takes some actions, then checks the refusal and that
// it changed nothing.
func TestRefusals(t *testing.T) {
	type arrange func(s *State)
	atIsle := func(s *State) { place(s, 0, Pos{1, 1}) }
	hand := func(ids ...string) arrange {
		return func(s *State) {
			p := &s.Players[0]
			p.Deck = append(p.Deck, p.Hand...)
			p.Hand = nil
			for _, id := range ids {
				p.Deck = remove(p.Deck, id)
				p.Hand = append(p.Hand, id)
			}
		}
	}
	both := func(fs ...arrange) arrange {
		return func(s *State) {
			for _, f := range fs {
				f(s)
			}
		}
	}
	level := func(card string, l int) arrange { return func(s *State) { s.Players[0].Card(card).Level = l } }
	for _, tc := range []struct {
		name   string
		setup  arrange
		before []string
		action string
		code   string
	}{
		{"not your turn", nil, nil, `{"type":"set-sails","seat":1}`, "not-your-turn"},
		{"unknown seat", nil, nil, `{"type":"set-sails","seat":7}`, "no-such-seat"},
		{"play card not in hand", hand("crew-1"), nil, `{"type":"play-card","seat":0,"card":"captain"}`, "not-in-hand"},
		{"move before sails", nil, nil, `{"type":"move","seat":0,"path":["R1C1"]}`, "sails-not-set"},
		{"move nowhere", nil, []string{`{"type":"set-sails","seat":0}`}, `{"type":"move","seat":0,"path":[]}`, "no-path"},
		{"move diagonal", atIsle, []string{`{"type":"set-sails","seat":0}`}, `{"type":"move","seat":0,"path":["R2C2"]}`, "not-adjacent"},
		{"sails twice", nil, []string{`{"type":"set-sails","seat":0}`}, `{"type":"set-sails","seat":0}`, "sails-once"},
		{"sails choice without sails", both(hand("crew-1")), []string{`{"type":"play-card","seat":0,"card":"crew-1"}`}, `{"type":"set-sails","seat":0,"choices":[{"card":"crew-1","ability":0}]}`, "not-sails"},
		{"load away from harbor", atIsle, nil, `{"type":"load","seat":0,"from":"dock","holds":{"A":{"cargo":1}}}`, "load-harbor"},
		{"load coins from dock", nil, nil, `{"type":"load","seat":0,"from":"dock","holds":{"A":{"coins":1}}}`, "load-coins-dock"},
		{"load more than dock", nil, nil, `{"type":"load","seat":0,"from":"dock","holds":{"A":{"cargo":2}}}`, "not-enough-cargo"},
		{"load over capacity", func(s *State) { s.Players[0].Dock = 5; s.Supply.Cargo -= 4 }, nil, `{"type":"load","seat":0,"from":"dock","holds":{"D":{"cargo":4}}}`, "hold-full"},
		{"load into blank space", nil, nil, `{"type":"load","seat":0,"from":"dock","holds":{"B":{"cargo":1}}}`, "no-hold"},
		{"load bad hold", nil, nil, `{"type":"load","seat":0,"from":"dock","holds":{"E":{"cargo":1}}}`, "bad-hold"},
		{"load negative", nil, nil, `{"type":"load","seat":0,"from":"dock","holds":{"A":{"cargo":-1}}}`, "bad-amount"},
		{"load from where", nil, nil, `{"type":"load","seat":0,"from":"sea","holds":{}}`, "load-from"},
		{"load uncontrolled island", atIsle, nil, `{"type":"load","seat":0,"from":"island","holds":{}}`, "load-control"},
		{"load from harbor island", nil, nil, `{"type":"load","seat":0,"from":"island","holds":{}}`, "load-island"},
		{"load blockaded", func(s *State) {
			giveControl(s, Pos{1, 1}, 0)
			place(s, 0, Pos{1, 1})
			place(s, 1, Pos{1, 1})
			s.Players[1].Ship.Pirate = true
		}, nil, `{"type":"load","seat":0,"from":"island","holds":{}}`, "blockade"},
		{"unload dock away", atIsle, nil, `{"type":"unload","seat":0,"to":"dock","holds":{}}`, "unload-harbor"},
		{"unload island in harbor", nil, nil, `{"type":"unload","seat":0,"to":"island","holds":{}}`, "unload-island"},
		{"unload what is not there", nil, nil, `{"type":"unload","seat":0,"to":"dock","holds":{"A":{"cargo":1}}}`, "not-in-hold"},
		{"unload where", nil, nil, `{"type":"unload","seat":0,"to":"sea","holds":{}}`, "unload-to"},
		{"rearrange changes totals", nil, nil, `{"type":"rearrange","seat":0,"holds":{"A":{"cargo":1}}}`, "rearrange-total"},
		{"jettison on another's turn", nil, nil, `{"type":"jettison","seat":1,"holds":{}}`, "jettison-turn"},
		{"buy in harbor", nil, nil, `{"type":"buy","seat":0,"pay":{}}`, "no-card"},
		{"buy without cargo", atIsle, nil, `{"type":"buy","seat":0,"pay":{"A":1}}`, "not-in-hold"},
		{"buy wrong payment", atIsle, nil, `{"type":"buy","seat":0,"pay":{"A":2}}`, "wrong-payment"},
		{"buy unentered card", func(s *State) { place(s, 0, Pos{1, 1}); s.Board(Pos{1, 1}).Card.Adv.ID = "" }, nil, `{"type":"buy","seat":0,"pay":{}}`, "card-not-entered"},
		{"buy a third", func(s *State) { place(s, 0, Pos{1, 1}); s.Turn.Bought = 2 }, nil, `{"type":"buy","seat":0,"pay":{"A":1}}`, "buy-limit"},
		{"ability not in play", hand("crew-1"), nil, `{"type":"use-ability","seat":0,"card":"crew-1","ability":0}`, "not-in-play"},
		{"ability missing", hand("crew-1"), []string{`{"type":"play-card","seat":0,"card":"crew-1"}`}, `{"type":"use-ability","seat":0,"card":"crew-1","ability":3}`, "no-ability"},
		{"ability empty slot", hand("crew-1"), []string{`{"type":"play-card","seat":0,"card":"crew-1"}`}, `{"type":"use-ability","seat":0,"card":"crew-1","source":"top","ability":0}`, "no-ability"},
		{"ability option missing", hand("crew-1"), []string{`{"type":"play-card","seat":0,"card":"crew-1"}`}, `{"type":"use-ability","seat":0,"card":"crew-1","ability":0,"option":1}`, "no-option"},
		{"ability twice", hand("crew-1"), []string{`{"type":"play-card","seat":0,"card":"crew-1"}`, `{"type":"use-ability","seat":0,"card":"crew-1","ability":0}`}, `{"type":"use-ability","seat":0,"card":"crew-1","ability":0}`, "ability-once"},
		{"battle ability in main phase", both(hand("gunner-1"), level("gunner-1", 3)), []string{`{"type":"play-card","seat":0,"card":"gunner-1"}`}, `{"type":"use-ability","seat":0,"card":"gunner-1","ability":2}`, "battle-only"},
		{"sails used as action", both(hand("captain")), []string{`{"type":"play-card","seat":0,"card":"captain"}`}, `{"type":"use-ability","seat":0,"card":"captain","ability":0}`, "icon-counted"},
		{"sails option as action", both(hand("deck-hand-1"), level("deck-hand-1", 2)), []string{`{"type":"play-card","seat":0,"card":"deck-hand-1"}`}, `{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0,"option":1}`, "sails-when-setting"},
		{"gain to ship without put", both(hand("crew-1"), level("crew-1", 4)), []string{`{"type":"play-card","seat":0,"card":"crew-1"}`}, `{"type":"use-ability","seat":0,"card":"crew-1","ability":0,"put":{"dock":5}}`, "put-mismatch"},
		{"put with nothing gained", both(hand("deck-hand-1")), []string{`{"type":"play-card","seat":0,"card":"deck-hand-1"}`}, `{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0,"put":{"dock":1}}`, "bad-parameter"},
		{"influence in harbor", hand("deck-hand-1"), []string{`{"type":"play-card","seat":0,"card":"deck-hand-1"}`}, `{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0}`, "influence-island"},
		{"influence replaces own", both(hand("deck-hand-1"), atIsle, func(s *State) { giveControl(s, Pos{1, 1}, 1) }), []string{`{"type":"play-card","seat":0,"card":"deck-hand-1"}`}, `{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0,"replace":[0]}`, "influence-target"},
		{"influence needs replace", both(hand("deck-hand-1"), atIsle, func(s *State) { giveControl(s, Pos{1, 1}, 1) }), []string{`{"type":"play-card","seat":0,"card":"deck-hand-1"}`}, `{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0}`, "influence-all"},
		{"influence extra replace", both(hand("deck-hand-1"), atIsle), []string{`{"type":"play-card","seat":0,"card":"deck-hand-1"}`}, `{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0,"replace":[1]}`, "influence-target"},
		{"produce on too many", both(hand("purser")), []string{`{"type":"play-card","seat":0,"card":"purser"}`}, `{"type":"use-ability","seat":0,"card":"purser","ability":0,"islands":["R1C1","R1C2"]}`, "produce-count"},
		{"build too many", both(hand("first-mate"), level("first-mate", 2), func(s *State) { giveControl(s, Pos{1, 1}, 0) }), []string{`{"type":"play-card","seat":0,"card":"first-mate"}`}, `{"type":"use-ability","seat":0,"card":"first-mate","ability":0,"builds":[{"at":"R1C1","building":"fort"},{"at":"R1C1","building":"outpost"}]}`, "build-count"},
		{"build bad type", both(hand("first-mate"), level("first-mate", 2), func(s *State) { giveControl(s, Pos{1, 1}, 0) }), []string{`{"type":"play-card","seat":0,"card":"first-mate"}`}, `{"type":"use-ability","seat":0,"card":"first-mate","ability":0,"builds":[{"at":"R1C1","building":"castle"}]}`, "build-type"},
		{"build not paid", both(hand("first-mate"), level("first-mate", 2), func(s *State) { giveControl(s, Pos{1, 1}, 0) }), []string{`{"type":"play-card","seat":0,"card":"first-mate"}`}, `{"type":"use-ability","seat":0,"card":"first-mate","ability":0,"builds":[{"at":"R1C1","building":"outpost"}],"pay":{"dock":1}}`, "wrong-payment"},
		{"repair nothing", both(hand("crew-1"), level("crew-1", 4)), []string{`{"type":"play-card","seat":0,"card":"crew-1"}`}, `{"type":"use-ability","seat":0,"card":"crew-1","ability":1}`, "no-damage"},
		{"repair away from harbor", both(hand("crew-1"), level("crew-1", 2), atIsle, func(s *State) { s.Players[0].Ship.Damage = 1 }), []string{`{"type":"play-card","seat":0,"card":"crew-1"}`}, `{"type":"use-ability","seat":0,"card":"crew-1","ability":1,"pay":{"dock":1}}`, "repair-harbor"},
		{"repair short of cargo", both(hand("crew-1"), level("crew-1", 2), func(s *State) { s.Players[0].Ship.Damage = 1 }), []string{`{"type":"play-card","seat":0,"card":"crew-1"}`}, `{"type":"use-ability","seat":0,"card":"crew-1","ability":1,"pay":{"dock":2}}`, "not-enough-cargo"},
		{"upgrade without tile", both(hand("bosun"), level("bosun", 3)), []string{`{"type":"play-card","seat":0,"card":"bosun"}`}, `{"type":"use-ability","seat":0,"card":"bosun","ability":1,"option":1}`, "tile-needed"},
		{"upgrade wrong tier", both(hand("bosun"), level("bosun", 3)), []string{`{"type":"play-card","seat":0,"card":"bosun"}`}, `{"type":"use-ability","seat":0,"card":"bosun","ability":1,"option":1,"tile":{"id":"test-tile-advanced","space":"B"}}`, "tile-tier"},
		{"upgrade covers full hold", both(hand("bosun"), level("bosun", 3), func(s *State) {
			s.Players[0].Ship.Spaces[1].Tiles = []Tile{{Tier: "basic"}}
			s.Players[0].Ship.Spaces[2].Tiles = []Tile{{Tier: "basic"}}
			stow(s, 0, 0, 1)
		}), []string{`{"type":"play-card","seat":0,"card":"bosun"}`}, `{"type":"use-ability","seat":0,"card":"bosun","ability":1,"option":1,"tile":{"space":"A"}}`, "upgrade-hold"},
		{"draw bonus as action", both(hand("crew-1"), func(s *State) { sleeveInto(s, 0, "crew-1", "test-draw-1") }), []string{`{"type":"play-card","seat":0,"card":"crew-1"}`}, `{"type":"use-ability","seat":0,"card":"crew-1","source":"bottom","ability":0}`, "draw-at-cleanup"},
		{"explore without stopping", nil, nil, `{"type":"explore","seat":0,"island":"test-isle-9"}`, "nothing-to-explore"},
		{"explore a used island", atIsle, []string{`{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R2C1"]}`}, `{"type":"explore","seat":0,"island":"test-isle-1"}`, "explore-board"},
		{"explore unknown island", atIsle, []string{`{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R2C1"]}`}, `{"type":"explore","seat":0,"island":"atlantis"}`, "explore-board"},
		{"explore wrong row card", atIsle, []string{`{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R2C1"]}`}, `{"type":"explore","seat":0,"island":"test-isle-9","card":"test-adv-1-top"}`, "explore-card"},
		{"explore too many seas", func(s *State) { place(s, 0, Pos{1, 1}); s.FaceDownSeas = 0 }, []string{`{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R2C1"]}`}, `{"type":"explore","seat":0,"openSea":{"arrows":["up"]}}`, "explore-board"},
		{"reveal face-down board", nil, nil, `{"type":"reveal-board","seat":0,"at":"R3C1","island":"test-isle-9"}`, "not-face-up"},
		{"reveal known board", nil, nil, `{"type":"reveal-board","seat":0,"at":"R1C1","island":"test-isle-9"}`, "reveal-board"},
		{"reveal known card", nil, nil, `{"type":"reveal-card","seat":0,"at":"R1C1","card":"test-adv-1-top"}`, "reveal-card"},
		{"pirate in harbor", nil, nil, `{"type":"end-turn","seat":0,"pirate":true}`, "pirate-harbor"},
		{"draw named wrong count", nil, nil, `{"type":"end-turn","seat":0,"drawn":["captain"]}`, "draw-count"},
		{"master merchant short", nil, nil, `{"type":"master-merchant","seat":0,"pay":{"dock":1}}`, "wrong-payment"},
		{"bonus tokens unused", nil, nil, `{"type":"choose-bonus-token","seat":0,"token":"x"}`, "no-bonus-tokens"},
		{"no battle to record", nil, nil, `{"type":"record-battle-outcome","seat":0,"attackerWon":true}`, "no-battle"},
		{"attack far ship", func(s *State) { place(s, 1, Pos{1, 1}); s.Players[1].Ship.Pirate = true }, nil, `{"type":"attack-ship","seat":0,"target":1}`, "attack-range"},
		{"attack buildings in harbor", nil, nil, `{"type":"attack-building","seat":0}`, "no-building"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGame(t, testSetup(2), 1)
			if tc.setup != nil {
				tc.setup(st(g))
			}
			for _, b := range tc.before {
				do(t, g, b)
			}
			refused(t, g, tc.action, tc.code)
		})
	}
}
