package board

import (
	"math"
	"strings"
	"testing"
)

func TestHomographyRoundTrip(t *testing.T) {
	src := [4]Point{{0, 0}, {200, 0}, {200, 120}, {0, 120}}
	dst := [4]Point{{130, 90}, {1150, 140}, {1080, 850}, {190, 800}}
	h, err := HomographyFrom4(src, dst)
	if err != nil {
		t.Fatal(err)
	}
	for i := range src {
		if d := h.Apply(src[i]).Sub(dst[i]).Len(); d > 1e-6 {
			t.Errorf("corner %d maps %v off by %g px", i, h.Apply(src[i]), d)
		}
	}
	inv, err := h.Inverse()
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range []Point{{10, 10}, {100, 60}, {199, 1}, {37.5, 101.25}} {
		if d := inv.Apply(h.Apply(p)).Sub(p).Len(); d > 1e-6 {
			t.Errorf("%v does not come back: off by %g mm", p, d)
		}
	}
	if _, err := HomographyFrom4(src, [4]Point{{0, 0}, {1, 1}, {2, 2}, {3, 3}}); err == nil {
		t.Error("collinear points gave a homography")
	}
}

func TestZoneLookupDefaultLayout(t *testing.T) {
	l := DefaultLayout()
	cases := map[Point]string{
		{10, 10}:   "damage-left",
		{60, 15}:   "plunder-cargo",
		{100, 60}:  "explode",
		{74, 60}:   "explode", // the point of the explode zone's left side
		{66, 60}:   "strength-1-left",
		{190, 110}: "plunder-choice-right",
		{60, 100}:  "strength-1-plunder",
	}
	for p, want := range cases {
		if z := l.ZoneAt(p); z == nil || z.ID != want {
			t.Errorf("ZoneAt(%v) = %v, want %s", p, z, want)
		}
	}
	if len(l.Borders()) < 12 {
		t.Errorf("only %d border pieces found on the default board", len(l.Borders()))
	}
	if d := l.BorderDist(Point{35, 20}); d > 1e-9 {
		t.Errorf("a point on the damage/cargo border is %g mm from it", d)
	}
	if d := l.BorderDist(Point{15, 30}); math.Abs(d-20) > 1e-9 {
		t.Errorf("BorderDist(15,30) = %g, want 20", d)
	}
}

func TestLayoutErrors(t *testing.T) {
	good := `{"width":100,"height":50,"border_mm":3,"cube_mm":8,"zones":[{"id":"a","polygon":[[0,0],[50,0],[50,50],[0,50]],"effects":[{"kind":"damage","n":1}]},{"id":"b","polygon":[[50,0],[100,0],[100,50],[50,50]],"effects":[]}]}`
	l, err := ParseLayout([]byte(good))
	if err != nil {
		t.Fatalf("good layout refused: %v", err)
	}
	if len(l.Borders()) != 1 {
		t.Errorf("two zones side by side have %d borders, want 1", len(l.Borders()))
	}
	bad := map[string]string{
		`{`: "malformed",
		strings.Replace(good, `"width":100`, `"width":-1`, 1):            "board size",
		strings.Replace(good, `"damage"`, `"treasure"`, 1):               "unknown effect kind",
		strings.Replace(good, `"id":"b"`, `"id":"a"`, 1):                 "appears twice",
		strings.Replace(good, `[100,0],[100,50]`, `[900,0],[100,50]`, 1): "outside",
		`{"width":100,"height":50,"cube_mm":8,"zones":[]}`:               "zones",
		strings.Replace(good, `"units"`, `"x"`, 1) + "":                  "",
	}
	for in, want := range bad {
		if want == "" {
			continue
		}
		_, err := ParseLayout([]byte(in))
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("layout %.60q: error %v, want one mentioning %q", in, err, want)
		}
	}
}

func TestPaletteErrors(t *testing.T) {
	p := DefaultPalette()
	if len(p.Colors) != 5 || p.Colors["orange"] != (Color{232, 122, 32}) {
		t.Fatalf("default palette %v", p.Colors)
	}
	for in, want := range map[string]string{
		`[`:                            "malformed",
		`{"colors":{}}`:                "want 1 to 32",
		`{"colors":{"red":[1,2]}}`:     "[r,g,b]",
		`{"colors":{"red":[1,2,300]}}`: "outside 0..255",
		`{"colors":{"":[1,2,3]}}`:      "empty name",
	} {
		if _, err := ParsePalette([]byte(in)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("palette %q: error %v, want %q", in, err, want)
		}
	}
	b, err := p.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	q, err := ParsePalette(b)
	if err != nil || q.Colors["purple"] != p.Colors["purple"] {
		t.Errorf("palette does not round-trip: %v %v", q, err)
	}
}

func TestParseCorners(t *testing.T) {
	c, err := ParseCorners("10,20; 300,25;290,200;15,190")
	if err != nil {
		t.Fatal(err)
	}
	if c[2] != (Point{290, 200}) {
		t.Errorf("corner 3 = %v", c[2])
	}
	if err := c.Inside(320, 240); err != nil {
		t.Error(err)
	}
	if err := c.Inside(200, 240); err == nil || !strings.Contains(err.Error(), "top-right") {
		t.Errorf("corner outside the image: %v", err)
	}
	for _, s := range []string{"", "1,2;3,4;5,6", "a,b;1,1;2,2;3,3", "300,25;10,20;15,190;290,200", "10,20;290,200;300,25;15,190", "0,0;1,0;1,1;0,1"} {
		if _, err := ParseCorners(s); err == nil {
			t.Errorf("ParseCorners(%q) accepted", s)
		}
	}
}

func TestEstimatePoseStraightDown(t *testing.T) {
	// A camera straight above the board's centre: the nadir is the centre.
	l := DefaultLayout()
	h, _ := HomographyFrom4([4]Point{{0, 0}, {l.Width, 0}, {l.Width, l.Height}, {0, l.Height}},
		[4]Point{{140, 120}, {1140, 120}, {1140, 720}, {140, 720}})
	p := EstimatePose(h, 1280, 840)
	if !math.IsInf(p.Height, 1) && p.Nadir.Sub(Point{100, 60}).Len() > 1 {
		t.Errorf("nadir %v, want the board centre", p.Nadir)
	}
	if q := p.Unparallax(p.Parallax(Point{30, 30}, 8), 8); q.Sub(Point{30, 30}).Len() > 1e-6 {
		t.Errorf("parallax does not invert: %v", q)
	}
}

func FuzzParseLayout(f *testing.F) {
	f.Add(DefaultLayoutJSON())
	f.Add([]byte(`{"width":1,"height":1,"cube_mm":0.1,"zones":[{"id":"a","polygon":[[0,0],[1,0],[1,1]]}]}`))
	f.Add([]byte(`{"zones":[{"polygon":[[1e308,1e308]]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		l, err := ParseLayout(b)
		if err != nil {
			return
		}
		l.ZoneAt(Point{l.Width / 2, l.Height / 2})
		l.BorderDist(Point{1, 1})
	})
}

func FuzzParsePalette(f *testing.F) {
	f.Add(defaultPaletteJSON)
	f.Add([]byte(`{"colors":{"x":[0,0,0]}}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		if p, err := ParsePalette(b); err == nil && len(p.Colors) == 0 {
			t.Error("a palette without colours was accepted")
		}
	})
}

func FuzzParseCorners(f *testing.F) {
	f.Add("10,20;300,25;290,200;15,190")
	f.Add("NaN,1;2,3;4,5;6,7")
	f.Fuzz(func(t *testing.T, s string) {
		c, err := ParseCorners(s)
		if err == nil {
			if err := c.Validate(); err != nil {
				t.Errorf("accepted corners fail validation: %v", err)
			}
		}
	})
}
