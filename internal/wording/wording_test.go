package wording

import (
	"strings"
	"testing"
)

// The sentences last session's players read, and what Check says of them.
func TestCheck(t *testing.T) {
	for _, c := range []struct {
		s    string
		ids  []string
		want string // "" = accepted; else a word of the reason
	}{
		{"You have already explored an Ocean board this turn", nil, ""},
		{"Ann now has 1 English bounty", []string{"english"}, ""},
		{"Ann sold 2 rum at 3 for 6 gold", nil, ""},
		{"The man-o-war can be neither bought nor sold", nil, ""},
		{"ships sail orthogonally, one card at a time", nil, "capital"},
		{"Ann now has 1 english bounty", []string{"english"}, "id"},
		{"That option of crew-1 gives no sails", nil, "id"},
		{"Finish the ship battle at R1C1 first", nil, "grid code"},
		{"You draw [gunner-1 deck-hand-2]", nil, "id"},
		{"No rum can have been drawn: the bag holds map[coffee:9]", nil, "programmer"},
		{"The Legendary Pirate's legend action: [plunder attack] against you", nil, "programmer"},
		{"The ship carries 2 cargo and 1 coins", nil, "counts"},
		{"Ann now has 2 English bounty", nil, "counts"},
		{"The camera sees 1 green and 1 purple cubes on the board", nil, "counts"},
		{"The camera sees 1 green cube and 2 purple cubes on the board", nil, ""},
		{"Take the port action first.", nil, "full stop"},
		{"Ann keeps bonus token ", nil, "spaces"},
		{"", nil, "empty"},
	} {
		err := Check(c.s, c.ids...)
		switch {
		case c.want == "" && err != nil:
			t.Errorf("Check(%q) = %v, want accepted", c.s, err)
		case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
			t.Errorf("Check(%q) = %v, want a refusal saying %q", c.s, err, c.want)
		}
	}
}

// Scan finds the sentences of a package's source, with placeholders for
// the values, and leaves the test files out.
func TestScan(t *testing.T) {
	found, err := Scan("testdata", Calls{"Refuse": 2, "NewEvent": 2})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range found {
		got = append(got, f.Text)
	}
	want := []string{`There is no hull space "Ann"`, "Ann sails to Ann", "the game is over", "Ann has 2 coins"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("Scan found %q, want %q", got, want)
	}
}
