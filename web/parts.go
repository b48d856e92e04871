package web

import (
	"context"
	"encoding/json"
)

// The table's outside parts the web server shows. cmd wires them to vision
// and devices; each may be nil, and the UI then says the part is not there.

// FrameSource gives the camera's frames with the detection overlay drawn on
// them, as JPEG images.
type FrameSource interface {
	// Subscribe returns a channel of JPEG frames that is closed when ctx is
	// done (or the camera stops). A slow reader may miss frames: the source
	// should drop frames rather than block.
	Subscribe(ctx context.Context) <-chan []byte
}

// SimDevice is one simulated device as the developer panel lists it.
type SimDevice struct {
	// Key names the device, e.g. "button-1", "drop-sensor", "rfid".
	Key string `json:"key"`
	// Label is what the panel shows, e.g. "Player 1's button".
	Label string `json:"label"`
	// Commands are what the panel offers, e.g. "press", "long-press",
	// "drop 5"; the panel also lets the developer type any command.
	Commands []string `json:"commands"`
	// State is a short description of the device now, e.g. "LED: green".
	State string `json:"state,omitempty"`
}

// SimControls drives the simulated devices from the developer panel.
type SimControls interface {
	// Devices lists the simulated devices.
	Devices(ctx context.Context) ([]SimDevice, error)
	// Do sends a command to the device with that key and returns a line
	// saying what happened. An unknown key or command is an error whose text
	// the panel shows.
	Do(ctx context.Context, key, command string) (string, error)
}

// Point is a position in camera image pixels.
type Point struct {
	X float64 `json:"x"`
	Y float64 `json:"y"`
}

// CameraCalibration is what the calibration page edits: where the battle
// board's corners are in the camera image, and the board layout (zones as
// polygons in board millimetres, the format of battle-board.default.json).
type CameraCalibration struct {
	// Corners are the board's corners in the image: top-left, top-right,
	// bottom-right, bottom-left, matching board (0,0), (W,0), (W,H), (0,H).
	Corners [4]Point `json:"corners"`
	// ImageWidth and ImageHeight are the size of the camera image the
	// corners refer to.
	ImageWidth  int `json:"image_width"`
	ImageHeight int `json:"image_height"`
	// Layout is the board layout JSON; the page moves zone corners in it.
	Layout json.RawMessage `json:"layout"`
}

// Calibrator loads and saves the camera calibration and runs the guided
// steps. Saving makes the next read use the new calibration.
type Calibrator interface {
	// Calibration returns the current calibration.
	Calibration(ctx context.Context) (CameraCalibration, error)
	// SaveCalibration checks and stores c in the data directory. A bad
	// calibration (corners outside the image, a malformed layout) is an
	// error a person reads; nothing is saved then.
	SaveCalibration(ctx context.Context, c CameraCalibration) error
	// CalibrateColours reads the current camera frame as a calibration
	// drop: the players said which colours (and how many cubes of each) they
	// dropped. It returns a sentence saying what was measured.
	CalibrateColours(ctx context.Context, counts map[string]int) (string, error)
	// TestRead reads the current frame and returns the reader's result JSON
	// (cubes, redrop, tally), without touching any game.
	TestRead(ctx context.Context) (json.RawMessage, error)
}
