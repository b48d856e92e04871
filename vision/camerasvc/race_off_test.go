//go:build !race && cgo && !novision

package camerasvc

// raceOn: the race detector slows the simulator's rendering about ten
// times; tests render less.
const raceOn = false
