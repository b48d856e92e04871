package devices

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"periph.io/x/conn/v3/gpio"
	"periph.io/x/conn/v3/spi"
	"periph.io/x/devices/v3/mfrc522"
	"periph.io/x/devices/v3/mfrc522/commands"
)

// CardReader reads the NFC stickers in the sailor cards' sleeves. A card
// resting on the reader is reported once, not once per read.
type CardReader interface {
	// Watch sends CardTapped events to out until ctx is done (then it returns
	// nil) or the reader fails (then it returns why).
	Watch(ctx context.Context, out chan<- Event) error
	String() string
	Halt() error
}

// CardOpts tunes the card reader. Zero values take the DefaultCardOpts value.
type CardOpts struct {
	// Wait is how long one read waits for a card before the watcher looks at
	// its context again.
	Wait time.Duration
	// Repeat is how long a card must have been away from the reader before
	// the same card counts as tapped again.
	Repeat time.Duration
	// MaxErrors is how many reader errors in a row (not "no card") make Watch
	// give up, so that the supervisor reopens the reader.
	MaxErrors int
	// Clock is the time for Repeat; nil is the wall clock.
	Clock Clock
}

// DefaultCardOpts suits a player tapping a card and taking it away.
var DefaultCardOpts = CardOpts{Wait: 500 * time.Millisecond, Repeat: 1500 * time.Millisecond, MaxErrors: 20}

func (o *CardOpts) withDefaults() CardOpts {
	r := DefaultCardOpts
	if o != nil {
		r = *o
	}
	d := DefaultCardOpts
	if r.Wait <= 0 {
		r.Wait = d.Wait
	}
	if r.Repeat <= 0 {
		r.Repeat = d.Repeat
	}
	if r.MaxErrors <= 0 {
		r.MaxErrors = d.MaxErrors
	}
	if r.Clock == nil {
		r.Clock = RealClock
	}
	return r
}

// uidReader is the part of mfrc522.Dev the watcher uses; tests fake it.
type uidReader interface {
	ReadUID(timeout time.Duration) ([]byte, error)
	String() string
	Halt() error
}

// RFID is a CardReader on an MFRC522 module.
type RFID struct {
	r    uidReader
	opts CardOpts
}

// NewCardReader initialises an MFRC522 on the SPI port. Its RST line is on
// reset and its IRQ line on irq (periph's driver needs both). o may be nil
// for DefaultCardOpts.
func NewCardReader(port spi.Port, reset gpio.PinOut, irq gpio.PinIn, o *CardOpts) (*RFID, error) {
	if port == nil || reset == nil || irq == nil {
		return nil, errors.New("card reader: the MFRC522 needs an SPI port, a reset pin and an IRQ pin")
	}
	d, err := mfrc522.NewSPI(port, reset, irq)
	if err != nil {
		return nil, fmt.Errorf("card reader (MFRC522 on %s): %w", port, err)
	}
	// SPI writes succeed with nothing on the bus, so ask the chip its
	// version: a missing chip reads as all zeros or all ones.
	v, err := d.LowLevel.DevRead(commands.VersionReg)
	if err != nil {
		return nil, fmt.Errorf("card reader (MFRC522 on %s): read version: %w", port, err)
	}
	if v == 0x00 || v == 0xFF {
		_ = d.Halt()
		return nil, fmt.Errorf("card reader: no MFRC522 answers on %s (version register reads %#02x); check its wiring and 3.3 V", port, v)
	}
	return newRFID(d, o), nil
}

func newRFID(r uidReader, o *CardOpts) *RFID { return &RFID{r: r, opts: o.withDefaults()} }

// String names the reader.
func (c *RFID) String() string { return c.r.String() }

// Halt powers the reader's chip down.
func (c *RFID) Halt() error { return c.r.Halt() }

// isNoCard reports whether err only means that no card came during the wait.
func isNoCard(err error) bool { return strings.Contains(err.Error(), "timeout") }

// Watch reads cards until ctx is done, sending each new tap once.
func (c *RFID) Watch(ctx context.Context, out chan<- Event) error {
	var last UID
	var lastSeen time.Time
	errs := 0
	for ctx.Err() == nil {
		b, err := c.r.ReadUID(c.opts.Wait)
		now := c.opts.Clock.Now()
		if err != nil {
			if isNoCard(err) {
				errs = 0
				continue
			}
			// A card pulled away mid-read garbles a frame now and then;
			// only a run of errors means the reader is gone.
			if errs++; errs >= c.opts.MaxErrors {
				return fmt.Errorf("card reader %s: %d errors in a row, the last: %w", c.r, errs, err)
			}
			continue
		}
		errs = 0
		if len(b) == 0 {
			continue
		}
		uid := UIDFromBytes(b)
		again := uid == last && now.Sub(lastSeen) < c.opts.Repeat
		last, lastSeen = uid, now
		if again {
			continue // still resting on the reader
		}
		if !send(ctx, out, Event{Kind: CardTapped, Time: now, Part: PartCards, UID: uid}) {
			return nil
		}
	}
	return nil
}
