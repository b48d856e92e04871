package devices

import (
	"testing"

	"periph.io/x/conn/v3/spi/spitest"
)

func TestFrame(t *testing.T) {
	red, blue := RGB{200, 0, 0}, RGB{0, 0, 200}
	tests := []struct {
		name string
		l    Lights
		want []RGB
	}{
		{"off", Lights{Mode: Off, Color: red}, []RGB{{}, {}, {}, {}}},
		{"turn lights the whole strip", Lights{Mode: Turn, Color: red}, []RGB{red, red, red, red}},
		{"battle splits attacker and defender", Lights{Mode: Battle, Color: red, Other: blue}, []RGB{red, red, blue, blue}},
		{"re-drop lights every other LED", Lights{Mode: Redrop, Color: blue}, []RGB{blue, {}, blue, {}}},
		{"winner", Lights{Mode: Winner, Color: blue}, []RGB{blue, blue, blue, blue}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Frame(tt.l, 4, 255)
			if len(got) != len(tt.want) {
				t.Fatalf("got %d pixels, want %d", len(got), len(tt.want))
			}
			for i := range got {
				if got[i] != tt.want[i] {
					t.Errorf("pixel %d = %v, want %v", i, got[i], tt.want[i])
				}
			}
		})
	}
	// Dimming applies to the turn colour, not to the winner.
	if got := Frame(Lights{Mode: Turn, Color: RGB{200, 100, 0}}, 1, 128)[0]; got != (RGB{100, 50, 0}) {
		t.Errorf("turn at half brightness = %v, want [100 50 0]", got)
	}
	if got := Frame(Lights{Mode: Winner, Color: RGB{200, 100, 0}}, 1, 128)[0]; got != (RGB{200, 100, 0}) {
		t.Errorf("winner at half brightness = %v, want full [200 100 0]", got)
	}
}

// nrzDecode reads back the colour bytes from a WS2812 SPI stream as periph's
// nrzled writes it: every data bit is one nibble, 1000 for a 0, 1110 for a 1.
func nrzDecode(t *testing.T, spiBytes []byte) []byte {
	t.Helper()
	var out []byte
	for i := 0; i+4 <= len(spiBytes); i += 4 {
		var v byte
		for _, b := range spiBytes[i : i+4] {
			for _, nib := range []byte{b >> 4, b & 0x0F} {
				switch nib {
				case 0x8:
					v <<= 1
				case 0xE:
					v = v<<1 | 1
				default:
					t.Fatalf("byte %d: nibble %x is neither a WS2812 0 nor 1", i, nib)
				}
			}
		}
		out = append(out, v)
	}
	return out
}

// TestWS2812Frame records the SPI bytes sent for a known colour and checks
// that they go out in the WS2812's GRB order.
func TestWS2812Frame(t *testing.T) {
	rec := &spitest.Record{}
	s, err := NewWS2812(rec, &StripOpts{Count: 3, Brightness: 255})
	if err != nil {
		t.Fatal(err)
	}
	orange := RGB{0xE8, 0x7A, 0x20}
	if err := s.Show(Lights{Mode: Turn, Color: orange}); err != nil {
		t.Fatal(err)
	}
	if len(rec.Ops) != 1 {
		t.Fatalf("%d SPI transactions, want 1 frame", len(rec.Ops))
	}
	w := rec.Ops[0].W
	// 3 bytes of latch before and after, 4 SPI bytes per colour byte.
	if want := 3 + 3*3*4 + 3; len(w) != want {
		t.Fatalf("frame is %d bytes, want %d", len(w), want)
	}
	got := nrzDecode(t, w[3:len(w)-3])
	want := []byte{0x7A, 0xE8, 0x20, 0x7A, 0xE8, 0x20, 0x7A, 0xE8, 0x20} // G, R, B per LED
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("decoded % X, want GRB % X", got, want)
		}
	}

	// A battle: the first two LEDs in the attacker's colour, the last in the defender's.
	if err := s.Show(Lights{Mode: Battle, Color: RGB{255, 0, 0}, Other: RGB{0, 0, 255}}); err != nil {
		t.Fatal(err)
	}
	w = rec.Ops[1].W
	got = nrzDecode(t, w[3:len(w)-3])
	want = []byte{0, 255, 0, 0, 255, 0, 0, 0, 255}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("battle frame % X, want % X", got, want)
		}
	}
}

func TestAPA102Frame(t *testing.T) {
	rec := &spitest.Record{}
	s, err := NewAPA102(rec, &StripOpts{Count: 2, Brightness: 255})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Show(Lights{Mode: Winner, Color: RGB{255, 0, 0}}); err != nil {
		t.Fatal(err)
	}
	w := rec.Ops[0].W
	// Start frame of four zero bytes, then per LED: 0xE0|brightness, B, G, R.
	if w[0]|w[1]|w[2]|w[3] != 0 {
		t.Fatalf("start frame % X, want zeros", w[:4])
	}
	for led := 0; led < 2; led++ {
		p := w[4+4*led : 8+4*led]
		if p[0]&0xE0 != 0xE0 || p[1] != 0 || p[2] != 0 || p[3] == 0 {
			t.Errorf("LED %d = % X, want a red pixel (header, B=0, G=0, R>0)", led, p)
		}
	}
}

func TestStripNeedsCount(t *testing.T) {
	if _, err := NewWS2812(&spitest.Record{}, &StripOpts{Count: 0}); err == nil {
		t.Fatal("a strip with no LEDs was accepted")
	}
}
