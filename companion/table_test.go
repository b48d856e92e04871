package companion

import (
	"context"
	"encoding/json"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/engine"
)

// fakeDevices sends the events the test pushes and records what is shown.
type fakeDevices struct {
	events chan DeviceEvent
	mu     sync.Mutex
	shown  []Status
}

func (d *fakeDevices) Watch(ctx context.Context, out chan<- DeviceEvent) error {
	for {
		select {
		case ev := <-d.events:
			out <- ev
		case <-ctx.Done():
			return nil
		}
	}
}

func (d *fakeDevices) Show(s Status) error {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.shown = append(d.shown, s)
	return nil
}

func (d *fakeDevices) lastShown() (Status, int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if len(d.shown) == 0 {
		return Status{}, 0
	}
	return d.shown[len(d.shown)-1], len(d.shown)
}

// fakeCamera returns the reads the test queues.
type fakeCamera struct {
	mu    sync.Mutex
	reads []CameraRead
	err   error
}

func (c *fakeCamera) Read(ctx context.Context) (CameraRead, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.err != nil {
		return CameraRead{}, c.err
	}
	if len(c.reads) == 0 {
		return CameraRead{}, errors.New("no board in view (test)")
	}
	r := c.reads[0]
	c.reads = c.reads[1:]
	return r, nil
}

func (c *fakeCamera) queue(r CameraRead) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.reads = append(c.reads, r)
}

// waitShown waits until the devices show version v.
func waitShown(t *testing.T, dev *fakeDevices, v uint64) Status {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		st, n := dev.lastShown()
		if n > 0 && st.Version == v {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("devices last showed %+v (%d shown), want version %d", st, n, v)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// waitNotice reads updates until one with the notice kind arrives.
func waitNotice(t *testing.T, ch <-chan Update, kind string) Update {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case u, ok := <-ch:
			if !ok {
				t.Fatalf("subscription closed while waiting for %q", kind)
			}
			if u.Notice != nil && u.Notice.Kind == kind {
				return u
			}
		case <-timeout:
			t.Fatalf("no %q notice within 5s", kind)
		}
	}
}

// waitVersion reads updates until one of version v arrives.
func waitVersion(t *testing.T, ch <-chan Update, v uint64) Update {
	t.Helper()
	timeout := time.After(5 * time.Second)
	for {
		select {
		case u := <-ch:
			if u.Version == v && u.Notice == nil {
				return u
			}
		case <-timeout:
			t.Fatalf("no update of version %d within 5s", v)
		}
	}
}

// buttonsAdd is the toy game's device map: a short press adds 1 for the
// seat; a long press and everything else are only notices.
func buttonsAdd(g engine.Game, ev DeviceEvent) (json.RawMessage, bool) {
	if ev.Kind == ButtonPressed && !ev.Long && !ev.Host {
		return add(int(ev.Seat), 1), true
	}
	return nil, false
}

func TestDevicesAndCamera(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	dev := &fakeDevices{events: make(chan DeviceEvent)}
	cam := &fakeCamera{}
	detach := tt.s.Attach(bg, Hardware{Devices: dev, Camera: cam, Map: buttonsAdd, Settle: time.Millisecond})
	defer detach()
	ch, cancel := tt.s.Subscribe(engine.Public, 0)
	defer cancel()
	waitShown(t, dev, 0)

	// A button press is a notice and, mapped by the rules, an action.
	dev.events <- DeviceEvent{Kind: ButtonPressed, Seat: 0}
	if u := waitNotice(t, ch, NoticeButton); u.Notice.Seat != 0 || !strings.Contains(u.Notice.Text, "seat 1") {
		t.Errorf("button notice = %+v", u.Notice)
	}
	if u := waitVersion(t, ch, 1); len(u.Events) != 1 || u.Events[0].Type != "added" {
		t.Errorf("button action update = %+v", u)
	}
	if h := tt.s.History(engine.Public); h[0].Source != "button" || h[0].Actor != "device" {
		t.Errorf("the log should say the action came from a button: %+v", h[0])
	}
	// Not seat 1's turn any more: the rules refuse, the table hears why.
	dev.events <- DeviceEvent{Kind: ButtonPressed, Seat: 0}
	if u := waitNotice(t, ch, NoticeActionRefused); !strings.Contains(u.Notice.Text, "turn") {
		t.Errorf("refused action notice = %+v", u.Notice)
	}

	// A drop: the tower counts 5, the camera sees 4 -> a proposal and a
	// mismatch notice, nothing applied yet.
	cam.queue(CameraRead{Action: read(4), Cubes: 4})
	dev.events <- DeviceEvent{Kind: DropStarted}
	waitNotice(t, ch, NoticeDropStarted)
	dev.events <- DeviceEvent{Kind: DropEnded, Count: 5}
	if u := waitNotice(t, ch, NoticeDropEnded); u.Notice.Count != 5 || u.Notice.Text != "The tower counted 5 cubes." {
		t.Errorf("drop ended notice = %+v", u.Notice)
	}
	prop := waitNotice(t, ch, NoticeProposedRead).Notice.Read
	if prop == nil || prop.Cubes != 4 || prop.Dropped != 5 {
		t.Fatalf("proposed read = %+v", prop)
	}
	if u := waitNotice(t, ch, NoticeCountMismatch); u.Notice.Count != 5 || u.Notice.Seen != 4 {
		t.Errorf("mismatch notice = %+v", u.Notice)
	}
	if tt.s.Version() != 1 {
		t.Errorf("a proposed read changed the table: version %d", tt.s.Version())
	}
	if ps := tt.s.Proposals(); len(ps) != 1 || ps[0].ID != prop.ID {
		t.Errorf("Proposals = %+v", ps)
	}

	// Two players tap "confirm" at once: applied once.
	r1, err := tt.s.ConfirmRead(bg, tablet, prop.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	r2, err := tt.s.ConfirmRead(bg, tt.player(1), prop.ID, 1)
	if err != nil || !r2.Repeated || r2.Version != r1.Version {
		t.Errorf("second confirm = %+v, %v; want the first result, repeated", r2, err)
	}
	var v toyView
	json.Unmarshal(tt.s.View(engine.Public).View, &v)
	if len(v.Reads) != 1 || v.Reads[0] != 4 {
		t.Errorf("reads after confirming = %v, want [4]", v.Reads)
	}
	waitNotice(t, ch, NoticeReadResolved)

	// The next read is wrong and corrected by hand: the audit trail keeps
	// the camera's proposal and the reason.
	cam.queue(CameraRead{Action: read(3), Cubes: 3})
	dev.events <- DeviceEvent{Kind: DropEnded, Count: 3}
	prop = waitNotice(t, ch, NoticeProposedRead).Notice.Read
	if _, err := tt.s.CorrectRead(bg, Submission{Access: tablet, Action: read(2), BaseVersion: 2}, prop.ID, ""); !errors.Is(err, engine.ErrMalformed) {
		t.Errorf("correcting a read without a reason: %v, want ErrMalformed", err)
	}
	res, err := tt.s.CorrectRead(bg, Submission{Access: tablet, Action: read(2), BaseVersion: 2}, prop.ID, "a cube was half under the mast")
	if err != nil {
		t.Fatal(err)
	}
	h := tt.s.History(engine.Public)[res.Version-1]
	if h.Kind != "correction" || h.Correction != "a cube was half under the mast" || !strings.Contains(string(h.Proposed), `"cubes":3`) || !strings.Contains(string(h.Action), `"cubes":2`) {
		t.Errorf("corrected read in the log = %s", mustJSON(t, h))
	}
	if _, err := tt.s.ConfirmRead(bg, tablet, "no-such-read", res.Version); !errors.Is(err, ErrNotFound) {
		t.Errorf("confirming an unknown read: %v, want ErrNotFound", err)
	}

	// The camera fails: the table hears it and can type the read in.
	cam.mu.Lock()
	cam.err = errors.New("lens cap on (test)")
	cam.mu.Unlock()
	dev.events <- DeviceEvent{Kind: DropEnded, Count: 2}
	if u := waitNotice(t, ch, NoticeDeviceError); !strings.Contains(u.Notice.Text, "lens cap") {
		t.Errorf("camera failure notice = %+v", u.Notice)
	}

	// The outputs were shown the latest state.
	if st := waitShown(t, dev, tt.s.Version()); len(st.Active) != 1 || st.Active[0] != 1 {
		t.Errorf("status should say it is seat 2's turn: %+v", st)
	}

	detach()
	detach2 := tt.s.Attach(bg, Hardware{}) // nothing attached: harmless
	detach2()
}

func TestProposeRefusesWhatIsNotARead(t *testing.T) {
	tt := newTestTable(t, 1, ManagerOpts{})
	if _, err := tt.s.Propose(bg, CameraRead{Action: json.RawMessage(`{"type":"teleport","seat":-1}`)}, -1); !errors.Is(err, engine.ErrMalformed) {
		t.Errorf("proposing an unknown action: %v, want ErrMalformed", err)
	}
	for i := 0; i < MaxProposals+3; i++ {
		if _, err := tt.s.Propose(bg, CameraRead{Action: read(i), Cubes: i}, -1); err != nil {
			t.Fatal(err)
		}
	}
	if ps := tt.s.Proposals(); len(ps) != MaxProposals || ps[0].Cubes != 3 {
		t.Errorf("kept %d proposals starting at %d cubes; want the newest %d", len(ps), ps[0].Cubes, MaxProposals)
	}
}

// A camera that pushes its reads (cmd calling Propose) is still compared
// with the tower's count of the same drop.
func TestPushedReadIsComparedWithTheTowerCount(t *testing.T) {
	tt := newTestTable(t, 1, ManagerOpts{})
	dev := &fakeDevices{events: make(chan DeviceEvent)}
	detach := tt.s.Attach(bg, Hardware{Devices: dev})
	defer detach()
	ch, cancel := tt.s.Subscribe(engine.Public, 0)
	defer cancel()
	dev.events <- DeviceEvent{Kind: DropEnded, Count: 6}
	if u := waitNotice(t, ch, NoticeDropEnded); u.Notice.Seat != engine.NoSeat {
		t.Errorf("a drop notice belongs to no seat: %+v", u.Notice)
	}
	p, err := tt.s.Propose(bg, CameraRead{Action: read(5), Cubes: 5}, -1)
	if err != nil {
		t.Fatal(err)
	}
	if p.Dropped != 6 {
		t.Errorf("proposal's tower count = %d, want 6", p.Dropped)
	}
	if u := waitNotice(t, ch, NoticeCountMismatch); u.Notice.Count != 6 || u.Notice.Seen != 5 {
		t.Errorf("mismatch = %+v", u.Notice)
	}
	// The count belongs to that one drop only.
	if p, _ := tt.s.Propose(bg, CameraRead{Action: read(5), Cubes: 5}, -1); p.Dropped != -1 {
		t.Errorf("a second read reused the old count: %d", p.Dropped)
	}
}

func TestExport(t *testing.T) {
	tt := newTestTable(t, 3, ManagerOpts{Location: "Test Harbour Club"})
	tt.must(tt.player(0), hide(0, 5, "SECRET-a"))
	tt.must(tablet, add(0, 1))
	tt.must(tt.player(1), hide(1, 7, "SECRET-b"))
	tt.must(tt.player(2), hide(2, 7, "SECRET-c"))
	if _, err := tt.s.Export(tt.host(), ExportBGStats); !errors.Is(err, ErrNotOver) {
		t.Errorf("BG Stats export of a running game: %v, want ErrNotOver", err)
	}
	if _, err := tt.s.Export(tt.host(), "csv"); !errors.Is(err, engine.ErrMalformed) {
		t.Errorf("unknown export: %v, want ErrMalformed", err)
	}
	tt.clock.Advance(95 * time.Minute)
	tt.must(tablet, json.RawMessage(`{"type":"finish","seat":-1}`))

	raw, err := tt.s.Export(tablet, ExportBGStats)
	if err != nil {
		t.Fatal(err)
	}
	var play BGStatsPlay
	if err := json.Unmarshal(raw, &play); err != nil {
		t.Fatal(err)
	}
	if play.SourceName != "quartermaster" || play.SourcePlayID != tt.s.ID() || play.Game.Name != "Test Counter" || !play.Game.HighestWins || play.Location != "Test Harbour Club" || play.DurationMin != 95 {
		t.Errorf("play = %s", raw)
	}
	if _, err := time.Parse("2006-01-02 15:04:05", play.PlayDate); err != nil {
		t.Errorf("playDate %q is not BG Stats' format: %v", play.PlayDate, err)
	}
	// Scores 5, 7, 7: seats 2 and 3 share the win and rank 1; seat 1 is third.
	want := []struct {
		name   string
		score  float64
		rank   int
		winner bool
		start  bool
	}{{"Ann", 5, 3, false, true}, {"Ben", 7, 1, true, false}, {"Cat", 7, 1, true, false}}
	if len(play.Players) != 3 {
		t.Fatalf("players = %+v", play.Players)
	}
	for i, w := range want {
		p := play.Players[i]
		if p.Name != w.name || p.Score != w.score || p.Rank != w.rank || p.Winner != w.winner || p.StartPlayer != w.start {
			t.Errorf("player %d = %+v, want %+v", i, p, w)
		}
	}

	// Over: the full log holds everything, secrets included, and replays.
	raw, err = tt.s.Export(tablet, ExportJSON)
	if err != nil {
		t.Fatal(err)
	}
	var log LogExport
	if err := json.Unmarshal(raw, &log); err != nil {
		t.Fatal(err)
	}
	if log.Redacted || !log.Over || log.Seed != 42 || len(log.Entries) != 5 || !strings.Contains(string(raw), "SECRET-b") {
		t.Errorf("full log export = %s", raw)
	}
}

// watchingCamera is a CameraWatcher whose reports the test sends.
type watchingCamera struct {
	fakeCamera
	reports chan CameraReport
	hints   chan struct{}
}

func (c *watchingCamera) Watch(ctx context.Context, out chan<- CameraReport) error {
	for {
		select {
		case r := <-c.reports:
			out <- r
		case <-ctx.Done():
			return nil
		}
	}
}

func (c *watchingCamera) DropStarted() {
	select {
	case c.hints <- struct{}{}:
	default:
	}
}

// A camera that watches by itself hands in its reads (proposals, never
// actions), hears of the drop sensor, and is never asked to read when a
// drop ends; the tower's count reaches the read whichever comes first.
func TestWatchingCamera(t *testing.T) {
	tt := newTestTable(t, 1, ManagerOpts{})
	dev := &fakeDevices{events: make(chan DeviceEvent)}
	cam := &watchingCamera{reports: make(chan CameraReport), hints: make(chan struct{}, 4)}
	cam.err = errors.New("Read must not be called on a watching camera (test)")
	detach := tt.s.Attach(bg, Hardware{Devices: dev, Camera: cam, Settle: time.Millisecond})
	defer detach()
	ch, cancel := tt.s.Subscribe(engine.Public, 0)
	defer cancel()

	// The tower's count first, then the camera's read.
	dev.events <- DeviceEvent{Kind: DropStarted}
	waitNotice(t, ch, NoticeDropStarted)
	select {
	case <-cam.hints:
	case <-time.After(5 * time.Second):
		t.Fatal("the camera was not told of the drop sensor")
	}
	dev.events <- DeviceEvent{Kind: DropEnded, Count: 4}
	waitNotice(t, ch, NoticeDropEnded)
	cam.reports <- CameraReport{Read: CameraRead{Action: read(4), Cubes: 4}}
	p := waitNotice(t, ch, NoticeProposedRead).Notice.Read
	if p.Dropped != 4 || p.Cubes != 4 {
		t.Errorf("proposal = %+v, want 4 seen and 4 counted", p)
	}
	if tt.s.Version() != 0 {
		t.Error("a camera read was applied without a player confirming it")
	}

	// The camera's read first (it settled before the tower went quiet),
	// then the count: the proposal gets the count and the mismatch shows.
	dev.events <- DeviceEvent{Kind: DropStarted}
	waitNotice(t, ch, NoticeDropStarted)
	cam.reports <- CameraReport{Read: CameraRead{Action: read(2), Cubes: 2}}
	early := waitNotice(t, ch, NoticeProposedRead).Notice.Read
	if early.Dropped != -1 {
		t.Errorf("a read before the count has count %d, want -1 (unknown)", early.Dropped)
	}
	dev.events <- DeviceEvent{Kind: DropEnded, Count: 3}
	late := waitNotice(t, ch, NoticeProposedRead).Notice.Read
	if late.ID != early.ID || late.Dropped != 3 {
		t.Errorf("updated proposal = %+v, want %s with the tower's 3", late, early.ID)
	}
	if u := waitNotice(t, ch, NoticeCountMismatch); u.Notice.Count != 3 || u.Notice.Seen != 2 {
		t.Errorf("mismatch = %+v", u.Notice)
	}
	if ps := tt.s.Proposals(); len(ps) != 2 || ps[1].Dropped != 3 {
		t.Errorf("Proposals = %+v", ps)
	}
	// The count belonged to that drop: a read without a drop has none.
	cam.reports <- CameraReport{Read: CameraRead{Action: read(1), Cubes: 1}}
	if p := waitNotice(t, ch, NoticeProposedRead).Notice.Read; p.Dropped != -1 {
		t.Errorf("a read without a drop took count %d", p.Dropped)
	}

	// A drop the camera could not read: the table is asked to type it in.
	cam.reports <- CameraReport{Err: errors.New("the camera is not calibrated (test)")}
	if u := waitNotice(t, ch, NoticeDeviceError); !strings.Contains(u.Notice.Text, "not calibrated") || !strings.Contains(u.Notice.Text, "by hand") {
		t.Errorf("error notice = %+v", u.Notice)
	}
	// Confirming a watched read works as any other.
	if _, err := tt.s.ConfirmRead(bg, tablet, p.ID, 0); err != nil {
		t.Errorf("confirm: %v", err)
	}
}

// TestCubeWords: the tower's and camera's notices count cubes as players
// say them ("The tower counted 1 cube.", never "1 cubes").
func TestCubeWords(t *testing.T) {
	for n, want := range map[int]string{0: "0 cubes", 1: "1 cube", 2: "2 cubes"} {
		if got := cubes(n); got != want {
			t.Errorf("cubes(%d) = %q, want %q", n, got, want)
		}
	}
}
