package devices

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"
)

// Opening is the health of an enabled part before its first attempt to open.
const Opening Health = "opening"

// Table supervises the table's parts: it opens each configured part, reports
// a missing or failing part once in the log (and once on Events), carries on
// without it and tries it again every Retry, so that a part plugged back in
// is picked up. Inputs arrive on Events; outputs are set with ShowLights and
// ShowLines, which remember the latest state and show it again on a part that
// comes back.
type Table struct {
	lg     *slog.Logger
	cfg    Config
	drv    Drivers
	sim    *Sim
	retry  time.Duration
	events chan Event

	mu          sync.Mutex
	status      map[Part]PartStatus
	lights      Lights
	lightsVer   int
	lines       []string
	linesVer    int
	lightsKick  chan struct{}
	displayKick chan struct{}
}

// DefaultRetry is how often a missing part is tried again when the
// configuration does not say.
const DefaultRetry = 10 * time.Second

// New returns a table for the parts cfg enables, opened with d. Nothing is
// opened before Run.
func New(lg *slog.Logger, cfg Config, d Drivers) *Table {
	if lg == nil {
		lg = slog.New(slog.DiscardHandler)
	}
	t := &Table{
		lg:          lg,
		cfg:         cfg,
		drv:         d,
		retry:       cfg.Retry.D(),
		events:      make(chan Event, 64),
		status:      map[Part]PartStatus{},
		lightsKick:  make(chan struct{}, 1),
		displayKick: make(chan struct{}, 1),
	}
	if t.retry <= 0 {
		t.retry = DefaultRetry
	}
	now := time.Now()
	for _, p := range Parts {
		h := Disabled
		if t.enabled(p) {
			h = Opening
		}
		t.status[p] = PartStatus{Part: p, State: h, Since: now}
	}
	return t
}

// Open returns a table on the Pi's hardware, or on simulators when
// cfg.Simulate is set (then Sim returns their controls).
func Open(lg *slog.Logger, cfg Config) *Table {
	if cfg.Simulate {
		s := NewSim()
		t := New(lg, cfg, s.Drivers())
		t.sim = s
		return t
	}
	return New(lg, cfg, PiDrivers())
}

// Sim returns the simulators' controls when the table runs on simulators,
// else nil.
func (t *Table) Sim() *Sim { return t.sim }

func (t *Table) enabled(p Part) bool {
	switch p {
	case PartDrop:
		return t.cfg.Drop.Enabled && t.drv.Drop != nil
	case PartButtons:
		return t.cfg.Buttons.Enabled && t.drv.Buttons != nil
	case PartLights:
		return t.cfg.Lights.Enabled && t.drv.Lights != nil
	case PartCards:
		return t.cfg.Cards.Enabled && t.drv.Cards != nil
	case PartDisplay:
		return t.cfg.Display.Enabled && t.drv.Display != nil
	}
	return false
}

// Events carries the inputs (drops, button presses, card taps) and the parts'
// status changes. It is closed when Run returns. Read it steadily: a part
// waits while the channel is full.
func (t *Table) Events() <-chan Event { return t.events }

// Status returns every part's status, in the order of Parts.
func (t *Table) Status() []PartStatus {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := make([]PartStatus, 0, len(Parts))
	for _, p := range Parts {
		s = append(s, t.status[p])
	}
	return s
}

// ShowLights sets what the LED strip shows. Without a strip it is only
// remembered, and shown once a strip is found.
func (t *Table) ShowLights(l Lights) {
	t.mu.Lock()
	t.lights = l
	t.lightsVer++
	t.mu.Unlock()
	kick(t.lightsKick)
}

// ShowLines sets what the tower's display shows, like ShowLights.
func (t *Table) ShowLines(lines ...string) {
	t.mu.Lock()
	t.lines = slices.Clone(lines)
	t.linesVer++
	t.mu.Unlock()
	kick(t.displayKick)
}

func kick(c chan struct{}) {
	select {
	case c <- struct{}{}:
	default:
	}
}

// Run opens and watches the parts until ctx is done, then halts them and
// closes Events. It returns nil after ctx is done.
func (t *Table) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	start := func(p Part, f func(context.Context, Part)) {
		if !t.enabled(p) {
			return
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			f(ctx, p)
		}()
	}
	c := t.cfg
	start(PartDrop, func(ctx context.Context, p Part) {
		t.runSource(ctx, p, func() (source, error) { return t.drv.Drop(c.Drop) })
	})
	start(PartButtons, func(ctx context.Context, p Part) {
		t.runSource(ctx, p, func() (source, error) { return t.drv.Buttons(c.Buttons) })
	})
	start(PartCards, func(ctx context.Context, p Part) {
		t.runSource(ctx, p, func() (source, error) { return t.drv.Cards(c.Cards) })
	})
	start(PartLights, func(ctx context.Context, p Part) {
		t.runOutput(ctx, p, t.lightsKick,
			func() (halter, error) { return t.drv.Lights(c.Lights) },
			func(h halter) (int, error) {
				t.mu.Lock()
				l, v := t.lights, t.lightsVer
				t.mu.Unlock()
				return v, h.(Indicator).Show(l)
			}, func() int { t.mu.Lock(); defer t.mu.Unlock(); return t.lightsVer })
	})
	start(PartDisplay, func(ctx context.Context, p Part) {
		t.runOutput(ctx, p, t.displayKick,
			func() (halter, error) { return t.drv.Display(c.Display) },
			func(h halter) (int, error) {
				t.mu.Lock()
				l, v := t.lines, t.linesVer
				t.mu.Unlock()
				return v, h.(Display).Show(l)
			}, func() int { t.mu.Lock(); defer t.mu.Unlock(); return t.linesVer })
	})
	wg.Wait()
	close(t.events)
	return nil
}

type halter interface {
	String() string
	Halt() error
}

type source interface {
	halter
	Watch(ctx context.Context, out chan<- Event) error
}

// sleep waits d or until ctx is done; it reports whether to go on.
func sleep(ctx context.Context, d time.Duration) bool {
	tm := time.NewTimer(d)
	defer tm.Stop()
	select {
	case <-tm.C:
		return true
	case <-ctx.Done():
		return false
	}
}

// setStatus records a part's status. A change of health is logged and sent
// on Events once; the same health again (the next failed retry) only updates
// the message.
func (t *Table) setStatus(ctx context.Context, p Part, h Health, msg string) {
	t.mu.Lock()
	old := t.status[p]
	changed := old.State != h
	s := PartStatus{Part: p, State: h, Since: old.Since, Message: msg}
	if changed {
		s.Since = time.Now()
	}
	t.status[p] = s
	t.mu.Unlock()
	if !changed {
		return
	}
	switch h {
	case Present:
		t.lg.Info("device part present", "part", string(p), "device", msg)
	case Missing:
		t.lg.Warn("device part missing; carrying on without it and retrying", "part", string(p), "err", msg, "retry", t.retry)
	case Failed:
		t.lg.Warn("device part failed; carrying on without it and reopening", "part", string(p), "err", msg, "retry", t.retry)
	}
	send(ctx, t.events, Event{Kind: PartChanged, Time: s.Since, Part: p, Status: &s})
}

// runSource keeps an input part open and watched.
func (t *Table) runSource(ctx context.Context, p Part, open func() (source, error)) {
	for ctx.Err() == nil {
		src, err := open()
		if err != nil {
			t.setStatus(ctx, p, Missing, err.Error())
			if !sleep(ctx, t.retry) {
				return
			}
			continue
		}
		t.setStatus(ctx, p, Present, src.String())
		err = src.Watch(ctx, t.events)
		if herr := src.Halt(); herr != nil && err == nil && ctx.Err() == nil {
			err = herr
		}
		if ctx.Err() != nil {
			return
		}
		if err == nil {
			err = errors.New("stopped without an error")
		}
		t.setStatus(ctx, p, Failed, err.Error())
		if !sleep(ctx, t.retry) {
			return
		}
	}
}

// runOutput keeps an output part open and shows it the latest state each
// time it changes (and at once after it is opened again).
func (t *Table) runOutput(ctx context.Context, p Part, kicked chan struct{}, open func() (halter, error), apply func(halter) (int, error), want func() int) {
	for ctx.Err() == nil {
		dev, err := open()
		if err != nil {
			t.setStatus(ctx, p, Missing, err.Error())
			if !sleep(ctx, t.retry) {
				return
			}
			continue
		}
		t.setStatus(ctx, p, Present, dev.String())
		shown := 0 // nothing shown on this device yet
		for err == nil {
			if v := want(); v != shown {
				shown, err = apply(dev)
				if err != nil {
					break
				}
				continue // the state may have changed while it was sent
			}
			select {
			case <-kicked:
			case <-ctx.Done():
				_ = dev.Halt()
				return
			}
		}
		_ = dev.Halt()
		t.setStatus(ctx, p, Failed, err.Error())
		if !sleep(ctx, t.retry) {
			return
		}
	}
}
