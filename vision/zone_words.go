package vision

import (
	"fmt"
	"strings"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// zoneWords names a zone of the layout as players read it on the overlay,
// the same words as the dashboard's (web/ui/games/dead-reckoning/battle.js
// zoneWords): what a cube there gives and where the zone lies when the id
// says ("damage, left", "2 strength, top", "exploding shot"), never the id
// itself. An id the layout does not have is spelt with spaces.
func zoneWords(l *board.Layout, id string) string {
	parts := strings.Split(id, "-")
	where := ""
	switch last := parts[len(parts)-1]; last {
	case "left", "right", "top", "bottom", "middle", "centre", "center":
		where = last
	}
	var fx []string
	if l != nil {
		if z := l.Zone(id); z != nil {
			for _, e := range z.Effects {
				fx = append(fx, effectWords(e))
			}
		}
	}
	what := strings.Join(fx, " and ")
	if what == "" {
		if where != "" {
			parts = parts[:len(parts)-1]
		}
		what = strings.Join(parts, " ")
	}
	if where != "" {
		return what + ", " + where
	}
	return what
}

func effectWords(e board.Effect) string {
	switch e.Kind {
	case board.Strength:
		return fmt.Sprintf("%d strength", e.N)
	case board.Explode:
		return "exploding shot"
	case board.CargoOrCoin:
		return "cargo or coin"
	case board.Coin:
		if e.N > 1 {
			return fmt.Sprintf("%d coins", e.N)
		}
		return "coin"
	}
	if e.N > 1 {
		return fmt.Sprintf("%d %s", e.N, e.Kind)
	}
	return string(e.Kind)
}
