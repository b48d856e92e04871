//go:build !race

package vision

const raceOn = false
