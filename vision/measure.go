//go:build cgo && !novision

package vision

import (
	"errors"
	"fmt"
	"image"
	"sort"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// MeasureColors measures the cube colours from a calibration drop: a photo
// taken under the reader's camera and light in which every cube resting in
// zone Z has colour zoneColors[Z]. It needs the empty-board reference (the
// cubes are what differs from it). The colours are measured in the light-
// corrected space the reader classifies in, so a reader made with the
// returned palette compares like with like. Colours whose zones show no cube
// are an error: a guess would be worse than the nominal colour.
func (r *Reader) MeasureColors(frame image.Image, zoneColors map[string]string) (*board.Palette, error) {
	if r.refBG == nil {
		return nil, errors.New("measuring colours needs the empty-board reference")
	}
	if len(zoneColors) == 0 {
		return nil, errors.New("no zone colours given")
	}
	for z := range zoneColors {
		if r.layout.Zone(z) == nil {
			return nil, fmt.Errorf("zone %q is not in the layout", z)
		}
	}
	m, err := matFromImage(frame)
	if err != nil {
		return nil, err
	}
	px, err := r.topDown(m)
	if err != nil {
		return nil, err
	}
	norm := r.normalize(px, r.refBG)
	lab, err := r.correct(px, r.refBG)
	if err != nil {
		return nil, err
	}
	vals := map[string]*[3][]byte{}
	for i := 0; i < r.ww*r.wh; i++ {
		if r.inStrip[i] || r.outside[i] {
			continue
		}
		l, a, b := float64(lab[i*3]), float64(lab[i*3+1]), float64(lab[i*3+2])
		ref := [3]float64{float64(r.refLab[i*3]), float64(r.refLab[i*3+1]), float64(r.refLab[i*3+2])}
		if labDist(ref, l, a, b) < 30 {
			continue
		}
		z := r.layout.ZoneAt(r.warpToBoard(float64(i%r.ww)+0.5, float64(i/r.ww)+0.5))
		name, ok := zoneColors[z.ID]
		if !ok {
			continue
		}
		v := vals[name]
		if v == nil {
			v = &[3][]byte{}
			vals[name] = v
		}
		for k := 0; k < 3; k++ {
			v[k] = append(v[k], norm[i*3+k])
		}
	}
	p := &board.Palette{Note: "measured in a calibration drop (light-corrected)", Colors: map[string]board.Color{}}
	minPix := int(0.5 * r.layout.CubeMM * r.layout.CubeMM * r.s * r.s)
	for _, name := range zoneColors {
		v := vals[name]
		if v == nil || len(v[0]) < minPix {
			return nil, fmt.Errorf("no %s cube found in its zones of the calibration drop", name)
		}
		var c board.Color
		for k := 0; k < 3; k++ {
			sort.Slice(v[k], func(i, j int) bool { return v[k][i] < v[k][j] })
			c[2-k] = v[k][len(v[k])/2] // BGR to RGB
		}
		p.Colors[name] = c
	}
	// Colours of the nominal palette that the drop did not show are kept.
	for name, c := range r.palette.Colors {
		if _, ok := p.Colors[name]; !ok {
			p.Colors[name] = c
		}
	}
	return p, nil
}
