package battle

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"sort"
	"sync"

	"github.com/quartermaster-table/quartermaster/engine"
)

// EffectKind is what a zone of the Battle board gives a cube resting in it
// (rulebook p. 19).
type EffectKind string

// The zone effects of the battle-board layout format.
const (
	// Strength adds N battle strength to the cube's side.
	Strength EffectKind = "strength"
	// Explode sends the cube back into the tower with one extra cube.
	Explode EffectKind = "explode"
	// Cargo plunders N cargo for the cube's side.
	Cargo EffectKind = "cargo"
	// Coin plunders N coins for the cube's side.
	Coin EffectKind = "coin"
	// CargoOrCoin plunders N items, each cargo or coin as the side chooses.
	CargoOrCoin EffectKind = "cargo_or_coin"
	// Damage deals N damage to the other side's ship.
	Damage EffectKind = "damage"
)

var knownKinds = map[EffectKind]bool{Strength: true, Explode: true, Cargo: true, Coin: true, CargoOrCoin: true, Damage: true}

// Effect is one thing a zone gives, N times per cube.
type Effect struct {
	Kind EffectKind `json:"kind"`
	N    int        `json:"n"`
}

// Zone is one area of the Battle board: a polygon in board millimetres and
// what a cube resting there gives.
type Zone struct {
	ID      string       `json:"id"`
	Polygon [][2]float64 `json:"polygon"`
	Effects []Effect     `json:"effects"`
}

// Has reports whether the zone gives an effect of kind k.
func (z *Zone) Has(k EffectKind) bool {
	for _, e := range z.Effects {
		if e.Kind == k {
			return true
		}
	}
	return false
}

// Layout is a Battle board layout, in the JSON format of
// battle-board.default.json (see docs/battles.md): the board's size and its
// zones with their effects. The engine only uses the zones' ids and effects;
// the geometry is there for the camera reader and the calibration page.
type Layout struct {
	Name     string  `json:"name"`
	Units    string  `json:"units"`
	Width    float64 `json:"width"`
	Height   float64 `json:"height"`
	BorderMM float64 `json:"border_mm"`
	CubeMM   float64 `json:"cube_mm"`
	Zones    []Zone  `json:"zones"`

	byID map[string]int
}

//go:embed board.default.json
var defaultLayoutJSON []byte

// defaultLayout is the parsed default, shared read-only by battles declared
// without a layout.
var defaultLayout = sync.OnceValue(DefaultLayout)

// DefaultLayout returns a fresh copy of the default layout, an approximation
// of the printed board shipped with the program (owners calibrate their own).
func DefaultLayout() *Layout {
	l, err := ParseLayout(defaultLayoutJSON)
	if err != nil {
		panic("battle: the embedded default layout is invalid: " + err.Error())
	}
	return l
}

// ParseLayout decodes and checks a layout. Errors wrap engine.ErrMalformed
// and name the field at fault.
func ParseLayout(data []byte) (*Layout, error) {
	var l Layout
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&l); err != nil {
		return nil, engine.Malformed("battle-board layout: %v", err)
	}
	if dec.More() {
		return nil, engine.Malformed("battle-board layout: unexpected data after the object")
	}
	if err := l.check(); err != nil {
		return nil, err
	}
	return &l, nil
}

func (l *Layout) check() error {
	if len(l.Zones) == 0 {
		return engine.Malformed("battle-board layout: zones: none given")
	}
	if l.Width < 0 || l.Height < 0 || l.BorderMM < 0 || l.CubeMM < 0 {
		return engine.Malformed("battle-board layout: sizes must not be negative")
	}
	l.byID = make(map[string]int, len(l.Zones))
	explode := false
	for i, z := range l.Zones {
		if z.ID == "" {
			return engine.Malformed("battle-board layout: zones[%d].id: empty", i)
		}
		if _, dup := l.byID[z.ID]; dup {
			return engine.Malformed("battle-board layout: zones[%d].id: %q is used twice", i, z.ID)
		}
		l.byID[z.ID] = i
		if len(z.Polygon) < 3 {
			return engine.Malformed("battle-board layout: zones[%d].polygon: a zone needs at least 3 corners", i)
		}
		if len(z.Effects) == 0 {
			return engine.Malformed("battle-board layout: zones[%d].effects: none given", i)
		}
		for j, e := range z.Effects {
			if !knownKinds[e.Kind] {
				return engine.Malformed("battle-board layout: zones[%d].effects[%d].kind: unknown effect %q", i, j, e.Kind)
			}
			if e.N < 1 || e.N > 9 {
				return engine.Malformed("battle-board layout: zones[%d].effects[%d].n: %d is not between 1 and 9", i, j, e.N)
			}
			if e.Kind == Explode {
				if e.N != 1 || len(z.Effects) != 1 {
					return engine.Malformed("battle-board layout: zones[%d].effects[%d]: an exploding zone gives nothing else and n is 1", i, j)
				}
				explode = true
			}
		}
	}
	if !explode {
		return engine.Malformed("battle-board layout: zones: no exploding-shot zone")
	}
	return nil
}

// Zone returns the zone with the given id.
func (l *Layout) Zone(id string) (*Zone, bool) {
	i, ok := l.byID[id]
	if !ok {
		return nil, false
	}
	return &l.Zones[i], true
}

// ZoneIDs lists the zones' ids in layout order.
func (l *Layout) ZoneIDs() []string {
	out := make([]string, len(l.Zones))
	for i, z := range l.Zones {
		out[i] = z.ID
	}
	return out
}

// Read is what the camera (or a person typing) reports after a drop: the
// cubes resting on the whole board, per colour per zone id, and the cubes
// that came to rest balanced on a raised border, per colour, which must be
// dropped again (rulebook p. 19). A read always describes the whole board,
// not only the cubes just dropped: a falling cube may knock others into
// another zone (the rulebook's example, p. 21, step 6).
type Read struct {
	// Cubes maps colour -> zone id -> number of cubes resting there.
	Cubes map[string]map[string]int `json:"cubes"`
	// Redrop maps colour -> number of cubes balanced on a border.
	Redrop map[string]int `json:"redrop,omitempty"`
}

// Tally is one colour's totals on the board, per effect kind, with each
// cube counted N times for a zone effect of n = N.
type Tally struct {
	Strength    int `json:"strength"`
	Explode     int `json:"explode"`
	Cargo       int `json:"cargo"`
	Coin        int `json:"coin"`
	CargoOrCoin int `json:"cargo_or_coin"`
	Damage      int `json:"damage"`
}

func (t *Tally) add(k EffectKind, n int) {
	switch k {
	case Strength:
		t.Strength += n
	case Explode:
		t.Explode += n
	case Cargo:
		t.Cargo += n
	case Coin:
		t.Coin += n
	case CargoOrCoin:
		t.CargoOrCoin += n
	case Damage:
		t.Damage += n
	}
}

// Refusal codes for reads.
const (
	CodeReadZone   = "read-unknown-zone"
	CodeReadColour = "read-unknown-colour"
	CodeReadCount  = "read-cube-count"
)

// CheckRead verifies that r names only zones of l and colours in want, has no
// negative count, and accounts for exactly want[colour] cubes of each colour
// (resting plus balanced on a border): the cubes in the tower cannot appear
// or vanish. A bad read is refused with a *engine.RuleError.
func (l *Layout) CheckRead(r Read, want map[string]int) error {
	for _, c := range sortedKeys(r.Cubes) {
		if _, ok := want[c]; !ok {
			return engine.Refuse(CodeReadColour, 19, "the read has %s cubes, but no %s cubes are in this drop", c, c)
		}
		for _, id := range sortedKeys(r.Cubes[c]) {
			if _, ok := l.Zone(id); !ok {
				return engine.Refuse(CodeReadZone, 19, "the read names zone %q, which is not on this battle board", id)
			}
			if r.Cubes[c][id] < 0 {
				return engine.Refuse(CodeReadCount, 19, "the read has a negative number of %s cubes in zone %q", c, id)
			}
		}
	}
	for _, c := range sortedKeys(r.Redrop) {
		if _, ok := want[c]; !ok {
			return engine.Refuse(CodeReadColour, 19, "the read has %s cubes to drop again, but no %s cubes are in this drop", c, c)
		}
		if r.Redrop[c] < 0 {
			return engine.Refuse(CodeReadCount, 19, "the read has a negative number of %s cubes to drop again", c)
		}
	}
	for _, c := range sortedKeys(want) {
		got := r.Redrop[c]
		for _, n := range r.Cubes[c] {
			got += n
		}
		if got != want[c] {
			return engine.Refuse(CodeReadCount, 19, "the read accounts for %d %s cubes, but %d are in the Battle ship", got, c, want[c])
		}
	}
	return nil
}

// TallyOf sums the zone effects of colour's resting cubes in r. Zones not in
// the layout are ignored (CheckRead refuses them first).
func (l *Layout) TallyOf(r Read, colour string) Tally {
	var t Tally
	for id, n := range r.Cubes[colour] {
		z, ok := l.Zone(id)
		if !ok || n <= 0 {
			continue
		}
		for _, e := range z.Effects {
			t.add(e.Kind, e.N*n)
		}
	}
	return t
}

// InExplode returns how many of colour's cubes rest in an exploding zone.
func (l *Layout) InExplode(r Read, colour string) int {
	n := 0
	for id, c := range r.Cubes[colour] {
		if z, ok := l.Zone(id); ok && z.Has(Explode) {
			n += c
		}
	}
	return n
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// String names the layout for logs.
func (l *Layout) String() string {
	return fmt.Sprintf("battle board %q (%d zones)", l.Name, len(l.Zones))
}
