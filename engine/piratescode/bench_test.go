package piratescode

import (
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// BenchmarkApply measures one accepted action: the Captain's move on a
// fresh 4-player game (the state is cloned, checked and kept).
func BenchmarkApply(b *testing.B) {
	setup := testSetup(b, 4)
	act, err := Rules().DecodeAction([]byte(`{"type":"choose-order","seat":0,"to":2}`))
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		b.StopTimer()
		g, err := Rules().New(setup, 1)
		if err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		if _, err := g.Apply(act); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPlayout measures whole random games to their end (the agent's
// refused tries included), by player count.
func BenchmarkPlayout(b *testing.B) {
	for _, n := range []int{1, 2, 4} {
		b.Run(map[int]string{1: "solo", 2: "2p", 4: "4p"}[n], func(b *testing.B) {
			actions := 0
			seed := uint64(0)
			for b.Loop() {
				seed++
				a := &agent{t: b, g: newTestGame(b, n, seed), rng: engine.NewRNG(seed)}
				for turns := 0; !a.g.Over() && turns < 600; turns++ {
					a.turn()
				}
				actions += len(a.log)
			}
			b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
		})
	}
}
