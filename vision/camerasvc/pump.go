//go:build cgo && !novision

package camerasvc

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/jpeg"
	"time"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/vision"
)

// next takes one frame from the source: into a recycled buffer when the
// source can fill one.
func (s *Service) next(ctx context.Context) (*frame, error) {
	if s.fill == nil {
		img, err := s.src.Next(ctx)
		if err != nil {
			return nil, err
		}
		return shared(img), nil
	}
	f := s.pool.get()
	buf := f.buffer()
	img, err := s.fill.Fill(ctx, buf)
	if err != nil {
		f.release()
		return nil, err
	}
	if img != buf {
		s.pool.noteMade()
		f.img = img
	}
	return f, nil
}

// pump takes every frame from the source: the newest is kept for the
// dashboard and the calibration steps, and handed to the watcher. One
// goroutine reads the source, so the watcher sees every frame of a drop.
func (s *Service) pump(ctx context.Context) {
	fails := 0
	next := s.clock.Now()
	for ctx.Err() == nil {
		if d := next.Sub(s.clock.Now()); d > 0 {
			select {
			case <-s.clock.After(d):
			case <-ctx.Done():
				return
			}
		}
		next = s.clock.Now().Add(time.Second / maxFPS)
		f, err := s.next(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return
			}
			if fails++; fails == 20 {
				s.lg.Warn("the camera gives no frames", "err", err)
			}
			next = s.clock.Now().Add(250 * time.Millisecond)
			continue
		}
		fails = 0
		s.push(f)
	}
}

// push makes f, with the caller's reference, the newest frame and hands
// it to the watcher.
func (s *Service) push(f *frame) {
	moved := s.motion.Moved(f.img)
	// The caller's reference becomes the newest frame's.
	s.fmu.Lock()
	s.frameNo++
	if moved {
		s.movedAt = s.frameNo
	}
	old := s.latest
	s.latest = f
	close(s.frameCh)
	s.frameCh = make(chan struct{})
	s.fmu.Unlock()
	old.release()
	// f stays the newest until the pump replaces it, so it is safe to take
	// another reference for the watcher here. The watcher gets the newest
	// frame; an unread older one goes.
	select {
	case stale := <-s.feed:
		stale.release()
	default:
	}
	s.feed <- f.retain()
}

// newest returns the newest frame with a reference for the caller (nil:
// none yet), its number and the number of the last frame that moved.
func (s *Service) newest() (f *frame, no, movedAt uint64) {
	s.fmu.Lock()
	defer s.fmu.Unlock()
	if s.latest != nil {
		f = s.latest.retain()
	}
	return f, s.frameNo, s.movedAt
}

// stillFrame waits until the board has been still for a few frames and
// returns the newest frame, with a reference the caller releases.
func (s *Service) stillFrame(ctx context.Context) (*frame, error) {
	deadline := s.clock.After(stillWait)
	s.fmu.Lock()
	start := s.frameNo
	s.fmu.Unlock()
	for {
		// Only frames taken after the call count: the cubes just put on
		// the board may not have reached the newest frame yet.
		s.fmu.Lock()
		f, ch := s.latest, s.frameCh
		still := s.frameNo >= start+stillFrames && s.frameNo-s.movedAt >= stillFrames
		if f != nil && still {
			f.retain()
			s.fmu.Unlock()
			return f, nil
		}
		s.fmu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-deadline:
			if f == nil {
				return nil, errors.New("the camera has given no frame")
			}
			return nil, errors.New("the board is still moving: wait until the cubes and hands are still, then try again")
		}
	}
}

// feedSource is the watcher's view of the pumped frames. A frame it gives
// stays the watcher's until the watcher asks for the next one (the watcher
// reads a frame before taking another): then its reference goes back.
type feedSource struct {
	feed chan *frame
	cur  *frame
}

// Next implements vision.Source.
func (f *feedSource) Next(ctx context.Context) (image.Image, error) {
	f.cur.release()
	f.cur = nil
	select {
	case fr := <-f.feed:
		f.cur = fr
		return fr.img, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// errCalibrating: the watcher does not read while the host calibrates the
// colours.
var errCalibrating = errors.New("the host is calibrating the colours")

// errReadAsDice: the settled frame was a roll, read and proposed as dice.
var errReadAsDice = errors.New("read as a roll of dice")

// errNotCalibrated is what a read gets before the board's corners are known.
var errNotCalibrated = errors.New("the camera is not calibrated: drag the board's corners into place on the calibration page and save, or run quartermaster calibrate")

// readLocked reads a frame and shows it, with the overlay, to the
// dashboard. With s.rmu held (the reader is not safe for concurrent use).
func (s *Service) readLocked(img image.Image) (vision.Result, error) {
	if s.reader == nil {
		return vision.Result{}, errNotCalibrated
	}
	res, err := s.reader.ReadImage(img)
	if err != nil {
		return res, err
	}
	if b, err := s.reader.OverlayImage(img, res, ".jpg"); err == nil {
		s.send(b)
	}
	return res, nil
}

// read waits for a still board and reads it.
func (s *Service) read(ctx context.Context) (vision.Result, error) {
	f, err := s.stillFrame(ctx)
	if err != nil {
		return vision.Result{}, err
	}
	defer f.release()
	s.rmu.Lock()
	defer s.rmu.Unlock()
	return s.readLocked(f.img)
}

// watchReader is the watcher's FrameReader: the camera's current reader. A
// drop that cannot be read is reported to the table when the drop sensor
// announced it (else it was likely a hand over the board) and logged.
type watchReader struct{ s *Service }

func (w watchReader) ReadImage(img image.Image) (vision.Result, error) {
	s := w.s
	s.mu.Lock()
	hinted := s.hinted
	s.hinted = false
	calibrating := s.clock.Now().Before(s.calibUntil)
	s.mu.Unlock()
	if calibrating {
		// The calibration cubes are no battle: not even read.
		return vision.Result{}, errCalibrating
	}
	if s.diceWanted() {
		// A roll: read as dice and proposed here; the watcher's cube
		// path gets nothing.
		s.readDiceAndReport(img)
		return vision.Result{}, errReadAsDice
	}
	s.rmu.Lock()
	res, err := s.readLocked(img)
	s.rmu.Unlock()
	if err != nil {
		s.lg.Warn("the camera could not read a drop", "err", err, "drop-sensor", hinted)
		if hinted {
			s.report(companion.CameraReport{Err: err})
		}
	}
	return res, err
}

// propose hands the watcher's reads to the attached tables. A read the drop
// sensor did not announce is proposed only if it shows cubes and differs
// from the last read (a hand passing over the board changes nothing); while
// the host calibrates the colours nothing is proposed.
func (s *Service) propose(ctx context.Context, settled <-chan vision.Settled) {
	for {
		var st vision.Settled
		select {
		case st = <-settled:
		case <-ctx.Done():
			return
		}
		rd, err := s.o.ToRead(st.Result)
		if err != nil {
			s.report(companion.CameraReport{Err: err})
			continue
		}
		s.mu.Lock()
		calibrating := s.clock.Now().Before(s.calibUntil)
		same := string(rd.Action) == s.lastRead
		skip := calibrating || (!st.Hinted && (rd.Cubes == 0 || same))
		if !skip {
			s.lastRead = string(rd.Action)
		}
		s.mu.Unlock()
		if skip {
			continue
		}
		s.report(companion.CameraReport{Read: rd})
	}
}

// report sends a report to every table watching; a table that is not
// taking reports misses it rather than stopping the camera.
func (s *Service) report(r companion.CameraReport) {
	s.fanMu.Lock()
	defer s.fanMu.Unlock()
	for ch := range s.watchers {
		select {
		case ch <- r:
		default:
			s.lg.Warn("a table is not taking the camera's reads; one was dropped")
		}
	}
}

// Watch implements companion.CameraWatcher.
func (s *Service) Watch(ctx context.Context, out chan<- companion.CameraReport) error {
	ch := make(chan companion.CameraReport, 4)
	s.fanMu.Lock()
	s.watchers[ch] = struct{}{}
	s.fanMu.Unlock()
	defer func() {
		s.fanMu.Lock()
		delete(s.watchers, ch)
		s.fanMu.Unlock()
	}()
	for {
		select {
		case r := <-ch:
			select {
			case out <- r:
			case <-ctx.Done():
				return nil
			}
		case <-ctx.Done():
			return nil
		}
	}
}

// DropStarted implements companion.CameraWatcher: the tower's sensor saw
// cubes falling.
func (s *Service) DropStarted() {
	s.mu.Lock()
	s.hinted = true
	s.mu.Unlock()
	s.watcher.DropStarted()
}

// Read implements companion.Camera: it reads the board once it is still and
// turns the read into the rules' read action.
func (s *Service) Read(ctx context.Context) (companion.CameraRead, error) {
	res, err := s.read(ctx)
	if err != nil {
		return companion.CameraRead{}, err
	}
	return s.o.ToRead(res)
}

// Subscribe implements web.FrameSource.
func (s *Service) Subscribe(ctx context.Context) <-chan []byte {
	ch := make(chan []byte, 1)
	s.fanMu.Lock()
	s.subs[ch] = struct{}{}
	if s.last != nil {
		ch <- s.last
	}
	s.fanMu.Unlock()
	go func() {
		<-ctx.Done()
		s.fanMu.Lock()
		delete(s.subs, ch)
		close(ch)
		s.fanMu.Unlock()
	}()
	return ch
}

// viewers tells whether anyone watches the picture.
func (s *Service) viewers() bool {
	s.fanMu.Lock()
	defer s.fanMu.Unlock()
	return len(s.subs) > 0
}

// send shows a JPEG to every viewer, dropping a frame a viewer has not
// taken yet rather than waiting for it.
func (s *Service) send(b []byte) {
	s.fanMu.Lock()
	defer s.fanMu.Unlock()
	s.last = b
	for ch := range s.subs {
		select {
		case <-ch: // drop the stale frame
		default:
		}
		select {
		case ch <- b:
		default:
		}
	}
}

// publish refreshes the live picture with the overlay about twice a second
// while someone watches, so the dashboard follows the board between drops.
// A still board is not read and encoded again: its picture has not changed
// (on a Pi that keeps an idle table's camera near no CPU at all).
func (s *Service) publish(ctx context.Context) {
	var shownNo, shownVer uint64
	shown := false
	for {
		select {
		case <-ctx.Done():
			return
		case <-s.clock.After(publishEvery):
		}
		if !s.viewers() {
			continue
		}
		f, no, movedAt := s.newest()
		if f == nil {
			continue
		}
		dice := s.diceWanted()
		s.rmu.Lock()
		// Something to show: the first picture, a new reader (calibration),
		// or motion since the frame last shown (its number is then at most
		// the moved frame's).
		if !shown || s.readerVer != shownVer || movedAt >= shownNo {
			var err error
			if dice {
				// A roll is awaited: the picture shows the dice read.
				s.dmu.Lock()
				_, err = s.readDiceLocked(f.img)
				s.dmu.Unlock()
			} else {
				_, err = s.readLocked(f.img)
			}
			if err != nil {
				s.sendPlain(f.img)
			}
			shown, shownNo, shownVer = true, no, s.readerVer
		}
		s.rmu.Unlock()
		f.release()
	}
}

// sendPlain shows a frame without the overlay (not calibrated, or the read
// failed).
func (s *Service) sendPlain(img image.Image) {
	var buf bytes.Buffer
	if err := jpeg.Encode(&buf, img, &jpeg.Options{Quality: 80}); err == nil {
		s.send(buf.Bytes())
	}
}
