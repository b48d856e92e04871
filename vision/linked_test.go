//go:build cgo && !novision

package vision

import (
	"os"
	"os/exec"
	"regexp"
	"sort"
	"testing"
)

// A process with the vision package maps only OpenCV's core and imgproc
// until a camera is opened: no highgui, imgcodecs, dnn... and no videoio
// (with FFmpeg and GStreamer behind it), which is what kept `serve --sim`
// over the Pi's memory bar under gocv. Checked in a child process, before
// any test has opened a camera.
func TestOnlyCoreAndImgprocAreMapped(t *testing.T) {
	if os.Getenv("QM_VISION_MAPS_CHILD") != "1" {
		cmd := exec.Command(os.Args[0], "-test.run=^TestOnlyCoreAndImgprocAreMapped$", "-test.count=1")
		cmd.Env = append(os.Environ(), "QM_VISION_MAPS_CHILD=1")
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("%v\n%s", err, out)
		}
		return
	}
	maps, err := os.ReadFile("/proc/self/maps")
	if err != nil {
		t.Skip("no /proc/self/maps:", err)
	}
	found := map[string]bool{}
	for _, m := range regexp.MustCompile(`libopencv_([a-z0-9_]+)\.so`).FindAllSubmatch(maps, -1) {
		found[string(m[1])] = true
	}
	var mods []string
	for m := range found {
		mods = append(mods, m)
	}
	sort.Strings(mods)
	if len(mods) != 2 || !found["core"] || !found["imgproc"] {
		t.Errorf("OpenCV modules mapped: %v, want core and imgproc only", mods)
	}
}
