package score

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"
)

// An end state written with the old snake_case keys (testdata, as the
// example was written before) scores exactly as the example does.
func TestOldKeysScoreTheSame(t *testing.T) {
	now, err := os.ReadFile("testdata/example.json")
	if err != nil {
		t.Fatal(err)
	}
	old, err := os.ReadFile("testdata/example-old-keys.json")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(old, []byte(`"achievement_values"`)) || !bytes.Contains(old, []byte(`"end_game"`)) {
		t.Fatal("the old example names no old key")
	}
	var results [2][]byte
	for i, data := range [][]byte{now, old} {
		in, err := Decode(data)
		if err != nil {
			t.Fatalf("input %d: %v", i, err)
		}
		if results[i], err = json.Marshal(Score(in)); err != nil {
			t.Fatal(err)
		}
	}
	if !bytes.Equal(results[0], results[1]) {
		t.Errorf("old keys scored\n%s\nthe example\n%s", results[1], results[0])
	}
}
