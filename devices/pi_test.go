package devices

import (
	"os"
	"strings"
	"testing"
)

// TestPiDriversOffPi: on a machine without the Pi's GPIO, SPI and I²C, every
// Pi driver fails with a message naming what is missing, and none panics.
func TestPiDriversOffPi(t *testing.T) {
	if _, err := os.Stat("/dev/gpiomem"); err == nil {
		t.Skip("this machine has Pi GPIO; the parts might really be there")
	}
	cfg := DefaultConfig()
	d := PiDrivers()
	check := func(part string, err error, want string) {
		t.Helper()
		if err == nil {
			t.Errorf("%s opened on a machine without it", part)
			return
		}
		if !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %q does not name %q", part, err, want)
		}
	}
	_, err := d.Drop(cfg.Drop)
	check("drop sensor", err, "GPIO17")
	_, err = d.Buttons(cfg.Buttons)
	check("buttons", err, "GPIO5")
	_, err = d.Lights(cfg.Lights)
	check("lights", err, "/dev/spidev1.0")
	_, err = d.Cards(cfg.Cards)
	check("cards", err, "GPIO25")
	_, err = d.Display(cfg.Display)
	check("display", err, `I²C bus "1"`)
}
