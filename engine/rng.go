package engine

import "math/rand/v2"

// RNG is the seeded random number generator of a game. It is a value type:
// copying it copies its state, so a game that clones its state to check an
// action first clones its randomness too. Its outputs depend only on the seed
// and the calls made, on every platform and Go version: the PCG algorithm is
// fixed, and the range reduction and shuffle are implemented here rather than
// taken from math/rand, whose methods may change between releases.
type RNG struct {
	src rand.PCG
}

// NewRNG returns a generator seeded with seed.
func NewRNG(seed uint64) RNG {
	return RNG{src: *rand.NewPCG(seed, seed^0x9e3779b97f4a7c15)}
}

// Uint64 returns the next 64 random bits.
func (r *RNG) Uint64() uint64 { return r.src.Uint64() }

// IntN returns a uniform number in [0, n). It returns 0 when n <= 0.
func (r *RNG) IntN(n int) int {
	if n <= 0 {
		return 0
	}
	// Rejection sampling keeps the result exactly uniform.
	bound := uint64(n)
	limit := -bound % bound // (2^64 - bound) mod bound
	for {
		x := r.Uint64()
		if x >= limit {
			return int(x % bound)
		}
	}
}

// Shuffle permutes n elements with Fisher-Yates, calling swap(i, j).
func (r *RNG) Shuffle(n int, swap func(i, j int)) {
	for i := n - 1; i > 0; i-- {
		j := r.IntN(i + 1)
		swap(i, j)
	}
}

// MarshalBinary saves the generator's state (for snapshots).
func (r RNG) MarshalBinary() ([]byte, error) { return r.src.MarshalBinary() }

// UnmarshalBinary restores a state saved by MarshalBinary.
func (r *RNG) UnmarshalBinary(b []byte) error { return r.src.UnmarshalBinary(b) }
