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
	ImageWidth  int `json:"imageWidth"`
	ImageHeight int `json:"imageHeight"`
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
	// ColourPlan starts the guided colour-calibration drop and says what it
	// needs: whether the empty board has been captured, and which colour of
	// cubes goes in which zone. Until the colours are measured the camera
	// may hold back its battle reads (the calibration cubes are no battle).
	ColourPlan(ctx context.Context) (ColourPlan, error)
	// CaptureEmpty takes the current camera frame (once the board is still)
	// as the photograph of the empty board, stores it in the data directory
	// and reads against it from now on. It returns a sentence for the host.
	CaptureEmpty(ctx context.Context) (string, error)
	// CalibrateColours reads the current frame as a calibration drop in
	// which every cube resting in zone Z has colour zones[Z], measures the
	// colours, stores them in the data directory and reads with them from
	// now on.
	CalibrateColours(ctx context.Context, zones map[string]string) (ColourResult, error)
	// TestRead reads the current frame and returns the reader's result JSON
	// (cubes, redrop, tally), without touching any game.
	TestRead(ctx context.Context) (json.RawMessage, error)
}

// ColourPlan is the guided colour-calibration drop: one colour per zone.
type ColourPlan struct {
	// Reference: the empty board has been captured (step 1 is done).
	Reference bool `json:"reference"`
	// Cubes is how many cubes of each colour to put in its zone.
	Cubes int `json:"cubes"`
	// Zones are the zones to use, one colour each.
	Zones []ZoneColour `json:"zones"`
}

// ZoneColour is one colour of the calibration drop and the zone its cubes
// go in.
type ZoneColour struct {
	Zone   string `json:"zone"`
	Colour string `json:"colour"`
	// RGB is the colour the reader expects now (nominal or last measured),
	// for the page's swatch.
	RGB [3]int `json:"rgb"`
}

// ColourResult is what a colour-calibration drop measured.
type ColourResult struct {
	// Result is a sentence for the host.
	Result string `json:"result"`
	// Colours are the measured colours, with what the reader used before.
	Colours []MeasuredColour `json:"colours"`
	// Read is the reader's JSON for the same frame read with the new
	// colours, so the host sees every cube found in its zone's colour.
	Read json.RawMessage `json:"read,omitempty"`
	// Misread lists, in sentences, cubes of the drop read as another colour
	// or outside their zones with the new colours (empty when all is well).
	Misread []string `json:"misread"`
}

// MeasuredColour is one colour measured in a calibration drop.
type MeasuredColour struct {
	Colour string `json:"colour"`
	Zone   string `json:"zone"`
	Before [3]int `json:"before"`
	After  [3]int `json:"after"`
}

// CalibrationSimulator is implemented by a Calibrator over a simulated
// camera: it lays out a calibration drop (a few cubes of each colour in its
// zone) so the guided steps can be tried without a board.
type CalibrationSimulator interface {
	SimulateColourDrop(ctx context.Context, zones map[string]string) (string, error)
}
