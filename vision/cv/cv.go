//go:build cgo && !novision

package cv

/*
#cgo CXXFLAGS: -I/usr/include/opencv4
#cgo LDFLAGS: -lopencv_imgproc -lopencv_core -ldl
#include <stdlib.h>
#include "cv.h"
*/
import "C"

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"runtime"
	"unsafe"
)

// MaxSide is the largest width or height an Image may have: OpenCV's
// drawing and warping use int coordinates and a few compute w*h*c in int.
const MaxSide = 1 << 15

// Image is an 8-bit image whose pixels live in Go memory: H rows of W*C
// bytes, no padding between rows. C is 1 (gray), 3 (BGR, OpenCV's order)
// or 4 (BGRA or RGBA).
type Image struct {
	W, H, C int
	Pix     []byte
}

// NewImage returns a zeroed w x h image of c channels.
func NewImage(w, h, c int) Image {
	if w < 0 || h < 0 || c < 0 || w > MaxSide || h > MaxSide || c > 4 {
		return Image{W: w, H: h, C: c}
	}
	return Image{W: w, H: h, C: c, Pix: make([]byte, w*h*c)}
}

// Check reports why m cannot be handed to OpenCV, or nil.
func (m Image) Check() error {
	switch {
	case m.W <= 0 || m.H <= 0:
		return fmt.Errorf("cv: an empty image (%dx%d)", m.W, m.H)
	case m.W > MaxSide || m.H > MaxSide:
		return fmt.Errorf("cv: a %dx%d image is too large (at most %d a side)", m.W, m.H, MaxSide)
	case m.C != 1 && m.C != 3 && m.C != 4:
		return fmt.Errorf("cv: an image of %d channels (1, 3 or 4 are read)", m.C)
	case len(m.Pix) != m.W*m.H*m.C:
		return fmt.Errorf("cv: a %dx%dx%d image needs %d bytes, it has %d", m.W, m.H, m.C, m.W*m.H*m.C, len(m.Pix))
	}
	return nil
}

// c returns m as the C API's image. The pointer is into Go memory (bytes,
// no Go pointers in them), valid for one call.
func (m Image) c() C.qm_img {
	return C.qm_img{data: (*C.uchar)(unsafe.Pointer(&m.Pix[0])), w: C.int(m.W), h: C.int(m.H), c: C.int(m.C)}
}

func sameSize(a, b Image) error {
	if a.W != b.W || a.H != b.H {
		return fmt.Errorf("cv: images of %dx%d and %dx%d", a.W, a.H, b.W, b.H)
	}
	return nil
}

func check(ms ...Image) error {
	for _, m := range ms {
		if err := m.Check(); err != nil {
			return err
		}
	}
	return nil
}

// cErr turns the C API's result into an error, freeing the message.
func cErr(p *C.char) error {
	if p == nil {
		return nil
	}
	defer C.free(unsafe.Pointer(p))
	return errors.New("cv: " + C.GoString(p))
}

// call runs the C call f with the images' pixels pinned for its duration.
func call(f func() *C.char, ms ...Image) error {
	err := cErr(f())
	for _, m := range ms {
		runtime.KeepAlive(m.Pix)
	}
	return err
}

// ColorCode is a colour conversion (OpenCV's cv::ColorConversionCodes).
type ColorCode int

// The conversions the project uses, with OpenCV's values.
const (
	ColorBGRAToBGR ColorCode = 1
	ColorBGRToRGBA ColorCode = 2
	ColorRGBAToBGR ColorCode = 3
	ColorBGRToGray ColorCode = 6
	ColorGrayToBGR ColorCode = 8
	ColorBGRToLab  ColorCode = 44
)

// channels are the channels a conversion reads and writes.
var channels = map[ColorCode][2]int{
	ColorBGRAToBGR: {4, 3},
	ColorBGRToRGBA: {3, 4},
	ColorRGBAToBGR: {4, 3},
	ColorBGRToGray: {3, 1},
	ColorGrayToBGR: {1, 3},
	ColorBGRToLab:  {3, 3},
}

// CvtColor converts src into dst (same size; channels as the code says).
func CvtColor(dst, src Image, code ColorCode) error {
	ch, ok := channels[code]
	if !ok {
		return fmt.Errorf("cv: colour conversion %d is not wrapped", code)
	}
	if err := check(dst, src); err != nil {
		return err
	}
	if err := sameSize(dst, src); err != nil {
		return err
	}
	if src.C != ch[0] || dst.C != ch[1] {
		return fmt.Errorf("cv: conversion %d reads %d channels and writes %d, got %d and %d", code, ch[0], ch[1], src.C, dst.C)
	}
	return call(func() *C.char { return C.qm_cvt_color(dst.c(), src.c(), C.int(code)) }, dst, src)
}

// Border is how an operation extends the image past its edges
// (cv::BorderTypes).
type Border int

// Borders.
const (
	BorderConstant  Border = 0
	BorderReplicate Border = 1
)

// GaussianBlur blurs src into dst (same size and channels; they may be the
// same image) with a k x k kernel; sigma 0 derives it from k, as OpenCV
// does.
func GaussianBlur(dst, src Image, k int, sigma float64, border Border) error {
	if err := check(dst, src); err != nil {
		return err
	}
	if err := sameSize(dst, src); err != nil {
		return err
	}
	if dst.C != src.C {
		return errors.New("cv: blur: the output needs the input's channels")
	}
	// An even k is OpenCV's to refuse (an assertion, returned as an
	// error); the bounds keep its work sane.
	if k < 1 || k > 255 {
		return fmt.Errorf("cv: blur: a kernel of %d (odd, 1-255)", k)
	}
	return call(func() *C.char {
		return C.qm_gaussian_blur(dst.c(), src.c(), C.int(k), C.int(k), C.double(sigma), C.double(sigma), C.int(border))
	}, dst, src)
}

// WarpPerspective maps src through the 3x3 homography m (row-major,
// destination = m * source) into dst, whose size is the output's, with
// bilinear interpolation.
func WarpPerspective(dst, src Image, m [9]float64, border Border, borderValue color.RGBA) error {
	if err := check(dst, src); err != nil {
		return err
	}
	if dst.C != src.C {
		return errors.New("cv: warp: the output needs the input's channels")
	}
	mm := m
	bv := scalar(borderValue)
	return call(func() *C.char {
		return C.qm_warp_perspective(dst.c(), src.c(), (*C.double)(&mm[0]), 1 /* INTER_LINEAR */, C.int(border), &bv[0])
	}, dst, src)
}

// PerspectiveMap is where each pixel of a perspective warp's output comes
// from in its source, to 1/32 of a pixel: the half of WarpPerspective that
// depends only on the homography and the output's size. A camera that has
// not moved warps every frame through the same homography; computed once,
// each frame is only remapped (Remap), the same image WarpPerspective
// gives, for a share of its work.
type PerspectiveMap struct {
	W, H int
	xy   []int16  // per pixel, the source pixel (x, y)
	a    []uint16 // per pixel, its fraction: 32 y + x, in 32nds
}

// NewPerspectiveMap computes the map of a w x h warp through the 3x3
// homography m (row-major, destination = m * source), as WarpPerspective
// computes it.
func NewPerspectiveMap(m [9]float64, w, h int) (*PerspectiveMap, error) {
	if w <= 0 || h <= 0 || w > MaxSide || h > MaxSide {
		return nil, fmt.Errorf("cv: a %dx%d map", w, h)
	}
	pm := &PerspectiveMap{W: w, H: h, xy: make([]int16, 2*w*h), a: make([]uint16, w*h)}
	mm := m
	if err := cErr(C.qm_perspective_map((*C.double)(&mm[0]), C.int(w), C.int(h),
		(*C.short)(unsafe.Pointer(&pm.xy[0])), (*C.ushort)(unsafe.Pointer(&pm.a[0])))); err != nil {
		return nil, err
	}
	runtime.KeepAlive(pm)
	return pm, nil
}

// Remap warps src into dst (the map's size, src's channels) through a
// perspective map, with bilinear interpolation: WarpPerspective's result
// for the map's homography.
func Remap(dst, src Image, pm *PerspectiveMap, border Border, borderValue color.RGBA) error {
	if err := check(dst, src); err != nil {
		return err
	}
	if pm == nil || dst.W != pm.W || dst.H != pm.H {
		return errors.New("cv: remap: the output needs the map's size")
	}
	if dst.C != src.C {
		return errors.New("cv: remap: the output needs the input's channels")
	}
	bv := scalar(borderValue)
	err := call(func() *C.char {
		return C.qm_remap(dst.c(), src.c(), (*C.short)(unsafe.Pointer(&pm.xy[0])), (*C.ushort)(unsafe.Pointer(&pm.a[0])), C.int(border), &bv[0])
	}, dst, src)
	runtime.KeepAlive(pm)
	return err
}

// RowGain is the gain of one row of a BGR image, by spans of columns
// (vision's light field, lightField.normRow): the columns of a span lie
// between the same two cells, Cells[X0[x]:+3] and Cells[X1[x]:+3], T[x] of
// the way from the first to the second, and the span ends at Ends[x]. The
// gain of column x, channel c is K * NB[c] / (a[c](1-t) + b[c]t), or with
// Ref, K * Ref[3x+c] * (a[c](1-t) + b[c]t).
type RowGain struct {
	Cells  []float32
	X0, X1 []int32
	T      []float32
	Ends   []int32
	NB     [3]float32
	K      float32
	Ref    []float32
}

// NormalizeRow writes each byte p of a BGR row times its gain, (p+1)*g
// at most 255, truncated, into out (as long as px): vision's normRow,
// the same bytes, in C four pixels at a time.
func NormalizeRow(out, px []byte, g *RowGain) error {
	w := len(px) / 3
	if w == 0 || len(px) != 3*w || len(out) != len(px) || len(g.X0) < w || len(g.X1) < w || len(g.T) < w || len(g.Ends) < w ||
		g.Ref != nil && len(g.Ref) < 3*w {
		return errors.New("cv: normalize: the row and its gain need the same width")
	}
	n := int32(len(g.Cells))
	for x := 0; x < w; {
		e := g.Ends[x]
		if e <= int32(x) || e > int32(w) || g.X0[x] < 0 || g.X0[x]+3 > n || g.X1[x] < 0 || g.X1[x]+3 > n {
			return errors.New("cv: normalize: a span out of the row or its cells")
		}
		x = int(e)
	}
	var ref *C.float
	if g.Ref != nil {
		ref = (*C.float)(unsafe.Pointer(&g.Ref[0]))
	}
	C.qm_norm_row((*C.uchar)(unsafe.Pointer(&out[0])), (*C.uchar)(unsafe.Pointer(&px[0])), C.int(w),
		(*C.float)(unsafe.Pointer(&g.Cells[0])), (*C.int)(unsafe.Pointer(&g.X0[0])), (*C.int)(unsafe.Pointer(&g.X1[0])),
		(*C.float)(unsafe.Pointer(&g.T[0])), (*C.int)(unsafe.Pointer(&g.Ends[0])), C.float(g.NB[0]), C.float(g.NB[1]), C.float(g.NB[2]), C.float(g.K), ref)
	runtime.KeepAlive(out)
	runtime.KeepAlive(px)
	runtime.KeepAlive(g)
	return nil
}

// AbsDiff writes |a - b| per channel into dst (all the same size and
// channels).
func AbsDiff(dst, a, b Image) error {
	if err := check(dst, a, b); err != nil {
		return err
	}
	if err := sameSize(a, b); err != nil {
		return err
	}
	if err := sameSize(dst, a); err != nil {
		return err
	}
	if a.C != b.C || dst.C != a.C {
		return errors.New("cv: absdiff: the images need the same channels")
	}
	return call(func() *C.char { return C.qm_absdiff(dst.c(), a.c(), b.c()) }, dst, a, b)
}

// ThresholdType is cv::ThresholdTypes.
type ThresholdType int

// Threshold types.
const (
	ThresholdBinary ThresholdType = 0
	ThresholdOtsu   ThresholdType = 8
)

// Threshold sets dst to maxval where src is above thresh, else 0 (with
// ThresholdOtsu, thresh is chosen by Otsu's method; src must be gray). It
// returns the threshold used.
func Threshold(dst, src Image, thresh, maxval float64, typ ThresholdType) (float64, error) {
	if err := check(dst, src); err != nil {
		return 0, err
	}
	if err := sameSize(dst, src); err != nil {
		return 0, err
	}
	if dst.C != src.C || (typ&ThresholdOtsu != 0 && src.C != 1) {
		return 0, errors.New("cv: threshold: a gray image for Otsu, and the output with the input's channels")
	}
	var used C.double
	err := call(func() *C.char {
		return C.qm_threshold(dst.c(), src.c(), C.double(thresh), C.double(maxval), C.int(typ), &used)
	}, dst, src)
	return float64(used), err
}

// CountNonZero counts the non-zero pixels of a gray image.
func CountNonZero(src Image) (int, error) {
	if err := check(src); err != nil {
		return 0, err
	}
	if src.C != 1 {
		return 0, errors.New("cv: count: a gray image is needed")
	}
	var n C.int
	err := call(func() *C.char { return C.qm_count_non_zero(src.c(), &n) }, src)
	return int(n), err
}

// MeanStdDev returns the mean and standard deviation of each channel.
func MeanStdDev(src Image) (mean, std [4]float64, err error) {
	if err := check(src); err != nil {
		return mean, std, err
	}
	var m, s [4]C.double
	err = call(func() *C.char { return C.qm_mean_std_dev(src.c(), &m[0], &s[0]) }, src)
	for i := range m {
		mean[i], std[i] = float64(m[i]), float64(s[i])
	}
	return mean, std, err
}

// MorphOp is cv::MorphTypes.
type MorphOp int

// Morphological operations.
const (
	MorphClose MorphOp = 3
)

// MorphShape is cv::MorphShapes.
type MorphShape int

// Structuring element shapes.
const (
	MorphRect MorphShape = 0
)

// MorphologyEx applies op to src with a kw x kh structuring element of the
// given shape, into dst (same size and channels; may be src).
func MorphologyEx(dst, src Image, op MorphOp, shape MorphShape, kw, kh int) error {
	if err := check(dst, src); err != nil {
		return err
	}
	if err := sameSize(dst, src); err != nil {
		return err
	}
	if dst.C != src.C {
		return errors.New("cv: morphology: the output needs the input's channels")
	}
	if kw < 1 || kh < 1 || kw > 255 || kh > 255 {
		return fmt.Errorf("cv: morphology: a %dx%d element (1-255)", kw, kh)
	}
	return call(func() *C.char {
		return C.qm_morphology(dst.c(), src.c(), C.int(op), C.int(shape), C.int(kw), C.int(kh))
	}, dst, src)
}

// RetrievalMode is cv::RetrievalModes; ContourApprox is
// cv::ContourApproximationModes.
type (
	RetrievalMode int
	ContourApprox int
)

// Contour modes.
const (
	RetrievalExternal RetrievalMode = 0
	ChainApproxSimple ContourApprox = 2
)

// FindContours returns the outlines of the non-zero regions of a gray
// image (src is not changed).
func FindContours(src Image, mode RetrievalMode, method ContourApprox) ([][]image.Point, error) {
	if err := check(src); err != nil {
		return nil, err
	}
	if src.C != 1 {
		return nil, errors.New("cv: contours: a gray image is needed")
	}
	var xy, lens *C.int
	var n C.int
	if err := call(func() *C.char {
		return C.qm_find_contours(src.c(), C.int(mode), C.int(method), &xy, &lens, &n)
	}, src); err != nil {
		return nil, err
	}
	defer C.free(unsafe.Pointer(xy))
	defer C.free(unsafe.Pointer(lens))
	ls := unsafe.Slice(lens, int(n))
	total := 0
	for _, l := range ls {
		total += int(l)
	}
	ps := unsafe.Slice(xy, 2*total)
	out := make([][]image.Point, len(ls))
	k := 0
	for i, l := range ls {
		out[i] = make([]image.Point, int(l))
		for j := range out[i] {
			out[i][j] = image.Pt(int(ps[k]), int(ps[k+1]))
			k += 2
		}
	}
	return out, nil
}

// cPoints flattens points for the C API (x, y, x, y...), refusing
// coordinates OpenCV's int cannot hold.
func cPoints(pts []image.Point) ([]C.int, error) {
	out := make([]C.int, 0, 2*len(pts)+2)
	for _, p := range pts {
		if p.X < -1<<30 || p.X > 1<<30 || p.Y < -1<<30 || p.Y > 1<<30 {
			return nil, fmt.Errorf("cv: point %v is out of range", p)
		}
		out = append(out, C.int(p.X), C.int(p.Y))
	}
	// Never empty, so &out[0] is valid even for no points.
	return append(out, 0, 0), nil
}

// ContourArea is the area inside a closed contour (0 for fewer than 3
// points).
func ContourArea(pts []image.Point) (float64, error) {
	if len(pts) == 0 {
		return 0, nil // OpenCV asserts on an empty point list
	}
	xy, err := cPoints(pts)
	if err != nil {
		return 0, err
	}
	var a C.double
	err = cErr(C.qm_contour_area(&xy[0], C.int(len(pts)), &a))
	runtime.KeepAlive(xy)
	return float64(a), err
}

// ArcLength is the length of a contour, closed or not.
func ArcLength(pts []image.Point, closed bool) (float64, error) {
	if len(pts) == 0 {
		return 0, nil
	}
	xy, err := cPoints(pts)
	if err != nil {
		return 0, err
	}
	var l C.double
	err = cErr(C.qm_arc_length(&xy[0], C.int(len(pts)), cBool(closed), &l))
	runtime.KeepAlive(xy)
	return float64(l), err
}

// ApproxPolyDP simplifies a contour (Douglas-Peucker) to within eps pixels.
func ApproxPolyDP(pts []image.Point, eps float64, closed bool) ([]image.Point, error) {
	if len(pts) == 0 {
		return nil, nil
	}
	xy, err := cPoints(pts)
	if err != nil {
		return nil, err
	}
	out := make([]C.int, len(xy))
	var m C.int
	err = cErr(C.qm_approx_poly(&xy[0], C.int(len(pts)), C.double(eps), cBool(closed), &out[0], &m))
	runtime.KeepAlive(xy)
	if err != nil {
		return nil, err
	}
	res := make([]image.Point, int(m))
	for i := range res {
		res[i] = image.Pt(int(out[2*i]), int(out[2*i+1]))
	}
	return res, nil
}

// BoundingRect is the smallest upright rectangle holding the points.
func BoundingRect(pts []image.Point) (image.Rectangle, error) {
	if len(pts) == 0 {
		return image.Rectangle{}, nil
	}
	xy, err := cPoints(pts)
	if err != nil {
		return image.Rectangle{}, err
	}
	var r [4]C.int
	err = cErr(C.qm_bounding_rect(&xy[0], C.int(len(pts)), &r[0]))
	runtime.KeepAlive(xy)
	return image.Rect(int(r[0]), int(r[1]), int(r[0]+r[2]), int(r[1]+r[3])), err
}

// HersheyFont is cv::HersheyFonts.
type HersheyFont int

// Fonts.
const (
	FontHersheySimplex HersheyFont = 0
)

// scalar is a colour as OpenCV's Scalar for a BGR image: blue first, as
// gocv did, so the drawings keep their colours.
func scalar(c color.RGBA) [4]C.double {
	return [4]C.double{C.double(c.B), C.double(c.G), C.double(c.R), C.double(c.A)}
}

func cBool(b bool) C.int {
	if b {
		return 1
	}
	return 0
}

func drawable(img Image, thickness int) error {
	if err := check(img); err != nil {
		return err
	}
	if thickness < 1 || thickness > 100 {
		return fmt.Errorf("cv: a line %d px thick (1-100)", thickness)
	}
	return nil
}

// Line draws a line on a BGR image (c given as RGBA, drawn as BGR).
func Line(img Image, a, b image.Point, c color.RGBA, thickness int) error {
	if err := drawable(img, thickness); err != nil {
		return err
	}
	xy, err := cPoints([]image.Point{a, b})
	if err != nil {
		return err
	}
	col := scalar(c)
	return call(func() *C.char {
		return C.qm_line(img.c(), xy[0], xy[1], xy[2], xy[3], &col[0], C.int(thickness))
	}, img)
}

// Polylines draws each point list as a polygonal line (closed or not) on a
// BGR image.
func Polylines(img Image, pts [][]image.Point, closed bool, c color.RGBA, thickness int) error {
	if err := drawable(img, thickness); err != nil {
		return err
	}
	var all []image.Point
	lens := make([]C.int, 0, len(pts)+1)
	for _, p := range pts {
		all = append(all, p...)
		lens = append(lens, C.int(len(p)))
	}
	lens = append(lens, 0)
	xy, err := cPoints(all)
	if err != nil {
		return err
	}
	col := scalar(c)
	return call(func() *C.char {
		return C.qm_polylines(img.c(), &xy[0], &lens[0], C.int(len(pts)), cBool(closed), &col[0], C.int(thickness))
	}, img)
}

// PutText writes text on a BGR image with its baseline starting at org.
func PutText(img Image, text string, org image.Point, font HersheyFont, scale float64, c color.RGBA, thickness int) error {
	if err := drawable(img, thickness); err != nil {
		return err
	}
	if scale <= 0 || scale > 100 {
		return fmt.Errorf("cv: text at scale %g (0-100)", scale)
	}
	xy, err := cPoints([]image.Point{org})
	if err != nil {
		return err
	}
	s := C.CString(text)
	defer C.free(unsafe.Pointer(s))
	col := scalar(c)
	return call(func() *C.char {
		return C.qm_put_text(img.c(), s, xy[0], xy[1], C.int(font), C.double(scale), &col[0], C.int(thickness))
	}, img)
}
