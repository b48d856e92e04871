//go:build cgo && !novision

package vision

import (
	"fmt"
	"sort"
	"syscall"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/vision/cv"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// cpuTime is the CPU time the process has used (user and system).
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
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
			var frames []cv.Image
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
			lab := cv.NewImage(frames[0].W, frames[0].H, 3)
			conv := make([]time.Duration, 0, 64)
			for k := 0; k < 64; k++ {
				t0 := time.Now()
				if err := cv.CvtColor(lab, frames[k%len(frames)], cv.ColorBGRToLab); err != nil {
					b.Fatal(err)
				}
				conv = append(conv, time.Since(t0))
			}
			reads := make([]time.Duration, 0, b.N)
			cpu0 := cpuTime()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t0 := time.Now()
				if _, err := readers[i%len(readers)].Read(frames[i%len(frames)]); err != nil {
					b.Fatal(err)
				}
				reads = append(reads, time.Since(t0))
			}
			b.StopTimer()
			cpu := cpuTime() - cpu0
			med := func(d []time.Duration) float64 {
				sort.Slice(d, func(i, j int) bool { return d[i] < d[j] })
				return float64(d[len(d)/2].Microseconds()) / 1000
			}
			mr, mc := med(reads), med(conv)
			b.ReportMetric(mr, "median-ms/read")
			b.ReportMetric(mc, "median-ms/cvtColor")
			b.ReportMetric(mr/mc, "read/cvtColor")
			// CPU time per read: what one core spends, whatever else runs
			// on the machine (the wall-clock median grows with the load).
			b.ReportMetric(float64(cpu.Microseconds())/1000/float64(b.N), "cpu-ms/read")
		})
	}
}

// BenchmarkOverlay times the dashboard's picture of a read: the overlay
// drawn on a Go image and encoded (Go's JPEG and PNG encoders since
// vision/cv replaced gocv's imgcodecs; figures in docs/vision.md).
func BenchmarkOverlay(b *testing.B) {
	for _, size := range []struct{ w, h int }{{640, 480}, {1280, 960}} {
		s := synth.Random(2_000_000, synth.Options{W: size.w, H: size.h})
		img := synth.Render(s)
		r, err := NewReader(s.Layout, s.Palette, s.Corners(), Options{})
		if err != nil {
			b.Fatal(err)
		}
		res, err := r.ReadImage(img)
		if err != nil {
			b.Fatal(err)
		}
		for _, ext := range []string{".jpg", ".png"} {
			b.Run(fmt.Sprintf("%dx%d%s", size.w, size.h, ext), func(b *testing.B) {
				cpu0 := cpuTime()
				for i := 0; i < b.N; i++ {
					if _, err := r.OverlayImage(img, res, ext); err != nil {
						b.Fatal(err)
					}
				}
				b.ReportMetric(float64((cpuTime()-cpu0).Microseconds())/1000/float64(b.N), "cpu-ms/op")
			})
		}
	}
}
