package combat

import (
	"reflect"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
)

// FuzzBattle drives a battle with fuzzed choices and faces: every step is
// either accepted or refused with a rule error that changes nothing, values
// stay in range, and the battle always asks for something until it is over.
func FuzzBattle(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte{9, 9, 9, 1, 1, 1, 0, 0, 0, 5, 5, 5, 2, 2})
	faces := []string{sk, sk, "1", "2", "3", "4"}
	f.Fuzz(func(t *testing.T, data []byte) {
		a := ship("A", 2, 2, 3, 3, 2, 2)
		a.Weapons = []string{ChainShot, GrapplingHooks}
		a.Mods = []string{LongGuns, Chasers}
		d := ship("D", 3, 1, 1, 3, 3, 1)
		d.Weapons = []string{Grapeshot}
		d.Mods = []string{SwivelGuns}
		d.Reinforced = true
		b := New(testFaces, a, d)
		next := func() int {
			if len(data) == 0 {
				return 0
			}
			v := int(data[0])
			data = data[1:]
			return v
		}
		roll := func(n int) []string {
			out := make([]string, n)
			for i := range out {
				out[i] = faces[next()%len(faces)]
			}
			return out
		}
		for steps := 0; steps < 200 && !b.Over(); steps++ {
			need := b.Need()
			if len(need) == 0 {
				t.Fatalf("stage %s needs nothing", b.Stage)
			}
			n := need[next()%len(need)]
			before := b.Clone()
			var err error
			switch n.Kind {
			case StageDeclare:
				err = b.Declare(n.Side, []string{Shoot, Board, Flee}[next()%3])
			case StageContest:
				err = b.Contest(n.Side, roll(n.Dice))
			case StageHooks:
				if next()%2 == 0 {
					err = b.Hooks(n.Side, nil)
				} else {
					err = b.Hooks(n.Side, []int{next() % 3})
				}
			case StageReroll:
				err = b.RerollDice(n.Side, roll(n.Dice))
			case StageHits:
				err = b.HitRoll(n.Side, roll(n.Dice))
			case StageChoose:
				if next()%3 == 0 {
					err = b.UseAmmo(1-n.Side, []string{ChainShot, Grapeshot}[next()%2])
					break
				}
				var locs []string
				for i := 0; i < n.Choose; i++ {
					locs = append(locs, Locations[next()%len(Locations)])
				}
				err = b.Choose(n.Side, locs)
			case StageChasers:
				err = b.Chase(n.Side, next()%2 == 0)
			case StageAbsorb:
				err = b.Absorb(n.Side, []string{"", Hull, Cargo, Masts, Crew, Cannons}[next()%6])
			case StageLongGuns, StageSwivel:
				err = b.PreRoll(n.Side, roll(n.Dice))
			case StageCrew:
				err = b.CrewRoll(n.Side, roll(n.Dice))
			}
			if err != nil {
				if _, ok := engine.AsRuleError(err); !ok {
					t.Fatalf("not a rule error: %v", err)
				}
				if !reflect.DeepEqual(before, b) {
					t.Fatalf("a refusal changed the battle: %v", err)
				}
				continue
			}
			for s := 0; s < 2; s++ {
				for _, l := range Locations {
					if v := b.Ships[s].Value(l); v < 0 {
						t.Fatalf("%s at %d", l, v)
					}
				}
			}
		}
		if b.Over() && b.Winner >= 0 && b.Dead[b.Winner] {
			t.Fatal("the winner died")
		}
	})
}
