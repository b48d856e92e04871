package dicescore

import (
	"reflect"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// A scene's truth against a read: each kind of failure is counted where a
// player would see it (a wrong face, a flat die refused, a cocked die read,
// a die that was never there).
func TestScoreCountsEachFailure(t *testing.T) {
	sc := &synth.DiceScene{Seed: 7, Dice: []synth.Die{
		{ID: "red", Size: 16, Label: "5", Zone: "attacker", Center: board.Point{X: 30, Y: 40}, Pose: synth.Flat},
		{ID: "white", Size: 16, Label: "2", Zone: "defender", Center: board.Point{X: 150, Y: 40}, Pose: synth.Flat},
		{ID: "black", Size: 16, Label: "6", Zone: "defender", Center: board.Point{X: 200, Y: 100}, Pose: synth.Flat},
		{ID: "red", Size: 16, Center: board.Point{X: 60, Y: 120}, Pose: synth.Cocked},
		{ID: "white", Size: 16, Center: board.Point{X: 100, Y: 130}, Pose: synth.Cocked},
	}}
	res := vision.DiceResult{
		Dice: []vision.DieRead{
			{Die: "red", Face: "5", Zone: "attacker", XMM: 31, YMM: 40.5},   // right
			{Die: "white", Face: "3", Zone: "defender", XMM: 150, YMM: 41},  // wrong face
			{Die: "white", Face: "4", Zone: "defender", XMM: 101, YMM: 129}, // a cocked die read
			{Die: "red", Face: "1", Zone: "attacker", XMM: 90, YMM: 20},     // invented
		},
		Unreadable: []vision.DieUnreadable{
			{Die: "black", XMM: 199, YMM: 101, Reason: vision.DiceCocked}, // a flat die refused
			{Die: "red", XMM: 61, YMM: 119, Reason: vision.DiceCocked},    // right
		},
	}
	var s Score
	s.Add(sc, res)
	want := Score{Scenes: 1, Flat: 3, FlatRight: 1, WrongFace: 1, FlatUnread: 1, Cocked: 2, CockedUnread: 1, CockedRead: 1, Invented: 1, Missed: 1}
	got := s
	got.Notes, got.Kinds = nil, nil
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("score %+v, want %+v", got, want)
	}
	notes := strings.Join(s.Notes, "\n")
	for _, w := range []string{"flat white 2 in defender at (150,40): read white 3", "flat black 6 at (200,100): unreadable cocked", "cocked white at (100,130) tilt 0: read as 4", "invented"} {
		if !strings.Contains(notes, w) {
			t.Errorf("notes lack %q:\n%s", w, notes)
		}
	}
	// Each die's share: the white die's flat 2 read wrong and its cocked
	// die read; the black die's flat 6 refused.
	if w, b := s.Kinds["white"], s.Kinds["black"]; w == nil || b == nil ||
		*w != (Kind{Flat: 1, FlatWrong: 1, Cocked: 1, CockedRead: 1}) || *b != (Kind{Flat: 1, FlatUnread: 1}) {
		t.Errorf("per die: %v", s.Kinds)
	}
	var total Score
	total.Merge(s)
	total.Merge(s)
	if total.Flat != 6 || total.Invented != 2 || len(total.Notes) != 2*len(s.Notes) || total.Kinds["red"].CockedUnread != 2 {
		t.Errorf("merged %+v", total)
	}
}
