package web

import (
	"context"
	"encoding/json"

	"github.com/quartermaster-table/quartermaster/engine"
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

// SimDiceKey is the simulated dice tray's key in the developer panel
// (/api/sim); its command "roll" rolls what the table waits for.
const SimDiceKey = "dice-tray"

// SimDice rolls dice on the simulated camera: the dice of the first roll a
// table waits for (its engine.Expect of kind "dice"), in their zones, so
// the camera's read is the roll awaited. The camera then proposes the read
// like any other.
type SimDice interface {
	SimRoll(ctx context.Context, expects []engine.Expect) (said string, err error)
}

// SimTrayTouch is implemented by a calibrator over a simulated camera:
// its next picture of a printed die on the calibration page shows another
// die lying against it, a mistake an owner makes ("touch" on the dice
// tray in /api/sim), which the page must name.
type SimTrayTouch interface {
	SimTouchNextFace()
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

// DiceCalibrator is implemented by a Calibrator whose camera also watches
// the dice tray: the tray calibration page places the tray floor's corners
// and teaches the reader the faces of printed dice, one face at a time.
// While the page is open the camera proposes no roll to any table (the
// dice shown are no roll).
type DiceCalibrator interface {
	// StartDiceCalibration opens the tray's calibration and returns what
	// the page shows. game are the dice the table's roll requests name
	// (with their printed faces), taught beside the camera's dice set.
	StartDiceCalibration(ctx context.Context, game []engine.ExpectDie) (TrayCalibration, error)
	// SaveTrayCorners checks and saves where the tray floor's corners are
	// in the camera's frames; the dice are read with them from now on.
	SaveTrayCorners(ctx context.Context, c TrayCorners) (TrayCalibration, error)
	// LearnDieFace reads the current frame (once it is still) as the die
	// lying alone in the tray with that face (0-5) on top, learns it and
	// saves the learned faces. A simulated camera lays the die first.
	LearnDieFace(ctx context.Context, die string, face int) (LearnedFace, error)
	// TestReadDice reads the dice in the tray now (a simulated camera
	// rolls a few dice of the set first) and draws the read on the
	// picture.
	TestReadDice(ctx context.Context) (DiceTestRead, error)
	// EndDiceCalibration closes the tray's calibration: rolls are proposed
	// to the tables again.
	EndDiceCalibration(ctx context.Context)
}

// TrayCorners are the tray floor's corners in the camera image (top-left,
// top-right, bottom-right, bottom-left) and the image's size.
type TrayCorners struct {
	Corners     [4]Point `json:"corners"`
	ImageWidth  int      `json:"imageWidth"`
	ImageHeight int      `json:"imageHeight"`
}

// TrayCalibration is what the tray calibration page shows.
type TrayCalibration struct {
	TrayCorners
	// Calibrated: the corners are saved (else Corners are a first guess).
	Calibrated bool `json:"calibrated"`
	// Simulated: the camera is the simulator, which lays the dice asked.
	Simulated bool `json:"simulated"`
	// Dice are the printed dice to teach; PipDice name the pip dice of
	// the set (they need nothing).
	Dice    []DieToTeach `json:"dice"`
	PipDice []string     `json:"pipDice"`
}

// DieToTeach is a die with printed faces and which of them are learned.
type DieToTeach struct {
	// ID is the die as the game and the dice set name it.
	ID string `json:"id"`
	// Colour is the die's colour in the dice set (for a swatch).
	Colour [3]int `json:"colour"`
	// Labels are its six faces as printed; Learned which are taught.
	Labels  []string `json:"labels"`
	Learned []bool   `json:"learned"`
	// Doubts say, face by face, why a learned face may read badly (in
	// words, "" for none): the page asks for it to be shown again.
	Doubts []string `json:"doubts"`
	// Missing says, when set, why the die cannot be taught yet.
	Missing string `json:"missing,omitempty"`
}

// LearnedFace is one face taught.
type LearnedFace struct {
	Die   string `json:"die"`
	Face  int    `json:"face"`
	Label string `json:"label"`
	// Crop is what the camera saw: a JPEG of the die, as a data: URL.
	Crop string `json:"crop"`
	// Learned are the die's faces taught so far (this one included).
	Learned []bool `json:"learned"`
	// Doubts are DieToTeach's, after this face (teaching one face may
	// clear or raise another's: two faces alike).
	Doubts []string `json:"doubts"`
	// Result is a sentence for the host.
	Result string `json:"result"`
}

// DiceTestRead is a test read of the tray.
type DiceTestRead struct {
	// Result says what was read, in words.
	Result string `json:"result"`
	// Dice are the dice read; Unreadable the dice that could not be, each
	// with its reason in words.
	Dice       []engine.DieRead `json:"dice"`
	Unreadable []string         `json:"unreadable"`
	// Overlay is the frame with the read drawn on it (a JPEG data: URL).
	Overlay string `json:"overlay"`
}
