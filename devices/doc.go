// Package devices drives the table's hardware: the tower's drop sensor, the
// player buttons, the LED strip, the RFID reader for sailor cards and the small
// display. Each part is a small interface with a periph.io implementation for
// the Raspberry Pi and a simulator for any other machine.
//
// Inputs (DropSensor, Buttons, CardReader) all feed one stream of Event values
// through Watch(ctx, out). Outputs (Indicator, Display) take a whole state at a
// time (Show), so showing the same state twice is harmless and a part that comes
// back after a failure can simply be shown the latest state again.
//
// Table supervises the parts named in a Config: it opens each one, reports a
// missing or failing part once in the log, carries on without it and retries,
// so a part that is plugged back in is picked up. Sim holds a simulator for
// every part with controls (press a button, drop cubes, tap a card) for the
// developer panel and the keyboard.
//
// The package imports nothing else of quartermaster and builds with
// CGO_ENABLED=0. The wiring is in docs/hardware.md.
package devices
