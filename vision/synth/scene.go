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
	n := o.MinCubes + rng.IntN(o.MaxCubes-o.MinCubes+1)
	for len(s.Cubes) < n {
		c, ok := s.place(rng, o, names[rng.IntN(len(names))])
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
	c, ok := s.place(rng, o, color)
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

func (s *Scene) place(rng *rand.Rand, o Options, color string) (Cube, bool) {
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
