package web

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// send writes one text message on the test socket.
func (s *socket) send(msg string) {
	s.t.Helper()
	s.sendAs(websocket.MessageText, msg)
}

func (s *socket) sendAs(typ websocket.MessageType, msg string) {
	s.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	if err := s.conn.Write(ctx, typ, []byte(msg)); err != nil {
		s.t.Fatalf("send %s: %v", msg, err)
	}
}

// answer waits for the next answer on the socket, skipping other messages.
func (s *socket) answer() socketAnswer {
	s.t.Helper()
	timeout := time.After(3 * time.Second)
	for {
		select {
		case _, ok := <-s.msgs:
			if !ok {
				s.t.Fatal("socket closed while waiting for an answer")
			}
			b := <-s.raw
			var a socketAnswer
			if err := json.Unmarshal(b, &a); err == nil && a.Type == "answer" {
				return a
			}
		case <-timeout:
			s.t.Fatal("no answer within 3 s")
		}
	}
}

// TestSocketActions: an action sent on the socket is judged as POST
// /actions judges it, with the same status, code and page, and a refusal
// leaves the socket open for the next one.
func TestSocketActions(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	tablet := e.dial(cr.Table, "since=0")
	ann := e.dial(cr.Table, "since=0&pin="+cr.PINs[0])
	ben := e.dial(cr.Table, "since=0&pin="+cr.PINs[1])
	tablet.next("view")

	tablet.send(`{"type":"action","id":"1","action":{"type":"add","seat":0,"n":2},"baseVersion":0,"key":"a","source":"tablet"}`)
	a := tablet.answer()
	if a.ID != "1" || a.Status != http.StatusOK || a.Result == nil || a.Result.Version != 1 || len(a.Result.Events) != 1 || a.Result.Events[0].Text != "Seat 1 added 2" {
		t.Fatalf("answer %+v", a)
	}
	// Every screen gets the update, as after a POST.
	if m := ben.viewAt(1); !strings.Contains(string(m.Snapshot.View), `"scores":[2,0]`) {
		t.Errorf("Ben's phone: %s", m.Snapshot.View)
	}
	if r := e.do("GET", "/api/tables/"+cr.Table, ""); !strings.Contains(string(r.body), `"scores":[2,0]`) {
		t.Errorf("the table after the socket's action: %s", r.body)
	}

	cases := []struct {
		name string
		on   *socket
		msg  string
		code string
		want int
		page int
	}{
		{"stale", tablet, `{"type":"action","id":"s","action":{"type":"add","seat":1,"n":2},"baseVersion":0,"key":"b"}`, "stale", 409, 0},
		{"illegal", tablet, `{"type":"action","id":"i","action":{"type":"add","seat":1,"n":9},"baseVersion":1,"key":"c"}`, "add-limit", 422, 9},
		{"not your turn", tablet, `{"type":"action","id":"n","action":{"type":"add","seat":0,"n":1},"baseVersion":1,"key":"d"}`, "not-your-turn", 422, 0},
		{"malformed action", tablet, `{"type":"action","id":"m","action":{"type":"fly","seat":1},"baseVersion":1}`, "malformed", 400, 0},
		{"no base version", tablet, `{"type":"action","id":"v","action":{"type":"add","seat":1,"n":1}}`, "bad-request", 400, 0},
		{"bad source", tablet, `{"type":"action","id":"p","action":{"type":"add","seat":1,"n":1},"baseVersion":1,"source":"pigeon"}`, "bad-request", 400, 0},
		{"a correction", tablet, `{"type":"action","id":"c","action":{"type":"add","seat":1,"n":1},"baseVersion":1,"reason":"typo"}`, "bad-request", 400, 0},
		{"other seat's phone", ann, `{"type":"action","id":"f","action":{"type":"add","seat":1,"n":1},"baseVersion":1,"key":"f"}`, "forbidden", 403, 0},
		{"not JSON", tablet, `add 1 for Ben`, "bad-request", 400, 0},
		{"unknown field", tablet, `{"type":"action","id":"u","action":{"type":"add","seat":1,"n":1},"baseVersion":1,"colour":"red"}`, "bad-request", 400, 0},
		{"not an action", tablet, `{"type":"undo","id":"x"}`, "bad-request", 400, 0},
		{"id too long", tablet, `{"type":"action","id":"` + strings.Repeat("9", 65) + `","action":{"type":"add","seat":1,"n":1},"baseVersion":1}`, "bad-request", 400, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			c.on.t = t
			c.on.send(c.msg)
			a := c.on.answer()
			if a.Status != c.want || a.Error == nil || a.Error.Code != c.code || a.Error.Page != c.page || a.Result != nil {
				t.Fatalf("answer %+v, want %d %s page %d", a, c.want, c.code, c.page)
			}
			if a.Error.Message == "" {
				t.Error("a refusal without a sentence")
			}
		})
	}
	tablet.t, ann.t = t, t
	// A binary message is refused too.
	tablet.sendAs(websocket.MessageBinary, `{"type":"action"}`)
	if a := tablet.answer(); a.Status != 400 {
		t.Errorf("binary message: %+v", a)
	}
	// The rule's sentence reaches the player unchanged, as over HTTP.
	tablet.send(`{"type":"action","id":"i2","action":{"type":"add","seat":1,"n":9},"baseVersion":1}`)
	if a := tablet.answer(); a.Error == nil || a.Error.Message != "you may add 1 to 5 at a time, not 9" {
		t.Errorf("refusal %+v", a)
	}
	// Nothing refused changed the table; a repeated key is recognised, not
	// applied twice; the sockets still take actions after the refusals.
	tablet.send(`{"type":"action","id":"r","action":{"type":"add","seat":0,"n":2},"baseVersion":0,"key":"a"}`)
	if a := tablet.answer(); a.Status != 200 || a.Result == nil || !a.Result.Repeated || a.Result.Version != 1 {
		t.Errorf("repeat: %+v", a)
	}
	ben.send(`{"type":"action","id":"b","action":{"type":"add","seat":1,"n":3},"baseVersion":1}`)
	if a := ben.answer(); a.Status != 200 || a.Result == nil || a.Result.Version != 2 {
		t.Errorf("Ben after the refusals: %+v", a)
	}
	if m := tablet.viewAt(2); !strings.Contains(string(m.Snapshot.View), `"scores":[2,3]`) {
		t.Errorf("tablet after Ben's action: %s", m.Snapshot.View)
	}
}

// TestSocketActionPrivacy: a private action sent on a player's socket
// answers that player with their secret; no other socket receives it, in
// the answer or the update.
func TestSocketActionPrivacy(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	ann := e.dial(cr.Table, "since=0&pin="+cr.PINs[0])
	ben := e.dial(cr.Table, "since=0&pin="+cr.PINs[1])
	tablet := e.dial(cr.Table, "since=0")
	ann.send(`{"type":"action","id":"h","action":{"type":"hide","seat":0,"coins":9},"baseVersion":0}`)

	// Ann's socket brings her the answer and the update, in either order.
	var annAll bytes.Buffer
	for answered, updated := false, false; !answered || !updated; {
		select {
		case m := <-ann.msgs:
			b := <-ann.raw
			annAll.Write(b)
			var a socketAnswer
			if json.Unmarshal(b, &a) == nil && a.Type == "answer" {
				if a.Status != 200 {
					t.Fatalf("hide: %s", b)
				}
				answered = true
			}
			if m.Type == "view" && m.Snapshot.Version >= 1 {
				updated = true
			}
		case <-time.After(3 * time.Second):
			t.Fatalf("Ann's socket: answer %v, update %v within 3 s", answered, updated)
		}
	}
	if !bytes.Contains(annAll.Bytes(), []byte("SECRET-9")) {
		t.Errorf("Ann's answer does not tell her own secret: %s", annAll.Bytes())
	}
	for name, s := range map[string]*socket{"Ben": ben, "tablet": tablet} {
		var all bytes.Buffer
		for {
			m := <-s.msgs
			all.Write(<-s.raw)
			if m.Type == "view" && m.Snapshot.Version >= 1 {
				break
			}
		}
		if bytes.Contains(all.Bytes(), []byte("SECRET-9")) || bytes.Contains(all.Bytes(), []byte(`"answer"`)) {
			t.Errorf("%s's socket received Ann's secret or her answer: %s", name, all.Bytes())
		}
	}
}

// TestSocketFromAnotherSite: a page of another site cannot open the socket,
// so it cannot act on it either (what the guard checks of a POST).
func TestSocketFromAnotherSite(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	url := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/api/tables/" + cr.Table + "/ws?since=0"
	c, res, err := websocket.Dial(ctx, url, &websocket.DialOptions{HTTPHeader: http.Header{"Origin": {"http://evil.example"}}})
	if err == nil {
		c.CloseNow()
		t.Fatal("a socket from another site was opened")
	}
	if res == nil || res.StatusCode != http.StatusForbidden {
		t.Errorf("another site's socket: %v %v", res, err)
	}
}

// TestSocketMessageTooLarge: a message over the request body limit closes
// the socket, as a POST that large is refused.
func TestSocketMessageTooLarge(t *testing.T) {
	e := newEnv(t, Options{MaxBody: 1 << 10})
	cr := e.create()
	s := e.dial(cr.Table, "since=0")
	s.next("view")
	s.send(`{"type":"action","id":"big","action":{"type":"add","seat":0,"n":1,"pad":"` + strings.Repeat("x", 2<<10) + `"},"baseVersion":0}`)
	timeout := time.After(3 * time.Second)
	for {
		select {
		case m, ok := <-s.msgs:
			if !ok {
				if r := e.do("GET", "/api/tables/"+cr.Table, ""); !strings.Contains(string(r.body), `"version":0`) {
					t.Errorf("the table changed: %s", r.body)
				}
				return
			}
			<-s.raw
			if m.Type == "answer" {
				t.Fatal("a message over the limit was answered")
			}
		case <-timeout:
			t.Fatal("the socket stayed open after a message over the limit")
		}
	}
}
