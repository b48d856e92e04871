// Package vision reads the Battle Ship's battle board from a camera frame:
// which cubes landed, their colour, their zone and their position in board
// millimetres, and which must be dropped again. It loads the board layout and
// colour palette, maps the image to the board through the calibrated corners,
// and follows a live stream until the cubes settle. OpenCV is called only
// through the project's small wrapper, vision/cv (core and imgproc linked,
// videoio loaded when a camera is opened); the geometry and classification
// logic is plain Go and testable on its own.
package vision
