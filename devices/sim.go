package devices

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Sim simulates every part of the table on any machine, with controls for a
// developer panel and the keyboard: press a seat's button, drop cubes, tap a
// card, and read back what the LED strip and the display show. A part can be
// unplugged to see the table carry on without it. It is safe for concurrent
// use.
type Sim struct {
	clk Clock

	drop, buttons, cards *simSource

	mu         sync.Mutex
	unplugged  map[Part]bool
	gone       map[Part]chan struct{} // closed when the part is unplugged
	lights     Lights
	lightCount int
	brightness uint8
	lines      []string
	seats      int // seats with a button, from the buttons' configuration

	// Keyboard state.
	dropSize int
	nextCard int
	lastCard UID
}

// simQueue is how many control actions an input part holds while nobody
// watches it.
const simQueue = 64

// NewSim returns simulators for every part, all plugged in.
func NewSim() *Sim {
	s := &Sim{
		clk:        RealClock,
		unplugged:  map[Part]bool{},
		gone:       map[Part]chan struct{}{},
		lightCount: DefaultStripOpts.Count,
		brightness: DefaultStripOpts.Brightness,
		dropSize:   3,
		seats:      len(DefaultConfig().Buttons.Seats),
	}
	s.drop = &simSource{sim: s, part: PartDrop, cmds: make(chan Event, simQueue)}
	s.buttons = &simSource{sim: s, part: PartButtons, cmds: make(chan Event, simQueue)}
	s.cards = &simSource{sim: s, part: PartCards, cmds: make(chan Event, simQueue)}
	for _, p := range Parts {
		s.gone[p] = make(chan struct{})
	}
	return s
}

// Drivers opens the simulators; a Table run on them behaves as on the Pi.
func (s *Sim) Drivers() Drivers {
	return Drivers{
		Drop: func(DropConfig) (DropSensor, error) { return s.drop, s.plugged(PartDrop) },
		Buttons: func(c ButtonsConfig) (Buttons, error) {
			if len(c.Seats) > 0 {
				s.mu.Lock()
				s.seats = len(c.Seats)
				s.mu.Unlock()
			}
			return s.buttons, s.plugged(PartButtons)
		},
		Cards: func(CardsConfig) (CardReader, error) { return s.cards, s.plugged(PartCards) },
		Lights: func(c LightsConfig) (Indicator, error) {
			s.mu.Lock()
			if c.Count > 0 {
				s.lightCount = c.Count
			}
			if c.Brightness > 0 {
				s.brightness = uint8(min(c.Brightness, 255))
			}
			s.mu.Unlock()
			return simIndicator{s}, s.plugged(PartLights)
		},
		Display: func(DisplayConfig) (Display, error) { return simDisplay{s}, s.plugged(PartDisplay) },
	}
}

func (s *Sim) plugged(p Part) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.unplugged[p] {
		return fmt.Errorf("simulated %s is unplugged", p)
	}
	return nil
}

// Unplug makes a part fail: its watcher stops, and opening it fails until Plug.
func (s *Sim) Unplug(p Part) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.unplugged[p] {
		s.unplugged[p] = true
		close(s.gone[p])
	}
}

// Plug makes an unplugged part work again (the Table picks it up at its next retry).
func (s *Sim) Plug(p Part) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.unplugged[p] {
		s.unplugged[p] = false
		s.gone[p] = make(chan struct{})
	}
}

// Plugged reports whether a part is plugged in.
func (s *Sim) Plugged(p Part) bool { return s.plugged(p) == nil }

func (s *Sim) goneChan(p Part) chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.gone[p]
}

// Drop drops n cubes through the tower: DropStarted, then DropEnded with n.
func (s *Sim) Drop(n int) error { return s.dropCubes(n, false) }

// DropStuck drops n cubes of which the last stays in the beam: DropEnded is
// marked Blocked.
func (s *Sim) DropStuck(n int) error { return s.dropCubes(n, true) }

func (s *Sim) dropCubes(n int, stuck bool) error {
	if n < 1 {
		return fmt.Errorf("a drop has at least one cube, not %d", n)
	}
	return s.drop.push(
		Event{Kind: DropStarted, Part: PartDrop, Count: 1},
		Event{Kind: DropEnded, Part: PartDrop, Count: n, Blocked: stuck},
	)
}

// Press presses seat's button (HostSeat for the host's), long or short.
func (s *Sim) Press(seat int, long bool) error {
	if seat < 0 {
		return fmt.Errorf("no seat %d", seat)
	}
	return s.buttons.push(Event{Kind: ButtonPressed, Part: PartButtons, Seat: seat, Long: long})
}

// Tap taps a card with the sticker uid on the reader.
func (s *Sim) Tap(uid UID) error {
	u, err := ParseUID(string(uid))
	if err != nil {
		return err
	}
	return s.cards.push(Event{Kind: CardTapped, Part: PartCards, UID: u})
}

// Lights returns what the LED strip was last told to show.
func (s *Sim) Lights() Lights {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lights
}

// Pixels returns the strip's LEDs as the real strip would light them.
func (s *Sim) Pixels() []RGB {
	s.mu.Lock()
	defer s.mu.Unlock()
	return Frame(s.lights, s.lightCount, s.brightness)
}

// Lines returns what the display was last told to show.
func (s *Sim) Lines() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.lines)
}

// SimSnapshot is what a developer panel draws: the strip's LEDs, the
// display's lines and which parts are plugged in.
type SimSnapshot struct {
	Lights  Lights        `json:"lights"`
	Pixels  []RGB         `json:"pixels"`
	Lines   []string      `json:"lines"`
	Plugged map[Part]bool `json:"plugged"`
	// DropSize is how many cubes the keyboard's 'd' drops.
	DropSize int `json:"dropSize"`
}

// Snapshot returns the simulated outputs and plugs at once.
func (s *Sim) Snapshot() SimSnapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	snap := SimSnapshot{
		Lights:   s.lights,
		Pixels:   Frame(s.lights, s.lightCount, s.brightness),
		Lines:    slices.Clone(s.lines),
		Plugged:  map[Part]bool{},
		DropSize: s.dropSize,
	}
	for _, p := range Parts {
		snap.Plugged[p] = !s.unplugged[p]
	}
	return snap
}

// simSource is a simulated input part: control actions queue up and its
// Watch sends them on, stamped with the time.
type simSource struct {
	sim  *Sim
	part Part
	cmds chan Event
}

func (p *simSource) push(evs ...Event) error {
	if err := p.sim.plugged(p.part); err != nil {
		return err
	}
	if len(p.cmds)+len(evs) > cap(p.cmds) {
		return fmt.Errorf("simulated %s: %d actions are waiting; is the table running?", p.part, len(p.cmds))
	}
	for _, e := range evs {
		p.cmds <- e
	}
	return nil
}

func (p *simSource) String() string { return "simulated " + string(p.part) }
func (p *simSource) Halt() error    { return nil }

func (p *simSource) Watch(ctx context.Context, out chan<- Event) error {
	gone := p.sim.goneChan(p.part)
	if !p.sim.Plugged(p.part) {
		return errors.New(p.String() + " is unplugged")
	}
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-gone:
			return errors.New(p.String() + " was unplugged")
		case e := <-p.cmds:
			e.Time = p.sim.clk.Now()
			if !send(ctx, out, e) {
				return nil
			}
		}
	}
}

type simIndicator struct{ s *Sim }

func (i simIndicator) String() string { return "simulated LED strip" }
func (i simIndicator) Halt() error {
	i.s.mu.Lock()
	defer i.s.mu.Unlock()
	i.s.lights = Lights{}
	return nil
}
func (i simIndicator) Show(l Lights) error {
	if err := i.s.plugged(PartLights); err != nil {
		return err
	}
	i.s.mu.Lock()
	defer i.s.mu.Unlock()
	i.s.lights = l
	return nil
}

type simDisplay struct{ s *Sim }

func (d simDisplay) String() string { return "simulated display" }
func (d simDisplay) Halt() error {
	d.s.mu.Lock()
	defer d.s.mu.Unlock()
	d.s.lines = nil
	return nil
}
func (d simDisplay) Show(lines []string) error {
	if err := d.s.plugged(PartDisplay); err != nil {
		return err
	}
	d.s.mu.Lock()
	defer d.s.mu.Unlock()
	d.s.lines = slices.Clone(lines)
	return nil
}

// SimCards are the made-up stickers the keyboard's 'c' key taps in turn
// (test data, not real cards).
var SimCards = []UID{"51000001", "51000002", "51000003", "51000004", "51000005", "51000006", "51000007", "51000008"}

// KeyHelp describes the keyboard controls of Key, one per line.
const KeyHelp = `1-6      press seat 1-6's button
!@#$%^   long-press seat 1-6's button (shift + 1-6)
h / H    press / long-press the host's button
d        drop cubes (how many: + and -)
D        drop cubes with the last one stuck in the tower
+ / -    one cube more / fewer per drop
c        tap the next test card (SimCards)
C        tap the same card again`

// Key performs the control bound to the key r (see KeyHelp) and says what it
// did, for `make run` to echo. ok is false for a key with no control.
func (s *Sim) Key(r rune) (did string, ok bool, err error) {
	if i := strings.IndexRune("123456", r); i >= 0 {
		return fmt.Sprintf("seat %d: press", i+1), true, s.Press(i+1, false)
	}
	if i := strings.IndexRune("!@#$%^", r); i >= 0 {
		return fmt.Sprintf("seat %d: long press", i+1), true, s.Press(i+1, true)
	}
	switch r {
	case 'h':
		return "host: press", true, s.Press(HostSeat, false)
	case 'H':
		return "host: long press", true, s.Press(HostSeat, true)
	case 'd', 'D':
		s.mu.Lock()
		n := s.dropSize
		s.mu.Unlock()
		if r == 'D' {
			return fmt.Sprintf("drop %d cubes, the last one stuck", n), true, s.DropStuck(n)
		}
		return fmt.Sprintf("drop %d cubes", n), true, s.Drop(n)
	case '+', '=', '-':
		s.mu.Lock()
		if r == '-' {
			s.dropSize = max(s.dropSize-1, 1)
		} else {
			s.dropSize = min(s.dropSize+1, 30)
		}
		n := s.dropSize
		s.mu.Unlock()
		return fmt.Sprintf("%d cubes per drop", n), true, nil
	case 'c', 'C':
		s.mu.Lock()
		if r == 'c' || s.lastCard == "" {
			s.lastCard = SimCards[s.nextCard%len(SimCards)]
			s.nextCard++
		}
		uid := s.lastCard
		s.mu.Unlock()
		return "tap card " + string(uid), true, s.Tap(uid)
	}
	return "", false, nil
}
