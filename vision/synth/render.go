package synth

import (
	"bytes"
	"hash/fnv"
	"image"
	"image/jpeg"
	"math"
	"math/rand/v2"
	"sort"
	"sync"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

func (c Camera) axes() (right, down, fwd [3]float64) {
	fwd = norm3(sub3(c.Target, c.Pos))
	right = norm3(cross3(fwd, [3]float64{0, 1, 0}))
	down = cross3(right, fwd)
	cr, sr := math.Cos(c.Roll), math.Sin(c.Roll)
	r2 := add3(scale3(right, cr), scale3(down, sr))
	d2 := add3(scale3(down, cr), scale3(right, -sr))
	return r2, d2, fwd
}

// project maps a board point (mm, z up) to image pixels; z is the depth.
func (c Camera) project(p [3]float64) (x, y, z float64) {
	r, d, f := c.axes()
	v := sub3(p, c.Pos)
	zc := dot3(v, f)
	return float64(c.W)/2 + c.Focal*dot3(v, r)/zc, float64(c.H)/2 + c.Focal*dot3(v, d)/zc, zc
}

// Project maps a board point at height z (mm) to image pixels of the drop
// photograph (Render).
func (s *Scene) Project(p board.Point, z float64) board.Point {
	x, y, _ := s.Camera.project([3]float64{p.X, p.Y, z})
	return board.Point{X: x, Y: y}
}

// Corners returns the image positions of the board's four corners, in the
// calibration order (top-left, top-right, bottom-right, bottom-left), as
// they were calibrated: exact in the empty-board photograph, and in the
// drop photograph unless the camera moved since (CalibCamera).
func (s *Scene) Corners() board.Corners { return s.cornersOf(s.calibCamera()) }

func (s *Scene) cornersOf(cam Camera) board.Corners {
	L := s.Layout
	var c board.Corners
	for i, p := range [4]board.Point{{}, {X: L.Width}, {X: L.Width, Y: L.Height}, {Y: L.Height}} {
		x, y, _ := cam.project([3]float64{p.X, p.Y, 0})
		c[i] = board.Point{X: x, Y: y}
	}
	return c
}

// texture is the printed board at texPx pixels per millimetre.
type texture struct {
	w, h int
	pix  []float64 // albedo 0..1, RGB
}

const texPx = 4

var texCache sync.Map // *board.Layout -> *texture

func boardTexture(L *board.Layout) *texture {
	if t, ok := texCache.Load(L); ok {
		return t.(*texture)
	}
	w, h := int(L.Width*texPx), int(L.Height*texPx)
	t := &texture{w: w, h: h, pix: make([]float64, w*h*3)}
	tints := [][3]float64{{0.86, 0.80, 0.66}, {0.80, 0.74, 0.60}, {0.84, 0.78, 0.70}, {0.76, 0.72, 0.62}, {0.88, 0.82, 0.68}, {0.78, 0.70, 0.58}}
	icons := boardIcons(L)
	zoneOf := make([]int, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := board.Point{X: (float64(x) + 0.5) / texPx, Y: (float64(y) + 0.5) / texPx}
			z := L.ZoneAt(p)
			idx := 0
			for i := range L.Zones {
				if &L.Zones[i] == z {
					idx = i
				}
			}
			zoneOf[y*w+x] = idx
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			p := board.Point{X: (float64(x) + 0.5) / texPx, Y: (float64(y) + 0.5) / texPx}
			col := tints[zoneOf[y*w+x]%len(tints)]
			// Mottled print.
			m := 1 + 0.03*math.Sin(p.X*0.9+math.Sin(p.Y*0.5)*2)*math.Cos(p.Y*0.7)
			col = [3]float64{col[0] * m, col[1] * m, col[2] * m}
			for _, ic := range icons {
				d := p.Sub(ic.c)
				r := d.Len()
				in := false
				switch ic.kind {
				case 0: // disc
					in = r < ic.r
				case 1: // ring
					in = r < ic.r && r > ic.r*0.7
				case 2: // cross
					in = (math.Abs(d.X+d.Y) < ic.r*0.22 || math.Abs(d.X-d.Y) < ic.r*0.22) && r < ic.r
				case 3: // skull-like: disc with a jaw and two eyes left bare
					in = (r < ic.r*0.75 || (math.Abs(d.X) < ic.r*0.45 && d.Y > 0 && d.Y < ic.r)) &&
						!(board.Point{X: math.Abs(d.X) - ic.r*0.3, Y: d.Y + ic.r*0.1}.Len() < ic.r*0.18)
				}
				if in {
					col = ic.color
				}
			}
			i := (y*w + x) * 3
			t.pix[i], t.pix[i+1], t.pix[i+2] = col[0], col[1], col[2]
		}
	}
	// Thin ink outline along every zone edge.
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if x > 0 && zoneOf[y*w+x] != zoneOf[y*w+x-1] || y > 0 && zoneOf[y*w+x] != zoneOf[(y-1)*w+x] {
				i := (y*w + x) * 3
				t.pix[i], t.pix[i+1], t.pix[i+2] = 0.3, 0.22, 0.15
			}
		}
	}
	texCache.Store(L, t)
	return t
}

// icon is one printed icon: a disc, ring, cross or skull of radius r mm.
type icon struct {
	c     board.Point
	r     float64
	kind  int
	color [3]float64
}

// boardIcons are the icons printed on the board: a few per zone, placed
// from the zone's id, so every scene of one layout shows the same print.
func boardIcons(L *board.Layout) []icon {
	var icons []icon
	inks := [][3]float64{{0.27, 0.18, 0.12}, {0.42, 0.15, 0.11}, {0.20, 0.17, 0.15}, {0.30, 0.24, 0.16}}
	for _, z := range L.Zones {
		hs := fnv.New64a()
		hs.Write([]byte(z.ID))
		rng := rand.New(rand.NewPCG(hs.Sum64(), 7))
		poly := z.Poly()
		minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, p := range poly {
			minX, minY = math.Min(minX, p.X), math.Min(minY, p.Y)
			maxX, maxY = math.Max(maxX, p.X), math.Max(maxY, p.Y)
		}
		n := 1 + rng.IntN(3)
		for k := 0; k < n*20 && n > 0; k++ {
			c := board.Point{X: minX + rng.Float64()*(maxX-minX), Y: minY + rng.Float64()*(maxY-minY)}
			r := 3 + rng.Float64()*5
			if !board.PolygonContains(poly, c) || board.PolygonDist(poly, c) < r+2 {
				continue
			}
			icons = append(icons, icon{c, r, rng.IntN(4), inks[rng.IntN(len(inks))]})
			n--
		}
	}
	return icons
}

// Render draws the scene as a camera photograph.
func Render(s *Scene) *image.RGBA { return s.render(true) }

// RenderEmpty draws the same board, camera and light without any cube: the
// empty-board reference a calibration would take.
func RenderEmpty(s *Scene) *image.RGBA { return s.render(false) }

func (s *Scene) render(withCubes bool) *image.RGBA {
	// The drop is photographed by the camera as it is now, in the drop's
	// light; the empty board as it was calibrated, in its own light.
	cam := s.Camera
	light := s.Light
	if !withCubes {
		cam = s.calibCamera()
		if s.EmptyLight != nil {
			light = *s.EmptyLight
		}
	}
	W, H := cam.W, cam.H
	L := s.Layout
	buf := make([]float64, W*H*3)
	toImg, _ := board.HomographyFrom4([4]board.Point{{}, {X: L.Width}, {X: L.Width, Y: L.Height}, {Y: L.Height}}, [4]board.Point(s.cornersOf(cam)))
	toBoard, _ := toImg.Inverse()
	tex := boardTexture(L)

	// Cast shadows on the floor.
	shadow := make([]uint8, W*H)
	if withCubes {
		ld := light.Dir
		for _, c := range s.Cubes {
			vs := s.vertices(c)
			pts := make([]board.Point, 0, 8)
			for _, v := range vs {
				k := v[2] / ld[2]
				pts = append(pts, s.Project(board.Point{X: v[0] - ld[0]*k, Y: v[1] - ld[1]*k}, 0))
			}
			fillConvex(convexHull(pts), W, H, func(i int) { shadow[i] = 1 })
		}
		if s.Hand != nil {
			var pts [][3]float64
			for _, v := range s.handOutline() {
				k := v[2] / ld[2]
				pts = append(pts, [3]float64{v[0] - ld[0]*k, v[1] - ld[1]*k, 0})
			}
			fillConvex(s.imageHull(cam, pts), W, H, func(i int) { shadow[i] = 1 })
		}
	}
	ink := 1 - s.PrintDark
	// shade is the light the Shade leaves at each pixel (the drop only).
	var shade []float32
	if withCubes && s.Shade != nil {
		shade = make([]float32, W*H)
	}
	floorLit := light.Ambient + light.Diffuse*light.Dir[2]
	shadowLit := light.Ambient + light.Diffuse*light.Dir[2]*light.Shadow
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			p := toBoard.Apply(board.Point{X: float64(x) + 0.5, Y: float64(y) + 0.5})
			var a [3]float64
			if p.X >= 0 && p.Y >= 0 && p.X < L.Width && p.Y < L.Height {
				tx, ty := int(p.X*texPx), int(p.Y*texPx)
				i := (ty*tex.w + tx) * 3
				a = [3]float64{tex.pix[i] * ink, tex.pix[i+1] * ink, tex.pix[i+2] * ink}
			} else {
				// The hull around the board: dark wood with grain.
				g := 0.9 + 0.1*math.Sin(p.Y*0.8+math.Sin(p.X*0.05)*3)
				a = [3]float64{0.30 * g, 0.20 * g, 0.13 * g}
			}
			lit := floorLit
			if shadow[y*W+x] != 0 {
				lit = shadowLit
			}
			if shade != nil {
				shade[y*W+x] = float32(s.shadeAt(p))
			}
			i := (y*W + x) * 3
			buf[i], buf[i+1], buf[i+2] = a[0]*lit, a[1]*lit, a[2]*lit
		}
	}
	// Raised borders, then cubes, far to near.
	type solid struct {
		ctr   [3]float64
		ax    [3][3]float64
		half  [3]float64
		color [3]float64
		depth float64
	}
	var solids []solid
	for _, b := range L.Borders() {
		d := b.B.Sub(b.A)
		l := d.Len()
		u := d.Scale(1 / l)
		m := b.A.Add(b.B).Scale(0.5)
		solids = append(solids, solid{
			ctr:   [3]float64{m.X, m.Y, s.BorderH / 2},
			ax:    [3][3]float64{{u.X, u.Y, 0}, {-u.Y, u.X, 0}, {0, 0, 1}},
			half:  [3]float64{l/2 + L.BorderMM/2, L.BorderMM / 2, s.BorderH / 2},
			color: [3]float64{0.45, 0.31, 0.20},
			depth: math.Inf(1),
		})
	}
	if withCubes {
		var cubes []solid
		for i, c := range s.Cubes {
			ctr, ax := s.frame(c)
			rgb := s.Palette.Colors[c.Color]
			// Each cube's paint varies a little.
			v := 1 + 0.04*math.Sin(float64(i)*12.9898+float64(s.Seed%1000))
			col := [3]float64{float64(rgb[0]) / 255 * v, float64(rgb[1]) / 255 * v, float64(rgb[2]) / 255 * v}
			h := L.CubeMM / 2
			cubes = append(cubes, solid{ctr: ctr, ax: ax, half: [3]float64{h, h, h}, color: col,
				depth: len3(sub3(ctr, cam.Pos))})
		}
		sort.Slice(cubes, func(i, j int) bool { return cubes[i].depth > cubes[j].depth })
		solids = append(solids, cubes...)
	}
	if s.Hull != nil {
		// Tall and beside the board: drawn over the cubes (none is placed
		// where it would hide them).
		ctr, half := s.hullBox()
		solids = append(solids, solid{ctr: ctr, ax: [3][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, half: half,
			color: [3]float64{0.33, 0.22, 0.14}})
	}
	for _, so := range solids {
		for axis := 0; axis < 3; axis++ {
			for _, sign := range []float64{-1, 1} {
				nrm := scale3(so.ax[axis], sign)
				fc := add3(so.ctr, scale3(nrm, so.half[axis]))
				if dot3(nrm, sub3(cam.Pos, fc)) <= 0 {
					continue
				}
				a1, a2 := (axis+1)%3, (axis+2)%3
				var pts []board.Point
				for _, q := range [][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
					v := add3(fc, add3(scale3(so.ax[a1], q[0]*so.half[a1]), scale3(so.ax[a2], q[1]*so.half[a2])))
					x, y, _ := cam.project(v)
					pts = append(pts, board.Point{X: x, Y: y})
				}
				lit := light.Ambient + light.Diffuse*math.Max(0, dot3(nrm, light.Dir))
				col := [3]float64{so.color[0] * lit, so.color[1] * lit, so.color[2] * lit}
				fillConvex(convexHull(pts), W, H, func(i int) {
					buf[i*3], buf[i*3+1], buf[i*3+2] = col[0], col[1], col[2]
				})
			}
		}
	}
	if withCubes && s.Hand != nil {
		// Skin, lit from above, a little darker toward the forearm.
		h := s.Hand
		lit := light.Ambient + light.Diffuse*light.Dir[2]
		span := h.To.Sub(h.From).Len()
		fillConvex(s.imageHull(cam, s.handOutline()), W, H, func(i int) {
			p := toBoard.Apply(board.Point{X: float64(i%W) + 0.5, Y: float64(i/W) + 0.5})
			f := lit * (0.8 + 0.2*math.Min(1, math.Max(0, 1-p.Sub(h.To).Len()/span)))
			buf[i*3], buf[i*3+1], buf[i*3+2] = h.Color[0]*f, h.Color[1]*f, h.Color[2]*f
		})
	}
	// Light colour, gradient and vignette, to 8 bits.
	img := image.NewRGBA(image.Rect(0, 0, W, H))
	for y := 0; y < H; y++ {
		fy := float64(y)/float64(H) - 0.5
		for x := 0; x < W; x++ {
			fx := float64(x)/float64(W) - 0.5
			g := (1 + light.GradientX*fx + light.GradientY*fy) * (1 - s.Vignette*(fx*fx+fy*fy)*2)
			i := y*W + x
			if shade != nil {
				g *= float64(shade[i])
			}
			for k := 0; k < 3; k++ {
				buf[i*3+k] *= g * light.Color[k] * 255
			}
		}
	}
	if s.Blur > 0 {
		gaussBlur(buf, W, H, s.Blur)
	}
	rng := rand.New(rand.NewPCG(s.Seed, 99))
	for i := 0; i < W*H; i++ {
		for k := 0; k < 3; k++ {
			v := buf[i*3+k]
			if s.Noise > 0 {
				v += rng.NormFloat64() * s.Noise
			}
			img.Pix[i*4+k] = uint8(math.Max(0, math.Min(255, math.Round(v))))
		}
		img.Pix[i*4+3] = 255
	}
	if s.JPEG > 0 {
		var b bytes.Buffer
		if err := jpeg.Encode(&b, img, &jpeg.Options{Quality: s.JPEG}); err == nil {
			if d, err := jpeg.Decode(&b); err == nil {
				out := image.NewRGBA(d.Bounds())
				drawInto(out, d)
				return out
			}
		}
	}
	return img
}

func drawInto(dst *image.RGBA, src image.Image) {
	if yc, ok := src.(*image.YCbCr); ok {
		b := yc.Bounds()
		for y := b.Min.Y; y < b.Max.Y; y++ {
			for x := b.Min.X; x < b.Max.X; x++ {
				c := yc.YCbCrAt(x, y)
				r, g, bb, _ := c.RGBA()
				i := dst.PixOffset(x, y)
				dst.Pix[i], dst.Pix[i+1], dst.Pix[i+2], dst.Pix[i+3] = uint8(r>>8), uint8(g>>8), uint8(bb>>8), 255
			}
		}
		return
	}
	b := src.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bb, _ := src.At(x, y).RGBA()
			i := dst.PixOffset(x, y)
			dst.Pix[i], dst.Pix[i+1], dst.Pix[i+2], dst.Pix[i+3] = uint8(r>>8), uint8(g>>8), uint8(bb>>8), 255
		}
	}
}

// fillConvex calls set for the index of every pixel whose centre lies inside
// the convex polygon.
func fillConvex(poly []board.Point, W, H int, set func(i int)) {
	if len(poly) < 3 {
		return
	}
	minY, maxY := math.Inf(1), math.Inf(-1)
	for _, p := range poly {
		minY, maxY = math.Min(minY, p.Y), math.Max(maxY, p.Y)
	}
	y0, y1 := int(math.Max(0, math.Ceil(minY-0.5))), int(math.Min(float64(H-1), math.Floor(maxY-0.5)))
	for y := y0; y <= y1; y++ {
		py := float64(y) + 0.5
		lo, hi := math.Inf(1), math.Inf(-1)
		for i := range poly {
			a, b := poly[i], poly[(i+1)%len(poly)]
			if (a.Y <= py) == (b.Y <= py) {
				continue
			}
			x := a.X + (py-a.Y)*(b.X-a.X)/(b.Y-a.Y)
			lo, hi = math.Min(lo, x), math.Max(hi, x)
		}
		if lo > hi {
			continue
		}
		x0, x1 := int(math.Max(0, math.Ceil(lo-0.5))), int(math.Min(float64(W-1), math.Floor(hi-0.5)))
		for x := x0; x <= x1; x++ {
			set(y*W + x)
		}
	}
}

func gaussBlur(buf []float64, W, H int, sigma float64) {
	r := int(math.Ceil(sigma * 2.5))
	k := make([]float64, 2*r+1)
	sum := 0.0
	for i := -r; i <= r; i++ {
		k[i+r] = math.Exp(-float64(i*i) / (2 * sigma * sigma))
		sum += k[i+r]
	}
	for i := range k {
		k[i] /= sum
	}
	tmp := make([]float64, len(buf))
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			var acc [3]float64
			for t := -r; t <= r; t++ {
				xx := min(max(x+t, 0), W-1)
				j := (y*W + xx) * 3
				acc[0] += buf[j] * k[t+r]
				acc[1] += buf[j+1] * k[t+r]
				acc[2] += buf[j+2] * k[t+r]
			}
			i := (y*W + x) * 3
			tmp[i], tmp[i+1], tmp[i+2] = acc[0], acc[1], acc[2]
		}
	}
	for y := 0; y < H; y++ {
		for x := 0; x < W; x++ {
			var acc [3]float64
			for t := -r; t <= r; t++ {
				yy := min(max(y+t, 0), H-1)
				j := (yy*W + x) * 3
				acc[0] += tmp[j] * k[t+r]
				acc[1] += tmp[j+1] * k[t+r]
				acc[2] += tmp[j+2] * k[t+r]
			}
			i := (y*W + x) * 3
			buf[i], buf[i+1], buf[i+2] = acc[0], acc[1], acc[2]
		}
	}
}

func sub3(a, b [3]float64) [3]float64 { return [3]float64{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func add3(a, b [3]float64) [3]float64 { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func scale3(a [3]float64, k float64) [3]float64 {
	return [3]float64{a[0] * k, a[1] * k, a[2] * k}
}
func dot3(a, b [3]float64) float64  { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func len3(a [3]float64) float64     { return math.Sqrt(dot3(a, a)) }
func norm3(a [3]float64) [3]float64 { return scale3(a, 1/len3(a)) }
func cross3(a, b [3]float64) [3]float64 {
	return [3]float64{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
