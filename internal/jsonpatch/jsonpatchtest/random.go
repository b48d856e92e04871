// Package jsonpatchtest makes random JSON documents and changed copies of
// them, for the tests of the diff (package jsonpatch) and of its appliers
// (the dashboard's patch.js, in the web package's browser tests).
package jsonpatchtest

import (
	"math/rand/v2"
	"strconv"
	"strings"
)

// Value makes a random JSON value, with keys that need escaping in a
// JSON pointer or a JSON string now and then.
func Value(r *rand.Rand, depth int) any {
	keys := []string{"a", "b", "cargo", "holds", "x/y", "m~n", "~1", "", "é", `q"uote`, "0", "ships"}
	k := r.IntN(8)
	if depth <= 0 {
		k = r.IntN(5)
	}
	switch k {
	case 0:
		return nil
	case 1:
		return r.IntN(2) == 0
	case 2:
		return float64(r.IntN(200) - 50)
	case 3:
		return keys[r.IntN(len(keys))] + strings.Repeat("z", r.IntN(3))
	case 4:
		return "Test Isle " + strconv.Itoa(r.IntN(5))
	case 5, 6:
		m := map[string]any{}
		for i, n := 0, r.IntN(5); i < n; i++ {
			m[keys[r.IntN(len(keys))]] = Value(r, depth-1)
		}
		return m
	default:
		var a []any
		for i, n := 0, r.IntN(5); i < n; i++ {
			a = append(a, Value(r, depth-1))
		}
		return a
	}
}

// Change changes a few places of v (a copy), so pairs are like a view and
// the next one: mostly the same.
func Change(r *rand.Rand, v any) any {
	switch c := v.(type) {
	case map[string]any:
		m := map[string]any{}
		for k, x := range c {
			switch r.IntN(8) {
			case 0: // dropped
			case 1:
				m[k] = Value(r, 2)
			default:
				m[k] = Change(r, x)
			}
		}
		if r.IntN(4) == 0 {
			m["new"+strconv.Itoa(r.IntN(3))] = Value(r, 2)
		}
		return m
	case []any:
		var a []any
		for _, x := range c {
			if r.IntN(8) != 0 {
				a = append(a, Change(r, x))
			}
		}
		for r.IntN(3) == 0 {
			a = append(a, Value(r, 2))
		}
		return a
	}
	if r.IntN(4) == 0 {
		return Value(r, 1)
	}
	return v
}
