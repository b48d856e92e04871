//go:build cgo && !novision

package vision

import (
	"fmt"
	"image"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// renderCached renders a scene (and its empty board) once and keeps the
// raw pixels under QM_VISION_CACHE, so that tuning runs over hundreds of
// scenes spend their time reading, not rendering.
func renderCached(s *synth.Scene, empty bool) *image.RGBA {
	dir := os.Getenv("QM_VISION_CACHE")
	render := func() *image.RGBA {
		if empty {
			return synth.RenderEmpty(s)
		}
		return synth.Render(s)
	}
	if dir == "" {
		return render()
	}
	name := filepath.Join(dir, fmt.Sprintf("%d-%dx%d-%v.rgba", s.Seed, s.Camera.W, s.Camera.H, empty))
	if b, err := os.ReadFile(name); err == nil && len(b) == s.Camera.W*s.Camera.H*4 {
		return &image.RGBA{Pix: b, Stride: s.Camera.W * 4, Rect: image.Rect(0, 0, s.Camera.W, s.Camera.H)}
	}
	img := render()
	_ = os.MkdirAll(dir, 0o755)
	_ = os.WriteFile(name, img.Pix, 0o644)
	return img
}

// failure is one thing the reader got wrong, classified for tuning.
type failure struct {
	kind    string // missed, unreadable, colour, zone, not-redropped, invented
	black   bool
	cluster bool
	pose    string
	text    string
}

// classify compares one read with the truth, returning the failures.
func classifyRead(s *synth.Scene, res Result) []failure {
	ds := readCubes(res)
	var out []failure
	for i, c := range s.Cubes {
		cluster := false
		for j, o := range s.Cubes {
			if i != j && math.Hypot(o.Center.X-c.Center.X, o.Center.Y-c.Center.Y) < s.Layout.CubeMM*1.5 {
				cluster = true
			}
		}
		best := matchCube(ds, c, s.Layout.CubeMM)
		f := failure{black: c.Color == "black", cluster: cluster, pose: c.Pose.String()}
		switch {
		case best == nil:
			f.kind = "missed"
		case best.reason == ReasonUnreadable:
			f.kind = "unreadable"
		case c.Pose == synth.Balanced && best.reason != ReasonBalanced:
			f.kind = "not-redropped"
		case c.Pose != synth.Balanced && best.reason == ReasonBalanced:
			f.kind = "redropped"
		case c.Pose == synth.Lying && best.color != c.Color:
			f.kind = "colour"
		case c.Pose != synth.Balanced && best.zone != c.Zone:
			f.kind = "zone"
		}
		if f.kind != "" {
			got := "nothing"
			if best != nil {
				got = fmt.Sprintf("%s %q %s at %.1f,%.1f", best.color, best.zone, best.reason, best.x, best.y)
			}
			f.text = fmt.Sprintf("seed %d: %s: %s %s cube (cluster %v) in %q at %.1f,%.1f read as %s", s.Seed, f.kind, c.Color, c.Pose, cluster, c.Zone, c.Center.X, c.Center.Y, got)
			out = append(out, f)
		}
	}
	for _, d := range ds {
		if !d.used {
			near := false
			for _, c := range s.Cubes {
				if math.Hypot(d.x-c.Center.X, d.y-c.Center.Y) < s.Layout.CubeMM*1.5 {
					near = true
				}
			}
			out = append(out, failure{kind: "invented", black: d.color == "black", cluster: near,
				text: fmt.Sprintf("seed %d: invented %s %q %s at %.1f,%.1f (near a cube %v)", s.Seed, d.color, d.zone, d.reason, d.x, d.y, near)})
		}
	}
	return out
}

// TestTuneEval reads the tuning scenes QM_TUNE_SEEDS (from:count, default
// 1000:100) with and without the reference, on two goroutines, and prints
// the scores and a classification of the failures. Only with
// QM_VISION_DEBUG=1; set QM_VISION_CACHE to a directory to keep renders.
func TestTuneEval(t *testing.T) {
	if os.Getenv("QM_VISION_DEBUG") == "" {
		t.Skip("set QM_VISION_DEBUG=1")
	}
	setTunables(t)
	from, n := 1000, 100
	if v := os.Getenv("QM_TUNE_SEEDS"); v != "" {
		a, b, _ := strings.Cut(v, ":")
		from, _ = strconv.Atoi(a)
		n, _ = strconv.Atoi(b)
	}
	for _, ref := range []bool{true, false} {
		if m := os.Getenv("QM_TUNE_REF"); m != "" && m != strconv.FormatBool(ref) {
			continue
		}
		var mu sync.Mutex
		var sc score
		var fails []failure
		var wg sync.WaitGroup
		next := make(chan int)
		for w := 0; w < 2; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for k := range next {
					s := synth.Random(uint64(from+k), synth.Options{})
					img := renderCached(s, false)
					var empty image.Image
					if ref {
						empty = renderCached(s, true)
					}
					r, err := NewReader(s.Layout, s.Palette, s.Corners(), Options{Empty: empty})
					if err != nil {
						t.Error(err)
						return
					}
					res, err := r.ReadImage(img)
					r.Close()
					if err != nil {
						t.Error(err)
						return
					}
					var one score
					one.add(t, s, img, empty)
					fs := classifyRead(s, res)
					mu.Lock()
					sc.merge(one)
					fails = append(fails, fs...)
					mu.Unlock()
				}
			}()
		}
		for k := 0; k < n; k++ {
			next <- k
		}
		close(next)
		wg.Wait()
		t.Logf("empty ref %v: %v", ref, sc)
		counts := map[string]int{}
		for _, f := range fails {
			key := fmt.Sprintf("%-13s black=%-5v cluster=%-5v %s", f.kind, f.black, f.cluster, f.pose)
			counts[key]++
		}
		var keys []string
		for k := range counts {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("  %4d %s", counts[k], k)
		}
		sort.Slice(fails, func(i, j int) bool { return fails[i].text < fails[j].text })
		if os.Getenv("QM_TUNE_LIST") != "" {
			for _, f := range fails {
				t.Log(f.text)
			}
		}
	}
}

func (s *score) merge(o score) {
	s.scenes += o.scenes
	s.invented += o.invented
	s.missed += o.missed
	s.lying += o.lying
	s.lyingRight += o.lyingRight
	s.leaning += o.leaning
	s.leaningRight += o.leaningRight
	s.balanced += o.balanced
	s.balancedRedrop += o.balancedRedrop
	s.unreadable += o.unreadable
	s.ms = append(s.ms, o.ms...)
	s.problems = append(s.problems, o.problems...)
}

// tunables are the package constants a tuning run may override with
// QM_TUNE_VARS="name=value,...".
var tunables = map[string]*float64{
	"refPct":       &refPct,
	"framePct":     &framePct,
	"stripChroma":  &stripChroma,
	"blackRefDrop": &blackRefDrop,
	"maxLength":    &maxLength,
	"minPart":      &minPart,
	"leanArea":     &leanArea,
	"printBlob":    &printBlob,
	"maxLengthU":   &maxLengthU,
	"useTop":       &useTop,
	"leanLength":   &leanLength,
}

func setTunables(t *testing.T) {
	v := os.Getenv("QM_TUNE_VARS")
	if v == "" {
		return
	}
	for _, kv := range strings.Split(v, ",") {
		k, val, _ := strings.Cut(kv, "=")
		p, ok := tunables[k]
		f, err := strconv.ParseFloat(val, 64)
		if !ok || err != nil {
			t.Fatalf("bad tunable %q", kv)
		}
		*p = f
	}
	t.Logf("tunables %s", v)
}

// TestTuneRatios prints the area ratio and the length of the blobs nearest
// to single (not touching) cubes, by pose: what the count thresholds must
// accept as one cube.
func TestTuneRatios(t *testing.T) {
	if os.Getenv("QM_VISION_DEBUG") == "" {
		t.Skip("set QM_VISION_DEBUG=1")
	}
	byPose := map[string][]string{}
	for seed := 1000; seed < 1060; seed++ {
		s := synth.Random(uint64(seed), synth.Options{})
		img := renderCached(s, false)
		var empty image.Image
		if os.Getenv("REF") != "" {
			empty = renderCached(s, true)
		}
		r, err := NewReader(s.Layout, s.Palette, s.Corners(), Options{Empty: empty})
		if err != nil {
			t.Fatal(err)
		}
		debugBlob = func(c string, p board.Point, ratio float64) {
			for i, cb := range s.Cubes {
				if cb.Color != c || cb.Center.Sub(p).Len() > 6 {
					continue
				}
				for j, o := range s.Cubes {
					if i != j && o.Center.Sub(cb.Center).Len() < 14 {
						return
					}
				}
				byPose[cb.Pose.String()] = append(byPose[cb.Pose.String()], fmt.Sprintf("%.2f", ratio))
			}
		}
		if _, err := r.ReadImage(img); err != nil {
			t.Fatal(err)
		}
		debugBlob = nil
		r.Close()
	}
	for p, v := range byPose {
		sort.Strings(v)
		t.Logf("%s: %v", p, v)
	}
}
