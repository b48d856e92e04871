package synth

import (
	"math"
	"math/rand/v2"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// Pose is how a cube came to rest.
type Pose int

const (
	// Lying: flat on the floor of a zone.
	Lying Pose = iota
	// Leaning: one edge on a zone's floor, tilted against a raised border;
	// it counts in that zone.
	Leaning
	// Balanced: flat on top of a raised border, touching no zone; it must be
	// dropped again.
	Balanced
)

func (p Pose) String() string {
	switch p {
	case Lying:
		return "lying"
	case Leaning:
		return "leaning"
	case Balanced:
		return "balanced"
	}
	return "unknown"
}

// Cube is one cube in a scene, with its ground truth.
type Cube struct {
	Color string
	// Center is the footprint centre: the vertical projection of the cube's
	// centre onto the board, in board millimetres.
	Center board.Point
	// Angle is the rotation about the vertical, in radians.
	Angle float64
	Pose  Pose
	// Zone is the zone the cube counts in, "" when it must be re-dropped.
	Zone string

	// For Leaning: the unit normal of the border, pointing from the border
	// into the cube's zone, and the tilt in radians.
	LeanNormal board.Point
	Tilt       float64
}

// Camera is a pinhole camera in board millimetres (x right, y down, z up
// toward the camera), with the principal point at the image centre.
type Camera struct {
	Pos, Target [3]float64
	Roll        float64 // radians about the optical axis
	Focal       float64 // pixels
	W, H        int
}

// Light is the scene's illumination.
type Light struct {
	Color     [3]float64 // multiplies albedo: warm or cool light
	Dir       [3]float64 // unit vector toward the light
	Ambient   float64
	Diffuse   float64
	GradientX float64 // relative brightness change across the image width
	GradientY float64
	Shadow    float64 // fraction of the direct light that remains in a shadow
}

// Scene is everything needed to render a photograph and to know its truth.
type Scene struct {
	Layout   *board.Layout
	Palette  *board.Palette
	Cubes    []Cube
	Camera   Camera
	Light    Light
	BorderH  float64 // raised border height, mm
	Blur     float64 // Gaussian sigma in pixels
	Noise    float64 // sensor noise sigma in 8-bit units
	JPEG     int     // JPEG quality; 0 for none
	Seed     uint64
	Vignette float64

	// The nuisances of a real table (issue 18; Options.Hard draws them).
	// Zero values leave them out.

	// CalibCamera is where the camera was when the board was calibrated:
	// the empty-board photograph and Corners use it. nil: where it is now
	// (Camera). A camera knocked a few millimetres since calibration
	// differs from it.
	CalibCamera *Camera
	// EmptyLight is the light when the empty board was photographed; nil:
	// the same as Light.
	EmptyLight *Light
	// PrintDark darkens the board's print (its colour and its ink) by this
	// fraction: boards are printed darker or lighter than the nominal one.
	PrintDark float64
	// Hull is the Battle Ship's hull rising beside one edge of the board,
	// hiding a strip of it (in both photographs); nil: none.
	Hull *Hull
	// Hand is a hand held still above the board in the drop photograph;
	// nil: none.
	Hand *Hand
	// Shade is a soft shadow over part of the board in the drop photograph
	// only (someone leaning over the table); nil: none.
	Shade *Shade
}

// Hull is a box of dark wood standing beside one edge of the board.
type Hull struct {
	// Side is the board edge it stands at: 0 top (y = 0), 1 right, 2
	// bottom, 3 left.
	Side int
	// Over is how far, in mm, it reaches over the board from that edge.
	Over float64
	// Height is how high it rises above the board, in mm.
	Height float64
}

// Hand is a hand and forearm held flat at height Z above the board, from
// From (outside the board) to the finger tips at To, in board mm.
type Hand struct {
	From, To board.Point
	Width    float64
	Z        float64
	Color    [3]float64 // skin albedo, 0..1
}

// Shade is an elliptical shadow on the board: inside it only Keep of the
// light remains, with a soft edge Soft mm wide.
type Shade struct {
	Center     board.Point
	RX, RY     float64
	Keep, Soft float64
}

// Options control Random.
type Options struct {
	Layout         *board.Layout
	Palette        *board.Palette
	W, H           int     // image size; default 1280x960
	MinCubes       int     // default 3
	MaxCubes       int     // default 24
	MaxTiltDeg     float64 // default 30
	PBalanced      float64 // chance a cube is balanced on a border; default 0.06
	PLeaning       float64 // chance a cube leans on a border; default 0.08
	PCluster       float64 // chance a cube touches a previous one; default 0.35
	Clean          bool    // no blur, noise, JPEG, gradient or colour cast
	BorderH        float64 // default 2 mm
	ColorsOverride []string
	// Hard adds the nuisances of a real table that issue 18 lists: light
	// that changed since the empty board was photographed, a darker print,
	// a camera moved a few mm since calibration, the hull hiding part of
	// the board's edge, a hand in the frame, a shadow over part of the
	// board; and it puts many cubes where they are hard to read: black
	// cubes beside or on dark print, near the board's edge, beside other
	// cubes and in the shadow, purple and black cubes in the corner zones.
	// The scene without Hard from the same seed is unchanged.
	Hard bool
}

func (o *Options) defaults() {
	if o.Layout == nil {
		o.Layout = board.DefaultLayout()
	}
	if o.Palette == nil {
		o.Palette = board.DefaultPalette()
	}
	if o.W == 0 || o.H == 0 {
		o.W, o.H = 1280, 960
	}
	if o.MinCubes == 0 {
		o.MinCubes = 3
	}
	if o.MaxCubes == 0 {
		o.MaxCubes = 24
	}
	if o.MaxTiltDeg == 0 {
		o.MaxTiltDeg = 30
	}
	if o.PBalanced == 0 {
		o.PBalanced = 0.06
	}
	if o.PLeaning == 0 {
		o.PLeaning = 0.08
	}
	if o.PCluster == 0 {
		o.PCluster = 0.35
	}
	if o.BorderH == 0 {
		o.BorderH = 2
	}
}

// Random makes a random scene from a seed: the same seed always gives the
// same scene.
func Random(seed uint64, o Options) *Scene {
	o.defaults()
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	s := &Scene{Layout: o.Layout, Palette: o.Palette, Seed: seed, BorderH: o.BorderH}
	s.Camera = randomCamera(rng, o)
	s.Light = randomLight(rng, o.Clean)
	if !o.Clean {
		s.Blur = 0.4 + rng.Float64()*1.1
		s.Noise = 1 + rng.Float64()*5
		if rng.Float64() < 0.7 {
			s.JPEG = 55 + rng.IntN(41)
		}
		s.Vignette = rng.Float64() * 0.25
	} else {
		s.Blur = 0.5
	}
	names := o.ColorsOverride
	if len(names) == 0 {
		names = o.Palette.Names()
	}
	// The nuisances draw from their own stream, so that a scene without
	// them is the same as before they existed.
	var hr *rand.Rand
	if o.Hard {
		hr = rand.New(rand.NewPCG(seed, 0x4a7d))
		s.addNuisances(hr, o)
	}
	n := o.MinCubes + rng.IntN(o.MaxCubes-o.MinCubes+1)
	for len(s.Cubes) < n {
		color := names[rng.IntN(len(names))]
		var spot func(*rand.Rand) board.Point
		if hr != nil && hr.Float64() < 0.45 {
			color, spot = s.hardSpot(hr, names, color)
		}
		c, ok := s.place(rng, o, color, spot)
		if !ok {
			break
		}
		s.Cubes = append(s.Cubes, c)
	}
	return s
}

// AddCube places one more cube of the given colour at a random free spot,
// lying in a zone; it reports false when no spot was found.
func (s *Scene) AddCube(rng *rand.Rand, color string) bool {
	o := Options{Layout: s.Layout, Palette: s.Palette, PBalanced: 1e-9, PLeaning: 1e-9}
	o.defaults()
	c, ok := s.place(rng, o, color, nil)
	if ok {
		s.Cubes = append(s.Cubes, c)
	}
	return ok
}

func randomCamera(rng *rand.Rand, o Options) Camera {
	L := o.Layout
	tilt := rng.Float64() * o.MaxTiltDeg * math.Pi / 180
	az := rng.Float64() * 2 * math.Pi
	dist := 260 + rng.Float64()*160
	tx, ty := L.Width/2+(rng.Float64()-0.5)*L.Width*0.06, L.Height/2+(rng.Float64()-0.5)*L.Height*0.06
	c := Camera{
		Target: [3]float64{tx, ty, 0},
		Pos:    [3]float64{tx + dist*math.Sin(tilt)*math.Cos(az), ty + dist*math.Sin(tilt)*math.Sin(az), dist * math.Cos(tilt)},
		Roll:   (rng.Float64() - 0.5) * 8 * math.Pi / 180,
		Focal:  1,
		W:      o.W, H: o.H,
	}
	// Choose the focal length so the board fills 70-90% of the frame.
	fill := 0.7 + rng.Float64()*0.2
	maxX, maxY := 0.0, 0.0
	for _, p := range [][2]float64{{0, 0}, {L.Width, 0}, {L.Width, L.Height}, {0, L.Height}} {
		x, y, _ := c.project([3]float64{p[0], p[1], 0})
		maxX = math.Max(maxX, math.Abs(x-float64(o.W)/2))
		maxY = math.Max(maxY, math.Abs(y-float64(o.H)/2))
	}
	c.Focal = math.Min(fill*float64(o.W)/2/maxX, fill*float64(o.H)/2/maxY)
	return c
}

func randomLight(rng *rand.Rand, clean bool) Light {
	l := Light{Color: [3]float64{1, 1, 1}, Ambient: 0.5, Diffuse: 0.55, Shadow: 0.3}
	elev := (50 + rng.Float64()*38) * math.Pi / 180
	az := rng.Float64() * 2 * math.Pi
	l.Dir = [3]float64{math.Cos(elev) * math.Cos(az), math.Cos(elev) * math.Sin(az), math.Sin(elev)}
	if clean {
		return l
	}
	t := rng.Float64()*2 - 1 // -1 cool .. +1 warm
	warm, cool := [3]float64{1.0, 0.86, 0.66}, [3]float64{0.84, 0.93, 1.04}
	k := 0.75 + rng.Float64()*0.4
	for i := range l.Color {
		if t > 0 {
			l.Color[i] = k * (1 + t*(warm[i]-1))
		} else {
			l.Color[i] = k * (1 - t*(cool[i]-1))
		}
	}
	l.Ambient = 0.4 + rng.Float64()*0.2
	l.GradientX = (rng.Float64() - 0.5) * 0.6
	l.GradientY = (rng.Float64() - 0.5) * 0.6
	l.Shadow = 0.2 + rng.Float64()*0.3
	return l
}

// Footprint returns the outline of what the cube covers on the board seen
// from straight above (its vertical projection).
func (c Cube) Footprint(s *Scene) []board.Point {
	vs := s.vertices(c)
	pts := make([]board.Point, len(vs))
	for i, v := range vs {
		pts[i] = board.Point{X: v[0], Y: v[1]}
	}
	return convexHull(pts)
}

// vertices returns the cube's 8 corners in board millimetres.
func (s *Scene) vertices(c Cube) [8][3]float64 {
	ctr, ax := s.frame(c)
	h := s.Layout.CubeMM / 2
	var v [8][3]float64
	i := 0
	for _, a := range []float64{-h, h} {
		for _, b := range []float64{-h, h} {
			for _, d := range []float64{-h, h} {
				for k := 0; k < 3; k++ {
					v[i][k] = ctr[k] + a*ax[0][k] + b*ax[1][k] + d*ax[2][k]
				}
				i++
			}
		}
	}
	return v
}

// frame returns the cube's 3-D centre and its three unit axes.
func (s *Scene) frame(c Cube) ([3]float64, [3][3]float64) {
	cs := s.Layout.CubeMM
	ca, sa := math.Cos(c.Angle), math.Sin(c.Angle)
	switch c.Pose {
	case Balanced:
		return [3]float64{c.Center.X, c.Center.Y, s.BorderH + cs/2}, [3][3]float64{{ca, sa, 0}, {-sa, ca, 0}, {0, 0, 1}}
	case Leaning:
		n := c.LeanNormal
		t := board.Point{X: -n.Y, Y: n.X}
		cf, sf := math.Cos(c.Tilt), math.Sin(c.Tilt)
		e2 := [3]float64{-cf * n.X, -cf * n.Y, sf} // along the bottom face, rising toward the border
		e3 := [3]float64{sf * n.X, sf * n.Y, cf}   // the cube's own "up"
		// Centre height: bottom edge on the floor, so z = (s/2)(sin + cos).
		return [3]float64{c.Center.X, c.Center.Y, cs / 2 * (sf + cf)}, [3][3]float64{{t.X, t.Y, 0}, e2, e3}
	}
	return [3]float64{c.Center.X, c.Center.Y, cs / 2}, [3][3]float64{{ca, sa, 0}, {-sa, ca, 0}, {0, 0, 1}}
}

// place puts a cube of colour color at a random free spot; spot, when not
// nil, proposes where a lying cube goes.
func (s *Scene) place(rng *rand.Rand, o Options, color string, spot func(*rand.Rand) board.Point) (Cube, bool) {
	L := s.Layout
	cs := L.CubeMM
	bw := L.BorderMM
	borders := L.Borders()
	for try := 0; try < 200; try++ {
		c := Cube{Color: color, Angle: rng.Float64() * math.Pi / 2}
		r := rng.Float64()
		switch {
		case r < o.PBalanced && len(borders) > 0:
			b := borders[rng.IntN(len(borders))]
			d := b.B.Sub(b.A)
			l := d.Len()
			if l < cs+4 {
				continue
			}
			u := d.Scale(1 / l)
			t := cs/2 + 1.5 + rng.Float64()*(l-cs-3)
			off := (rng.Float64() - 0.5) * 1.0
			c.Center = b.A.Add(u.Scale(t)).Add(board.Point{X: -u.Y, Y: u.X}.Scale(off))
			c.Pose = Balanced
			// Only one border under it: keep away from junctions.
			near := 0
			for _, o := range borders {
				if o.Dist(c.Center) < cs*0.9 {
					near++
				}
			}
			if near > 1 && !collinearNeighbours(borders, c.Center, cs*0.9) {
				continue
			}
		case r < o.PBalanced+o.PLeaning && len(borders) > 0:
			b := borders[rng.IntN(len(borders))]
			d := b.B.Sub(b.A)
			l := d.Len()
			if l < cs+4 {
				continue
			}
			u := d.Scale(1 / l)
			t := cs/2 + 1.5 + rng.Float64()*(l-cs-3)
			n := board.Point{X: -u.Y, Y: u.X}
			if rng.IntN(2) == 0 {
				n = n.Scale(-1)
			}
			tilt := (17 + rng.Float64()*15) * math.Pi / 180
			u0 := bw/2 + s.BorderH/math.Tan(tilt)
			sf, cf := math.Sin(tilt), math.Cos(tilt)
			uc := u0 - cs/2*cf + cs/2*sf
			c.Center = b.A.Add(u.Scale(t)).Add(n.Scale(uc))
			c.Pose, c.LeanNormal, c.Tilt = Leaning, n, tilt
			c.Angle = math.Atan2(u.Y, u.X)
		case spot != nil:
			c.Center = spot(rng)
			c.Pose = Lying
		default:
			if len(s.Cubes) > 0 && rng.Float64() < o.PCluster {
				p := s.Cubes[rng.IntN(len(s.Cubes))]
				if p.Pose != Lying {
					continue
				}
				dir := float64(rng.IntN(4)) * math.Pi / 2
				gap := cs + 0.05 + rng.Float64()*0.3
				c.Angle = p.Angle + (rng.Float64()-0.5)*0.15
				c.Center = p.Center.Add(board.Point{X: math.Cos(p.Angle + dir), Y: math.Sin(p.Angle + dir)}.Scale(gap))
				c.Center = c.Center.Add(board.Point{X: -math.Sin(p.Angle + dir), Y: math.Cos(p.Angle + dir)}.Scale((rng.Float64() - 0.5) * cs * 0.6))
			} else {
				c.Center = board.Point{X: cs + rng.Float64()*(L.Width-2*cs), Y: cs + rng.Float64()*(L.Height-2*cs)}
			}
			c.Pose = Lying
		}
		fp := c.Footprint(s)
		if !s.fits(c, fp) {
			continue
		}
		if c.Pose != Balanced {
			c.Zone = L.ZoneAt(c.Center).ID
		}
		return c, true
	}
	return Cube{}, false
}

// collinearNeighbours reports whether every border near p lies on one line
// (one straight border cut into pieces by a junction on the other side).
func collinearNeighbours(bs []board.Segment, p board.Point, r float64) bool {
	var first *board.Segment
	for i := range bs {
		if bs[i].Dist(p) >= r {
			continue
		}
		if first == nil {
			first = &bs[i]
			continue
		}
		d := first.B.Sub(first.A)
		d = d.Scale(1 / d.Len())
		if math.Abs(d.Cross(bs[i].A.Sub(first.A))) > 0.3 || math.Abs(d.Cross(bs[i].B.Sub(first.A))) > 0.3 {
			return false
		}
	}
	return true
}

func (s *Scene) fits(c Cube, fp []board.Point) bool {
	L := s.Layout
	const margin = 0.4
	for _, p := range fp {
		if p.X < margin || p.Y < margin || p.X > L.Width-margin || p.Y > L.Height-margin {
			return false
		}
	}
	if c.Pose == Lying {
		// A lying cube touches no border: sample its footprint.
		for _, p := range samplePoly(fp) {
			if L.BorderDist(p) < L.BorderMM/2+0.3 {
				return false
			}
		}
	}
	if c.Pose == Leaning {
		// Its footprint must stay clear of every border but the one it leans on.
		for _, p := range samplePoly(fp) {
			for _, b := range L.Borders() {
				if b.Dist(p) < L.BorderMM/2+0.2 && b.Dist(c.Center) > L.CubeMM {
					return false
				}
			}
		}
	}
	for _, o := range s.Cubes {
		if polysOverlap(fp, o.Footprint(s), 0.02) {
			return false
		}
	}
	// Every cube is in sight: neither the hull nor a hand hides any of it
	// (a hidden cube is a person's problem, not the reader's).
	if s.Hull != nil || s.Hand != nil {
		vs := s.vertices(c)
		img := s.imageHull(s.Camera, vs[:])
		for _, occ := range s.occluders(s.Camera) {
			if polysOverlap(img, occ, 0.5) {
				return false
			}
		}
	}
	return true
}

func samplePoly(fp []board.Point) []board.Point {
	var c board.Point
	for _, p := range fp {
		c = c.Add(p)
	}
	c = c.Scale(1 / float64(len(fp)))
	out := []board.Point{c}
	for i, p := range fp {
		q := fp[(i+1)%len(fp)]
		for k := 0; k < 4; k++ {
			out = append(out, p.Add(q.Sub(p).Scale(float64(k)/4)))
		}
	}
	return out
}

// polysOverlap tests two convex polygons for overlap deeper than eps
// (separating axis theorem).
func polysOverlap(a, b []board.Point, eps float64) bool {
	for _, poly := range [][]board.Point{a, b} {
		for i := range poly {
			e := poly[(i+1)%len(poly)].Sub(poly[i])
			n := board.Point{X: -e.Y, Y: e.X}
			l := n.Len()
			if l == 0 {
				continue
			}
			n = n.Scale(1 / l)
			amin, amax := proj(a, n)
			bmin, bmax := proj(b, n)
			if amax <= bmin+eps || bmax <= amin+eps {
				return false
			}
		}
	}
	return true
}

func proj(ps []board.Point, n board.Point) (float64, float64) {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, p := range ps {
		v := p.Dot(n)
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	return lo, hi
}

func convexHull(ps []board.Point) []board.Point {
	pts := append([]board.Point(nil), ps...)
	// insertion sort by x then y (8 points)
	for i := 1; i < len(pts); i++ {
		for j := i; j > 0 && (pts[j].X < pts[j-1].X || (pts[j].X == pts[j-1].X && pts[j].Y < pts[j-1].Y)); j-- {
			pts[j], pts[j-1] = pts[j-1], pts[j]
		}
	}
	var h []board.Point
	for pass := 0; pass < 2; pass++ {
		start := len(h)
		for _, p := range pts {
			for len(h) >= start+2 && h[len(h)-1].Sub(h[len(h)-2]).Cross(p.Sub(h[len(h)-2])) <= 0 {
				h = h[:len(h)-1]
			}
			h = append(h, p)
		}
		h = h[:len(h)-1]
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	return h
}

// addNuisances draws the nuisances of a real table for a Hard scene.
func (s *Scene) addNuisances(hr *rand.Rand, o Options) {
	L := s.Layout
	if hr.Float64() < 0.5 {
		// Knocked since calibration: moved 1-4 mm along the table, up to
		// 2 mm in height, and turned a little about its axis.
		calib := s.Camera
		s.CalibCamera = &calib
		a, m := hr.Float64()*2*math.Pi, 1+hr.Float64()*3
		d := [3]float64{m * math.Cos(a), m * math.Sin(a), (hr.Float64() - 0.5) * 4}
		s.Camera.Pos = add3(s.Camera.Pos, d)
		s.Camera.Target = add3(s.Camera.Target, d)
		s.Camera.Roll += (hr.Float64() - 0.5) * 0.6 * math.Pi / 180
	}
	if hr.Float64() < 0.6 {
		// The empty board was photographed in another light: brighter or
		// darker, another colour, another gradient.
		el := s.Light
		k := 0.75 + hr.Float64()*0.5
		for i := range el.Color {
			el.Color[i] *= k * (1 + (hr.Float64()-0.5)*0.16)
		}
		el.GradientX += (hr.Float64() - 0.5) * 0.4
		el.GradientY += (hr.Float64() - 0.5) * 0.4
		s.EmptyLight = &el
	}
	if hr.Float64() < 0.5 {
		s.PrintDark = 0.1 + hr.Float64()*0.25
	}
	if hr.Float64() < 0.5 {
		s.Hull = &Hull{Side: hr.IntN(4), Over: hr.Float64() * 6, Height: 15 + hr.Float64()*20}
	}
	if hr.Float64() < 0.25 {
		// A hand reaching in from one side, held above the board's edge.
		side := hr.IntN(4)
		along := 0.2 + hr.Float64()*0.6
		reach := 5 + hr.Float64()*30
		var from, to board.Point
		switch side {
		case 0:
			to, from = board.Point{X: along * L.Width, Y: reach}, board.Point{X: along * L.Width, Y: -150}
		case 1:
			to, from = board.Point{X: L.Width - reach, Y: along * L.Height}, board.Point{X: L.Width + 150, Y: along * L.Height}
		case 2:
			to, from = board.Point{X: along * L.Width, Y: L.Height - reach}, board.Point{X: along * L.Width, Y: L.Height + 150}
		default:
			to, from = board.Point{X: reach, Y: along * L.Height}, board.Point{X: -150, Y: along * L.Height}
		}
		// The forearm need not come in square to the edge.
		from = from.Add(board.Point{X: (hr.Float64() - 0.5) * 80, Y: (hr.Float64() - 0.5) * 80})
		skins := [][3]float64{{0.85, 0.64, 0.52}, {0.74, 0.52, 0.40}, {0.56, 0.38, 0.27}, {0.38, 0.26, 0.19}}
		s.Hand = &Hand{From: from, To: to, Width: 55 + hr.Float64()*25, Z: 40 + hr.Float64()*50, Color: skins[hr.IntN(len(skins))]}
	}
	if hr.Float64() < 0.35 {
		s.Shade = &Shade{
			Center: board.Point{X: hr.Float64() * L.Width, Y: hr.Float64() * L.Height},
			RX:     30 + hr.Float64()*50, RY: 20 + hr.Float64()*40,
			Keep: 0.45 + hr.Float64()*0.3, Soft: 5 + hr.Float64()*15,
		}
	}
}

// hardSpot picks, for a Hard scene, a place where a cube is hard to read
// and the colour that is hardest there: black beside or on dark print, near
// the board's edge, beside another cube or in the shadow; purple or black
// in a corner zone.
func (s *Scene) hardSpot(hr *rand.Rand, names []string, color string) (string, func(*rand.Rand) board.Point) {
	L := s.Layout
	cs := L.CubeMM
	has := func(n string) bool {
		for _, m := range names {
			if m == n {
				return true
			}
		}
		return false
	}
	pick := func(n string, p float64) string {
		if has(n) && hr.Float64() < p {
			return n
		}
		return color
	}
	kind := hr.IntN(5)
	if kind == 4 && s.Shade == nil {
		kind = 1
	}
	switch kind {
	case 0: // a corner zone, often close to the board's corner
		corner := board.Point{X: float64(hr.IntN(2)) * L.Width, Y: float64(hr.IntN(2)) * L.Height}
		c := pick("purple", 0.5)
		if c == color {
			c = pick("black", 0.5)
		}
		return c, func(r *rand.Rand) board.Point {
			dx, dy := cs/2+0.5+r.Float64()*26, cs/2+0.5+r.Float64()*40
			if corner.X > 0 {
				dx = -dx
			}
			if corner.Y > 0 {
				dy = -dy
			}
			return corner.Add(board.Point{X: dx, Y: dy})
		}
	case 1: // near the board's edge
		side := hr.IntN(4)
		return pick("black", 0.6), func(r *rand.Rand) board.Point {
			d := cs/2 + 0.5 + r.Float64()*3
			switch side {
			case 0:
				return board.Point{X: r.Float64() * L.Width, Y: d}
			case 1:
				return board.Point{X: L.Width - d, Y: r.Float64() * L.Height}
			case 2:
				return board.Point{X: r.Float64() * L.Width, Y: L.Height - d}
			}
			return board.Point{X: d, Y: r.Float64() * L.Height}
		}
	case 2: // on or beside a printed icon
		icons := boardIcons(L)
		if len(icons) == 0 {
			break
		}
		ic := icons[hr.IntN(len(icons))]
		return pick("black", 0.7), func(r *rand.Rand) board.Point {
			a := r.Float64() * 2 * math.Pi
			d := r.Float64() * (ic.r + cs/2 + 2)
			return ic.c.Add(board.Point{X: math.Cos(a) * d, Y: math.Sin(a) * d})
		}
	case 3: // touching another lying cube
		return pick("black", 0.6), func(r *rand.Rand) board.Point {
			var lying []Cube
			for _, c := range s.Cubes {
				if c.Pose == Lying {
					lying = append(lying, c)
				}
			}
			if len(lying) == 0 {
				return board.Point{X: cs + r.Float64()*(L.Width-2*cs), Y: cs + r.Float64()*(L.Height-2*cs)}
			}
			p := lying[r.IntN(len(lying))]
			dir := p.Angle + float64(r.IntN(4))*math.Pi/2
			gap := cs + 0.05 + r.Float64()*0.4
			return p.Center.Add(board.Point{X: math.Cos(dir), Y: math.Sin(dir)}.Scale(gap)).
				Add(board.Point{X: -math.Sin(dir), Y: math.Cos(dir)}.Scale((r.Float64() - 0.5) * cs * 0.8))
		}
	case 4: // in the shadow
		sh := *s.Shade
		return pick("black", 0.6), func(r *rand.Rand) board.Point {
			a, d := r.Float64()*2*math.Pi, math.Sqrt(r.Float64())
			return sh.Center.Add(board.Point{X: math.Cos(a) * d * sh.RX, Y: math.Sin(a) * d * sh.RY})
		}
	}
	return color, nil
}

// calibCamera is the camera of the calibration (the empty board, Corners).
func (s *Scene) calibCamera() Camera {
	if s.CalibCamera != nil {
		return *s.CalibCamera
	}
	return s.Camera
}

// imageHull is the convex outline of points (board mm, z up) in cam's image.
func (s *Scene) imageHull(cam Camera, pts [][3]float64) []board.Point {
	out := make([]board.Point, len(pts))
	for i, p := range pts {
		x, y, _ := cam.project(p)
		out[i] = board.Point{X: x, Y: y}
	}
	return convexHull(out)
}

// hullBox is the hull's box: its centre, half sizes (axis-aligned).
func (s *Scene) hullBox() (ctr, half [3]float64) {
	L, h := s.Layout, s.Hull
	const out = 80.0 // how far it reaches away from the board
	x0, x1, y0, y1 := -out, L.Width+out, -out, L.Height+out
	switch h.Side {
	case 0:
		y1 = h.Over
	case 1:
		x0 = L.Width - h.Over
	case 2:
		y0 = L.Height - h.Over
	default:
		x1 = h.Over
	}
	return [3]float64{(x0 + x1) / 2, (y0 + y1) / 2, h.Height / 2}, [3]float64{(x1 - x0) / 2, (y1 - y0) / 2, h.Height / 2}
}

// handOutline is the hand's outline on its plane (z = Hand.Z): a forearm
// and a rounded hand, convex.
func (s *Scene) handOutline() [][3]float64 {
	h := s.Hand
	u := h.To.Sub(h.From)
	u = u.Scale(1 / u.Len())
	n := board.Point{X: -u.Y, Y: u.X}
	w := h.Width / 2
	base := h.To.Sub(u.Scale(w))
	pts := [][3]float64{}
	for _, p := range []board.Point{h.From.Add(n.Scale(w * 0.8)), h.From.Sub(n.Scale(w * 0.8))} {
		pts = append(pts, [3]float64{p.X, p.Y, h.Z})
	}
	for k := 0; k <= 8; k++ {
		a := -math.Pi/2 + math.Pi*float64(k)/8
		p := base.Add(n.Scale(w * math.Sin(a))).Add(u.Scale(w * math.Cos(a)))
		pts = append(pts, [3]float64{p.X, p.Y, h.Z})
	}
	return pts
}

// occluders are the image outlines of what stands above the board and may
// hide a cube: the hull and the hand.
func (s *Scene) occluders(cam Camera) [][]board.Point {
	var out [][]board.Point
	if s.Hull != nil {
		ctr, half := s.hullBox()
		var v [][3]float64
		for _, a := range []float64{-1, 1} {
			for _, b := range []float64{-1, 1} {
				for _, c := range []float64{-1, 1} {
					v = append(v, [3]float64{ctr[0] + a*half[0], ctr[1] + b*half[1], ctr[2] + c*half[2]})
				}
			}
		}
		out = append(out, s.imageHull(cam, v))
	}
	if s.Hand != nil {
		out = append(out, s.imageHull(cam, s.handOutline()))
	}
	return out
}

// shadeAt is the fraction of the light the Shade leaves at board point p.
func (s *Scene) shadeAt(p board.Point) float64 {
	sh := s.Shade
	if sh == nil {
		return 1
	}
	// Distance outside the ellipse, in mm (approximately).
	dx, dy := (p.X-sh.Center.X)/sh.RX, (p.Y-sh.Center.Y)/sh.RY
	d := (math.Sqrt(dx*dx+dy*dy) - 1) * math.Min(sh.RX, sh.RY)
	t := math.Min(math.Max(d/sh.Soft+0.5, 0), 1)
	return sh.Keep + (1-sh.Keep)*t
}
