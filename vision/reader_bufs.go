package vision

// readBufs are the buffers one read works in, kept by the reader and reused
// by the next read: a read of a 1280x960 frame otherwise allocated about
// 10 MB, which the garbage collector then cleared and collected (a
// noticeable share of each read's CPU, and of a Pi's memory bandwidth).
// What a read returns never points into them; what the reader keeps from
// the empty board is copied out (NewReader).
type readBufs struct {
	flat, warped []byte     // the warp and its blur (reader.go)
	flat4        []byte     // the warp of an RGBA frame (topDownRGBA)
	gain         []float32  // cellField's result
	field        lightField // cellGrid's result
	enc          []byte     // lightChange's encoded ratios
	norm, lab    []byte     // correct: the light divided out, and in Lab
	cls          []uint8    // classify
	seen         []bool     // blobs
	pix          []int32    // blobs: the current blob's pixels
	sum          []int32    // alignment: the channels' sum
	shiftSrc     []byte     // shiftImage's copy of the image
	shiftCol     []float64  // shiftImage's terms of each column
	over         overBufs   // overBoard's half-resolution grids
	stamp        []uint32   // refBlackGroup and ownReading: marks of the current group
	memo         *classMemo // classify's nearest colours of the read
	epoch        uint32     // the current group's mark in stamp
}

// grow returns b resized to n elements, reusing its memory when it is large
// enough. The contents are whatever they were: callers that need zeros
// clear them.
func grow[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	return b[:n]
}

// nextEpoch returns a fresh mark for stamp (sized to n), so that a group's
// marks need no clearing: a pixel is marked when its stamp equals the mark.
func (b *readBufs) nextEpoch(n int) uint32 {
	if len(b.stamp) != n {
		b.stamp = make([]uint32, n)
		b.epoch = 0
	}
	b.epoch++
	if b.epoch == 0 { // wrapped: old marks could match again
		clear(b.stamp)
		b.epoch = 1
	}
	return b.epoch
}

// overBufs are overBoard's grids (half the warped image's resolution).
type overBufs struct {
	dist, keep      []int32
	mark, off, core []bool
	seen            []bool
}
