package layout

import "math"

// Point is a 2-D point: board millimetres here, image pixels for the camera.
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

// Finite reports whether every value is a number (not NaN, not infinite).
func Finite(v ...float64) bool {
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
