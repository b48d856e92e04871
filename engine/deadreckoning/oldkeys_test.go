package deadreckoning

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// A game stored before the program spoke one naming convention (its setup
// and actions written with "color" and snake_case keys) replays into the
// same game: the same state after every action.
func TestOldKeysReplayTheSameGame(t *testing.T) {
	back := engine.LegacyKeys{}
	for old, now := range OldKeys {
		back[now] = old
	}
	s := testSetup(3)
	s.Start = nil
	setup, err := json.Marshal(s)
	if err != nil {
		t.Fatal(err)
	}
	const seed = 7
	g, log := playout(t, 3, seed, 1500, false)
	oldSetup := back.Rewrite(setup)
	if !bytes.Contains(oldSetup, []byte(`"color"`)) {
		t.Fatalf("the old setup has no old key: %s", oldSetup)
	}
	old, err := Rules().New(oldSetup, seed)
	if err != nil {
		t.Fatalf("the old setup: %v", err)
	}
	oldKeysSeen, written := map[string]bool{}, map[string]bool{}
	for i, a := range log {
		b, err := Codec().Encode(a)
		if err != nil {
			t.Fatal(err)
		}
		ob := back.Rewrite(b)
		for k := range OldKeys {
			if bytes.Contains(ob, []byte(`"`+k+`"`)) {
				oldKeysSeen[k] = true
			}
		}
		oa, err := Rules().DecodeAction(ob)
		if err != nil {
			t.Fatalf("action %d %s: %v", i, ob, err)
		}
		evs, err := old.Apply(oa)
		if err != nil {
			t.Fatalf("action %d %s refused: %v", i, ob, err)
		}
		// What the game writes names no old key, battles included (every
		// fourth action: enough to see each battle's steps, and quick).
		if i%4 != 0 {
			continue
		}
		snap, _ := old.Snapshot()
		view, _ := json.Marshal(old.View(engine.Public))
		events, _ := json.Marshal(evs)
		for _, doc := range [][]byte{snap, view, events} {
			for k := range OldKeys {
				if bytes.Contains(doc, []byte(`"`+k+`":`)) && !written[k] {
					written[k] = true
					t.Errorf("after action %d the game writes the old key %q", i, k)
				}
			}
		}
	}
	if !oldKeysSeen["choice_coins"] {
		t.Errorf("no plunder step was written with old keys (%v): the playout took no plunder", oldKeysSeen)
	}
	want, _ := g.Snapshot()
	got, _ := old.Snapshot()
	if !bytes.Equal(got, want) {
		t.Errorf("the game replayed from old keys differs after %d actions", len(log))
	}
}
