//go:build cgo && !novision

package vision

import (
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/vision/cv"
)

// BenchmarkDiceReadRatio times dice reads of 1280x960 frames against one
// full-frame BGR-to-Lab conversion of the same frames (OpenCV), as the cube
// reader's speed is reported. For the "one core" figure run with -cpu 1
// and OPENCV_FOR_THREADS_NUM=1.
func BenchmarkDiceReadRatio(b *testing.B) {
	readers, frames := diceSpeedFrames(b)
	var mats []cv.Image
	for _, f := range frames {
		m, err := matFromImage(f)
		if err != nil {
			b.Fatal(err)
		}
		mats = append(mats, m)
	}
	lab := cv.NewImage(mats[0].W, mats[0].H, 3)
	conv := make([]time.Duration, 0, 64)
	for k := 0; k < 64; k++ {
		t0 := time.Now()
		if err := cv.CvtColor(lab, mats[k%len(mats)], cv.ColorBGRToLab); err != nil {
			b.Fatal(err)
		}
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
