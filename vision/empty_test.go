package vision

import (
	"errors"
	"image"
	"image/color"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEmptyBoardFile: no photograph yet is fs.ErrNotExist (serve then
// reads without a reference); a saved one comes back pixel for pixel; a
// damaged file is an error naming it, never an image.
func TestEmptyBoardFile(t *testing.T) {
	dir := t.TempDir()
	if _, err := LoadEmpty(dir); !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("no empty board yet: %v, want fs.ErrNotExist", err)
	}
	img := image.NewRGBA(image.Rect(0, 0, 4, 3))
	img.Set(1, 2, color.RGBA{200, 10, 30, 255})
	if err := SaveEmpty(filepath.Join(dir, "data"), img); err != nil {
		t.Fatal(err)
	}
	got, err := LoadEmpty(filepath.Join(dir, "data"))
	if err != nil {
		t.Fatal(err)
	}
	if got.Bounds() != img.Bounds() {
		t.Fatalf("size %v, saved %v", got.Bounds(), img.Bounds())
	}
	if r, g, b, _ := got.At(1, 2).RGBA(); r>>8 != 200 || g>>8 != 10 || b>>8 != 30 {
		t.Fatalf("pixel (1,2) came back as %d,%d,%d", r>>8, g>>8, b>>8)
	}
	if err := os.WriteFile(filepath.Join(dir, EmptyFile), []byte("not a png"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadEmpty(dir); err == nil || !strings.Contains(err.Error(), EmptyFile) {
		t.Fatalf("a damaged file: %v, want an error naming %s", err, EmptyFile)
	}
}
