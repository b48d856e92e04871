package vision

// A learned face is read only when it matches its template more clearly
// than any face with another label: printed faces can differ by a stroke
// (the test die's block-font 2 and 3 correlate 0.83-0.87 with each
// other), so it must win by learnMargin, twice a pip count's margin.
//
// A face that matches its own template almost perfectly leaves little
// room for noise, though: a flat printed 3 lying in full view read 0.958
// against its 2's 0.868 (tuning seed 813) and, on the simulated camera's
// small frames, 0.969 against 0.873 (the calibration journey's roll), and
// both were sent to unreadable for a margin of 0.09. The next face's
// score is bounded by how alike the two templates are, not by noise:
// where the best face reads learnClear or better, a margin of
// learnClearMargin is as telling as learnMargin is at the read's floor.

// learnMargin is the margin a learned face needs over a face with
// another label.
const learnMargin = 0.1

// learnClear is the score above which a learned face needs only
// learnClearMargin.
const learnClear = 0.95

// learnClearMargin is the margin a learned face reading learnClear or
// better needs.
const learnClearMargin = 0.08

// learnedMargin is the margin a learned face reading score needs over
// the best face with another label.
func learnedMargin(score float64) float64 {
	if score >= learnClear {
		return learnClearMargin
	}
	return learnMargin
}
