//go:build cgo && !novision

package main

import (
	"bufio"
	"encoding/json"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

func writePNG(t *testing.T, path string, img image.Image) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := png.Encode(f, img); err != nil {
		t.Fatal(err)
	}
}

// battleFiles renders a clean scene of lying cubes into dir: the photo, the
// empty board and the layout file.
func battleFiles(t *testing.T, dir string, seed uint64) (s *synth.Scene, photo, empty, layout string) {
	t.Helper()
	s = synth.Random(seed, synth.Options{W: 480, H: 360, Clean: true, MaxCubes: 6, PBalanced: 1e-9, PLeaning: 1e-9, PCluster: 1e-9, ColorsOverride: []string{"purple", "orange", "green", "blue"}})
	photo, empty = filepath.Join(dir, "photo.png"), filepath.Join(dir, "empty.png")
	writePNG(t, photo, synth.Render(s))
	writePNG(t, empty, synth.RenderEmpty(s))
	layout = filepath.Join(dir, "layout.json")
	if err := os.WriteFile(layout, board.DefaultLayoutJSON(), 0o644); err != nil {
		t.Fatal(err)
	}
	return s, photo, empty, layout
}

func TestReadBattleCommand(t *testing.T) {
	dir := t.TempDir()
	s, photo, empty, layout := battleFiles(t, dir, 21)
	overlay := filepath.Join(dir, "out.png")
	code, out, errOut := runCLI("read-battle", "--layout", layout, "--corners", s.Corners().String(), "--empty", empty, "--overlay", overlay, photo, photo)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := 0
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		lines++
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &raw); err != nil {
			t.Fatalf("line %d is not JSON: %v", lines, err)
		}
		for _, k := range []string{"image", "cubes", "redrop", "tally", "elapsed_ms"} {
			if _, ok := raw[k]; !ok {
				t.Errorf("line %d lacks %q", lines, k)
			}
		}
		var res vision.Result
		json.Unmarshal(sc.Bytes(), &res)
		if res.Image != photo {
			t.Errorf("image %q", res.Image)
		}
		if len(res.Cubes) != len(s.Cubes) {
			t.Errorf("read %d cubes, the scene has %d: %+v", len(res.Cubes), len(s.Cubes), res.Cubes)
		}
		want := map[string]int{}
		for _, c := range s.Cubes {
			want[c.Color+"@"+c.Zone]++
		}
		for _, c := range res.Cubes {
			want[c.Color+"@"+c.Zone]--
		}
		for k, n := range want {
			if n != 0 {
				t.Errorf("%s: %d more in the scene than read", k, n)
			}
		}
	}
	if lines != 2 {
		t.Errorf("%d lines for 2 images:\n%s", lines, out)
	}
	if st, err := os.Stat(filepath.Join(dir, "out-photo.png")); err != nil || st.Size() < 1000 {
		t.Errorf("overlay not written: %v", err)
	}
}

func TestReadBattleBadInput(t *testing.T) {
	dir := t.TempDir()
	s, photo, _, layout := battleFiles(t, dir, 22)
	corrupt := filepath.Join(dir, "corrupt.png")
	os.WriteFile(corrupt, []byte("\x89PNG\r\n\x1a\nnot really"), 0o644)
	badLayout := filepath.Join(dir, "bad.json")
	os.WriteFile(badLayout, []byte(`{"width": 200, "zones": [`), 0o644)
	corners := s.Corners().String()
	blank := filepath.Join(dir, "blank.png")
	gray := image.NewRGBA(image.Rect(0, 0, 480, 360))
	for i := range gray.Pix {
		gray.Pix[i] = 128
	}
	writePNG(t, blank, gray)
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"missing image", []string{"--layout", layout, "--corners", corners, filepath.Join(dir, "nope.png")}, "nope.png"},
		{"corrupt image", []string{"--layout", layout, "--corners", corners, corrupt}, "not a readable image"},
		{"corners outside", []string{"--layout", layout, "--corners", "10,10;900,10;900,700;10,700", photo}, "outside"},
		{"corners in the wrong order", []string{"--layout", layout, "--corners", "10,10;10,300;400,300;400,10", photo}, "corners"},
		{"malformed layout", []string{"--layout", badLayout, "--corners", corners, photo}, "malformed layout"},
		{"missing layout", []string{"--layout", filepath.Join(dir, "none.json"), "--corners", corners, photo}, "layout"},
		{"no corners and no board to find", []string{"--layout", layout, blank}, "--corners"},
	} {
		code, out, errOut := runCLI(append([]string{"read-battle"}, tc.args...)...)
		if code == 0 || out != "" {
			t.Errorf("%s: exit %d, printed %q", tc.name, code, out)
		}
		if !strings.Contains(errOut, tc.want) || strings.Count(strings.TrimSpace(errOut), "\n") > 1 {
			t.Errorf("%s: stderr %q, want one line naming %q", tc.name, errOut, tc.want)
		}
	}
}

func TestCalibrateCommand(t *testing.T) {
	dir := t.TempDir()
	s, _, empty, layout := battleFiles(t, dir, 23)
	data := filepath.Join(dir, "data")
	code, _, errOut := runCLI("calibrate", "--empty", empty, "--corners", s.Corners().String(), "--layout", layout, "--data", data)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	c, err := vision.LoadCalibration(data)
	if err != nil {
		t.Fatal(err)
	}
	if c.ImageWidth != 480 || c.ImageHeight != 360 || c.Corners[2].Sub(s.Corners()[2]).Len() > 0.1 {
		t.Errorf("calibration %+v", c)
	}
	if _, err := os.Stat(filepath.Join(data, vision.EmptyFile)); err != nil {
		t.Error(err)
	}
	if code, _, errOut := runCLI("calibrate", "--empty", empty, "--corners", "1,1;2000,1;2000,2000;1,2000", "--data", data); code == 0 || !strings.Contains(errOut, "outside") {
		t.Errorf("corners outside the photo: exit %d %q", code, errOut)
	}
}

// Without --corners the board's outline is found: the read is the same as
// with the true corners.
func TestReadBattleFindsCorners(t *testing.T) {
	dir := t.TempDir()
	s, photo, empty, layout := battleFiles(t, dir, 23)
	code, auto, errOut := runCLI("read-battle", "--layout", layout, "--empty", empty, photo)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, given, _ := runCLI("read-battle", "--layout", layout, "--empty", empty, "--corners", s.Corners().String(), photo)
	var a, g struct {
		Cubes []struct{ Color, Zone string }
	}
	if err := json.Unmarshal([]byte(auto), &a); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(given), &g); err != nil {
		t.Fatal(err)
	}
	if len(a.Cubes) != len(s.Cubes) || len(a.Cubes) != len(g.Cubes) {
		t.Fatalf("found corners: %d cubes, given corners: %d, truth %d", len(a.Cubes), len(g.Cubes), len(s.Cubes))
	}
	for i := range a.Cubes {
		if a.Cubes[i] != g.Cubes[i] {
			t.Errorf("cube %d: %v with found corners, %v with given ones", i, a.Cubes[i], g.Cubes[i])
		}
	}
}

// calibrate without --corners finds them, and a calibration drop writes the
// measured colours where read-battle's data directory finds them.
func TestCalibrateWithDrop(t *testing.T) {
	dir := t.TempDir()
	s, photo, empty, layout := battleFiles(t, dir, 24)
	byZone := map[string]string{}
	mixed := map[string]bool{}
	for _, c := range s.Cubes {
		if prev, ok := byZone[c.Zone]; ok && prev != c.Color {
			mixed[c.Zone] = true
		}
		byZone[c.Zone] = c.Color
	}
	var pairs []string
	want := map[string]bool{}
	for z, c := range byZone {
		if !mixed[z] {
			pairs = append(pairs, z+"="+c)
			want[c] = true
		}
	}
	if len(pairs) == 0 {
		t.Fatal("test scene has no single-colour zone")
	}
	data := filepath.Join(dir, "data")
	code, out, errOut := runCLI("calibrate", "--empty", empty, "--layout", layout, "--drop", photo, "--drop-colors", strings.Join(pairs, ","), "--data", data)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "found automatically") {
		t.Errorf("output %q does not say the corners were found", out)
	}
	p, err := vision.LoadPalette(data)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(p.Note, "measured") {
		t.Errorf("palette in %s is not the measured one: %q", data, p.Note)
	}
	for c := range want {
		if _, ok := p.Colors[c]; !ok {
			t.Errorf("no measured %s", c)
		}
	}
	if code, _, errOut := runCLI("calibrate", "--empty", empty, "--drop", photo, "--data", data); code != 2 || !strings.Contains(errOut, "--drop-colors") {
		t.Errorf("--drop without colours: exit %d %q", code, errOut)
	}
}
