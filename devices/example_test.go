package devices_test

import (
	"context"
	"fmt"
	"os"

	"github.com/quartermaster-table/quartermaster/devices"
)

// A session runs a Table and reads its Events; here on the simulators, driven
// as the developer panel would.
func ExampleTable() {
	cfg := devices.DefaultConfig()
	cfg.Simulate = true
	t := devices.Open(nil, cfg)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go t.Run(ctx)

	sim := t.Sim()
	// until prints the events up to one of kind k.
	until := func(k devices.Kind) {
		for e := range t.Events() {
			if e.Kind == devices.PartChanged {
				continue // the parts coming up
			}
			fmt.Println(e)
			if e.Kind == k {
				return
			}
		}
	}
	_ = sim.Press(2, false)
	until(devices.ButtonPressed)
	_ = sim.Drop(4)
	until(devices.DropEnded)
	// Output:
	// seat 2 button: press
	// drop started
	// drop ended: 4 cubes
}

// Registering a new deck: the prompt says which card to tap next.
func ExampleEnrollment() {
	reg := devices.NewRegistry()
	deck := []devices.DeckCard{ // test data
		{ID: "test-isle/gunner", Name: "Test Gunner"},
		{ID: "test-isle/cook", Name: "Test Cook"},
	}
	e := devices.NewEnrollment(reg, deck)
	for _, uid := range []devices.UID{"04A1B2C3", "04A1B2C3", "04112233"} {
		fmt.Println(e.Prompt())
		if _, err := e.Tap(uid); err != nil {
			fmt.Println(" ", err)
		}
	}
	fmt.Println(e.Prompt())
	_ = reg.Encode(os.Stdout)
	// Output:
	// Tap card 1 of 2: Test Gunner
	// Tap card 2 of 2: Test Cook
	//   this card's sticker is already registered to another card: 04A1B2C3 is on "test-isle/gunner"; tap Test Cook
	// Tap card 2 of 2: Test Cook
	// All 2 cards are registered.
	// {
	//   "version": 1,
	//   "cards": [
	//     {
	//       "uid": "04112233",
	//       "card": "test-isle/cook"
	//     },
	//     {
	//       "uid": "04A1B2C3",
	//       "card": "test-isle/gunner"
	//     }
	//   ]
	// }
}

// The LED strip's frame for a battle on an 8-LED strip at full brightness.
func ExampleFrame() {
	red, blue := devices.RGB{200, 0, 0}, devices.RGB{0, 0, 200}
	fmt.Println(devices.Frame(devices.Lights{Mode: devices.Battle, Color: red, Other: blue}, 8, 255))
	// Output:
	// [[200 0 0] [200 0 0] [200 0 0] [200 0 0] [0 0 200] [0 0 200] [0 0 200] [0 0 200]]
}
