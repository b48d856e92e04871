package vision

// RaceOn tells the external tests that the race detector is on (it slows
// rendering ten times; they render less).
const RaceOn = raceOn
