package vision

// The background models take, for each block, the median of the block
// medians within a few blocks of it (neighbourMedian). Neighbouring blocks'
// neighbourhoods share all but a column: a row of blocks is walked with
// counts of the values in the window, a column taken out and one put in
// per block, instead of gathering and selecting among the window's values
// again at every block. The k-th smallest value of a window is the same
// whatever finds it: every median is neighbourMedian's.

// windowCounts counts a window's values per channel: the counts of each
// value and of each value's high four bits (a median is found in 32
// steps at most, not 256).
type windowCounts struct {
	n    int
	fine [3][256]int32
	hi   [3][16]int32
}

// add counts c (sign 1) or takes it out (sign -1).
func (w *windowCounts) add(c [3]uint8, sign int32) {
	for k := 0; k < 3; k++ {
		w.fine[k][c[k]] += sign
		w.hi[k][c[k]>>4] += sign
	}
	w.n += int(sign)
}

// nth is channel k's value of rank r (0 the smallest), as nthByte over the
// window's values gives it; r < w.n.
func (w *windowCounts) nth(k, r int) uint8 {
	acc := int32(0)
	h := 0
	for ; h < 15; h++ {
		if acc+w.hi[k][h] > int32(r) {
			break
		}
		acc += w.hi[k][h]
	}
	l := 0
	for ; l < 15; l++ {
		if c := w.fine[k][h<<4|l]; acc+c > int32(r) {
			break
		} else {
			acc += c
		}
	}
	return uint8(h<<4 | l)
}

// column counts (sign 1) or takes out (sign -1) the valid blocks of column
// x, rows y0..y1 clamped to the grid; a column off the grid is nothing.
func (w *windowCounts) column(med [][3]uint8, valid []bool, bw, bh, x, y0, y1 int, sign int32) {
	if x < 0 || x >= bw {
		return
	}
	for y := max(0, y0); y <= min(bh-1, y1); y++ {
		if i := y*bw + x; valid[i] {
			w.add(med[i], sign)
		}
	}
}

// neighbourMedians sets out[by*bw+bx] to neighbourMedian(med, valid, bw,
// bh, bx, by, rad0, need, vals) for every block for which want is nil or
// true, walking each row with windowCounts; where fewer than need blocks
// are valid within rad0 (neighbourMedian widens the window then), it calls
// neighbourMedian itself.
func neighbourMedians(med [][3]uint8, valid []bool, bw, bh, rad0, need int, want []bool, vals *[3][]uint8, w *windowCounts, out [][3]uint8) {
	for by := 0; by < bh; by++ {
		*w = windowCounts{}
		for x := -rad0; x < rad0; x++ {
			w.column(med, valid, bw, bh, x, by-rad0, by+rad0, 1)
		}
		for bx := 0; bx < bw; bx++ {
			// The window is now columns bx-rad0 .. bx+rad0.
			w.column(med, valid, bw, bh, bx+rad0, by-rad0, by+rad0, 1)
			if want == nil || want[by*bw+bx] {
				if w.n >= need && w.n > 0 {
					r := w.n / 2
					out[by*bw+bx] = [3]uint8{w.nth(0, r), w.nth(1, r), w.nth(2, r)}
				} else {
					out[by*bw+bx] = neighbourMedian(med, valid, bw, bh, bx, by, rad0, need, vals)
				}
			}
			w.column(med, valid, bw, bh, bx-rad0, by-rad0, by+rad0, -1)
		}
	}
}
