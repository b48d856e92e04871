package vision

import (
	"fmt"
	"image"
	"os"
	"runtime"
	"sort"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// diceBenchSeed is where the benchmark's scenes start: far from the seeds
// the reader was tuned on (0 to 99) and from the tests' seeds.
const diceBenchSeed = 5_000_000

// BenchmarkDiceAccuracy renders scenes the reader was never tuned on
// (QM_DICE_SCENES, default 300) at 1280x960 and reads each without the
// empty-tray reference; the learned die is taught once, on a table of its
// own. It reports the figures; run it with -benchtime=1x.
func BenchmarkDiceAccuracy(b *testing.B) {
	n := 300
	if v, err := strconv.Atoi(os.Getenv("QM_DICE_SCENES")); err == nil && v > 0 {
		n = v
	}
	// QM_DICE_LOG names a file that gets every scene's score as it comes:
	// on a busy machine the run is long.
	var log *os.File
	if p := os.Getenv("QM_DICE_LOG"); p != "" {
		f, err := os.Create(p)
		if err != nil {
			b.Fatal(err)
		}
		defer f.Close()
		log = f
	}
	for i := 0; i < b.N; i++ {
		var mu sync.Mutex
		var sc diceScore
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
					s := synth.RandomDice(uint64(diceBenchSeed+k), synth.DiceOptions{})
					img := synth.RenderDice(s)
					var one diceScore
					one.add(b, s, img, nil)
					mu.Lock()
					sc.merge(one)
					if log != nil {
						fmt.Fprintf(log, "%d %s\n", k, one)
						for _, n := range one.notes {
							fmt.Fprintln(log, "   ", n)
						}
					}
					mu.Unlock()
				}
			}()
		}
		wg.Wait()
		b.ReportMetric(pct(sc.flatRight, sc.flat), "flat-right-%")
		b.ReportMetric(pct(sc.cockedUnread, sc.cocked), "cocked-unreadable-%")
		b.ReportMetric(pct(sc.outsideUnread, sc.outside), "outside-unreadable-%")
		b.ReportMetric(pct(sc.invented, sc.scenes), "invented-scenes-%")
		b.ReportMetric(pct(sc.missed, sc.scenes), "missed-scenes-%")
		for _, s := range sc.notes {
			b.Log(s)
		}
		b.Log(sc)
	}
}

func (s *diceScore) merge(o diceScore) {
	s.scenes += o.scenes
	s.flat += o.flat
	s.flatRight += o.flatRight
	s.cocked += o.cocked
	s.cockedUnread += o.cockedUnread
	s.outside += o.outside
	s.outsideUnread += o.outsideUnread
	s.invented += o.invented
	s.missed += o.missed
	s.wrongFace += o.wrongFace
	s.wrongDie += o.wrongDie
	s.wrongZone += o.wrongZone
	s.notes = append(s.notes, o.notes...)
}

// BenchmarkDiceReadSpeed times reads of 1280x960 frames (image in, result
// out; the reader made once per camera, as a watcher keeps it) and reports
// the median read. The ratio to a full-frame colour conversion is in
// BenchmarkDiceReadRatio (it needs OpenCV). For the "one core" figure run
// with -cpu 1.
func BenchmarkDiceReadSpeed(b *testing.B) {
	readers, frames := diceSpeedFrames(b)
	reads := make([]time.Duration, 0, b.N)
	var before, after syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &before)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := readers[i%len(readers)].Read(frames[i%len(frames)]); err != nil {
			b.Fatal(err)
		}
		reads = append(reads, time.Since(t0))
	}
	b.StopTimer()
	syscall.Getrusage(syscall.RUSAGE_SELF, &after)
	b.ReportMetric(medianMS(reads), "median-ms/read")
	// On a shared, busy machine the wall-clock median measures the queue
	// as much as the reader: the process's CPU time per read does not.
	cpu := time.Duration(after.Utime.Nano()-before.Utime.Nano()) + time.Duration(after.Stime.Nano()-before.Stime.Nano())
	b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/read")
}

func diceSpeedFrames(b *testing.B) ([]*DiceReader, []*syntheticFrame) {
	lf, err := diceLearnedOnce()
	if err != nil {
		b.Fatal(err)
	}
	var readers []*DiceReader
	var frames []*syntheticFrame
	for k := 0; k < 6; k++ {
		s := synth.RandomDice(uint64(diceBenchSeed+10_000+k), synth.DiceOptions{})
		r, err := NewDiceReader(s.Tray, s.Set, s.Corners(), s.Camera.W, s.Camera.H, DiceOptions{Learned: lf})
		if err != nil {
			b.Fatal(err)
		}
		readers = append(readers, r)
		frames = append(frames, synth.RenderDice(s))
	}
	return readers, frames
}

// syntheticFrame is what the renderer gives: an RGBA frame.
type syntheticFrame = image.RGBA

func medianMS(d []time.Duration) float64 {
	sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
	return float64(d[len(d)/2].Microseconds()) / 1000
}
