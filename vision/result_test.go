package vision

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

func TestDecideBordersAndTally(t *testing.T) {
	l := board.DefaultLayout()
	res := decide(l, []detection{
		{color: "purple", at: board.Point{X: 100, Y: 60}, conf: 0.97}, // explode
		{color: "purple", at: board.Point{X: 60, Y: 100}, conf: 0.9},  // strength 1 + cargo
		{color: "green", at: board.Point{X: 35.4, Y: 20}, conf: 0.9},  // on the damage/cargo border
		{color: "green", at: board.Point{X: 39.5, Y: 20}, conf: 0.9},  // leaning: centre in plunder-cargo
		{color: "black", at: board.Point{X: 10, Y: 10}, unreadable: true},
	})
	if len(res.Cubes) != 3 || len(res.Redrop) != 2 {
		t.Fatalf("cubes %+v redrop %+v", res.Cubes, res.Redrop)
	}
	if res.Redrop[0].Reason != ReasonBalanced || res.Redrop[1].Reason != ReasonUnreadable {
		t.Errorf("re-drop reasons %+v", res.Redrop)
	}
	if res.Cubes[2].Zone != "plunder-cargo" {
		t.Errorf("a cube leaning from plunder-cargo is in %q", res.Cubes[2].Zone)
	}
	want := Tally{Strength: 1, Explode: 1, Cargo: 1}
	if res.Tally["purple"] != want {
		t.Errorf("purple tally %+v, want %+v", res.Tally["purple"], want)
	}
	if _, ok := res.Tally["black"]; ok {
		t.Error("an unreadable cube was tallied")
	}
}

func TestResultJSONContract(t *testing.T) {
	r := Result{Image: "a.png", ElapsedMS: 4.2345}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	if s := string(b); s != `{"image":"a.png","cubes":[],"redrop":[],"tally":{},"elapsed_ms":4.23}` {
		t.Errorf("empty read marshals as %s", s)
	}
	r = decide(board.DefaultLayout(), []detection{{color: "purple", at: board.Point{X: 101.54, Y: 58.21}, conf: 0.97}})
	b, _ = json.Marshal(r)
	for _, want := range []string{`"cubes":[{"color":"purple","zone":"explode","x_mm":101.5,"y_mm":58.2,"confidence":0.97}]`,
		`"tally":{"purple":{"strength":0,"explode":1,"cargo":0,"coin":0,"cargo_or_coin":0,"damage":0}}`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("%s\nlacks %s", b, want)
		}
	}
}
