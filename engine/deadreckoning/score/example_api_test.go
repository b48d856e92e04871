package score_test

import (
	"fmt"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/score"
)

// Two players counted at the table; the Legendary value is test data and
// the Settler value was not entered, so Bo's total is incomplete.
func ExampleScore() {
	in, err := score.Decode([]byte(`{
	  "achievementValues": {"legendary": 4},
	  "players": [
	    {"name": "Ann", "colour": "purple", "achievements": ["legendary"], "coins": {"chest": 20}},
	    {"name": "Bo", "colour": "green", "achievements": ["settler"], "coins": {"chest": 22}}
	  ],
	  "islands": [{"name": "Seahound Isle", "values": [6, 5, 4], "cubes": {"purple": 2, "green": 1}, "empty": 2}]
	}`))
	if err != nil {
		panic(err)
	}
	r := score.Score(in)
	fmt.Println(*r.Players[0].Total, r.Players[1].Total == nil, r.Complete)
	fmt.Println(r.Missing[0])
	// Output:
	// 29 true false
	// the coin value of the Settler achievement (printed on the Harbor board; give it in achievementValues.settler)
}
