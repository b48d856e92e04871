package layout

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"
)

const testTray = `{"name":"Test Tray","units":"mm","width":240,"height":160,"wall_mm":6,
 "zones":[{"id":"attacker","polygon":[[0,0],[120,0],[120,160],[0,160]]},
          {"id":"defender","polygon":[[120,0],[240,0],[240,160],[120,160]]}]}`

func TestTrayZones(t *testing.T) {
	tr, err := ParseTray([]byte(testTray))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		x, y float64
		want string
	}{{10, 10, "attacker"}, {119.9, 80, "attacker"}, {120.1, 80, "defender"}, {239, 159, "defender"}, {-1, 10, ""}, {250, 10, ""}} {
		if got := tr.ZoneAt(c.x, c.y); got != c.want {
			t.Errorf("ZoneAt(%g,%g) = %q, want %q", c.x, c.y, got, c.want)
		}
	}
	// A die exactly on the seam belongs to one side, never both or none.
	if got := tr.ZoneAt(120, 80); got != "attacker" && got != "defender" {
		t.Errorf("seam point in zone %q", got)
	}
}

func TestTrayWithoutZonesIsOneZone(t *testing.T) {
	tr, err := ParseTray([]byte(`{"name":"Test Box","units":"mm","width":100,"height":80,"wall_mm":5}`))
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.ZoneAt(50, 40); got != TrayWholeZone {
		t.Fatalf("zone %q, want %q", got, TrayWholeZone)
	}
	if got := tr.ZoneAt(101, 40); got != "" {
		t.Fatalf("off the floor in zone %q", got)
	}
}

func TestDefaultTrayFileParses(t *testing.T) {
	b, err := os.ReadFile("../../../shared/design/tray.default.json")
	if err != nil {
		t.Skip("shared design folder not beside the repository:", err)
	}
	tr, err := ParseTray(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Zones) != 2 || tr.ZoneAt(60, 80) != "attacker" || tr.ZoneAt(180, 80) != "defender" {
		t.Fatalf("default tray zones wrong: %+v", tr.Zones)
	}
	// The embedded default is the design's file.
	if !bytes.Equal(b, defaultTrayJSON) {
		t.Error("engine/layout/tray.default.json differs from the design's tray.default.json")
	}
	if d := DefaultTray(); !reflect.DeepEqual(d, tr) {
		t.Errorf("DefaultTray() = %+v, want the design's %+v", d, tr)
	}
}

func TestParseTrayRejects(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{`, "tray:"},
		{`{"units":"cm","width":10,"height":10}`, "units"},
		{`{"units":"mm","width":0,"height":10}`, "width"},
		{`{"units":"mm","width":10,"height":10,"wall_mm":-1}`, "wall_mm"},
		{`{"units":"mm","width":10,"height":10,"wal_mm":1}`, "unknown field"},
		{`{"units":"mm","width":10,"height":10,"zones":[{"id":"a","polygon":[[0,0],[1,1]]}]}`, "at least 3"},
		{`{"units":"mm","width":10,"height":10,"zones":[{"id":"a","polygon":[[0,0],[20,0],[0,5]]}]}`, "outside"},
		{`{"units":"mm","width":10,"height":10,"zones":[{"id":"","polygon":[[0,0],[5,0],[0,5]]}]}`, "no id"},
		{`{"units":"mm","width":10,"height":10,"zones":[{"id":"a","polygon":[[0,0],[5,0],[0,5]]},{"id":"a","polygon":[[0,0],[5,0],[0,5]]}]}`, "twice"},
		{`{"units":"mm","width":10,"height":10,"zones":[{"id":"a","polygon":[[0,0],[5,0],[10,0]]}]}`, "no area"},
		{`{"units":"mm","width":10,"height":10} {}`, "trailing"},
	} {
		_, err := ParseTray([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("ParseTray(%s) = %v, want an error with %q", c.in, err, c.want)
		}
	}
}

func FuzzParseTray(f *testing.F) {
	f.Add([]byte(testTray))
	f.Add([]byte(`{"units":"mm","width":1e308,"height":5}`))
	f.Add([]byte(`{"units":"mm","width":10,"height":10,"zones":[{"id":"a","polygon":[[0,0],[5,0],[0,5]]}]}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		tr, err := ParseTray(b)
		if err != nil {
			if tr != nil {
				t.Fatal("a refused tray is returned")
			}
			return
		}
		if len(tr.Zones) == 0 {
			t.Fatal("an accepted tray has no zone")
		}
		// Every accepted tray answers ZoneAt anywhere without panicking.
		for _, p := range [][2]float64{{0, 0}, {tr.Width / 2, tr.Height / 2}, {tr.Width, tr.Height}, {-1, -1}} {
			tr.ZoneAt(p[0], p[1])
		}
	})
}
