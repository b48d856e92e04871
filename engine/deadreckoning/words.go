package deadreckoning

import "fmt"

// count is a number with its noun as players say it: "1 coin", "2 coins",
// "0 coins". many is the plural form ("" adds an s).
func count(n int, one, many string) string {
	if n == 1 {
		return fmt.Sprintf("%d %s", n, one)
	}
	if many == "" {
		many = one + "s"
	}
	return fmt.Sprintf("%d %s", n, many)
}
