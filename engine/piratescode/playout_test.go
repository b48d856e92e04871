package piratescode

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// agent plays legal-looking moves with its own seeded randomness: it heads
// for a bury site when it has the gold, else a market for its booty, else a
// settlement, and takes every bonus it can. Refused tries are part of the
// test: each must change nothing.
type agent struct {
	t       testing.TB
	g       *Game
	rng     engine.RNG
	log     [][]byte
	refused int
	// check runs the invariants after every accepted action; strict also
	// compares snapshots around every refused one (slower).
	check, strict bool
	// said, when set, reads every sentence players would: each event's
	// text and each refusal's.
	said func(string)
}

func (a *agent) try(js string) bool {
	act, err := Rules().DecodeAction([]byte(js))
	if err != nil {
		a.t.Fatalf("decode %s: %v", js, err)
	}
	var before []byte
	if a.strict {
		before, _ = a.g.Snapshot()
	}
	evs, err := a.g.Apply(act)
	if err != nil {
		re, ok := engine.AsRuleError(err)
		if !ok {
			a.t.Fatalf("apply %s: not a rule error: %v", js, err)
		}
		if a.said != nil {
			a.said(re.Detail)
		}
		if a.strict {
			after, _ := a.g.Snapshot()
			if !bytes.Equal(before, after) {
				a.t.Fatalf("refused %s changed the game", js)
			}
		}
		a.refused++
		return false
	}
	if a.said != nil {
		for _, e := range evs {
			a.said(e.Text)
		}
	}
	a.log = append(a.log, []byte(js))
	if a.check {
		checkInvariants(a.t, a.g)
	}
	return true
}

// goal picks the cell the current player heads for.
func (a *agent) goal(p *Player) (int, string) {
	s := a.g.st
	best, bestD, why := -1, 99, ""
	consider := func(c int, w string) {
		if d := dist(p.Cell, c); d < bestD {
			best, bestD, why = c, d, w
		}
	}
	for c := range cells {
		mc := s.card(c)
		if mc.BuryCost != nil && s.Buried[c] < 0 && p.Gold >= *mc.BuryCost && s.Navy != c {
			consider(c, "bury")
		}
	}
	if best >= 0 {
		return best, why
	}
	for c := range cells {
		if m := s.card(c).Market; m != "" && lastIndex(p.Booty, m) >= 0 {
			consider(c, Trade)
		}
	}
	if best >= 0 {
		return best, why
	}
	for c := range cells {
		if s.card(c).Settlement > 0 && len(p.Booty) < maxBooty {
			consider(c, Plunder)
		}
		if s.Tokens[c] >= 0 {
			consider(c, Search)
		}
	}
	return best, why
}

func (a *agent) turn() {
	s := a.g.st
	seat := int(s.Current)
	p := s.Players[seat]
	if p.Automa {
		// The Legendary Pirate's die, then the dice of any fight it starts.
		if !a.try(fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"digital":true}`, s.Auto.Request)) {
			a.t.Fatal("the automa's die was refused")
		}
		a.fight()
		if !a.g.Over() && a.g.st.Players[a.g.st.Current].Automa {
			a.t.Fatalf("the automa's turn did not end: %+v", a.g.st.Auto)
		}
		return
	}
	goal, why := a.goal(p)
	want := why
	if why == "bury" {
		want = s.captainSide(p).Trigger
	}
	// Choose an order: the wanted one if the wheel allows, else a random one,
	// else the next space (always free).
	moved := false
	for sp, o := range p.Wheel {
		if o == want && sp != p.Captain && a.try(fmt.Sprintf(`{"type":"choose-order","seat":%d,"to":%d}`, seat, sp)) {
			moved = true
		}
	}
	if !moved && !a.try(fmt.Sprintf(`{"type":"choose-order","seat":%d,"to":%d}`, seat, a.rng.IntN(6))) {
		a.try(fmt.Sprintf(`{"type":"choose-order","seat":%d,"to":%d}`, seat, (p.Captain+1)%6))
	}
	p = a.g.st.Players[seat]
	// Sail toward the goal, shortening the path until it is accepted.
	if goal >= 0 && goal != p.Cell {
		var path []string
		at := p.Cell
		for range a.g.st.sail(p) {
			if at == goal {
				break
			}
			at = stepToward(at, goal)
			path = append(path, fmt.Sprintf("%q", cellName(at)))
		}
		for n := len(path); n > 0; n-- {
			if a.try(fmt.Sprintf(`{"type":"sail","seat":%d,"path":[%s]}`, seat, join(path[:n]))) {
				break
			}
		}
	}
	// The order.
	p = a.g.st.Players[seat]
	switch o := p.order(); o {
	case Trade:
		_ = a.try(fmt.Sprintf(`{"type":"trade","seat":%d,"count":%d}`, seat, 1+a.rng.IntN(3))) ||
			a.try(fmt.Sprintf(`{"type":"trade","seat":%d,"count":1}`, seat))
	case CrewUp:
		_ = a.try(fmt.Sprintf(`{"type":"crew-up","seat":%d,"take":%d,"refresh":%v,"mutiny":%v}`, seat, a.rng.IntN(3), a.rng.IntN(4) == 0, a.rng.IntN(6) == 0)) ||
			a.try(fmt.Sprintf(`{"type":"crew-up","seat":%d,"take":0,"discard":0}`, seat))
	case Attack:
		for _, target := range []string{"orange", "green", "seat1", "seat2", "seat3", "seat4"} {
			if a.try(fmt.Sprintf(`{"type":"attack","seat":%d,"target":%q}`, seat, target)) {
				a.fight()
				break
			}
		}
	case HideOut:
		_ = a.try(fmt.Sprintf(`{"type":"hide-out","seat":%d,"assign":{"rigging":%d,"cannons":1,"extort":1}}`, seat, 1+a.rng.IntN(2))) ||
			a.try(fmt.Sprintf(`{"type":"hide-out","seat":%d}`, seat))
	default:
		a.try(fmt.Sprintf(`{"type":%q,"seat":%d}`, o, seat))
	}
	// Every bonus it may have.
	p = a.g.st.Players[seat]
	cards := []string{"captain"}
	for _, k := range p.Crew {
		cards = append(cards, a.g.st.Catalog.Crew[k].ID)
	}
	for _, card := range cards {
		for i := range 2 {
			if a.try(fmt.Sprintf(`{"type":"bonus","seat":%d,"card":%q,"index":%d,"target":"orange","count":1,"take":0,"discard":0}`, seat, card, i)) && a.g.st.Fight != nil {
				a.fight()
			}
		}
	}
	if a.g.Over() {
		return
	}
	if !a.try(fmt.Sprintf(`{"type":"end-turn","seat":%d}`, seat)) {
		a.t.Fatalf("end-turn refused: %+v", a.g.st.Turn)
	}
}

// fight rolls digital dice for both sides, spends sure-fire tokens at random
// and resolves.
func (a *agent) fight() {
	for a.g.st.Fight != nil {
		f := a.g.st.Fight
		switch f.Stage {
		case stageAttackRoll, stageDefendRoll:
			if !a.try(fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"digital":true}`, f.Request)) {
				a.t.Fatal("digital roll refused")
			}
		default:
			seat := f.Attacker
			if f.Stage == stageDefendAdjust {
				seat = f.Defender
			}
			if a.rng.IntN(2) == 0 {
				a.try(fmt.Sprintf(`{"type":"surefire","seat":%d,"die":0,"face":6}`, seat))
			}
			if f.Stage == stageAttackAdjust && !f.Bonus {
				for _, k := range a.g.st.Players[seat].Crew {
					if a.try(fmt.Sprintf(`{"type":"reroll","seat":%d,"card":%q,"dice":[0]}`, seat, a.g.st.Catalog.Crew[k].ID)) {
						break
					}
				}
				if a.g.st.Fight.Stage == stageAttackRoll {
					continue
				}
			}
			if !a.try(fmt.Sprintf(`{"type":"resolve","seat":%d}`, seat)) {
				a.t.Fatalf("resolve refused in %+v", f)
			}
		}
	}
}

func join(parts []string) string {
	out := ""
	for i, p := range parts {
		if i > 0 {
			out += ","
		}
		out += p
	}
	return out
}

// checkInvariants: gold 0-13, sure-fire 0-3 and 12 in all, booty 40 in
// all and at most 3 aboard, 4 Deckhands each, treasures on the map match
// the mats, and the game ends only with three treasures and equal turns.
func checkInvariants(t testing.TB, g *Game) {
	t.Helper()
	s := g.st
	booty := s.Bag[Sugarcane] + s.Bag[Rum] + s.Bag[Coffee] + s.Bag[Gunpowder] + 4
	sure := s.Surefires
	buried := 0
	for _, m := range s.Merchants {
		if m.Booty != "" {
			booty++
		}
	}
	for i, p := range s.Players {
		if p.Gold < 0 || p.Gold > maxGold || p.Surefire < 0 || p.Surefire > maxSurefire || len(p.Booty) > maxBooty || len(p.Crew) > maxCrew {
			t.Fatalf("seat %d out of bounds: gold %d surefire %d booty %v crew %d", i+1, p.Gold, p.Surefire, p.Booty, len(p.Crew))
		}
		want := deckhands
		if p.Automa {
			want = 3
		}
		if n := p.handsOnMat() + p.handsOnWheel() + p.Reserve; n != want {
			t.Fatalf("seat %d has %d Deckhands: %v %v reserve %d", i+1, n, p.Assign, p.WheelHands, p.Reserve)
		}
		for _, a := range Assignments {
			if p.Assign[a] < 0 {
				t.Fatalf("seat %d: negative %s", i+1, a)
			}
		}
		booty += len(p.Booty)
		sure += p.Surefire
		buried += p.Buried
	}
	if booty != 4*bootyEach {
		t.Fatalf("booty not conserved: %d", booty)
	}
	if sure != 12 {
		t.Fatalf("sure-fire tokens not conserved: %d", sure)
	}
	onMap := 0
	for _, b := range s.Buried {
		if b >= 0 {
			onMap++
		}
	}
	if onMap != buried {
		t.Fatalf("%d treasures on the map, %d off the mats", onMap, buried)
	}
	if s.Over {
		turns := s.Players[0].Turns
		for _, p := range s.Players {
			if p.Turns != turns && s.automa() < 0 {
				t.Fatalf("game over with unequal turns")
			}
		}
		if len(s.Winners) == 0 || s.Players[s.Winners[0]].Buried != treasures {
			t.Fatalf("game over without a winner with 3 treasures: %v", s.Winners)
		}
	}
	if _, err := json.Marshal(g.View(engine.Public)); err != nil {
		t.Fatal(err)
	}
}

// playout plays one game to its end (or maxTurns) and returns the agent.
func playout(t testing.TB, players int, seed uint64, check bool, maxTurns int) *agent {
	a := &agent{t: t, g: newTestGame(t, players, seed), rng: engine.NewRNG(seed * 7919), check: check}
	for turns := 0; !a.g.Over() && turns < maxTurns; turns++ {
		a.turn()
	}
	return a
}

func TestRandomPlayouts(t *testing.T) {
	ended := 0
	games := 0
	for players := 1; players <= 4; players++ {
		for seed := uint64(1); seed <= 3; seed++ {
			games++
			// One game per count checks that every refusal changes nothing.
			a := &agent{t: t, g: newTestGame(t, players, seed), rng: engine.NewRNG(seed * 7919), check: true, strict: seed == 1}
			for turns := 0; !a.g.Over() && turns < 600; turns++ {
				a.turn()
			}
			if a.g.Over() {
				ended++
			}
			// Replay gives the same snapshot.
			var acts []engine.Action
			for _, b := range a.log {
				act, err := Rules().DecodeAction(b)
				if err != nil {
					t.Fatal(err)
				}
				acts = append(acts, act)
			}
			g2, err := engine.Replay(Rules(), testSetup(t, players), seed, acts)
			if err != nil {
				t.Fatal(err)
			}
			s1, _ := a.g.Snapshot()
			s2, _ := g2.Snapshot()
			if !bytes.Equal(s1, s2) {
				t.Fatalf("%d players seed %d: replay differs", players, seed)
			}
		}
	}
	if ended != games {
		t.Fatalf("only %d of %d random games reached the end", ended, games)
	}
}
