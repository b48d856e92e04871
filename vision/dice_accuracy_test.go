package vision_test

import (
	"fmt"
	"os"
	"runtime"
	"strconv"
	"sync"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/dicescore"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// diceBenchSeed is where the benchmark's scenes start: far from the seeds
// the reader is tuned on (0 to 999, vision/cmd/tunedice) and from the
// tests' seeds.
const diceBenchSeed = 5_000_000

// BenchmarkDiceAccuracy renders scenes the reader was never tuned on
// (QM_DICE_SCENES, default 300, from QM_DICE_SEED, default 5 000 000) at
// 1280x960 and reads each without the empty-tray reference; the learned die
// is taught once, on a table of its own. It reports the figures;
// run it with -benchtime=1x. (vision/cmd/tunedice -measure gives the same
// figures from the same scoring, with a cache of the renders.)
func BenchmarkDiceAccuracy(b *testing.B) {
	n, from := 300, diceBenchSeed
	if v, err := strconv.Atoi(os.Getenv("QM_DICE_SCENES")); err == nil && v > 0 {
		n = v
	}
	if v, err := strconv.Atoi(os.Getenv("QM_DICE_SEED")); err == nil && v >= 1_000_000 {
		from = v
	}
	lf, err := dicescore.Learn(424242, "mm", synth.DiceOptions{})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		var mu sync.Mutex
		var sc dicescore.Score
		var wg sync.WaitGroup
		next := 0
		for w := 0; w < runtime.GOMAXPROCS(0); w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					mu.Lock()
					k := next
					next++
					mu.Unlock()
					if k >= n {
						return
					}
					s := synth.RandomDice(uint64(from+k), synth.DiceOptions{})
					img := synth.RenderDice(s)
					res, err := vision.ReadDice(img, vision.DiceCalibration{Tray: s.Tray, Set: s.Set, Corners: s.Corners(), Options: vision.DiceOptions{Learned: lf}})
					if err != nil {
						b.Error(err)
						return
					}
					var one dicescore.Score
					one.Add(s, res)
					mu.Lock()
					sc.Merge(one)
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		b.ReportMetric(dicescore.Pct(sc.FlatRight, sc.Flat), "flat-right-%")
		b.ReportMetric(dicescore.Pct(sc.CockedUnread, sc.Cocked), "cocked-unreadable-%")
		b.ReportMetric(dicescore.Pct(sc.Invented, sc.Scenes), "invented-scenes-%")
		b.ReportMetric(dicescore.Pct(sc.Missed, sc.Scenes), "missed-scenes-%")
		for _, s := range sc.Notes {
			b.Log(s)
		}
		b.Log(fmt.Sprint(&sc))
	}
}
