package companion

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/engine/racetoten"
)

// raceTable starts a two-player Race to Ten table (every kit interface,
// a die roll awaited first).
func raceTable(t *testing.T) (*Session, Credentials) {
	t.Helper()
	st := openStore(t, t.TempDir())
	m, err := NewManager(nil, st, []engine.Rules{racetoten.Rules()}, ManagerOpts{Now: newClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { m.Close(); st.Close() })
	seed := uint64(1)
	s, cred, err := m.Create(bg, CreateRequest{Rules: racetoten.Name, Seed: &seed,
		Setup:   json.RawMessage(`{"players":[{"name":"Ann","colour":"red"},{"name":"Bob","colour":"blue"}]}`),
		Players: []PlayerInfo{{Name: "Ann", Colour: "red", Seat: 0}, {Name: "Bob", Colour: "blue", Seat: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	if got := m.Rules(); len(got) != 1 || got[0].Name() != racetoten.Name {
		t.Fatalf("Rules() = %v", got)
	}
	return s, cred
}

func die(face string) CameraRead {
	return CameraRead{Input: &engine.TableInput{Kind: "dice", Seat: engine.NoSeat, Dice: []engine.DieRead{{Die: "white", Face: face}}}}
}

func TestReadsFollowWhatTheGameAwaits(t *testing.T) {
	s, cred := raceTable(t)
	host := Access{Viewer: engine.Public, Host: true}
	_ = cred
	snap := s.View(engine.Public)
	if len(snap.Expects) != 1 || snap.Expects[0].Kind != "dice" || snap.Expects[0].ID != "r1" {
		t.Fatalf("the snapshot should say the start die is awaited: %+v", snap.Expects)
	}
	ch, cancel := s.Subscribe(engine.Public, 0)
	defer cancel()

	// Cubes are not awaited: only a refusal the caller turns into a notice.
	if _, err := s.Propose(bg, CameraRead{Input: &engine.TableInput{Kind: "cubes", Seat: engine.NoSeat}}, -1); !errors.Is(err, ErrNotAwaited) {
		t.Fatalf("cubes while a die is awaited: %v", err)
	}
	first, err := s.Propose(bg, die("2"), -1)
	if err != nil {
		t.Fatal(err)
	}
	if first.Expect != "r1" || first.Said != "the white die shows 2" || first.Input.Kind != "dice" || !strings.Contains(string(first.Action), `"request":"r1"`) {
		t.Fatalf("proposal %+v", first)
	}
	if u := waitNotice(t, ch, NoticeProposedRead); u.Notice.Text != "The white die shows 2: confirm or correct the read." {
		t.Errorf("notice %q", u.Notice.Text)
	}
	// A second read of the same roll replaces the first.
	second, err := s.Propose(bg, die("3"), -1)
	if err != nil {
		t.Fatal(err)
	}
	if u := waitNotice(t, ch, NoticeReadResolved); u.Notice.Read.ID != first.ID {
		t.Errorf("the replaced read: %+v", u.Notice)
	}
	if ps := s.Proposals(); len(ps) != 1 || ps[0].ID != second.ID {
		t.Fatalf("proposals %+v", ps)
	}
	// A watching screen may not dismiss; a player may.
	if err := s.DismissRead(Access{Viewer: engine.Public}, second.ID); !errors.Is(err, ErrForbidden) {
		t.Errorf("watcher dismissed: %v", err)
	}
	if err := s.DismissRead(Access{Viewer: engine.PlayerViewer(1)}, second.ID); err != nil {
		t.Fatal(err)
	}
	if u := waitNotice(t, ch, NoticeReadResolved); u.Notice.Text != "The read was dismissed." || len(s.Proposals()) != 0 {
		t.Errorf("dismissed: %+v, left %d", u.Notice, len(s.Proposals()))
	}
	if err := s.DismissRead(host, second.ID); !errors.Is(err, ErrNotFound) {
		t.Errorf("dismissed twice: %v", err)
	}

	// A read whose step passes by hand (a digital roll) goes away.
	stale, err := s.Propose(bg, die("5"), -1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.Submit(bg, Submission{Access: host, BaseVersion: 0, Action: json.RawMessage(`{"type":"roll","seat":-1,"request":"r1","digital":true}`)}); err != nil {
		t.Fatal(err)
	}
	u := waitNotice(t, ch, NoticeReadResolved)
	if u.Notice.Read.ID != stale.ID || !strings.Contains(u.Notice.Text, "passed") || len(s.Proposals()) != 0 {
		t.Errorf("stale read: %+v, left %d", u.Notice, len(s.Proposals()))
	}
	if snap := s.View(engine.Public); len(snap.Expects) != 0 || snap.Expects == nil {
		t.Errorf("nothing is awaited after the roll: %#v", snap.Expects)
	}
	if _, err := s.Propose(bg, die("5"), -1); !errors.Is(err, ErrNotAwaited) {
		t.Errorf("a die after the roll: %v", err)
	}
}

func TestConfirmedReadResolvesOnce(t *testing.T) {
	s, _ := raceTable(t)
	ch, cancel := s.Subscribe(engine.Public, 0)
	defer cancel()
	p, err := s.Propose(bg, die("4"), -1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := s.ConfirmRead(bg, Access{Viewer: engine.PlayerViewer(0)}, p.ID, 0); err != nil {
		t.Fatal(err)
	}
	u := waitNotice(t, ch, NoticeReadResolved)
	if u.Notice.Text != "The read was confirmed." {
		t.Errorf("the confirmed read was resolved as %q", u.Notice.Text)
	}
	var v racetoten.View
	if err := json.Unmarshal(s.View(engine.Public).View, &v); err != nil || v.Turn != 1 {
		t.Errorf("a 4 with two players gives Bob the first turn: %+v %v", v, err)
	}
	select {
	case u := <-ch:
		if u.Notice != nil && u.Notice.Kind == NoticeReadResolved {
			t.Errorf("a second read-resolved notice: %+v", u.Notice)
		}
	default:
	}
}

func TestButtonsThroughTheKit(t *testing.T) {
	s, _ := raceTable(t)
	if _, err := s.Submit(bg, Submission{Access: Access{Viewer: engine.Public, Host: true}, Action: json.RawMessage(`{"type":"roll","seat":-1,"request":"r1","faces":["1"]}`)}); err != nil {
		t.Fatal(err)
	}
	dev := &fakeDevices{events: make(chan DeviceEvent)}
	detach := s.Attach(bg, Hardware{Devices: dev})
	defer detach()
	ch, cancel := s.Subscribe(engine.Public, 1)
	defer cancel()
	dev.events <- DeviceEvent{Kind: ButtonPressed, Seat: 0, Long: true}
	if u := waitVersion(t, ch, 2); len(u.Events) != 1 || u.Events[0].Text != "Ann added 3: the counter is at 3" {
		t.Errorf("Ann's long press: %+v", u.Events)
	}
}

func TestHardwareServesTheChosenTable(t *testing.T) {
	st := openStore(t, t.TempDir())
	m, err := NewManager(nil, st, []engine.Rules{racetoten.Rules()}, ManagerOpts{Now: newClock().Now})
	if err != nil {
		t.Fatal(err)
	}
	defer func() { m.Close(); st.Close() }()
	create := func() *Session {
		s, _, err := m.Create(bg, CreateRequest{Rules: racetoten.Name,
			Setup:   json.RawMessage(`{"players":[{"name":"Ann"},{"name":"Bob"}]}`),
			Players: []PlayerInfo{{Name: "Ann", Colour: "red", Seat: 0}, {Name: "Bob", Colour: "blue", Seat: 1}}})
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	a := create()
	dev := &fakeDevices{events: make(chan DeviceEvent)}
	var adapted []string
	sw := NewHardwareSwitch(bg, m, Hardware{Devices: dev}, func(hw Hardware, ps []PlayerInfo) Hardware {
		adapted = append(adapted, ps[0].Name)
		return hw
	})
	if sw.Table() != "" {
		t.Fatal("the hardware serves a table nobody chose")
	}
	if err := sw.Use(bg, a.ID()); err != nil {
		t.Fatal(err)
	}
	b := create()
	if sw.Table() != a.ID() {
		t.Fatalf("a new table took the hardware: serves %q", sw.Table())
	}
	ch, cancel := a.Subscribe(engine.Public, 0)
	defer cancel()
	dev.events <- DeviceEvent{Kind: ButtonPressed, Seat: 1}
	waitNotice(t, ch, NoticeButton)
	chB, cancelB := b.Subscribe(engine.Public, 0)
	defer cancelB()
	if err := sw.Use(bg, b.ID()); err != nil || sw.Table() != b.ID() || len(adapted) != 2 {
		t.Fatalf("use b: %v, serves %q, adapted %v", err, sw.Table(), adapted)
	}
	// Both tables' screens hear of it on their update stream.
	if n := waitNotice(t, ch, NoticeHardware).Notice; n.Text != "The tower and camera went to another table." {
		t.Errorf("the table left says %q", n.Text)
	}
	if n := waitNotice(t, chB, NoticeHardware).Notice; n.Text != "The tower and camera serve this table now." {
		t.Errorf("the table chosen says %q", n.Text)
	}
	sw.Release(a.ID())
	if sw.Table() != b.ID() {
		t.Fatal("releasing another table released this one")
	}
	sw.Release(b.ID())
	if sw.Table() != "" {
		t.Fatal("still serving after release")
	}
	if n := waitNotice(t, chB, NoticeHardware).Notice; n.Text != "The tower and camera serve no table now." {
		t.Errorf("the table released says %q", n.Text)
	}
	if err := sw.Use(bg, "no-such-table"); !errors.Is(err, ErrNotFound) {
		t.Errorf("unknown table: %v", err)
	}
}
