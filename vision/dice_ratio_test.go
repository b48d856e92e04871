//go:build cgo && !novision

package vision

import (
	"testing"
	"time"

	"gocv.io/x/gocv"
)

// BenchmarkDiceReadRatio times dice reads of 1280x960 frames against one
// full-frame BGR-to-Lab conversion of the same frames (OpenCV), as the cube
// reader's speed is reported. For the "one core" figure run with -cpu 1
// and OPENCV_FOR_THREADS_NUM=1.
func BenchmarkDiceReadRatio(b *testing.B) {
	readers, frames := diceSpeedFrames(b)
	var mats []gocv.Mat
	for _, f := range frames {
		m, err := matFromImage(f)
		if err != nil {
			b.Fatal(err)
		}
		defer m.Close()
		mats = append(mats, m)
	}
	lab := gocv.NewMat()
	defer lab.Close()
	conv := make([]time.Duration, 0, 64)
	for k := 0; k < 64; k++ {
		t0 := time.Now()
		gocv.CvtColor(mats[k%len(mats)], &lab, gocv.ColorBGRToLab)
		conv = append(conv, time.Since(t0))
	}
	reads := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		if _, err := readers[i%len(readers)].Read(frames[i%len(frames)]); err != nil {
			b.Fatal(err)
		}
		reads = append(reads, time.Since(t0))
	}
	b.StopTimer()
	mr, mc := medianMS(reads), medianMS(conv)
	b.ReportMetric(mr, "median-ms/read")
	b.ReportMetric(mc, "median-ms/cvtColor")
	b.ReportMetric(mr/mc, "read/cvtColor")
}
