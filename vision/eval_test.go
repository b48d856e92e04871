//go:build cgo && !novision

package vision

import (
	"fmt"
	"image"
	"math"
	"os"
	"sort"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// score is the accuracy of a reader over rendered scenes.
type score struct {
	scenes, invented, missed int
	lying, lyingRight        int
	leaning, leaningRight    int
	balanced, balancedRedrop int
	unreadable               int
	ms                       []float64
	problems                 []string
}

func (s score) pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

func (s score) String() string {
	sort.Float64s(s.ms)
	med := 0.0
	if len(s.ms) > 0 {
		med = s.ms[len(s.ms)/2]
	}
	return fmt.Sprintf("%d scenes: lying colour+zone %.2f%% (%d/%d), leaning zone %.1f%% (%d/%d), balanced re-dropped %.1f%% (%d/%d), scenes with an invented cube %.1f%%, with a missed cube %.1f%%, unreadable %d, median %.1f ms",
		s.scenes, s.pct(s.lyingRight, s.lying), s.lyingRight, s.lying, s.pct(s.leaningRight, s.leaning), s.leaningRight, s.leaning,
		s.pct(s.balancedRedrop, s.balanced), s.balancedRedrop, s.balanced,
		s.pct(s.invented, s.scenes), s.pct(s.missed, s.scenes), s.unreadable, med)
}

// evaluate renders scenes from the seeds and scores the reader on them.
func evaluate(t testing.TB, seeds []uint64, o synth.Options, withEmpty bool) score {
	var sc score
	for _, seed := range seeds {
		s := synth.Random(seed, o)
		img := synth.Render(s)
		var empty image.Image
		if withEmpty {
			empty = synth.RenderEmpty(s)
		}
		sc.add(t, s, img, empty)
	}
	return sc
}

// add reads one rendered scene (with the empty board when empty is not nil)
// and scores the read against the truth.
func (sc *score) add(t testing.TB, s *synth.Scene, img, empty image.Image) {
	seed := s.Seed
	{
		opts := Options{Empty: empty}
		r, err := NewReader(s.Layout, s.Palette, s.Corners(), opts)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		res, err := r.ReadImage(img)
		r.Close()
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		sc.scenes++
		sc.ms = append(sc.ms, res.ElapsedMS)
		ds := readCubes(res)
		for _, d := range res.Redrop {
			if d.Reason == ReasonUnreadable {
				sc.unreadable++
			}
		}
		missed := false
		for _, c := range s.Cubes {
			best := matchCube(ds, c, s.Layout.CubeMM)
			ok := false
			if best != nil {
				switch c.Pose {
				case synth.Lying:
					ok = best.reason == "" && best.color == c.Color && best.zone == c.Zone
				case synth.Leaning:
					ok = best.reason == "" && best.zone == c.Zone
				case synth.Balanced:
					ok = best.reason == ReasonBalanced
				}
			} else {
				missed = true
			}
			switch c.Pose {
			case synth.Lying:
				sc.lying++
				if ok {
					sc.lyingRight++
				}
			case synth.Leaning:
				sc.leaning++
				if ok {
					sc.leaningRight++
				}
			case synth.Balanced:
				sc.balanced++
				if ok {
					sc.balancedRedrop++
				}
			}
			if !ok {
				got := "nothing"
				if best != nil {
					got = fmt.Sprintf("%s %q %s at %.1f,%.1f", best.color, best.zone, best.reason, best.x, best.y)
				}
				sc.problems = append(sc.problems, fmt.Sprintf("seed %d: %s %s cube in %q at %.1f,%.1f read as %s", seed, c.Color, c.Pose, c.Zone, c.Center.X, c.Center.Y, got))
			}
		}
		invented := false
		for _, d := range ds {
			if !d.used {
				invented = true
				sc.problems = append(sc.problems, fmt.Sprintf("seed %d: invented %s %q %s at %.1f,%.1f", seed, d.color, d.zone, d.reason, d.x, d.y))
			}
		}
		if invented {
			sc.invented++
		}
		if missed {
			sc.missed++
		}
	}
}

// readCube is one cube the reader reported (in cubes or redrop), for
// matching against the truth.
type readCube struct {
	x, y        float64
	color, zone string
	reason      string
	used        bool
}

// readCubes lists every cube of a read: those in zones and those to drop
// again.
func readCubes(res Result) []*readCube {
	var ds []*readCube
	for _, c := range res.Cubes {
		ds = append(ds, &readCube{x: c.XMM, y: c.YMM, color: c.Color, zone: c.Zone})
	}
	for _, d := range res.Redrop {
		ds = append(ds, &readCube{x: d.XMM, y: d.YMM, color: d.Color, reason: d.Reason})
	}
	return ds
}

// matchCube is the read cube that stands for the true cube c: the nearest
// one not matched yet within three quarters of a cube of its footprint
// centre, marked as used; nil when there is none (the cube was missed).
// The benchmark and the tuning harness both score with it, so they agree.
func matchCube(ds []*readCube, c synth.Cube, cubeMM float64) *readCube {
	var best *readCube
	bd := cubeMM * 0.75
	for _, d := range ds {
		if dd := math.Hypot(d.x-c.Center.X, d.y-c.Center.Y); !d.used && dd < bd {
			best, bd = d, dd
		}
	}
	if best != nil {
		best.used = true
	}
	return best
}

func seedRange(from, n int) []uint64 {
	s := make([]uint64, n)
	for i := range s {
		s[i] = uint64(from + i)
	}
	return s
}

// TestDebugEval lists what the reader gets wrong on 20 full-size scenes; it
// runs only with QM_VISION_DEBUG=1 set.
func TestDebugEval(t *testing.T) {
	if os.Getenv("QM_VISION_DEBUG") == "" {
		t.Skip("set QM_VISION_DEBUG=1")
	}
	for _, ref := range []bool{false, true} {
		sc := evaluate(t, seedRange(1000, 20), synth.Options{}, ref)
		t.Logf("empty ref %v: %v", ref, sc)
		for i, p := range sc.problems {
			if i < 40 {
				t.Log(p)
			}
		}
	}
}
