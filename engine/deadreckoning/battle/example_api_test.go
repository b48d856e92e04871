package battle_test

import (
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// A player's ship attacks a Merchant ship with 2 black cubes (test data):
// the attacker takes cubes, the table drops them and types in the read,
// the attacker passes on abilities and places the plunder.
func Example() {
	b, err := battle.New(nil, battle.Config{
		Kind: battle.KindMerchant, Cause: battle.CauseMerchant, AtIsland: true, OpponentKey: "merchant:7",
		Attacker: battle.Side{Kind: battle.SideShip, Seat: 0, Name: "Ann", Colour: "purple", ShipCannons: 1, Cubes: 20, Hold: battle.Hold{Free: 7}},
		Defender: battle.Side{Kind: battle.SideMerchant, Seat: engine.NoSeat, Name: "Test Merchant", Colour: "black", MerchantCubes: 2},
	})
	if err != nil {
		panic(err)
	}
	_ = b.ChooseCannons(map[string]int{battle.ShipSource: 1})
	_ = b.Drop()
	fmt.Println(b.Need().Drop)
	_ = b.Read(battle.Read{Cubes: map[string]map[string]int{
		"purple": {"strength-2-top": 1},
		"black":  {"strength-1-left": 1, "damage-left": 1},
	}})
	_ = b.Pass(battle.Attacker)
	o, _ := b.Outcome()
	fmt.Println(o.Winner, o.Strength, o.Sides[battle.Attacker].Damage, o.Merchant.Bury)
	// Output:
	// map[black:2 purple:1]
	// attacker [2 1] 1 false
}
