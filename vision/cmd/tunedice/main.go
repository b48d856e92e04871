// Command tunedice reads rendered dice scenes with the dice reader and prints
// the figures and every failure: the harness used to find what the
// reader gets wrong, and to time it.
//
//	go run ./vision/cmd/tunedice -seeds 0:40 -list
//	go run ./vision/cmd/tunedice -seeds 0:200 -cache /tmp/dicecache -list
//	go run ./vision/cmd/tunedice -seeds 17:1 -overlay /tmp/ov   # pictures of the reads
//	go run ./vision/cmd/tunedice -seeds 0:100 -cocked 0.33 -ids mm,mm,white,red,black -cache /tmp/mmcocked
//
// -cocked and -ids make other scenes from the same seeds (more cocked dice,
// one die drawn more often: a die listed twice is drawn twice as often);
// their renders are cached under names of their own, so that a cache of
// the usual scenes is never read for them.
//
// Tuning seeds are those below 5 000 000 (0-999 is the usual set; a wider
// range finds causes the usual set has too few of). The accuracy benchmark
// measures on seeds from 5 000 000, which no tuning run may use: the
// command refuses them unless -measure is given (only to report figures,
// never to tune).
package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/dicescore"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// measureFrom is the first of the measuring seeds (the accuracy benchmark's,
// and the sets read once at the end of a session).
const measureFrom = 5_000_000

// learnSeed is the calibration roll's table, as in the accuracy benchmark.
const learnSeed = 424242

func main() {
	seeds := flag.String("seeds", "0:40", "scenes to read, from:count")
	list := flag.Bool("list", false, "list every failure")
	overlay := flag.String("overlay", "", "write the photograph and the overlay of every scene with a failure into this directory")
	cache := flag.String("cache", "", "keep the rendered scenes in this directory (renders are much slower than reads)")
	workers := flag.Int("workers", 2, "scenes read at once")
	measure := flag.Bool("measure", false, "allow the measuring seeds (only to report figures, never to tune)")
	cocked := flag.Float64("cocked", 0, "chance a die is cocked (0: the renderer's default)")
	idList := flag.String("ids", "", "comma-separated dice ids to draw from, a repeated id drawn more often (empty: every die of the set alike)")
	flag.Parse()
	opt := synth.DiceOptions{PCocked: *cocked}
	if *idList != "" {
		opt.IDs = strings.Split(*idList, ",")
	}
	if *cocked < 0 || *cocked >= 1 {
		fail("-cocked wants a chance in [0, 1), got %g", *cocked)
	}
	tag := sceneTag(opt)
	a, b, _ := strings.Cut(*seeds, ":")
	from, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if err1 != nil || err2 != nil || n < 1 || from < 0 {
		fail("-seeds wants from:count, got %q", *seeds)
	}
	if !*measure && from+n > measureFrom {
		fail("seeds from 5 000 000 are kept for measuring: tune on seeds below, or pass -measure to report figures")
	}
	lf, err := dicescore.LearnRendered(learnSeed, "mm", synth.DiceOptions{}, func(s *synth.DiceScene) image.Image { return rendered(*cache, "", s) })
	if err != nil {
		fail("calibration roll: %v", err)
	}
	var mu sync.Mutex
	var total dicescore.Score
	var times []time.Duration
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < max(1, *workers); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for k := range next {
				s := synth.RandomDice(uint64(from+k), opt)
				img := rendered(*cache, tag, s)
				r, err := vision.NewDiceReader(s.Tray, s.Set, s.Corners(), s.Camera.W, s.Camera.H, vision.DiceOptions{Learned: lf})
				if err != nil {
					fail("seed %d: %v", s.Seed, err)
				}
				t0 := time.Now()
				res, err := r.Read(img)
				dt := time.Since(t0)
				if err != nil {
					fail("seed %d: %v", s.Seed, err)
				}
				var one dicescore.Score
				one.Add(s, res)
				if *overlay != "" && len(one.Notes) > 0 {
					writeOverlay(*overlay, r, s, img, res)
				}
				mu.Lock()
				total.Merge(one)
				times = append(times, dt)
				mu.Unlock()
			}
		}()
	}
	for k := 0; k < n; k++ {
		next <- k
	}
	close(next)
	wg.Wait()
	sort.Slice(times, func(i, j int) bool { return times[i] < times[j] })
	fmt.Println(&total)
	ids := make([]string, 0, len(total.Kinds))
	for id := range total.Kinds {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		fmt.Printf("  %s: %v\n", id, total.Kinds[id])
	}
	fmt.Printf("read wall-clock: median %.1f ms, max %.1f ms (%d workers)\n", ms(times[len(times)/2]), ms(times[len(times)-1]), *workers)
	if *list {
		sort.Strings(total.Notes)
		for _, s := range total.Notes {
			fmt.Println("  " + s)
		}
	}
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

// sceneTag names scenes made with options other than the default, for
// their cached renders: empty for the usual scenes (whose cache names are
// those every earlier cache holds).
func sceneTag(o synth.DiceOptions) string {
	var t string
	if o.PCocked != 0 {
		t += fmt.Sprintf("-c%g", o.PCocked)
	}
	if len(o.IDs) > 0 {
		t += "-" + strings.Join(o.IDs, ".")
	}
	return t
}

// rendered renders a scene, keeping the raw pixels under dir when it is set;
// tag (sceneTag) keeps scenes made with other options apart.
func rendered(dir, tag string, s *synth.DiceScene) *image.RGBA {
	if dir == "" {
		return synth.RenderDice(s)
	}
	// A calibration roll renders one scene per face from the same seed.
	name := filepath.Join(dir, fmt.Sprintf("dice-%d%s-%dx%d.rgba", s.Seed, tag, s.Camera.W, s.Camera.H))
	if len(s.Dice) == 1 && s.Dice[0].Pose == synth.Flat && s.Seed == learnSeed {
		name = filepath.Join(dir, fmt.Sprintf("dice-learn-%d-%s-%d-%dx%d.rgba", s.Seed, s.Dice[0].ID, s.Dice[0].Face, s.Camera.W, s.Camera.H))
	}
	if b, err := os.ReadFile(name); err == nil && len(b) == s.Camera.W*s.Camera.H*4 {
		return &image.RGBA{Pix: b, Stride: s.Camera.W * 4, Rect: image.Rect(0, 0, s.Camera.W, s.Camera.H)}
	}
	img := synth.RenderDice(s)
	_ = os.MkdirAll(dir, 0o755)
	_ = os.WriteFile(name, img.Pix, 0o644)
	return img
}

func writeOverlay(dir string, r *vision.DiceReader, s *synth.DiceScene, img image.Image, res vision.DiceResult) {
	_ = os.MkdirAll(dir, 0o755)
	save := func(name string, im image.Image) {
		f, err := os.Create(filepath.Join(dir, name))
		if err != nil {
			return
		}
		defer f.Close()
		_ = png.Encode(f, im)
	}
	save(fmt.Sprintf("%d-photo.png", s.Seed), img)
	save(fmt.Sprintf("%d-overlay.png", s.Seed), r.DiceOverlay(img, res))
}

func fail(f string, a ...any) {
	fmt.Fprintf(os.Stderr, "tunedice: "+f+"\n", a...)
	os.Exit(1)
}
