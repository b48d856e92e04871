// Package photos runs the camera's readers on photographs in files, for
// the command line: read-dice (plain Go, every build), read-battle and
// calibrate (OpenCV). The command checks its flags; this package loads the
// files, reads, writes the overlays and prints one JSON line per image.
package photos
