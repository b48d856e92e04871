package vision

// The face search reads hundreds of placements per die; these helpers keep
// its arithmetic exactly that of the plain loops they replace (the same
// sums in the same order), only with fewer passes, no sorting and no
// allocation, so that a read gives bit for bit the same result.

// dot4 returns the dot products of a with four templates at least as long,
// each summed in index order from zero exactly as a single loop would sum
// it. Four independent sums keep the processor busy where one sum waits on
// the previous addition at every step.
func dot4(a, t0, t1, t2, t3 []float64) (s0, s1, s2, s3 float64) {
	n := len(a)
	t0, t1, t2, t3 = t0[:n], t1[:n], t2[:n], t3[:n]
	for i, v := range a {
		s0 += v * t0[i]
		s1 += v * t1[i]
		s2 += v * t2[i]
		s3 += v * t3[i]
	}
	return
}

// nccT is the normalised correlation of a sample's smoothed ink with a
// normalised template (one template; ncc4 does four at once).
func nccT(f *faceSample, tz []float64) float64 {
	if f.softNorm <= 1e-12 {
		return 0
	}
	a := f.soft[:len(tz)]
	s := 0.0
	for i, v := range tz {
		s += a[i] * v
	}
	return s / f.softNorm
}

// ncc4 is the normalised correlation of a sample's smoothed ink with four
// normalised templates of the same length at once.
func ncc4(f *faceSample, t0, t1, t2, t3 []float64) (c0, c1, c2, c3 float64) {
	if f.softNorm <= 1e-12 {
		return 0, 0, 0, 0
	}
	s0, s1, s2, s3 := dot4(f.soft[:len(t0)], t0, t1, t2, t3)
	return s0 / f.softNorm, s1 / f.softNorm, s2 / f.softNorm, s3 / f.softNorm
}

// nthFloat returns the k-th smallest value of v (from 0), reordering v:
// the value a sort would put at v[k], found without sorting (quickselect).
func nthFloat(v []float64, k int) float64 {
	lo, hi := 0, len(v)-1
	for hi-lo > 12 {
		// The median of three as the pivot, left in the middle.
		mid := lo + (hi-lo)/2
		if v[mid] < v[lo] {
			v[mid], v[lo] = v[lo], v[mid]
		}
		if v[hi] < v[lo] {
			v[hi], v[lo] = v[lo], v[hi]
		}
		if v[hi] < v[mid] {
			v[hi], v[mid] = v[mid], v[hi]
		}
		p := v[mid]
		i, j := lo, hi
		for i <= j {
			for v[i] < p {
				i++
			}
			for v[j] > p {
				j--
			}
			if i <= j {
				v[i], v[j] = v[j], v[i]
				i++
				j--
			}
		}
		// Now v[lo..j] <= p <= v[i..hi], and what lies between equals p.
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return v[k]
		}
	}
	for i := lo + 1; i <= hi; i++ {
		x := v[i]
		j := i
		for ; j > lo && v[j-1] > x; j-- {
			v[j] = v[j-1]
		}
		v[j] = x
	}
	return v[k]
}
