package piratescode

import (
	"encoding/json"
	"fmt"
	"slices"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// automaRolls ends your turn and answers the Legendary Pirate's die.
func automaRolls(t *testing.T, g *Game, face int) []engine.Event {
	t.Helper()
	g.st.Current = 0
	g.st.Turn = Turn{Step: stepBonus, OrderDone: true}
	do(t, g, `{"type":"end-turn","seat":0}`)
	if g.st.Auto == nil || len(g.st.Dice.Open) != 1 {
		t.Fatalf("no order die asked for the Legendary Pirate")
	}
	return do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["%d"]}`, g.st.Auto.Request, face))
}

func TestSoloSetup(t *testing.T) {
	g := newTestGame(t, 1, 21)
	if len(g.st.Players) != 2 {
		t.Fatal("no Legendary Pirate")
	}
	you, lp := g.st.Players[0], g.st.Players[1]
	if !lp.Automa || lp.Gold != 0 || lp.Reserve != 0 || lp.handsOnMat() != 3 || !lp.InCove || lp.Captain != 0 {
		t.Fatalf("the Legendary Pirate does not start as Solo setup says: %+v", lp)
	}
	if you.Booty[0] != g.st.Market[0] || lp.Booty[0] != g.st.Market[1] {
		t.Fatalf("starting booty: you %v, it %v, market %v", you.Booty, lp.Booty, g.st.Market)
	}
	for c := range cells {
		if g.st.card(c).Cove && c != you.Cell && dist(c, g.st.Navy) > dist(lp.Cell, g.st.Navy) {
			t.Fatalf("its cove %s is not the farthest from the Navy (%s is farther)", cellName(lp.Cell), cellName(c))
		}
	}
}

// The solo wheel: skips paid with the rightmost Deckhand; short of
// Deckhands it stops early; Deckhands passed return to the leftmost free
// assignment.
func TestSoloWheel(t *testing.T) {
	g := newTestGame(t, 1, 22)
	lp := g.st.Players[1]
	lp.Wheel = [6]string{HideOut, Search, Search, Search, Search, Search} // no attack: nothing else to roll
	automaRolls(t, g, 3)
	lp = g.st.Players[1]
	if lp.Captain != 3 || lp.WheelHands[1] != 1 || lp.WheelHands[2] != 1 || lp.Assign[Extort] != 0 || lp.Assign[Cannons] != 0 || lp.Assign[Rigging] != 1 {
		t.Fatalf("die 3: captain %d wheel %v assign %v", lp.Captain, lp.WheelHands, lp.Assign)
	}
	// Die 2 from 3: past 4 (Rigging pays), 5 cannot be paid: it stops on 5.
	automaRolls(t, g, 2)
	lp = g.st.Players[1]
	if lp.Captain != 5 || lp.Assign[Rigging] != 0 || lp.WheelHands[4] != 1 {
		t.Fatalf("short of Deckhands: captain %d wheel %v assign %v", lp.Captain, lp.WheelHands, lp.Assign)
	}
	// Die 2 again (its Deckhand from 4 put in Repair by hand): Hide Out is
	// free, 1 frees its Deckhand to Rigging, landing on 2 frees to Cannons.
	g.st.Players[1].Assign[Repair] = 1
	g.st.Players[1].WheelHands[4] = 0
	automaRolls(t, g, 2)
	lp = g.st.Players[1]
	if lp.Captain != 2 || lp.Assign[Rigging] != 1 || lp.Assign[Cannons] != 1 || lp.Assign[Repair] != 1 || lp.handsOnWheel() != 0 {
		t.Fatalf("die 2 round the wheel: captain %d wheel %v assign %v", lp.Captain, lp.WheelHands, lp.Assign)
	}
}

// A 6 always targets you: it advances its Legend token and sails toward you.
func TestSoloSixTargetsYou(t *testing.T) {
	g := newTestGame(t, 1, 23)
	lp := g.st.Players[1]
	lp.Mat = 0 // test data: track 1 is Plunder then Attack
	you := g.st.Players[0]
	you.InCove = true
	evs := automaRolls(t, g, 6)
	// The log names its orders as players say them, not as a list of codes.
	said := ""
	for _, e := range evs {
		if e.Type == "automa-legend" {
			said = e.Text
		}
	}
	if said != "The Legendary Pirate's legend action: Plunder and Attack against you" {
		t.Errorf("the legend action reads %q", said)
	}
	lp = g.st.Players[1]
	if lp.Track != 1 || len(lp.Booty) < 1 {
		t.Fatalf("legend action not carried out: track %d booty %v", lp.Track, lp.Booty)
	}
	d0 := dist(g.st.Players[0].Cell, lp.Cell)
	if d0 > 0 && lp.InCove {
		t.Fatal("it did not sail")
	}
	if g.st.Fight != nil {
		t.Fatal("it attacked you in your cove")
	}
}

// When its gold reaches the top it buries at the nearest free site, the
// cheapest on a tie, and its gold goes back to zero (the rest is lost).
func TestSoloBury(t *testing.T) {
	g := newTestGame(t, 1, 24)
	lp := g.st.Players[1]
	lp.Mat = 1 // gold top 8
	lp.Gold = 6
	c := &ctx{s: g.st}
	c.automaGold(1, lp, 5)
	if lp.Gold != 0 || lp.Buried != 1 {
		t.Fatalf("gold %d buried %d", lp.Gold, lp.Buried)
	}
	var at int
	for cell, b := range g.st.Buried {
		if b == 1 {
			at = cell
		}
	}
	for cell := range cells {
		mc := g.st.card(cell)
		if mc.BuryCost == nil || cell == at {
			continue
		}
		d, best := dist(lp.Cell, cell), dist(lp.Cell, at)
		if d < best || d == best && *mc.BuryCost < *g.st.card(at).BuryCost {
			t.Fatalf("buried on %s, but %s is nearer or as near and cheaper", cellName(at), cellName(cell))
		}
	}
	// Its third treasure wins at once.
	lp.Buried = 2
	c.automaGold(1, lp, 8)
	if !g.st.Over || !slices.Equal(g.st.Winners, []engineSeat{1}) {
		t.Fatalf("third treasure: over %v winners %v", g.st.Over, g.st.Winners)
	}
}

// Crew Up with 4 crew sends the row of 3 to the bottom and deals 3 new.
func TestSoloCrewUpCyclesTheRow(t *testing.T) {
	g := newTestGame(t, 1, 25)
	lp := g.st.Players[1]
	lp.Crew = []int{g.st.CrewDeck[0], g.st.CrewDeck[1], g.st.CrewDeck[2], g.st.CrewDeck[3]}
	g.st.CrewDeck = g.st.CrewDeck[4:]
	row := slices.Clone(g.st.CrewRow)
	c := &ctx{s: g.st}
	c.automaOrder(1, lp, CrewUp)
	if len(lp.Crew) != 4 || slices.Equal(row, g.st.CrewRow) || !slices.Equal(g.st.CrewDeck[len(g.st.CrewDeck)-3:], row) {
		t.Fatalf("crew %v row %v -> %v deck %v", lp.Crew, row, g.st.CrewRow, g.st.CrewDeck)
	}
}

// You against the Legendary Pirate: it wins → you are jostled with a
// sure-fire token and it gains the lower merchant gold; you win → your
// legend rises, it is jostled, gains 1 gold and hides in the nearest cove.
func TestSoloFights(t *testing.T) {
	g := newTestGame(t, 1, 26)
	lp := g.st.Players[1]
	lp.Wheel = [6]string{HideOut, Attack, Attack, Attack, Attack, Attack}
	lp.Helm = 0 // test data: targets you from space 2; symbols 6, 4
	lp.Captain = 1
	lp.Gold = 0
	you := g.st.Players[0]
	you.Cell, you.InCove = lp.Cell, false
	lp.InCove = false
	g.st.Merchants[0].Card, g.st.Merchants[1].Card = 6, 3 // gold 3 and 2
	automaRolls(t, g, 2)
	if f := g.st.Fight; f == nil || f.Stage != stageAttackRoll || f.Defender != 0 {
		t.Fatalf("no attack on you: %+v", g.st.Fight)
	}
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["6","4"]}`, g.st.Fight.Request)) // 2 + 1 Cannons
	if g.st.Fight.Stage != stageDefendRoll {
		t.Fatalf("its side was not counted at once: %s", g.st.Fight.Stage)
	}
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["1","1"]}`, g.st.Fight.Request))
	do(t, g, `{"type":"resolve","seat":0}`) // you: 1 Cannons
	you, lp = g.st.Players[0], g.st.Players[1]
	if you.Surefire != 1 || you.Assign[Repair] != 1 || lp.Gold != 2 || g.st.Current != 0 || g.st.Auto != nil {
		t.Fatalf("it won: your surefire %d repair %d; its gold %d; current %d", you.Surefire, you.Assign[Repair], lp.Gold, g.st.Current)
	}
	// Now you attack it.
	lp.InCove = false
	you.Cell = lp.Cell
	you.Assign[Cannons] = 3
	standOn(g, 0, Attack)
	do(t, g, `{"type":"attack","seat":0,"target":"seat2"}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["6","5"]}`, g.st.Fight.Request))
	do(t, g, `{"type":"resolve","seat":0}`)
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["1","1"]}`, g.st.Fight.Request))
	you, lp = g.st.Players[0], g.st.Players[1]
	if g.st.Fight != nil || you.Legend != 1 || lp.Gold != 3 || !lp.InCove || !g.st.card(lp.Cell).Cove {
		t.Fatalf("you won: fight %v legend %d; its gold %d cove %v", g.st.Fight, you.Legend, lp.Gold, lp.InCove)
	}
}

// In a solo game your third treasure wins at once.
func TestSoloYourThirdTreasureWins(t *testing.T) {
	g := newTestGame(t, 1, 27)
	you := g.st.Players[0]
	you.Buried, you.Gold = 2, 13
	put(g, 0, 8)
	g.st.Navy = (you.Cell + 1) % 16
	for c := range g.st.Buried {
		g.st.Buried[c] = -1
	}
	g.st.Players[0].Buried = 2
	standOn(g, 0, g.st.captainSide(g.st.Players[0]).Trigger)
	do(t, g, `{"type":"bonus","seat":0,"card":"captain","index":0}`)
	if !g.Over() || !slices.Equal(g.st.Winners, []engineSeat{0}) {
		t.Fatalf("over %v winners %v", g.Over(), g.st.Winners)
	}
}

// Solo games played to the end, the Legendary Pirate winning some.
func TestSoloGamesToTheEnd(t *testing.T) {
	won := map[engineSeat]int{}
	for seed := uint64(1); seed <= 8; seed++ {
		a := playout(t, 1, seed, true, 400)
		if !a.g.Over() {
			t.Fatalf("seed %d: the solo game did not end", seed)
		}
		won[a.g.st.Winners[0]]++
	}
	if won[0] == 0 || won[1] == 0 {
		t.Fatalf("wins %v: expected both you and the Legendary Pirate to win some test games", won)
	}
}

// During the Legendary Pirate's turn you wait for its die; the public view
// and your phone show the roll it needs.
func TestSoloWaitsForItsDie(t *testing.T) {
	g := newTestGame(t, 1, 28)
	g.st.Turn = Turn{Step: stepBonus, OrderDone: true}
	do(t, g, `{"type":"end-turn","seat":0}`)
	refused(t, g, `{"type":"choose-order","seat":1,"to":1}`, "automa-seat")
	re := refused(t, g, `{"type":"choose-order","seat":0,"to":1}`, "not-your-turn")
	if re.Section != "Solo" {
		t.Fatalf("cites %q", re.Section)
	}
	w := g.WaitingFor()
	if len(w) != 1 || w[0].Dice[0].Count != 1 {
		t.Fatalf("waiting %+v", w)
	}
	v := g.View(engine.PlayerViewer(0)).(View)
	if len(v.YouMay) != 1 || v.YouMay[0] != "roll" || v.Players[1].Solo == nil || !v.Players[1].Automa {
		t.Fatalf("your view: may %v, solo %+v", v.YouMay, v.Players[1].Solo)
	}
}

// Solo Pirate Attack: its total counts the automatic hits printed on its
// Helm Mat's bonus actions. Test Solo Helm 2 gives +1 hit to an Attack order:
// two 1s (no symbol) + 1 Cannons + 1 hit = 2 beats your 1 Cannons, so you are
// jostled and gain a sure-fire token (before: 1 against 1, a tie).
func TestSoloHelmHitsCountInItsAttack(t *testing.T) {
	g := newTestGame(t, 1, 26)
	lp := g.st.Players[1]
	lp.Wheel = [6]string{HideOut, Attack, Attack, Attack, Attack, Attack}
	lp.Helm = 1 // test data: targets you from space 4; symbols 5, 5; Attack +1 hit
	lp.Captain = 3
	lp.Gold = 0
	you := g.st.Players[0]
	you.Cell, you.InCove = lp.Cell, false
	lp.InCove = false
	g.st.Merchants[0].Card, g.st.Merchants[1].Card = 6, 3 // gold 3 and 2
	automaRolls(t, g, 4)
	if f := g.st.Fight; f == nil || f.Defender != 0 {
		t.Fatalf("no attack on you: %+v", g.st.Fight)
	}
	evs := do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["1","1"]}`, g.st.Fight.Request))
	total := -1
	for _, e := range evs {
		if e.Type == "attack-total" {
			var d struct{ Total int }
			if err := json.Unmarshal(e.Data, &d); err != nil {
				t.Fatal(err)
			}
			total = d.Total
		}
	}
	if total != 2 {
		t.Fatalf("its attack total %d, want 2 (1 Cannons + 1 hit of its Helm Mat)", total)
	}
	do(t, g, fmt.Sprintf(`{"type":"roll","seat":-1,"request":%q,"faces":["1","1"]}`, g.st.Fight.Request))
	do(t, g, `{"type":"resolve","seat":0}`) // you: 1 Cannons
	you, lp = g.st.Players[0], g.st.Players[1]
	if you.Surefire != 1 || you.Assign[Repair] != 1 || lp.Gold != 2 {
		t.Fatalf("it should win 2 to 1: your surefire %d repair %d; its gold %d", you.Surefire, you.Assign[Repair], lp.Gold)
	}
}
