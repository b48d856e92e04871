package web

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"mime"
	"mime/multipart"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// socket is a test WebSocket client that collects every message it gets.
type socket struct {
	t    testing.TB
	conn *websocket.Conn
	msgs chan wsMessage
	raw  chan []byte
}

func (e *env) dial(table, query string) *socket {
	e.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/api/tables/" + table + "/ws?" + query
	c, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		e.t.Fatalf("dial %s: %v", url, err)
	}
	s := &socket{t: e.t, conn: c, msgs: make(chan wsMessage, 64), raw: make(chan []byte, 64)}
	go func() {
		defer close(s.msgs)
		for {
			_, b, err := c.Read(context.Background())
			if err != nil {
				return
			}
			var m wsMessage
			if json.Unmarshal(b, &m) == nil {
				s.raw <- b
				s.msgs <- m
			}
		}
	}()
	e.t.Cleanup(func() { c.CloseNow() })
	return s
}

// next returns the next message of the given type, skipping others.
func (s *socket) next(typ string) wsMessage {
	s.t.Helper()
	timeout := time.After(3 * time.Second)
	for {
		select {
		case m, ok := <-s.msgs:
			if !ok {
				s.t.Fatalf("socket closed while waiting for %q", typ)
			}
			<-s.raw
			if m.Type == typ {
				return m
			}
		case <-timeout:
			s.t.Fatalf("no %q message within 3 s", typ)
		}
	}
}

// viewAt waits for a view of at least version v.
func (s *socket) viewAt(v uint64) wsMessage {
	s.t.Helper()
	for {
		m := s.next("view")
		if m.Snapshot.Version >= v {
			return m
		}
	}
}

func TestWebSocketUpdatesAfterAction(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	tablet := e.dial(cr.Table, "since=0")
	if m := tablet.next("view"); m.Snapshot.Version != 0 {
		t.Fatalf("first view version %d", m.Snapshot.Version)
	}
	e.do("POST", "/api/tables/"+cr.Table+"/actions", `{"action":{"type":"add","seat":0,"n":4},"baseVersion":0}`)
	m := tablet.viewAt(1)
	if !strings.Contains(string(m.Snapshot.View), `"scores":[4,0]`) || len(m.Events) != 1 || m.Events[0].Text != "Seat 1 added 4" {
		t.Errorf("update: %s events %+v", m.Snapshot.View, m.Events)
	}
}

func TestWebSocketCatchUp(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	act := "/api/tables/" + cr.Table + "/actions"
	e.do("POST", act, `{"action":{"type":"add","seat":0,"n":1},"baseVersion":0}`)
	e.do("POST", act, `{"action":{"type":"add","seat":1,"n":2},"baseVersion":1}`)
	// A phone that saw version 1 reconnects: it gets version 2 at once.
	ph := e.dial(cr.Table, "since=1&pin="+cr.PINs[0])
	if m := ph.next("view"); m.Snapshot.Version != 2 || !strings.Contains(string(m.Snapshot.View), `"scores":[1,2]`) {
		t.Errorf("catch-up: version %d %s", m.Snapshot.Version, m.Snapshot.View)
	}
	// A client already up to date gets no stale view, only what follows.
	up := e.dial(cr.Table, "since=2")
	e.do("POST", act, `{"action":{"type":"add","seat":0,"n":3},"baseVersion":2}`)
	if m := up.next("view"); m.Snapshot.Version != 3 {
		t.Errorf("up-to-date client got version %d first", m.Snapshot.Version)
	}
}

// TestWebSocketPrivacy: a player's secret reaches their own socket and no
// other: not the tablet's, not the other player's, in no message.
func TestWebSocketPrivacy(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	ann := e.dial(cr.Table, "since=0&pin="+cr.PINs[0])
	ben := e.dial(cr.Table, "since=0&pin="+cr.PINs[1])
	tablet := e.dial(cr.Table, "since=0")
	hostTab := e.dial(cr.Table, "since=0&token="+cr.HostToken)
	e.do("POST", "/api/tables/"+cr.Table+"/actions", `{"action":{"type":"hide","seat":0,"coins":9},"baseVersion":0}`, pin(cr.PINs[0])...)
	// Undo, too, must not replay the secret to others.
	e.do("POST", "/api/tables/"+cr.Table+"/undo", "", host(cr.HostToken)...)

	collect := func(s *socket, upto uint64) []byte {
		var all bytes.Buffer
		for {
			select {
			case m := <-s.msgs:
				all.Write(<-s.raw)
				if m.Type == "view" && m.Snapshot.Version >= upto {
					return all.Bytes()
				}
			case <-time.After(3 * time.Second):
				t.Fatalf("no view of version %d", upto)
			}
		}
	}
	if b := collect(ann, 2); !bytes.Contains(b, []byte("SECRET-9")) {
		t.Errorf("Ann did not get her own secret: %s", b)
	}
	for name, s := range map[string]*socket{"Ben": ben, "tablet": tablet, "host tablet": hostTab} {
		if b := collect(s, 2); bytes.Contains(b, []byte("SECRET-9")) || bytes.Contains(b, []byte("coins\":9")) {
			t.Errorf("%s's socket received Ann's secret: %s", name, b)
		}
	}
}

func TestWebSocketRefusesWrongPIN(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/api/tables/" + cr.Table + "/ws?pin=0000"
	_, res, err := websocket.Dial(ctx, url, nil)
	if err == nil || res == nil || res.StatusCode != http.StatusForbidden {
		t.Fatalf("wrong PIN: err %v, response %+v", err, res)
	}
}

// TestPresence: the tablet learns when a phone connects and when it drops,
// well within 10 seconds.
func TestPresence(t *testing.T) {
	e := newEnv(t, Options{PingInterval: 100 * time.Millisecond})
	cr := e.create()
	tablet := e.dial(cr.Table, "since=0")
	p := tablet.next("presence").Presence
	if p.Public != 1 || len(p.Seats) != 0 {
		t.Fatalf("first presence %+v", p)
	}
	phone := e.dial(cr.Table, "since=0&pin="+cr.PINs[1])
	for p = tablet.next("presence").Presence; !p.Seats[1]; p = tablet.next("presence").Presence {
	}
	start := time.Now()
	phone.conn.CloseNow() // the phone vanishes without a goodbye
	for p = tablet.next("presence").Presence; p.Seats[1]; p = tablet.next("presence").Presence {
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("the drop was noticed after %v", d)
	}
	// Heartbeats keep coming so the page can tell a live link from a dead one.
	if m := tablet.next("ping"); m.Time == 0 {
		t.Errorf("ping without time")
	}
}

// TestShutdownClosesSockets: when the server stops, clients are told, so
// they reconnect to the next one.
func TestShutdownClosesSockets(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	s := e.dial(cr.Table, "since=0")
	s.next("view")
	e.srv.hub.closeAll()
	timeout := time.After(3 * time.Second)
	for {
		select {
		case _, ok := <-s.msgs:
			if !ok {
				return
			}
			<-s.raw
		case <-timeout:
			t.Fatal("the socket stayed open after closeAll")
		}
	}
}

// fakeFrames sends the same numbered JPEG-ish frames to every subscriber.
type fakeFrames struct {
	mu   sync.Mutex
	subs int
}

func (f *fakeFrames) Subscribe(ctx context.Context) <-chan []byte {
	f.mu.Lock()
	f.subs++
	f.mu.Unlock()
	ch := make(chan []byte)
	go func() {
		defer close(ch)
		for i := 0; ; i++ {
			frame := []byte{0xff, 0xd8, byte('0' + i%10), 0xff, 0xd9}
			select {
			case ch <- frame:
			case <-ctx.Done():
				return
			}
			time.Sleep(5 * time.Millisecond)
		}
	}()
	return ch
}

func TestMJPEGStream(t *testing.T) {
	e := newEnv(t, Options{Frames: &fakeFrames{}})
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.http.URL+"/api/camera.mjpg", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	mt, params, err := mime.ParseMediaType(res.Header.Get("Content-Type"))
	if err != nil || mt != "multipart/x-mixed-replace" {
		t.Fatalf("content type %q: %v", res.Header.Get("Content-Type"), err)
	}
	mr := multipart.NewReader(bufio.NewReader(res.Body), params["boundary"])
	for i := range 3 {
		part, err := mr.NextPart()
		if err != nil {
			t.Fatalf("part %d: %v", i, err)
		}
		b, _ := io.ReadAll(part)
		if part.Header.Get("Content-Type") != "image/jpeg" || len(b) != 5 || b[0] != 0xff || b[2] != byte('0'+i) {
			t.Errorf("part %d: %v %x", i, part.Header, b)
		}
	}
	cancel()
	// One still frame.
	r := e.do("GET", "/api/camera.jpg", "")
	if r.status != 200 || r.header.Get("Content-Type") != "image/jpeg" || len(r.body) != 5 {
		t.Errorf("still: %d %v %x", r.status, r.header, r.body)
	}
}

// TestServeStopsCleanly: Serve answers until its context ends, then closes
// the WebSockets and the camera streams and returns.
func TestServeStopsCleanly(t *testing.T) {
	e := newEnv(t, Options{Frames: &fakeFrames{}})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- e.srv.Serve(ctx, ln) }()
	base := "http://" + ln.Addr().String()
	res, err := http.Get(base + "/api/health")
	if err != nil || res.StatusCode != 200 {
		t.Fatalf("health: %v %v", res, err)
	}
	res.Body.Close()
	cr := e.create()
	c, _, err := websocket.Dial(context.Background(), "ws://"+ln.Addr().String()+"/api/tables/"+cr.Table+"/ws?since=0", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	stream, err := http.Get(base + "/api/camera.mjpg")
	if err != nil {
		t.Fatal(err)
	}
	defer stream.Body.Close()
	cancel()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("Serve returned %v", err)
		}
	case <-time.After(4 * time.Second):
		t.Fatal("Serve did not return after its context ended")
	}
	// The socket is closed by the server.
	rctx, rcancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer rcancel()
	for {
		if _, _, err := c.Read(rctx); err != nil {
			if rctx.Err() != nil {
				t.Error("the WebSocket stayed open after the server stopped")
			}
			return
		}
	}
}

// TestPresenceBurst: thirty screens connecting at once are announced in a
// few messages, not one per connection to every screen (each new connection
// used to cost every other one a message), and the last announcement counts
// them all.
func TestPresenceBurst(t *testing.T) {
	e := newEnv(t, Options{PingInterval: 5 * time.Second})
	cr := e.create()
	first := e.dial(cr.Table, "since=0")
	first.next("presence")
	var others []*socket
	for i := 0; i < 30; i++ {
		others = append(others, e.dial(cr.Table, "since=0"))
	}
	time.Sleep(3 * presenceDelay)
	n, last := 0, Presence{}
	for len(first.msgs) > 0 {
		m := <-first.msgs
		<-first.raw
		if m.Type == "presence" {
			n++
			last = *m.Presence
		}
	}
	if last.Public != 31 {
		t.Errorf("the last presence counts %d screens, want 31", last.Public)
	}
	if n > 4 {
		t.Errorf("the first screen got %d presence messages for a burst of 30 connections; want a few", n)
	}
	_ = others
}

// oneFrame is a camera whose board stays still: one frame, then nothing.
type oneFrame struct{}

func (oneFrame) Subscribe(ctx context.Context) <-chan []byte {
	ch := make(chan []byte, 1)
	ch <- []byte{0xff, 0xd8, 'S', 0xff, 0xd9}
	go func() { <-ctx.Done(); close(ch) }()
	return ch
}

// TestMJPEGStillBoardIsShown: a browser shows a part of the stream only
// when the next one starts, so the one frame of a still board is sent a
// second time; without it a screen opened on a still board shows nothing.
func TestMJPEGStillBoardIsShown(t *testing.T) {
	e := newEnv(t, Options{Frames: oneFrame{}})
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, "GET", e.http.URL+"/api/camera.mjpg", nil)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	_, params, _ := mime.ParseMediaType(res.Header.Get("Content-Type"))
	mr := multipart.NewReader(bufio.NewReader(res.Body), params["boundary"])
	for i := range 2 {
		part, err := mr.NextPart()
		if err != nil {
			t.Fatalf("part %d of a still board: %v", i, err)
		}
		if b, _ := io.ReadAll(part); len(b) != 5 || b[2] != 'S' {
			t.Errorf("part %d: %x, want the still frame", i, b)
		}
	}
}
