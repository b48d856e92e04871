package devices

import (
	"encoding/json"
	"errors"
	"fmt"
	"time"
)

// Duration is a time.Duration written in JSON as a string: "1.5s", "30ms".
type Duration time.Duration

// MarshalText writes the duration as Go writes durations.
func (d Duration) MarshalText() ([]byte, error) { return []byte(time.Duration(d).String()), nil }

// UnmarshalText reads "1.5s", "800ms" and the like.
func (d *Duration) UnmarshalText(b []byte) error {
	v, err := time.ParseDuration(string(b))
	if err != nil {
		return fmt.Errorf("duration %q: write it like \"1.5s\" or \"30ms\"", b)
	}
	if v < 0 {
		return fmt.Errorf("duration %q is negative", b)
	}
	*d = Duration(v)
	return nil
}

// D returns the time.Duration.
func (d Duration) D() time.Duration { return time.Duration(d) }

// Config says which parts the table has and where they are wired. It is a
// section of the program's JSON config file; DefaultConfig gives the wiring
// of docs/hardware.md. Zero durations take the drivers' defaults.
type Config struct {
	// Simulate replaces every part by its simulator (any machine, `make run`).
	Simulate bool `json:"simulate"`
	// Retry is how often a missing or failed part is tried again.
	Retry   Duration      `json:"retry"`
	Drop    DropConfig    `json:"drop"`
	Buttons ButtonsConfig `json:"buttons"`
	Lights  LightsConfig  `json:"lights"`
	Cards   CardsConfig   `json:"cards"`
	Display DisplayConfig `json:"display"`
}

// DropConfig is the tower's IR break-beam.
type DropConfig struct {
	Enabled bool `json:"enabled"`
	// Pin is the receiver's GPIO ("GPIO17", header pin 11).
	Pin string `json:"pin"`
	// BrokenHigh is for receivers that drive the line high while the beam is
	// broken; the usual open-collector ones pull it low.
	BrokenHigh bool     `json:"brokenHigh,omitempty"`
	Debounce   Duration `json:"debounce,omitempty"`
	MinGap     Duration `json:"minGap,omitempty"`
	Quiet      Duration `json:"quiet,omitempty"`
}

// ButtonsConfig is the host's and the seats' buttons, each between a GPIO and
// ground (the internal pull-up holds it high).
type ButtonsConfig struct {
	Enabled bool `json:"enabled"`
	// Host is the host's button pin; "" if there is none.
	Host string `json:"host"`
	// Seats are the seats' button pins, seat 1 first; "" for a seat without one.
	Seats    []string `json:"seats"`
	Debounce Duration `json:"debounce,omitempty"`
	Long     Duration `json:"long,omitempty"`
}

// LightsConfig is the LED strip.
type LightsConfig struct {
	Enabled bool `json:"enabled"`
	// Kind is "ws2812" (NeoPixel; data on MOSI) or "apa102" (DotStar; data on
	// MOSI, clock on SCLK).
	Kind string `json:"kind"`
	// SPI is the SPI device ("/dev/spidev1.0": the strip gets its own bus,
	// see docs/hardware.md).
	SPI string `json:"spi"`
	// Count is the number of LEDs on the strip.
	Count int `json:"count"`
	// Brightness (1-255) scales every colour but the winner's.
	Brightness int `json:"brightness"`
}

// CardsConfig is the MFRC522 RFID reader.
type CardsConfig struct {
	Enabled bool `json:"enabled"`
	// SPI is the SPI device ("/dev/spidev0.0").
	SPI string `json:"spi"`
	// Reset and IRQ are the module's RST and IRQ pins.
	Reset string `json:"reset"`
	IRQ   string `json:"irq"`
}

// DisplayConfig is the SSD1306 OLED (I²C address 0x3C).
type DisplayConfig struct {
	Enabled bool `json:"enabled"`
	// I2C is the bus ("1" on a Pi; "" for the first bus found).
	I2C    string `json:"i2c"`
	Width  int    `json:"width"`
	Height int    `json:"height"`
	// Rotated shows the picture upside down, for a display mounted that way.
	Rotated bool `json:"rotated,omitempty"`
}

// DefaultConfig is the wiring of docs/hardware.md on a Raspberry Pi, every
// part enabled: a part that is not fitted is reported missing once and the
// table goes on without it.
func DefaultConfig() Config {
	return Config{
		Retry:   Duration(10 * time.Second),
		Drop:    DropConfig{Enabled: true, Pin: "GPIO17"},
		Buttons: ButtonsConfig{Enabled: true, Host: "GPIO5", Seats: []string{"GPIO6", "GPIO13", "GPIO26", "GPIO16"}},
		Lights:  LightsConfig{Enabled: true, Kind: "ws2812", SPI: "/dev/spidev1.0", Count: 30, Brightness: 64},
		Cards:   CardsConfig{Enabled: true, SPI: "/dev/spidev0.0", Reset: "GPIO25", IRQ: "GPIO24"},
		Display: DisplayConfig{Enabled: true, I2C: "1", Width: 128, Height: 64},
	}
}

// Check reports the first configuration mistake, in words a person can act on.
func (c Config) Check() error {
	var errs []error
	if c.Drop.Enabled && c.Drop.Pin == "" {
		errs = append(errs, errors.New("devices.drop: enabled but no pin"))
	}
	if c.Buttons.Enabled {
		n := 0
		for _, p := range append([]string{c.Buttons.Host}, c.Buttons.Seats...) {
			if p != "" {
				n++
			}
		}
		if n == 0 {
			errs = append(errs, errors.New("devices.buttons: enabled but neither host nor seats have a pin"))
		}
	}
	if c.Lights.Enabled {
		switch c.Lights.Kind {
		case "ws2812", "apa102":
		default:
			errs = append(errs, fmt.Errorf("devices.lights.kind %q: want \"ws2812\" or \"apa102\"", c.Lights.Kind))
		}
		if c.Lights.Count <= 0 || c.Lights.Count > 1000 {
			errs = append(errs, fmt.Errorf("devices.lights.count %d: want the number of LEDs, 1-1000", c.Lights.Count))
		}
		if c.Lights.Brightness < 1 || c.Lights.Brightness > 255 {
			errs = append(errs, fmt.Errorf("devices.lights.brightness %d: want 1-255", c.Lights.Brightness))
		}
		if c.Lights.SPI == "" {
			errs = append(errs, errors.New("devices.lights: enabled but no spi device"))
		}
	}
	if c.Cards.Enabled && (c.Cards.SPI == "" || c.Cards.Reset == "" || c.Cards.IRQ == "") {
		errs = append(errs, errors.New("devices.cards: the MFRC522 needs spi, reset and irq"))
	}
	if c.Display.Enabled {
		if c.Display.Width <= 0 || c.Display.Width > 128 || c.Display.Width%8 != 0 {
			errs = append(errs, fmt.Errorf("devices.display.width %d: want 128 (or a multiple of 8 up to 128)", c.Display.Width))
		}
		if c.Display.Height <= 0 || c.Display.Height > 64 || c.Display.Height%8 != 0 {
			errs = append(errs, fmt.Errorf("devices.display.height %d: want 64 or 32", c.Display.Height))
		}
	}
	return errors.Join(errs...)
}

// String is the configuration as JSON, for logs.
func (c Config) String() string {
	b, _ := json.Marshal(c)
	return string(b)
}
