package vision

import (
	"image"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// A flat die's outline is its top and the side the camera sees, which on
// the plane of the tops lies toward the nadir, as long as a die's height
// times the die's distance from the nadir over the camera's height (4-14
// mm on the tuning seeds' low cameras). Where the sweep (dice_sweep.go)
// leaves much of that side in, the outline's square sits toward the
// nadir, astride the top and the side, and the face search, which reaches
// searchReach, climbs to a placement that reads part of the face (tuning
// seed 1389: a black 3's square 6 mm off read 0.74 and was sent to
// unreadable as cocked). The top is then the outline's far part: the
// search is made again from the square moved away from the nadir by the
// side's length. (Tuning seeds 1000-1499: 3 flat dice read so, 1246's
// red 6, 1389's black 3 and 1419's learned die; 0-999 and the cocked
// set read the same.)

// farSettle searches a square whose face did not read (score below
// minScore after settle) again from the square moved away from the
// nadir by the die's visible side. It returns the placement and face
// found there when that face reads (minScore and up) and is not a pip
// die's 1; ok is false
// otherwise, and the patch p is then filled around top again. Only a
// placement that judge will read is returned: one it would send to
// unreadable is no better than the square's own verdict, and may lie on
// a neighbour, where its report is dropped as a duplicate (tuning seeds
// 1706 and 1752: cocked dice no longer reported).
func (r *DiceReader) farSettle(img image.Image, p *topPatch, d *diceset.Die, top board.Point, ang float64) (board.Point, float64, *faceSample, bool) {
	st, ok := r.sideAway(top)
	if !ok {
		return top, ang, nil, false
	}
	r.fillPatch(img, st, p)
	f0 := r.sampleFace(p, st, ang, r.h0)
	t2, a2, f2 := r.settle(p, d, st, ang, f0)
	if r.faceScore(d, f2) >= minScore && !lonePip(d, f2) && r.readsFlat(p, d, t2, a2, f2) {
		return t2, a2, f2, true
	}
	r.fillPatch(img, top, p)
	return top, ang, nil, false
}

// sideAway is top (mm, plane h0) moved away from the nadir by the
// length a die's side shows there; ok is false where the side shows less
// than a millimetre (the square's search reaches that far already) or the
// camera's pose is unknown.
func (r *DiceReader) sideAway(top board.Point) (board.Point, bool) {
	H := r.pose.Height
	if !(H > r.h0+1 && H < 1e9) {
		return top, false
	}
	v := top.Sub(r.pose.Nadir)
	D := v.Len()
	side := D * r.h0 / H
	if side < 1 || D == 0 {
		return top, false
	}
	return top.Add(v.Scale(side / D)), true
}

// lonePip reports whether f reads as a pip die's 1. A square moved as far
// as farSettle moves it may settle on any one pip of the face it cut,
// which reads as a 1 as clearly as a 1 does (tuning seed 1489: a red 2's
// square 9 mm further out read a 1 at 0.991 on one of its pips, a lie):
// the far search leaves a 1 to the square's first verdict.
func lonePip(d *diceset.Die, f *faceSample) bool {
	if d.Faces.Kind != diceset.Pips {
		return false
	}
	label, _, _ := readPips(d, f)
	return label == "1"
}

// readsFlat reports whether judge reads the face f at top (plane h0) as a
// flat die's: on the floor, in a zone, reading clearly with its margin,
// not squashed, clear of the walls and not cocked (judge's own tests).
func (r *DiceReader) readsFlat(p *topPatch, d *diceset.Die, top board.Point, ang float64, f *faceSample) bool {
	foot := r.pose.Unparallax(r.pose.Parallax(top, r.h0), d.SizeMM)
	if !r.tray.OnFloor(foot.X, foot.Y) || r.tray.ZoneAt(foot.X, foot.Y) == "" || f.inkShare < 0.015 {
		return false
	}
	var label string
	var score, margin float64
	minMargin := 0.05
	if d.Faces.Kind == diceset.Pips {
		label, score, margin = readPips(d, f)
	} else {
		ld := r.learned.die(d.ID)
		if ld == nil {
			return false
		}
		label, score, margin = r.match(ld, f)
		minMargin = learnedMargin(score)
	}
	return score >= minScore && margin >= minMargin && r.squashed(p, d, top, ang) <= 0.04 &&
		r.overWall(foot, ang, d.SizeMM) <= 0.2 && !r.looksCocked(p, d, label, top, ang, f)
}
