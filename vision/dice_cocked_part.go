package vision

import (
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// A die alone in its part whose square is only partly full.
//
// A square only partly full (fill below 0.65) whose face does not read is
// kept for the wide search with no verdict of its own: most are what lies
// between touching dice (their sides and shadows), or a flat die's top the
// sweep took a strip of, which the wide search then reads. But a die
// leaning on a wall or on another die, alone in its part, may leave such a
// square too: its tilted top is seen shorter, a dark die's top over the
// dark wall it leans on does not stand out, and its raised side, on the
// camera's side, is taken by the sweep. Such a square, in the colour of a
// die of the set, that looks cocked by the tests of a die about to be read
// (looksCocked: a raised side beside it, or a print that reads better on a
// parallelogram), is reported cocked unless the wide search reads a die
// there.
//
// Tuning seeds 0-999: of the partly full squares kept for the wide search
// and left unread, three were cocked dice alone in their part, each over
// half full and looking cocked (a black die leaning on a wall, two white
// dice leaning on a red one), none reported before. Of those that were no
// die (a wall, the leftover between touching dice), none was both alone
// in its part and over half full; two squares over flat dice read next to
// them were, and are dropped as the same die (dropDuplicates).
const (
	// partCockedFill: the least share of the square that is foreground.
	partCockedFill = 0.5
	// partCockedDist: the die's colour must be clear (classify's
	// distance to the set's nearest die).
	partCockedDist = 0.6
)

// partCocked tells a partly full square, alone in its part, whose face
// (read as label, however badly) does not read, that is a cocked die: see
// above. The verdict is the wide search's fall-back (keepForWide).
func (r *DiceReader) partCocked(c candidate, p *topPatch, d *diceset.Die, label string, dist float64, top board.Point, f *faceSample, foot board.Point) {
	if c.fill >= 0.65 || c.fill < partCockedFill || c.group != 1 || c.leftover || dist > partCockedDist || len(r.retries) == 0 {
		return
	}
	if !r.looksCocked(p, d, label, top, c.angle, f) {
		return
	}
	r.retries[len(r.retries)-1].fall = &DieUnreadable{Die: d.ID, XMM: round1(foot.X), YMM: round1(foot.Y), Reason: DiceCocked}
}
