package battle

import (
	"slices"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/internal/wording"
)

type zones = map[string]int

func board(purple, green zones) Read {
	return Read{Cubes: map[string]map[string]int{"purple": purple, "green": green}}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

func refused(t *testing.T, err error, code string) {
	t.Helper()
	re, ok := engine.AsRuleError(err)
	if !ok {
		t.Fatalf("got %v, want a refusal %s", err, code)
	}
	if re.Code != code || re.Page == 0 || re.Detail == "" {
		t.Fatalf("got %v, want code %s with a page and a sentence", re, code)
	}
	if err := wording.Check(re.Detail); err != nil {
		t.Errorf("refusal %s: %v", re.Code, err)
	}
}

func wantNeed(t *testing.T, b *Battle, phase Phase, who string) Need {
	t.Helper()
	n := b.Need()
	if n.Phase != phase || n.Who != who {
		t.Fatalf("need %s/%s, want %s/%s", n.Phase, n.Who, phase, who)
	}
	return n
}

func wantStrength(t *testing.T, b *Battle, att, def int) {
	t.Helper()
	if _, a := b.Tally(Attacker); a != att {
		t.Fatalf("attacker strength %d, want %d", a, att)
	}
	if _, d := b.Tally(Defender); d != def {
		t.Fatalf("defender strength %d, want %d", d, def)
	}
}

// exampleConfig is the rulebook's complex ship-vs-ship battle (pp. 20-21):
// Purple (active, Captain level 3 with an Attack flag) attacks Green at an
// island. Purple: 2 ship cannons, a Gunner with 3 cannons and "drop 2
// cubes", a Deck Hand with 1 cannon and a "gain 1 strength" advancement.
// Green plays a level-2 Gunner (1 cannon) and a level-1 Crew (1 cannon)
// whose sleeved advancement drops 2 cubes. Card ids are test data.
func exampleConfig() Config {
	return Config{
		Kind: KindShip, Cause: CauseAttackFlag, AtIsland: true, OpponentKey: "ship:1",
		Attacker: Side{Kind: SideShip, Seat: 0, Name: "Purple", Colour: "purple", ShipCannons: 2, Cubes: 20,
			Hold: Hold{Free: 7},
			Cards: []Card{
				{ID: "captain", Name: "Captain", Abilities: []Ability{{ID: "captain-win", Name: "Captain: coins if you win", Kind: IfWin, Coins: 1, NotVsBuildings: true}}},
				{ID: "gunner", Name: "Gunner", Cannons: 3, Abilities: []Ability{{ID: "gunner-drop", Name: "Gunner: drop 2 cubes", Kind: DropCubes, N: 2}}},
				{ID: "deckhand", Name: "Deck Hand", Cannons: 1, Abilities: []Ability{{ID: "deckhand-strength", Name: "gain 1 strength", Kind: GainStrength, N: 1}}},
			}},
		Defender: Side{Kind: SideShip, Seat: 1, Name: "Green", Colour: "green", ShipCannons: 1, Cubes: 25,
			Hold: Hold{Free: 5, Coins: 1},
			Cards: []Card{
				{ID: "g-gunner", Name: "Gunner", Cannons: 1, InHand: true},
				{ID: "g-crew", Name: "Crew", Cannons: 1, InHand: true, Abilities: []Ability{{ID: "g-crew-drop", Name: "drop 2 cubes", Kind: DropCubes, N: 2}}},
				{ID: "g-purser", Name: "Purser", InHand: true},
			}},
	}
}

// TestRulebookComplexBattle plays the example of pp. 20-21 step by step on
// the default board layout. The example's pictures (which zone each cube
// landed in) are not in our text of the rulebook, so the reads are chosen
// to match every number the text gives: 2 to 2 after the drop, Green's
// exploding shot, Purple knocking a green cube out of a strength zone,
// "Green still winning 3 to 2", the +1 strength making it 3 to 3, Green's
// one cube in a damage zone, the tie going to Purple. The plunder amounts
// follow the default layout (Purple: 5 cargo, 1 coin, 2 of either; the
// printed board gives Purple 2 coins).
func TestRulebookComplexBattle(t *testing.T) {
	b, err := New(nil, exampleConfig())
	must(t, err)

	// 1. Purple uses all 6 cannons.
	wantNeed(t, b, PhaseCannons, "attacker")
	must(t, b.ChooseCannons(map[string]int{ShipSource: 2, "gunner": 3, "deckhand": 1}))
	// 2. Green plays the Gunner and the Crew; the defender uses every cannon.
	wantNeed(t, b, PhaseDefence, "defender")
	must(t, b.Defend([]string{"g-gunner", "g-crew"}))
	n := wantNeed(t, b, PhaseReady, "both")
	if n.Cubes != [2]int{6, 3} {
		t.Fatalf("cubes %v, want 6 purple and 3 green", n.Cubes)
	}
	// 3. Drop all 9 cubes at once.
	must(t, b.Drop())
	n = wantNeed(t, b, PhaseRead, "table")
	if n.Drop["purple"] != 6 || n.Drop["green"] != 3 || n.DropKind != DropFirst {
		t.Fatalf("drop %v %s", n.Drop, n.DropKind)
	}
	must(t, b.Read(board(
		zones{"strength-1-plunder": 2, "plunder-cargo": 2, "plunder-coin": 1, "plunder-choice-left": 1},
		zones{"strength-1-left": 1, "strength-1-right": 1, "damage-left": 1})))
	wantStrength(t, b, 2, 2)

	// 4. Purple, winning the tie, passes.
	n = wantNeed(t, b, PhaseAbilities, "attacker")
	if !slices.Contains(n.Usable, "gunner-drop") || !slices.Contains(n.Usable, "captain-win") {
		t.Fatalf("usable %v", n.Usable)
	}
	refused(t, b.UseAbility(Defender, "g-crew-drop", ""), CodeNotYourAbility)
	must(t, b.Pass(Attacker))

	// 5. Green drops 2 cubes: one explodes, one lands on plunder.
	wantNeed(t, b, PhaseAbilities, "defender")
	must(t, b.UseAbility(Defender, "g-crew-drop", ""))
	n = wantNeed(t, b, PhaseRead, "table")
	if n.Drop["green"] != 2 || n.InShip["green"] != 5 || n.DropKind != DropAbility {
		t.Fatalf("need %+v", n)
	}
	must(t, b.Read(board(
		zones{"strength-1-plunder": 2, "plunder-cargo": 2, "plunder-coin": 1, "plunder-choice-left": 1},
		zones{"strength-1-left": 1, "strength-1-right": 1, "damage-left": 1, "explode": 1, "plunder-coin": 1})))
	// ...so Green takes that cube and one more and drops both.
	n = wantNeed(t, b, PhaseRead, "table")
	if n.Drop["green"] != 2 || n.DropKind != DropExplode || n.InShip["green"] != 6 {
		t.Fatalf("need %+v", n)
	}
	must(t, b.Read(board(
		zones{"strength-1-plunder": 2, "plunder-cargo": 2, "plunder-coin": 1, "plunder-choice-left": 1},
		zones{"strength-1-left": 2, "strength-1-right": 2, "damage-left": 1, "plunder-coin": 1})))
	wantStrength(t, b, 2, 4)

	// 6. Purple drops 2: one knocks a green cube out of a strength zone and
	// lands on plunder, the other lands on plunder too.
	wantNeed(t, b, PhaseAbilities, "attacker")
	must(t, b.UseAbility(Attacker, "gunner-drop", ""))
	must(t, b.Read(board(
		zones{"strength-1-plunder": 2, "plunder-cargo": 3, "plunder-coin": 1, "plunder-choice-left": 1, "plunder-choice-right": 1},
		zones{"strength-1-left": 2, "strength-1-right": 1, "damage-left": 1, "plunder-coin": 1, "plunder-choice-right": 1})))
	wantStrength(t, b, 2, 3) // "Green is still winning 3 Battle strength to 2"

	// 7. Green has no battle ability left and must pass.
	n = wantNeed(t, b, PhaseAbilities, "defender")
	if len(n.Usable) != 0 {
		t.Fatalf("Green can still use %v", n.Usable)
	}
	refused(t, b.UseAbility(Defender, "g-crew-drop", ""), CodeAbilityUsed)
	refused(t, b.UseAbility(Defender, "g-purser", ""), CodeUnknownAbility)
	must(t, b.Pass(Defender))
	// 8. Purple gains 1 strength: 3 to 3.
	must(t, b.UseAbility(Attacker, "deckhand-strength", ""))
	wantStrength(t, b, 3, 3)
	// 9-10. Green passes, Purple passes: the step is over.
	must(t, b.Pass(Defender))
	refused(t, b.Pass(Defender), CodeNotYourAbility)
	must(t, b.Pass(Attacker))

	// 11. Plunder, to the ships (and the island for what Purple cannot fit).
	n = wantNeed(t, b, PhasePlunder, "both")
	if got := n.Plunder["attacker"]; got.Cargo != 5 || got.Coins != 1 || got.Choice != 2 || got.HoldFree != 7 || !got.Island {
		t.Fatalf("Purple's plunder %+v", got)
	}
	if got := n.Plunder["defender"]; got.Cargo != 0 || got.Coins != 1 || got.Choice != 1 || got.HoldFree != 5 {
		t.Fatalf("Green's plunder %+v", got)
	}
	refused(t, b.Plunder(Attacker, PlunderChoice{ChoiceCoins: 2, Ship: Goods{Cargo: 5, Coins: 3}}), CodePlunder) // 8 > 7 free
	refused(t, b.Plunder(Attacker, PlunderChoice{ChoiceCoins: 3}), CodePlunder)
	refused(t, b.Plunder(Attacker, PlunderChoice{Ship: Goods{Coins: 2}}), CodePlunder) // only 1 coin without choosing
	must(t, b.Plunder(Attacker, PlunderChoice{ChoiceCoins: 2, Ship: Goods{Cargo: 4, Coins: 3}, Island: Goods{Cargo: 1}}))
	refused(t, b.Plunder(Attacker, PlunderChoice{}), CodePlunder) // already placed
	must(t, b.Plunder(Defender, PlunderChoice{Ship: Goods{Cargo: 1, Coins: 1}}))

	// 12-13. Damage and the outcome.
	wantNeed(t, b, PhaseDone, "")
	o, ok := b.Outcome()
	if !ok {
		t.Fatal("no outcome")
	}
	if o.Winner != Attacker || o.WinnerSeat != 0 || o.Strength != [2]int{3, 3} {
		t.Fatalf("winner %v seat %v strength %v", o.Winner, o.WinnerSeat, o.Strength)
	}
	p, g := o.Sides[Attacker], o.Sides[Defender]
	if p.DamageFromZones != 1 || p.LoserDamage != 0 || p.Damage != 1 {
		t.Errorf("Purple's damage %+v, want 1 from Green's damage cube", p)
	}
	if g.DamageFromZones != 0 || g.LoserDamage != 1 || g.Damage != 1 {
		t.Errorf("Green's damage %+v, want the loser's 1", g)
	}
	if o.Legendary != 0 || o.Blockaded != engine.NoSeat || p.Sinks || g.Sinks {
		t.Errorf("legendary %v blockaded %v sinks %v %v", o.Legendary, o.Blockaded, p.Sinks, g.Sinks)
	}
	if p.Ship != (Goods{Cargo: 4, Coins: 3}) || p.Island != (Goods{Cargo: 1}) || p.Returned != (Goods{}) {
		t.Errorf("Purple's plunder %+v %+v %+v", p.Ship, p.Island, p.Returned)
	}
	if g.Ship != (Goods{Cargo: 1, Coins: 1}) {
		t.Errorf("Green's plunder %+v", g.Ship)
	}
	if !slices.Equal(g.CardsPlayed, []string{"g-gunner", "g-crew"}) || g.CannonsUsed[ShipSource] != 1 || g.CannonsUsed["g-crew"] != 1 {
		t.Errorf("Green played %v cannons %v", g.CardsPlayed, g.CannonsUsed)
	}
	if !slices.Equal(p.AbilitiesUsed, []string{"gunner-drop", "deckhand-strength"}) || p.CannonsUsed["gunner"] != 3 {
		t.Errorf("Purple used %v cannons %v", p.AbilitiesUsed, p.CannonsUsed)
	}
	// Every step after the end is refused.
	refused(t, b.Pass(Attacker), CodeWrongPhase)
	refused(t, b.Read(Read{}), CodeWrongPhase)
}
