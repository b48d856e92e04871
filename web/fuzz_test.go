package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/racetoten"
)

// The decoders of request bodies never panic, whatever arrives; what they
// accept is valid.

func FuzzCreateRequest(f *testing.F) {
	f.Add([]byte(twoPlayers))
	f.Add([]byte(`{"rules":"tally","players":[{"name":"Ann","colour":"red","seat":7}]}`))
	f.Add([]byte(`{"rules":" ","players":null,"setup":"x"}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var req CreateRequest
		if json.Unmarshal(b, &req) != nil {
			return
		}
		if err := validateCreate(&req); err != nil {
			return
		}
		seen := map[int]bool{}
		for _, p := range req.Players {
			if p.Name == "" || p.Colour == "" || int(p.Seat) >= len(req.Players) || p.Seat < 0 || seen[int(p.Seat)] {
				t.Fatalf("accepted a bad player list: %+v", req.Players)
			}
			seen[int(p.Seat)] = true
		}
	})
}

func FuzzCalibration(f *testing.F) {
	f.Add([]byte(`{"corners":[{"x":10,"y":10},{"x":600,"y":20},{"x":610,"y":400},{"x":5,"y":390}],"image_width":640,"image_height":480}`))
	f.Add([]byte(`{"corners":[{"x":1e308,"y":-1}],"image_width":1}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var c CameraCalibration
		if json.Unmarshal(b, &c) != nil {
			return
		}
		if validateCalibration(c) == nil {
			for _, p := range c.Corners {
				if p.X < 0 || p.Y < 0 || p.X > float64(c.ImageWidth) || p.Y > float64(c.ImageHeight) {
					t.Fatalf("accepted a corner outside the image: %+v", c)
				}
			}
		}
	})
}

func FuzzHelpAndQR(f *testing.F) {
	f.Add("exploding shots")
	f.Add("http://10.0.0.2:8080/#/p/abc?pin=1234")
	f.Add(strings.Repeat("é", 120))
	f.Fuzz(func(t *testing.T, q string) {
		_ = searchNotes(racetoten.Rules().(engine.HelpNotes).HelpNotes(), q)
		if len(q) <= 300 && q != "" {
			if _, err := qrSVG(q); err != nil {
				t.Fatalf("QR of %d bytes: %v", len(q), err)
			}
		}
	})
}

func FuzzColourRequest(f *testing.F) {
	f.Add([]byte(`{"zones":{"explode":"black","damage-left":"orange"}}`))
	f.Add([]byte(`{"zones":{"":" "}}`))
	f.Add([]byte(`{"zones":null}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		var r colourRequest
		if json.Unmarshal(b, &r) != nil {
			return
		}
		if r.check() == nil {
			if len(r.Zones) == 0 || len(r.Zones) > maxCalZones {
				t.Fatalf("accepted %d zones", len(r.Zones))
			}
			for z, c := range r.Zones {
				if strings.TrimSpace(z) == "" || strings.TrimSpace(c) == "" {
					t.Fatalf("accepted zone %q colour %q", z, c)
				}
			}
		}
	})
}
