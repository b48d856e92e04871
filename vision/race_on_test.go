//go:build race

package vision

// raceOn: the race detector slows rendering ten times; tests render less.
const raceOn = true
