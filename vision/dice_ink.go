package vision

import "math"

// A die the colour of the felt (the test set's blue learned die on the
// blue felt) shows only its print, found among the foreground's small
// parts (inkClusters). On a dark, noisy felt the foreground is speckled:
// the specks join the print to the floor around it into parts wider than
// a face, and the die was not seen (on the tuning seeds most of the blue
// dice missed on the blue felt). Print differs from the floor far more
// than noise does: ink is that difference alone.

// Ink's least difference from the floor (log(v+10), as the foreground):
// in brightness either way, or in colour.
const (
	inkBright = 0.5
	inkDark   = -0.9
	inkChroma = 0.3
)

// inkNear is how close (in die sizes) to a die found a part of ink may
// lie and still be another die's print: a print's centre is a little off
// its own die's (a numeral), which touches the found die, a side apart.
const inkNear = 0.8

// inkChromaBits is the bits of float32(inkChroma): compared as
// colourChange compares a magnitude's bits.
var inkChromaBits = math.Float32bits(inkChroma)
