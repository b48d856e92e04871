package board

import (
	"errors"
	"fmt"
	"math"

	"github.com/quartermaster-table/quartermaster/engine/layout"
)

// Point is layout.Point: board millimetres or image pixels depending on use.
type Point = layout.Point

// Segment is layout.Segment, a straight line piece between A and B.
type Segment = layout.Segment

func finite(v ...float64) bool { return layout.Finite(v...) }

// PolygonContains reports whether p is inside the polygon (even-odd rule).
func PolygonContains(poly []Point, p Point) bool { return layout.PolygonContains(poly, p) }

// PolygonArea returns the signed area (positive for clockwise in a y-down frame).
func PolygonArea(poly []Point) float64 { return layout.PolygonArea(poly) }

// PolygonDist returns the distance from p to the polygon's outline.
func PolygonDist(poly []Point, p Point) float64 { return layout.PolygonDist(poly, p) }

// Homography is a 3x3 projective transform in row-major order.
type Homography [9]float64

// Apply maps p through h.
func (h Homography) Apply(p Point) Point {
	w := h[6]*p.X + h[7]*p.Y + h[8]
	return Point{X: (h[0]*p.X + h[1]*p.Y + h[2]) / w, Y: (h[3]*p.X + h[4]*p.Y + h[5]) / w}
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
