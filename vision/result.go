package vision

import (
	"encoding/json"
	"errors"
	"math"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// Re-drop reasons (battle-board.md).
const (
	// ReasonBalanced: the cube rests on a raised border, touching no zone.
	ReasonBalanced = "balanced-on-border"
	// ReasonUnreadable: the reader cannot tell; a person must look.
	ReasonUnreadable = "unreadable"
)

// What an unreadable cube's Why says when it is not a count ("1 or 2
// cubes?").
const (
	// WhyHeap: one blob of more cubes than the reader splits.
	WhyHeap = "a heap of cubes"
	// WhyTooLong: a part of a cluster is longer than one cube, whatever
	// the count.
	WhyTooLong = "cubes overlap"
	// WhyNoZone: the cube lies on the board but in no zone of the layout.
	WhyNoZone = "in no zone"
)

// ErrNotBuilt is returned by NewReader in a build without OpenCV.
var ErrNotBuilt = errors.New("vision: this binary was built without OpenCV (cgo off or -tags novision)")

// Cube is one cube at rest in a zone.
type Cube struct {
	Color      string  `json:"color"`
	Zone       string  `json:"zone"`
	XMM        float64 `json:"x_mm"`
	YMM        float64 `json:"y_mm"`
	Confidence float64 `json:"confidence"`
}

// Redrop is one cube that must be dropped again, and why.
type Redrop struct {
	Color  string  `json:"color"`
	XMM    float64 `json:"x_mm"`
	YMM    float64 `json:"y_mm"`
	Reason string  `json:"reason"`
	// Why says, for an unreadable cube, what the reader could not decide
	// ("1 or 2 cubes?"): the overlay draws it beside the cube so a person
	// sees what to look at. Empty for a balanced cube.
	Why string `json:"why,omitempty"`
}

// Tally is what the cubes of one colour earned, summed over their zones.
type Tally struct {
	Strength    int `json:"strength"`
	Explode     int `json:"explode"`
	Cargo       int `json:"cargo"`
	Coin        int `json:"coin"`
	CargoOrCoin int `json:"cargo_or_coin"`
	Damage      int `json:"damage"`
}

func (t *Tally) add(kind string, n int) {
	switch kind {
	case board.Strength:
		t.Strength += n
	case board.Explode:
		t.Explode += n
	case board.Cargo:
		t.Cargo += n
	case board.Coin:
		t.Coin += n
	case board.CargoOrCoin:
		t.CargoOrCoin += n
	case board.Damage:
		t.Damage += n
	}
}

// Result is one read of the board: the contract's JSON object.
type Result struct {
	Image     string           `json:"image"`
	Cubes     []Cube           `json:"cubes"`
	Redrop    []Redrop         `json:"redrop"`
	Tally     map[string]Tally `json:"tally"`
	ElapsedMS float64          `json:"elapsed_ms"`
}

// MarshalJSON keeps empty lists as [] (never null) and rounds the figures.
func (r Result) MarshalJSON() ([]byte, error) {
	type plain Result
	p := plain(r)
	if p.Cubes == nil {
		p.Cubes = []Cube{}
	}
	if p.Redrop == nil {
		p.Redrop = []Redrop{}
	}
	if p.Tally == nil {
		p.Tally = map[string]Tally{}
	}
	p.ElapsedMS = round(p.ElapsedMS, 2)
	return json.Marshal(p)
}

func round(v float64, digits int) float64 {
	k := math.Pow(10, float64(digits))
	return math.Round(v*k) / k
}

// detection is one cube as the pixel stage found it, before the rules.
type detection struct {
	color string
	at    board.Point // footprint centre, board mm
	conf  float64     // 0..1
	// unreadable: the pixel stage could not tell (odd size, colour between
	// two palette colours).
	unreadable bool
	why        string // for an unreadable cube: the two readings it could not choose between
}

// decide applies the border rules to the detections and sums the tally.
// A cube whose footprint centre lies within half a border's width of a
// border line rests on that border (a cube leaning from a zone onto a
// border has its footprint centre well inside the zone); it is re-dropped.
func decide(l *board.Layout, ds []detection) Result {
	r := Result{Cubes: []Cube{}, Redrop: []Redrop{}, Tally: map[string]Tally{}}
	for _, d := range ds {
		x, y := round(d.at.X, 1), round(d.at.Y, 1)
		if d.unreadable {
			r.Redrop = append(r.Redrop, Redrop{Color: d.color, XMM: x, YMM: y, Reason: ReasonUnreadable, Why: d.why})
			continue
		}
		bd := l.BorderDist(d.at)
		if bd < balancedWithin(l) {
			r.Redrop = append(r.Redrop, Redrop{Color: d.color, XMM: x, YMM: y, Reason: ReasonBalanced})
			continue
		}
		z := l.ZoneAt(d.at)
		if z == nil {
			r.Redrop = append(r.Redrop, Redrop{Color: d.color, XMM: x, YMM: y, Reason: ReasonUnreadable, Why: WhyNoZone})
			continue
		}
		conf := d.conf
		// Close to a border the zone is less certain.
		if bd < l.CubeMM/2 {
			conf *= 0.9
		}
		r.Cubes = append(r.Cubes, Cube{Color: d.color, Zone: z.ID, XMM: x, YMM: y, Confidence: round(conf, 2)})
		t := r.Tally[d.color]
		for _, e := range z.Effects {
			t.add(e.Kind, e.N)
		}
		r.Tally[d.color] = t
	}
	return r
}

// balancedWithin is how close to a border line a footprint centre must be
// for the cube to count as balanced on it.
func balancedWithin(l *board.Layout) float64 {
	return math.Max(l.BorderMM/2+0.5, 1.5)
}
