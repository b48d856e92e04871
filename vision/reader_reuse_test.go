//go:build cgo && !novision

package vision

import (
	"reflect"
	"slices"
	"testing"

	"github.com/quartermaster-table/quartermaster/vision/synth"
)

// A reader reuses its buffers from read to read: reading one frame, then
// another, then the first again gives the first reading again (nothing
// left over from the other frame), and the empty board the reader keeps is
// not overwritten by a read.
func TestReadsReusingBuffersReadTheSame(t *testing.T) {
	a, b := synth.Random(7, synth.Options{W: 640, H: 480}), synth.Random(8, synth.Options{W: 640, H: 480})
	b.Layout, b.Palette, b.Camera = a.Layout, a.Palette, a.Camera
	fa, err := matFromImage(synth.Render(a))
	if err != nil {
		t.Fatal(err)
	}
	fb, err := matFromImage(synth.Render(b))
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range []bool{false, true} {
		o := Options{}
		if ref {
			o.Empty = synth.RenderEmpty(a)
		}
		r, err := NewReader(a.Layout, a.Palette, a.Corners(), o)
		if err != nil {
			t.Fatal(err)
		}
		refPx, refLab := slices.Clone(r.refPx), slices.Clone(r.refLab)
		first, err := r.Read(fa)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := r.Read(fb); err != nil {
			t.Fatal(err)
		}
		again, err := r.Read(fa)
		if err != nil {
			t.Fatal(err)
		}
		first.ElapsedMS, again.ElapsedMS = 0, 0
		if !reflect.DeepEqual(first, again) {
			t.Errorf("ref %v: the same frame read %+v, then after another %+v", ref, first, again)
		}
		if len(first.Cubes) == 0 {
			t.Errorf("ref %v: no cube read", ref)
		}
		// An RGBA frame is warped with its four channels (topDownRGBA),
		// not converted to BGR first: the same reading.
		fromRGBA, err := r.ReadImage(synth.Render(a))
		if err != nil {
			t.Fatal(err)
		}
		fromRGBA.ElapsedMS = 0
		if !reflect.DeepEqual(first, fromRGBA) {
			t.Errorf("ref %v: the BGR frame read %+v, the RGBA image %+v", ref, first, fromRGBA)
		}
		if !slices.Equal(refPx, r.refPx) || !slices.Equal(refLab, r.refLab) {
			t.Errorf("ref %v: a read changed the empty board the reader keeps", ref)
		}
	}
}
