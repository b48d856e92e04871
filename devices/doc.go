// Package devices drives the table's hardware: the tower's drop sensor, the
// player buttons, the LED strip, the RFID reader for sailor cards and the small
// display. Each part is a small interface with a periph.io implementation for
// the Raspberry Pi and a simulator for any other machine.
package devices
