package deadreckoning

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// table drives a game only as the companion does: Rules().New,
// Rules().DecodeAction and Apply, keeping the log for a replay.
type table struct {
	t     *testing.T
	setup json.RawMessage
	seed  uint64
	g     engine.Game
	log   []engine.Action
}

func newTable(t *testing.T, s Setup, seed uint64) *table {
	t.Helper()
	raw, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	g, err := Rules().New(raw, seed)
	if err != nil {
		t.Fatal(err)
	}
	return &table{t: t, setup: raw, seed: seed, g: g}
}

func (tb *table) act(js string) []engine.Event {
	tb.t.Helper()
	a, err := Rules().DecodeAction([]byte(js))
	if err != nil {
		tb.t.Fatalf("decode %s: %v", js, err)
	}
	evs, err := tb.g.Apply(a)
	if err != nil {
		tb.t.Fatalf("apply %s: %v", js, err)
	}
	tb.log = append(tb.log, a)
	inPlayersWords(tb.t, evs)
	return evs
}

// refuse applies an action that must be refused with code and checks that
// nothing changed.
func (tb *table) refuse(js, code string) {
	tb.t.Helper()
	a, err := Rules().DecodeAction([]byte(js))
	if err != nil {
		tb.t.Fatalf("decode %s: %v", js, err)
	}
	before, _ := tb.g.Snapshot()
	_, err = tb.g.Apply(a)
	re, ok := engine.AsRuleError(err)
	if !ok || re.Code != code {
		tb.t.Fatalf("apply %s: want refusal %q, got %v", js, code, err)
	}
	refusalInPlayersWords(tb.t, re)
	if after, _ := tb.g.Snapshot(); !bytes.Equal(before, after) {
		tb.t.Fatalf("refused %s changed the state", js)
	}
}

// public decodes the public view as the dashboard does.
func (tb *table) public() map[string]any {
	tb.t.Helper()
	js, err := json.Marshal(tb.g.View(engine.Public))
	if err != nil {
		tb.t.Fatal(err)
	}
	var v map[string]any
	if err := json.Unmarshal(js, &v); err != nil {
		tb.t.Fatal(err)
	}
	return v
}

func (tb *table) state() *State { return tb.g.(*Game).State() }

func (tb *table) active() []engine.Seat {
	return tb.g.(interface{ ActiveSeats() []engine.Seat }).ActiveSeats()
}

func (tb *table) wantActive(want ...engine.Seat) {
	tb.t.Helper()
	if got := tb.active(); !slices.Equal(got, want) {
		tb.t.Fatalf("active seats %v, want %v", got, want)
	}
}

// wantNeed checks the public view's battle field: phase and whose move.
func (tb *table) wantNeed(phase, who string) map[string]any {
	tb.t.Helper()
	v := tb.public()
	b, ok := v["battle"].(map[string]any)
	if !ok {
		tb.t.Fatalf("the view has no battle: %v", v["battle"])
	}
	need := b["need"].(map[string]any)
	if need["phase"] != phase || need["who"] != who {
		tb.t.Fatalf("battle need %v/%v, want %s/%s", need["phase"], need["who"], phase, who)
	}
	return b
}

func (tb *table) replays() {
	tb.t.Helper()
	again, err := engine.Replay(Rules(), tb.setup, tb.seed, tb.log)
	if err != nil {
		tb.t.Fatal(err)
	}
	a, _ := again.Snapshot()
	b, _ := tb.g.Snapshot()
	if !bytes.Equal(a, b) {
		tb.t.Fatal("replaying the log gave another state")
	}
}

// A player stops on a pirate-mode ship and the battle is fought step by
// step with battle-step actions (p. 17-19): cannons, the defender's
// choice, the drop, three reads with two exploding shots, abilities
// passed, plunder; the game then applies the damage, the loser's damage,
// the mode change and the Legendary progress cube.
func TestPirateBattleThroughActions(t *testing.T) {
	tb := newTable(t, testSetup(2), 5)
	tb.act(`{"type":"set-sails","seat":0}`)
	tb.act(`{"type":"move","seat":0,"path":["R1C1"]}`)
	tb.act(`{"type":"end-turn","seat":0}`)
	tb.act(`{"type":"set-sails","seat":1}`)
	tb.act(`{"type":"move","seat":1,"path":["R1C2"]}`)
	tb.act(`{"type":"end-turn","seat":1,"pirate":true}`)
	tb.wantActive(0)
	tb.act(`{"type":"set-sails","seat":0}`)
	tb.refuse(`{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`, "no-battle")
	tb.act(`{"type":"move","seat":0,"path":["R1C2"],"order":[1]}`)
	if pb := tb.state().CurrentBattle(); pb == nil || pb.Cause != CausePirateStop || pb.Defender != 1 {
		t.Fatalf("no pirate battle: %+v", pb)
	}

	// Before any step the view already says what the battle waits for.
	b := tb.wantNeed("cannons", "attacker")
	sides := b["sides"].([]any)
	if sides[0].(map[string]any)["name"] != "Ann" || sides[1].(map[string]any)["colour"] != "green" {
		t.Fatalf("sides %v", sides)
	}
	tb.wantActive(0)
	tb.refuse(`{"type":"battle-step","seat":1,"step":"cannons","cannons":{"ship":1}}`, "not-your-battle")
	tb.refuse(`{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":2}}`, "cannon-used-this-turn")
	tb.refuse(`{"type":"battle-step","seat":0,"step":"cannons","cannons":{"gunner-9":1}}`, "battle-unknown-cannon")
	tb.act(`{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`)

	tb.wantNeed("defence", "defender")
	tb.wantActive(1)
	tb.refuse(`{"type":"battle-step","seat":1,"step":"defend","play":["not-a-card"]}`, "battle-card-not-in-hand")
	tb.refuse(`{"type":"battle-step","seat":0,"step":"drop"}`, "battle-wrong-phase")
	tb.act(`{"type":"battle-step","seat":1,"step":"defend","role":"defender"}`)

	b = tb.wantNeed("ready", "both")
	tb.wantActive(0, 1)
	cubes := b["need"].(map[string]any)["cubes"].([]any)
	if cubes[0].(float64) != 1 || cubes[1].(float64) != 1 {
		t.Fatalf("cubes %v: one cannon each", cubes)
	}
	// Still before the drop: rearranging is allowed.
	tb.act(`{"type":"rearrange","seat":1,"holds":{}}`)
	tb.act(`{"type":"battle-step","seat":-1,"step":"drop"}`)
	if !tb.state().CurrentBattle().Started {
		t.Fatal("the drop starts the battle")
	}
	tb.refuse(`{"type":"rearrange","seat":1,"holds":{}}`, "rearrange-battle")
	tb.refuse(`{"type":"jettison","seat":1,"holds":{}}`, "jettison-battle")

	b = tb.wantNeed("read", "table")
	if d := b["need"].(map[string]any)["drop"].(map[string]any); d["purple"] != 1.0 || d["green"] != 1.0 {
		t.Fatalf("drop %v", d)
	}
	tb.refuse(`{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"explode":2},"green":{"strength-1-left":1}}}}`, "read-cube-count")
	read := `{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"explode":1},"green":{"strength-1-left":1}}}}`
	a, _ := Rules().DecodeAction([]byte(read))
	if !engine.IsTableFact(a) {
		t.Fatal("a read is a fact of the table: undo must not pass it")
	}
	if drop, _ := Rules().DecodeAction([]byte(`{"type":"battle-step","seat":-1,"step":"drop"}`)); engine.IsTableFact(drop) {
		t.Fatal("only reads are facts of the table")
	}
	tb.act(read)
	b = tb.wantNeed("read", "table")
	if n := b["need"].(map[string]any); n["dropKind"] != "explode" || n["drop"].(map[string]any)["purple"] != 2.0 {
		t.Fatalf("exploding shot: %v", n)
	}
	tb.act(`{"type":"battle-step","seat":0,"step":"read","read":{"cubes":{"purple":{"explode":1,"damage-left":1},"green":{"strength-1-left":1}}}}`)
	tb.act(`{"type":"battle-step","seat":1,"step":"read","read":{"cubes":{"purple":{"strength-2-top":1,"damage-left":1,"plunder-coin":1},"green":{"strength-1-left":1}}}}`)

	b = tb.wantNeed("abilities", "attacker")
	if s := b["need"].(map[string]any)["strength"].([]any); s[0] != 2.0 || s[1] != 1.0 {
		t.Fatalf("strength %v", s)
	}
	if tally := b["tally"].([]any)[0].(map[string]any); tally["damage"] != 1.0 || tally["coin"] != 1.0 {
		t.Fatalf("tally %v", tally)
	}
	tb.refuse(`{"type":"battle-step","seat":1,"step":"pass","role":"defender"}`, "ability-not-your-turn")
	tb.act(`{"type":"battle-step","seat":0,"step":"pass","role":"attacker"}`)
	tb.wantActive(1)
	tb.act(`{"type":"battle-step","seat":1,"step":"pass","role":"defender"}`)

	b = tb.wantNeed("plunder", "both")
	due := b["need"].(map[string]any)["plunder"].(map[string]any)
	if _, ok := due["defender"]; ok || due["attacker"].(map[string]any)["coins"] != 1.0 {
		t.Fatalf("plunder due %v: one coin for Ann", due)
	}
	tb.wantActive(0)
	tb.refuse(`{"type":"battle-step","seat":0,"step":"plunder","role":"attacker","plunder":{"ship":{"cargo":0,"coins":2}}}`, "plunder-placement")
	evs := tb.act(`{"type":"battle-step","seat":0,"step":"plunder","role":"attacker","plunder":{"ship":{"cargo":0,"coins":1}}}`)
	types := map[string]bool{}
	for _, e := range evs {
		types[e.Type] = true
	}
	for _, want := range []string{"battle-step", "battle-over", "battle-won", "plunder", "mode-changed", "achievement-progress"} {
		if !types[want] {
			t.Errorf("no %q event among %v", want, types)
		}
	}

	s := tb.state()
	ann, ben := s.Players[0], s.Players[1]
	if s.CurrentBattle() != nil {
		t.Fatal("the battle is still pending")
	}
	if ann.Ship.Damage != 0 || ben.Ship.Damage != 2 || ben.Ship.Pirate {
		t.Fatalf("damage Ann %d, Ben %d (1 zone + 1 for losing), Ben pirate %v", ann.Ship.Damage, ben.Ship.Damage, ben.Ship.Pirate)
	}
	if ann.Progress[AchLegendary] != 1 || ann.ShipGoods().Coins != 1 {
		t.Fatalf("Ann: Legendary %d, coins aboard %d", ann.Progress[AchLegendary], ann.ShipGoods().Coins)
	}
	if s.CannonsUsed(0, "ship") != 1 {
		t.Errorf("the ship's cannon is used this turn: %v", s.Turn.CannonsUsed)
	}
	conserved(t, s)
	b = tb.wantNeed("done", "")
	out := b["outcome"].(map[string]any)
	if out["winner"] != "attacker" || out["legendary"] != 0.0 {
		t.Fatalf("outcome %v", out)
	}
	tb.wantActive(0)
	// The main phase goes on; the same ship cannot be fought again.
	tb.refuse(`{"type":"attack-ship","seat":0,"target":1}`, "battle-twice")
	tb.replays()
	tb.act(`{"type":"end-turn","seat":0}`)
	if _, ok := tb.public()["battle"]; ok {
		t.Fatal("the finished battle is shown after the turn")
	}
}

// The view never shows the saved machine (it holds the defender's hand and
// chest), and a battle view exists only while there is one.
func TestBattleViewHidesTheMachine(t *testing.T) {
	tb := newTable(t, testSetup(2), 5)
	if _, ok := tb.public()["battle"]; ok {
		t.Fatal("a battle view without a battle")
	}
	tb.act(`{"type":"set-sails","seat":0}`)
	tb.act(`{"type":"move","seat":0,"path":["R1C1"]}`)
	tb.act(`{"type":"end-turn","seat":0}`)
	tb.act(`{"type":"set-sails","seat":1}`)
	tb.act(`{"type":"move","seat":1,"path":["R1C1"]}`)
	tb.act(`{"type":"end-turn","seat":1,"pirate":true}`)
	tb.act(`{"type":"set-sails","seat":0}`)
	tb.act(`{"type":"attack-ship","seat":0,"target":1}`)
	tb.act(`{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`)
	if len(tb.state().CurrentBattle().Machine) == 0 {
		t.Fatal("the machine is saved in the pending battle")
	}
	js, _ := json.Marshal(tb.g.View(engine.Public))
	for _, secret := range []string{`"machine"`, `coinsInChest`, `inHand`} {
		if strings.Contains(string(js), secret) {
			t.Errorf("the public view holds %s", secret)
		}
	}
	if b := tb.public()["battles"].([]any)[0].(map[string]any); b["need"] == nil {
		t.Error("the pending battle carries its need for the dashboard")
	}
	// The attacker may not play a card once the cannons are chosen.
	card := tb.state().Players[0].Hand[0]
	tb.refuse(`{"type":"play-card","seat":0,"card":"`+card+`"}`, "battle-cannons-chosen")
	// A jettison step says which holds: Ben has his starting cargo aboard or
	// not; either way an empty one is refused.
	tb.refuse(`{"type":"battle-step","seat":1,"step":"jettison","role":"defender","goods":{"cargo":1,"coins":0}}`, "jettison-holds")
	tb.replays()
}

// Attacking a Merchant through actions: its black cubes, only the attacker
// uses abilities, and the result (kept or buried, Legendary progress,
// damage from its cubes) is applied.
func TestMerchantBattleThroughActions(t *testing.T) {
	for _, win := range []bool{true, false} {
		su := testSetup(2)
		su.Row1[0].Card = "test-merchant-1"
		tb := newTable(t, su, 2)
		tb.act(`{"type":"set-sails","seat":0}`)
		tb.act(`{"type":"move","seat":0,"path":["R1C1"]}`)
		tb.act(`{"type":"attack-merchant","seat":0,"back":{"name":"Test Trader","cubes":2,"winAbility":true}}`)
		tb.wantNeed("cannons", "attacker")
		tb.act(`{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`)
		b := tb.wantNeed("ready", "both")
		tb.wantActive(0)
		if r := b["need"].(map[string]any)["reasons"].([]any)[1].([]any)[0].(map[string]any); r["cubes"] != 2.0 {
			t.Fatalf("the Merchant's cubes: %v", r)
		}
		tb.act(`{"type":"battle-step","seat":0,"step":"drop"}`)
		if win {
			tb.act(`{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"strength-2-top":1},"black":{"strength-1-left":1,"damage-left":1}}}}`)
		} else {
			tb.act(`{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"strength-1-left":1},"black":{"strength-2-top":1,"damage-right":1}}}}`)
		}
		tb.wantNeed("abilities", "attacker")
		tb.refuse(`{"type":"battle-step","seat":-1,"step":"pass","role":"defender"}`, "ability-not-your-turn")
		tb.act(`{"type":"battle-step","seat":0,"step":"pass","role":"attacker"}`)
		s := tb.state()
		ann := s.Players[0]
		if s.CurrentBattle() != nil || ann.Ship.Damage != 1 {
			t.Fatalf("win=%v: battle %+v, damage %d (one black cube in a damage zone)", win, s.CurrentBattle(), ann.Ship.Damage)
		}
		if win {
			if len(ann.SetAside) != 1 || !ann.SetAside[0].Merchant || ann.Progress[AchLegendary] != 1 {
				t.Fatalf("won: set aside %+v, Legendary %d", ann.SetAside, ann.Progress[AchLegendary])
			}
		} else if s.Boxes[0].Buried != 1 || len(ann.SetAside) != 0 || ann.Progress[AchLegendary] != 0 {
			t.Fatalf("lost: buried %d, set aside %+v", s.Boxes[0].Buried, ann.SetAside)
		}
		conserved(t, s)
		tb.replays()
	}
}

func TestBattleStepDecoding(t *testing.T) {
	for _, js := range []string{
		`{"type":"battle-step","seat":0,"step":"read"}`,
		`{"type":"battle-step","seat":0,"step":"fly"}`,
		`{"type":"battle-step","seat":0}`,
		`{"type":"battle-step","seat":0,"step":"pass","role":"pirate"}`,
		`{"type":"battle-step","seat":0,"step":"pass","colour":"red"}`,
	} {
		if _, err := Rules().DecodeAction([]byte(js)); err == nil {
			t.Errorf("%s was accepted", js)
		}
	}
	a, err := Rules().DecodeAction([]byte(`{"type":"battle-step","seat":1,"step":"plunder","role":"defender","plunder":{"choiceCoins":1,"ship":{"cargo":0,"coins":1},"island":{"cargo":0,"coins":0}}}`))
	if err != nil {
		t.Fatal(err)
	}
	js, _ := Codec().Encode(a)
	if !strings.Contains(string(js), `"role":"defender"`) || !strings.Contains(string(js), `"step":"plunder"`) {
		t.Fatalf("encoded %s", js)
	}
}

// midBattle is a 2-player game in a pirate battle at the given phase:
// "cannons", "ready" (cannons chosen, defended) or "read" (cubes dropped).
func midBattle(t testing.TB, phase string) *Game {
	g := newGame(t, testSetup(2), 5)
	for _, js := range []string{
		`{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R1C1"]}`, `{"type":"end-turn","seat":0}`,
		`{"type":"set-sails","seat":1}`, `{"type":"move","seat":1,"path":["R1C2"]}`, `{"type":"end-turn","seat":1,"pirate":true}`,
		`{"type":"set-sails","seat":0}`, `{"type":"move","seat":0,"path":["R1C2"],"order":[1]}`,
	} {
		do(t, g, js)
	}
	if phase == "cannons" {
		return g
	}
	do(t, g, `{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`)
	do(t, g, `{"type":"battle-step","seat":1,"step":"defend","role":"defender"}`)
	if phase == "ready" {
		return g
	}
	do(t, g, `{"type":"battle-step","seat":-1,"step":"drop"}`)
	return g
}

// FuzzBattleStep: in the middle of a battle, or in a tie at the end, no
// action panics, a refused one changes nothing, an accepted one keeps the
// totals, and the public view keeps the secrets.
func FuzzBattleStep(f *testing.F) {
	for _, s := range seedActions {
		f.Add(uint8(0), []byte(s))
	}
	f.Add(uint8(2), []byte(`{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"plunder-coin":1},"green":{"damage-right":1}}}}`))
	f.Add(uint8(1), []byte(`{"type":"battle-step","seat":-1,"step":"drop"}`))
	f.Add(uint8(1), []byte(`{"type":"jettison","seat":1,"holds":{"A":{"cargo":1}}}`))
	over := newGame(f, testSetup(2), 1)
	over.st.Over = true // a tie at the end: 15 coins each
	bases := []*Game{midBattle(f, "cannons"), midBattle(f, "ready"), midBattle(f, "read"), over}
	f.Fuzz(func(t *testing.T, which uint8, b []byte) {
		g := applyFuzzed(t, bases[int(which)%len(bases)], b)
		_ = g.ActiveSeats() // must not panic whatever the state
	})
}

// A building battle step by step (p. 20): the Fort's 5 black cubes, only
// the attacker acts, no plunder; a win removes the Fort, a loss costs the
// attacker 1 damage. Neither gives Legendary progress.
func TestBuildingBattleThroughActions(t *testing.T) {
	for _, win := range []bool{true, false} {
		g := newGame(t, testSetup(3), 1)
		s := st(g)
		giveControl(s, Pos{1, 1}, blu)
		s.Board(Pos{1, 1}).Island.Buildings = []string{Fort, Outpost}
		place(s, pur, Pos{1, 1})
		do(t, g, `{"type":"attack-building","seat":0}`)
		if got := g.ActiveSeats(); !slices.Equal(got, []engine.Seat{0}) {
			t.Fatalf("active %v: the buildings' controller takes no step", got)
		}
		refused(t, g, `{"type":"battle-step","seat":1,"step":"defend","role":"defender"}`, "not-your-battle")
		do(t, g, `{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`)
		do(t, g, `{"type":"battle-step","seat":0,"step":"drop"}`)
		if win {
			do(t, g, `{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"strength-2-top":1},"black":{"strength-1-left":1,"plunder-cargo":4}}}}`)
		} else {
			do(t, g, `{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"plunder-coin":1},"black":{"strength-1-left":1,"damage-left":1,"plunder-cargo":3}}}}`)
		}
		do(t, g, `{"type":"battle-step","seat":0,"step":"pass","role":"attacker"}`)
		s = st(g)
		b := s.Board(Pos{1, 1}).Island.Buildings
		if s.CurrentBattle() != nil || s.Players[pur].Progress[AchLegendary] != 0 || s.Players[pur].ShipGoods().Total() != 0 {
			t.Fatalf("win=%v: battle %+v, progress %v, goods %+v", win, s.CurrentBattle(), s.Players[pur].Progress, s.Players[pur].ShipGoods())
		}
		if win && (len(b) != 1 || b[0] != Outpost || s.Players[pur].Ship.Damage != 0) {
			t.Fatalf("won: buildings %v, damage %d", b, s.Players[pur].Ship.Damage)
		}
		if !win && (len(b) != 2 || s.Players[pur].Ship.Damage != 2) {
			t.Fatalf("lost: buildings %v, damage %d (1 zone + 1 for losing)", b, s.Players[pur].Ship.Damage)
		}
		conserved(t, s)
	}
}

// A ship with 4 damage that loses sinks at the end of the battle (p. 21):
// its coins (topped up to 5 from the chest) go to the winner's chest, it
// returns to Harbor, and the winner takes Terror of the Sea.
func TestBattleSinksAShip(t *testing.T) {
	g := midBattle(t, "cannons")
	s := st(g)
	s.Players[1].Ship.Damage = 4 // test arrangement, before the battle's first step
	do(t, g, `{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`)
	do(t, g, `{"type":"battle-step","seat":1,"step":"defend","role":"defender"}`)
	do(t, g, `{"type":"battle-step","seat":-1,"step":"drop"}`)
	do(t, g, `{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"strength-2-top":1},"green":{"strength-1-left":1}}}}`)
	do(t, g, `{"type":"battle-step","seat":0,"step":"pass","role":"attacker"}`)
	chestBefore := st(g).Players[0].Chest
	evs := do(t, g, `{"type":"battle-step","seat":1,"step":"pass","role":"defender"}`)
	s = st(g)
	ben := s.Players[1]
	if !ben.Ship.At.IsHarbor() || ben.Ship.Damage != 0 || ben.Ship.Pirate {
		t.Fatalf("Ben's ship: %+v", ben.Ship)
	}
	if s.Players[0].Chest != chestBefore+5 || !contains(s.Players[0].Achievements, AchTerror) {
		t.Fatalf("Ann's chest %d (was %d), achievements %v", s.Players[0].Chest, chestBefore, s.Players[0].Achievements)
	}
	sunk := false
	for _, e := range evs {
		if e.Type == "ship-sunk" {
			sunk = true
		}
		if e.Type == "battle-over" && strings.Contains(string(e.Data), "coinsFromChest") {
			t.Error("the public outcome tells how many coins came from Ben's chest")
		}
	}
	if !sunk {
		t.Fatal("no ship-sunk event")
	}
	conserved(t, s)
}

// Cards in a battle played as actions: the attacker plays a level 3 Gunner
// after the battle is declared (p. 17) and uses its cannon and its "drop 2
// cubes" ability (p. 28); the defender plays a level 2 Gunner from hand
// (p. 18), which stays in play. The cannons and the ability are used for
// the turn.
func TestBattleWithCardsThroughActions(t *testing.T) {
	g := midBattle(t, "cannons")
	s := st(g)
	s.Players[0].Card("gunner-1").Level = 3 // test arrangement: levelled earlier
	s.Players[1].Card("gunner-2").Level = 2
	setHand(g, 0, "gunner-1")
	setHand(g, 1, "gunner-2", "crew-1")
	do(t, g, `{"type":"play-card","seat":0,"card":"gunner-1"}`)
	refused(t, g, `{"type":"battle-step","seat":0,"step":"cannons","cannons":{"gunner-1":2}}`, "cannon-used-this-turn")
	do(t, g, `{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1,"gunner-1":1}}`)
	refused(t, g, `{"type":"battle-step","seat":1,"step":"defend","role":"defender","play":["crew-1"]}`, "battle-card-no-cannon-or-ability")
	do(t, g, `{"type":"battle-step","seat":1,"step":"defend","role":"defender","play":["gunner-2"]}`)
	need := g.View(engine.Public).(View).Battle.Need
	if need.Cubes != [2]int{2, 2} {
		t.Fatalf("cubes %v: ship and Gunner each side", need.Cubes)
	}
	do(t, g, `{"type":"battle-step","seat":-1,"step":"drop"}`)
	do(t, g, `{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"strength-1-left":2},"green":{"strength-2-top":1,"strength-1-right":1}}}}`)
	ability := AbilityKey(0, "gunner-1", SourceLevel, 2)
	need = g.View(engine.Public).(View).Battle.Need
	if !slices.Contains(need.Usable, ability) {
		t.Fatalf("usable %v, want %s", need.Usable, ability)
	}
	do(t, g, `{"type":"battle-step","seat":0,"step":"ability","role":"attacker","ability":"`+ability+`"}`)
	need = g.View(engine.Public).(View).Battle.Need
	if need.Phase != "read" || need.DropKind != "ability" || need.Drop["purple"] != 2 {
		t.Fatalf("the ability's drop: %+v", need)
	}
	do(t, g, `{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"strength-1-left":2,"strength-2-bottom":1,"damage-right":1},"green":{"strength-2-top":1,"strength-1-right":1}}}}`)
	refused(t, g, `{"type":"battle-step","seat":0,"step":"ability","role":"attacker","ability":"`+ability+`"}`, "ability-not-your-turn")
	do(t, g, `{"type":"battle-step","seat":1,"step":"pass","role":"defender"}`)
	refused(t, g, `{"type":"battle-step","seat":0,"step":"ability","role":"attacker","ability":"`+ability+`"}`, "ability-used-this-turn")
	do(t, g, `{"type":"battle-step","seat":0,"step":"pass","role":"attacker"}`)
	s = st(g)
	if s.CurrentBattle() != nil {
		t.Fatal("the battle is not over")
	}
	if !s.Used(ability) || !s.Used(AbilityKey(0, "gunner-1", SourceLevel, -1)) || s.CannonsUsed(0, "ship") != 1 {
		t.Fatalf("used this turn: %v, cannons %v", s.Turn.Used, s.Turn.CannonsUsed)
	}
	ben := s.Players[1]
	if !contains(ben.PlayedOffTurn, "gunner-2") || contains(ben.Hand, "gunner-2") {
		t.Fatalf("Ben's Gunner stays in play: hand %v, in play %v", ben.Hand, ben.PlayedOffTurn)
	}
	if ben.Ship.Damage != 2 || s.Players[0].Progress[AchLegendary] != 1 {
		t.Fatalf("Ben's damage %d (1 zone + 1 lost), Ann's Legendary %d", ben.Ship.Damage, s.Players[0].Progress[AchLegendary])
	}
	conserved(t, s)
}

// Before the cannons are chosen, a card the attacker plays restarts the
// battle from the state, so its cannons count (the machine started by the
// jettison step did not know the card); the jettison stays made.
func TestBattleRestartsBeforeCannons(t *testing.T) {
	g := midBattle(t, "cannons")
	s := st(g)
	stow(s, 0, 0, 2) // test arrangement: 2 cargo in Ann's hold A
	s.Players[0].Card("gunner-1").Level = 2
	setHand(g, 0, "gunner-1")
	refused(t, g, `{"type":"battle-step","seat":0,"step":"jettison","role":"attacker","goods":{"cargo":1,"coins":0},"holds":{"A":{"cargo":2}}}`, "jettison-holds")
	do(t, g, `{"type":"battle-step","seat":0,"step":"jettison","role":"attacker","goods":{"cargo":1,"coins":0},"holds":{"A":{"cargo":1}}}`)
	if got := st(g).Players[0].Ship.Spaces[0].Hold.Cargo; got != 1 {
		t.Fatalf("hold A has %d cargo after jettisoning 1 of 2", got)
	}
	do(t, g, `{"type":"play-card","seat":0,"card":"gunner-1"}`)
	do(t, g, `{"type":"battle-step","seat":0,"step":"cannons","cannons":{"gunner-1":1}}`)
	if c := g.View(engine.Public).(View).Battle.Need.Cubes[0]; c != 1 {
		t.Fatalf("Ann's cubes %d: the Gunner played after the battle began counts", c)
	}
	conserved(t, st(g))
}

// TestOwnersBattleBoardDecidesTheRead plays the Merchant battle that Ann
// wins on the default board, on an owner's board whose left damage zone
// gives 3 strength instead: the same read now makes the Merchant win.
func TestOwnersBattleBoardDecidesTheRead(t *testing.T) {
	var lay map[string]any
	def, err := os.ReadFile("../layout/board.default.json")
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(def, &lay); err != nil {
		t.Fatal(err)
	}
	for _, z := range lay["zones"].([]any) {
		if z := z.(map[string]any); z["id"] == "damage-left" {
			z["effects"] = []any{map[string]any{"kind": "strength", "n": 3}}
		}
	}
	board, _ := json.Marshal(lay)
	su := testSetup(2)
	su.Row1[0].Card = "test-merchant-1"
	su.Options.BattleBoard = board
	tb := newTable(t, su, 2)
	// The tablet's read-by-hand grid is built from the view's zones: they
	// are the owner's board's, with its effects.
	zv := tb.g.View(engine.Public).(View).BattleZones
	if len(zv) != len(lay["zones"].([]any)) {
		t.Fatalf("the view lists %d battle zones, the owner's board has %d", len(zv), len(lay["zones"].([]any)))
	}
	for _, z := range zv {
		if z.ID == "damage-left" && (len(z.Effects) != 1 || z.Effects[0].Kind != "strength" || z.Effects[0].N != 3) {
			t.Fatalf("the view says damage-left gives %+v on the owner's board, not 3 strength", z.Effects)
		}
	}
	tb.act(`{"type":"set-sails","seat":0}`)
	tb.act(`{"type":"move","seat":0,"path":["R1C1"]}`)
	tb.act(`{"type":"attack-merchant","seat":0,"back":{"name":"Test Trader","cubes":2,"winAbility":true}}`)
	tb.act(`{"type":"battle-step","seat":0,"step":"cannons","cannons":{"ship":1}}`)
	tb.act(`{"type":"battle-step","seat":0,"step":"drop"}`)
	tb.act(`{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"strength-2-top":1},"black":{"strength-1-left":1,"damage-left":1}}}}`)
	tb.act(`{"type":"battle-step","seat":0,"step":"pass","role":"attacker"}`)
	s := tb.state()
	ann := s.Players[0]
	if ann.Progress[AchLegendary] != 0 || s.Boxes[0].Buried != 1 {
		t.Fatalf("on the owner's board the Merchant (4 strength) beats Ann (2): Legendary %d, buried %d", ann.Progress[AchLegendary], s.Boxes[0].Buried)
	}
	if ann.Ship.Damage != 0 {
		t.Fatalf("the black cube in the zone that now gives strength dealt damage: %d", ann.Ship.Damage)
	}
	tb.replays()

	su.Options.BattleBoard = json.RawMessage(`{"zones": "none"}`)
	raw, _ := json.Marshal(su)
	if _, err := Rules().New(raw, 1); !errors.Is(err, engine.ErrMalformed) || !strings.Contains(err.Error(), "battleBoard") {
		t.Fatalf("a malformed owner's board: %v", err)
	}
}
