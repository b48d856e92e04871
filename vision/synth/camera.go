package synth

import (
	"context"
	"image"
	"math/rand/v2"
	"sync"
	"time"

	"github.com/quartermaster-table/quartermaster/vision/board"
)

// SimCamera is a simulated camera over the battle board for `make run` and
// the dashboard: it shows the empty board until told of a drop, then a few
// frames of falling cubes, then the settled scene, at a steady frame rate.
// It satisfies vision.Source. It is safe for concurrent use.
type SimCamera struct {
	mu      sync.Mutex
	scene   *Scene
	empty   image.Image
	current image.Image
	queue   []image.Image
	rng     *rand.Rand
	period  time.Duration
	last    time.Time
	drops   uint64
}

// SimOptions tune a SimCamera.
type SimOptions struct {
	Seed uint64
	// W, H: frame size; default 640x480 (rendering is in plain Go).
	W, H int
	// FPS: frames per second; default 10.
	FPS float64
	// Layout and Palette; default the embedded ones.
	Layout  *board.Layout
	Palette *board.Palette
}

// NewSimCamera makes a simulated camera with a random (seeded) camera
// position and light, looking at the empty board.
func NewSimCamera(o SimOptions) *SimCamera {
	if o.W == 0 || o.H == 0 {
		o.W, o.H = 640, 480
	}
	if o.FPS <= 0 {
		o.FPS = 10
	}
	s := Random(o.Seed, Options{Layout: o.Layout, Palette: o.Palette, W: o.W, H: o.H, MinCubes: 1, MaxCubes: 1})
	s.Cubes = nil
	s.JPEG = 0 // the same frame twice must look the same: no re-encoding
	c := &SimCamera{scene: s, rng: rand.New(rand.NewPCG(o.Seed, 1)), period: time.Duration(float64(time.Second) / o.FPS)}
	c.empty = RenderEmpty(s)
	c.current = c.empty
	return c
}

// Corners returns the board's exact corners in the simulated frames.
func (c *SimCamera) Corners() board.Corners {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.scene.Corners()
}

// Empty returns the empty-board frame: the calibration reference.
func (c *SimCamera) Empty() image.Image { return c.empty }

// Scene returns a copy of the current scene: the truth of the last drop.
func (c *SimCamera) Scene() Scene {
	c.mu.Lock()
	defer c.mu.Unlock()
	s := *c.scene
	s.Cubes = append([]Cube(nil), c.scene.Cubes...)
	return s
}

// Drop replaces the cubes on the board by these and queues the frames of
// the drop: cubes in motion, then at rest. It renders synchronously.
func (c *SimCamera) Drop(cubes []Cube) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.drops++
	c.scene.Cubes = append([]Cube(nil), cubes...)
	var motion []image.Image
	for k := 0; k < 3; k++ {
		m := *c.scene
		m.Cubes = nil
		for _, q := range cubes {
			q.Center = q.Center.Add(board.Point{X: (c.rng.Float64() - 0.5) * 30, Y: (c.rng.Float64() - 0.5) * 30})
			q.Angle += c.rng.Float64()
			q.Pose = Lying
			m.Cubes = append(m.Cubes, q)
		}
		motion = append(motion, Render(&m))
	}
	settled := Render(c.scene)
	c.queue = append(c.queue[:0], motion[0], motion[1], motion[2], motion[0], motion[1])
	c.current = settled
}

// DropRandom drops n random cubes of the given colours (all palette colours
// when none are given) and returns the truth.
func (c *SimCamera) DropRandom(n int, colors ...string) []Cube {
	c.mu.Lock()
	seed := c.rng.Uint64()
	s := *c.scene
	c.mu.Unlock()
	r := Random(seed, Options{Layout: s.Layout, Palette: s.Palette, W: s.Camera.W, H: s.Camera.H,
		MinCubes: n, MaxCubes: n, ColorsOverride: colors})
	c.Drop(r.Cubes)
	return r.Cubes
}

// Show makes the camera see still after the frames of motion: another
// scene than the board (the dice tray after a roll). Until the next Drop,
// Show or Clear the camera shows still; Scene still describes the board.
func (c *SimCamera) Show(motion []image.Image, still image.Image) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.queue = append(c.queue[:0], motion...)
	c.current = still
}

// Clear takes the cubes off the board.
func (c *SimCamera) Clear() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.scene.Cubes = nil
	c.queue = nil
	c.current = c.empty
}

// Next returns the next frame, paced at the camera's frame rate.
func (c *SimCamera) Next(ctx context.Context) (image.Image, error) {
	c.mu.Lock()
	wait := time.Until(c.last.Add(c.period))
	c.mu.Unlock()
	if wait > 0 {
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return nil, ctx.Err()
		case <-t.C:
		}
	} else if err := ctx.Err(); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.last = time.Now()
	if len(c.queue) > 0 {
		f := c.queue[0]
		c.queue = c.queue[1:]
		return f, nil
	}
	return c.current, nil
}
