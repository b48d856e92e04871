package deadreckoning

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/data"
)

// More refusals, each from its own arrangement.
func TestMoreRefusals(t *testing.T) {
	t.Run("explore elsewhere", func(t *testing.T) {
		g := newGame(t, testSetup(2), 1)
		place(st(g), 0, Pos{1, 1})
		do(t, g, `{"type":"set-sails","seat":0}`)
		do(t, g, `{"type":"move","seat":0,"path":["R2C1"]}`)
		refused(t, g, `{"type":"explore","seat":0,"at":"R3C1","island":"test-isle-9"}`, "explore-where")
		refused(t, g, `{"type":"explore","seat":1,"island":"test-isle-9"}`, "not-your-turn")
	})
	t.Run("sleeving", func(t *testing.T) {
		g := newGame(t, testSetup(2), 1)
		s := st(g)
		sleeveInto(s, 0, "crew-1", "test-adv-1-top")
		s.Players[0].SetAside = []Adv{{Inst: 90, ID: "test-adv-2-top"}, {Inst: 91}}
		setHand(g, 0, "crew-1")
		do(t, g, `{"type":"play-card","seat":0,"card":"crew-1"}`)
		refused(t, g, `{"type":"end-turn","seat":0,"sleeves":[{"adv":89,"card":"crew-1"}]}`, "sleeve-which")
		refused(t, g, `{"type":"end-turn","seat":0,"sleeves":[{"adv":90,"card":"crew-1"}]}`, "sleeve-covered")
		refused(t, g, `{"type":"end-turn","seat":0,"sleeves":[{"adv":91,"card":"crew-1"}]}`, "card-not-entered")
		// Neither can be sleeved: both may stay set aside.
		do(t, g, `{"type":"end-turn","seat":0}`)
	})
	t.Run("draw named", func(t *testing.T) {
		g := newGame(t, testSetup(2), 1)
		setHand(g, 0, "captain", "purser")
		refused(t, g, `{"type":"end-turn","seat":0,"drawn":["captain","crew-1","crew-2","crew-3"]}`, "draw-card")
		do(t, g, `{"type":"end-turn","seat":0,"drawn":["bosun","crew-1","crew-2","crew-3"]}`)
		if h := st(g).Players[0].Hand; len(h) != 6 || h[2] != "bosun" {
			t.Fatalf("the named cards are drawn: %v", h)
		}
	})
	t.Run("load from island", func(t *testing.T) {
		g := newGame(t, testSetup(2), 1)
		s := st(g)
		giveControl(s, Pos{1, 1}, 0)
		place(s, 0, Pos{1, 1})
		refused(t, g, `{"type":"load","seat":0,"from":"island","holds":{"A":{"cargo":1}}}`, "not-on-island")
	})
	t.Run("gain on island", func(t *testing.T) {
		su := testSetup(2)
		su.Catalog.Advancements = append(su.Catalog.Advancements, testAdv("test-isle-gain", "gain-coins", "island"), testAdv("test-ship-gain", "gain-cargo", "ship"))
		g := newGame(t, su, 1)
		s := st(g)
		sleeveInto(s, 0, "crew-1", "test-isle-gain")
		sleeveInto(s, 0, "crew-2", "test-ship-gain")
		setHand(g, 0, "crew-1", "crew-2")
		do(t, g, `{"type":"play-card","seat":0,"card":"crew-1"}`)
		do(t, g, `{"type":"play-card","seat":0,"card":"crew-2"}`)
		refused(t, g, `{"type":"use-ability","seat":0,"card":"crew-1","source":"top","ability":0}`, "gain-island")
		refused(t, g, `{"type":"use-ability","seat":0,"card":"crew-2","source":"top","ability":0}`, "put-needed")
		do(t, g, `{"type":"use-ability","seat":0,"card":"crew-2","source":"top","ability":0,"put":{"holds":{"D":{"cargo":2}}}}`)
		conserved(t, st(g))
	})
	t.Run("pay from ship only", func(t *testing.T) {
		g := newGame(t, testSetup(2), 1)
		place(st(g), 0, Pos{1, 1})
		stow(st(g), 0, 0, 1)
		s := st(g).clone()
		if err := s.pay(&s.Players[0], Payment{Dock: 1}, 1, "ship", 10); err == nil {
			t.Fatal("a cost paid from the ship cannot come from the Dock tile")
		}
		if err := s.pay(&s.Players[0], Payment{Holds: map[string]int{"A": 1}}, 1, "dock", 10); err == nil {
			t.Fatal("a cost paid from the Dock tile cannot come from the ship")
		}
	})
	t.Run("no buildings left", func(t *testing.T) {
		g := newGame(t, testSetup(2), 1)
		s := st(g)
		giveControl(s, Pos{1, 1}, 0)
		for i := range s.Boards {
			if s.Boards[i].Island == nil {
				s.Boards[i].Island = &IslandState{ID: "test-isle-12", Slots: []engine.Seat{}, Permanent: make([]int, 2), Buildings: []string{}, Controller: engine.NoSeat, LastController: engine.NoSeat}
			}
		}
		// Ten outposts already on the table (arranged on placeholder islands).
		k := 0
		for i := range s.Boards {
			if s.Boards[i].At != (Pos{1, 1}) && k < 10 {
				s.Boards[i].Island.Buildings = []string{Outpost}
				k++
			}
		}
		s.Players[0].Card("first-mate").Level = 2
		s.Players[0].Dock = 2
		setHand(g, 0, "first-mate")
		do(t, g, `{"type":"play-card","seat":0,"card":"first-mate"}`)
		refused(t, g, `{"type":"use-ability","seat":0,"card":"first-mate","ability":0,"builds":[{"at":"R1C1","building":"outpost"}],"pay":{"dock":2}}`, "build-none-left")
	})
	t.Run("bonus chosen twice", func(t *testing.T) {
		su := testSetup(2)
		su.Options.BonusTokens = true
		g := newGame(t, su, 1)
		do(t, g, `{"type":"choose-bonus-token","seat":1,"token":""}`)
		refused(t, g, `{"type":"choose-bonus-token","seat":1,"token":""}`, "bonus-chosen")
	})
	t.Run("new tile with a taken id", func(t *testing.T) {
		g := newGame(t, testSetup(2), 1)
		s := st(g)
		s.Players[0].Card("bosun").Level = 3
		s.Players[0].Dock = 3
		setHand(g, 0, "bosun")
		do(t, g, `{"type":"play-card","seat":0,"card":"bosun"}`)
		refused(t, g, `{"type":"use-ability","seat":0,"card":"bosun","ability":1,"option":1,"pay":{"dock":3},"tile":{"newTile":{"id":"test-tile-basic","name":"Other","tier":"basic"},"space":"B"}}`, "tile")
		refused(t, g, `{"type":"use-ability","seat":0,"card":"bosun","ability":1,"option":1,"pay":{"dock":3},"tile":{"id":"nope","space":"B"}}`, "tile")
	})
}

func testAdv(id, kind, to string) data.Advancement {
	return data.Advancement{ID: id, Name: "Test " + id, Row: 1, Slot: "top", Cost: 1,
		Abilities: []data.Ability{{Options: []data.Option{{Effects: []data.Effect{{Kind: kind, N: 2, To: to}}}}}}}
}

// p. 15: an opponent's Fort also stops you taking your own cubes off the island.
func TestReclaimNotFromFortifiedIsland(t *testing.T) {
	g := newGame(t, testSetup(2), 1)
	s := st(g)
	islandWith(s, Pos{1, 2}, []engine.Seat{blu, blu, blu, pur, __}, nil) // Ben controls
	s.Board(Pos{1, 2}).Island.Buildings = []string{Fort}
	place(s, pur, Pos{1, 1})
	s.Players[pur].Cubes = 0
	fixCubes(s, pur)
	setHand(g, pur, "deck-hand-1")
	do(t, g, `{"type":"play-card","seat":0,"card":"deck-hand-1"}`)
	refused(t, g, `{"type":"use-ability","seat":0,"card":"deck-hand-1","ability":0,"reclaim":["R1C2"]}`, "fort")
}
