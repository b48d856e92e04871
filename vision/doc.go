// Package vision reads the Battle Ship's battle board from a camera frame:
// which cubes landed, their colour, their zone and their position in board
// millimetres, and which must be dropped again. It loads the board layout and
// colour palette, maps the image to the board through the calibrated corners,
// and follows a live stream until the cubes settle. Only this package and cmd
// import gocv; the geometry and classification logic is testable on its own.
package vision
