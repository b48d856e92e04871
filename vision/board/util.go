package board

import (
	"fmt"
	"strconv"
	"strings"
)

func splitTrim(s string, sep byte) []string {
	parts := strings.Split(s, string(sep))
	for i := range parts {
		parts[i] = strings.TrimSpace(parts[i])
	}
	return parts
}

func parseNum(s string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || !finite(v) {
		return 0, fmt.Errorf("%q is not a number", s)
	}
	return v, nil
}
