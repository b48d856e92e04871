package devices

import (
	"errors"
	"fmt"
	"io"
	"sync"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/gpio/gpioreg"
	"periph.io/x/conn/v3/i2c/i2creg"
	"periph.io/x/conn/v3/spi/spireg"
	"periph.io/x/host/v3"
)

// Drivers open the parts. Table calls them again after a failure, so each
// call must open the part afresh. PiDrivers opens real hardware; Sim.Drivers
// opens simulators; tests pass their own.
type Drivers struct {
	Drop    func(DropConfig) (DropSensor, error)
	Buttons func(ButtonsConfig) (Buttons, error)
	Lights  func(LightsConfig) (Indicator, error)
	Cards   func(CardsConfig) (CardReader, error)
	Display func(DisplayConfig) (Display, error)
}

var hostInit struct {
	mu sync.Mutex
	ok bool
}

// initHost loads periph's host drivers once; a failure is tried again next time.
func initHost() error {
	hostInit.mu.Lock()
	defer hostInit.mu.Unlock()
	if hostInit.ok {
		return nil
	}
	if _, err := host.Init(); err != nil {
		return fmt.Errorf("periph host drivers: %w", err)
	}
	hostInit.ok = true
	return nil
}

func pinByName(what, name string) (gpio.PinIO, error) {
	if err := initHost(); err != nil {
		return nil, err
	}
	p := gpioreg.ByName(name)
	if p == nil {
		return nil, fmt.Errorf("%s: no GPIO pin named %q on this machine (not a Raspberry Pi? set devices.simulate)", what, name)
	}
	return p, nil
}

// PiDrivers opens the parts through periph.io's host drivers (a Raspberry Pi
// with SPI and I²C enabled, see docs/hardware.md).
func PiDrivers() Drivers {
	return Drivers{
		Drop: func(c DropConfig) (DropSensor, error) {
			p, err := pinByName("drop sensor", c.Pin)
			if err != nil {
				return nil, err
			}
			o := DefaultDropOpts
			if c.BrokenHigh {
				o.BrokenLevel = gpio.High
			}
			o.Debounce, o.MinGap, o.Quiet = c.Debounce.D(), c.MinGap.D(), c.Quiet.D()
			return NewDropSensor(p, &o)
		},
		Buttons: func(c ButtonsConfig) (Buttons, error) {
			var host gpio.PinIn
			if c.Host != "" {
				p, err := pinByName("host button", c.Host)
				if err != nil {
					return nil, err
				}
				host = p
			}
			seats := make([]gpio.PinIn, len(c.Seats))
			for i, name := range c.Seats {
				if name == "" {
					continue
				}
				p, err := pinByName(fmt.Sprintf("seat %d button", i+1), name)
				if err != nil {
					return nil, err
				}
				seats[i] = p
			}
			o := DefaultButtonOpts
			o.Debounce, o.Long = c.Debounce.D(), c.Long.D()
			return NewButtons(host, seats, &o)
		},
		Lights: func(c LightsConfig) (Indicator, error) {
			if err := initHost(); err != nil {
				return nil, err
			}
			port, err := spireg.Open(c.SPI)
			if err != nil {
				return nil, fmt.Errorf("LED strip: cannot open SPI %q; is that SPI bus enabled (docs/hardware.md)? periph says: %w", c.SPI, err)
			}
			o := &StripOpts{Count: c.Count, Brightness: DefaultStripOpts.Brightness}
			if c.Brightness > 0 {
				o.Brightness = uint8(min(c.Brightness, 255))
			}
			var s *Strip
			switch c.Kind {
			case "apa102":
				s, err = NewAPA102(port, o)
			case "ws2812", "":
				s, err = NewWS2812(port, o)
			default:
				err = fmt.Errorf("LED strip: kind %q; want \"ws2812\" or \"apa102\"", c.Kind)
			}
			if err != nil {
				port.Close()
				return nil, err
			}
			return closingIndicator{s, port}, nil
		},
		Cards: func(c CardsConfig) (CardReader, error) {
			reset, err := pinByName("card reader reset", c.Reset)
			if err != nil {
				return nil, err
			}
			irq, err := pinByName("card reader IRQ", c.IRQ)
			if err != nil {
				return nil, err
			}
			port, err := spireg.Open(c.SPI)
			if err != nil {
				return nil, fmt.Errorf("card reader: cannot open SPI %q; is SPI enabled (docs/hardware.md)? periph says: %w", c.SPI, err)
			}
			r, err := NewCardReader(port, reset, irq, nil)
			if err != nil {
				port.Close()
				return nil, err
			}
			return closingCardReader{r, port}, nil
		},
		Display: func(c DisplayConfig) (Display, error) {
			if err := initHost(); err != nil {
				return nil, err
			}
			bus, err := i2creg.Open(c.I2C)
			if err != nil {
				return nil, fmt.Errorf("display: cannot open I²C bus %q; is I²C enabled (docs/hardware.md)? periph says: %w", c.I2C, err)
			}
			d, err := NewOLED(bus, &OLEDOpts{W: c.Width, H: c.Height, Rotated: c.Rotated})
			if err != nil {
				bus.Close()
				return nil, err
			}
			return closingDisplay{d, bus}, nil
		},
	}
}

// The closing* wrappers release the bus with the part, so that the part can
// be opened again after a failure.
type closingIndicator struct {
	Indicator
	c io.Closer
}

func (c closingIndicator) Halt() error { return errors.Join(c.Indicator.Halt(), c.c.Close()) }

type closingCardReader struct {
	CardReader
	c io.Closer
}

func (c closingCardReader) Halt() error { return errors.Join(c.CardReader.Halt(), c.c.Close()) }

type closingDisplay struct {
	Display
	c io.Closer
}

func (c closingDisplay) Halt() error { return errors.Join(c.Display.Halt(), c.c.Close()) }
