package score

import (
	"fmt"
	"io"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"
)

// WriteTable prints the breakdown as a table, one row per category and one
// column per player, then the totals and the winner (or what is missing, or
// who must settle a tie).
func (r *Result) WriteTable(w io.Writer) error {
	var keys []string
	labels := map[string]string{}
	cats := map[string]string{}
	cell := map[string][]string{}
	for pi, ps := range r.Players {
		for _, l := range ps.Lines {
			if _, ok := labels[l.Key]; !ok {
				labels[l.Key] = l.Label
				cats[l.Key] = l.Category
				keys = append(keys, l.Key)
				cell[l.Key] = make([]string, len(r.Players))
			}
			s := "?"
			if l.Coins != nil {
				s = strconv.Itoa(*l.Coins)
			}
			cell[l.Key][pi] = s
		}
	}
	// Rows follow the categories' order; within one, first seen first.
	rank := map[string]int{}
	for i, c := range []string{CatAchievements, CatBonusToken, CatCoinsChest, CatCoinsShip, CatCoinsIslands,
		CatBuildings, CatAdvancements, CatBasicUpgrades, CatAdvUpgrades, CatEndGame, CatIsland} {
		rank[c] = i
	}
	sort.SliceStable(keys, func(i, j int) bool { return rank[cats[keys[i]]] < rank[cats[keys[j]]] })
	header := []string{"Category"}
	for _, ps := range r.Players {
		header = append(header, fmt.Sprintf("%s (%s)", ps.Name, ps.Colour))
	}
	rows := [][]string{header}
	for _, k := range keys {
		row := []string{labels[k]}
		for pi := range r.Players {
			v := cell[k][pi]
			if v == "" {
				v = "-"
			}
			row = append(row, v)
		}
		rows = append(rows, row)
	}
	total := []string{"Total"}
	for _, ps := range r.Players {
		if ps.Total != nil {
			total = append(total, strconv.Itoa(*ps.Total))
		} else {
			total = append(total, fmt.Sprintf("≥%d, incomplete", ps.Known))
		}
	}
	widths := make([]int, len(header))
	for _, row := range append(rows, total) {
		for i, c := range row {
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	var b strings.Builder
	line := func(row []string) {
		for i, c := range row {
			pad := widths[i] - utf8.RuneCountInString(c)
			if i == 0 {
				b.WriteString(c + strings.Repeat(" ", pad))
			} else {
				b.WriteString("  " + strings.Repeat(" ", pad) + c)
			}
		}
		b.WriteString("\n")
	}
	rule := func() {
		n := len(header)*2 - 2
		for _, w := range widths {
			n += w
		}
		b.WriteString(strings.Repeat("-", n) + "\n")
	}
	line(rows[0])
	rule()
	for _, row := range rows[1:] {
		line(row)
	}
	rule()
	line(total)
	b.WriteString("\n")
	switch {
	case !r.Complete:
		b.WriteString("No winner yet: the score is incomplete. Missing:\n")
		for _, m := range r.Missing {
			b.WriteString("  - " + m + "\n")
		}
	case r.TieBreak != nil:
		tb := r.TieBreak
		fmt.Fprintf(&b, "Tied for the most coins: %s. Tie-break battle (rulebook p. 23):\n", strings.Join(r.Tied, ", "))
		for _, rr := range tb.Rounds {
			var parts []string
			for _, name := range sortedKeys(rr.Strength) {
				parts = append(parts, fmt.Sprintf("%s %d", name, rr.Strength[name]))
			}
			fmt.Fprintf(&b, "  round %d: %s\n", rr.Round, strings.Join(parts, ", "))
		}
		if tb.Refused != "" {
			fmt.Fprintf(&b, "  refused: %s\n", tb.Refused)
		}
		switch {
		case tb.Winner != "":
			fmt.Fprintf(&b, "Winner: %s, by the tie-break battle.\n", tb.Winner)
		case tb.Next != nil:
			var drops []string
			for _, c := range sortedKeys(tb.Next.Drop) {
				drops = append(drops, fmt.Sprintf("%d %s", tb.Next.Drop[c], c))
			}
			fmt.Fprintf(&b, "No winner yet. Next (round %d, %s): drop %s, then add the read of the whole board to tieBreak.reads.\n",
				tb.Next.Round, tb.Next.Kind, strings.Join(drops, ", "))
		}
	case r.Winner != "":
		fmt.Fprintf(&b, "Winner: %s.\n", r.Winner)
	default:
		fmt.Fprintf(&b, "Tied for the most coins: %s. They settle it with the tie-break battle (rulebook p. 23).\n", strings.Join(r.Tied, ", "))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteDetails prints how each line was counted, player by player: the
// achievements and their values, each island's placement, and what is
// missing.
func (r *Result) WriteDetails(w io.Writer) error {
	var b strings.Builder
	for _, ps := range r.Players {
		fmt.Fprintf(&b, "%s (%s):\n", ps.Name, ps.Colour)
		for _, l := range ps.Lines {
			v := "?"
			if l.Coins != nil {
				v = strconv.Itoa(*l.Coins)
			}
			d := l.Detail
			if len(l.Missing) > 0 {
				d = strings.TrimSpace(d + "; missing: " + strings.Join(l.Missing, "; "))
			}
			if d == "" {
				fmt.Fprintf(&b, "  %-34s %4s  (p. %d)\n", l.Label, v, l.Page)
			} else {
				fmt.Fprintf(&b, "  %-34s %4s  %s (p. %d)\n", l.Label, v, d, l.Page)
			}
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
