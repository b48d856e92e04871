package vision

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A photograph that declares more pixels than a camera makes is refused
// from its header, before a byte of it is decoded; a normal one passes.
func TestCheckImageRefusesHugeImages(t *testing.T) {
	dir := t.TempDir()
	small := filepath.Join(dir, "small.png")
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewGray(image.Rect(0, 0, 64, 48))); err != nil {
		t.Fatal(err)
	}
	os.WriteFile(small, b.Bytes(), 0o644)
	if w, h, err := CheckImageFile(small); err != nil || w != 64 || h != 48 {
		t.Fatalf("a 64x48 photo: %dx%d %v", w, h, err)
	}
	// A PNG whose header says 16000x16000 (the IHDR's width and height
	// rewritten; the check reads no further).
	huge := PNGWithSize(b.Bytes(), 16000, 16000)
	if _, _, err := CheckImage(bytes.NewReader(huge)); !errors.Is(err, ErrImageTooLarge) || !strings.Contains(err.Error(), "16000x16000") {
		t.Errorf("a 16000x16000 PNG: %v", err)
	}
	wide := PNGWithSize(b.Bytes(), 30000, 1) // few pixels, too wide
	if _, _, err := CheckImage(bytes.NewReader(wide)); !errors.Is(err, ErrImageTooLarge) {
		t.Errorf("a 30000x1 PNG: %v", err)
	}
	for name, data := range map[string][]byte{"text": []byte("hello"), "a GIF": []byte("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), "empty": nil} {
		if _, _, err := CheckImage(bytes.NewReader(data)); err == nil {
			t.Errorf("%s accepted as a photograph", name)
		}
	}
}

// PNGWithSize returns a copy of a PNG whose header declares w x h pixels
// (the IHDR chunk rewritten with its checksum), as a decompression bomb's
// does; its pixel data is the original's.
func PNGWithSize(p []byte, w, h uint32) []byte {
	out := append([]byte(nil), p...)
	binary.BigEndian.PutUint32(out[16:], w)
	binary.BigEndian.PutUint32(out[20:], h)
	binary.BigEndian.PutUint32(out[29:], crc32.ChecksumIEEE(out[12:29]))
	return out
}

// A calibration recording a 16000x16000 photo (as a bomb once left one) is
// refused when checked, so serve reports it instead of decoding such frames.
func TestCalibrationOfAHugeImageIsRefused(t *testing.T) {
	c := Calibration{ImageWidth: 16000, ImageHeight: 16000}
	if _, err := c.Check(); !errors.Is(err, ErrImageTooLarge) {
		t.Errorf("a 16000x16000 calibration: %v", err)
	}
}
