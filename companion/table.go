package companion

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/engine"
)

// MaxProposals is how many unconfirmed camera reads a table keeps; the
// oldest is forgotten first.
const MaxProposals = 8

// Propose records a camera read as a proposal a player must confirm,
// correct or dismiss; nothing changes in the game. A read with an Input is
// mapped by the game's kit to its action and sentence; it is proposed only
// while the game waits for that kind of input (engine.Waiting), and
// replaces an earlier proposal answering the same step. dropped is the drop
// sensor's count for the same drop (-1: the count of the last drop the
// attached devices reported, if any): when it differs from the cubes the
// camera saw, a count-mismatch notice is published too.
func (s *Session) Propose(ctx context.Context, r CameraRead, dropped int) (ProposedRead, error) {
	if r.Input == nil {
		if _, err := s.rules.DecodeAction(r.Action); err != nil {
			if !errors.Is(err, engine.ErrMalformed) {
				err = engine.Malformed("%v", err)
			}
			return ProposedRead{}, fmt.Errorf("the camera's read is not an action of %s: %w", s.rec.Rules, err)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return ProposedRead{}, ErrClosed
	}
	p := &ProposedRead{ID: randomID(), Cubes: r.Cubes, Source: "camera", Time: s.m.opts.Now().UTC(), BaseVersion: uint64(len(s.log))}
	kind := "cubes"
	if r.Input != nil {
		kind = r.Input.Kind
		p.Input = *r.Input
	} else {
		p.Input = engine.TableInput{Kind: kind, Seat: engine.NoSeat}
		p.Action = append(json.RawMessage(nil), r.Action...)
		p.Said = fmt.Sprintf("the camera read %d cubes", r.Cubes)
	}
	_, waits := s.game.(engine.Waiting)
	expect, awaited := s.awaited(kind)
	if waits && !awaited {
		return ProposedRead{}, fmt.Errorf("%w: the camera saw %d cubes, but no read is awaited now", ErrNotAwaited, r.Cubes)
	}
	p.Expect = expect
	if r.Input != nil {
		m, ok := s.rules.(engine.InputMapper)
		if !ok {
			return ProposedRead{}, fmt.Errorf("%w: the %s rules take no table input", ErrNotAwaited, s.rec.Rules)
		}
		action, said, ok := safeMapInput(m, s.game, *r.Input)
		if !ok {
			return ProposedRead{}, fmt.Errorf("%w: the camera saw %d cubes, but the game has no use for them now", ErrNotAwaited, r.Cubes)
		}
		p.Action, p.Said = action, said
	}
	if dropped < 0 {
		dropped = s.lastDrop // the count of the drop the attached tower saw last
	}
	s.lastDrop = -1 // one drop, one read
	p.Dropped = dropped
	s.uncounted = ""
	if dropped < 0 {
		// A camera that watches by itself may read before the tower
		// reports the end of the same drop: the count is attached then.
		s.uncounted = p.ID
	}
	if p.Expect != "" {
		// A newer read of the same step replaces the older ones.
		for _, old := range slices.Clone(s.proposals) {
			if old.Expect == p.Expect {
				s.resolved(old, "An older read was replaced by the camera's new one.")
			}
		}
	}
	s.proposals = append(s.proposals, p)
	if len(s.proposals) > MaxProposals {
		s.proposals = s.proposals[len(s.proposals)-MaxProposals:]
	}
	cp := *p
	s.publish(nil, &Notice{Kind: NoticeProposedRead, Seat: engine.NoSeat, Read: &cp, Count: max(dropped, 0), Seen: r.Cubes,
		Text: upperFirst(p.Said) + ": confirm or correct the read.", Time: p.Time})
	s.compareCount(&cp)
	return cp, nil
}

// ErrNotAwaited: the table reported an input the game does not wait for
// now; it is only a notice.
var ErrNotAwaited = errors.New("not awaited")

// awaited returns the id of the first input of kind the game waits for;
// ok false when the game says it waits for none. With s.mu held.
func (s *Session) awaited(kind string) (id string, ok bool) {
	for _, e := range s.expectsNow() {
		if e.Kind == kind {
			return e.ID, true
		}
	}
	return "", false
}

// expectsNow is what the game waits for now, cached per version. With s.mu
// held.
func (s *Session) expectsNow() []engine.Expect {
	v := uint64(len(s.log))
	if s.expects == nil || s.expectsAt != v {
		s.expects, s.expectsAt = expectsOf(s.game), v
	}
	return s.expects
}

// expectsOf asks a game what it waits for, treating a panic as nothing.
func expectsOf(g engine.Game) (out []engine.Expect) {
	out = []engine.Expect{}
	w, ok := g.(engine.Waiting)
	if !ok {
		return out
	}
	defer func() {
		if r := recover(); r != nil {
			out = []engine.Expect{}
		}
	}()
	if e := w.WaitingFor(); e != nil {
		out = e
	}
	return out
}

// safeMapInput runs the kit's input mapper, treating a panic as "no action".
func safeMapInput(m engine.InputMapper, g engine.Game, in engine.TableInput) (action json.RawMessage, said string, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			action, said, ok = nil, "", false
		}
	}()
	return m.MapInput(g, in)
}

// settleReads drops the proposals whose step has passed (the game no longer
// waits for their Expect) after a change, telling everyone. With s.mu held.
func (s *Session) settleReads() {
	if _, ok := s.game.(engine.Waiting); !ok || len(s.proposals) == 0 {
		return
	}
	waiting := map[string]bool{}
	for _, e := range s.expectsNow() {
		waiting[e.ID] = true
	}
	for _, p := range slices.Clone(s.proposals) {
		if !waiting[p.Expect] && s.resolving[p.ID] == 0 {
			s.resolved(p, "The step this read answered has passed.")
		}
	}
}

// resolved removes a proposal and publishes a read-resolved notice. With
// s.mu held.
func (s *Session) resolved(p *ProposedRead, text string) {
	s.proposals = slices.DeleteFunc(s.proposals, func(q *ProposedRead) bool { return q.ID == p.ID })
	if s.uncounted == p.ID {
		s.uncounted = ""
	}
	cp := *p
	s.publish(nil, &Notice{Kind: NoticeReadResolved, Seat: engine.NoSeat, Read: &cp, Time: s.m.opts.Now().UTC(), Text: text})
}

// DismissRead drops a proposed read nobody wants (a drop read twice, a
// hand in view): nothing changes in the game. A watching screen may not.
func (s *Session) DismissRead(a Access, id string) error {
	if !a.Host && a.Viewer.IsPublic() {
		return fmt.Errorf("%w: a watching screen only watches; dismiss the read on the host's tablet or a player's phone", ErrForbidden)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	p, ok := s.proposal(id)
	if !ok {
		return fmt.Errorf("%w: no proposed read %q (already resolved, or too old)", ErrNotFound, id)
	}
	s.resolved(p, "The read was dismissed.")
	return nil
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// compareCount publishes a count-mismatch notice when the tower's count of
// the proposal's drop differs from the cubes the camera saw. With s.mu held.
func (s *Session) compareCount(p *ProposedRead) {
	if p.Dropped >= 0 && p.Dropped != p.Cubes {
		s.publish(nil, &Notice{Kind: NoticeCountMismatch, Seat: engine.NoSeat, Count: p.Dropped, Seen: p.Cubes, Read: p, Time: s.m.opts.Now().UTC(),
			Text: fmt.Sprintf("The tower counted %s but the camera sees %d: check the board (a cube off the board, or two touching) before confirming.", cubes(p.Dropped), p.Cubes)})
	}
}

// countDrop takes the tower's count of a drop that has ended: the read of
// that drop, if the camera already made it, gets the count (and everyone
// the updated proposal); else the next read takes it. With s.mu held.
func (s *Session) countDrop(n int) {
	id := s.uncounted
	s.uncounted = ""
	if id == "" {
		s.lastDrop = n
		return
	}
	// The count is that read's, even if a player already resolved it.
	s.lastDrop = -1
	if p, ok := s.proposal(id); ok && p.Dropped < 0 {
		p.Dropped = n
		cp := *p
		s.publish(nil, &Notice{Kind: NoticeProposedRead, Seat: engine.NoSeat, Read: &cp, Count: n, Seen: p.Cubes, Time: s.m.opts.Now().UTC(),
			Text: fmt.Sprintf("The camera read %s and the tower counted %d: confirm or correct the read.", cubes(p.Cubes), n)})
		s.compareCount(&cp)
	}
}

// Proposals lists the camera reads waiting for a player, oldest first.
func (s *Session) Proposals() []ProposedRead {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]ProposedRead, len(s.proposals))
	for i, p := range s.proposals {
		out[i] = *p
	}
	return out
}

func readKey(id string) string { return "read:" + id }

// takeProposal finds a proposal; with s.mu held.
func (s *Session) proposal(id string) (*ProposedRead, bool) {
	for _, p := range s.proposals {
		if p.ID == id {
			return p, true
		}
	}
	return nil, false
}

func (s *Session) dropProposal(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.proposals = slices.DeleteFunc(s.proposals, func(p *ProposedRead) bool { return p.ID == id })
}

// ConfirmRead applies a proposed read as the camera made it. Confirming the
// same proposal twice returns the first result (its id is the idempotency
// key), so two players tapping "confirm" at once apply it once.
func (s *Session) ConfirmRead(ctx context.Context, a Access, id string, baseVersion uint64) (Result, error) {
	return s.resolveRead(ctx, Submission{Access: a, BaseVersion: baseVersion, Source: "camera"}, id, "")
}

// CorrectRead applies a read typed in by hand instead of the camera's
// proposal: it is recorded as a correction with the reason and the camera's
// proposal, in the audit trail. sub.Action is the corrected read action;
// sub.Key defaults to the proposal's key (a proposal is resolved once).
func (s *Session) CorrectRead(ctx context.Context, sub Submission, id string, reason string) (Result, error) {
	if sub.Source == "" {
		sub.Source = "hand"
	}
	return s.resolveRead(ctx, sub, id, reason)
}

func (s *Session) resolveRead(ctx context.Context, sub Submission, id, reason string) (Result, error) {
	if sub.Key == "" {
		sub.Key = readKey(id)
	}
	s.mu.Lock()
	if ver, ok := s.keys[sub.Key]; ok {
		r := Result{Version: ver, Events: engine.EventsFor(s.events[ver-1], sub.Access.Viewer), Repeated: true}
		s.mu.Unlock()
		return r, nil
	}
	p, ok := s.proposal(id)
	var cp ProposedRead
	if ok {
		cp = *p
		// Its own confirmation passes the step: it is resolved below, not
		// as a read whose step passed.
		s.resolving[id]++
		defer func() {
			s.mu.Lock()
			if s.resolving[id]--; s.resolving[id] <= 0 {
				delete(s.resolving, id)
			}
			s.mu.Unlock()
		}()
	}
	s.mu.Unlock()
	if !ok {
		return Result{}, fmt.Errorf("%w: no proposed read %q (already resolved, or too old)", ErrNotFound, id)
	}
	o := op{sub: sub, kind: store.KindAction}
	if reason != "" && len(sub.Action) == 0 {
		return Result{}, engine.Malformed("a read corrected by hand needs the corrected read")
	}
	if reason != "" || len(sub.Action) > 0 {
		if reason == "" {
			return Result{}, engine.Malformed("a read corrected by hand needs a reason (what the camera got wrong)")
		}
		if len(reason) > MaxReasonLength {
			return Result{}, engine.Malformed("the reason of a correction is at most %d characters", MaxReasonLength)
		}
		o.kind, o.reason, o.proposed = store.KindCorrection, reason, cp.Action
	} else {
		o.sub.Action = cp.Action
	}
	res, err := s.do(ctx, o)
	if err != nil {
		return res, err
	}
	s.dropProposal(id)
	s.mu.Lock()
	s.publish(nil, &Notice{Kind: NoticeReadResolved, Seat: engine.NoSeat, Read: &cp, Time: s.m.opts.Now().UTC(),
		Text: map[bool]string{true: "The read was corrected by hand.", false: "The read was confirmed."}[o.kind == store.KindCorrection]})
	s.mu.Unlock()
	return res, nil
}

// Attach connects the table's hardware: device events become notices (and
// actions, where hw.Map maps them), a camera that watches by itself
// (CameraWatcher) hands in one read per drop and hears of the drop sensor,
// any other camera is asked for a read when a drop ends; a read is only a
// proposal. Every change is shown on the devices' outputs.
// detach stops it all; closing the session detaches too.
func (s *Session) Attach(ctx context.Context, hw Hardware) (detach func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	status := make(chan Status, 1)
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		cancel()
		return func() {}
	}
	if hw.Devices != nil {
		s.status = status
		s.showStatus(nil, nil) // the outputs show the table from the start
	}
	stop := func() {
		cancel()
		<-done
	}
	s.detach = append(s.detach, stop)
	s.mu.Unlock()

	events := make(chan DeviceEvent, 16)
	go func() {
		defer close(done)
		var reports chan CameraReport // nil: no camera watching by itself
		if cw, ok := hw.Camera.(CameraWatcher); ok {
			reports = make(chan CameraReport, 4)
			go func() {
				if err := cw.Watch(ctx, reports); err != nil && ctx.Err() == nil {
					s.notice(&Notice{Kind: NoticeDeviceError, Seat: engine.NoSeat, Text: "The camera stopped watching the board: " + err.Error() + ". Enter the reads by hand."})
				}
			}()
		}
		if hw.Devices != nil {
			go func() {
				if err := hw.Devices.Watch(ctx, events); err != nil && ctx.Err() == nil {
					s.notice(&Notice{Kind: NoticeDeviceError, Seat: engine.NoSeat, Text: "The table's devices stopped: " + err.Error()})
				}
			}()
			go func() {
				for {
					select {
					case st := <-status:
						if err := hw.Devices.Show(st); err != nil {
							s.lg.Warn("devices cannot show the status", "err", err)
						}
					case <-ctx.Done():
						return
					}
				}
			}()
		}
		for {
			select {
			case <-ctx.Done():
				return
			case ev := <-events:
				s.device(ctx, hw, ev)
			case rep := <-reports:
				s.cameraReport(ctx, rep)
			}
		}
	}()
	return func() {
		s.mu.Lock()
		if s.status == status {
			s.status = nil
		}
		s.mu.Unlock()
		stop()
	}
}

// notice publishes a notice to every subscriber.
func (s *Session) notice(n *Notice) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closed {
		return
	}
	if n.Time.IsZero() {
		n.Time = s.m.opts.Now().UTC()
	}
	s.publish(nil, n)
}

// device handles one device event.
func (s *Session) device(ctx context.Context, hw Hardware, ev DeviceEvent) {
	if ev.Time.IsZero() {
		ev.Time = s.m.opts.Now().UTC()
	}
	seat := engine.NoSeat
	if ev.Kind == ButtonPressed && !ev.Host {
		seat = ev.Seat
	}
	n := &Notice{Kind: string(ev.Kind), Seat: seat, Long: ev.Long, Host: ev.Host, Count: ev.Count, Card: ev.Card, Time: ev.Time}
	switch ev.Kind {
	case DropStarted:
		n.Text = "Cubes are falling through the tower."
		s.mu.Lock()
		s.lastDrop, s.uncounted = -1, ""
		s.mu.Unlock()
		if cw, ok := hw.Camera.(CameraWatcher); ok {
			cw.DropStarted()
		}
	case DropEnded:
		n.Text = fmt.Sprintf("The tower counted %s.", cubes(ev.Count))
		if ev.Blocked {
			n.Text += " The beam is still blocked: a cube may be stuck in the tower."
		}
		s.mu.Lock()
		s.countDrop(ev.Count)
		s.mu.Unlock()
	case ButtonPressed:
		press := "pressed"
		if ev.Long {
			press = "held"
		}
		who := "The button of " + ev.Seat.String()
		if ev.Host {
			who = "The host's button"
		}
		n.Text = fmt.Sprintf("%s was %s.", who, press)
	case CardTapped:
		n.Text = fmt.Sprintf("Card %s was tapped on the reader.", ev.Card)
	case PartChanged:
		n.Kind, n.Text = NoticePart, ev.Text
	default:
		n.Kind, n.Text = NoticeDeviceError, fmt.Sprintf("Unknown device event %q.", ev.Kind)
	}
	s.notice(n)
	mapper, kit := s.rules.(engine.InputMapper)
	if hw.Map != nil || (kit && (ev.Kind == ButtonPressed || ev.Kind == CardTapped || ev.Kind == DropStarted)) {
		s.mu.Lock()
		var action json.RawMessage
		var ok bool
		if hw.Map != nil {
			action, ok = safeMap(hw.Map, s.game, ev)
		} else {
			in := engine.TableInput{Kind: "button", Seat: seat, Long: ev.Long, Host: ev.Host, Dropped: -1}
			switch ev.Kind {
			case CardTapped:
				in = engine.TableInput{Kind: "card", Seat: ev.Seat, Card: ev.Card, Dropped: -1}
			case DropStarted:
				// Cubes falling through the tower may start the step
				// that drops them (a battle's drop).
				in = engine.TableInput{Kind: "drop", Seat: engine.NoSeat, Dropped: -1}
			}
			action, _, ok = safeMapInput(mapper, s.game, in)
		}
		src := map[DeviceEventKind]string{ButtonPressed: "button", CardTapped: "rfid", DropStarted: "tower", DropEnded: "tower", PartChanged: "device"}[ev.Kind]
		s.mu.Unlock()
		if ok {
			sub := Submission{Access: Access{Viewer: engine.Public}, Action: action, Source: src}
			if _, err := s.do(ctx, op{sub: sub, kind: store.KindAction, device: true}); err != nil {
				s.notice(&Notice{Kind: NoticeActionRefused, Seat: ev.Seat, Text: "Not done: " + plain(err)})
			}
		}
	}
	if _, watches := hw.Camera.(CameraWatcher); ev.Kind == DropEnded && hw.Camera != nil && !watches {
		settle := hw.Settle
		if settle <= 0 {
			settle = DefaultSettle
		}
		select {
		case <-time.After(settle):
		case <-ctx.Done():
			return
		}
		rd, err := hw.Camera.Read(ctx)
		if err != nil {
			s.notice(&Notice{Kind: NoticeDeviceError, Seat: engine.NoSeat, Text: "The camera could not read the board: " + err.Error() + ". Enter the read by hand."})
			return
		}
		if _, err := s.Propose(ctx, rd, ev.Count); err != nil {
			s.notice(readRefusedNotice(err))
		}
	}
}

// cameraReport turns what a watching camera saw into a proposal, or into a
// notice asking for the read by hand.
func (s *Session) cameraReport(ctx context.Context, rep CameraReport) {
	if rep.Err != nil {
		s.notice(&Notice{Kind: NoticeDeviceError, Seat: engine.NoSeat, Text: "The camera could not read the board: " + rep.Err.Error() + ". Enter the read by hand."})
		return
	}
	if _, err := s.Propose(ctx, rep.Read, -1); err != nil {
		s.notice(readRefusedNotice(err))
	}
}

// readRefusedNotice tells the table why a camera read was not proposed: it
// was not awaited (only a notice), or it was not usable.
func readRefusedNotice(err error) *Notice {
	if errors.Is(err, ErrNotAwaited) {
		return &Notice{Kind: NoticeNotAwaited, Seat: engine.NoSeat, Text: upperFirst(strings.TrimPrefix(err.Error(), ErrNotAwaited.Error()+": ")) + "."}
	}
	return &Notice{Kind: NoticeDeviceError, Seat: engine.NoSeat, Text: "The camera's read was not usable: " + err.Error() + ". Enter the read by hand."}
}

// safeMap runs the rules' device map, treating a panic as "no action".
func safeMap(m DeviceMap, g engine.Game, ev DeviceEvent) (action json.RawMessage, ok bool) {
	defer func() {
		if r := recover(); r != nil {
			action, ok = nil, false
		}
	}()
	return m(g, ev)
}

// plain is an error's sentence for a notice: a rule refusal's own words.
func plain(err error) string {
	if re, ok := engine.AsRuleError(err); ok {
		if re.Page > 0 {
			return fmt.Sprintf("%s (rulebook p. %d)", re.Detail, re.Page)
		}
		return re.Detail
	}
	return err.Error()
}

// showStatus hands the latest status to the devices' output loop, replacing
// any not yet shown (the outputs only need the newest). With s.mu held.
func (s *Session) showStatus(evs []engine.Event, n *Notice) {
	if s.status == nil {
		return
	}
	st := Status{Table: s.rec.ID, Version: uint64(len(s.log)), Over: s.game.Over()}
	if tt, ok := s.game.(TurnTaker); ok {
		st.Active = tt.ActiveSeats()
	}
	if len(evs) > 0 {
		st.Line = evs[len(evs)-1].Text
	}
	if n != nil {
		st.Line = n.Text
		if n.Kind == NoticeCountMismatch || n.Kind == NoticeProposedRead || n.Kind == NoticeDeviceError {
			st.Alert = n.Text
		}
	}
	select {
	case <-s.status:
	default:
	}
	select {
	case s.status <- st:
	default:
	}
}

// cubes is a count of cubes in words: "1 cube", "3 cubes".
func cubes(n int) string {
	if n == 1 {
		return "1 cube"
	}
	return fmt.Sprintf("%d cubes", n)
}
