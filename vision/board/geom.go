package board

import (
	"errors"
	"fmt"
	"math"
)

// Point is a 2-D point: board millimetres or image pixels depending on use.
type Point struct{ X, Y float64 }

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p-q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Scale returns p*k.
func (p Point) Scale(k float64) Point { return Point{p.X * k, p.Y * k} }

// Dot is the dot product.
func (p Point) Dot(q Point) float64 { return p.X*q.X + p.Y*q.Y }

// Cross is the z component of the cross product.
func (p Point) Cross(q Point) float64 { return p.X*q.Y - p.Y*q.X }

// Len is the Euclidean length.
func (p Point) Len() float64 { return math.Hypot(p.X, p.Y) }

func finite(v ...float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return false
		}
	}
	return true
}

// Segment is a straight line piece between A and B.
type Segment struct{ A, B Point }

// Dist returns the distance from p to the segment.
func (s Segment) Dist(p Point) float64 {
	d := s.B.Sub(s.A)
	l2 := d.Dot(d)
	if l2 == 0 {
		return p.Sub(s.A).Len()
	}
	t := p.Sub(s.A).Dot(d) / l2
	t = math.Max(0, math.Min(1, t))
	return p.Sub(s.A.Add(d.Scale(t))).Len()
}

// PolygonContains reports whether p is inside the polygon (even-odd rule).
func PolygonContains(poly []Point, p Point) bool {
	in := false
	n := len(poly)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) {
			x := a.X + (p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y)
			if p.X < x {
				in = !in
			}
		}
	}
	return in
}

// PolygonArea returns the signed area (positive for clockwise in a y-down frame).
func PolygonArea(poly []Point) float64 {
	s := 0.0
	for i := range poly {
		j := (i + 1) % len(poly)
		s += poly[i].Cross(poly[j])
	}
	return s / 2
}

// PolygonDist returns the distance from p to the polygon's outline.
func PolygonDist(poly []Point, p Point) float64 {
	best := math.Inf(1)
	for i := range poly {
		j := (i + 1) % len(poly)
		best = math.Min(best, Segment{poly[i], poly[j]}.Dist(p))
	}
	return best
}

// Homography is a 3x3 projective transform in row-major order.
type Homography [9]float64

// Apply maps p through h.
func (h Homography) Apply(p Point) Point {
	w := h[6]*p.X + h[7]*p.Y + h[8]
	return Point{(h[0]*p.X + h[1]*p.Y + h[2]) / w, (h[3]*p.X + h[4]*p.Y + h[5]) / w}
}

// Inverse returns the inverse transform.
func (h Homography) Inverse() (Homography, error) {
	a, b, c, d, e, f, g, hh, i := h[0], h[1], h[2], h[3], h[4], h[5], h[6], h[7], h[8]
	A := e*i - f*hh
	B := -(d*i - f*g)
	C := d*hh - e*g
	det := a*A + b*B + c*C
	if det == 0 || !finite(det) {
		return Homography{}, errors.New("homography is singular")
	}
	inv := Homography{
		A, -(b*i - c*hh), b*f - c*e,
		B, a*i - c*g, -(a*f - c*d),
		C, -(a*hh - b*g), a*e - b*d,
	}
	for k := range inv {
		inv[k] /= det
	}
	return inv, nil
}

// Mul returns h∘k (apply k first, then h).
func (h Homography) Mul(k Homography) Homography {
	var r Homography
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for t := 0; t < 3; t++ {
				r[i*3+j] += h[i*3+t] * k[t*3+j]
			}
		}
	}
	return r
}

// HomographyFrom4 returns the homography mapping each src[i] to dst[i].
func HomographyFrom4(src, dst [4]Point) (Homography, error) {
	var m [8][9]float64
	for i := 0; i < 4; i++ {
		x, y, u, v := src[i].X, src[i].Y, dst[i].X, dst[i].Y
		m[2*i] = [9]float64{x, y, 1, 0, 0, 0, -u * x, -u * y, u}
		m[2*i+1] = [9]float64{0, 0, 0, x, y, 1, -v * x, -v * y, v}
	}
	for col := 0; col < 8; col++ {
		piv := col
		for r := col + 1; r < 8; r++ {
			if math.Abs(m[r][col]) > math.Abs(m[piv][col]) {
				piv = r
			}
		}
		if math.Abs(m[piv][col]) < 1e-12 {
			return Homography{}, errors.New("degenerate points: no homography")
		}
		m[col], m[piv] = m[piv], m[col]
		for r := 0; r < 8; r++ {
			if r == col {
				continue
			}
			f := m[r][col] / m[col][col]
			for c := col; c < 9; c++ {
				m[r][c] -= f * m[col][c]
			}
		}
	}
	var h Homography
	for i := 0; i < 8; i++ {
		h[i] = m[i][8] / m[i][i]
	}
	h[8] = 1
	for _, v := range h {
		if !finite(v) {
			return Homography{}, errors.New("degenerate points: no homography")
		}
	}
	return h, nil
}

// Corners are the board's four corners in the image, in the order top-left,
// top-right, bottom-right, bottom-left (board (0,0), (W,0), (W,H), (0,H)).
type Corners [4]Point

// Validate checks that the corners form a convex quadrilateral in the
// documented order (clockwise on screen) and are not degenerate.
func (c Corners) Validate() error {
	for _, p := range c {
		if !finite(p.X, p.Y) {
			return errors.New("corners: a coordinate is not a number")
		}
	}
	for i := 0; i < 4; i++ {
		a, b, d := c[i], c[(i+1)%4], c[(i+2)%4]
		cr := b.Sub(a).Cross(d.Sub(b))
		if cr <= 0 {
			return errors.New("corners: not a convex quadrilateral in the order top-left, top-right, bottom-right, bottom-left")
		}
	}
	if PolygonArea(c[:]) < 100 {
		return errors.New("corners: the quadrilateral is too small (under 100 square pixels)")
	}
	return nil
}

// Inside reports an error if any corner lies outside a w x h image.
func (c Corners) Inside(w, h int) error {
	names := [4]string{"top-left", "top-right", "bottom-right", "bottom-left"}
	for i, p := range c {
		if p.X < 0 || p.Y < 0 || p.X > float64(w) || p.Y > float64(h) {
			return fmt.Errorf("corners: the %s corner (%g,%g) is outside the %dx%d image", names[i], p.X, p.Y, w, h)
		}
	}
	return nil
}

// String formats the corners as the command line takes them: "x,y;x,y;x,y;x,y".
func (c Corners) String() string {
	s := ""
	for i, p := range c {
		if i > 0 {
			s += ";"
		}
		s += fmt.Sprintf("%.1f,%.1f", p.X, p.Y)
	}
	return s
}

// ParseCorners parses "x,y;x,y;x,y;x,y" (top-left, top-right, bottom-right,
// bottom-left) and validates the shape.
func ParseCorners(s string) (Corners, error) {
	var c Corners
	parts := splitTrim(s, ';')
	if len(parts) != 4 {
		return c, fmt.Errorf("corners: want 4 points \"x,y;x,y;x,y;x,y\", got %d", len(parts))
	}
	for i, p := range parts {
		xy := splitTrim(p, ',')
		if len(xy) != 2 {
			return c, fmt.Errorf("corners: point %d %q is not \"x,y\"", i+1, p)
		}
		var err error
		if c[i].X, err = parseNum(xy[0]); err != nil {
			return c, fmt.Errorf("corners: point %d: %v", i+1, err)
		}
		if c[i].Y, err = parseNum(xy[1]); err != nil {
			return c, fmt.Errorf("corners: point %d: %v", i+1, err)
		}
	}
	return c, c.Validate()
}
