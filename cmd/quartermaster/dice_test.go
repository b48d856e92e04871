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

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

const testTrayJSON = `{"name":"Test Tray","units":"mm","width":240,"height":160,"wall_mm":6,
 "zones":[{"id":"attacker","polygon":[[0,0],[120,0],[120,160],[0,160]]},{"id":"defender","polygon":[[120,0],[240,0],[240,160],[120,160]]}]}`

const testDiceJSON = `{"dice": [
  {"id": "white", "colour": [236, 234, 226], "size_mm": 16, "faces": {"kind": "pips", "pip_colour": [20, 20, 20]}},
  {"id": "red", "colour": [178, 34, 40], "size_mm": 16, "faces": {"kind": "pips", "pip_colour": [245, 245, 245]}},
  {"id": "black", "colour": [32, 32, 34], "size_mm": 16, "faces": {"kind": "pips", "pip_colour": [240, 240, 240]}}]}`

// diceFiles renders a clean roll of pip dice into dir with the tray and
// dice set files.
func diceFiles(t *testing.T, dir string) (s *synth.DiceScene, photo, tray, dice string) {
	t.Helper()
	s = synth.RandomDice(11, synth.DiceOptions{W: 640, H: 480, MinDice: 3, MaxDice: 4, PCocked: 1e-9, POutside: 1e-9, Clean: true, IDs: []string{"white", "red", "black"}})
	photo = filepath.Join(dir, "roll.png")
	f, err := os.Create(photo)
	if err != nil {
		t.Fatal(err)
	}
	if err := png.Encode(f, synth.RenderDice(s)); err != nil {
		t.Fatal(err)
	}
	f.Close()
	tray, dice = filepath.Join(dir, "tray.json"), filepath.Join(dir, "dice.json")
	for p, b := range map[string]string{tray: testTrayJSON, dice: testDiceJSON} {
		if err := os.WriteFile(p, []byte(b), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return s, photo, tray, dice
}

func TestReadDiceCommand(t *testing.T) {
	dir := t.TempDir()
	s, photo, tray, dice := diceFiles(t, dir)
	overlay := filepath.Join(dir, "out.png")
	code, out, errOut := runCLI("read-dice", "--tray", tray, "--dice", dice, "--corners", s.Corners().String(), "--overlay", overlay, photo)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	sc := bufio.NewScanner(strings.NewReader(out))
	lines := 0
	for sc.Scan() {
		lines++
		var got struct {
			Image string `json:"image"`
			Dice  []struct {
				Die, Face, Zone string
			} `json:"dice"`
			Unreadable []json.RawMessage                    `json:"unreadable"`
			Count      map[string]map[string]map[string]int `json:"count"`
			ElapsedMS  *float64                             `json:"elapsed_ms"`
		}
		if err := json.Unmarshal(sc.Bytes(), &got); err != nil {
			t.Fatalf("line %q: %v", sc.Text(), err)
		}
		if got.Image != photo || got.ElapsedMS == nil || got.Unreadable == nil {
			t.Errorf("line %s misses the contract's fields", sc.Text())
		}
		if len(got.Dice) != len(s.Dice) {
			t.Fatalf("%d dice rolled, %d read: %s", len(s.Dice), len(got.Dice), sc.Text())
		}
		want := map[string]int{}
		for _, d := range s.Dice {
			want[d.Zone+"/"+d.ID+"/"+d.Label]++
		}
		for z, dice := range got.Count {
			for id, faces := range dice {
				for f, n := range faces {
					want[z+"/"+id+"/"+f] -= n
				}
			}
		}
		for k, n := range want {
			if n != 0 {
				t.Errorf("count off by %d for %s: %s", n, k, sc.Text())
			}
		}
	}
	if lines != 1 {
		t.Fatalf("%d lines for one image:\n%s", lines, out)
	}
	if st, err := os.Stat(overlay); err != nil || st.Size() == 0 {
		t.Fatalf("no overlay written: %v", err)
	}
}

// Bad input: a one-line error naming the problem, a non-zero exit and
// nothing on stdout.
func TestReadDiceCommandBadInput(t *testing.T) {
	dir := t.TempDir()
	// A blank frame is enough here: every case fails before reading it.
	tray, dice := filepath.Join(dir, "tray.json"), filepath.Join(dir, "dice.json")
	os.WriteFile(tray, []byte(testTrayJSON), 0o644)
	os.WriteFile(dice, []byte(testDiceJSON), 0o644)
	photo := filepath.Join(dir, "blank.png")
	f, err := os.Create(photo)
	if err != nil {
		t.Fatal(err)
	}
	png.Encode(f, image.NewRGBA(image.Rect(0, 0, 640, 480)))
	f.Close()
	corners := "40,40;600,40;600,440;40,440"
	junk := filepath.Join(dir, "junk.png")
	os.WriteFile(junk, []byte("not a picture"), 0o644)
	badTray := filepath.Join(dir, "badtray.json")
	os.WriteFile(badTray, []byte(`{"units":"mm","width":-1,"height":10}`), 0o644)
	badDice := filepath.Join(dir, "baddice.json")
	os.WriteFile(badDice, []byte(`{"dice":[{"id":"x","colour":[1,1,1],"size_mm":16,"faces":{"kind":"runes"}}]}`), 0o644)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--dice", dice, "--corners", corners, photo}, "--tray"},
		{[]string{"--tray", tray, "--corners", corners, photo}, "--dice"},
		{[]string{"--tray", tray, "--dice", dice, photo}, "--corners"},
		{[]string{"--tray", tray, "--dice", dice, "--corners", corners}, "no image"},
		{[]string{"--tray", tray, "--dice", dice, "--corners", corners, junk}, "junk.png"},
		{[]string{"--tray", tray, "--dice", dice, "--corners", corners, filepath.Join(dir, "missing.png")}, "missing.png"},
		{[]string{"--tray", badTray, "--dice", dice, "--corners", corners, photo}, "width"},
		{[]string{"--tray", tray, "--dice", badDice, "--corners", corners, photo}, "runes"},
		{[]string{"--tray", tray, "--dice", dice, "--corners", "10,10;5000,10;5000,400;10,400", photo}, "corner"},
		{[]string{"--tray", tray, "--dice", dice, "--corners", "1,2;3", photo}, "--corners"},
		{[]string{"--tray", tray, "--dice", dice, "--corners", corners, "--overlay", filepath.Join(dir, "o.gif"), photo}, ".png or .jpg"},
	} {
		code, out, errOut := runCLI(append([]string{"read-dice"}, c.args...)...)
		if code == 0 || out != "" {
			t.Errorf("%v: exit %d, stdout %q", c.args, code, out)
		}
		first := strings.SplitN(strings.TrimSpace(errOut), "\n", 2)[0]
		if !strings.Contains(first, c.want) {
			t.Errorf("%v: error %q does not name %q", c.args, first, c.want)
		}
	}
}
