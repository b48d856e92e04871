package companion

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/engine"
)

func TestSubmitIsStoredAndReplayedAfterRestart(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	tt.must(tablet, add(0, 3))
	tt.must(tt.player(1), hide(1, 4, "under the map"))
	tt.must(tt.player(1), add(1, 5))
	tt.must(tablet, read(7))
	if got := tt.counter(); got != 3+5 {
		t.Fatalf("counter = %d, want 8", got)
	}
	before := map[engine.Viewer]Snapshot{}
	for _, v := range []engine.Viewer{engine.Public, engine.PlayerViewer(0), engine.PlayerViewer(1)} {
		before[v] = tt.s.View(v)
	}
	snap1, _ := tt.s.game.Snapshot()
	hist := mustJSON(t, tt.s.History(engine.Public))

	tt.restart()

	for v, want := range before {
		if got := tt.s.View(v); mustJSON(t, got) != mustJSON(t, want) {
			t.Errorf("after restart the view of %s differs:\n got %s\nwant %s", v.Seat, mustJSON(t, got), mustJSON(t, want))
		}
	}
	snap2, _ := tt.s.game.Snapshot()
	if !bytes.Equal(snap1, snap2) {
		t.Errorf("after restart the game state differs:\n got %s\nwant %s", snap2, snap1)
	}
	if got := mustJSON(t, tt.s.History(engine.Public)); got != hist {
		t.Errorf("after restart the history differs:\n got %s\nwant %s", got, hist)
	}
	// The table goes on where it stopped.
	if r := tt.must(tablet, add(0, 1)); r.Version != 5 {
		t.Errorf("first action after restart has version %d, want 5", r.Version)
	}
}

func TestRefusedActionsChangeNothing(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	tt.must(tablet, add(0, 2))
	cases := []struct {
		name string
		a    Access
		sub  Submission
		want error
	}{
		{"not JSON", tablet, Submission{Action: json.RawMessage(`{"type":`)}, engine.ErrMalformed},
		{"unknown type", tablet, Submission{Action: json.RawMessage(`{"type":"fly","seat":0}`)}, engine.ErrMalformed},
		{"unknown field", tablet, Submission{Action: json.RawMessage(`{"type":"add","seat":1,"n":2,"extra":1}`)}, engine.ErrMalformed},
		{"stale view", tablet, Submission{Action: add(1, 2), BaseVersion: 0}, engine.ErrStale},
		{"view from the future", tablet, Submission{Action: add(1, 2), BaseVersion: 9}, engine.ErrStale},
		{"illegal: out of range", tablet, Submission{Action: add(1, 11), BaseVersion: 1}, engine.ErrIllegal},
		{"illegal: not your turn (host may try, rules refuse)", Access{Viewer: engine.Public, Host: true}, Submission{Action: add(0, 1), BaseVersion: 1}, engine.ErrNotYourTurn},
		{"player acting for another seat", Access{Viewer: engine.PlayerViewer(0)}, Submission{Action: add(1, 1), BaseVersion: 1}, ErrForbidden},
		{"tablet acting for a seat not to act", tablet, Submission{Action: hide(0, 1, "x"), BaseVersion: 1}, ErrForbidden},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.sub.Access = c.a
			before := tt.s.View(engine.Public)
			_, err := tt.s.Submit(bg, c.sub)
			if !errors.Is(err, c.want) {
				t.Fatalf("got %v, want %v", err, c.want)
			}
			if after := tt.s.View(engine.Public); mustJSON(t, after) != mustJSON(t, before) {
				t.Errorf("a refused action changed the table:\n got %s\nwant %s", mustJSON(t, after), mustJSON(t, before))
			}
			es, _ := tt.st.Entries(bg, tt.s.ID())
			if len(es) != 1 {
				t.Errorf("a refused action reached the store: %d entries, want 1", len(es))
			}
		})
	}
	if re, ok := engine.AsRuleError(func() error { _, err := tt.submit(tablet, add(1, 0)); return err }()); !ok || re.Code != "add-range" || re.Page != 4 {
		t.Errorf("the rule's refusal should reach the caller with code and page, got %v", re)
	}
}

func TestRepeatedKeyIsAppliedOnce(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	sub := Submission{Access: tablet, Action: add(0, 4), Key: "tap-1", Source: "tablet"}
	first, err := tt.s.Submit(bg, sub)
	if err != nil {
		t.Fatal(err)
	}
	// The tablet did not hear back and sends the same tap again, with the
	// version it had then: it gets the original result, nothing is applied.
	again, err := tt.s.Submit(bg, sub)
	if err != nil {
		t.Fatalf("repeat: %v", err)
	}
	if !again.Repeated || again.Version != first.Version || mustJSON(t, again.Events) != mustJSON(t, first.Events) {
		t.Errorf("repeat = %+v, want the original %+v marked Repeated", again, first)
	}
	if c := tt.counter(); c != 4 {
		t.Errorf("counter = %d after a repeated key, want 4 (applied once)", c)
	}
	tt.restart()
	again, err = tt.s.Submit(bg, sub)
	if err != nil || !again.Repeated || again.Version != 1 {
		t.Errorf("repeat after restart = %+v, %v; want the original result", again, err)
	}
	if c := tt.counter(); c != 4 {
		t.Errorf("counter = %d after restart and repeat, want 4", c)
	}
}

func TestConcurrentSubmitsOneWinnerPerVersion(t *testing.T) {
	tt := newTestTable(t, 1, ManagerOpts{})
	const devices, rounds = 2, 10
	var wins [rounds + 1]int
	var mu sync.Mutex
	for round := 0; round < rounds; round++ {
		base := tt.s.Version()
		var wg sync.WaitGroup
		for d := 0; d < devices; d++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := tt.s.Submit(bg, Submission{Access: tablet, Action: add(0, 1), BaseVersion: base, Key: fmt.Sprintf("dev%d-round%d", d, round)})
				switch {
				case err == nil:
					mu.Lock()
					wins[r.Version]++
					mu.Unlock()
				case errors.Is(err, engine.ErrStale):
				default:
					t.Errorf("device %d: %v", d, err)
				}
			}()
		}
		wg.Wait()
	}
	for v := 1; v <= rounds; v++ {
		if wins[v] != 1 {
			t.Errorf("version %d won by %d devices, want exactly 1", v, wins[v])
		}
	}
	if c := tt.counter(); c != rounds {
		t.Errorf("counter = %d, want %d (one add per version)", c, rounds)
	}
}

func TestAuthenticate(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	if len(tt.cred.HostToken) < 32 {
		t.Errorf("host token %q is too short to be secret", tt.cred.HostToken)
	}
	if len(tt.cred.PINs) != 2 || tt.cred.PINs[0] == tt.cred.PINs[1] {
		t.Errorf("PINs %v: want two different ones", tt.cred.PINs)
	}
	for seat, pin := range tt.cred.PINs {
		if len(pin) != PINDigits || strings.Trim(pin, "0123456789") != "" {
			t.Errorf("PIN of %s = %q, want %d digits", seat, pin, PINDigits)
		}
	}
	rec, _ := tt.st.Table(bg, tt.s.ID())
	raw := mustJSON(t, rec)
	for _, secret := range []string{tt.cred.HostToken, tt.cred.PINs[0], tt.cred.PINs[1]} {
		if strings.Contains(raw, secret) || bytes.Contains(rec.HostTokenHash, []byte(secret)) {
			t.Errorf("the store keeps the secret %q in clear", secret)
		}
	}

	if a := tt.host(); !a.Host || !a.Viewer.IsPublic() {
		t.Errorf("host access = %+v", a)
	}
	if a := tt.player(1); a.Host || a.Viewer.Seat != 1 {
		t.Errorf("PIN of seat 2 gave %+v", a)
	}
	if a, err := tt.s.Authenticate("", ""); err != nil || a.Host || !a.Viewer.IsPublic() {
		t.Errorf("no credentials = %+v, %v; want the public viewer", a, err)
	}
	if _, err := tt.s.Authenticate("not-the-token", ""); !errors.Is(err, ErrForbidden) {
		t.Errorf("wrong host token: %v, want ErrForbidden", err)
	}

	wrong := "0000"
	for wrong == tt.cred.PINs[0] || wrong == tt.cred.PINs[1] {
		wrong = fmt.Sprintf("%04d", (len(wrong)+7)%10000)
	}
	for i := 0; i < pinAttempts; i++ {
		if _, err := tt.s.Authenticate("", wrong); !errors.Is(err, ErrForbidden) || errors.Is(err, ErrTooManyAttempts) {
			t.Fatalf("wrong PIN %d: %v, want ErrForbidden", i+1, err)
		}
	}
	// Now even the right PIN is refused for a while: guessing is too slow.
	if _, err := tt.s.Authenticate("", tt.cred.PINs[0]); !errors.Is(err, ErrTooManyAttempts) || !errors.Is(err, ErrForbidden) {
		t.Errorf("right PIN during lockout: %v, want ErrTooManyAttempts", err)
	}
	tt.clock.Advance(pinLockout + time.Second)
	if a, err := tt.s.Authenticate("", tt.cred.PINs[0]); err != nil || a.Viewer.Seat != 0 {
		t.Errorf("right PIN after the lockout: %+v, %v", a, err)
	}
	// The host token is long and random: it is not rate limited.
	if a := tt.host(); !a.Host {
		t.Error("host lost access")
	}
}

func TestSecretsNeverReachAnotherViewer(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	const secret = "SECRET-behind-the-lantern"
	viewers := []engine.Viewer{engine.Public, engine.PlayerViewer(0), engine.PlayerViewer(1)}
	subs := map[engine.Viewer]<-chan Update{}
	for _, v := range viewers {
		ch, cancel := tt.s.Subscribe(v, 0)
		defer cancel()
		subs[v] = ch
	}
	tt.must(tablet, add(0, 1))
	res := tt.must(tt.player(1), hide(1, 9, secret))
	if !strings.Contains(mustJSON(t, res), secret) {
		t.Errorf("the player who hid the coins should read their secret in the result: %s", mustJSON(t, res))
	}
	tt.must(tt.player(1), add(1, 2))
	tt.must(tablet, read(3))

	seen := map[engine.Viewer]string{}
	for v, ch := range subs {
		for i := 0; i < 4; i++ {
			select {
			case u := <-ch:
				seen[v] += mustJSON(t, u)
			case <-time.After(time.Second):
				t.Fatalf("%s got only %d updates", v.Seat, i)
			}
		}
	}
	if !strings.Contains(seen[engine.PlayerViewer(1)], secret) {
		t.Error("the owner's updates should carry their own secret")
	}
	for _, v := range []engine.Viewer{engine.Public, engine.PlayerViewer(0)} {
		if strings.Contains(seen[v], secret) {
			t.Errorf("updates of %s leak the secret", v.Seat)
		}
		if !strings.Contains(seen[v], "hid coins in their chest") {
			t.Errorf("updates of %s should say that coins were hidden", v.Seat)
		}
		assertNoSecret(t, "History("+v.Seat.String()+")", tt.s.History(v), secret)
		for ver := uint64(0); ver <= tt.s.Version(); ver++ {
			snap, err := tt.s.ViewAt(ver, v)
			if err != nil {
				t.Fatal(err)
			}
			assertNoSecret(t, fmt.Sprintf("ViewAt(%d, %s)", ver, v.Seat), snap, secret)
		}
		ch, cancel := tt.s.Subscribe(v, 0)
		assertNoSecret(t, "catch-up of "+v.Seat.String(), <-ch, secret)
		cancel()
		a := Access{Viewer: v}
		exp, err := tt.s.Export(a, ExportJSON)
		if err != nil {
			t.Fatal(err)
		}
		assertNoSecret(t, "json export for "+v.Seat.String(), json.RawMessage(exp), secret)
	}
	// The host sees the public table: the host is usually a player too.
	exp, _ := tt.s.Export(tt.host(), ExportJSON)
	assertNoSecret(t, "json export for the host during the game", json.RawMessage(exp), secret)
	if h := mustJSON(t, tt.s.History(engine.PlayerViewer(1))); !strings.Contains(h, secret) {
		t.Error("the owner's history should show their own secret")
	}

	// Undo of the player's next secret: the undo result and its updates
	// only name a private action.
	tt.must(tt.player(0), hide(0, 2, "SECRET-two"))
	undo, err := tt.s.Undo(bg, tt.host())
	if err != nil {
		t.Fatal(err)
	}
	assertNoSecret(t, "the undo result", undo, "SECRET-two")
	for _, v := range []engine.Viewer{engine.Public, engine.PlayerViewer(1)} {
		assertNoSecret(t, "History after undo", tt.s.History(v), "SECRET-two")
		for u := range drain(subs[v]) {
			assertNoSecret(t, "update after undo for "+v.Seat.String(), u, "SECRET-two")
		}
	}
}

// drain yields the updates already waiting on ch.
func drain(ch <-chan Update) func(func(Update) bool) {
	return func(yield func(Update) bool) {
		for {
			select {
			case u, ok := <-ch:
				if !ok || !yield(u) {
					return
				}
			default:
				return
			}
		}
	}
}

func TestUndo(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	if _, err := tt.s.Undo(bg, tt.host()); !errors.Is(err, ErrNothingToUndo) {
		t.Errorf("undo on a new table: %v, want ErrNothingToUndo", err)
	}
	tt.must(tablet, add(0, 2))
	tt.must(tablet, read(5)) // a fact of the table
	tt.must(tablet, add(1, 3))
	if _, err := tt.s.Undo(bg, tt.player(0)); !errors.Is(err, ErrForbidden) {
		t.Errorf("undo by a player: %v, want ErrForbidden", err)
	}
	if _, err := tt.s.Undo(bg, tablet); !errors.Is(err, ErrForbidden) {
		t.Errorf("undo by the tablet: %v, want ErrForbidden", err)
	}
	res, err := tt.s.Undo(bg, tt.host())
	if err != nil {
		t.Fatal(err)
	}
	if res.Version != 4 || tt.counter() != 2 {
		t.Errorf("after undo: version %d, counter %d; want 4, 2", res.Version, tt.counter())
	}
	if len(res.Events) != 1 || res.Events[0].Type != "undone" {
		t.Errorf("undo events = %+v", res.Events)
	}
	// Seat 2's turn again: the undone add is taken back, turn included.
	if _, err := tt.submit(tablet, add(0, 1)); !errors.Is(err, ErrForbidden) && !errors.Is(err, engine.ErrNotYourTurn) {
		t.Errorf("after undo it should be seat 2's turn again, got %v", err)
	}
	// The read before it is a fact: undo stops there.
	if _, err := tt.s.Undo(bg, tt.host()); !errors.Is(err, ErrUndoPastFact) {
		t.Errorf("undo of a read: %v, want ErrUndoPastFact", err)
	}
	// A double tap: the second undo is made on the old version and refused.
	tt.must(tablet, add(1, 4))
	v := tt.s.Version()
	if _, err := tt.s.UndoAt(bg, tt.host(), v); err != nil {
		t.Fatal(err)
	}
	if _, err := tt.s.UndoAt(bg, tt.host(), v); !errors.Is(err, engine.ErrStale) {
		t.Errorf("second tap of undo: %v, want ErrStale", err)
	}

	h := tt.s.History(engine.Public)
	if len(h) != 6 {
		t.Fatalf("history has %d entries, want 6 (4 actions, 2 undos)", len(h))
	}
	if !h[2].Undone || h[2].UndoneBy != 4 || h[3].Kind != "undo" || h[3].Target != 3 || h[1].Undone || h[0].Undone {
		t.Errorf("history does not mark the undone entries:\n%s", mustJSON(t, h))
	}
	want := tt.s.View(engine.Public)
	tt.restart()
	if got := tt.s.View(engine.Public); mustJSON(t, got) != mustJSON(t, want) {
		t.Errorf("undo not kept over a restart:\n got %s\nwant %s", mustJSON(t, got), mustJSON(t, want))
	}
	if h := tt.s.History(engine.Public); !h[2].Undone || !h[4].Undone {
		t.Error("after restart the undone entries are no longer marked")
	}
}

func TestCorrectRecordsTheReason(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	tt.must(tablet, read(5))
	tt.must(tablet, add(0, 2))
	if _, err := tt.s.Correct(bg, tablet, Submission{Action: read(6), BaseVersion: 2, Corrects: 1}, "  "); !errors.Is(err, engine.ErrMalformed) {
		t.Errorf("correction without a reason: %v, want ErrMalformed", err)
	}
	res, err := tt.s.Correct(bg, tablet, Submission{Action: read(6), BaseVersion: 2, Corrects: 1}, "one cube had rolled under the rim")
	if err != nil {
		t.Fatal(err)
	}
	if res.Version != 3 || res.Events[0].Type != "corrected" {
		t.Errorf("correction result = %+v", res)
	}
	var v toyView
	json.Unmarshal(tt.s.View(engine.Public).View, &v)
	if len(v.Reads) != 1 || v.Reads[0] != 6 || v.Counter != 2 {
		t.Errorf("after correcting the read: reads %v counter %d; want [6] and the later add kept (2)", v.Reads, v.Counter)
	}
	h := tt.s.History(engine.Public)
	if h[2].Kind != "correction" || h[2].Correction != "one cube had rolled under the rim" || h[2].Target != 1 {
		t.Errorf("the correction is not in the audit trail: %s", mustJSON(t, h[2]))
	}
	if h[0].Undone || !strings.Contains(string(h[0].Action), `"cubes":5`) {
		t.Errorf("the original read must stay in the log as it was: %s", mustJSON(t, h[0]))
	}
	// A corrected read is still a fact: undo does not pass it.
	tt.s.Undo(bg, tt.host()) // takes back the add
	if _, err := tt.s.Undo(bg, tt.host()); !errors.Is(err, ErrUndoPastFact) {
		t.Errorf("undo of a corrected read: %v, want ErrUndoPastFact", err)
	}
	// A correction that would make a later action illegal is refused.
	tt.must(tablet, add(0, 1))
	if _, err := tt.s.Correct(bg, tt.host(), Submission{Action: add(1, 1), BaseVersion: tt.s.Version(), Corrects: 1}, "wrong"); !errors.Is(err, engine.ErrIllegal) {
		t.Errorf("a correction breaking a later action: %v, want ErrIllegal", err)
	}
	if _, err := tt.s.Correct(bg, tt.host(), Submission{Action: read(1), BaseVersion: tt.s.Version(), Corrects: 2}, "undone one"); !errors.Is(err, ErrNotFound) {
		t.Errorf("correcting an undone entry: %v, want ErrNotFound", err)
	}
	want := mustJSON(t, tt.s.View(engine.Public))
	tt.restart()
	if got := mustJSON(t, tt.s.View(engine.Public)); got != want {
		t.Errorf("correction not kept over a restart:\n got %s\nwant %s", got, want)
	}
}

func TestRulesPanicDoesNotTakeTheTableDown(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	tt.must(tablet, add(0, 2))
	_, err := tt.submit(tablet, json.RawMessage(`{"type":"boom","seat":-1}`))
	if !errors.Is(err, errRulesFailed) {
		t.Fatalf("a panicking rule: %v, want errRulesFailed", err)
	}
	if c, v := tt.counter(), tt.s.Version(); c != 2 || v != 1 {
		t.Errorf("after the rules panicked: counter %d version %d, want 2, 1 (the half-made change undone)", c, v)
	}
	tt.must(tablet, add(1, 1))
}

func TestWhoMayCorrectWhat(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	tt.must(tablet, add(0, 2))
	tt.must(tablet, read(3))
	ben := tt.player(1)
	if _, err := tt.s.Submit(bg, Submission{Access: ben, Action: read(4), BaseVersion: 2, Corrects: 2}); !errors.Is(err, engine.ErrMalformed) {
		t.Errorf("Submit with corrects: %v, want ErrMalformed (a correction needs a reason)", err)
	}
	// Seat 2 may not rewrite seat 1's move...
	if _, err := tt.s.Correct(bg, ben, Submission{Action: add(0, 3), BaseVersion: 2, Corrects: 1}, "misclick"); !errors.Is(err, ErrForbidden) {
		t.Errorf("a player rewriting another's action: %v, want ErrForbidden", err)
	}
	// ...nor their own: rewriting history is the host's.
	tt.must(ben, add(1, 1))
	if _, err := tt.s.Correct(bg, ben, Submission{Action: add(1, 2), BaseVersion: 3, Corrects: 3}, "misclick"); !errors.Is(err, ErrForbidden) {
		t.Errorf("a player rewriting their own action: %v, want ErrForbidden", err)
	}
	// Everyone sees the cubes: any player may correct a read.
	if _, err := tt.s.Correct(bg, ben, Submission{Action: read(4), BaseVersion: 3, Corrects: 2}, "a cube hid behind the mast"); err != nil {
		t.Errorf("a player correcting a read: %v", err)
	}
	if _, err := tt.s.Correct(bg, tt.host(), Submission{Action: add(1, 2), BaseVersion: 4, Corrects: 3}, "misclick"); err != nil {
		t.Errorf("the host rewriting an action: %v", err)
	}
	if c := tt.counter(); c != 4 {
		t.Errorf("counter after the host's correction = %d, want 2+2", c)
	}
}

// Two servers on one database (here two processes' worth of managers on one
// SQLite file): the one that is behind refuses as stale and catches up.
func TestSecondServerCatchesUp(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	st2 := openStore(t, tt.dir)
	defer st2.Close()
	m2, _ := NewManager(nil, st2, []engine.Rules{newToyRules()}, ManagerOpts{})
	defer m2.Close()
	s2, err := m2.Get(bg, tt.s.ID())
	if err != nil {
		t.Fatal(err)
	}
	ch, cancel := s2.Subscribe(engine.Public, 0)
	defer cancel()
	tt.must(tablet, add(0, 4))
	tt.must(tablet, add(1, 1))
	// s2 has not heard of those two actions and believes it is at version 0.
	_, err = s2.Submit(bg, Submission{Access: tablet, Action: add(0, 2), BaseVersion: 0})
	if !errors.Is(err, engine.ErrStale) {
		t.Fatalf("submit on the server that is behind: %v, want ErrStale", err)
	}
	if got, want := mustJSON(t, s2.View(engine.Public)), mustJSON(t, tt.s.View(engine.Public)); got != want {
		t.Errorf("after catching up:\n got %s\nwant %s", got, want)
	}
	if u := waitVersion(t, ch, 2); len(u.Events) != 2 {
		t.Errorf("subscribers of the second server should get the missed events: %+v", u.Events)
	}
	if r, err := s2.Submit(bg, Submission{Access: tablet, Action: add(0, 2), BaseVersion: 2}); err != nil || r.Version != 3 {
		t.Errorf("retry after catching up: %+v, %v", r, err)
	}
}

func TestViewAtTravelsInTime(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	counters := []int{0}
	for i, n := range []int{3, 4, 5} {
		tt.must(tablet, add(i%2, n))
		counters = append(counters, tt.counter())
	}
	tt.s.Undo(bg, tt.host())
	counters = append(counters, tt.counter())
	for ver, want := range counters {
		snap, err := tt.s.ViewAt(uint64(ver), engine.Public)
		if err != nil {
			t.Fatal(err)
		}
		var v toyView
		json.Unmarshal(snap.View, &v)
		if v.Counter != want || snap.Version != uint64(ver) {
			t.Errorf("ViewAt(%d): counter %d version %d, want %d", ver, v.Counter, snap.Version, want)
		}
	}
	if _, err := tt.s.ViewAt(99, engine.Public); !errors.Is(err, ErrNotFound) {
		t.Errorf("ViewAt(99): %v, want ErrNotFound", err)
	}
}

func TestSubscribeCatchUpAndSlowSubscribers(t *testing.T) {
	tt := newTestTable(t, 1, ManagerOpts{SubscriberBuffer: 4})
	tt.must(tablet, add(0, 1))
	tt.must(tablet, add(0, 2))

	// A client that saw version 1 reconnects: it gets the current table and
	// the events it missed.
	ch, cancel := tt.s.Subscribe(engine.Public, 1)
	u := <-ch
	if u.Version != 2 || len(u.Events) != 1 || u.Events[0].Text != "seat 1 added 2" {
		t.Errorf("catch-up from 1 = version %d events %+v", u.Version, u.Events)
	}
	cancel()
	cancel() // twice is fine

	// Up to date: nothing until the next change.
	ch, cancel = tt.s.Subscribe(engine.Public, 2)
	defer cancel()
	select {
	case u := <-ch:
		t.Errorf("an up-to-date subscriber got %+v", u)
	default:
	}

	// A subscriber that never reads is dropped, and the table never waits.
	slow, cancelSlow := tt.s.Subscribe(engine.Public, 2)
	defer cancelSlow()
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < 10; i++ {
			tt.must(tablet, add(0, 1))
		}
	}()
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("a slow subscriber blocked the table")
	}
	n := 0
	for range slow {
		n++
	}
	if n != 4 {
		t.Errorf("slow subscriber got %d updates before being dropped, want its buffer (4)", n)
	}
}

func TestManagerListAndErrors(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	tt.must(tablet, add(0, 1))
	tt.must(tablet, json.RawMessage(`{"type":"finish","seat":-1}`))
	if _, err := tt.m.Get(bg, "nope"); !errors.Is(err, ErrNotFound) {
		t.Errorf("Get(nope): %v, want ErrNotFound", err)
	}
	seed := uint64(1)
	for name, req := range map[string]CreateRequest{
		"unknown rules": {Rules: "chess", Players: []PlayerInfo{{Name: "A"}}},
		"no players":    {Rules: "test-counter", Setup: json.RawMessage(`{"players":1}`)},
		"seats out of order": {Rules: "test-counter", Setup: json.RawMessage(`{"players":2}`),
			Players: []PlayerInfo{{Name: "A", Seat: 1}, {Name: "B", Seat: 0}}},
		"bad setup": {Rules: "test-counter", Setup: json.RawMessage(`{"players":0}`), Seed: &seed, Players: []PlayerInfo{{Name: "A"}}},
	} {
		if _, _, err := tt.m.Create(bg, req); !errors.Is(err, engine.ErrMalformed) {
			t.Errorf("%s: %v, want ErrMalformed", name, err)
		}
	}
	tt.restart()
	list, err := tt.m.List(bg)
	if err != nil || len(list) != 1 {
		t.Fatalf("List = %+v, %v", list, err)
	}
	if l := list[0]; !l.Over || l.Version != 2 || l.ID != tt.s.ID() || len(l.Players) != 2 || !l.Updated.After(l.Created) {
		t.Errorf("summary of a finished game = %+v", l)
	}
}

// failingStore refuses to append when told to.
type failingStore struct {
	store.Store
	mu   sync.Mutex
	fail bool
}

func (f *failingStore) Append(ctx context.Context, id string, e store.Entry) error {
	f.mu.Lock()
	fail := f.fail
	f.mu.Unlock()
	if fail {
		return errors.New("disk full (test)")
	}
	return f.Store.Append(ctx, id, e)
}

func TestFailedWriteIsNotApplied(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	fs := &failingStore{Store: tt.st}
	tt.m.st = fs
	tt.must(tablet, add(0, 1))
	ch, cancel := tt.s.Subscribe(engine.Public, 1)
	defer cancel()
	fs.fail = true
	if _, err := tt.submit(tablet, add(1, 5)); err == nil {
		t.Fatal("a failed write was acknowledged")
	}
	if _, err := tt.s.Undo(bg, tt.host()); err == nil {
		t.Fatal("a failed undo write was acknowledged")
	}
	select {
	case u := <-ch:
		t.Errorf("subscribers were told of an unsaved change: %+v", u)
	default:
	}
	if c, v := tt.counter(), tt.s.Version(); c != 1 || v != 1 {
		t.Errorf("after failed writes: counter %d version %d, want 1, 1", c, v)
	}
	fs.fail = false
	if r := tt.must(tablet, add(1, 5)); r.Version != 2 || tt.counter() != 6 {
		t.Errorf("after the disk recovers: %+v counter %d", r, tt.counter())
	}
}

// TestPINGuessingIsPerClient: the two ways PINs fell to an outsider. A
// player who alternated four wrong guesses with their own PIN was never
// locked out (a right PIN cleared the count), and a stranger's five wrong
// guesses locked every phone of the table out.
func TestPINGuessingIsPerClient(t *testing.T) {
	tt := newTestTable(t, 3, ManagerOpts{})
	wrong := "0000"
	for wrong == tt.cred.PINs[0] || wrong == tt.cred.PINs[1] || wrong == tt.cred.PINs[2] {
		wrong = fmt.Sprintf("%04d", (len(wrong)*7919+13)%10000)
	}
	// Ann's phone guesses, four at a time, between logins with her own PIN.
	locked := false
	for round := 0; round < 3 && !locked; round++ {
		for i := 0; i < 4; i++ {
			_, err := tt.s.AuthenticateFrom("10.0.0.5", "", wrong)
			if errors.Is(err, ErrTooManyAttempts) {
				locked = true
				break
			}
		}
		if _, err := tt.s.AuthenticateFrom("10.0.0.5", "", tt.cred.PINs[0]); errors.Is(err, ErrTooManyAttempts) {
			locked = true
		}
	}
	if !locked {
		t.Fatalf("a client alternating guesses with its own PIN was never locked out")
	}
	// Ben's phone and the tablet are not locked by Ann's guesses.
	if a, err := tt.s.AuthenticateFrom("10.0.0.6", "", tt.cred.PINs[1]); err != nil || a.Viewer.Seat != 1 {
		t.Errorf("another phone was locked out by one client's guesses: %v", err)
	}
	if _, err := tt.s.AuthenticateFrom("10.0.0.5", "", tt.cred.PINs[0]); !errors.Is(err, ErrTooManyAttempts) {
		t.Errorf("the guessing client must stay locked, even with a right PIN: %v", err)
	}
	// A stranger's five guesses lock only the stranger.
	for i := 0; i < pinAttempts; i++ {
		tt.s.AuthenticateFrom("10.0.0.99", "", wrong)
	}
	if _, err := tt.s.AuthenticateFrom("10.0.0.99", "", tt.cred.PINs[2]); !errors.Is(err, ErrTooManyAttempts) {
		t.Errorf("the stranger must be locked out: %v", err)
	}
	if a, err := tt.s.AuthenticateFrom("10.0.0.7", "", tt.cred.PINs[2]); err != nil || a.Viewer.Seat != 2 {
		t.Errorf("Cat's phone was locked out by a stranger: %v", err)
	}
	// Lockouts double: the second lockout of the same client is longer.
	tt.clock.Advance(pinLockout + time.Second)
	for i := 0; i < pinAttempts; i++ {
		tt.s.AuthenticateFrom("10.0.0.99", "", wrong)
	}
	tt.clock.Advance(pinLockout + time.Second)
	if _, err := tt.s.AuthenticateFrom("10.0.0.99", "", tt.cred.PINs[2]); !errors.Is(err, ErrTooManyAttempts) {
		t.Errorf("a second lockout must last longer than the first: %v", err)
	}
}

// TestKeyReusedForAnotherActionIsRefused: the same key with a different
// action used to answer "repeated" and drop the new action without a word.
func TestKeyReusedForAnotherActionIsRefused(t *testing.T) {
	tt := newTestTable(t, 2, ManagerOpts{})
	host := tt.host()
	first := Submission{Access: host, Action: json.RawMessage(`{"type":"add","seat":0,"n":2}`), Key: "k-1"}
	if _, err := tt.s.Submit(bg, first); err != nil {
		t.Fatal(err)
	}
	// The same action again (a retry) is the original result.
	first.BaseVersion = 0
	if r, err := tt.s.Submit(bg, first); err != nil || !r.Repeated {
		t.Fatalf("retry: %+v %v", r, err)
	}
	other := Submission{Access: host, Action: json.RawMessage(`{"type":"add","seat":1,"n":5}`), Key: "k-1", BaseVersion: 1}
	if _, err := tt.s.Submit(bg, other); !errors.Is(err, ErrKeyReused) {
		t.Fatalf("another action with a used key: %v, want ErrKeyReused", err)
	}
	if tt.counter() != 2 || tt.s.Version() != 1 {
		t.Errorf("the refused action changed the table: counter %d version %d", tt.counter(), tt.s.Version())
	}
}
