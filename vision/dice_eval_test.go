package vision

import (
	"fmt"
	"sync"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// diceLearnedOnce teaches the learned die once, from a calibration roll on
// a table of its own (its own camera, light and felt), as the accuracy
// benchmark and the tuning command do (dicescore.Learn, seed 424242).
var diceLearnedOnce = sync.OnceValues(func() (*LearnedFaces, error) {
	var lf *LearnedFaces
	for k := 0; k < 6; k++ {
		s := synth.RandomDice(424242, synth.DiceOptions{IDs: []string{"mm"}, Faces: []int{k}})
		img := synth.RenderDice(s)
		r, err := NewDiceReader(s.Tray, s.Set, s.Corners(), s.Camera.W, s.Camera.H, DiceOptions{Learned: lf})
		if err != nil {
			return nil, err
		}
		if lf, err = r.LearnFace(img, "mm", k); err != nil {
			return nil, fmt.Errorf("face %d: %v", k, err)
		}
	}
	return lf, nil
})
