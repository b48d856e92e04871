package devices

import (
	"bytes"
	"strings"
	"testing"

	"periph.io/x/conn/v3/i2c/i2ctest"
	"periph.io/x/devices/v3/ssd1306/image1bit"
)

// ascii draws the image as rows of '#' and '.', for readable failures.
func ascii(img *image1bit.VerticalLSB, w, h int) string {
	var b strings.Builder
	for y := range h {
		for x := range w {
			if img.BitAt(x, y) {
				b.WriteByte('#')
			} else {
				b.WriteByte('.')
			}
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestFontIsComplete(t *testing.T) {
	for r, g := range glyphs {
		for i, row := range g {
			if len(row) != glyphW || strings.Trim(row, "#.") != "" {
				t.Errorf("glyph %q row %d is %q, want 5 of '#' or '.'", r, i, row)
			}
		}
	}
	for r := '0'; r <= '9'; r++ {
		if _, ok := glyphs[r]; !ok {
			t.Errorf("no glyph for digit %q", r)
		}
	}
	for r := 'A'; r <= 'Z'; r++ {
		if _, ok := glyphs[r]; !ok {
			t.Errorf("no glyph for letter %q", r)
		}
	}
	if glyph('a') != glyph('A') || glyph('€') != glyph('?') {
		t.Error("lower case should draw as capitals and unknown runes as '?'")
	}
}

func TestRenderText(t *testing.T) {
	// One short line fits at 3x: "1" is 15x21 pixels at the top left.
	img := RenderText([]string{"1"}, 128, 64)
	want := `......###......
...######......
......###......
`
	got := ascii(img, 15, 64)
	// Rows 0, 3 and 6 of the scaled glyph: the top, the stem, the stem.
	rows := strings.Split(got, "\n")
	if rows[0]+"\n"+rows[3]+"\n"+rows[6]+"\n" != want {
		t.Errorf("'1' at 3x:\n%s", got)
	}
	if !img.BitAt(6, 20) || img.BitAt(6, 21) || img.BitAt(20, 10) {
		t.Errorf("'1' at 3x should end at row 20 and be alone:\n%s", got)
	}

	// Four lines of ten characters fit at 2x, eight lines only at 1x.
	// At 2x the second line ("DEFEND", whose 'D' starts with a lit pixel at
	// the left) begins at row 16, where 1x would draw the empty third line;
	// and the strokes are two pixels wide.
	if img := RenderText([]string{"ATTACK: 5", "DEFEND: 3", "", "ROUND 2"}, 128, 64); !img.BitAt(0, 16) || !img.BitAt(1, 2) {
		t.Errorf("four lines at 2x:\n%s", ascii(img, 128, 64))
	}
	eight := []string{"1", "2", "3", "4", "5", "6", "7", "8"}
	img = RenderText(eight, 128, 64)
	// '8' starts at row 56 in 1x: its top row is ".###.".
	if !img.BitAt(1, 56) || img.BitAt(0, 56) {
		t.Errorf("eight lines at 1x:\n%s", ascii(img, 128, 64))
	}
	// Too much text is cut, never a panic.
	_ = RenderText([]string{strings.Repeat("W", 100), "", "", "", "", "", "", "", "", "x"}, 128, 32)
}

// TestOLEDInitAndFrame records the I²C traffic of the SSD1306: the init
// commands at address 0x3C, then the frame whose pixels are our text.
func TestOLEDInitAndFrame(t *testing.T) {
	bus := &i2ctest.Record{}
	d, err := NewOLED(bus, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(bus.Ops) != 1 {
		t.Fatalf("%d I²C writes for init, want 1", len(bus.Ops))
	}
	init := bus.Ops[0]
	if init.Addr != 0x3C || init.W[0] != 0x00 || init.W[1] != 0xAE || init.W[len(init.W)-1] != 0xAF {
		t.Fatalf("init = addr %#x % X; want a command stream to 0x3C from display-off (AE) to display-on (AF)", init.Addr, init.W)
	}
	lines := []string{"ATTACK 5", "DEFEND 3"}
	if err := d.Show(lines); err != nil {
		t.Fatal(err)
	}
	// The first frame is sent in full: per page a command (page, column) and
	// 128 bytes of data after the 0x40 data prefix.
	var frame []byte
	for _, op := range bus.Ops[1:] {
		if op.Addr != 0x3C {
			t.Fatalf("write to %#x, want 0x3C", op.Addr)
		}
		if op.W[0] == 0x40 {
			frame = append(frame, op.W[1:]...)
		}
	}
	want := RenderText(lines, 128, 64)
	if !bytes.Equal(frame, want.Pix) {
		t.Fatalf("frame sent (%d bytes) is not the rendered text (%d bytes)", len(frame), len(want.Pix))
	}
	if bytes.Count(frame, []byte{0}) == len(frame) {
		t.Fatal("the frame sent is blank")
	}
	// The same lines again send nothing; other lines send only the change.
	n := len(bus.Ops)
	if err := d.Show(lines); err != nil {
		t.Fatal(err)
	}
	if len(bus.Ops) != n {
		t.Errorf("showing the same lines again wrote %d times", len(bus.Ops)-n)
	}
	if err := d.Show([]string{"ATTACK 5", "DEFEND 4"}); err != nil {
		t.Fatal(err)
	}
	if len(bus.Ops) == n {
		t.Error("a changed line was not sent")
	}
}
