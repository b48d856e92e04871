package deadreckoning_test

import (
	"encoding/json"
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/deadreckoning"
)

// A two-player game generated from a seed: the first player sets sails from
// the Harbor and tries a move the rules refuse.
func Example() {
	rules := deadreckoning.Rules()
	setup := json.RawMessage(`{"players":[{"name":"Ann","color":"purple"},{"name":"Ben","color":"green"}],"start":0}`)
	g, err := rules.New(setup, 42)
	if err != nil {
		panic(err)
	}
	for _, js := range []string{
		`{"type":"set-sails","seat":0}`,
		`{"type":"move","seat":0,"path":["R2C2"]}`,
		`{"type":"move","seat":0,"path":["R1C2","R2C2"]}`,
	} {
		a, err := rules.DecodeAction([]byte(js))
		if err != nil {
			panic(err)
		}
		events, err := g.Apply(a)
		if err != nil {
			fmt.Println("refused:", err)
			continue
		}
		for _, e := range engine.EventsFor(events, engine.Public) {
			fmt.Println(e.Text)
		}
	}
	v := g.View(engine.Public).(deadreckoning.View)
	fmt.Println("must explore:", *v.Turn.PendingExplore)
	// Output:
	// Ann sets sails to 2
	// refused: not-adjacent (rulebook p. 9): Step 1: the face-down board in row 2, middle is not next to the Harbor (ships move up, down, left or right, never diagonally)
	// Ann sails to the face-down board in row 2, middle
	// must explore: R2C2
}
