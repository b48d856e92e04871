package devices

import (
	"fmt"

	"periph.io/x/conn/v3/physic"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/apa102"
	"periph.io/x/devices/v3/nrzled"
)

// RGB is a colour as red, green and blue bytes. It encodes in JSON as
// [r, g, b], like the palette file.
type RGB [3]uint8

// IsZero reports whether the colour is black (off).
func (c RGB) IsZero() bool { return c == RGB{} }

// scale dims c to level/255.
func (c RGB) scale(level uint8) RGB {
	var r RGB
	for i, v := range c {
		r[i] = uint8((int(v)*int(level) + 127) / 255)
	}
	return r
}

// Mode is what the LED strip is showing.
type Mode int

// The modes of the LED strip.
const (
	// Off: all LEDs dark.
	Off Mode = iota
	// Turn: the whole strip in the active player's Color.
	Turn
	// Battle: a battle is under way: half the strip in the attacker's Color,
	// half in the defender's Other (dark when Other is black, e.g. against a
	// non-player ship).
	Battle
	// Redrop: the table waits for cubes to be dropped again: every other LED
	// in Color, the rest dark.
	Redrop
	// Winner: the whole strip in the winner's Color at full brightness.
	Winner
)

// String names the mode.
func (m Mode) String() string {
	switch m {
	case Off:
		return "off"
	case Turn:
		return "turn"
	case Battle:
		return "battle"
	case Redrop:
		return "redrop"
	case Winner:
		return "winner"
	}
	return fmt.Sprintf("mode(%d)", int(m))
}

// MarshalText encodes the mode by name.
func (m Mode) MarshalText() ([]byte, error) { return []byte(m.String()), nil }

// UnmarshalText reads a mode name.
func (m *Mode) UnmarshalText(b []byte) error {
	for _, c := range []Mode{Off, Turn, Battle, Redrop, Winner} {
		if c.String() == string(b) {
			*m = c
			return nil
		}
	}
	return fmt.Errorf("unknown light mode %q (want off, turn, battle, redrop or winner)", b)
}

// Lights is what the LED strip should show. The colours come from the caller
// (the players' colours are game data, not ours).
type Lights struct {
	Mode  Mode `json:"mode"`
	Color RGB  `json:"colour"`
	// Other is the defender's colour in a battle.
	Other RGB `json:"other,omitempty"`
}

// String describes the lights for logs and the developer panel.
func (l Lights) String() string {
	switch l.Mode {
	case Battle:
		return fmt.Sprintf("battle %v vs %v", l.Color, l.Other)
	case Off:
		return "off"
	}
	return fmt.Sprintf("%s %v", l.Mode, l.Color)
}

// Frame renders l for a strip of n LEDs at the given brightness (0-255; the
// winner is always shown at full brightness). It is what Show sends and what
// the simulator shows.
func Frame(l Lights, n int, brightness uint8) []RGB {
	px := make([]RGB, max(n, 0))
	dim := func(c RGB) RGB { return c.scale(brightness) }
	for i := range px {
		switch l.Mode {
		case Turn:
			px[i] = dim(l.Color)
		case Battle:
			if i < (n+1)/2 {
				px[i] = dim(l.Color)
			} else {
				px[i] = dim(l.Other)
			}
		case Redrop:
			if i%2 == 0 {
				px[i] = dim(l.Color)
			}
		case Winner:
			px[i] = l.Color
		}
	}
	return px
}

// Indicator is the LED strip.
type Indicator interface {
	// Show replaces what the strip shows.
	Show(Lights) error
	String() string
	// Halt turns the strip off.
	Halt() error
}

// StripOpts describes an LED strip.
type StripOpts struct {
	// Count is the number of LEDs.
	Count int
	// Brightness scales every colour but the winner's (0-255): a full-white
	// strip of 5 V LEDs draws 60 mA per LED, more than a Pi's supply spares.
	Brightness uint8
}

// DefaultStripOpts is a 30-LED strip at a quarter of full brightness.
var DefaultStripOpts = StripOpts{Count: 30, Brightness: 64}

// pixelWriter is what nrzled.Dev and apa102.Dev have in common.
type pixelWriter interface {
	Write(pixels []byte) (int, error)
	String() string
	Halt() error
}

// Strip is an Indicator on a WS2812 or APA102 strip.
type Strip struct {
	w    pixelWriter
	opts StripOpts
}

func (o *StripOpts) check() (StripOpts, error) {
	r := DefaultStripOpts
	if o != nil {
		r = *o
	}
	if r.Count <= 0 {
		return r, fmt.Errorf("LED strip: %d LEDs; the configuration must give the strip's LED count", r.Count)
	}
	return r, nil
}

// NewWS2812 drives a WS2812 (NeoPixel) strip whose data line is the SPI port's
// MOSI, through periph's nrzled at 2.5 MHz (three SPI bits per LED bit; nrzled
// refuses other rates). o may be nil for DefaultStripOpts.
func NewWS2812(p spi.Port, o *StripOpts) (*Strip, error) {
	opts, err := o.check()
	if err != nil {
		return nil, err
	}
	d, err := nrzled.NewSPI(p, &nrzled.Opts{NumPixels: opts.Count, Channels: 3, Freq: 2500 * physic.KiloHertz})
	if err != nil {
		return nil, fmt.Errorf("LED strip (WS2812 on %s): %w", p, err)
	}
	return &Strip{w: d, opts: opts}, nil
}

// NewAPA102 drives an APA102 (DotStar) strip on the SPI port's MOSI and SCLK.
// o may be nil for DefaultStripOpts.
func NewAPA102(p spi.Port, o *StripOpts) (*Strip, error) {
	opts, err := o.check()
	if err != nil {
		return nil, err
	}
	// Brightness is applied by Frame, so the driver runs at full intensity
	// without colour-temperature correction: the colours are the palette's.
	d, err := apa102.New(p, &apa102.Opts{NumPixels: opts.Count, Intensity: 255, Temperature: apa102.NeutralTemp})
	if err != nil {
		return nil, fmt.Errorf("LED strip (APA102 on %s): %w", p, err)
	}
	return &Strip{w: d, opts: opts}, nil
}

// String names the driver and its bus.
func (s *Strip) String() string { return s.w.String() }

// Halt turns the strip off.
func (s *Strip) Halt() error { return s.w.Halt() }

// Show sends the frame for l to the strip.
func (s *Strip) Show(l Lights) error {
	px := Frame(l, s.opts.Count, s.opts.Brightness)
	raw := make([]byte, 0, 3*len(px))
	for _, c := range px {
		raw = append(raw, c[0], c[1], c[2])
	}
	if _, err := s.w.Write(raw); err != nil {
		return fmt.Errorf("LED strip %s: %w", s.w, err)
	}
	return nil
}
