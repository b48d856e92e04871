package piratescode

import (
	"fmt"
	"slices"
	"testing"
)

// TestEndByPlayerCount: End of Game (p. 16). Burying the third treasure
// triggers the end; play goes on until everyone has had as many turns (the
// first player gets no extra turn), then among those with 3 treasures the
// highest legend level wins, then the most gold, then the most booty aboard,
// and a full tie shares the win. For 2, 3 and 4 players, whoever is first.
func TestEndByPlayerCount(t *testing.T) {
	type stats struct{ buried, legend, gold, booty int }
	for _, tc := range []struct {
		name    string
		n       int
		first   int
		burier  int
		others  map[int]stats // the other players' standing at the end
		mine    stats         // the burier's standing at the end
		play    []int         // who still plays after the burier, in order
		winners []engineSeat
	}{
		{name: "2p first buries, second plays and wins on gold", n: 2, first: 0, burier: 0,
			mine: stats{3, 1, 4, 3}, others: map[int]stats{1: {3, 1, 5, 0}}, play: []int{1}, winners: []engineSeat{1}},
		{name: "2p second buries: the first gets no extra turn", n: 2, first: 0, burier: 1,
			mine: stats{3, 0, 0, 0}, others: map[int]stats{0: {2, 3, 13, 3}}, play: nil, winners: []engineSeat{1}},
		{name: "3p first is seat 2, seat 1 (last) buries: over at once", n: 3, first: 1, burier: 0,
			mine: stats{3, 0, 1, 1}, others: map[int]stats{1: {2, 3, 13, 3}, 2: {2, 3, 13, 3}}, play: nil, winners: []engineSeat{0}},
		{name: "3p first buries, legend beats gold", n: 3, first: 0, burier: 0,
			mine: stats{3, 1, 13, 3}, others: map[int]stats{1: {3, 2, 0, 0}, 2: {2, 3, 13, 3}}, play: []int{1, 2}, winners: []engineSeat{1}},
		{name: "4p gold beats booty", n: 4, first: 0, burier: 2,
			mine: stats{3, 2, 6, 0}, others: map[int]stats{0: {3, 2, 5, 3}, 1: {3, 2, 6, 1}, 3: {2, 3, 13, 3}}, play: []int{3}, winners: []engineSeat{1}},
		{name: "4p full tie shares the win", n: 4, first: 3, burier: 3,
			mine: stats{3, 1, 2, 2}, others: map[int]stats{0: {3, 1, 2, 2}, 1: {3, 0, 13, 3}, 2: {2, 1, 2, 3}}, play: []int{0, 1, 2}, winners: []engineSeat{0, 3}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := newTestGame(t, tc.n, 12)
			g.st.First = engineSeat(tc.first)
			set := func(seat int, s stats) {
				p := g.st.Players[seat]
				p.Buried, p.Legend, p.Gold = s.buried, s.legend, s.gold
				p.Booty = slices.Repeat([]string{Rum}, s.booty)
			}
			for seat, s := range tc.others {
				set(seat, s)
			}
			me := g.st.Players[tc.burier]
			me.Buried = 2
			put(g, tc.burier, 7)
			standOn(g, tc.burier, g.st.captainSide(me).Trigger)
			me.Gold = 13
			g.st.Navy = (me.Cell + 1) % 16
			do(t, g, fmt.Sprintf(`{"type":"bonus","seat":%d,"card":"captain","index":0}`, tc.burier))
			if g.st.EndBy != engineSeat(tc.burier) || g.Over() {
				t.Fatalf("the third treasure: endBy %d over %v", g.st.EndBy, g.Over())
			}
			set(tc.burier, tc.mine)
			do(t, g, fmt.Sprintf(`{"type":"end-turn","seat":%d}`, tc.burier))
			for _, seat := range tc.play {
				if g.Over() || g.st.Current != engineSeat(seat) {
					t.Fatalf("seat %d should play now: over %v, current %d", seat, g.Over(), g.st.Current)
				}
				do(t, g, fmt.Sprintf(`{"type":"choose-order","seat":%d,"to":1}`, seat))
				do(t, g, fmt.Sprintf(`{"type":"end-turn","seat":%d}`, seat))
			}
			if !g.Over() {
				t.Fatalf("not over after everyone had as many turns (current %d)", g.st.Current)
			}
			if !slices.Equal(g.st.Winners, tc.winners) {
				t.Fatalf("winners %v, want %v", g.st.Winners, tc.winners)
			}
		})
	}
}
