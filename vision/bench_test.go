//go:build cgo && !novision

package vision

import (
	"os"
	"sort"
	"strconv"
	"testing"
	"time"

	"gocv.io/x/gocv"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// BenchmarkAccuracy renders scenes from seeds the tests and the tuning never
// used (1e6 on; QM_VISION_SCENES sets how many, default 300) at 1280x960
// and reads each with and without the empty-board reference. It reports the
// issue's figures as metrics; run it with -benchtime=1x.
func BenchmarkAccuracy(b *testing.B) {
	n := 300
	if v, err := strconv.Atoi(os.Getenv("QM_VISION_SCENES")); err == nil && v > 0 {
		n = v
	}
	for i := 0; i < b.N; i++ {
		var with, without score
		for k := 0; k < n; k++ {
			s := synth.Random(uint64(1_000_000+k), synth.Options{})
			img := synth.Render(s)
			without.add(b, s, img, nil)
			with.add(b, s, img, synth.RenderEmpty(s))
		}
		for _, m := range []struct {
			name string
			sc   score
		}{{"ref", with}, {"noref", without}} {
			sc := m.sc
			b.ReportMetric(sc.pct(sc.lyingRight, sc.lying), "lying-right-%-"+m.name)
			b.ReportMetric(sc.pct(sc.leaningRight, sc.leaning), "leaning-right-%-"+m.name)
			b.ReportMetric(sc.pct(sc.balancedRedrop, sc.balanced), "balanced-redrop-%-"+m.name)
			b.ReportMetric(sc.pct(sc.invented, sc.scenes), "invented-scenes-%-"+m.name)
			b.ReportMetric(sc.pct(sc.missed, sc.scenes), "missed-scenes-%-"+m.name)
			b.Logf("%s: %v", m.name, sc)
		}
	}
}

// BenchmarkReadSpeed times reads of 1280x960 frames (Mat in, Result out)
// and, for scale, one full-frame BGR-to-Lab conversion of the same frames.
// It reports the median read and the ratio of the two. For the issue's "one
// core" figure run with -cpu 1 and OPENCV_FOR_THREADS_NUM=1.
func BenchmarkReadSpeed(b *testing.B) {
	for _, ref := range []bool{false, true} {
		name := "noref"
		if ref {
			name = "ref"
		}
		b.Run(name, func(b *testing.B) {
			var frames []gocv.Mat
			var readers []*Reader
			for k := 0; k < 8; k++ {
				s := synth.Random(uint64(2_000_000+k), synth.Options{})
				m, err := matFromImage(synth.Render(s))
				if err != nil {
					b.Fatal(err)
				}
				o := Options{}
				if ref {
					o.Empty = synth.RenderEmpty(s)
				}
				r, err := NewReader(s.Layout, s.Palette, s.Corners(), o)
				if err != nil {
					b.Fatal(err)
				}
				if _, err := r.Read(m); err != nil { // warm up
					b.Fatal(err)
				}
				frames, readers = append(frames, m), append(readers, r)
			}
			defer func() {
				for k := range frames {
					frames[k].Close()
					readers[k].Close()
				}
			}()
			lab := gocv.NewMat()
			defer lab.Close()
			conv := make([]time.Duration, 0, 64)
			for k := 0; k < 64; k++ {
				t0 := time.Now()
				gocv.CvtColor(frames[k%len(frames)], &lab, gocv.ColorBGRToLab)
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
			med := func(d []time.Duration) float64 {
				sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
				return float64(d[len(d)/2].Microseconds()) / 1000
			}
			mr, mc := med(reads), med(conv)
			b.ReportMetric(mr, "median-ms/read")
			b.ReportMetric(mc, "median-ms/cvtColor")
			b.ReportMetric(mr/mc, "read/cvtColor")
		})
	}
}
