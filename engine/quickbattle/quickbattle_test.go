package quickbattle

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

type zones = map[string]int

func newGame(t *testing.T, s Setup) *Game {
	t.Helper()
	raw, _ := json.Marshal(s)
	g, err := Rules().New(raw, 1)
	if err != nil {
		t.Fatal(err)
	}
	return g.(*Game)
}

// act decodes the action JSON as the server does and applies it.
func act(t *testing.T, g *Game, js string) ([]engine.Event, error) {
	t.Helper()
	a, err := Rules().DecodeAction([]byte(js))
	if err != nil {
		t.Fatalf("decode %s: %v", js, err)
	}
	return g.Apply(a)
}

func must(t *testing.T, g *Game, js string) []engine.Event {
	t.Helper()
	evs, err := act(t, g, js)
	if err != nil {
		t.Fatalf("%s: %v", js, err)
	}
	eventsInPlayersWords(t, evs)
	return evs
}

// refused checks the action is refused with the code, a page and a
// sentence, and changes nothing.
func refused(t *testing.T, g *Game, js, code string) *engine.RuleError {
	t.Helper()
	before, _ := g.Snapshot()
	_, err := act(t, g, js)
	re, ok := engine.AsRuleError(err)
	if !ok || re.Code != code || re.Page == 0 || re.Detail == "" {
		t.Fatalf("%s: got %v, want a refusal %s with its page and a sentence", js, err, code)
	}
	if after, _ := g.Snapshot(); string(after) != string(before) {
		t.Fatalf("%s: the refusal changed the table", js)
	}
	inPlayersWords(t, "refusal "+re.Code, re.Detail)
	return re
}

func readJSON(purple, other zones, otherColour string, redrop map[string]int) string {
	r := battle.Read{Cubes: map[string]map[string]int{"purple": purple, otherColour: other}, Redrop: redrop}
	b, _ := json.Marshal(r)
	return `{"type":"battle-step","seat":-1,"step":"read","read":` + string(b) + `}`
}

func view(g *Game) View { return g.View(engine.Public).(View) }

func shipSetup(att, def int) Setup {
	return Setup{Attacker: Side{Name: "Ann", Colour: "purple", Cubes: att, HoldFree: 7},
		Defender: Side{Name: "Ben", Colour: "green", Cubes: def, HoldFree: 5}, AtIsland: true}
}

// dropRead is one drop's read of the example cases: the colours' zones,
// the cubes on a border.
type dropRead struct {
	purple, other zones
	redrop        map[string]int
}

// outcomeCase is a battle of the rulebook's examples, fought as a quick
// battle and with Dead Reckoning's battle declared from cards.
type outcomeCase struct {
	name   string
	setup  Setup
	dr     battle.Config                   // the same sides as a game declares them
	cannon map[string]int                  // the attacker's cannons in the game
	defend []string                        // the defender's cards played
	reads  []dropRead                      // each read, in order
	plun   map[string]battle.PlunderChoice // by role
}

// exampleSides are the rulebook's complex ship battle (pp. 20-21): Purple
// uses 2 ship cannons, a Gunner's 3 and a Deck Hand's 1 (6 cubes); Green
// its ship's 1 and plays a Gunner and a Crew, 1 cannon each (3 cubes).
// Card ids are test data.
func exampleSides() battle.Config {
	return battle.Config{Kind: battle.KindShip, Cause: battle.CauseAttackFlag, AtIsland: true, OpponentKey: "ship:1",
		Attacker: battle.Side{Kind: battle.SideShip, Seat: 0, Name: "Ann", Colour: "purple", ShipCannons: 2, Cubes: PlayerCubes, Hold: battle.Hold{Free: 7},
			Cards: []battle.Card{{ID: "gunner", Cannons: 3}, {ID: "deckhand", Cannons: 1}}},
		Defender: battle.Side{Kind: battle.SideShip, Seat: 1, Name: "Ben", Colour: "green", ShipCannons: 1, Cubes: PlayerCubes, Hold: battle.Hold{Free: 5},
			Cards: []battle.Card{{ID: "g-gunner", Cannons: 1, InHand: true}, {ID: "g-crew", Cannons: 1, InHand: true}}}}
}

func outcomeCases() []outcomeCase {
	example := exampleSides()
	merchant := battle.Config{Kind: battle.KindMerchant, Cause: battle.CauseMerchant, OpponentKey: "merchant:1",
		Attacker: battle.Side{Kind: battle.SideShip, Seat: 0, Name: "Ann", Colour: "purple", ShipCannons: 1, Cubes: PlayerCubes, Hold: battle.Hold{Free: 7},
			Cards: []battle.Card{{ID: "gunner", Cannons: 2}}},
		Defender: battle.Side{Kind: battle.SideMerchant, Seat: engine.NoSeat, Name: MerchantName, Colour: Black, MerchantCubes: 4}}
	sinking := exampleSides()
	sinking.Defender.Damage = 4
	qsink := shipSetup(6, 3)
	qsink.Defender.Damage = 4
	return []outcomeCase{
		{
			// Steps 1-3 of the example: 6 purple and 3 green dropped; the
			// first read gives 2 strength each, and the tie goes to Purple.
			name: "pp. 20-21: the drop, 2 to 2", setup: shipSetup(6, 3), dr: example,
			cannon: map[string]int{battle.ShipSource: 2, "gunner": 3, "deckhand": 1}, defend: []string{"g-gunner", "g-crew"},
			reads: []dropRead{{purple: zones{"strength-1-plunder": 2, "plunder-cargo": 2, "plunder-coin": 1, "plunder-choice-left": 1},
				other: zones{"strength-1-left": 1, "strength-1-right": 1, "damage-left": 1}}},
			plun: map[string]battle.PlunderChoice{"attacker": {ChoiceCoins: 1, Ship: battle.Goods{Cargo: 3, Coins: 2}}},
		},
		{
			// Step 5's exploding shot, on the first drop: Green's cube in
			// the exploding zone comes back with one more (p. 19); one
			// purple cube balanced on a border is dropped again first.
			name: "p. 19: a border, then an exploding shot", setup: shipSetup(6, 3), dr: example,
			cannon: map[string]int{battle.ShipSource: 2, "gunner": 3, "deckhand": 1}, defend: []string{"g-gunner", "g-crew"},
			reads: []dropRead{
				{purple: zones{"strength-1-plunder": 2, "plunder-cargo": 2, "plunder-coin": 1}, other: zones{"strength-1-left": 1, "explode": 1, "damage-left": 1}, redrop: map[string]int{"purple": 1}},
				{purple: zones{"strength-1-plunder": 2, "plunder-cargo": 2, "plunder-coin": 1, "damage-right": 1}, other: zones{"strength-1-left": 1, "explode": 1, "damage-left": 1}},
				{purple: zones{"strength-1-plunder": 2, "plunder-cargo": 2, "plunder-coin": 1, "damage-right": 1}, other: zones{"strength-1-left": 2, "strength-2-top": 1, "damage-left": 1}},
			},
			plun: map[string]battle.PlunderChoice{"attacker": {Ship: battle.Goods{Cargo: 4, Coins: 1}}},
		},
		{
			// A Merchant ship (p. 17): its black cubes from its back; losing
			// to it deals no default damage, and it takes no plunder.
			name: "p. 17: a Merchant ship wins", setup: Setup{Attacker: Side{Name: "Ann", Colour: "purple", Cubes: 3, HoldFree: 7}, Defender: Side{Name: MerchantName, Colour: Black, Cubes: 4}},
			dr: merchant, cannon: map[string]int{battle.ShipSource: 1, "gunner": 2},
			reads: []dropRead{{purple: zones{"strength-1-left": 1, "plunder-cargo": 1, "damage-right": 1}, other: zones{"strength-2-top": 1, "damage-left": 2, "plunder-coin": 1}}},
			plun:  map[string]battle.PlunderChoice{"attacker": {Ship: battle.Goods{Cargo: 1}}},
		},
		{
			// Sinking (p. 21): Green carries 4 damage and loses.
			name: "p. 21: the loser sinks", setup: qsink, dr: sinking,
			cannon: map[string]int{battle.ShipSource: 2, "gunner": 3, "deckhand": 1}, defend: []string{"g-gunner", "g-crew"},
			reads: []dropRead{{purple: zones{"strength-2-top": 2, "damage-right": 2, "plunder-cargo": 2}, other: zones{"strength-1-left": 1, "plunder-coin": 2}}},
			plun:  map[string]battle.PlunderChoice{"attacker": {Ship: battle.Goods{Cargo: 2}}, "defender": {Ship: battle.Goods{Coins: 2}}},
		},
	}
}

// TestOutcomeAsDeadReckoning: the outcome of a quick battle equals Dead
// Reckoning's battle's for the same cubes, reads and plunder, the sides
// declared from cards as a game declares them.
func TestOutcomeAsDeadReckoning(t *testing.T) {
	for _, c := range outcomeCases() {
		t.Run(c.name, func(t *testing.T) {
			// Dead Reckoning's battle.
			b, err := battle.New(nil, c.dr)
			if err != nil {
				t.Fatal(err)
			}
			step := func(err error) {
				t.Helper()
				if err != nil {
					t.Fatal(err)
				}
			}
			step(b.ChooseCannons(c.cannon))
			if b.Phase() == battle.PhaseDefence {
				step(b.Defend(c.defend))
			}
			step(b.Drop())
			colour := c.dr.Defender.Colour
			for _, r := range c.reads {
				step(b.Read(battle.Read{Cubes: map[string]map[string]int{"purple": r.purple, colour: r.other}, Redrop: r.redrop}))
			}
			for b.Phase() == battle.PhaseAbilities {
				role := battle.Attacker
				if b.Need().Who == "defender" {
					role = battle.Defender
				}
				step(b.Pass(role))
			}
			for _, role := range []battle.Role{battle.Attacker, battle.Defender} {
				if p, ok := c.plun[role.String()]; ok {
					step(b.Plunder(role, p))
				}
			}
			want, ok := b.Outcome()
			if !ok {
				t.Fatalf("Dead Reckoning's battle is not over: %+v", b.Need())
			}

			// The quick battle.
			g := newGame(t, c.setup)
			must(t, g, `{"type":"battle-step","seat":-1,"step":"drop"}`)
			for _, r := range c.reads {
				must(t, g, readJSON(r.purple, r.other, colour, r.redrop))
			}
			for _, role := range []string{"attacker", "defender"} {
				if p, ok := c.plun[role]; ok {
					pj, _ := json.Marshal(p)
					must(t, g, fmt.Sprintf(`{"type":"battle-step","seat":-1,"step":"plunder","role":%q,"plunder":%s}`, role, pj))
				}
			}
			v := view(g)
			got := v.Battle.Outcome
			if got == nil {
				t.Fatalf("the quick battle is not over: %+v", v.Battle.Need)
			}
			if got.Winner != want.Winner || got.WinnerSeat != want.WinnerSeat || got.Strength != want.Strength || got.Legendary != want.Legendary ||
				(got.Merchant == nil) != (want.Merchant == nil) {
				t.Errorf("winner %v/%v strength %v legendary %v, want %v/%v %v %v", got.Winner, got.WinnerSeat, got.Strength, got.Legendary, want.Winner, want.WinnerSeat, want.Strength, want.Legendary)
			}
			for r := range 2 {
				gs, ws := got.Sides[r], want.Sides[r]
				if gs.Cubes != ws.Cubes || gs.Damage != ws.Damage || gs.DamageFromZones != ws.DamageFromZones || gs.LoserDamage != ws.LoserDamage ||
					gs.Ship != ws.Ship || gs.Island != ws.Island || gs.Returned != ws.Returned || gs.Sinks != ws.Sinks {
					t.Errorf("side %d: %+v, want %+v", r, gs, ws)
				}
			}
			if len(v.Battles) != 0 || len(v.Said) == 0 || len(v.Past) != 1 {
				t.Errorf("after the outcome: battles %v said %v past %v", v.Battles, v.Said, v.Past)
			}
		})
	}
}

// TestOutcomeInWords: the outcome as players read it, for the cases above.
func TestOutcomeInWords(t *testing.T) {
	cs := outcomeCases()
	want := [][]string{
		{"Ann wins the battle 2 to 2 (a tie goes to the attacker, p. 19)", "Ann’s ship takes 1 damage (1 from Ben’s cubes in the damage zones)",
			"Ann plunders 4 cargo and 2 coins: 3 cargo and 2 coins on the ship, 1 cargo back to the supply", "Ben’s ship takes 1 damage (1 for losing)",
			"Ann places a Legendary progress cube (p. 21)"},
		{"Ben wins the battle 4 to 2", "Ann’s ship takes 2 damage (1 from Ben’s cubes in the damage zones, 1 for losing)",
			"Ann plunders 4 cargo and 1 coin: 4 cargo and 1 coin on the ship", "Ben’s ship takes 1 damage (1 from Ann’s cubes in the damage zones)",
			"Ben places a Legendary progress cube (p. 21)"},
		{"The Merchant ship wins the battle 2 to 1", "Ann’s ship takes 2 damage (2 from the Merchant ship’s cubes in the damage zones)",
			"Ann plunders 1 cargo: 1 cargo on the ship", "Follow the Lose text on the Merchant ship’s back, then bury it under its row’s box (p. 11)"},
		{"Ann wins the battle 4 to 1", "Ann’s ship takes no damage", "Ann plunders 2 cargo: 2 cargo on the ship",
			"Ben’s ship takes 3 damage (2 from Ann’s cubes in the damage zones, 1 for losing)", "Ben plunders 2 coins: 2 coins on the ship",
			"Ben’s ship sinks with 7 damage: it loses its coins and goes back to Harbor (p. 21)", "Ann places a Legendary progress cube (p. 21)"},
	}
	for i, c := range cs {
		g := newGame(t, c.setup)
		must(t, g, `{"type":"battle-step","seat":-1,"step":"drop"}`)
		for _, r := range c.reads {
			must(t, g, readJSON(r.purple, r.other, c.dr.Defender.Colour, r.redrop))
		}
		var last []engine.Event
		for _, role := range []string{"attacker", "defender"} {
			if p, ok := c.plun[role]; ok {
				pj, _ := json.Marshal(p)
				last = must(t, g, fmt.Sprintf(`{"type":"battle-step","seat":-1,"step":"plunder","role":%q,"plunder":%s}`, role, pj))
			}
		}
		got := view(g).Said
		if strings.Join(got, "\n") != strings.Join(want[i], "\n") {
			t.Errorf("%s:\n got %q\nwant %q", c.name, got, want[i])
		}
		if len(last) != 2 || last[1].Type != "battle-over" || last[1].Text != want[i][0] {
			t.Errorf("%s: the last events %+v should end with the outcome", c.name, last)
		}
	}
}

// TestRefusalsNameTheRule: each refused step says its rule's page in a
// sentence and changes nothing.
func TestRefusalsNameTheRule(t *testing.T) {
	g := newGame(t, shipSetup(3, 2))
	if re := refused(t, g, `{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"strength-1-left":3}}}}`, battle.CodeWrongPhase); re.Detail != "The battle waits for the drop, not the read of the board" {
		t.Errorf("a read before the drop: %q", re.Detail)
	}
	refused(t, g, `{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":5}}`, CodeNoSuchStep)
	refused(t, g, `{"type":"battle-step","seat":-1,"step":"ability","role":"attacker","ability":"gunner-drop"}`, CodeNoSuchStep)
	refused(t, g, `{"type":"another-battle","seat":-1}`, CodeNotOver)
	refused(t, g, `{"type":"battle-step","seat":2,"step":"drop"}`, CodeNotYourSide)
	must(t, g, `{"type":"battle-step","seat":1,"step":"drop"}`) // either player drops
	// The read must account for every cube in the Battle ship (p. 19).
	re := refused(t, g, readJSON(zones{"strength-1-left": 2}, zones{"damage-left": 2}, "green", nil), battle.CodeReadCount)
	if re.Page != 19 || !strings.Contains(re.Detail, "the Battle ship holds 3") {
		t.Errorf("the count refusal reads %v", re)
	}
	refused(t, g, readJSON(zones{"strength-1-left": 3}, zones{"nowhere": 2}, "green", nil), battle.CodeReadZone)
	refused(t, g, `{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"strength-1-left":3},"green":{"damage-left":2},"blue":{"explode":1}}}}`, battle.CodeReadColour)
	must(t, g, readJSON(zones{"strength-1-left": 2, "plunder-cargo": 1}, zones{"strength-2-top": 1, "plunder-coin": 1}, "green", nil))
	// Plunder: Ben (seat 1) may not place Ann's; more than gained is refused.
	if re := refused(t, g, `{"type":"battle-step","seat":1,"step":"plunder","role":"attacker","plunder":{"choice_coins":0,"ship":{"cargo":1,"coins":0},"island":{"cargo":0,"coins":0}}}`, CodeNotYourSide); re.Detail != "The attacker's plunder is for Ann to place" {
		t.Errorf("Ben placing Ann's plunder: %q", re.Detail)
	}
	refused(t, g, `{"type":"battle-step","seat":0,"step":"plunder","role":"attacker","plunder":{"choice_coins":0,"ship":{"cargo":2,"coins":0},"island":{"cargo":0,"coins":0}}}`, battle.CodePlunder)
	must(t, g, `{"type":"battle-step","seat":0,"step":"plunder","role":"attacker","plunder":{"choice_coins":0,"ship":{"cargo":1,"coins":0},"island":{"cargo":0,"coins":0}}}`)
	must(t, g, `{"type":"battle-step","seat":1,"step":"plunder","role":"defender","plunder":{"choice_coins":0,"ship":{"cargo":0,"coins":1},"island":{"cargo":0,"coins":0}}}`)
	if re := refused(t, g, `{"type":"battle-step","seat":-1,"step":"drop"}`, battle.CodeWrongPhase); re.Detail != "This battle is over" {
		t.Errorf("a drop after the outcome: %q", re.Detail)
	}
	// Malformed actions are errors, never refusals of the rules.
	for _, js := range []string{`{"type":"battle-step","seat":-1,"step":"read"}`, `{"type":"battle-step","seat":-1,"step":"fly"}`,
		`{"type":"another-battle","seat":-1,"attacker":{"cubes":"x"}}`, `{"type":"battle-step","seat":-1,"step":"drop","extra":1}`} {
		if _, err := Rules().DecodeAction([]byte(js)); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%s: %v, want malformed", js, err)
		}
	}
	// Another battle that no setup could take is refused as malformed.
	if _, err := act(t, g, `{"type":"another-battle","seat":-1,"attacker":{"cubes":0}}`); !errors.Is(err, engine.ErrMalformed) {
		t.Errorf("no cubes for the attacker: %v", err)
	}
}

// TestAnotherBattle: after the outcome the next battle keeps the sides,
// with the changes asked for, and the earlier outcome stays listed.
func TestAnotherBattle(t *testing.T) {
	g := newGame(t, shipSetup(2, 1))
	must(t, g, `{"type":"battle-step","seat":-1,"step":"drop"}`)
	must(t, g, readJSON(zones{"strength-1-left": 2}, zones{"strength-2-top": 1}, "green", nil))
	if v := view(g); v.Battle.Outcome == nil || v.Said[0] != "Ann wins the battle 2 to 2 (a tie goes to the attacker, p. 19)" {
		t.Fatalf("outcome %+v said %v", v.Battle.Outcome, v.Said)
	}
	evs := must(t, g, `{"type":"another-battle","seat":-1,"defender":{"cubes":4},"atIsland":false}`)
	if evs[0].Text != "Battle 2: Ann attacks Ben, 2 purple cubes against 4 green cubes" {
		t.Errorf("event %q", evs[0].Text)
	}
	v := view(g)
	if v.Number != 2 || v.Sides[0].Cubes != 2 || v.Sides[1].Cubes != 4 || v.Sides[1].HoldFree != 5 || v.AtIsland || v.Battle.Outcome != nil ||
		len(v.Battles) != 1 || v.Battles[0].Need.Phase != battle.PhaseReady || len(v.Past) != 1 || !strings.HasPrefix(v.Past[0].Said, "Ann wins") {
		t.Fatalf("the next battle: %+v", v)
	}
	if es := g.WaitingFor(); len(es) != 1 || es[0].Kind != "drop" || es[0].Cubes["purple"] != 2 || es[0].Cubes["green"] != 4 {
		t.Fatalf("the next battle waits for %+v", es)
	}
}

// TestWaitingAndTheCamera: what the table waits for at each step, the
// drop sensor starting the drop, and the camera's reads, including a
// re-drop that sees only the cubes dropped again.
func TestWaitingAndTheCamera(t *testing.T) {
	g := newGame(t, Setup{Attacker: Side{Name: "Ann", Colour: "purple", Cubes: 3, HoldFree: 7}, Defender: Side{Name: MerchantName, Colour: Black, Cubes: 2}})
	es := g.WaitingFor()
	if len(es) != 1 || es[0].Kind != "drop" || es[0].Cubes["purple"] != 3 || es[0].Cubes["black"] != 2 ||
		es[0].Say != "When both sides are ready, drop 2 black cubes and 3 purple cubes into the tower" {
		t.Fatalf("ready: %+v", es)
	}
	mapper := Rules().(engine.InputMapper)
	if _, _, ok := mapper.MapInput(g, engine.TableInput{Kind: "cubes", Cubes: map[string]map[string]int{"explode": {"purple": 1}}}); ok {
		t.Error("a read before the drop should only be a notice")
	}
	var logged []string // the log lines, in order
	apply := func(in engine.TableInput) string {
		t.Helper()
		raw, said, ok := mapper.MapInput(g, in)
		if !ok {
			t.Fatalf("%+v was not taken", in)
		}
		inPlayersWords(t, "what the table saw", said)
		a, err := Rules().DecodeAction(raw)
		if err != nil {
			t.Fatal(err)
		}
		evs, err := g.Apply(a)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		eventsInPlayersWords(t, evs)
		for _, e := range evs {
			logged = append(logged, e.Text)
		}
		for _, e := range g.WaitingFor() {
			inPlayersWords(t, "what the table waits for", e.Say)
		}
		return said
	}
	if said := apply(engine.TableInput{Kind: "drop", Seat: engine.NoSeat, Dropped: 5}); !strings.Contains(said, "drop") {
		t.Errorf("drop: %q", said)
	}
	es = g.WaitingFor()
	if len(es) != 1 || es[0].Kind != "cubes" || es[0].Cubes["purple"] != 3 || es[0].Cubes["black"] != 2 ||
		es[0].Say != "The cubes are down: read where the 2 black cubes and 3 purple cubes landed" {
		t.Fatalf("after the drop: %+v", es)
	}
	// The whole board: one purple cube in the exploding zone, a black one
	// on a border.
	said := apply(engine.TableInput{Kind: "cubes", Seat: engine.NoSeat, Cubes: map[string]map[string]int{
		"explode": {"purple": 1}, "strength-2-top": {"purple": 1}, "plunder-cargo": {"purple": 1}, "damage-left": {"black": 1}},
		Redrop: 1, RedropCubes: map[string]int{"black": 1}})
	if said != "The camera sees 1 black cube and 3 purple cubes on the board; 1 black cube to drop again" {
		t.Errorf("said %q", said)
	}
	es = g.WaitingFor()
	if len(es) != 1 || es[0].Cubes["black"] != 1 || len(es[0].Cubes) != 1 || !strings.HasPrefix(es[0].Say, "Drop again the 1 black cube on a border") {
		t.Fatalf("the re-drop: %+v", es)
	}
	// The camera sees only the black cube dropped again: the others keep
	// where they lay.
	said = apply(engine.TableInput{Kind: "cubes", Seat: engine.NoSeat, Cubes: map[string]map[string]int{"strength-1-left": {"black": 1}}})
	if said != "The camera sees 1 black cube on the board; the other cubes stay where they lie" {
		t.Errorf("said %q", said)
	}
	es = g.WaitingFor()
	if len(es) != 1 || es[0].Cubes["purple"] != 2 || len(es[0].Cubes) != 1 || !strings.HasPrefix(es[0].Say, "Exploding shot: drop 2 purple cubes") {
		t.Fatalf("the exploding shot: %+v", es)
	}
	// The exploding shot's two cubes, seen alone.
	apply(engine.TableInput{Kind: "cubes", Seat: engine.NoSeat, Cubes: map[string]map[string]int{"strength-1-right": {"purple": 1}, "damage-right": {"purple": 1}}})
	v := view(g)
	if v.Battle.Tally[0].Strength != 3 || v.Battle.Tally[1].Strength != 1 || v.Battle.Tally[1].Damage != 1 || v.Battle.Tally[0].Damage != 1 {
		t.Fatalf("tally after the re-drops: %+v", v.Battle.Tally)
	}
	if n := v.Battles[0].Need; n.Phase != battle.PhasePlunder || n.Plunder["attacker"].Cargo != 1 || len(n.WaitingOn) != 1 || n.WaitingOn[0] != 0 {
		t.Fatalf("plunder: %+v", n)
	}
	if es := g.WaitingFor(); len(es) != 0 {
		t.Errorf("nothing to read during the plunder: %+v", es)
	}
	// The log as the tablet shows it: the drop, then each read with what
	// it asks for next.
	wantLog := []string{"The cubes go into the tower: 2 black cubes and 3 purple cubes",
		"The board gives Ann 2 strength and the Merchant ship 0; 1 black cube on a border: drop it again",
		"The board gives Ann 2 strength and the Merchant ship 1; exploding shot: drop 2 purple cubes (each exploding cube with one more)",
		"The board gives Ann 3 strength and the Merchant ship 1"}
	if strings.Join(logged, "\n") != strings.Join(wantLog, "\n") {
		t.Errorf("the log:\n got %q\nwant %q", logged, wantLog)
	}
	// A whole-board read is taken as it is, also after a re-drop.
	g2 := newGame(t, shipSetup(2, 1))
	must(t, g2, `{"type":"battle-step","seat":-1,"step":"drop"}`)
	must(t, g2, readJSON(zones{"explode": 1, "strength-1-left": 1}, zones{"damage-left": 1}, "green", nil))
	raw, _, ok := mapper.MapInput(g2, engine.TableInput{Kind: "cubes", Cubes: map[string]map[string]int{"strength-1-left": {"purple": 3}, "damage-left": {"green": 1}}})
	if !ok || !strings.Contains(string(raw), `"purple":{"strength-1-left":3}`) {
		t.Errorf("whole board after an exploding shot: %s", raw)
	}
}

// TestNewGameForm: one player fights a Merchant ship's black cubes, two
// fight each other; bad answers name the option.
func TestNewGameForm(t *testing.T) {
	f := Rules().(engine.NewGameForm)
	raw, err := f.SetupFromForm(engine.FormAnswers{Players: []engine.FormPlayer{{Name: "Ann", Colour: "blue"}},
		Options: map[string]json.RawMessage{OptionBlackCubes: json.RawMessage("5"), OptionAttackerCubes: json.RawMessage("4"), OptionAtIsland: json.RawMessage("true")}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var s Setup
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatal(err)
	}
	if s.Attacker != (Side{Name: "Ann", Colour: "blue", Cubes: 4, HoldFree: 7}) || s.Defender != (Side{Name: MerchantName, Colour: Black, Cubes: 5}) || !s.AtIsland {
		t.Fatalf("one player: %+v", s)
	}
	if _, err := Rules().New(raw, 0); err != nil {
		t.Fatal(err)
	}
	raw, err = f.SetupFromForm(engine.FormAnswers{Players: []engine.FormPlayer{{Name: "Ann", Colour: "purple"}, {Name: "Ben", Colour: "green"}},
		Options: map[string]json.RawMessage{OptionDefenderCubes: json.RawMessage("6"), OptionDefenderDmg: json.RawMessage("2")}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	s = Setup{}
	_ = json.Unmarshal(raw, &s)
	if s.Attacker.Cubes != 3 || s.Defender != (Side{Name: "Ben", Colour: "green", Cubes: 6, HoldFree: 7, Damage: 2}) {
		t.Fatalf("two players: %+v", s)
	}
	for name, form := range map[string]engine.FormAnswers{
		"same colour": {Players: []engine.FormPlayer{{Name: "Ann", Colour: "purple"}, {Name: "Ben", Colour: "purple"}}},
		"black":       {Players: []engine.FormPlayer{{Name: "Ann", Colour: "black"}}},
		"no name":     {Players: []engine.FormPlayer{{Name: " ", Colour: "purple"}}},
		"three":       {Players: []engine.FormPlayer{{Name: "A", Colour: "purple"}, {Name: "B", Colour: "green"}, {Name: "C", Colour: "blue"}}},
		"no cubes":    {Players: []engine.FormPlayer{{Name: "Ann", Colour: "purple"}}, Options: map[string]json.RawMessage{OptionAttackerCubes: json.RawMessage("0")}},
		"too damaged": {Players: []engine.FormPlayer{{Name: "Ann", Colour: "purple"}}, Options: map[string]json.RawMessage{OptionAttackerDmg: json.RawMessage("5")}},
		"unknown":     {Players: []engine.FormPlayer{{Name: "Ann", Colour: "purple"}}, Options: map[string]json.RawMessage{"bonusTokens": json.RawMessage("true")}},
	} {
		if _, err := f.SetupFromForm(form, nil); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%s: %v, want a malformed setup", name, err)
		}
	}
	info := Rules().(engine.Describer).Describe()
	if info.Rules != Name || info.Title != "Quick battle (Dead Reckoning)" || info.MinPlayers != 1 || info.MaxPlayers != 2 || info.Start != "Quick battle" || len(info.Colours) < 3 {
		t.Errorf("describe: %+v", info)
	}
	notes := Rules().(engine.HelpNotes).HelpNotes()
	if len(notes) < 5 || notes[0].ID != Name {
		t.Fatalf("help notes: %+v", notes)
	}
	for _, n := range notes {
		if n.Page < 14 || n.Page > 21 || n.Text == "" {
			t.Errorf("note %s cites p. %d", n.ID, n.Page)
		}
	}
}

// FuzzDecode: any action or setup is decoded or refused, never a panic.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"explode":1}}}}`))
	f.Add([]byte(`{"type":"another-battle","seat":-1,"attacker":{"cubes":2}}`))
	f.Add([]byte(`{"attacker":{"name":"A","colour":"purple","cubes":2},"defender":{"name":"M","colour":"black","cubes":1}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if g, err := Rules().New(data, 0); err == nil {
			g.View(engine.Public)
			g.(*Game).WaitingFor()
		}
		g := newGame(t, shipSetup(2, 2))
		if a, err := Rules().DecodeAction(data); err == nil {
			_, _ = g.Apply(a)
			g.View(engine.Public)
		}
	})
}

// TestSwapSides: in the next battle Ben attacks Ann: Ben's seat takes the
// attacker's steps, wins the tie and places the Legendary cube; a Merchant
// ship never attacks.
func TestSwapSides(t *testing.T) {
	g := newGame(t, shipSetup(2, 1))
	must(t, g, `{"type":"battle-step","seat":-1,"step":"drop"}`)
	must(t, g, readJSON(zones{"strength-1-left": 1, "plunder-cargo": 1}, zones{"strength-1-right": 1}, "green", nil))
	must(t, g, `{"type":"battle-step","seat":0,"step":"plunder","role":"attacker","plunder":{"choice_coins":0,"ship":{"cargo":1,"coins":0},"island":{"cargo":0,"coins":0}}}`)
	must(t, g, `{"type":"another-battle","seat":1,"swap":true,"attacker":{"cubes":3}}`)
	v := view(g)
	if v.Sides[0].Name != "Ben" || v.Sides[0].Cubes != 3 || v.Sides[1].Name != "Ann" || v.Sides[1].Cubes != 2 ||
		v.Battles[0].Attacker != 1 || v.Battles[0].Defender != 0 || v.Players[0].Name != "Ann" || v.Players[0].Seat != 0 {
		t.Fatalf("after the swap: sides %+v battles %+v players %+v", v.Sides, v.Battles, v.Players)
	}
	must(t, g, `{"type":"battle-step","seat":0,"step":"drop"}`)
	must(t, g, readJSON(zones{"strength-1-left": 1, "plunder-coin": 1}, zones{"strength-1-right": 1, "plunder-cargo": 2}, "green", nil))
	refused(t, g, `{"type":"battle-step","seat":0,"step":"plunder","role":"attacker","plunder":{"choice_coins":0,"ship":{"cargo":2,"coins":0},"island":{"cargo":0,"coins":0}}}`, CodeNotYourSide)
	must(t, g, `{"type":"battle-step","seat":1,"step":"plunder","role":"attacker","plunder":{"choice_coins":0,"ship":{"cargo":2,"coins":0},"island":{"cargo":0,"coins":0}}}`)
	must(t, g, `{"type":"battle-step","seat":0,"step":"plunder","role":"defender","plunder":{"choice_coins":0,"ship":{"cargo":0,"coins":1},"island":{"cargo":0,"coins":0}}}`)
	v = view(g)
	want := "Ben wins the battle 1 to 1 (a tie goes to the attacker, p. 19)|Ben’s ship takes no damage|Ben plunders 2 cargo: 2 cargo on the ship|" +
		"Ann’s ship takes 1 damage (1 for losing)|Ann plunders 1 coin: 1 coin on the ship|Ben places a Legendary progress cube (p. 21)"
	if got := strings.Join(v.Said, "|"); got != want {
		t.Errorf("said\n %s\nwant %s", got, want)
	}
	if v.Battle.Outcome.WinnerSeat != 1 || v.Battle.Outcome.Legendary != 1 {
		t.Errorf("winner seat %d legendary %d, want Ben's seat 1", v.Battle.Outcome.WinnerSeat, v.Battle.Outcome.Legendary)
	}
	// Swapped back: Ann attacks again from seat 0.
	must(t, g, `{"type":"another-battle","seat":-1,"swap":true}`)
	if v := view(g); v.Sides[0].Name != "Ann" || v.Battles[0].Attacker != 0 {
		t.Errorf("swapped back: %+v %+v", v.Sides, v.Battles)
	}
	m := newGame(t, Setup{Attacker: Side{Name: "Ann", Colour: "purple", Cubes: 1}, Defender: Side{Name: MerchantName, Colour: Black, Cubes: 1}})
	must(t, m, `{"type":"battle-step","seat":-1,"step":"drop"}`)
	must(t, m, readJSON(zones{"strength-1-left": 1}, zones{"strength-1-right": 1}, "black", nil))
	if _, err := act(t, m, `{"type":"another-battle","seat":-1,"swap":true}`); !errors.Is(err, engine.ErrMalformed) {
		t.Errorf("a Merchant ship attacking: %v", err)
	}
}
