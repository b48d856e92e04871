package vision

import (
	"os"
	"strconv"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

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
		s := synth.RandomDice(uint64(k), synth.DiceOptions{})
		sc.add(t, s, synth.RenderDice(s), nil)
	}
	for _, s := range sc.notes {
		t.Log(s)
	}
	t.Log(sc)
}
