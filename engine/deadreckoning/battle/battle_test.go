package battle

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

func ship(seat engine.Seat, name, colour string, cannons int) Side {
	return Side{Kind: SideShip, Seat: seat, Name: name, Colour: colour, ShipCannons: cannons, Cubes: 20, Hold: Hold{Free: 7}}
}

func merchantConfig(cubes int) Config {
	return Config{Kind: KindMerchant, Cause: CauseMerchant, AtIsland: true, OpponentKey: "merchant:7",
		Attacker: ship(0, "Ann", "purple", 1),
		Defender: Side{Kind: SideMerchant, Seat: engine.NoSeat, Name: "Test Merchant", Colour: "black", MerchantCubes: cubes}}
}

func buildingConfig(fort, garrison bool) Config {
	return Config{Kind: KindBuilding, Cause: CauseBuilding, AtIsland: true, OpponentKey: "building:B2",
		Attacker: ship(0, "Ann", "purple", 1),
		Defender: Side{Kind: SideBuildings, Seat: 1, Name: "Bo's buildings on Test Isle", Colour: "black", Fort: fort, Garrison: garrison}}
}

func shipConfig() Config {
	return Config{Kind: KindShip, Cause: CauseAttackFlag, AtIsland: true, OpponentKey: "ship:1",
		Attacker: ship(0, "Ann", "purple", 1), Defender: ship(1, "Bo", "green", 1)}
}

func rd(cubes map[string]map[string]int) Read { return Read{Cubes: cubes} }

// settle drops the first cubes and reads a board with no exploding shots.
func settle(t *testing.T, b *Battle, r Read) {
	t.Helper()
	must(t, b.Drop())
	must(t, b.Read(r))
	wantNeed(t, b, PhaseAbilities, b.Need().Who)
}

func TestDeclareRefusals(t *testing.T) {
	cases := []struct {
		name string
		edit func(c *Config)
		base func() Config
		code string
	}{
		{"same opponent twice", func(c *Config) { c.FoughtThisTurn = []string{"merchant:3", "ship:1"} }, shipConfig, CodeSameOpponent},
		{"merchant twice", func(c *Config) { c.FoughtThisTurn = []string{"merchant:7"} }, func() Config { return merchantConfig(2) }, CodeSameOpponent},
		{"buildings guarded by a pirate", func(c *Config) { c.PirateShipAtIsland = true }, func() Config { return buildingConfig(true, false) }, CodeBuildingsGuard},
		{"only an Outpost", func(c *Config) {}, func() Config { return buildingConfig(false, false) }, CodeNoBuilding},
		{"own buildings", func(c *Config) { c.Defender.Seat = 0 }, func() Config { return buildingConfig(true, false) }, CodeBadSide},
		{"battle yourself", func(c *Config) { c.Defender.Seat = 0 }, shipConfig, CodeBadSide},
		{"same colour", func(c *Config) { c.Defender.Colour = "purple" }, shipConfig, CodeBadSide},
		{"black player", func(c *Config) { c.Attacker.Colour = "black" }, shipConfig, CodeBadSide},
		{"coloured merchant", func(c *Config) { c.Defender.Colour = "green" }, func() Config { return merchantConfig(2) }, CodeBadSide},
		{"cause and kind disagree", func(c *Config) { c.Cause = CauseMerchant }, shipConfig, CodeBadSide},
		{"unknown kind", func(c *Config) { c.Kind = "duel" }, shipConfig, CodeBadSide},
		{"merchant as a ship", func(c *Config) { c.Defender.Kind = SideMerchant }, shipConfig, CodeBadSide},
		{"cards defend buildings", func(c *Config) { c.Defender.Cards = []Card{{ID: "x", Cannons: 2}} }, func() Config { return buildingConfig(true, false) }, CodeBadSide},
		{"ship cannons defend buildings", func(c *Config) { c.Defender.ShipCannons = 1 }, func() Config { return buildingConfig(true, false) }, CodeBadSide},
		{"negative damage", func(c *Config) { c.Attacker.Damage = -1 }, shipConfig, CodeBadSide},
		{"too many cubes", func(c *Config) { c.Attacker.Cubes, c.Attacker.SpareIslandCubes = 30, 6 }, shipConfig, CodeBadSide},
		{"duplicate card", func(c *Config) { c.Attacker.Cards = []Card{{ID: "a"}, {ID: "a"}} }, shipConfig, CodeBadSide},
		{"card named ship", func(c *Config) { c.Attacker.Cards = []Card{{ID: ShipSource}} }, shipConfig, CodeBadSide},
		{"unknown ability", func(c *Config) {
			c.Attacker.Cards = []Card{{ID: "a", Abilities: []Ability{{ID: "x", Kind: "teleport"}}}}
		}, shipConfig, CodeBadSide},
		{"drop 0", func(c *Config) {
			c.Attacker.Cards = []Card{{ID: "a", Abilities: []Ability{{ID: "x", Kind: DropCubes}}}}
		}, shipConfig, CodeBadSide},
		{"harbor and island", func(c *Config) { c.Defender.InHarbor = true }, shipConfig, CodeBadSide},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			c := tc.base()
			tc.edit(&c)
			_, err := New(nil, c)
			refused(t, err, tc.code)
		})
	}
}

func TestCubeReasons(t *testing.T) {
	c := shipConfig()
	c.AtIsland = false
	c.Attacker.BuildingsHere = 2 // not at an island the attacker controls in Harbor, but the rule is per side
	c.Attacker.FinalTurnTaken = true
	c.Defender.InHarbor = true
	c.Defender.FinalTurnTaken = true
	c.Defender.Cards = []Card{{ID: "kept", Cannons: 2}, {ID: "hand", Cannons: 1, InHand: true}, {ID: "left", Cannons: 5, InHand: true}}
	c.Defender.UsedCannons = map[string]int{"kept": 1}
	b, err := New(nil, c)
	must(t, err)
	must(t, b.ChooseCannons(map[string]int{ShipSource: 1}))
	must(t, b.Defend([]string{"hand"}))
	n := b.Need()
	// Attacker: 1 cannon + 2 buildings + 2 final turn.
	if n.Cubes[Attacker] != 5 {
		t.Errorf("attacker cubes %d %+v, want 5", n.Cubes[Attacker], n.Reasons[Attacker])
	}
	// Defender: ship 1 + kept card 1 (one used already) + played card 1 +
	// Harbor 4 + final turn 2; the card left in hand does not count.
	if n.Cubes[Defender] != 9 {
		t.Errorf("defender cubes %d %+v, want 9", n.Cubes[Defender], n.Reasons[Defender])
	}
	var why []string
	for _, r := range n.Reasons[Defender] {
		why = append(why, r.Source)
	}
	if strings.Join(why, ",") != "ship,kept,hand,harbor,final-turn" {
		t.Errorf("defender reasons %v", why)
	}
}

func TestCannonRefusals(t *testing.T) {
	c := shipConfig()
	c.Attacker.Cards = []Card{{ID: "gunner", Cannons: 2}, {ID: "inhand", Cannons: 2, InHand: true}}
	c.Attacker.UsedCannons = map[string]int{"gunner": 1}
	c.Attacker.Cubes, c.Attacker.SpareIslandCubes = 1, 1
	b, err := New(nil, c)
	must(t, err)
	refused(t, b.Defend(nil), CodeWrongPhase)
	refused(t, b.Drop(), CodeWrongPhase)
	refused(t, b.ChooseCannons(map[string]int{"nowhere": 1}), CodeUnknownCannon)
	refused(t, b.ChooseCannons(map[string]int{"inhand": 1}), CodeUnknownCannon)
	refused(t, b.ChooseCannons(map[string]int{ShipSource: -1}), CodeUnknownCannon)
	refused(t, b.ChooseCannons(map[string]int{"gunner": 2}), CodeCannonUsed) // one used in an earlier battle
	refused(t, b.ChooseCannons(map[string]int{"gunner": 1, ShipSource: 1, "inhand": 0}), CodeUnknownCannon)
	c.Attacker.Cubes = 0
	b, _ = New(nil, c)
	refused(t, b.ChooseCannons(map[string]int{"gunner": 1, ShipSource: 1}), CodeOutOfCubes) // 2 cubes, 1 spare
	must(t, b.ChooseCannons(map[string]int{"gunner": 1}))
	refused(t, b.ChooseCannons(map[string]int{"gunner": 1}), CodeWrongPhase)
	refused(t, b.Defend([]string{"nothing"}), CodeNotInHand)
	refused(t, b.Defend([]string{"inhand"}), CodeNotInHand) // the attacker's card, not the defender's
	b.st.Config.Defender.Cards = []Card{{ID: "purser", Name: "Purser", InHand: true}, {ID: "g", Cannons: 1, InHand: true}}
	refused(t, b.Defend([]string{"g", "purser"}), CodeNoBattleUse)
	must(t, b.Defend(nil))
	settle(t, b, rd(map[string]map[string]int{"purple": {"strength-1-left": 1}, "green": {"strength-2-top": 1}}))
	refused(t, b.Pass(Defender), CodeNotYourAbility)
	must(t, b.Pass(Attacker))
	must(t, b.Pass(Defender))
	o, _ := b.Outcome()
	if o.Sides[Attacker].CubesFromIslands != 1 {
		t.Errorf("cubes from islands %d, want 1", o.Sides[Attacker].CubesFromIslands)
	}
	if o.Winner != Defender || o.Sides[Attacker].LoserDamage != 1 || o.Legendary != 1 {
		t.Errorf("outcome %+v", o)
	}
}

func TestJettison(t *testing.T) {
	c := shipConfig()
	c.Defender.Hold = Hold{Cargo: 3, Coins: 4, Free: 0}
	c.Defender.Damage = 4
	c.Defender.CoinsInChest = 10
	b, err := New(nil, c)
	must(t, err)
	refused(t, b.Jettison(Defender, Goods{Cargo: 4}), CodeJettison)
	refused(t, b.Jettison(Defender, Goods{}), CodeJettison)
	refused(t, b.Jettison(Defender, Goods{Cargo: -1, Coins: 2}), CodeJettison)
	must(t, b.Jettison(Defender, Goods{Coins: 3}))
	must(t, b.ChooseCannons(map[string]int{ShipSource: 1}))
	must(t, b.Jettison(Defender, Goods{Cargo: 1}))
	refused(t, b.Jettison(Defender, Goods{Coins: 2}), CodeJettison) // 1 coin left
	must(t, b.Defend(nil))
	must(t, b.Jettison(Defender, Goods{Coins: 1}))
	must(t, b.Drop())
	refused(t, b.Jettison(Defender, Goods{Cargo: 1}), CodeWrongPhase)
	// Green's cubes land on plunder; Purple wins and Green sinks at 5 damage.
	must(t, b.Read(rd(map[string]map[string]int{"purple": {"strength-2-top": 1}, "green": {"plunder-coin": 1}})))
	must(t, b.Pass(Attacker))
	must(t, b.Pass(Defender))
	n := wantNeed(t, b, PhasePlunder, "both")
	if d := n.Plunder["defender"]; d.HoldFree != 5 || d.Coins != 1 {
		t.Fatalf("Green's plunder %+v, want 1 coin with the 5 jettisoned spaces free", d)
	}
	must(t, b.Plunder(Defender, PlunderChoice{Ship: Goods{Coins: 1}}))
	o, _ := b.Outcome()
	g := o.Sides[Defender]
	if g.Jettisoned != (Goods{Cargo: 1, Coins: 4}) {
		t.Errorf("jettisoned %+v", g.Jettisoned)
	}
	// Sinking: the 1 plundered coin on the ship, topped up with 4 from the chest, to Purple.
	if !g.Sinks || g.Sinking == nil || *g.Sinking != (Sinking{CoinsFromShip: 1, CoinsFromChest: 4, To: 0}) {
		t.Errorf("sinking %+v %+v", g.Sinks, g.Sinking)
	}
}

func TestRedropAndExplodeLimits(t *testing.T) {
	c := shipConfig()
	c.Attacker.Cubes, c.Attacker.SpareIslandCubes = 2, 1
	b, err := New(nil, c)
	must(t, err)
	must(t, b.ChooseCannons(map[string]int{ShipSource: 1}))
	must(t, b.Defend(nil))
	must(t, b.Drop())
	// A purple cube balanced on a border is dropped again, alone.
	must(t, b.Read(Read{Cubes: map[string]map[string]int{"green": {"explode": 1}}, Redrop: map[string]int{"purple": 1}}))
	n := wantNeed(t, b, PhaseRead, "table")
	if n.DropKind != DropRedrop || n.Drop["purple"] != 1 || len(n.Drop) != 1 {
		t.Fatalf("need %+v", n)
	}
	must(t, b.Read(rd(map[string]map[string]int{"purple": {"explode": 1}, "green": {"explode": 1}})))
	n = wantNeed(t, b, PhaseRead, "table")
	if n.DropKind != DropExplode || n.Drop["purple"] != 2 || n.Drop["green"] != 2 {
		t.Fatalf("need %+v", n)
	}
	must(t, b.Read(rd(map[string]map[string]int{"purple": {"explode": 2}, "green": {"damage-left": 1, "strength-1-left": 1}})))
	// Purple has 3 cubes in all (2 + 1 from islands): the two exploding ones
	// come out with one extra only.
	n = wantNeed(t, b, PhaseRead, "table")
	if n.Drop["purple"] != 3 || n.InShip["purple"] != 3 {
		t.Fatalf("need %+v", n)
	}
	must(t, b.Read(rd(map[string]map[string]int{"purple": {"explode": 3}, "green": {"damage-left": 1, "strength-1-left": 1}})))
	n = wantNeed(t, b, PhaseRead, "table")
	if n.Drop["purple"] != 3 || n.InShip["purple"] != 3 {
		t.Fatalf("out of cubes, the exploding cubes are still dropped again: %+v", n)
	}
	must(t, b.Read(rd(map[string]map[string]int{"purple": {"strength-2-top": 3}, "green": {"damage-left": 1, "strength-1-left": 1}})))
	wantStrength(t, b, 6, 1)
	must(t, b.Pass(Attacker))
	must(t, b.Pass(Defender))
	o, _ := b.Outcome()
	if o.Sides[Attacker].CubesFromIslands != 1 || o.Sides[Attacker].DamageFromZones != 1 {
		t.Errorf("attacker %+v", o.Sides[Attacker])
	}
}

func TestMerchantBattleLost(t *testing.T) {
	c := merchantConfig(4)
	c.Attacker.Damage = 3
	c.Attacker.Hold = Hold{Coins: 2, Free: 5}
	c.Attacker.CoinsInChest = 2
	c.Attacker.Cards = []Card{{ID: "gunner", Abilities: []Ability{{ID: "remove", Kind: RemoveCube, N: 1, Coins: 2}}}}
	b, err := New(nil, c)
	must(t, err)
	must(t, b.ChooseCannons(map[string]int{ShipSource: 1}))
	n := wantNeed(t, b, PhaseReady, "both")
	if n.Cubes != [2]int{1, 4} {
		t.Fatalf("cubes %v, want 1 and the Merchant's 4", n.Cubes)
	}
	settle(t, b, rd(map[string]map[string]int{"purple": {"plunder-cargo": 1}, "black": {"damage-left": 2, "strength-2-top": 1, "strength-1-left": 1}}))
	refused(t, b.UseAbility(Defender, "remove", ""), CodeNotYourAbility)
	refused(t, b.Pass(Defender), CodeNotYourAbility)
	refused(t, b.UseAbility(Attacker, "remove", "strength-2-top"), CodeNoCubeThere)
	refused(t, b.UseAbility(Attacker, "remove", ""), CodeNoCubeThere)
	// Removing the plunder cube gains 2 coins; a Merchant has no ship to damage.
	must(t, b.UseAbility(Attacker, "remove", "plunder-cargo"))
	wantNeed(t, b, PhaseAbilities, "attacker")
	must(t, b.Pass(Attacker))
	n = wantNeed(t, b, PhasePlunder, "both")
	if d := n.Plunder["attacker"]; d.Cargo != 0 || d.Gains != (Goods{Coins: 2}) {
		t.Fatalf("plunder %+v", d)
	}
	must(t, b.Plunder(Attacker, PlunderChoice{Ship: Goods{Coins: 2}}))
	o, _ := b.Outcome()
	a := o.Sides[Attacker]
	if o.Winner != Defender || o.WinnerSeat != engine.NoSeat || o.Legendary != engine.NoSeat {
		t.Errorf("winner %v seat %v legendary %v", o.Winner, o.WinnerSeat, o.Legendary)
	}
	if o.Merchant == nil || o.Merchant.PlayerWon || !o.Merchant.Bury {
		t.Errorf("merchant %+v, want buried", o.Merchant)
	}
	// Losing to a Merchant does only what its card says: no loser damage.
	if a.LoserDamage != 0 || a.Damage != 2 || !a.Sinks {
		t.Errorf("attacker %+v", a)
	}
	// 4 coins on the ship (2 + 2 gained) and 1 of the 2 in the chest, to the supply.
	if *a.Sinking != (Sinking{CoinsFromShip: 4, CoinsFromChest: 1, To: engine.NoSeat}) {
		t.Errorf("sinking %+v", *a.Sinking)
	}
}

func TestMerchantBattleWon(t *testing.T) {
	b, err := New(nil, merchantConfig(1))
	must(t, err)
	must(t, b.ChooseCannons(map[string]int{ShipSource: 1}))
	settle(t, b, rd(map[string]map[string]int{"purple": {"strength-1-left": 1}, "black": {"strength-1-right": 1}}))
	must(t, b.Pass(Attacker))
	o, ok := b.Outcome()
	if !ok || o.Winner != Attacker || o.Legendary != 0 || o.Merchant.Bury || !o.Merchant.PlayerWon {
		t.Fatalf("outcome %+v", o)
	}
}

func TestBuildingBattle(t *testing.T) {
	c := buildingConfig(true, true)
	c.Defender.FinalTurnTaken = true
	c.Attacker.Cards = []Card{
		{ID: "captain", Abilities: []Ability{{ID: "captain-win", Kind: IfWin, Coins: 2, NotVsBuildings: true}}},
		{ID: "gunner", Cannons: 1, Abilities: []Ability{{ID: "drop", Kind: DropCubes, N: 2}, {ID: "remove", Kind: RemoveCube, N: 1, Coins: 2}}},
	}
	b, err := New(nil, c)
	must(t, err)
	must(t, b.ChooseCannons(map[string]int{ShipSource: 1, "gunner": 1}))
	n := wantNeed(t, b, PhaseReady, "both")
	if n.Cubes != [2]int{2, 9} {
		t.Fatalf("cubes %v, want 2 and Fort+Garrison 7 + 2 for the final turn", n.Cubes)
	}
	settle(t, b, rd(map[string]map[string]int{"purple": {"plunder-coin": 1, "strength-2-top": 1}, "black": {"damage-left": 1, "plunder-cargo": 8}}))
	refused(t, b.UseAbility(Attacker, "captain-win", ""), CodeVsBuildings)
	refused(t, b.Pass(Defender), CodeNotYourAbility)
	if u := b.Need().Usable; strings.Join(u, ",") != "drop,remove" {
		t.Errorf("usable %v", u)
	}
	must(t, b.UseAbility(Attacker, "drop", ""))
	must(t, b.Read(rd(map[string]map[string]int{"purple": {"plunder-coin": 1, "strength-2-top": 3}, "black": {"damage-left": 1, "plunder-cargo": 8}})))
	must(t, b.Pass(Attacker))
	// No plunder against buildings: the coin zone gives nothing.
	wantNeed(t, b, PhaseDone, "")
	o, _ := b.Outcome()
	if o.Winner != Attacker || o.Removed == nil || !o.Removed.Fort || !o.Removed.Garrison {
		t.Fatalf("outcome %+v", o)
	}
	a := o.Sides[Attacker]
	if a.Ship != (Goods{}) || a.DamageFromZones != 1 || a.LoserDamage != 0 {
		t.Errorf("attacker %+v", a)
	}
	if o.Legendary != engine.NoSeat {
		t.Errorf("a building battle gave Legendary progress to %v", o.Legendary)
	}
}

func TestBuildingBattleLost(t *testing.T) {
	b, err := New(nil, buildingConfig(false, true))
	must(t, err)
	must(t, b.ChooseCannons(nil))
	settle(t, b, rd(map[string]map[string]int{"black": {"strength-1-left": 2}}))
	must(t, b.Pass(Attacker))
	o, _ := b.Outcome()
	if o.Winner != Defender || o.Removed != nil || o.Sides[Attacker].LoserDamage != 1 || o.WinnerSeat != 1 {
		t.Fatalf("outcome %+v", o)
	}
}

func TestPirateBlockadeAndBothSink(t *testing.T) {
	c := shipConfig()
	c.Cause = CausePirateStop
	c.Defender.Pirate = true
	c.Attacker.Damage, c.Defender.Damage = 4, 4
	c.Attacker.Hold.Coins, c.Attacker.CoinsInChest = 6, 9
	c.Defender.Hold.Coins, c.Defender.CoinsInChest = 0, 3
	b, err := New(nil, c)
	must(t, err)
	must(t, b.ChooseCannons(map[string]int{ShipSource: 1}))
	must(t, b.Defend(nil))
	settle(t, b, rd(map[string]map[string]int{"purple": {"damage-right": 1}, "green": {"strength-1-left": 1}}))
	must(t, b.Pass(Attacker))
	must(t, b.Pass(Defender))
	o, _ := b.Outcome()
	a, d := o.Sides[Attacker], o.Sides[Defender]
	if o.Winner != Defender || o.Blockaded != 0 || d.ToMercantile || o.Legendary != 1 {
		t.Errorf("winner %v blockaded %v to mercantile %v", o.Winner, o.Blockaded, d.ToMercantile)
	}
	// Both ships sink; the winner too (a pyrrhic victory, p. 18).
	if !a.Sinks || !d.Sinks {
		t.Fatalf("sinks %v %v", a.Sinks, d.Sinks)
	}
	if *a.Sinking != (Sinking{CoinsFromShip: 6, CoinsFromChest: 0, To: 1}) {
		t.Errorf("attacker sinking %+v", *a.Sinking)
	}
	if *d.Sinking != (Sinking{CoinsFromShip: 0, CoinsFromChest: 3, To: 0}) {
		t.Errorf("defender sinking %+v (the chest holds only 3)", *d.Sinking)
	}
}

func TestLosingPirateTurnsMercantile(t *testing.T) {
	c := shipConfig()
	c.Defender.Pirate = true
	c.Cause = CausePirateChoice
	b, err := New(nil, c)
	must(t, err)
	must(t, b.ChooseCannons(map[string]int{ShipSource: 1}))
	must(t, b.Defend(nil))
	settle(t, b, rd(map[string]map[string]int{"purple": {"strength-1-left": 1}, "green": {"strength-1-left": 1}}))
	must(t, b.Pass(Attacker))
	must(t, b.Pass(Defender))
	o, _ := b.Outcome()
	if o.Winner != Attacker || !o.Sides[Defender].ToMercantile || o.Blockaded != engine.NoSeat {
		t.Fatalf("outcome %+v", o)
	}
}

func TestAbilityRefusals(t *testing.T) {
	c := shipConfig()
	c.Attacker.Cubes, c.Attacker.SpareIslandCubes = 2, 0
	c.Attacker.Cards = []Card{{ID: "gunner", Abilities: []Ability{{ID: "drop", Kind: DropCubes, N: 2}, {ID: "old", Kind: GainStrength, N: 1}}}}
	c.Attacker.UsedAbilities = []string{"old"}
	b, err := New(nil, c)
	must(t, err)
	refused(t, b.UseAbility(Attacker, "drop", ""), CodeWrongPhase)
	must(t, b.ChooseCannons(map[string]int{ShipSource: 1}))
	must(t, b.Defend(nil))
	settle(t, b, rd(map[string]map[string]int{"purple": {"strength-1-left": 1}, "green": {"strength-1-left": 1}}))
	refused(t, b.UseAbility(Attacker, "old", ""), CodeAbilityUsed)
	refused(t, b.UseAbility(Attacker, "drop", ""), CodeOutOfCubes) // 1 in the ship, 2 more > 2
	refused(t, b.UseAbility(Attacker, "nope", ""), CodeUnknownAbility)
	refused(t, b.Plunder(Attacker, PlunderChoice{}), CodeWrongPhase)
}

func TestPlunderRefusals(t *testing.T) {
	c := shipConfig()
	c.AtIsland = false
	c.Defender.InHarbor = true
	c.Attacker.Hold.Free = 1
	b, err := New(nil, c)
	must(t, err)
	must(t, b.ChooseCannons(map[string]int{ShipSource: 1}))
	must(t, b.Defend(nil))
	n := b.Need()
	if n.Cubes[Defender] != 5 {
		t.Fatalf("defender in Harbor: %d cubes, want 1 + 4", n.Cubes[Defender])
	}
	settle(t, b, rd(map[string]map[string]int{"purple": {"plunder-choice-left": 1}, "green": {"strength-1-left": 5}}))
	must(t, b.Pass(Attacker))
	must(t, b.Pass(Defender))
	refused(t, b.Plunder(Defender, PlunderChoice{}), CodePlunder)                                // nothing to place
	refused(t, b.Plunder(Attacker, PlunderChoice{Island: Goods{Cargo: 1}}), CodePlunder)         // in Harbor
	refused(t, b.Plunder(Attacker, PlunderChoice{ChoiceCoins: -1}), CodePlunder)                 // negative
	refused(t, b.Plunder(Attacker, PlunderChoice{Ship: Goods{Cargo: 1, Coins: 1}}), CodePlunder) // 2 items, 1 gained
	refused(t, b.Plunder(Attacker, PlunderChoice{Ship: Goods{Cargo: -1}}), CodePlunder)
	must(t, b.Plunder(Attacker, PlunderChoice{ChoiceCoins: 1, Ship: Goods{Coins: 1}}))
	o, _ := b.Outcome()
	if o.Sides[Attacker].Ship != (Goods{Coins: 1}) {
		t.Errorf("ship %+v", o.Sides[Attacker].Ship)
	}
}

func TestPlunderToSupply(t *testing.T) {
	b, err := New(nil, merchantConfig(0))
	must(t, err)
	must(t, b.ChooseCannons(map[string]int{ShipSource: 1}))
	settle(t, b, rd(map[string]map[string]int{"purple": {"plunder-cargo": 1}}))
	must(t, b.Pass(Attacker))
	must(t, b.Plunder(Attacker, PlunderChoice{}))
	o, _ := b.Outcome()
	if o.Sides[Attacker].Returned != (Goods{Cargo: 1}) {
		t.Errorf("returned %+v", o.Sides[Attacker].Returned)
	}
}

func TestCloneAndRestore(t *testing.T) {
	b, err := New(nil, exampleConfig())
	must(t, err)
	must(t, b.ChooseCannons(map[string]int{ShipSource: 2}))
	c := b.Clone()
	must(t, c.Defend([]string{"g-crew"}))
	if b.Phase() != PhaseDefence || c.Phase() != PhaseReady {
		t.Fatalf("phases %s %s: the clone is not independent", b.Phase(), c.Phase())
	}
	data, err := json.Marshal(c)
	must(t, err)
	r, err := Restore(nil, data)
	must(t, err)
	if r.Need().Cubes != c.Need().Cubes || r.Config().Defender.Name != "Green" {
		t.Fatalf("restored %+v", r.Need())
	}
	if _, err := Restore(nil, []byte("{")); err == nil {
		t.Fatal("restored garbage")
	}
}

// FuzzReads feeds arbitrary reads to a battle waiting for one: never a
// panic, and a refused read changes nothing.
func FuzzReads(f *testing.F) {
	f.Add([]byte(`{"cubes":{"purple":{"explode":1},"green":{"strength-1-left":1}}}`))
	f.Add([]byte(`{"cubes":{"purple":{"explode":1}},"redrop":{"green":1}}`))
	f.Add([]byte(`{"cubes":{"purple":{"x":-1}}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		var r Read
		if json.Unmarshal(data, &r) != nil {
			return
		}
		b, err := New(nil, shipConfig())
		must(t, err)
		must(t, b.ChooseCannons(map[string]int{ShipSource: 1}))
		must(t, b.Defend(nil))
		must(t, b.Drop())
		for i := 0; i < 3 && b.Phase() == PhaseRead; i++ {
			before, _ := json.Marshal(b)
			if err := b.Read(r); err != nil {
				if _, ok := engine.AsRuleError(err); !ok {
					t.Fatalf("not a rule error: %v", err)
				}
				after, _ := json.Marshal(b)
				if string(before) != string(after) {
					t.Fatal("a refused read changed the battle")
				}
			}
		}
		_ = b.Need()
	})
}

// BenchmarkResolveFromTallies resolves a whole ship-vs-ship battle from
// typed-in reads: declare, cubes, drop, an exploding shot, abilities,
// plunder, outcome.
func BenchmarkResolveFromTallies(b *testing.B) {
	r1 := board(
		zones{"strength-1-plunder": 2, "plunder-cargo": 2, "plunder-coin": 1, "explode": 1},
		zones{"strength-1-left": 1, "strength-1-right": 1, "damage-left": 1})
	r2 := board(
		zones{"strength-1-plunder": 2, "plunder-cargo": 2, "plunder-coin": 1, "strength-2-top": 1, "damage-right": 1},
		zones{"strength-1-left": 1, "strength-1-right": 1, "damage-left": 1})
	b.ReportAllocs()
	for b.Loop() {
		bt, err := New(nil, exampleConfig())
		if err != nil {
			b.Fatal(err)
		}
		steps := []error{
			bt.ChooseCannons(map[string]int{ShipSource: 2, "gunner": 3, "deckhand": 1}),
			bt.Defend([]string{"g-gunner", "g-crew"}), bt.Drop(), bt.Read(r1), bt.Read(r2),
			bt.UseAbility(Attacker, "deckhand-strength", ""), bt.Pass(Defender), bt.Pass(Attacker),
			bt.Plunder(Attacker, PlunderChoice{Ship: Goods{Cargo: 4, Coins: 1}}),
		}
		for _, err := range steps {
			if err != nil {
				b.Fatal(err)
			}
		}
		if _, ok := bt.Outcome(); !ok {
			b.Fatal("no outcome")
		}
	}
}

// A re-drop's read step that gives only the cubes dropped again (typed by
// hand) keeps the cubes still lying; one that gives the whole board is
// taken as it is; the first drop's read must give every cube.
func TestReadStepOfTheCubesDroppedAgain(t *testing.T) {
	start := func(t *testing.T) *Battle {
		t.Helper()
		b, err := New(nil, shipConfig())
		must(t, err)
		must(t, b.ChooseCannons(map[string]int{"ship": 1}))
		must(t, b.Defend(nil))
		must(t, b.Drop())
		return b
	}
	read := func(b *Battle, cubes map[string]map[string]int) error {
		return b.Apply(Step{Step: StepRead, Read: &Read{Cubes: cubes}})
	}
	b := start(t)
	if err := read(b, map[string]map[string]int{"purple": {"explode": 1}}); err == nil {
		t.Fatal("a first read without green's cube was taken")
	}
	must(t, read(b, map[string]map[string]int{"purple": {"explode": 1}, "green": {"strength-1-left": 1}}))
	if n := b.Need(); n.DropKind != DropExplode || n.Drop["purple"] != 2 {
		t.Fatalf("the exploding shot: %+v", n)
	}
	for name, cubes := range map[string]map[string]map[string]int{
		"only the cubes dropped again": {"purple": {"damage-left": 1, "plunder-coin": 1}},
		"the whole board":              {"purple": {"damage-left": 1, "plunder-coin": 1}, "green": {"strength-1-left": 1}},
	} {
		c := b.Clone()
		must(t, read(c, cubes))
		got := c.Lying().Cubes
		if c.Phase() != PhaseAbilities || got["green"]["strength-1-left"] != 1 || got["purple"]["damage-left"] != 1 || got["purple"]["plunder-coin"] != 1 {
			t.Errorf("%s: phase %s, board %v", name, c.Phase(), got)
		}
	}
}
