package tablehw

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/devices"
	"github.com/quartermaster-table/quartermaster/engine"
)

// Devices adapts the devices package's Table to the session's Devices
// interface (companion.Devices): device events in, the table's status out
// on the LED strip and the small display.
type Devices struct {
	t *devices.Table
	// players gives each seat's colour for the lights; set per session.
	mu      sync.Mutex
	players []companion.PlayerInfo
	// cards maps NFC stickers to sailor cards; nil: taps are only notices.
	cards *devices.Registry
}

// NewDevices adapts t; cards maps NFC stickers to cards (nil: a tap is
// only a notice).
func NewDevices(t *devices.Table, cards *devices.Registry) *Devices {
	return &Devices{t: t, cards: cards}
}

// Table is the devices adapted.
func (d *Devices) Table() *devices.Table { return d.t }

// forPlayers returns a copy of the adapter that colours the lights with
// these players' colours.
func (d *Devices) forPlayers(ps []companion.PlayerInfo) *Devices {
	return &Devices{t: d.t, players: ps, cards: d.cards}
}

// Watch forwards the hardware's events until ctx ends.
func (d *Devices) Watch(ctx context.Context, out chan<- companion.DeviceEvent) error {
	for {
		select {
		case <-ctx.Done():
			return nil
		case ev, ok := <-d.t.Events():
			if !ok {
				return fmt.Errorf("the devices stopped")
			}
			ce, ok := d.convert(ev)
			if !ok {
				continue
			}
			select {
			case out <- ce:
			case <-ctx.Done():
				return nil
			}
		}
	}
}

// convert turns a devices.Event into the session's DeviceEvent. The devices
// package counts seats from 1 with 0 for the host; the engine from 0.
func (d *Devices) convert(ev devices.Event) (companion.DeviceEvent, bool) {
	ce := companion.DeviceEvent{Seat: engine.NoSeat, Time: ev.Time}
	switch ev.Kind {
	case devices.DropStarted:
		ce.Kind = companion.DropStarted
		ce.Count = ev.Count
	case devices.DropEnded:
		ce.Kind = companion.DropEnded
		ce.Count = ev.Count
		ce.Blocked = ev.Blocked
	case devices.ButtonPressed:
		ce.Kind = companion.ButtonPressed
		ce.Long = ev.Long
		if ev.Seat == devices.HostSeat {
			ce.Host = true
		} else {
			ce.Seat = engine.Seat(ev.Seat - 1)
		}
	case devices.CardTapped:
		ce.Kind = companion.CardTapped
		ce.Card = string(ev.UID)
		if d.cards != nil {
			if card, ok := d.cards.Card(ev.UID); ok {
				ce.Card = card
			}
		}
	case devices.PartChanged:
		ce.Kind = companion.PartChanged
		ce.Text = ev.String()
	default:
		return ce, false
	}
	return ce, true
}

// Show puts the table's status on the LED strip and the display.
func (d *Devices) Show(s companion.Status) error {
	l := devices.Lights{Mode: devices.Off}
	switch {
	case s.Alert != "":
		l = devices.Lights{Mode: devices.Redrop, Color: devices.RGB{255, 160, 0}}
	case s.Over:
		l = devices.Lights{Mode: devices.Winner, Color: devices.RGB{255, 215, 0}}
	case len(s.Active) > 0:
		l = devices.Lights{Mode: devices.Turn, Color: d.colour(s.Active[0])}
	}
	d.t.ShowLights(l)
	lines := []string{s.Line}
	if s.Alert != "" {
		lines = []string{s.Alert, s.Line}
	}
	d.t.ShowLines(lines...)
	return nil
}

// colours are the cube colours' light equivalents; an unknown name is white.
var colours = map[string]devices.RGB{
	"purple": {128, 0, 200}, "green": {0, 200, 40}, "blue": {0, 60, 255},
	"orange": {255, 100, 0}, "red": {255, 0, 0}, "yellow": {255, 200, 0},
	"black": {40, 40, 40}, "white": {255, 255, 255},
}

func (d *Devices) colour(s engine.Seat) devices.RGB {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, p := range d.players {
		if p.Seat == s {
			if c, ok := colours[strings.ToLower(p.Colour)]; ok {
				return c
			}
		}
	}
	return devices.RGB{255, 255, 255}
}

// WithPlayers adapts the hardware to the table it serves: the lights take
// the colours of that table's players (companion.NewHardwareSwitch's
// forPlayers).
func WithPlayers(hw companion.Hardware, ps []companion.PlayerInfo) companion.Hardware {
	if td, ok := hw.Devices.(*Devices); ok {
		hw.Devices = td.forPlayers(ps)
	}
	return hw
}
