package synth

import (
	"bytes"
	"hash/fnv"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"

	"github.com/quartermaster-table/quartermaster/engine/layout"
	"github.com/quartermaster-table/quartermaster/vision/board"
	"github.com/quartermaster-table/quartermaster/vision/diceset"
)

// DiePose is how a die came to rest.
type DiePose int

const (
	// Flat: a face on top, on the tray floor; it is read.
	Flat DiePose = iota
	// Cocked: leaning on a wall or on another die, no face on top.
	Cocked
	// Outside: flat on the table beyond the tray's wall.
	Outside
)

func (p DiePose) String() string {
	switch p {
	case Flat:
		return "flat"
	case Cocked:
		return "cocked"
	case Outside:
		return "outside"
	}
	return "unknown"
}

// Die is one die in a dice scene, with its ground truth.
type Die struct {
	ID   string // the dice set's id
	Size float64
	// Face is the index (0..5) into the die's labels of the face on top;
	// Label is that label. For a cocked die it is the face nearest the top.
	Face  int
	Label string
	// Center is the footprint centre: the vertical projection of the die's
	// centre on the floor, in tray millimetres.
	Center board.Point
	Angle  float64 // rotation about the vertical, radians
	Pose   DiePose
	// Tilt (radians) and the horizontal direction the die's top leans
	// toward, for Cocked.
	Tilt    float64
	TiltDir board.Point
	// Zone the die counts in ("" unless Flat).
	Zone string

	perm [6]int // face index on the local axes +z, -z, +x, -x, +y, -y
}

// DiceScene is a photograph of a dice tray to render, and its truth.
type DiceScene struct {
	Tray     *layout.Tray
	Set      *diceset.Set
	Dice     []Die
	Camera   Camera
	Light    Light
	Felt     [3]float64 // the floor's albedo
	WallH    float64    // wall height, mm
	Blur     float64
	Noise    float64
	JPEG     int
	Seed     uint64
	Vignette float64
}

// DiceOptions control RandomDice.
type DiceOptions struct {
	Tray       *layout.Tray
	Set        *diceset.Set
	W, H       int     // default 1280x960
	MinDice    int     // default 1
	MaxDice    int     // default 10
	MaxTiltDeg float64 // camera tilt; default 30
	PCocked    float64 // default 0.06
	POutside   float64 // default 0.03
	PTouch     float64 // chance a die touches a previous one; default 0.3
	Clean      bool    // no blur, noise, JPEG, gradient or colour cast
	IDs        []string
	// Faces, when set, is the top face index of every die in turn (for a
	// calibration roll); the dice are then all flat.
	Faces []int
}

// DefaultTray is the tray of dice.md, for tests and the simulated camera.
func DefaultTray() *layout.Tray {
	t, err := layout.ParseTray([]byte(`{"name":"Test Tray","units":"mm","width":240,"height":160,"wall_mm":6,
	"zones":[{"id":"attacker","polygon":[[0,0],[120,0],[120,160],[0,160]]},{"id":"defender","polygon":[[120,0],[240,0],[240,160],[120,160]]}]}`))
	if err != nil {
		panic(err)
	}
	return t
}

// DefaultDiceSet is dice.md's example set (white and red pip dice and a dark
// learned die with Merchants & Marauders' icon and numerals) plus a black
// pip die: test data, not anyone's measured dice.
func DefaultDiceSet() *diceset.Set {
	s, err := diceset.Parse([]byte(`{"dice": [
  {"id": "white", "colour": [236, 234, 226], "size_mm": 16, "faces": {"kind": "pips", "pip_colour": [20, 20, 20]}},
  {"id": "red", "colour": [178, 34, 40], "size_mm": 16, "faces": {"kind": "pips", "pip_colour": [245, 245, 245]}},
  {"id": "black", "colour": [32, 32, 34], "size_mm": 16, "faces": {"kind": "pips", "pip_colour": [240, 240, 240]}},
  {"id": "mm", "colour": [30, 60, 120], "size_mm": 16, "faces": {"kind": "learned", "labels": ["icon", "1", "2", "3", "4", "icon"]}}]}`))
	if err != nil {
		panic(err)
	}
	return s
}

// felts are tray floor colours: felt and card in plain colours.
var felts = [][3]float64{{0.16, 0.40, 0.22}, {0.14, 0.24, 0.45}, {0.45, 0.12, 0.14}, {0.55, 0.45, 0.30}, {0.30, 0.22, 0.15}, {0.42, 0.42, 0.40}}

// RandomDice makes a random dice scene from a seed: the same seed always
// gives the same scene.
func RandomDice(seed uint64, o DiceOptions) *DiceScene {
	if o.Tray == nil {
		o.Tray = DefaultTray()
	}
	if o.Set == nil {
		o.Set = DefaultDiceSet()
	}
	if o.W == 0 || o.H == 0 {
		o.W, o.H = 1280, 960
	}
	if o.MinDice == 0 {
		o.MinDice = 1
	}
	if o.MaxDice < o.MinDice {
		o.MaxDice = max(o.MinDice, 10)
	}
	if o.MaxTiltDeg == 0 {
		o.MaxTiltDeg = 30
	}
	if o.PCocked == 0 {
		o.PCocked = 0.06
	}
	if o.POutside == 0 {
		o.POutside = 0.03
	}
	if o.PTouch == 0 {
		o.PTouch = 0.3
	}
	rng := rand.New(rand.NewPCG(seed, 0xd1ce))
	t := o.Tray
	s := &DiceScene{Tray: t, Set: o.Set, Seed: seed, WallH: math.Max(8, 2*t.WallMM)}
	// Frame the tray and its walls as the battle board is framed.
	m := t.WallMM + 4
	s.Camera = randomCamera(rng, Options{Layout: &board.Layout{Width: t.Width + 2*m, Height: t.Height + 2*m}, W: o.W, H: o.H, MaxTiltDeg: o.MaxTiltDeg})
	for k := 0; k < 2; k++ {
		s.Camera.Pos[k] -= m
		s.Camera.Target[k] -= m
	}
	s.Light = randomLight(rng, o.Clean)
	s.Felt = felts[rng.IntN(len(felts))]
	if !o.Clean {
		v := 0.85 + rng.Float64()*0.3
		s.Felt = [3]float64{s.Felt[0] * v, s.Felt[1] * v, s.Felt[2] * v}
		s.Blur = 0.4 + rng.Float64()*1.1
		s.Noise = 1 + rng.Float64()*5
		if rng.Float64() < 0.7 {
			s.JPEG = 55 + rng.IntN(41)
		}
		s.Vignette = rng.Float64() * 0.25
	} else {
		s.Blur = 0.5
	}
	ids := o.IDs
	if len(ids) == 0 {
		for _, d := range o.Set.Dice {
			ids = append(ids, d.ID)
		}
	}
	n := o.MinDice + rng.IntN(o.MaxDice-o.MinDice+1)
	if o.Faces != nil {
		n = len(o.Faces)
	}
	for len(s.Dice) < n {
		id := ids[rng.IntN(len(ids))]
		if o.Faces != nil {
			id = ids[len(s.Dice)%len(ids)]
		}
		d, ok := s.placeDie(rng, o, id)
		if !ok {
			break
		}
		if o.Faces != nil {
			d.setFace(o.Set.Die(id), o.Faces[len(s.Dice)], rng)
		}
		s.Dice = append(s.Dice, d)
	}
	return s
}

// setFace puts face f on top and lays out the other five: a pip die's
// opposite faces add up to seven.
func (d *Die) setFace(sd *diceset.Die, f int, rng *rand.Rand) {
	d.Face = f
	d.Label = sd.Labels()[f]
	var rest []int
	for k := 0; k < 6; k++ {
		if k != f && (sd.Faces.Kind != diceset.Pips || k != 5-f) {
			rest = append(rest, k)
		}
	}
	rng.Shuffle(len(rest), func(i, j int) { rest[i], rest[j] = rest[j], rest[i] })
	d.perm[0] = f
	if sd.Faces.Kind == diceset.Pips {
		d.perm[1] = 5 - f
		// rest holds two opposite pairs in some order; keep pairs opposite.
		a := rest[0]
		b := -1
		for _, k := range rest[1:] {
			if k != 5-a {
				b = k
				break
			}
		}
		d.perm[2], d.perm[3], d.perm[4], d.perm[5] = a, 5-a, b, 5-b
		return
	}
	d.perm[1], d.perm[2], d.perm[3], d.perm[4], d.perm[5] = rest[0], rest[1], rest[2], rest[3], rest[4]
}

func (s *DiceScene) placeDie(rng *rand.Rand, o DiceOptions, id string) (Die, bool) {
	t := s.Tray
	sd := o.Set.Die(id)
	for try := 0; try < 300; try++ {
		d := Die{ID: id, Size: sd.SizeMM, Angle: rng.Float64() * math.Pi / 2}
		d.setFace(sd, rng.IntN(6), rng)
		sz := d.Size
		r := rng.Float64()
		var leanOn = -1
		switch {
		case o.Faces == nil && r < o.POutside:
			// Flat on the table just beyond one wall.
			d.Pose = Outside
			off := t.WallMM + sz*0.75 + 1 + rng.Float64()*4
			switch rng.IntN(4) {
			case 0:
				d.Center = board.Point{X: -off, Y: sz + rng.Float64()*(t.Height-2*sz)}
			case 1:
				d.Center = board.Point{X: t.Width + off, Y: sz + rng.Float64()*(t.Height-2*sz)}
			case 2:
				d.Center = board.Point{X: sz + rng.Float64()*(t.Width-2*sz), Y: -off}
			default:
				d.Center = board.Point{X: sz + rng.Float64()*(t.Width-2*sz), Y: t.Height + off}
			}
		case o.Faces == nil && r < o.POutside+o.PCocked:
			d.Pose = Cocked
			d.Tilt = (15 + rng.Float64()*25) * math.Pi / 180
			// Lean on a flat die already there, or on a wall.
			var flats []int
			for i, p := range s.Dice {
				if p.Pose == Flat {
					flats = append(flats, i)
				}
			}
			if len(flats) > 0 && rng.IntN(2) == 0 {
				leanOn = flats[rng.IntN(len(flats))]
				p := s.Dice[leanOn]
				dir := p.Angle + float64(rng.IntN(4))*math.Pi/2
				u := board.Point{X: math.Cos(dir), Y: math.Sin(dir)}
				d.TiltDir = u.Scale(-1)
				d.Angle = p.Angle + (rng.Float64()-0.5)*0.3
				d.Center = p.Center.Add(u.Scale(p.Size/2 + sz/2*(math.Cos(d.Tilt)+math.Sin(d.Tilt)) + 0.3))
			} else {
				// Leaning on a wall: the top toward the wall.
				w := rng.IntN(4)
				gap := sz/2*(math.Cos(d.Tilt)+math.Sin(d.Tilt)) + 0.4
				switch w {
				case 0:
					d.Center, d.TiltDir = board.Point{X: gap, Y: sz + rng.Float64()*(t.Height-2*sz)}, board.Point{X: -1}
				case 1:
					d.Center, d.TiltDir = board.Point{X: t.Width - gap, Y: sz + rng.Float64()*(t.Height-2*sz)}, board.Point{X: 1}
				case 2:
					d.Center, d.TiltDir = board.Point{X: sz + rng.Float64()*(t.Width-2*sz), Y: gap}, board.Point{Y: -1}
				default:
					d.Center, d.TiltDir = board.Point{X: sz + rng.Float64()*(t.Width-2*sz), Y: t.Height - gap}, board.Point{Y: 1}
				}
				d.Angle = math.Atan2(d.TiltDir.Y, d.TiltDir.X)
			}
		default:
			d.Pose = Flat
			if len(s.Dice) > 0 && rng.Float64() < o.PTouch {
				p := s.Dice[rng.IntN(len(s.Dice))]
				if p.Pose != Flat {
					continue
				}
				dir := p.Angle + float64(rng.IntN(4))*math.Pi/2
				u := board.Point{X: math.Cos(dir), Y: math.Sin(dir)}
				d.Angle = p.Angle + (rng.Float64()-0.5)*0.15
				gap := (p.Size+sz)/2 + 0.1 + rng.Float64()*0.4
				d.Center = p.Center.Add(u.Scale(gap)).Add(board.Point{X: -u.Y, Y: u.X}.Scale((rng.Float64() - 0.5) * sz * 0.6))
			} else {
				d.Center = board.Point{X: sz/2 + rng.Float64()*(t.Width-sz), Y: sz/2 + rng.Float64()*(t.Height-sz)}
			}
		}
		fp := d.footprint()
		ok := true
		for _, p := range fp {
			on := p.X > 0.3 && p.Y > 0.3 && p.X < t.Width-0.3 && p.Y < t.Height-0.3
			if d.Pose == Outside {
				// Entirely beyond the wall.
				if p.X > -t.WallMM-0.5 && p.Y > -t.WallMM-0.5 && p.X < t.Width+t.WallMM+0.5 && p.Y < t.Height+t.WallMM+0.5 {
					ok = false
				}
			} else if !on {
				ok = false
			}
		}
		for i, q := range s.Dice {
			if i != leanOn && polysOverlap(fp, q.footprint(), 0.02) {
				ok = false
			}
		}
		if !ok {
			continue
		}
		if d.Pose == Flat {
			d.Zone = t.ZoneAt(d.Center.X, d.Center.Y)
			if d.Zone == "" {
				continue
			}
		}
		return d, true
	}
	return Die{}, false
}

// rot returns the die's rotation: its local axes (columns) in tray space.
func (d *Die) rot() [3][3]float64 {
	ca, sa := math.Cos(d.Angle), math.Sin(d.Angle)
	z := [3][3]float64{{ca, -sa, 0}, {sa, ca, 0}, {0, 0, 1}}
	if d.Pose != Cocked {
		return z
	}
	// Tilt about the horizontal axis across TiltDir, top toward TiltDir.
	a := [3]float64{-d.TiltDir.Y, d.TiltDir.X, 0}
	c, s := math.Cos(d.Tilt), math.Sin(d.Tilt)
	var r [3][3]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			k := 0.0
			if i == j {
				k = c
			}
			r[i][j] = k + (1-c)*a[i]*a[j]
		}
	}
	// Cross-product part: +s*[a]x, sign chosen so +z tips toward TiltDir.
	r[0][1] -= s * a[2]
	r[0][2] += s * a[1]
	r[1][0] += s * a[2]
	r[1][2] -= s * a[0]
	r[2][0] -= s * a[1]
	r[2][1] += s * a[0]
	var out [3][3]float64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				out[i][j] += r[i][k] * z[k][j]
			}
		}
	}
	return out
}

// roundR is the radius of the die's rounded edges, as a fraction of its size.
const roundR = 0.12

// centre returns the die's 3-D centre: its lowest point on the floor.
func (d *Die) centre() [3]float64 {
	R := d.rot()
	b := d.Size / 2
	r := roundR * d.Size
	z := r + (b-r)*(math.Abs(R[2][0])+math.Abs(R[2][1])+math.Abs(R[2][2]))
	return [3]float64{d.Center.X, d.Center.Y, z}
}

// footprint is the outline of the die's vertical projection.
func (d *Die) footprint() []board.Point {
	R := d.rot()
	c := d.centre()
	h := d.Size / 2
	var pts []board.Point
	for _, a := range []float64{-h, h} {
		for _, b := range []float64{-h, h} {
			for _, e := range []float64{-h, h} {
				pts = append(pts, board.Point{X: c[0] + R[0][0]*a + R[0][1]*b + R[0][2]*e, Y: c[1] + R[1][0]*a + R[1][1]*b + R[1][2]*e})
			}
		}
	}
	return convexHull(pts)
}

// Corners returns the exact image positions of the tray floor's corners,
// in calibration order.
func (s *DiceScene) Corners() board.Corners {
	t := s.Tray
	p := func(x, y float64) board.Point {
		u, v, _ := s.Camera.project([3]float64{x, y, 0})
		return board.Point{X: u, Y: v}
	}
	return board.Corners{p(0, 0), p(t.Width, 0), p(t.Width, t.Height), p(0, t.Height)}
}

// Project3 maps a tray point at height z (mm) to image pixels.
func (s *DiceScene) Project3(p board.Point, z float64) board.Point {
	x, y, _ := s.Camera.project([3]float64{p.X, p.Y, z})
	return board.Point{X: x, Y: y}
}

// RenderDice draws the scene as a camera photograph.
func RenderDice(s *DiceScene) *image.RGBA { return s.render(true) }

// RenderDiceEmpty draws the same tray, camera and light without dice.
func RenderDiceEmpty(s *DiceScene) *image.RGBA { return s.render(false) }

type dieGeo struct {
	d        *Die
	sd       *diceset.Die
	c        [3]float64
	R        [3][3]float64
	b, r     float64 // half size, edge radius
	bound    float64 // bounding sphere radius
	x0, y0   int     // screen box
	x1, y1   int
	col, ink [3]float64
}

func (s *DiceScene) render(withDice bool) *image.RGBA {
	cam := s.Camera
	W, H := cam.W, cam.H
	t := s.Tray
	right, down, fwd := cam.axes()
	var geos []dieGeo
	if withDice {
		for i := range s.Dice {
			d := &s.Dice[i]
			sd := s.Set.Die(d.ID)
			g := dieGeo{d: d, sd: sd, c: d.centre(), R: d.rot(), b: d.Size / 2, r: roundR * d.Size}
			g.bound = g.b * math.Sqrt(3)
			v := 1 + 0.04*math.Sin(float64(i)*12.9898+float64(s.Seed%1000))
			for k := 0; k < 3; k++ {
				g.col[k] = float64(sd.Colour[k]) / 255 * v
			}
			if sd.Faces.Kind == diceset.Pips {
				for k := 0; k < 3; k++ {
					g.ink[k] = float64(sd.Faces.PipColour[k]) / 255
				}
			} else if lum(sd.Colour) < 128 {
				g.ink = [3]float64{0.92, 0.88, 0.78}
			} else {
				g.ink = [3]float64{0.08, 0.08, 0.08}
			}
			g.x0, g.y0, g.x1, g.y1 = W, H, -1, -1
			for _, a := range []float64{-1, 1} {
				for _, b := range []float64{-1, 1} {
					for _, e := range []float64{-1, 1} {
						x, y, _ := cam.project([3]float64{g.c[0] + a*g.bound, g.c[1] + b*g.bound, g.c[2] + e*g.bound})
						g.x0, g.y0 = min(g.x0, int(x)-1), min(g.y0, int(y)-1)
						g.x1, g.y1 = max(g.x1, int(x)+1), max(g.y1, int(y)+1)
					}
				}
			}
			geos = append(geos, g)
		}
	}
	// Walls: four boxes around the floor.
	wt, wh := t.WallMM, s.WallH
	walls := [][2][3]float64{
		{{-wt, -wt, 0}, {t.Width + wt, 0, wh}},
		{{-wt, t.Height, 0}, {t.Width + wt, t.Height + wt, wh}},
		{{-wt, 0, 0}, {0, t.Height, wh}},
		{{t.Width, 0, 0}, {t.Width + wt, t.Height, wh}},
	}
	// Each wall's box on screen: rays elsewhere cannot meet it.
	var wallBox [4][4]int
	for k, w := range walls {
		b := &wallBox[k]
		b[0], b[1], b[2], b[3] = W, H, -1, -1
		for _, x := range []float64{w[0][0], w[1][0]} {
			for _, y := range []float64{w[0][1], w[1][1]} {
				for _, z := range []float64{w[0][2], w[1][2]} {
					u, v, depth := cam.project([3]float64{x, y, z})
					if depth <= 0 {
						b[0], b[1], b[2], b[3] = 0, 0, W, H
						continue
					}
					b[0], b[1] = min(b[0], int(u)-2), min(b[1], int(v)-2)
					b[2], b[3] = max(b[2], int(u)+2), max(b[3], int(v)+2)
				}
			}
		}
	}
	L := s.Light
	wallAlb := [3]float64{s.Felt[0]*0.5 + 0.2, s.Felt[1]*0.5 + 0.15, s.Felt[2]*0.5 + 0.1}
	buf := make([]float64, W*H*3)
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			px, py := (float64(x)+0.5-float64(W)/2)/cam.Focal, (float64(y)+0.5-float64(H)/2)/cam.Focal
			dir := norm3(add3(fwd, add3(scale3(right, px), scale3(down, py))))
			best := math.Inf(1)
			var alb, nrm [3]float64
			if dir[2] < 0 {
				best = -cam.Pos[2] / dir[2]
				p := add3(cam.Pos, scale3(dir, best))
				nrm = [3]float64{0, 0, 1}
				if p[0] >= 0 && p[1] >= 0 && p[0] <= t.Width && p[1] <= t.Height {
					m := 1 + 0.035*math.Sin(p[0]*1.7+math.Sin(p[1]*0.9)*2)*math.Cos(p[1]*1.3)
					alb = scale3(s.Felt, m)
				} else {
					g := 0.9 + 0.1*math.Sin(p[1]*0.8+math.Sin(p[0]*0.05)*3)
					alb = [3]float64{0.30 * g, 0.20 * g, 0.13 * g}
				}
			}
			for k, w := range walls {
				if b := wallBox[k]; x < b[0] || x > b[2] || y < b[1] || y > b[3] {
					continue
				}
				if tt, n, ok := rayBox(cam.Pos, dir, w[0], w[1]); ok && tt < best {
					best, nrm, alb = tt, n, wallAlb
				}
			}
			hitDie := false
			for gi := range geos {
				g := &geos[gi]
				if x < g.x0 || x > g.x1 || y < g.y0 || y > g.y1 {
					continue
				}
				if tt, p, ok := g.trace(cam.Pos, dir, best); ok {
					best = tt
					nrm = g.normal(p)
					alb = g.albedo(p)
					hitDie = true
				}
			}
			if math.IsInf(best, 1) {
				continue
			}
			lit := L.Ambient + L.Diffuse*math.Max(0, dot3(nrm, L.Dir))
			if !hitDie && withDice && nrm[2] > 0.99 {
				p := add3(cam.Pos, scale3(dir, best))
				p[2] += 0.01
				for gi := range geos {
					if _, _, ok := geos[gi].trace(p, L.Dir, math.Inf(1)); ok {
						lit = L.Ambient + L.Diffuse*math.Max(0, L.Dir[2])*L.Shadow
						break
					}
				}
			}
			i := (y*W + x) * 3
			buf[i], buf[i+1], buf[i+2] = alb[0]*lit, alb[1]*lit, alb[2]*lit
		}
	}
	return finishPhoto(buf, W, H, L, s.Vignette, s.Blur, s.Noise, s.JPEG, s.Seed)
}

func lum(c diceset.RGB) float64 { return 0.3*float64(c[0]) + 0.59*float64(c[1]) + 0.11*float64(c[2]) }

// rayBox intersects a ray with an axis-aligned box (slab method).
func rayBox(o, d, lo, hi [3]float64) (float64, [3]float64, bool) {
	tmin, tmax := 0.0, math.Inf(1)
	var n [3]float64
	for k := 0; k < 3; k++ {
		if math.Abs(d[k]) < 1e-12 {
			if o[k] < lo[k] || o[k] > hi[k] {
				return 0, n, false
			}
			continue
		}
		t1, t2 := (lo[k]-o[k])/d[k], (hi[k]-o[k])/d[k]
		sgn := -1.0
		if t1 > t2 {
			t1, t2 = t2, t1
			sgn = 1
		}
		if t1 > tmin {
			tmin = t1
			n = [3]float64{}
			n[k] = sgn
		}
		tmax = math.Min(tmax, t2)
		if tmin > tmax {
			return 0, n, false
		}
	}
	return tmin, n, tmin > 0
}

func (g *dieGeo) local(p [3]float64) [3]float64 {
	v := sub3(p, g.c)
	R := g.R
	return [3]float64{R[0][0]*v[0] + R[1][0]*v[1] + R[2][0]*v[2], R[0][1]*v[0] + R[1][1]*v[1] + R[2][1]*v[2], R[0][2]*v[0] + R[1][2]*v[1] + R[2][2]*v[2]}
}

func (g *dieGeo) sdf(q [3]float64) float64 {
	e := g.b - g.r
	var o [3]float64
	in := math.Inf(-1)
	for k := 0; k < 3; k++ {
		a := math.Abs(q[k]) - e
		o[k] = math.Max(a, 0)
		in = math.Max(in, a)
	}
	return len3(o) + math.Min(in, 0) - g.r
}

// trace sphere-traces the rounded box up to distance tmax.
func (g *dieGeo) trace(o, d [3]float64, tmax float64) (float64, [3]float64, bool) {
	oc := sub3(o, g.c)
	b := dot3(oc, d)
	c := dot3(oc, oc) - g.bound*g.bound
	disc := b*b - c
	if disc < 0 {
		return 0, o, false
	}
	t := math.Max(0, -b-math.Sqrt(disc))
	tEnd := math.Min(tmax, -b+math.Sqrt(disc))
	lo, ld := g.local(o), g.local(add3(o, d))
	ld = sub3(ld, lo)
	for i := 0; i < 64 && t < tEnd; i++ {
		q := add3(lo, scale3(ld, t))
		h := g.sdf(q)
		if h < 0.005 {
			return t, add3(o, scale3(d, t)), true
		}
		t += h
	}
	return 0, o, false
}

func (g *dieGeo) normal(p [3]float64) [3]float64 {
	q := g.local(p)
	e := g.b - g.r
	var n [3]float64
	big, bk := -1.0, 0
	for k := 0; k < 3; k++ {
		a := math.Abs(q[k]) - e
		if a > 0 {
			n[k] = math.Copysign(a, q[k])
		}
		if a > big {
			big, bk = a, k
		}
	}
	if len3(n) < 1e-9 {
		n[bk] = math.Copysign(1, q[bk])
	}
	n = norm3(n)
	R := g.R
	return [3]float64{R[0][0]*n[0] + R[0][1]*n[1] + R[0][2]*n[2], R[1][0]*n[0] + R[1][1]*n[1] + R[1][2]*n[2], R[2][0]*n[0] + R[2][1]*n[1] + R[2][2]*n[2]}
}

// albedo is the die's paint at a surface point: its colour, or the ink of
// a pip or printed symbol on the face the point is on.
func (g *dieGeo) albedo(p [3]float64) [3]float64 {
	q := g.local(p)
	k := 0
	for a := 1; a < 3; a++ {
		if math.Abs(q[a]) > math.Abs(q[k]) {
			k = a
		}
	}
	var slot int
	var u, v float64
	switch k {
	case 2:
		slot, u, v = 0, q[0], q[1]
		if q[2] < 0 {
			slot, v = 1, -q[1]
		}
	case 0:
		slot, u, v = 2, q[1], q[2]
		if q[0] < 0 {
			slot = 3
		}
	default:
		slot, u, v = 4, q[0], q[2]
		if q[1] < 0 {
			slot = 5
		}
	}
	face := g.d.perm[slot]
	if FaceInk(g.sd, face, u/g.d.Size, v/g.d.Size) {
		return g.ink
	}
	return g.col
}

// FaceInk reports whether the point (u, v) of a face, in units of the die's
// size from the face's centre (-0.5..0.5), is inked: a pip, or part of a
// printed symbol. It draws the faces the renderer paints; the reader never
// uses it.
func FaceInk(sd *diceset.Die, face int, u, v float64) bool {
	if sd.Faces.Kind == diceset.Pips {
		return pipAt(face+1, u, v)
	}
	return symbolAt(sd.Faces.Labels[face], u, v)
}

func pipAt(n int, u, v float64) bool {
	const q, r = 0.27, 0.085
	var at [][2]float64
	switch n {
	case 1:
		at = [][2]float64{{0, 0}}
	case 2:
		at = [][2]float64{{-q, -q}, {q, q}}
	case 3:
		at = [][2]float64{{-q, -q}, {0, 0}, {q, q}}
	case 4:
		at = [][2]float64{{-q, -q}, {q, q}, {q, -q}, {-q, q}}
	case 5:
		at = [][2]float64{{-q, -q}, {q, q}, {q, -q}, {-q, q}, {0, 0}}
	default:
		at = [][2]float64{{-q, -q}, {q, q}, {q, -q}, {-q, q}, {-q, 0}, {q, 0}}
	}
	for _, c := range at {
		if (u-c[0])*(u-c[0])+(v-c[1])*(v-c[1]) < r*r {
			return true
		}
	}
	return false
}

// digits is a 3x5 font for numeral faces.
var digits = map[byte][5]string{
	'0': {"###", "#.#", "#.#", "#.#", "###"},
	'1': {".#.", "##.", ".#.", ".#.", "###"},
	'2': {"###", "..#", "###", "#..", "###"},
	'3': {"###", "..#", ".##", "..#", "###"},
	'4': {"#.#", "#.#", "###", "..#", "..#"},
	'5': {"###", "#..", "###", "..#", "###"},
	'6': {"###", "#..", "###", "#.#", "###"},
	'7': {"###", "..#", ".#.", ".#.", ".#."},
	'8': {"###", "#.#", "###", "#.#", "###"},
	'9': {"###", "#.#", "###", "..#", "###"},
}

// symbolAt draws a learned die's face: "icon" is a success mark (a ring
// with crossed blades, our stand-in for Merchants & Marauders' icon), a
// numeral is drawn in a block font, any other label as a pattern from its
// hash, so that every label looks different.
func symbolAt(label string, u, v float64) bool {
	if label == "icon" {
		r := math.Hypot(u, v)
		if r < 0.34 && r > 0.25 {
			return true
		}
		return r < 0.3 && (math.Abs(u+v) < 0.05 || math.Abs(u-v) < 0.05)
	}
	if len(label) == 1 {
		if g, ok := digits[label[0]]; ok {
			col, row := int(math.Floor((u+0.18)/0.12)), int(math.Floor((v+0.3)/0.12))
			return col >= 0 && col < 3 && row >= 0 && row < 5 && g[row][col] == '#'
		}
	}
	h := fnv.New32a()
	h.Write([]byte(label))
	bits := h.Sum32()
	col, row := int(math.Floor((u+0.3)/0.15)), int(math.Floor((v+0.3)/0.15))
	if col < 0 || col > 3 || row < 0 || row > 3 {
		return false
	}
	return bits>>(row*4+col)&1 == 1
}

// finishPhoto applies the light's colour, gradient and vignette, blur,
// noise and JPEG to a linear buffer, as the battle-board renderer does.
func finishPhoto(buf []float64, W, H int, light Light, vignette, blur, noise float64, q int, seed uint64) *image.RGBA {
	for y := 0; y < H; y++ {
		fy := float64(y)/float64(H) - 0.5
		for x := 0; x < W; x++ {
			fx := float64(x)/float64(W) - 0.5
			g := (1 + light.GradientX*fx + light.GradientY*fy) * (1 - vignette*(fx*fx+fy*fy)*2)
			i := y*W + x
			for k := 0; k < 3; k++ {
				buf[i*3+k] *= g * light.Color[k] * 255
			}
		}
	}
	if blur > 0 {
		gaussBlur(buf, W, H, blur)
	}
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	rng := rand.New(rand.NewPCG(seed, 98))
	for i := 0; i < W*H; i++ {
		for k := 0; k < 3; k++ {
			v := buf[i*3+k]
			if noise > 0 {
				v += rng.NormFloat64() * noise
			}
			img.Pix[i*4+k] = uint8(math.Max(0, math.Min(255, math.Round(v))))
		}
		img.Pix[i*4+3] = 255
	}
	if q > 0 {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: q}); err == nil {
			if d, err := jpeg.Decode(&b); err == nil {
				out := image.NewRGBA(d.Bounds())
				drawInto(out, d)
				return out
			}
		}
	}
	return img
}
