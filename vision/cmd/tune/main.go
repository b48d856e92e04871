// Command tune reads rendered battle-board scenes with the cube reader and
// prints the figures and every failure, by kind: the harness used
// to find what the reader gets wrong. It replaces the environment-gated
// tuning tests.
//
//	go run ./vision/cmd/tune -seeds 1000:200 -hard -list
//	go run ./vision/cmd/tune -seeds 1200:1 -hard -overlay /tmp/ov   # pictures of the reads
//
// Tuning seeds are 1000-1999 and 500-999 (and 5000-5999 for the widened
// renderer); the accuracy benchmark measures on seeds from 1 000 000 and
// 4 000 000, which no tuning run may use (the command refuses them unless
// -measure is given).
package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/score"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

func main() {
	seeds := flag.String("seeds", "1000:100", "scenes to read, from:count")
	hard := flag.Bool("hard", false, "the widened renderer (synth.Options.Hard)")
	ref := flag.String("ref", "both", "read with the empty-board reference: true, false or both")
	list := flag.Bool("list", false, "list every failure")
	overlay := flag.String("overlay", "", "write the photograph, the empty board and the overlay of every scene with a failure into this directory")
	cache := flag.String("cache", "", "keep the rendered scenes in this directory (renders are slower than reads)")
	workers := flag.Int("workers", 2, "scenes read at once")
	focal := flag.Bool("focal", false, "tell the reader the render camera's true focal length (off by default: read-battle and the camera service do not know it and assume a 62-degree field of view where the corners cannot tell it, so the benchmark measures what the product does)")
	measure := flag.Bool("measure", false, "allow the measuring seeds (only to report figures, never to tune)")
	flag.Parse()
	a, b, _ := strings.Cut(*seeds, ":")
	from, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || n < 1 {
		fail("-seeds wants from:count, got %q", *seeds)
	}
	if !*measure && from+n > 1_000_000 {
		fail("seeds from 1 000 000 are the benchmark's measuring seeds: tune on others, or pass -measure to report figures")
	}
	for _, withRef := range []bool{true, false} {
		if *ref != "both" && *ref != strconv.FormatBool(withRef) {
			continue
		}
		sc := run(from, n, *hard, withRef, *focal, *workers, *cache, *overlay)
		fmt.Printf("empty-board reference %v: %v\n", withRef, &sc)
		if sc.Meets() {
			fmt.Println("  meets the bar of issue 18")
		}
		for _, c := range sc.Counts() {
			fmt.Println("  " + c)
		}
		if *list {
			for _, f := range sc.Failures {
				fmt.Println("  " + f.Text)
			}
		}
	}
}

// run reads the scenes from..from+n on workers goroutines.
func run(from, n int, hard, withRef, focal bool, workers int, cache, overlay string) score.Score {
	var mu sync.Mutex
	var total score.Score
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < max(1, workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				s := synth.Random(uint64(from+k), synth.Options{Hard: hard})
				img := rendered(cache, s, false)
				var empty image.Image
				if withRef {
					empty = rendered(cache, s, true)
				}
				o := vision.Options{Empty: empty}
				if focal {
					o.Focal = s.Camera.Focal
				}
				r, err := vision.NewReader(s.Layout, s.Palette, s.Corners(), o)
				if err != nil {
					fail("seed %d: %v", s.Seed, err)
				}
				res, err := r.ReadImage(img)
				if err != nil {
					fail("seed %d: %v", s.Seed, err)
				}
				var one score.Score
				one.Add(s, res)
				if overlay != "" && len(one.Failures) > 0 {
					writeOverlay(overlay, r, s, img, empty, res, withRef)
				}
				r.Close()
				mu.Lock()
				total.Merge(one)
				mu.Unlock()
			}
		}()
	}
	for k := 0; k < n; k++ {
		next <- k
	}
	close(next)
	wg.Wait()
	return total
}

// rendered renders a scene (or its empty board), keeping the raw pixels
// under dir when it is set.
func rendered(dir string, s *synth.Scene, empty bool) *image.RGBA {
	render := func() *image.RGBA {
		if empty {
			return synth.RenderEmpty(s)
		}
		return synth.Render(s)
	}
	if dir == "" {
		return render()
	}
	hard := s.CalibCamera != nil || s.EmptyLight != nil || s.Hull != nil || s.Hand != nil || s.Shade != nil || s.PrintDark != 0
	name := filepath.Join(dir, fmt.Sprintf("%d-%dx%d-hard%v-%v.rgba", s.Seed, s.Camera.W, s.Camera.H, hard, empty))
	if b, err := os.ReadFile(name); err == nil && len(b) == s.Camera.W*s.Camera.H*4 {
		return &image.RGBA{Pix: b, Stride: s.Camera.W * 4, Rect: image.Rect(0, 0, s.Camera.W, s.Camera.H)}
	}
	img := render()
	_ = os.MkdirAll(dir, 0o755)
	_ = os.WriteFile(name, img.Pix, 0o644)
	return img
}

func writeOverlay(dir string, r *vision.Reader, s *synth.Scene, img, empty image.Image, res vision.Result, withRef bool) {
	_ = os.MkdirAll(dir, 0o755)
	tag := fmt.Sprintf("%d-ref%v", s.Seed, withRef)
	if b, err := r.OverlayImage(img, res, ".png"); err == nil {
		_ = os.WriteFile(filepath.Join(dir, tag+"-overlay.png"), b, 0o644)
	}
	save := func(name string, im image.Image) {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return
		}
		defer f.Close()
		_ = png.Encode(f, im)
	}
	save(fmt.Sprintf("%d-photo.png", s.Seed), img)
	if empty != nil {
		save(fmt.Sprintf("%d-empty.png", s.Seed), empty)
	}
}

func fail(f string, a ...any) {
	fmt.Fprintf(os.Stderr, "tune: "+f+"\n", a...)
	os.Exit(1)
}
