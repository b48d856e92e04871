package devices

import (
	"errors"
	"fmt"
	"image"

	"periph.io/x/conn/v3/i2c"
	"periph.io/x/devices/v3/ssd1306"
	"periph.io/x/devices/v3/ssd1306/image1bit"
)

// Display is the small screen at the tower: the cubes each side must drop,
// then the tally. It shows whole screens of text lines.
type Display interface {
	// Show replaces the screen with these lines (top to bottom).
	Show(lines []string) error
	String() string
	// Halt blanks the screen.
	Halt() error
}

// RenderText draws lines on a w x h one-bit image with the built-in 5x7 font,
// at the largest scale (3x, 2x or 1x) at which every line fits, so that two
// short lines ("ATTACK 5", "DEFEND 3") are readable from across the table.
// At 1x, characters past the right edge and lines past the bottom are cut.
func RenderText(lines []string, w, h int) *image1bit.VerticalLSB {
	img := image1bit.NewVerticalLSB(image.Rect(0, 0, w, h))
	longest := 0
	for _, l := range lines {
		longest = max(longest, len([]rune(l)))
	}
	scale := 1
	for _, s := range []int{3, 2} {
		if len(lines)*cellH*s-s <= h && longest*cellW*s-s <= w {
			scale = s
			break
		}
	}
	for row, l := range lines {
		y0 := row * cellH * scale
		if y0 >= h {
			break
		}
		for col, r := range []rune(l) {
			x0 := col * cellW * scale
			if x0 >= w {
				break
			}
			g := glyph(r)
			for gy, bits := range g {
				for gx, b := range bits {
					if b != '#' {
						continue
					}
					for dy := range scale {
						for dx := range scale {
							img.SetBit(x0+gx*scale+dx, y0+gy*scale+dy, image1bit.On)
						}
					}
				}
			}
		}
	}
	return img
}

// OLEDOpts describes an SSD1306 display.
type OLEDOpts struct {
	// W and H are the display's size in pixels: 128x64 or 128x32.
	W, H int
	// Rotated turns the picture upside down, for a display mounted that way.
	Rotated bool
}

// DefaultOLEDOpts is the common 0.96" 128x64 module.
var DefaultOLEDOpts = OLEDOpts{W: 128, H: 64}

// OLED is a Display on an SSD1306 over I²C (address 0x3C, the one periph's
// driver uses).
type OLED struct {
	d    *ssd1306.Dev
	opts OLEDOpts
}

// NewOLED initialises the SSD1306 on bus. o may be nil for DefaultOLEDOpts.
func NewOLED(bus i2c.Bus, o *OLEDOpts) (*OLED, error) {
	if bus == nil {
		return nil, errors.New("display: no I²C bus")
	}
	opts := DefaultOLEDOpts
	if o != nil {
		opts = *o
	}
	d, err := ssd1306.NewI2C(bus, &ssd1306.Opts{W: opts.W, H: opts.H, MirrorVertical: opts.Rotated, MirrorHorizontal: opts.Rotated})
	if err != nil {
		return nil, fmt.Errorf("display (SSD1306 at 0x3C on %s): %w", bus, err)
	}
	return &OLED{d: d, opts: opts}, nil
}

// String names the display.
func (o *OLED) String() string { return o.d.String() }

// Halt turns the display off.
func (o *OLED) Halt() error { return o.d.Halt() }

// Show draws the lines. The driver only sends the part of the screen that
// changed, so showing the same lines again costs nothing on the bus.
func (o *OLED) Show(lines []string) error {
	img := RenderText(lines, o.opts.W, o.opts.H)
	if err := o.d.Draw(img.Bounds(), img, image.Point{}); err != nil {
		return fmt.Errorf("display %s: %w", o.d, err)
	}
	return nil
}
