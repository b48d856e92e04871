package vision

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// The overlay names the default board's zones in words, never by id.
func TestZoneWords(t *testing.T) {
	l := board.DefaultLayout()
	for id, want := range map[string]string{
		"damage-left":         "damage, left",
		"strength-2-top":      "2 strength, top",
		"explode":             "exploding shot",
		"strength-1-plunder":  "1 strength and cargo",
		"plunder-choice-left": "cargo or coin, left",
		"plunder-coin":        "coin",
		"no-such-zone-right":  "no such zone, right",
	} {
		if got := zoneWords(l, id); got != want {
			t.Errorf("zoneWords(%q) = %q, want %q", id, got, want)
		}
	}
}
