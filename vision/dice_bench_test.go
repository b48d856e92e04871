package vision

import (
	"image"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

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
		s := synth.RandomDice(uint64(5_010_000+k), synth.DiceOptions{})
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
