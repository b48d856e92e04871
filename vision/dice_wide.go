package vision

import (
	"cmp"
	"image"
	"math"
	"slices"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// A square whose face does not read, though nothing says its die is
// cocked (its face is no shorter one way than the other, its top is
// clear of the walls), is most often in the wrong place: the outline of
// several touching dice put it astride two of them, further off either
// than the face search reaches (searchReach), or a lone die's search
// climbed to a placement a pip's pitch off (a 6 read across its columns).
// Such squares are searched again once every die that did read is known,
// from starts over the square's whole neighbourhood but those a read die
// already covers (the places its touching neighbours leave free).

// wideRetry is a square whose face did not read, kept for the wide search.
type wideRetry struct {
	c    candidate
	top  board.Point // where the search left it, mm (plane h0)
	fall *DieUnreadable
}

// wideStep is the spacing (mm) of the wide search's starts: each start's
// own search reaches searchReach, so starts this far apart leave no
// placement out of reach within wideReach.
const wideStep = 5.0

// wideReach is how far (mm) from the square the wide search starts: half
// a die, the furthest a square astride two touching dice is from either.
const wideReach = 8.0

// retryWide searches the squares kept in r.retries again and reads what
// reads clearly; the rest get their first verdict (fall). The placement
// that reads best is taken first, and the others are searched again
// around it: a cocked die leaning on a flat one may show a pip that reads
// as a 1 beside it, less clearly than the flat die's own face.
func (r *DiceReader) retryWide(img image.Image, res *DiceResult) {
	if len(r.retries) == 0 {
		return
	}
	tops := make([]board.Point, 0, len(res.Dice)+len(r.retries))
	for _, d := range res.Dice {
		tops = append(tops, r.topOf(d))
	}
	// Each square's search is kept between the rounds below: a round
	// only adds a die read, which changes which starts and placements
	// count, not what any of them reads.
	r.wideMemo = r.wideMemo[:0]
	for range r.retries {
		r.wideMemo = append(r.wideMemo, wideMemo{})
	}
	left := make([]int, len(r.retries))
	for i := range left {
		left[i] = i
	}
	for len(left) > 0 {
		bi, bsc := -1, 0.0
		var bd DieRead
		for i, k := range left {
			w, m := r.retries[k], &r.wideMemo[k]
			c, sc, ok := r.wideSearch(img, w, tops, m)
			if !ok || (bi >= 0 && sc <= bsc) {
				continue
			}
			// The same placement judged again would be judged the same.
			if !m.judged || m.jc.c != c.c || m.jc.angle != c.angle {
				m.judged, m.jc = true, c
				m.jres = DiceResult{}
				r.judge(img, c, &m.jres)
			}
			tmp := m.jres
			if len(tmp.Dice) == 1 && !r.nearRead(tmp.Dice[0], res.Dice) {
				bi, bsc, bd = i, sc, tmp.Dice[0]
			}
		}
		if bi < 0 {
			break
		}
		res.Dice = append(res.Dice, bd)
		tops = append(tops, r.topOf(bd))
		left = append(left[:bi:bi], left[bi+1:]...)
	}
	for _, k := range left {
		if w := r.retries[k]; w.fall != nil {
			res.Unreadable = append(res.Unreadable, *w.fall)
		}
	}
}

// topOf is where a die read shows its top in the reader's view (mm, plane h0).
func (r *DiceReader) topOf(d DieRead) board.Point {
	s := r.h0
	if die := r.set.Die(d.Die); die != nil {
		s = die.SizeMM
	}
	return r.pose.Unparallax(r.pose.Parallax(board.Point{X: d.XMM, Y: d.YMM}, s), r.h0)
}

// nearRead reports whether d lies where a die was read already (a second
// square on the same die).
func (r *DiceReader) nearRead(d DieRead, read []DieRead) bool {
	for _, o := range read {
		if math.Hypot(d.XMM-o.XMM, d.YMM-o.YMM) < 0.75*r.h0 {
			return true
		}
	}
	return false
}

// wideMemo is what the wide search found around one square, kept while
// retryWide runs: each start's climb, read once, and the placement last
// judged with its verdict.
type wideMemo struct {
	starts []wideStart
	listed bool
	judged bool
	jc     candidate
	jres   DiceResult
}

// wideStart is one start of the wide search: where it is and its four
// angles; once read (it lay on no die read then), the angle that read
// best (a0: its face f of die d scores sc0; d nil where no die's face is
// seen) and its coarse climb (c); once climbed with the fine steps, where
// the climb led (top, ang) and the score there.
type wideStart struct {
	q             board.Point
	angles        [4]float64
	read, climbed bool
	sc0           float64
	f             *faceSample
	d             *diceset.Die
	a0            float64
	c             climb
	top           board.Point
	ang, sc       float64
}

// wideSearch looks for the placement whose face reads best around a
// square that did not read, from starts on a grid of wideStep within
// wideReach of it, at four angles, leaving out starts on a die read
// already (tops, mm) and starts off the foreground. It returns the
// placement as a candidate for judge, which the wide search does not
// send back here. m keeps the starts' climbs between calls for the same
// square (tops only grow between them).
func (r *DiceReader) wideSearch(img image.Image, w wideRetry, tops []board.Point, m *wideMemo) (candidate, float64, bool) {
	if !m.listed {
		m.listed = true
		m.starts = r.wideStarts(w, m.starts[:0])
	}
	p := &r.patch
	// Every start not on a die read is read at its four angles and
	// climbed from the best with the coarse steps; the fine steps are
	// taken from the starts whose coarse climbs read best.
	r.wideRank = r.wideRank[:0]
	for k := range m.starts {
		st := &m.starts[k]
		if r.coveredBy(st.q, tops) {
			continue
		}
		if !st.read {
			st.read = true
			r.readStart(img, p, st, w.c.fill < wideFullFill)
		}
		if st.d != nil {
			r.wideRank = append(r.wideRank, k)
		}
	}
	slices.SortStableFunc(r.wideRank, func(a, b int) int { return cmp.Compare(m.starts[b].c.best, m.starts[a].c.best) })
	if len(r.wideRank) > wideFine {
		r.wideRank = r.wideRank[:wideFine]
	}
	slices.Sort(r.wideRank)
	best, bestSc := wideStart{}, -1.0
	for _, k := range r.wideRank {
		st := &m.starts[k]
		if !st.climbed {
			st.climbed = true
			r.climbStart(img, p, st)
		}
		if st.sc > bestSc && r.apart(st.top, tops, 0.95*r.h0) && !r.leansOn(w.top, st.top, tops) {
			best, bestSc = *st, st.sc
		}
	}
	if bestSc < minScore {
		return candidate{}, 0, false
	}
	c := w.c
	c.c = board.Point{X: (best.top.X + r.margin) * diePx, Y: (best.top.Y + r.margin) * diePx}
	c.angle = best.ang
	c.wide = true
	return c, bestSc, true
}

// wideStarts lists the wide search's starts around a square, on the
// foreground, in the order they are searched.
func (r *DiceReader) wideStarts(w wideRetry, out []wideStart) []wideStart {
	// From the outline's angle and from where judge's search turned the
	// square, each with its own grid of starts: that search read no face,
	// and its angle may be any (tuning seed 939: a white 3 astride which
	// the square sat, its outline's angle 0.02 rad off, turned 0.47 rad),
	// or the better one (the outline's was a wall's). Each start is
	// searched from the angle of its set that reads best there.
	a0 := w.c.angle0
	bases := []float64{a0}
	if math.Abs(math.Remainder(w.c.angle-a0, math.Pi/8)) >= 0.02 {
		bases = append(bases, w.c.angle)
	}
	n := int(math.Round(wideReach / wideStep))
	for _, a := range bases {
		angles := [4]float64{a, a + math.Pi/8, a - math.Pi/8, a + math.Pi/4}
		ca, sa := math.Cos(a), math.Sin(a)
		for j := -n; j <= n; j++ {
			for i := -n; i <= n; i++ {
				u, v := float64(i)*wideStep, float64(j)*wideStep
				if math.Hypot(u, v) > wideReach+0.5 {
					continue
				}
				q := board.Point{X: w.top.X + u*ca - v*sa, Y: w.top.Y + u*sa + v*ca}
				if r.fgShare(q) < 0.5 {
					continue
				}
				out = append(out, wideStart{q: q, angles: angles})
			}
		}
	}
	return out
}

// readStart reads a start at its four angles and climbs from them with
// the coarse steps, on the patch the angles were read from (centred on
// the start: the tiles they filled are not filled again); it keeps the
// angle whose climb reads best (its face and die). For a full square
// (all false) it climbs from the angle that reads best at the start only.
//
// A square only partly full sits astride a die's top and the floor or a
// neighbour (a die of touching dice whose part's outline misplaced its
// square, tuning seeds 362 and 645: white dice 3.4 and 4.6 mm off their
// squares): a few millimetres off a face, the angle that reads best is
// as often another's as the die's own (seed 362: a white 2 at 0.33 rad
// read best at 1.09 from every start, 0.35 at 2.3 mm off), and the
// coarse climb turns too little to reach it. A full square is a die there
// that does not read, most often cocked: climbing from every angle around
// it found a leaning white die's raised side, read as a flat 2 (seed 878).
func (r *DiceReader) readStart(img image.Image, p *topPatch, st *wideStart, all bool) {
	r.fillPatch(img, st.q, p)
	st.sc0 = -2.0
	best := -2.0
	for _, a := range st.angles {
		f := r.sampleFace(p, st.q, a, r.h0)
		d, dist, _ := r.classify(f)
		sc := r.faceScore(d, f)
		if dist > 1.6 || (!all && sc <= st.sc0) {
			continue
		}
		if !all {
			st.sc0, st.f, st.d, st.a0 = sc, f, d, a
			continue
		}
		if c := r.climbCoarse(p, d, st.q, a, sc); c.best > best {
			best = c.best
			st.sc0, st.f, st.d, st.a0, st.c = sc, f, d, a, c
		}
	}
	if !all && st.d != nil {
		st.c = r.climbCoarse(p, st.d, st.q, st.a0, st.sc0)
	}
}

// wideFullFill is the share of a square full of kept pixels from which
// the wide search takes it for a die there (readStart): a cocked die's
// outline fills its square (0.96 for seed 878's), the squares astride a
// flat die's top and the floor that the wide search reads fill 0.66-0.71
// (tuning seeds 362, 645, 696).
const wideFullFill = 0.85

// climbStart finishes a start's climb with the fine steps. (The coarse
// steps' placements are read again where the fine steps meet them: the
// same scores; the start's own is its full sample's, as climbCoarse put
// it.)
func (r *DiceReader) climbStart(img image.Image, p *topPatch, st *wideStart) {
	r.fillPatch(img, st.q, p)
	clear(r.seen)
	r.seen[[3]int32{}] = st.sc0
	top, ang, f2 := r.climbFine(p, st.d, st.c, st.f, math.Inf(-1))
	st.top, st.ang, st.sc = top, ang, r.faceScore(st.d, f2)
}

// wideFine is how many of a square's starts the wide search finishes
// with the fine steps: those whose coarse climbs read best. (Tuning seeds
// 0-999, every start finished: of the 33 placements the wide search
// found, of 9 to 18 starts each, 26 were the best start's after the
// coarse steps, 4 the second's, 2 the third's, 1 the fifth's (read 0.884,
// and not taken); with three, every read of 0-999 is the same. The fine
// steps from every start were half the wide search's climbs.)
const wideFine = 3

// apart reports whether a placement (mm, plane h0) is at least lim from
// every die read (tops): two flat dice's tops are a die's side apart at
// least, face to face; a die leaning on one that lies flat is closer.
func (r *DiceReader) apart(q board.Point, tops []board.Point, lim float64) bool {
	for _, t := range tops {
		if q.Sub(t).Len() < lim {
			return false
		}
	}
	return true
}

// leansOn reports whether a face found at to, searching from the square
// at from, lies against a die read (tops) and the search moved toward
// it: the top of a die leaning on that die (its top tilts toward what it
// rests on, its raised side fills the rest of its square). A flat die
// astride which the square sat is found moving away from the neighbour
// the square overlapped. (Tuning seeds 200-399: 4 cocked dice read, each
// moved straight toward the die it leans on.)
func (r *DiceReader) leansOn(from, to board.Point, tops []board.Point) bool {
	m := to.Sub(from)
	for _, t := range tops {
		k := t.Sub(from)
		if t.Sub(to).Len() < 1.2*r.h0 && m.Dot(k) > 0.5*m.Len()*k.Len() {
			return true
		}
	}
	return false
}

// coveredBy reports whether a placement (mm, plane h0) lies on a die read
// already: within three quarters of a die of its top.
func (r *DiceReader) coveredBy(q board.Point, tops []board.Point) bool {
	for _, t := range tops {
		if q.Sub(t).Len() < 0.75*r.h0 {
			return true
		}
	}
	return false
}

// fgShare is the share of foreground (before the sweep) in the middle
// half of a die-sized square centred on q (mm, plane h0): a start where
// nothing differs from the floor is no die's top.
func (r *DiceReader) fgShare(q board.Point) float64 {
	n, k := 0, 0
	for j := -2; j <= 2; j++ {
		for i := -2; i <= 2; i++ {
			x := int((q.X + float64(i)*r.h0/8 + r.margin) * diePx)
			y := int((q.Y + float64(j)*r.h0/8 + r.margin) * diePx)
			n++
			if x >= 0 && y >= 0 && x < r.gw && y < r.gh && r.fg[y*r.gw+x] {
				k++
			}
		}
	}
	return float64(k) / float64(n)
}

// slanted reports whether a face that does not read clearly (so judge
// did not ask squashed) reads better shortened: a cocked die's face,
// which no other placement makes flat. (Tuning seeds 0-199: of the 48
// squares kept for the wide search, 8 did, all on cocked dice.)
func (r *DiceReader) slanted(p *topPatch, d *diceset.Die, top board.Point, ang, score float64) bool {
	return score >= 0.6 && score < minScore && r.squashed(p, d, top, ang) > 0.04
}

// mayBeElsewhere reports whether a square whose face does not read may
// be in the wrong place, and is worth the wide search: one of several in
// a part of touching dice, what no square took of a part, or a square
// only partly full. The last is a lone die whose top the sweep took a
// strip of (its side toward the camera shaded like the floor) and whose
// kept half meets a wall's edge: the part's outline then gives the square
// the wall's angle or the strip's diagonal, and a place up to 5 mm off,
// toward the wall (tuning seeds 0-999: 5 white dice on the grey felt not
// seen, each reading 0.93-0.99 where it lies). Such a square may reach
// into the wall (over, mm): a full square that does is a die leaning on
// the wall (judge), a partly full one is reported nowhere unless the
// wide search reads it, and every placement that search finds is judged
// whole, the wall's rule too.
func (r *DiceReader) mayBeElsewhere(c candidate, over float64) bool {
	return !c.wide && ((c.group >= 2 || c.leftover) && over <= 0.2 || c.fill < 0.65)
}

// keepForWide keeps a square whose face did not read for the wide search,
// with its first verdict: a full square is a die that could not be read
// (cocked), a partly full one the leftover between touching dice.
func (r *DiceReader) keepForWide(c candidate, d *diceset.Die, foot board.Point) {
	w := wideRetry{c: c, top: r.viewMM(c.c.X, c.c.Y)}
	if c.fill >= 0.65 {
		w.fall = &DieUnreadable{Die: d.ID, XMM: round1(foot.X), YMM: round1(foot.Y), Reason: DiceCocked}
	}
	r.retries = append(r.retries, w)
}
