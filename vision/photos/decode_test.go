package photos

import (
	"bytes"
	"encoding/binary"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

// exifJPEG returns a JPEG of img with an EXIF block declaring orientation
// o, in the byte order bo (as a phone writes it, right after SOI).
func exifJPEG(t *testing.T, img image.Image, o uint16, bo binary.ByteOrder) []byte {
	t.Helper()
	var j bytes.Buffer
	if err := jpeg.Encode(&j, img, &jpeg.Options{Quality: 100}); err != nil {
		t.Fatal(err)
	}
	tiff := make([]byte, 8+2+12+4)
	if bo == binary.LittleEndian {
		copy(tiff, "II*\x00")
	} else {
		copy(tiff, "MM\x00*")
	}
	bo.PutUint32(tiff[4:], 8)
	bo.PutUint16(tiff[8:], 1)       // one entry
	bo.PutUint16(tiff[10:], 0x0112) // Orientation
	bo.PutUint16(tiff[12:], 3)      // SHORT
	bo.PutUint32(tiff[14:], 1)      // one value
	bo.PutUint16(tiff[18:], o)      // the value, left-justified
	seg := append([]byte("Exif\x00\x00"), tiff...)
	app1 := []byte{0xFF, 0xE1, 0, 0}
	binary.BigEndian.PutUint16(app1[2:], uint16(len(seg)+2))
	b := j.Bytes()
	out := append([]byte{}, b[:2]...)
	out = append(out, app1...)
	out = append(out, seg...)
	return append(out, b[2:]...)
}

func TestExifOrientationIsRead(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 16, 8))
	for o := uint16(1); o <= 8; o++ {
		for _, bo := range []binary.ByteOrder{binary.LittleEndian, binary.BigEndian} {
			if got := exifOrientation(exifJPEG(t, img, o, bo)); got != int(o) {
				t.Errorf("orientation %d (%v): read %d", o, bo, got)
			}
		}
	}
	var plain bytes.Buffer
	_ = jpeg.Encode(&plain, img, nil)
	if got := exifOrientation(plain.Bytes()); got != 1 {
		t.Errorf("a JPEG without EXIF: %d", got)
	}
	if got := exifOrientation(exifJPEG(t, img, 42, binary.BigEndian)); got != 1 {
		t.Errorf("an orientation of 42: %d", got)
	}
}

// Each orientation turns the stored picture upright: a phone held a
// quarter turn clockwise (6) stores the scene turned anticlockwise.
func TestOrientTurnsThePictureUpright(t *testing.T) {
	// A 3x2 picture with pixels numbered 1..6 row by row:
	//   1 2 3
	//   4 5 6
	src := image.NewRGBA(image.Rect(0, 0, 3, 2))
	for i := 0; i < 6; i++ {
		src.Pix[4*i] = uint8(i + 1)
	}
	want := map[int][]string{
		1: {"123", "456"},
		2: {"321", "654"},
		3: {"654", "321"},
		4: {"456", "123"},
		5: {"14", "25", "36"},
		6: {"41", "52", "63"},
		7: {"63", "52", "41"},
		8: {"36", "25", "14"},
	}
	for o, rows := range want {
		got := orient(src, o)
		if got.Rect.Dy() != len(rows) || got.Rect.Dx() != len(rows[0]) {
			t.Errorf("orientation %d: %v", o, got.Rect)
			continue
		}
		for y, row := range rows {
			for x := range row {
				if g := got.Pix[y*got.Stride+4*x]; g != row[x]-'0' {
					t.Errorf("orientation %d: pixel (%d,%d) is %d, want %c", o, x, y, g, row[x])
				}
			}
		}
	}
}

func TestReadImageTurnsAndKeepsColours(t *testing.T) {
	dir := t.TempDir()
	img := image.NewRGBA(image.Rect(0, 0, 64, 32))
	for i := range img.Pix {
		img.Pix[i] = 200
	}
	path := filepath.Join(dir, "phone.jpg")
	if err := os.WriteFile(path, exifJPEG(t, img, 6, binary.BigEndian), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := readImage(path)
	if err != nil {
		t.Fatal(err)
	}
	if got.Rect.Dx() != 32 || got.Rect.Dy() != 64 {
		t.Errorf("a 64x32 photo held sideways reads as %v", got.Rect)
	}
	// A translucent pixel keeps its colour (OpenCV ignored alpha).
	n := image.NewNRGBA(image.Rect(0, 0, 40, 40))
	for i := 0; i < len(n.Pix); i += 4 {
		n.Pix[i], n.Pix[i+1], n.Pix[i+2], n.Pix[i+3] = 10, 150, 250, 0
	}
	path = filepath.Join(dir, "alpha.png")
	f, _ := os.Create(path)
	if err := png.Encode(f, n); err != nil {
		t.Fatal(err)
	}
	f.Close()
	if got, err = readImage(path); err != nil {
		t.Fatal(err)
	}
	if c := got.RGBAAt(5, 5); c != (color.RGBA{10, 150, 250, 255}) {
		t.Errorf("a transparent pixel reads as %v", c)
	}
	if _, err := readImage(filepath.Join(dir, "missing.png")); err == nil {
		t.Error("a missing file was read")
	}
	if err := os.WriteFile(filepath.Join(dir, "junk.jpg"), []byte{0xFF, 0xD8, 0xFF, 0xE1, 0, 3, 1}, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := readImage(filepath.Join(dir, "junk.jpg")); err == nil {
		t.Error("a truncated JPEG was read")
	}
}

// FuzzExifOrientation: any bytes give an orientation from 1 to 8, never a
// panic.
func FuzzExifOrientation(f *testing.F) {
	f.Add([]byte{0xFF, 0xD8, 0xFF, 0xE1, 0x00, 0x08, 'E', 'x', 'i', 'f', 0, 0})
	f.Add([]byte("\xFF\xD8\xFF\xE1\x00\x22Exif\x00\x00MM\x00*\x00\x00\x00\x08\x00\x01\x01\x12\x00\x03\x00\x00\x00\x01\x00\x06\x00\x00\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, b []byte) {
		if o := exifOrientation(b); o < 1 || o > 8 {
			t.Fatalf("orientation %d", o)
		}
	})
}
