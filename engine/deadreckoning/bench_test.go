package deadreckoning

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// recordedGame plays a random 4-player game of n accepted actions and returns
// its setup, seed and log.
func recordedGame(b *testing.B, n int) (json.RawMessage, uint64, []engine.Action) {
	b.Helper()
	s := testSetup(4)
	s.Start = nil
	raw, _ := json.Marshal(s)
	var log []engine.Action
	for seed := uint64(1); len(log) < n; seed++ {
		g := newGame(b, s, seed)
		d := &driver{g: g, rng: rand.New(rand.NewPCG(seed, 1))}
		log = log[:0]
		for len(log) < n && !g.Over() {
			a := d.step(b)
			if a == nil {
				break
			}
			log = append(log, a)
		}
		if len(log) == n {
			return raw, seed, log
		}
	}
	return raw, 0, nil
}

// BenchmarkApply measures one accepted action, averaged over a recorded
// 4-player game (set-up cost excluded).
func BenchmarkApply(b *testing.B) {
	raw, seed, log := recordedGame(b, 1000)
	b.ResetTimer()
	applied := 0
	for applied < b.N {
		b.StopTimer()
		g, _ := Rules().New(raw, seed)
		b.StartTimer()
		for _, a := range log {
			if applied == b.N {
				break
			}
			if _, err := g.Apply(a); err != nil {
				b.Fatal(err)
			}
			applied++
		}
	}
}

// BenchmarkReplay1000 replays a 1,000-action 4-player game from its setup.
func BenchmarkReplay1000(b *testing.B) {
	raw, seed, log := recordedGame(b, 1000)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := engine.Replay(Rules(), raw, seed, log); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomPlayout plays 300 random accepted actions of a 3-player
// game (each accepted action costs several refused proposals).
func BenchmarkRandomPlayout(b *testing.B) {
	for i := 0; i < b.N; i++ {
		playout(b, 3, uint64(i+1), 300, false)
	}
}

// BenchmarkView builds the public view of a game in progress.
func BenchmarkView(b *testing.B) {
	g, _ := playout(b, 4, 5, 300, false)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := json.Marshal(g.View(engine.Public)); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBattleStep measures one accepted battle-step (a read after the
// drop): restoring the saved machine, the step, saving it, on a copy of
// the state.
func BenchmarkBattleStep(b *testing.B) {
	base := midBattle(b, "read")
	a, err := Rules().DecodeAction([]byte(`{"type":"battle-step","seat":-1,"step":"read","read":{"cubes":{"purple":{"strength-2-top":1},"green":{"damage-left":1}}}}`))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		g := &Game{st: base.st.clone(), version: base.version}
		if _, err := g.Apply(a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkViewInBattle measures the public view, encoded, while a battle
// is being fought (the battle's need is computed from the saved machine).
func BenchmarkViewInBattle(b *testing.B) {
	g := midBattle(b, "read")
	b.ReportAllocs()
	for b.Loop() {
		if _, err := json.Marshal(g.View(engine.Public)); err != nil {
			b.Fatal(err)
		}
	}
}
