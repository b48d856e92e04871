// Package cv is the project's own small binding to OpenCV: the few
// functions the battle-board reader, its overlay, the corner finder and the
// camera use, over images whose pixels live in Go memory.
//
// Why not gocv: gocv is one cgo package whose C++ calls into eleven OpenCV
// modules, so every binary that imports it maps them all, and through them
// GDAL, Qt5, FFmpeg, GStreamer... (about 75 MB resident for the libraries
// alone, measured in docs/vision.md). This package links only
// libopencv_core and libopencv_imgproc (9 MB); the camera's
// libopencv_videoio is loaded with dlopen when a capture is first opened
// (OpenCapture), so a simulated table never maps it. Images are encoded
// and decoded by Go's image/png and image/jpeg, not OpenCV's imgcodecs.
//
// The C API (cv.h) takes plain buffers that Go owns, only for the call's
// duration: no OpenCV Mat outlives a call on the Go side and C keeps no Go
// pointer. Every OpenCV exception is caught in C++ and returned as an
// error; the Go side also checks sizes before calling, so a bad size is an
// error, never a crash.
//
// Without cgo, or with the novision tag, the package is empty: vision's
// stubs stand in for the reader and the camera.
package cv
