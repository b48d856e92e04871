// Package score measures the cube reader against rendered scenes whose truth
// is known: the figures (lying cubes right, leaning cubes in their
// zone, balanced cubes re-dropped, scenes with an invented or a missed cube)
// and a list of the failures by kind. The accuracy benchmark and the tuning
// command both score with it, so they can never disagree.
package score

import (
	"fmt"
	"math"
	"sort"

	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// Score is the accuracy of reads over scenes.
type Score struct {
	Scenes, Invented, Missed int
	Lying, LyingRight        int
	Leaning, LeaningRight    int
	Balanced, BalancedRedrop int
	// Unreadable counts the "unreadable" re-drops: a person was asked.
	Unreadable int
	// MS holds each read's time.
	MS []float64
	// Failures lists what went wrong, scene by scene.
	Failures []Failure
}

// Failure is one thing a read got wrong.
type Failure struct {
	Seed uint64
	// Kind is missed, unreadable, colour, zone, not-redropped, redropped
	// or invented.
	Kind    string
	Color   string
	Pose    string // the true cube's pose; "" for an invented cube
	Cluster bool   // a true cube within 1.5 cubes
	Text    string
}

// Pct is 100 a/b (100 when b is 0).
func Pct(a, b int) float64 {
	if b == 0 {
		return 100
	}
	return 100 * float64(a) / float64(b)
}

// Median is the median read time in ms.
func (s *Score) Median() float64 {
	if len(s.MS) == 0 {
		return 0
	}
	m := append([]float64(nil), s.MS...)
	sort.Float64s(m)
	return m[len(m)/2]
}

func (s *Score) String() string {
	return fmt.Sprintf("%d scenes: lying colour+zone %.2f%% (%d/%d), leaning zone %.1f%% (%d/%d), balanced re-dropped %.1f%% (%d/%d), scenes with an invented cube %.1f%% (%d), with a missed cube %.1f%% (%d), unreadable %d, median %.1f ms",
		s.Scenes, Pct(s.LyingRight, s.Lying), s.LyingRight, s.Lying, Pct(s.LeaningRight, s.Leaning), s.LeaningRight, s.Leaning,
		Pct(s.BalancedRedrop, s.Balanced), s.BalancedRedrop, s.Balanced,
		Pct(s.Invented, s.Scenes), s.Invented, Pct(s.Missed, s.Scenes), s.Missed, s.Unreadable, s.Median())
}

// Meets reports whether the score meets the bar of issue 18.
func (s *Score) Meets() bool {
	return Pct(s.LyingRight, s.Lying) >= 99.5 && Pct(s.LeaningRight, s.Leaning) >= 90 &&
		Pct(s.BalancedRedrop, s.Balanced) >= 95 && Pct(s.Invented, s.Scenes) <= 1 && Pct(s.Missed, s.Scenes) <= 1
}

// Merge adds another score's counts to s.
func (s *Score) Merge(o Score) {
	s.Scenes += o.Scenes
	s.Invented += o.Invented
	s.Missed += o.Missed
	s.Lying += o.Lying
	s.LyingRight += o.LyingRight
	s.Leaning += o.Leaning
	s.LeaningRight += o.LeaningRight
	s.Balanced += o.Balanced
	s.BalancedRedrop += o.BalancedRedrop
	s.Unreadable += o.Unreadable
	s.MS = append(s.MS, o.MS...)
	s.Failures = append(s.Failures, o.Failures...)
}

// read is one cube the reader reported (in cubes or redrop).
type read struct {
	x, y        float64
	color, zone string
	reason      string
	used        bool
}

// Add scores one read of scene s.
func (s *Score) Add(sc *synth.Scene, res vision.Result) {
	s.Scenes++
	s.MS = append(s.MS, res.ElapsedMS)
	var ds []*read
	for _, c := range res.Cubes {
		ds = append(ds, &read{x: c.XMM, y: c.YMM, color: c.Color, zone: c.Zone})
	}
	for _, d := range res.Redrop {
		ds = append(ds, &read{x: d.XMM, y: d.YMM, color: d.Color, reason: d.Reason})
		if d.Reason == vision.ReasonUnreadable {
			s.Unreadable++
		}
	}
	cube := sc.Layout.CubeMM
	missed, invented := false, false
	for i, c := range sc.Cubes {
		cluster := false
		for j, o := range sc.Cubes {
			if i != j && o.Center.Sub(c.Center).Len() < cube*1.5 {
				cluster = true
			}
		}
		best := match(ds, c, cube)
		kind := ""
		switch {
		case best == nil:
			kind = "missed"
			missed = true
		case best.reason == vision.ReasonUnreadable:
			kind = "unreadable"
		case c.Pose == synth.Balanced && best.reason != vision.ReasonBalanced:
			kind = "not-redropped"
		case c.Pose != synth.Balanced && best.reason == vision.ReasonBalanced:
			kind = "redropped"
		case c.Pose == synth.Lying && best.color != c.Color:
			kind = "colour"
		case c.Pose != synth.Balanced && best.zone != c.Zone:
			kind = "zone"
		}
		switch c.Pose {
		case synth.Lying:
			s.Lying++
			if kind == "" {
				s.LyingRight++
			}
		case synth.Leaning:
			s.Leaning++
			// A leaning cube's colour is not part of its figure.
			if kind == "" || kind == "colour" {
				s.LeaningRight++
			}
		case synth.Balanced:
			s.Balanced++
			if kind == "" {
				s.BalancedRedrop++
			}
		}
		if kind != "" {
			got := "nothing"
			if best != nil {
				got = fmt.Sprintf("%s %q %s at %.1f,%.1f", best.color, best.zone, best.reason, best.x, best.y)
			}
			s.Failures = append(s.Failures, Failure{Seed: sc.Seed, Kind: kind, Color: c.Color, Pose: c.Pose.String(), Cluster: cluster,
				Text: fmt.Sprintf("seed %d: %s: %s %s cube (cluster %v) in %q at %.1f,%.1f read as %s", sc.Seed, kind, c.Color, c.Pose, cluster, c.Zone, c.Center.X, c.Center.Y, got)})
		}
	}
	for _, d := range ds {
		if d.used {
			continue
		}
		invented = true
		near := false
		for _, c := range sc.Cubes {
			if math.Hypot(d.x-c.Center.X, d.y-c.Center.Y) < cube*1.5 {
				near = true
			}
		}
		s.Failures = append(s.Failures, Failure{Seed: sc.Seed, Kind: "invented", Color: d.color, Cluster: near,
			Text: fmt.Sprintf("seed %d: invented %s %q %s at %.1f,%.1f (near a cube %v)", sc.Seed, d.color, d.zone, d.reason, d.x, d.y, near)})
	}
	if invented {
		s.Invented++
	}
	if missed {
		s.Missed++
	}
}

// match is the read cube that stands for the true cube c: the nearest one
// not matched yet within three quarters of a cube of its footprint centre,
// marked as used; nil when there is none (the cube was missed).
func match(ds []*read, c synth.Cube, cubeMM float64) *read {
	var best *read
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

// Counts groups the failures by kind, black or not, in a cluster or not
// and pose, for a tuning summary.
func (s *Score) Counts() []string {
	counts := map[string]int{}
	for _, f := range s.Failures {
		counts[fmt.Sprintf("%-13s black=%-5v cluster=%-5v %s", f.Kind, f.Color == "black", f.Cluster, f.Pose)]++
	}
	var keys []string
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = fmt.Sprintf("%4d %s", counts[k], k)
	}
	return out
}
