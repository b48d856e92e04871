// Package layout is the one battle-board format of quartermaster: a board's
// size in millimetres, its zones as polygons with the effects a cube resting
// there gives, and the geometry both sides of the program need (point in
// zone, the raised borders along shared zone edges, distance to a border).
//
// The rules (engine/deadreckoning/battle) and the camera (vision) both parse
// boards with Parse and share the one embedded default board, so a read's
// zone ids are always ones the rules score. Parse checks the format; a
// camera that measures cubes on the board also calls CheckGeometry, and a
// game adds its own rules (such as "one exploding-shot zone") on top.
//
// The package uses the standard library only and does no I/O beyond
// decoding the bytes it is given.
package layout
