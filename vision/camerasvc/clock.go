//go:build cgo && !novision

package camerasvc

import "time"

// Clock is the service's time: the frame pacing, the still-board wait, the
// dashboard's refresh and the colour calibration's quiet period.
type Clock interface {
	Now() time.Time
	// After sends the time once d has passed.
	After(d time.Duration) <-chan time.Time
}

// wallClock is the real time.
type wallClock struct{}

func (wallClock) Now() time.Time                         { return time.Now() }
func (wallClock) After(d time.Duration) <-chan time.Time { return time.After(d) }
