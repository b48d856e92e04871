package battle

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// randomRead spreads n cubes of each colour over the zones, now and then
// leaving one on a border.
func randomRead(rng *rand.Rand, l *Layout, inShip map[string]int) Read {
	r := Read{Cubes: map[string]map[string]int{}, Redrop: map[string]int{}}
	ids := l.ZoneIDs()
	// Two reads in three settle (no border, no exploding shot), so that
	// battles end.
	if rng.IntN(3) > 0 {
		var calm []string
		for _, z := range l.Zones {
			if !z.Has(Explode) {
				calm = append(calm, z.ID)
			}
		}
		ids = calm
	}
	for c, n := range inShip {
		r.Cubes[c] = map[string]int{}
		for i := 0; i < n; i++ {
			if len(ids) < len(l.Zones) {
				r.Cubes[c][ids[rng.IntN(len(ids))]]++
				continue
			}
			if rng.IntN(12) == 0 {
				r.Redrop[c]++
				continue
			}
			r.Cubes[c][ids[rng.IntN(len(ids))]]++
		}
	}
	return r
}

func randomConfig(rng *rand.Rand) Config {
	var c Config
	switch rng.IntN(3) {
	case 0:
		c = shipConfig()
		c.Defender.Pirate = rng.IntN(2) == 0
		c.Defender.InHarbor = rng.IntN(4) == 0
		c.AtIsland = !c.Defender.InHarbor
		c.Defender.Cards = []Card{{ID: "d1", Cannons: rng.IntN(3), InHand: true, Abilities: []Ability{{ID: "d-drop", Kind: DropCubes, N: 2}}},
			{ID: "d2", Cannons: 1, Abilities: []Ability{{ID: "d-str", Kind: GainStrength, N: 1}}}}
	case 1:
		c = merchantConfig(rng.IntN(6))
	default:
		c = buildingConfig(rng.IntN(2) == 0, true)
	}
	c.Attacker.ShipCannons = 1 + rng.IntN(3)
	c.Attacker.Damage = rng.IntN(5)
	c.Attacker.Hold = Hold{Cargo: rng.IntN(3), Coins: rng.IntN(4), Free: rng.IntN(5)}
	c.Attacker.CoinsInChest = rng.IntN(10)
	c.Attacker.Cards = []Card{{ID: "a1", Cannons: rng.IntN(4), Abilities: []Ability{
		{ID: "a-drop", Kind: DropCubes, N: 2}, {ID: "a-rm", Kind: RemoveCube, N: 1, Coins: 2},
		{ID: "a-win", Kind: IfWin, Cargo: 1, NotVsBuildings: true}, {ID: "a-dmg", Kind: DealDamage, N: 1}}}}
	return c
}

// TestRandomBattles drives many battles with random but plausible steps,
// including wrong ones: every battle ends, a refused step changes nothing,
// and the outcome adds up.
func TestRandomBattles(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 50
	}
	l := DefaultLayout()
	for seed := 0; seed < n; seed++ {
		rng := rand.New(rand.NewPCG(uint64(seed), 7))
		cfg := randomConfig(rng)
		b, err := New(l, cfg)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for step := 0; b.Phase() != PhaseDone; step++ {
			if step > 500 {
				t.Fatalf("seed %d: the battle does not end (phase %s)", seed, b.Phase())
			}
			before, _ := json.Marshal(b)
			role := Role(rng.IntN(2))
			var err error
			switch b.Phase() {
			case PhaseCannons:
				err = b.ChooseCannons(map[string]int{ShipSource: rng.IntN(5), "a1": rng.IntN(3)})
			case PhaseDefence:
				if rng.IntN(2) == 0 {
					err = b.Defend([]string{"d1"})
				} else {
					err = b.Defend([]string{"d2"}) // not in hand: refused
				}
			case PhaseReady:
				if rng.IntN(3) == 0 {
					err = b.Jettison(role, Goods{Cargo: rng.IntN(2), Coins: rng.IntN(3)})
				} else {
					err = b.Drop()
				}
			case PhaseRead:
				r := randomRead(rng, l, b.Need().InShip)
				if rng.IntN(10) == 0 {
					r.Cubes["purple"] = map[string]int{"explode": 99}
				}
				err = b.Read(r)
			case PhaseAbilities:
				ids := []string{"a-drop", "a-rm", "a-win", "a-dmg", "d-drop", "d-str", "nope"}
				if rng.IntN(3) == 0 {
					err = b.Pass(role)
				} else {
					zone := l.ZoneIDs()[rng.IntN(len(l.Zones))]
					err = b.UseAbility(role, ids[rng.IntN(len(ids))], zone)
				}
			case PhasePlunder:
				need := b.Need()
				for _, r := range []Role{Attacker, Defender} {
					d, ok := need.Plunder[r.String()]
					if !ok {
						continue
					}
					ch := PlunderChoice{ChoiceCoins: rng.IntN(d.Choice + 1)}
					cargo := d.Cargo + d.Choice - ch.ChoiceCoins + d.Gains.Cargo
					ch.Ship.Cargo = min(cargo, d.HoldFree)
					if d.Island {
						ch.Island.Coins = d.Coins
					}
					err = b.Plunder(r, ch)
					break
				}
			}
			if err != nil {
				after, _ := json.Marshal(b)
				if string(before) != string(after) {
					t.Fatalf("seed %d: a refused step changed the battle: %v", seed, err)
				}
			}
		}
		o, ok := b.Outcome()
		if !ok {
			t.Fatalf("seed %d: done without an outcome", seed)
		}
		for r, s := range o.Sides {
			if s.Damage < 0 || s.Returned.Cargo < 0 || s.Returned.Coins < 0 || s.CubesFromIslands < 0 {
				t.Fatalf("seed %d side %d: %+v", seed, r, s)
			}
			if s.Sinks != (s.Sinking != nil) {
				t.Fatalf("seed %d side %d: sinks %v sinking %+v", seed, r, s.Sinks, s.Sinking)
			}
		}
		if (o.Strength[Attacker] >= o.Strength[Defender]) != (o.Winner == Attacker) {
			t.Fatalf("seed %d: strength %v winner %v", seed, o.Strength, o.Winner)
		}
		if cfg.Kind == KindBuilding && (o.Legendary != engine.NoSeat || o.Sides[Defender].Damage != 0) {
			t.Fatalf("seed %d: a building battle gave Legendary progress or damaged buildings: %+v", seed, o)
		}
		if cfg.Kind == KindMerchant && o.Sides[Attacker].LoserDamage != 0 {
			t.Fatalf("seed %d: loser damage against a Merchant", seed)
		}
	}
}
