package vision

import (
	"encoding/json"
	"testing"
)

// FuzzCalibration: whatever calibration file the data directory holds,
// checking it never panics, and what it accepts has usable corners.
func FuzzCalibration(f *testing.F) {
	f.Add([]byte(`{"corners":[{"X":10,"Y":10},{"X":300,"Y":12},{"X":310,"Y":200},{"X":5,"Y":190}],"image_width":320,"image_height":240}`))
	f.Add([]byte(`{"corners":[{"X":1e308,"Y":0}],"image_width":-1,"layout":{"zones":[]}}`))
	f.Add([]byte(`{"corners":null,"image_width":320,"image_height":240,"layout":"x"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var c Calibration
		if json.Unmarshal(b, &c) != nil {
			return
		}
		l, err := c.Check()
		if err != nil {
			return
		}
		if l == nil || len(l.Zones) == 0 {
			t.Fatal("accepted a calibration without a layout")
		}
		for _, p := range c.Corners {
			if p.X < 0 || p.Y < 0 || p.X > float64(c.ImageWidth) || p.Y > float64(c.ImageHeight) {
				t.Fatalf("accepted a corner outside the image: %v", p)
			}
		}
	})
}

func FuzzParseZoneColors(f *testing.F) {
	f.Add("explode=purple,damage-left=black")
	f.Add("=,==,a=b,a=c")
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseZoneColors(s)
		if err != nil {
			return
		}
		for z, c := range m {
			if z == "" || c == "" {
				t.Fatalf("accepted an empty zone or colour: %q", s)
			}
		}
	})
}
