// Package board holds the plain-Go model of the battle board that both the
// reader (package vision) and the renderer (package vision/synth) share: the
// layout (engine/layout's format, shared with the rules, named here by type
// aliases), the cube palette, the four-corner calibration and the homography
// between image and board, and the camera pose that homography implies.
// Nothing here needs OpenCV, so it tests on its own.
package board
