package quickbattle

import (
	"bytes"
	"encoding/json"
	"testing"
)

// A quick battle written before the one naming convention (hold_free,
// at_island) sets up the same battle.
func TestOldKeysSetUpTheSameBattle(t *testing.T) {
	now := `{"attacker":{"name":"Ann","colour":"purple","cubes":2,"holdFree":7},"defender":{"name":"Ben","colour":"green","cubes":1,"holdFree":5},"atIsland":true}`
	old := `{"attacker":{"name":"Ann","colour":"purple","cubes":2,"hold_free":7},"defender":{"name":"Ben","colour":"green","cubes":1,"hold_free":5},"at_island":true}`
	var snaps [2][]byte
	for i, setup := range []string{now, old} {
		g, err := Rules().New(json.RawMessage(setup), 1)
		if err != nil {
			t.Fatalf("setup %s: %v", setup, err)
		}
		if snaps[i], err = g.Snapshot(); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(snaps[0], snaps[1]) || !bytes.Contains(snaps[0], []byte(`"holdFree":7`)) {
		t.Errorf("old keys set up\n%s\nthe new ones\n%s", snaps[1], snaps[0])
	}
	if _, err := Rules().DecodeAction([]byte(`{"type":"another-battle","seat":-1,"defender":{"cubes":4},"at_island":false}`)); err != nil {
		t.Errorf("an action with an old key: %v", err)
	}
}
