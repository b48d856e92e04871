//go:build cgo && !novision

package camerasvc

import (
	"image"
	"sync"
	"sync/atomic"
)

// frame is one pumped camera frame with a count of its holders. Whoever
// holds a reference may read img; nobody writes it until the count is back
// to zero, when a pooled buffer goes back to the pool to be refilled.
type frame struct {
	img  image.Image
	refs atomic.Int32
	pool *framePool // nil: a frame the source made (shared, never refilled)
}

// retain adds a holder.
func (f *frame) retain() *frame {
	f.refs.Add(1)
	return f
}

// release drops a holder; the last one hands the buffer back.
func (f *frame) release() {
	if f == nil {
		return
	}
	switch n := f.refs.Add(-1); {
	case n == 0 && f.pool != nil:
		f.pool.put(f)
	case n < 0:
		panic("camerasvc: a frame was released more often than it was held")
	}
}

// framePool keeps the buffers of frames no one holds, up to keep of them
// (a camera that changes its frame size leaves the old ones to the GC).
type framePool struct {
	mu   sync.Mutex
	free []*frame
	keep int
	made int // buffers ever made, for tests and the measurement
}

func newFramePool(keep int) *framePool { return &framePool{keep: keep} }

// get returns a frame with one reference (the caller's) whose buffer, if
// any, may be overwritten.
func (p *framePool) get() *frame {
	p.mu.Lock()
	defer p.mu.Unlock()
	var f *frame
	if n := len(p.free); n > 0 {
		f, p.free = p.free[n-1], p.free[:n-1]
	} else {
		f = &frame{pool: p}
	}
	f.refs.Store(1)
	return f
}

// buffer is the frame's RGBA image to fill, nil when it has none yet.
func (f *frame) buffer() *image.RGBA {
	rgba, _ := f.img.(*image.RGBA)
	return rgba
}

func (p *framePool) put(f *frame) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.free) < p.keep {
		p.free = append(p.free, f)
	}
}

// noteMade counts a new buffer.
func (p *framePool) noteMade() {
	p.mu.Lock()
	p.made++
	p.mu.Unlock()
}

// buffers is how many buffers the pool has ever made.
func (p *framePool) buffers() int {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.made
}

// shared wraps a frame the source made and will not change (the simulated
// camera's): holding it costs nothing and it is never refilled.
func shared(img image.Image) *frame {
	f := &frame{img: img}
	f.refs.Store(1)
	return f
}
