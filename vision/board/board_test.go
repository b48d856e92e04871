package board_test

import (
	"math"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/synth"
)

func TestDefaultLayoutZonesAndBorders(t *testing.T) {
	l := board.DefaultLayout()
	if len(l.Zones) != 12 {
		t.Fatalf("zones = %d, want 12", len(l.Zones))
	}
	cases := []struct {
		p    board.Point
		zone string
	}{
		{board.Point{X: 100, Y: 60}, "explode"},
		{board.Point{X: 10, Y: 10}, "damage-left"},
		{board.Point{X: 72, Y: 60}, "explode"},
		{board.Point{X: 60, Y: 60}, "strength-1-left"},
		{board.Point{X: 190, Y: 110}, "plunder-choice-right"},
	}
	for _, c := range cases {
		if got := l.ZoneAt(c.p).ID; got != c.zone {
			t.Errorf("ZoneAt(%v) = %s, want %s", c.p, got, c.zone)
		}
	}
	// A point on the shared edge of two zones is on a border; the middle of a
	// zone is far from any; the outer edge of the board is not a border.
	if d := l.BorderDist(board.Point{X: 35, Y: 20}); d > 1e-9 {
		t.Errorf("border distance on the damage-left/cargo edge = %g", d)
	}
	if d := l.BorderDist(board.Point{X: 75, Y: 47.5}); math.Abs(d) > 0.01 {
		t.Errorf("border distance on the slanted explode edge = %g", d)
	}
	if d := l.BorderDist(board.Point{X: 100, Y: 1}); d < 14.9 {
		t.Errorf("outer edge counted as a border: %g", d)
	}
}

func TestParseLayoutRejects(t *testing.T) {
	cases := map[string]string{
		"not json":       `{`,
		"no zones":       `{"width":200,"height":120,"cube_mm":8,"zones":[]}`,
		"bad kind":       `{"width":200,"height":120,"cube_mm":8,"zones":[{"id":"a","polygon":[[0,0],[10,0],[10,10]],"effects":[{"kind":"gold","n":1}]}]}`,
		"outside":        `{"width":200,"height":120,"cube_mm":8,"zones":[{"id":"a","polygon":[[0,0],[300,0],[10,10]]}]}`,
		"duplicate id":   `{"width":200,"height":120,"cube_mm":8,"zones":[{"id":"a","polygon":[[0,0],[10,0],[10,10]]},{"id":"a","polygon":[[0,0],[10,0],[10,10]]}]}`,
		"flat polygon":   `{"width":200,"height":120,"cube_mm":8,"zones":[{"id":"a","polygon":[[0,0],[10,0],[20,0]]}]}`,
		"inches":         `{"units":"in","width":200,"height":120,"cube_mm":8,"zones":[{"id":"a","polygon":[[0,0],[10,0],[10,10]]}]}`,
		"no cube size":   `{"width":200,"height":120,"zones":[{"id":"a","polygon":[[0,0],[10,0],[10,10]]}]}`,
		"negative count": `{"width":200,"height":120,"cube_mm":8,"zones":[{"id":"a","polygon":[[0,0],[10,0],[10,10]],"effects":[{"kind":"coin","n":-1}]}]}`,
	}
	for name, js := range cases {
		if _, err := board.ParseLayout([]byte(js)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}

func TestParseCorners(t *testing.T) {
	c, err := board.ParseCorners("10,20; 300,22;310,200;5,190")
	if err != nil {
		t.Fatal(err)
	}
	if c[2] != (board.Point{X: 310, Y: 200}) {
		t.Errorf("corner 3 = %v", c[2])
	}
	if err := c.Inside(320, 240); err != nil {
		t.Error(err)
	}
	if err := c.Inside(300, 240); err == nil || !strings.Contains(err.Error(), "bottom-right") {
		t.Errorf("outside corner not named: %v", err)
	}
	for _, bad := range []string{"", "1,2;3,4;5,6", "a,b;1,1;2,2;3,3", "10,20;5,190;310,200;300,22", "0,0;10,0;10,10;0,10;5,5", "NaN,0;10,0;10,10;0,10"} {
		if _, err := board.ParseCorners(bad); err == nil {
			t.Errorf("ParseCorners(%q) accepted", bad)
		}
	}
}

func TestHomographyRoundTrip(t *testing.T) {
	src := [4]board.Point{{}, {X: 200}, {X: 200, Y: 120}, {Y: 120}}
	dst := [4]board.Point{{X: 100, Y: 150}, {X: 1100, Y: 200}, {X: 1150, Y: 800}, {X: 60, Y: 780}}
	h, err := board.HomographyFrom4(src, dst)
	if err != nil {
		t.Fatal(err)
	}
	inv, err := h.Inverse()
	if err != nil {
		t.Fatal(err)
	}
	for i := range src {
		if d := h.Apply(src[i]).Sub(dst[i]).Len(); d > 1e-6 {
			t.Errorf("corner %d off by %g", i, d)
		}
		if d := inv.Apply(dst[i]).Sub(src[i]).Len(); d > 1e-6 {
			t.Errorf("inverse corner %d off by %g", i, d)
		}
	}
}

// The camera pose recovered from the four corners matches the camera that
// rendered the scene, for straight-down and tilted views.
func TestEstimatePoseMatchesRenderer(t *testing.T) {
	l := board.DefaultLayout()
	for seed := uint64(1); seed <= 40; seed++ {
		s := synth.Random(seed, synth.Options{Layout: l, MaxCubes: 3})
		h, err := board.HomographyFrom4([4]board.Point{{}, {X: l.Width}, {X: l.Width, Y: l.Height}, {Y: l.Height}}, s.Corners())
		if err != nil {
			t.Fatal(err)
		}
		pose := board.EstimatePose(h, s.Camera.W, s.Camera.H)
		cam := s.Camera.Pos
		tilt := math.Hypot(cam[0]-s.Camera.Target[0], cam[1]-s.Camera.Target[1]) / cam[2]
		tol := 0.08 * cam[2]
		if tilt < 0.1 { // nearly straight down: focal length assumed
			tol = 0.35 * cam[2]
		}
		t.Logf("seed %d focal est %.0f true %.0f", seed, pose.Focal, s.Camera.Focal)
		if d := math.Hypot(pose.Nadir.X-cam[0], pose.Nadir.Y-cam[1]); d > tol {
			t.Errorf("seed %d: nadir %v, camera at %.1f,%.1f (tilt %.2f)", seed, pose.Nadir, cam[0], cam[1], tilt)
		}
		// Straight down, the height cannot be told from the corners alone.
		if tilt > 0.1 && math.Abs(pose.Height-cam[2]) > tol {
			t.Errorf("seed %d: height %.1f, camera at %.1f (tilt %.2f)", seed, pose.Height, cam[2], tilt)
		}
	}
}

// Straight down the corners cannot tell the focal length; told it (the
// camera module's lens), the pose has the camera's height. With the 62°
// default the renderer's long lenses put the camera at about half its
// height, and a cube balanced on a border was read in the zone beside it.
func TestEstimatePoseFocalStraightDown(t *testing.T) {
	l := board.DefaultLayout()
	straight := 0
	for seed := uint64(1); seed <= 60; seed++ {
		s := synth.Random(seed, synth.Options{Layout: l, MaxCubes: 3})
		cam := s.Camera.Pos
		if math.Hypot(cam[0]-s.Camera.Target[0], cam[1]-s.Camera.Target[1])/cam[2] > 0.03 {
			continue
		}
		straight++
		h, err := board.HomographyFrom4([4]board.Point{{}, {X: l.Width}, {X: l.Width, Y: l.Height}, {Y: l.Height}}, s.Corners())
		if err != nil {
			t.Fatal(err)
		}
		pose := board.EstimatePoseFocal(h, s.Camera.W, s.Camera.H, s.Camera.Focal)
		if math.Abs(pose.Height-cam[2]) > 0.03*cam[2] {
			t.Errorf("seed %d: height %.1f, camera at %.1f", seed, pose.Height, cam[2])
		}
		if d := math.Hypot(pose.Nadir.X-cam[0], pose.Nadir.Y-cam[1]); d > 0.03*cam[2] {
			t.Errorf("seed %d: nadir %v, camera at %.1f,%.1f", seed, pose.Nadir, cam[0], cam[1])
		}
	}
	if straight == 0 {
		t.Fatal("no straight-down camera among the seeds")
	}
}

func TestPaletteRoundTrip(t *testing.T) {
	p := board.DefaultPalette()
	if got := p.Names(); strings.Join(got, ",") != "black,blue,green,orange,purple" {
		t.Fatalf("names = %v", got)
	}
	b, err := p.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	q, err := board.ParsePalette(b)
	if err != nil {
		t.Fatal(err)
	}
	if q.Colors["purple"] != p.Colors["purple"] {
		t.Errorf("purple %v != %v", q.Colors["purple"], p.Colors["purple"])
	}
	for _, bad := range []string{`{}`, `{"colors":{"red":[1,2]}}`, `{"colors":{"red":[1,2,300]}}`, `{"colors":{"":[1,2,3]}}`, `[`} {
		if _, err := board.ParsePalette([]byte(bad)); err == nil {
			t.Errorf("ParsePalette(%s) accepted", bad)
		}
	}
}

func FuzzParseLayout(f *testing.F) {
	f.Add(board.DefaultLayoutJSON())
	f.Add([]byte(`{"width":10,"height":10,"cube_mm":1,"zones":[{"id":"a","polygon":[[0,0],[10,0],[10,10]]},{"id":"b","polygon":[[0,0],[10,10],[0,10]]}]}`))
	f.Add([]byte(`{"width":1e308,"height":-0,"zones":null}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := board.ParseLayout(b)
		if err != nil {
			return
		}
		// Whatever it accepted must answer the reader's questions without panicking.
		p := board.Point{X: l.Width / 2, Y: l.Height / 2}
		if l.ZoneAt(p) == nil {
			t.Fatal("accepted layout has no zone for its centre")
		}
		_ = l.BorderDist(p)
	})
}

func FuzzParsePalette(f *testing.F) {
	f.Add([]byte(`{"colors":{"purple":[112,58,150]}}`))
	f.Add([]byte(`{"colors":{"x":[1.5,-0,255]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := board.ParsePalette(b)
		if err != nil {
			return
		}
		if len(p.Names()) == 0 {
			t.Fatal("accepted an empty palette")
		}
	})
}

func FuzzParseCorners(f *testing.F) {
	f.Add("10,20;300,22;310,200;5,190")
	f.Add("1e400,0;;;")
	f.Add("0,0;0,0;0,0;0,0")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := board.ParseCorners(s)
		if err != nil {
			return
		}
		if err := c.Validate(); err != nil {
			t.Fatalf("ParseCorners accepted corners that do not validate: %v", err)
		}
		src := [4]board.Point{{}, {X: 200}, {X: 200, Y: 120}, {Y: 120}}
		_, _ = board.HomographyFrom4(src, c)
	})
}
