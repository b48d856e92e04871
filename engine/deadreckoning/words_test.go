package deadreckoning

import "testing"

// The log's counts read as players say them: one coin, two coins, no coins.
func TestCountWords(t *testing.T) {
	for _, c := range []struct {
		n         int
		one, many string
		want      string
	}{{1, "coin", "", "1 coin"}, {2, "coin", "", "2 coins"}, {0, "card", "", "0 cards"}, {1, "cube", "", "1 cube"}, {3, "mouse", "mice", "3 mice"}} {
		if got := count(c.n, c.one, c.many); got != c.want {
			t.Errorf("count(%d, %q) = %q, want %q", c.n, c.one, got, c.want)
		}
	}
}
