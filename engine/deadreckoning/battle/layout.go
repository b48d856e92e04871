package battle

import (
	"sort"
	"sync"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/layout"
)

// EffectKind is what a zone of the Battle board gives a cube resting in it
// (rulebook p. 19); the kinds are engine/layout's, the one board format the
// camera shares.
type EffectKind = string

// The zone effects of the battle-board layout format.
const (
	// Strength adds N battle strength to the cube's side.
	Strength = layout.Strength
	// Explode sends the cube back into the tower with one extra cube.
	Explode = layout.Explode
	// Cargo plunders N cargo for the cube's side.
	Cargo = layout.Cargo
	// Coin plunders N coins for the cube's side.
	Coin = layout.Coin
	// CargoOrCoin plunders N items, each cargo or coin as the side chooses.
	CargoOrCoin = layout.CargoOrCoin
	// Damage deals N damage to the other side's ship.
	Damage = layout.Damage
)

// Effect is one thing a zone gives, N times per cube.
type Effect = layout.Effect

// Zone is one area of the Battle board: a polygon in board millimetres and
// what a cube resting there gives.
type Zone = layout.Zone

// Layout is a Battle board in engine/layout's format (see docs/battles.md)
// that Dead Reckoning can play on. The engine only uses the zones' ids and
// effects; the geometry is there for the camera reader and the calibration
// page. It marshals as the board's JSON.
type Layout struct {
	*layout.Layout
}

// defaultLayout is the parsed default, shared read-only by battles declared
// without a layout.
var defaultLayout = sync.OnceValue(DefaultLayout)

// DefaultLayout returns a fresh copy of the default layout, the one board
// embedded in engine/layout (owners calibrate their own).
func DefaultLayout() *Layout {
	l, err := ParseLayout(layout.DefaultJSON())
	if err != nil {
		panic("battle: the embedded default layout is invalid: " + err.Error())
	}
	return l
}

// ParseLayout decodes a layout and checks it is one the rules can play on:
// engine/layout's format, every zone giving something, each effect 1 to 9
// times, and an exploding-shot zone that gives nothing else. Errors wrap
// engine.ErrMalformed and name the field at fault.
func ParseLayout(data []byte) (*Layout, error) {
	l, err := layout.Parse(data)
	if err != nil {
		return nil, engine.Malformed("battle-board layout: %v", err)
	}
	if err := check(l); err != nil {
		return nil, err
	}
	return &Layout{l}, nil
}

// check adds the rules' own demands to the format's.
func check(l *layout.Layout) error {
	explode := false
	for i, z := range l.Zones {
		if len(z.Effects) == 0 {
			return engine.Malformed("battle-board layout: zones[%d].effects: none given", i)
		}
		for j, e := range z.Effects {
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
	z := l.Layout.Zone(id)
	return z, z != nil
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
			return engine.Refuse(CodeReadColour, 19, "The read has %s cubes, but no %s cubes are in this drop", c, c)
		}
		for _, id := range sortedKeys(r.Cubes[c]) {
			if _, ok := l.Zone(id); !ok {
				return engine.Refuse(CodeReadZone, 19, "The read names a zone that is not on this battle board: count the cubes in its zones or on a border")
			}
			if r.Cubes[c][id] < 0 {
				return engine.Refuse(CodeReadCount, 19, "Count 0 or more %s cubes in each zone", c)
			}
		}
	}
	for _, c := range sortedKeys(r.Redrop) {
		if _, ok := want[c]; !ok {
			return engine.Refuse(CodeReadColour, 19, "The read has %s cubes to drop again, but no %s cubes are in this drop", c, c)
		}
		if r.Redrop[c] < 0 {
			return engine.Refuse(CodeReadCount, 19, "The read has a negative number of %s cubes to drop again", c)
		}
	}
	for _, c := range sortedKeys(want) {
		got := r.Redrop[c]
		for _, n := range r.Cubes[c] {
			got += n
		}
		if got != want[c] {
			return engine.Refuse(CodeReadCount, 19, "The read accounts for %s, but the Battle ship holds %d", count(got, c+" cube"), want[c])
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
