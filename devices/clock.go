package devices

import (
	"context"
	"time"
)

// Clock gives the time to the debouncing and drop-timing logic, so that tests
// can drive time by hand instead of sleeping.
type Clock interface {
	Now() time.Time
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

// RealClock is the wall clock.
var RealClock Clock = realClock{}

// send delivers e unless ctx is done first; it reports whether e was sent.
func send(ctx context.Context, out chan<- Event, e Event) bool {
	select {
	case out <- e:
		return true
	case <-ctx.Done():
		return false
	}
}
