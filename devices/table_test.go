package devices

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// logBuf collects log lines safely across goroutines.
type logBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *logBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *logBuf) count(sub ...string) int {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := 0
	for _, line := range strings.Split(l.b.String(), "\n") {
		all := true
		for _, s := range sub {
			all = all && strings.Contains(line, s)
		}
		if all {
			n++
		}
	}
	return n
}

// waitFor polls cond for up to 5 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(time.Millisecond)
	}
}

// nextOf returns the next event of kind k, skipping others.
func nextOf(t *testing.T, out <-chan Event, k Kind) Event {
	t.Helper()
	for {
		e := next(t, out)
		if e.Kind == k {
			return e
		}
	}
}

func onlyParts(cfg Config, parts ...Part) Config {
	cfg.Drop.Enabled, cfg.Buttons.Enabled, cfg.Lights.Enabled, cfg.Cards.Enabled, cfg.Display.Enabled = false, false, false, false, false
	for _, p := range parts {
		switch p {
		case PartDrop:
			cfg.Drop.Enabled = true
		case PartButtons:
			cfg.Buttons.Enabled = true
		case PartLights:
			cfg.Lights.Enabled = true
		case PartCards:
			cfg.Cards.Enabled = true
		case PartDisplay:
			cfg.Display.Enabled = true
		}
	}
	return cfg
}

// TestTableMissingPartComesBack: a drop sensor that is not there for five
// attempts is logged missing once, then picked up when it appears.
func TestTableMissingPartComesBack(t *testing.T) {
	var logs logBuf
	lg := slog.New(slog.NewTextHandler(&logs, nil))
	sim := NewSim()
	var attempts atomic.Int32
	d := sim.Drivers()
	d.Drop = func(c DropConfig) (DropSensor, error) {
		if attempts.Add(1) <= 5 {
			return nil, errors.New(`drop sensor: no GPIO pin named "GPIO17" on this machine`)
		}
		return sim.drop, nil
	}
	cfg := onlyParts(DefaultConfig(), PartDrop)
	cfg.Retry = Duration(time.Millisecond)
	tb := New(lg, cfg, d)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error)
	go func() { done <- tb.Run(ctx) }()

	e := nextOf(t, tb.Events(), PartChanged)
	if e.Status.State != Missing || !strings.Contains(e.Status.Message, "GPIO17") {
		t.Fatalf("first status %v, want missing naming GPIO17", e.Status)
	}
	e = nextOf(t, tb.Events(), PartChanged)
	if e.Status.State != Present {
		t.Fatalf("second status %v, want present (no repeated missing events)", e.Status)
	}
	if n := attempts.Load(); n != 6 {
		t.Errorf("%d attempts to open, want 6", n)
	}
	if n := logs.count("missing", "part=drop"); n != 1 {
		t.Errorf("missing logged %d times, want once:\n%s", n, logs.b.String())
	}
	// The sensor works now.
	if err := sim.Drop(4); err != nil {
		t.Fatal(err)
	}
	if e := nextOf(t, tb.Events(), DropEnded); e.Count != 4 {
		t.Errorf("drop ended with %d cubes, want 4", e.Count)
	}
	st := tb.Status()
	if st[0].Part != PartDrop || st[0].State != Present || st[1].State != Disabled {
		t.Errorf("status %v, want drop present and buttons disabled", st)
	}
	cancel()
	for range tb.Events() { // drained and closed by Run
	}
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

// TestTableOnSim runs every part on the simulators: inputs arrive, outputs
// are shown, an unplugged part fails once and is picked up again with the
// latest state.
func TestTableOnSim(t *testing.T) {
	cfg := DefaultConfig()
	cfg.Simulate = true
	cfg.Retry = Duration(2 * time.Millisecond)
	tb := Open(nil, cfg)
	sim := tb.Sim()
	if sim == nil {
		t.Fatal("Sim() is nil on a simulated table")
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go tb.Run(ctx)
	waitFor(t, "all parts present", func() bool {
		for _, s := range tb.Status() {
			if s.State != Present {
				return false
			}
		}
		return true
	})

	if err := sim.Press(2, true); err != nil {
		t.Fatal(err)
	}
	if e := nextOf(t, tb.Events(), ButtonPressed); e.Seat != 2 || !e.Long || e.Time.IsZero() {
		t.Errorf("press = %+v, want a timed long press of seat 2", e)
	}
	if err := sim.Tap("04:a1:b2:c3"); err != nil {
		t.Fatal(err)
	}
	if e := nextOf(t, tb.Events(), CardTapped); e.UID != "04A1B2C3" {
		t.Errorf("tap = %v", e)
	}
	if err := sim.DropStuck(5); err != nil {
		t.Fatal(err)
	}
	if e := nextOf(t, tb.Events(), DropStarted); e.Part != PartDrop {
		t.Errorf("drop start = %v", e)
	}
	if e := nextOf(t, tb.Events(), DropEnded); e.Count != 5 || !e.Blocked {
		t.Errorf("drop end = %v, want 5 cubes, blocked", e)
	}

	purple := RGB{112, 58, 150}
	tb.ShowLights(Lights{Mode: Turn, Color: purple})
	tb.ShowLines("ATTACK 5", "DEFEND 3")
	waitFor(t, "lights and display shown", func() bool {
		return sim.Lights().Color == purple && len(sim.Lines()) == 2
	})
	if px := sim.Pixels(); len(px) != 30 || px[0].IsZero() {
		t.Errorf("pixels %v, want 30 lit LEDs", px)
	}

	// Unplug the display: it fails once; what is shown meanwhile appears
	// when it is plugged back in.
	sim.Unplug(PartDisplay)
	tb.ShowLines("TALLY", "A 4  D 2")
	e := nextOf(t, tb.Events(), PartChanged)
	if e.Part != PartDisplay || e.Status.State != Failed {
		t.Fatalf("status %v, want display failed", e.Status)
	}
	if err := sim.Press(1, false); err != nil {
		t.Fatal(err)
	}
	if e := nextOf(t, tb.Events(), ButtonPressed); e.Seat != 1 {
		t.Fatalf("the buttons stopped working while the display was unplugged: %v", e)
	}
	sim.Plug(PartDisplay)
	e = nextOf(t, tb.Events(), PartChanged)
	if e.Part != PartDisplay || e.Status.State != Present {
		t.Fatalf("status %v, want display present again", e.Status)
	}
	waitFor(t, "the latest lines on the display that came back", func() bool {
		l := sim.Lines()
		return len(l) == 2 && l[0] == "TALLY"
	})

	// Unplugging an input stops its watcher; controls say why.
	sim.Unplug(PartButtons)
	if e := nextOf(t, tb.Events(), PartChanged); e.Part != PartButtons || e.Status.State != Failed {
		t.Fatalf("status %v, want buttons failed", e.Status)
	}
	if err := sim.Press(1, false); err == nil || !strings.Contains(err.Error(), "unplugged") {
		t.Errorf("pressing an unplugged button: %v", err)
	}
}

func TestSimKeys(t *testing.T) {
	sim := NewSim()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := make(chan Event, 16)
	b, _ := sim.Drivers().Buttons(ButtonsConfig{})
	dr, _ := sim.Drivers().Drop(DropConfig{})
	cr, _ := sim.Drivers().Cards(CardsConfig{})
	for _, s := range []source{b, dr, cr} {
		go s.Watch(ctx, out)
	}
	press := func(r rune) string {
		did, ok, err := sim.Key(r)
		if !ok || err != nil {
			t.Fatalf("key %q: %v %v", r, ok, err)
		}
		return did
	}
	press('3')
	if e := next(t, out); e.Seat != 3 || e.Long {
		t.Errorf("'3' gave %v", e)
	}
	press('#')
	if e := next(t, out); e.Seat != 3 || !e.Long {
		t.Errorf("'#' gave %v", e)
	}
	press('H')
	if e := next(t, out); e.Seat != HostSeat || !e.Long {
		t.Errorf("'H' gave %v", e)
	}
	if did := press('+'); did != "4 cubes per drop" {
		t.Errorf("'+' said %q", did)
	}
	press('d')
	if e := next(t, out); e.Kind != DropStarted {
		t.Errorf("'d' first gave %v", e)
	}
	if e := next(t, out); e.Kind != DropEnded || e.Count != 4 {
		t.Errorf("'d' then gave %v, want 4 cubes", e)
	}
	press('c')
	press('c')
	press('C')
	for _, want := range []UID{SimCards[0], SimCards[1], SimCards[1]} {
		if e := next(t, out); e.UID != want {
			t.Errorf("card %v, want %s", e, want)
		}
	}
	if _, ok, _ := sim.Key('z'); ok {
		t.Error("'z' has no control but Key said ok")
	}
	if !strings.Contains(KeyHelp, "long-press") {
		t.Error("KeyHelp does not describe long presses")
	}
}

func TestConfigJSON(t *testing.T) {
	// The lead's config file sets only what differs from the defaults.
	cfg := DefaultConfig()
	in := `{"simulate": true, "retry": "30s", "drop": {"enabled": true, "pin": "GPIO27", "quiet": "2s"},
		"lights": {"enabled": false}}`
	if err := json.Unmarshal([]byte(in), &cfg); err != nil {
		t.Fatal(err)
	}
	if !cfg.Simulate || cfg.Retry.D() != 30*time.Second || cfg.Drop.Pin != "GPIO27" || cfg.Drop.Quiet.D() != 2*time.Second {
		t.Errorf("decoded %v", cfg)
	}
	if cfg.Lights.Enabled || cfg.Cards.IRQ != "GPIO24" || cfg.Display.Width != 128 {
		t.Errorf("defaults lost: %v", cfg)
	}
	if err := cfg.Check(); err != nil {
		t.Errorf("Check: %v", err)
	}
	b, err := json.Marshal(cfg)
	if err != nil || !strings.Contains(string(b), `"quiet":"2s"`) {
		t.Errorf("encoded %s, %v", b, err)
	}
	if err := json.Unmarshal([]byte(`{"retry": "soon"}`), &cfg); err == nil {
		t.Error("a retry of \"soon\" was accepted")
	}
	bad := DefaultConfig()
	bad.Lights.Kind = "neon"
	bad.Display.Height = 48 + 3
	err = bad.Check()
	if err == nil || !strings.Contains(err.Error(), "neon") || !strings.Contains(err.Error(), "height") {
		t.Errorf("Check = %v, want both mistakes named", err)
	}
}

func TestSimSnapshotAndEventJSON(t *testing.T) {
	sim := NewSim()
	ind, _ := sim.Drivers().Lights(LightsConfig{Count: 4, Brightness: 255})
	_ = ind.Show(Lights{Mode: Redrop, Color: RGB{0, 0, 200}})
	sim.Unplug(PartCards)
	snap := sim.Snapshot()
	if len(snap.Pixels) != 4 || snap.Pixels[0] != (RGB{0, 0, 200}) || !snap.Pixels[1].IsZero() {
		t.Errorf("pixels %v, want every other LED blue", snap.Pixels)
	}
	if snap.Plugged[PartCards] || !snap.Plugged[PartDrop] {
		t.Errorf("plugged %v", snap.Plugged)
	}
	if err := ind.Show(Lights{}); err != nil {
		t.Errorf("lights still plugged in: %v", err)
	}
	b, _ := json.Marshal(snap)
	if !strings.Contains(string(b), `"mode":"redrop"`) || !strings.Contains(string(b), `"cards":false`) {
		t.Errorf("snapshot JSON %s", b)
	}
	e := Event{Kind: DropEnded, Part: PartDrop, Count: 3, Blocked: true}
	b, _ = json.Marshal(e)
	var back Event
	if err := json.Unmarshal(b, &back); err != nil || back.Kind != DropEnded || back.Count != 3 || !back.Blocked {
		t.Errorf("event JSON %s -> %+v, %v", b, back, err)
	}
}

func TestSimPanel(t *testing.T) {
	sim := NewSim()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	out := make(chan Event, 16)
	b, _ := sim.Drivers().Buttons(ButtonsConfig{Seats: []string{"a", "b"}})
	dr, _ := sim.Drivers().Drop(DropConfig{})
	cr, _ := sim.Drivers().Cards(CardsConfig{})
	for _, s := range []source{b, dr, cr} {
		go s.Watch(ctx, out)
	}
	keys := map[string]bool{}
	for _, d := range sim.Devices() {
		keys[d.Key] = true
	}
	for _, k := range []string{"button-host", "button-1", "button-2", "drop-sensor", "rfid", "lights", "display"} {
		if !keys[k] {
			t.Errorf("panel lacks %s (has %v)", k, keys)
		}
	}
	if keys["button-3"] {
		t.Error("panel lists seat 3's button on a two-seat table")
	}
	do := func(key, cmd string) string {
		t.Helper()
		did, err := sim.Do(key, cmd)
		if err != nil {
			t.Fatalf("Do(%s, %s): %v", key, cmd, err)
		}
		return did
	}
	do("button-2", "long-press")
	if e := next(t, out); e.Seat != 2 || !e.Long {
		t.Errorf("got %v", e)
	}
	do("drop-sensor", "drop 6")
	next(t, out)
	if e := next(t, out); e.Kind != DropEnded || e.Count != 6 {
		t.Errorf("got %v, want 6 cubes", e)
	}
	do("rfid", "tap 04:A1:B2:C3")
	if e := next(t, out); e.UID != "04A1B2C3" {
		t.Errorf("got %v", e)
	}
	for _, bad := range [][2]string{{"button-9", "press"}, {"drop-sensor", "drop lots"}, {"rfid", "tap xyz"}, {"lights", "press"}, {"nothing", "plug"}} {
		if _, err := sim.Do(bad[0], bad[1]); err == nil {
			t.Errorf("Do(%s, %s) accepted", bad[0], bad[1])
		}
	}
	do("display", "unplug")
	for _, d := range sim.Devices() {
		if d.Key == "display" && (d.State != "unplugged" || d.Commands[0] != "plug") {
			t.Errorf("unplugged display listed as %+v", d)
		}
	}
	// "test" asks whether a device answers, and does nothing else: the
	// card reader works, the unplugged display says so in words.
	if did := do("rfid", "test"); !strings.Contains(did, "works") {
		t.Errorf("testing the card reader: %q", did)
	}
	select {
	case e := <-out:
		t.Errorf("testing the card reader sent %v", e)
	case <-time.After(50 * time.Millisecond):
	}
	if _, err := sim.Do("display", "test"); err == nil || !strings.Contains(err.Error(), "unplugged") {
		t.Errorf("testing the unplugged display: %v", err)
	}
	do("display", "plug")
	if did := do("display", "test"); !strings.Contains(did, "works") {
		t.Errorf("testing the display plugged in again: %q", did)
	}
}
