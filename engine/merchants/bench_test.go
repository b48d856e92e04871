package merchants

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// BenchmarkApply measures one accepted action (a move at sea, its
// copy-on-write included) on a 4-player game.
func BenchmarkApply(b *testing.B) {
	g := newTestGame(b, 4)
	g.st.Players[0].InPort = false
	g.st.Players[0].Zone = "tz-open"
	there := decode(b, `{"type":"move","seat":0,"to":"tz-brig"}`)
	back := decode(b, `{"type":"move","seat":0,"to":"tz-open"}`)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		g.st.T.Actions = 0
		a := there
		if i%2 == 1 {
			a = back
		}
		if _, err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRefusal measures a refused action (nothing is kept).
func BenchmarkRefusal(b *testing.B) {
	g := newTestGame(b, 4)
	a := decode(b, `{"type":"move","seat":0,"to":"tz-dune"}`)
	for i := 0; i < b.N; i++ {
		if _, err := g.Apply(a); err == nil {
			b.Fatal("accepted")
		}
	}
}

// BenchmarkPlayout measures a whole random 4-player game (about 12 rounds
// of the test catalog), refused proposals included.
func BenchmarkPlayout(b *testing.B) {
	for i := 0; i < b.N; i++ {
		g, _, _ := playout(b, 4, uint64(i), 1500)
		if !g.Over() {
			b.Fatal("the game did not end")
		}
	}
}

var _ engine.Game = (*Game)(nil)
