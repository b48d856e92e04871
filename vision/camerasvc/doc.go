// Package camerasvc is the camera service of `quartermaster serve`: it pumps
// frames from a camera (or the simulated one), notices motion, waits for a
// still board, hands one read per drop to the tables watching, streams the
// frames with the read drawn on them to the dashboard, and runs the
// calibration steps (corners, empty board, colours).
//
// The game's own meaning stays outside: Options.ToRead turns a read into
// the rules' action and Options.CheckBoard checks a calibrated board
// against the rules. Time comes from Options.Clock, so tests can run the
// waits without sleeping.
//
// Locks: the pump only ever takes the short frame lock, so a full read
// (reader and overlay, tens of milliseconds) never holds a frame back.
// Reads and calibration changes share the read lock, the tables' and
// viewers' channels their own.
//
// Frames: a camera that can fill buffers (vision.FillSource) is read into a
// small pool of recycled images. A pumped frame is never written again while
// anyone holds it: the pump, the watcher and every reader take a reference
// and give it back, and a buffer is refilled only when none is left. The
// simulated camera gives shared frames it never changes and needs no pool.
//
// The package needs OpenCV (like package vision's reader): without cgo, or
// with -tags novision, it is empty.
package camerasvc
