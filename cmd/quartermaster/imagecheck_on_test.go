//go:build cgo && !novision

package main

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision"
)

// bombPNG writes a copy of the PNG at src whose header declares w x h
// pixels (a decompression bomb's header, with a valid checksum).
func bombPNG(t *testing.T, src, dst string, w, h uint32) {
	t.Helper()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	binary.BigEndian.PutUint32(b[16:], w)
	binary.BigEndian.PutUint32(b[20:], h)
	binary.BigEndian.PutUint32(b[29:], crc32.ChecksumIEEE(b[12:29]))
	if err := os.WriteFile(dst, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// A photograph declaring 16000x16000 pixels is refused from its header by
// read-battle and calibrate; and a calibrate that fails (here on its drop
// photo) leaves the calibration as it was instead of half replaced.
func TestHostileImagesAndAtomicCalibration(t *testing.T) {
	dir := t.TempDir()
	s, photo, empty, layout := battleFiles(t, dir, 25)
	bomb := filepath.Join(dir, "bomb.png")
	bombPNG(t, photo, bomb, 16000, 16000)
	corners := s.Corners()
	code, out, errOut := runCLI("read-battle", "--layout", layout, "--corners", corners.String(), bomb)
	if code == 0 || out != "" || !strings.Contains(errOut, "too large") || !strings.Contains(errOut, "16000x16000") {
		t.Errorf("read-battle of a bomb: exit %d, out %q, err %q", code, out, errOut)
	}
	data := filepath.Join(dir, "data")
	if code, _, errOut := runCLI("calibrate", "--empty", bomb, "--corners", corners.String(), "--data", data); code == 0 || !strings.Contains(errOut, "too large") {
		t.Errorf("calibrate with a bomb: exit %d %q", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(data, vision.CalibrationFile)); err == nil {
		t.Error("a refused calibrate wrote a calibration")
	}

	if code, _, errOut := runCLI("calibrate", "--empty", empty, "--corners", corners.String(), "--layout", layout, "--data", data); code != 0 {
		t.Fatalf("calibrate: exit %d %s", code, errOut)
	}
	before := map[string][]byte{}
	for _, f := range []string{vision.CalibrationFile, vision.EmptyFile} {
		b, err := os.ReadFile(filepath.Join(data, f))
		if err != nil {
			t.Fatal(err)
		}
		before[f] = b
	}
	moved := corners
	for i := range moved {
		moved[i].X += 4
	}
	corrupt := filepath.Join(dir, "corrupt.png")
	if err := os.WriteFile(corrupt, []byte("\x89PNG\r\n\x1a\nnot really"), 0o644); err != nil {
		t.Fatal(err)
	}
	for drop, want := range map[string]string{bomb: "too large", corrupt: "not a readable image"} {
		code, _, errOut = runCLI("calibrate", "--empty", empty, "--corners", moved.String(), "--layout", layout,
			"--drop", drop, "--drop-colors", "strength-1-left=purple", "--data", data)
		if code == 0 || !strings.Contains(errOut, want) {
			t.Errorf("calibrate with drop %s: exit %d %q, want %q", filepath.Base(drop), code, errOut, want)
		}
		for f, b := range before {
			if now, _ := os.ReadFile(filepath.Join(data, f)); !bytes.Equal(now, b) {
				t.Errorf("a calibrate failing on drop %s changed %s", filepath.Base(drop), f)
			}
		}
	}
	if _, err := os.Stat(filepath.Join(data, vision.PaletteFile)); err == nil {
		t.Error("a failed calibrate wrote a palette")
	}
}
