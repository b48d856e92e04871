package web

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestQRDecodes reads our QR codes back with zbarimg (Debian's zbar-tools),
// when it is installed: the join links must scan on a phone.
func TestQRDecodes(t *testing.T) {
	zbar, err := exec.LookPath("zbarimg")
	if err != nil {
		t.Skip("zbarimg not installed (apt-get install zbar-tools); the QR structure is still checked by TestQRStructure")
	}
	for i, text := range []string{"http://192.168.1.20:8080/#/p/3f2a9c1d7e5b?pin=4821", "hello", "http://quartermaster.local:8080/#/p/abcdef123456?pin=99887766"} {
		m, err := qrModules(text)
		if err != nil {
			t.Fatal(err)
		}
		n, sc := len(m)+8, 6
		img := image.NewGray(image.Rect(0, 0, n*sc, n*sc))
		for y := range n * sc {
			for x := range n * sc {
				mx, my := x/sc-4, y/sc-4
				c := color.Gray{255}
				if mx >= 0 && my >= 0 && mx < len(m) && my < len(m) && m[my][mx] {
					c = color.Gray{0}
				}
				img.SetGray(x, y, c)
			}
		}
		p := filepath.Join(t.TempDir(), "qr"+string(rune('0'+i))+".png")
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := png.Encode(f, img); err != nil {
			t.Fatal(err)
		}
		f.Close()
		out, err := exec.Command(zbar, "-q", "--raw", p).Output()
		if got := strings.TrimSpace(string(out)); got != text {
			t.Errorf("%q scanned as %q (%v)", text, got, err)
		}
	}
}
