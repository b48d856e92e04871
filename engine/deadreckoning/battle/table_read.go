package battle

import "maps"

// This file turns what the camera saw on the battle board into a Read, for
// every kit that fights Dead Reckoning battles (the game and the quick
// battle), so both read the table the same way.

// ReadFromTable turns the cubes the camera saw (zone id -> colour -> n)
// and those it saw balanced on a border (colour -> n) into a Read (colour
// -> zone id -> n). seen counts the cubes in zones per colour, for the
// sentence that says what the camera saw. Counts below 1 are left out.
func ReadFromTable(cubes map[string]map[string]int, redrop map[string]int) (rd Read, seen map[string]int) {
	rd = Read{Cubes: map[string]map[string]int{}}
	seen = map[string]int{}
	for zone, byColour := range cubes {
		for colour, n := range byColour {
			if n <= 0 {
				continue
			}
			if rd.Cubes[colour] == nil {
				rd.Cubes[colour] = map[string]int{}
			}
			rd.Cubes[colour][zone] += n
			seen[colour] += n
		}
	}
	for colour, n := range redrop {
		if n > 0 {
			if rd.Redrop == nil {
				rd.Redrop = map[string]int{}
			}
			rd.Redrop[colour] += n
		}
	}
	return rd, seen
}

// Lying is the board as last read without the cubes picked up for the drop
// the battle waits for: after an exploding shot the cubes in the exploding
// zones come out (p. 19); cubes balanced on a border were never in a zone;
// an ability's extra cubes take none. Before any read it is empty.
func (b *Battle) Lying() Read {
	out := Read{Cubes: map[string]map[string]int{}}
	for c, zs := range b.st.Board.Cubes {
		for id, k := range zs {
			if z, ok := b.layout.Zone(id); b.st.Kind == DropExplode && ok && z.Has(Explode) {
				continue
			}
			if k > 0 {
				if out.Cubes[c] == nil {
					out.Cubes[c] = map[string]int{}
				}
				out.Cubes[c][id] = k
			}
		}
	}
	return out
}

// CompleteRead makes a read of a drop after the first one a read of the
// whole board. A real camera sees the cubes still lying plus the ones
// dropped again, and its read is already whole; a camera that reports only
// the new cubes (or a board cleared of the others, or a player typing only
// what was dropped again) gives a read that accounts for exactly the cubes
// dropped. That read gets the cubes still lying, where the last read saw
// them, so nobody types them again. completed reports whether cubes were
// added; any other read is returned as it is, for Read to judge.
func (b *Battle) CompleteRead(rd Read) (whole Read, completed bool) {
	if b.st.Phase != PhaseRead || b.st.Kind == DropFirst || !b.onlyDropped(rd) {
		return rd, false
	}
	return mergeReads(b.Lying(), rd), true
}

// onlyDropped reports whether rd accounts for exactly the cubes of the
// pending drop, and these are not every cube in the Battle ship (then the
// two kinds of read are the same).
func (b *Battle) onlyDropped(rd Read) bool {
	want := positive(b.st.Pending)
	if maps.Equal(want, positive(b.st.InShip)) {
		return false
	}
	got := map[string]int{}
	for c, zs := range rd.Cubes {
		for _, k := range zs {
			got[c] += k
		}
	}
	for c, k := range rd.Redrop {
		got[c] += k
	}
	return maps.Equal(positive(got), want)
}

func positive(m map[string]int) map[string]int {
	out := map[string]int{}
	for k, n := range m {
		if n > 0 {
			out[k] = n
		}
	}
	return out
}

// mergeReads adds the cubes and re-drops of b to those of a.
func mergeReads(a, b Read) Read {
	out := Read{Cubes: map[string]map[string]int{}}
	for _, r := range []Read{a, b} {
		for c, zs := range r.Cubes {
			for id, k := range zs {
				if k <= 0 {
					continue
				}
				if out.Cubes[c] == nil {
					out.Cubes[c] = map[string]int{}
				}
				out.Cubes[c][id] += k
			}
		}
		for c, k := range r.Redrop {
			if k <= 0 {
				continue
			}
			if out.Redrop == nil {
				out.Redrop = map[string]int{}
			}
			out.Redrop[c] += k
		}
	}
	return out
}
