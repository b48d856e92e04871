// Package board holds the plain-Go model of the battle board that both the
// reader (package vision) and the renderer (package vision/synth) share: the
// layout (zones as millimetre polygons with effects, and the raised borders
// along their shared edges), the cube palette, the four-corner calibration
// and the homography between image and board, and the camera pose that
// homography implies. Nothing here needs OpenCV, so it tests on its own.
package board
