package vision

import (
	"fmt"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

func cachedRender(t *testing.T, s *synth.DiceScene, path string) image.Image {
	if f, err := os.Open(path); err == nil {
		defer f.Close()
		if img, err := png.Decode(f); err == nil {
			return img
		}
	}
	img := synth.RenderDice(s)
	os.MkdirAll(filepath.Dir(path), 0o755)
	if f, err := os.Create(path); err == nil {
		png.Encode(f, img)
		f.Close()
	}
	return img
}

// TestDiceTuneTry is the tuning harness (QM_DICE_TUNE=n scenes from seed
// 0, with more cocked dice than usual; QM_DICE_TRACE=1 traces every
// candidate). The reader was tuned on seeds 0-15 only; the benchmark's seeds
// start at diceBenchSeed.
func TestDiceTuneTry(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("QM_DICE_TUNE"))
	if n == 0 {
		t.Skip()
	}
	if os.Getenv("QM_DICE_TRACE") != "" {
		diceTrace = t.Logf
		defer func() { diceTrace = nil }()
	}
	var sc diceScore
	for k := 0; k < n; k++ {
		s := synth.RandomDice(uint64(k), synth.DiceOptions{PCocked: 0.2})
		sc.add(t, s, cachedRender(t, s, fmt.Sprintf("/tmp/dv/cache/c%d.png", k)), nil)
		for _, d := range s.Dice {
			t.Logf("TRUTH %d %.1f %.1f %s %s %s", k, d.Center.X, d.Center.Y, d.ID, d.Label, d.Pose)
		}
	}
	for _, s := range sc.notes {
		t.Log(s)
	}
	t.Log(sc)
}
