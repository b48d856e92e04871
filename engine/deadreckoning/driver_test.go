package deadreckoning

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// driver takes random actions: it proposes plausible actions and keeps the
// first the rules accept. Refused proposals must change nothing.
type driver struct {
	g   *Game
	rng *rand.Rand
	// end is the end-turn proposal: tried first now and then, else last.
	end engine.Action
	// fallback is tried after everything else (a battle's outcome recorded
	// by hand when no battle step was accepted).
	fallback engine.Action
}

// battlesFought counts the battles the drivers resolved through battle-step
// actions (tests run one at a time in this package).
var battlesFought int

func seatPtr(s engine.Seat) *engine.Seat { return &s }

func hdr(typ string, seat engine.Seat) engine.ActionHeader {
	return engine.ActionHeader{Type: typ, Seat: seat}
}

// proposals lists candidate actions for the current state.
func (d *driver) proposals() []engine.Action {
	s := d.g.st
	seat := s.Turn.Seat
	p := &s.Players[seat]
	var out []engine.Action
	r := d.rng
	// Entering unknown cards is always possible.
	for _, b := range s.Boards {
		if b.Card != nil && b.Card.Adv.ID == "" {
			var ids []string
			for _, a := range s.Catalog.Advancements {
				if a.Row == b.Card.Row {
					ids = append(ids, a.ID)
				}
			}
			out = append(out, &RevealCard{ActionHeader: hdr("reveal-card", engine.NoSeat), At: b.At, Card: ids[r.IntN(len(ids))]})
		}
	}
	if pe := s.Turn.PendingExplore; pe != nil {
		e := &Explore{ActionHeader: hdr("explore", seat)}
		e.OpenSea = &OpenSeaEntry{Arrows: []string{[]string{"up", "down", "left", "right"}[r.IntN(4)]}}
		out = append(out, e)
		for i := 1; i <= 12; i++ {
			out = append(out, &Explore{ActionHeader: hdr("explore", seat), BoardEntry: BoardEntry{Island: fmt.Sprintf("test-isle-%d", i)}})
		}
		return out
	}
	if pb := s.CurrentBattle(); pb != nil {
		o := &RecordBattleOutcome{ActionHeader: hdr("record-battle-outcome", engine.NoSeat)}
		o.AttackerWon = r.IntN(2) == 0
		o.DamageToAttacker = r.IntN(3)
		o.DamageToDefender = r.IntN(3)
		if pb.Kind == BattleMerchant && o.AttackerWon {
			o.MerchantKept = r.IntN(2) == 0
		}
		att := &s.Players[pb.Attacker]
		if pb.Kind != BattleBuilding && r.IntN(2) == 0 && att.Ship.Spaces[0].Hold.Total() < s.HoldCapacity(att, 0) {
			o.AttackerPlunder = &Plunder{Holds: Goods{"A": {Cargo: 1}}}
		}
		j := &Jettison{ActionHeader: hdr("jettison", pb.Defender), Holds: Goods{"A": {Cargo: 1}}}
		// Mostly fight the battle step by step, with the outcome recorded
		// by hand as the fallback.
		if r.IntN(30) != 0 {
			if steps := d.battleProposals(pb); len(steps) > 0 {
				d.fallback = o
				return append(append(out, steps...), j)
			}
		}
		return append(out, o, j)
	}
	// Off-turn levelling.
	for i := range s.Players {
		q := &s.Players[i]
		if q.CanLevel && len(q.Hand) > 0 {
			out = append(out, &LevelUp{ActionHeader: hdr("level-up", q.Seat), Card: q.Hand[r.IntN(len(q.Hand))]})
		}
		g := q.ShipGoods()
		if g.Total() > 0 && r.IntN(3) == 0 {
			// Rearrange everything into D then A.
			dcap := s.HoldCapacity(q, 3)
			toD := min(g.Total(), dcap)
			dc := min(toD, g.Cargo)
			holds := Goods{"D": {Cargo: dc, Coins: toD - dc}, "A": {Cargo: g.Cargo - dc, Coins: g.Coins - (toD - dc)}}
			out = append(out, &Rearrange{ActionHeader: hdr("rearrange", q.Seat), Holds: holds})
		}
	}
	if len(p.Hand) > 0 {
		out = append(out, &PlayCard{ActionHeader: hdr("play-card", seat), Card: p.Hand[r.IntN(len(p.Hand))]})
	}
	out = append(out, &SetSails{ActionHeader: hdr("set-sails", seat)})
	// Moves: a random walk of 1-3 steps.
	path := []Pos{}
	at := p.Ship.At
	for k := 0; k < 1+r.IntN(3); k++ {
		var next []Pos
		for _, q := range append([]Pos{Harbor}, allPos()...) {
			if Adjacent(at, q) {
				next = append(next, q)
			}
		}
		at = next[r.IntN(len(next))]
		path = append(path, at)
	}
	out = append(out, &Move{ActionHeader: hdr("move", seat), Path: path})
	// Cargo handling.
	hold := []string{"A", "D"}[r.IntN(2)]
	out = append(out,
		&Load{ActionHeader: hdr("load", seat), From: "dock", Holds: Goods{hold: {Cargo: 1 + r.IntN(3)}}},
		&Load{ActionHeader: hdr("load", seat), From: "island", Holds: Goods{hold: {Cargo: r.IntN(3), Coins: r.IntN(2)}}},
		&Unload{ActionHeader: hdr("unload", seat), To: []string{"dock", "island"}[r.IntN(2)], Holds: Goods{hold: {Cargo: r.IntN(2), Coins: r.IntN(2)}}},
		&Jettison{ActionHeader: hdr("jettison", seat), Holds: Goods{hold: {Cargo: 1}}},
		&MasterMerchant{ActionHeader: hdr("master-merchant", seat), Pay: Payment{Dock: p.Dock, Holds: map[string]int{"A": p.Ship.Spaces[0].Hold.Cargo, "D": p.Ship.Spaces[3].Hold.Cargo}}},
	)
	if b := s.Board(p.Ship.At); b != nil && b.Card != nil && b.Card.Adv.ID != "" {
		def, _ := s.Catalog.Advancement(b.Card.Adv.ID)
		a := min(def.Cost, p.Ship.Spaces[0].Hold.Cargo)
		out = append(out, &Buy{ActionHeader: hdr("buy", seat), Pay: map[string]int{"A": a, "D": def.Cost - a}})
		if def.Encounter {
			out = append(out, &AttackMerchant{ActionHeader: hdr("attack-merchant", seat), Back: MerchantBack{Name: "Test Merchant", Cubes: 3}})
		}
	}
	for i := range s.Players {
		if engine.Seat(i) != seat {
			out = append(out, &AttackShip{ActionHeader: hdr("attack-ship", seat), Target: engine.Seat(i)})
		}
	}
	out = append(out, &AttackBuilding{ActionHeader: hdr("attack-building", seat)})
	// Abilities of played cards.
	var opp []engine.Seat
	for i := range s.Players {
		if engine.Seat(i) != seat {
			opp = append(opp, engine.Seat(i))
		}
	}
	var islands []Pos
	for _, b := range s.Boards {
		if b.Island != nil {
			islands = append(islands, b.At)
		}
	}
	for _, id := range p.Played {
		card := p.Card(id)
		for _, src := range cardSources(card) {
			abs, _ := s.cardAbilities(card, src)
			for ai, ab := range abs {
				u := &UseAbility{ActionHeader: hdr("use-ability", seat), AbilityRef: AbilityRef{Card: id, Source: src, Ability: ai, Option: r.IntN(len(ab.Options))}}
				rep := []engine.Seat{}
				for k := 0; k < 4; k++ {
					rep = append(rep, opp[r.IntN(len(opp))])
				}
				u.Replace = rep[:r.IntN(5)]
				if len(islands) > 0 {
					u.Islands = []Pos{islands[r.IntN(len(islands))]}
					u.Builds = []BuildOrder{{At: islands[r.IntN(len(islands))], Building: []string{Fort, Outpost, Garrison}[r.IntN(3)]}}
				}
				u.Pay = &Payment{Dock: r.IntN(7)}
				// Pay exactly what the chosen option costs, when that is known.
				opt := ab.Options[u.Option]
				for _, e := range opt.Effects {
					switch e.Kind {
					case "upgrade", "repair":
						u.Pay = &Payment{Dock: e.Cost}
					case "build":
						if len(u.Builds) > 0 {
							if k, ok := s.Catalog.BuildingCost(u.Builds[0].Building); ok {
								u.Pay = &Payment{Dock: k}
							}
						}
					}
				}
				u.Tile = &TileChoice{ID: []string{"test-tile-basic", "test-tile-advanced", ""}[r.IntN(3)], Space: spaceNames[r.IntN(4)]}
				u.Target = seatPtr(opp[r.IntN(len(opp))])
				out = append(out, u)
			}
		}
	}
	// End the turn, sleeving what fits.
	e := &EndTurn{ActionHeader: hdr("end-turn", seat)}
	if r.IntN(2) == 0 {
		pirate := r.IntN(2) == 0 && !p.inHarbor()
		e.Pirate = &pirate
	}
	used := map[string]bool{}
	for _, adv := range p.SetAside {
		def, ok := s.Catalog.Advancement(adv.ID)
		if !ok {
			continue
		}
		for _, id := range p.Played {
			k := id + def.Slot
			if !used[k] && *p.Card(id).slot(def.Slot) == nil {
				used[k] = true
				e.Sleeves = append(e.Sleeves, Sleeve{Adv: adv.Inst, Card: id})
				break
			}
		}
	}
	d.end = e
	return out
}

func allPos() []Pos {
	var out []Pos
	for r := 1; r <= Rows; r++ {
		for c := 1; c <= Cols; c++ {
			out = append(out, Pos{r, c})
		}
	}
	return out
}

// step applies one random accepted action and returns it.
func (d *driver) step(t testing.TB) engine.Action {
	d.end, d.fallback = nil, nil
	props := d.proposals()
	d.rng.Shuffle(len(props), func(i, j int) { props[i], props[j] = props[j], props[i] })
	if d.end != nil {
		if d.rng.IntN(6) == 0 {
			props = append([]engine.Action{d.end}, props...)
		} else {
			props = append(props, d.end)
		}
	}
	if d.fallback != nil {
		props = append(props, d.fallback)
	}
	var refusals []string
	for _, a := range props {
		before := d.g.st
		evs, err := d.g.Apply(a)
		if err == nil {
			for _, e := range evs {
				if e.Type == "battle-over" {
					battlesFought++
				}
			}
			return a
		}
		if _, ok := engine.AsRuleError(err); !ok {
			t.Fatalf("action %+v: not a rule error: %v", a, err)
		}
		js, _ := Codec().Encode(a)
		refusals = append(refusals, fmt.Sprintf("%s: %v", js, err))
		if d.g.st != before {
			t.Fatalf("refused action replaced the state")
		}
	}
	for _, r := range refusals {
		t.Log("refused", r)
	}
	return nil
}

func playout(t testing.TB, players int, seed uint64, maxActions int, check bool) (*Game, []engine.Action) {
	g, log, _ := playoutSnap(t, players, seed, maxActions, check)
	return g, log
}

// playoutSnap also returns the snapshot before the last action.
func playoutSnap(t testing.TB, players int, seed uint64, maxActions int, check bool) (*Game, []engine.Action, []byte) {
	s := testSetup(players)
	s.Start = nil
	g := newGame(t, s, seed)
	d := &driver{g: g, rng: rand.New(rand.NewPCG(seed, 1))}
	var log []engine.Action
	var prev []byte
	achCount := make([]int, players)
	for len(log) < maxActions && !g.Over() {
		if check {
			prev, _ = g.Snapshot()
		}
		a := d.step(t)
		if a == nil {
			t.Fatalf("seed %d: no action accepted after %d actions", seed, len(log))
		}
		log = append(log, a)
		if check {
			conserved(t, g.st)
			// Achievements are never lost (p. 21).
			for i, p := range g.st.Players {
				if len(p.Achievements) < achCount[i] {
					t.Fatalf("seed %d: %s lost an achievement after %s", seed, p.Name, a.Head().Type)
				}
				achCount[i] = len(p.Achievements)
			}
		}
	}
	return g, log, prev
}

func TestRandomPlayouts(t *testing.T) {
	games, length := 9, 2000
	if testing.Short() {
		games, length = 4, 300
	}
	types := map[string]int{}
	over := 0
	battlesFought = 0
	for i := 0; i < games; i++ {
		seed := uint64(i + 1)
		g, log, prevSnap := playoutSnap(t, 2+i%3, seed, length, true)
		for _, a := range log {
			types[a.Head().Type]++
		}
		if g.Over() {
			over++
		}
		// Replaying the log gives the same state.
		s := testSetup(2 + i%3)
		s.Start = nil
		raw, _ := json.Marshal(s)
		r, err := engine.Replay(Rules(), raw, seed, log)
		if err != nil {
			t.Fatalf("seed %d: replay: %v", seed, err)
		}
		a, _ := g.Snapshot()
		b, _ := r.Snapshot()
		if string(a) != string(b) {
			t.Fatalf("seed %d: replay gives a different state", seed)
		}
		// Undo by replay: all but the last action gives the state before it.
		if len(log) > 1 {
			prev, err := engine.Replay(Rules(), raw, seed, log[:len(log)-1])
			if err != nil {
				t.Fatal(err)
			}
			before, _ := prev.Snapshot()
			if string(before) != string(prevSnap) {
				t.Fatalf("seed %d: undo by replay does not restore the previous state", seed)
			}
		}
		// Encoding every action and decoding it again gives the same action.
		for _, act := range log {
			js, err := Codec().Encode(act)
			if err != nil {
				t.Fatal(err)
			}
			back, err := Rules().DecodeAction(js)
			if err != nil {
				t.Fatalf("decode %s: %v", js, err)
			}
			js2, _ := Codec().Encode(back)
			if string(js) != string(js2) {
				t.Fatalf("round trip: %s != %s", js, js2)
			}
		}
	}
	t.Logf("action types taken: %v; %d of %d games played to the end; %d battles fought step by step", types, over, games, battlesFought)
	if battlesFought == 0 && !testing.Short() {
		t.Error("no random battle was fought through battle-step actions")
	}
	if over == 0 && !testing.Short() {
		t.Error("no random game reached the end: the final turns are not exercised")
	}
	for _, want := range []string{"play-card", "set-sails", "move", "explore", "end-turn", "use-ability", "load", "buy", "level-up", "battle-step"} {
		if types[want] == 0 {
			t.Errorf("random playouts never took a %q action", want)
		}
	}
}

// The hand-written clone must equal the state and share nothing with it.
func TestCloneIsDeep(t *testing.T) {
	g, _ := playout(t, 4, 3, 150, false)
	s := g.st
	c := s.clone()
	a, _ := json.Marshal(s)
	b, _ := json.Marshal(c)
	if string(a) != string(b) {
		t.Fatal("clone differs from the state")
	}
	// Mutate everything reachable in the clone; the original must not move.
	for i := range c.Players {
		p := &c.Players[i]
		p.Deck = append(p.Deck[:0], "x")
		p.Progress["x"] = 1
		for j := range p.Cards {
			if p.Cards[j].Top != nil {
				p.Cards[j].Top.ID = "x"
			}
		}
		p.Ship.Spaces[1].Tiles = append(p.Ship.Spaces[1].Tiles, Tile{Tier: "x"})
	}
	for i := range c.Boards {
		if c.Boards[i].Island != nil {
			c.Boards[i].Island.Slots[0] = 3
			c.Boards[i].Island.Cargo = 99
		}
		if c.Boards[i].Card != nil {
			c.Boards[i].Card.Row = 9
		}
	}
	c.Turn.Used = append(c.Turn.Used[:0], "x")
	c.Catalog.BuildingCosts["garrison"] = new(int)
	a2, _ := json.Marshal(s)
	if string(a) != string(a2) {
		t.Fatal("changing the clone changed the original")
	}
}
