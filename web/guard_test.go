package web

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// sendRaw sends one request with full control over its headers.
func (e *env) sendRaw(method, path, host, body string, hdr ...string) reply {
	e.t.Helper()
	req, err := http.NewRequest(method, e.http.URL+path, strings.NewReader(body))
	if err != nil {
		e.t.Fatal(err)
	}
	if host != "" {
		req.Host = host
	}
	for i := 0; i+1 < len(hdr); i += 2 {
		req.Header.Set(hdr[i], hdr[i+1])
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return reply{res.StatusCode, b, res.Header}
}

func (e *env) tableCount() int {
	e.t.Helper()
	ts, err := e.mgr.List(context.Background())
	if err != nil {
		e.t.Fatal(err)
	}
	return len(ts)
}

// A page of another site cannot create tables, act or undo through the
// player's browser: not with a form's text/plain body, not with a fetch
// carrying its Origin, not with credentials in the address. The server's
// own pages (same Origin, JSON) still can.
func TestCrossSiteRequestsAreRefused(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	base := "/api/tables/" + cr.Table
	n := e.tableCount()
	self := strings.TrimPrefix(e.http.URL, "http://")
	for _, c := range []struct {
		name, method, path, body string
		hdr                      []string
		status                   int
		code                     string
	}{
		{"a form's text/plain create", "POST", "/api/tables", twoPlayers, []string{"Content-Type", "text/plain"}, 415, "not-json"},
		{"an urlencoded create", "POST", "/api/tables", "rules=tally", []string{"Content-Type", "application/x-www-form-urlencoded"}, 415, "not-json"},
		{"another origin's JSON create", "POST", "/api/tables", twoPlayers, []string{"Content-Type", "application/json", "Origin", "http://evil.example"}, 403, "cross-site"},
		{"a sandboxed frame's create", "POST", "/api/tables", twoPlayers, []string{"Content-Type", "application/json", "Origin", "null"}, 403, "cross-site"},
		{"a cross-site fetch without Origin", "POST", "/api/tables", twoPlayers, []string{"Content-Type", "application/json", "Sec-Fetch-Site", "cross-site"}, 403, "cross-site"},
		{"an undo with the token in the address", "POST", base + "/undo?token=" + cr.HostToken, "", []string{"Origin", "http://" + self}, 400, "credentials-in-query"},
		{"a view with the PIN in the address", "GET", base + "/view?pin=" + cr.PINs[0], "", nil, 400, "credentials-in-query"},
	} {
		r := e.sendRaw(c.method, c.path, "", c.body, c.hdr...)
		if r.status != c.status || r.apiErr(t).Code != c.code {
			t.Errorf("%s: %d %s, want %d %s", c.name, r.status, r.body, c.status, c.code)
		}
	}
	if got := e.tableCount(); got != n {
		t.Fatalf("refused requests created tables: %d, want %d", got, n)
	}
	if r := e.sendRaw("GET", base+"/history", "", "", "X-PIN", cr.PINs[0]); r.status != 200 {
		t.Errorf("a PIN in the header: %d %s", r.status, r.body)
	}
	// The dashboard's own request: same origin, JSON.
	if r := e.sendRaw("POST", "/api/tables", "", twoPlayers, "Content-Type", "application/json; charset=utf-8", "Origin", "http://"+self, "Sec-Fetch-Site", "same-origin"); r.status != http.StatusCreated {
		t.Fatalf("the dashboard's create: %d %s", r.status, r.body)
	}
	// The WebSocket still takes its PIN in the address.
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	c, _, err := websocket.Dial(ctx, "ws://"+self+base+"/ws?since=0&pin="+cr.PINs[0], nil)
	if err != nil {
		t.Fatalf("a phone's WebSocket: %v", err)
	}
	c.CloseNow()
}

// A name that is not the server's (DNS rebinding: evil.example made to
// resolve to the Pi) gets nothing; its addresses, localhost and the
// configured names work.
func TestUnknownHostIsRefused(t *testing.T) {
	e := newEnv(t, Options{Hosts: []string{"Table.Example"}})
	for host, want := range map[string]int{
		"evil.example":          421,
		"evil.example:8080":     421,
		"127.0.0.1:8080":        200,
		"[::1]:8080":            200,
		"192.168.1.20":          200,
		"localhost:8080":        200,
		"table.example:8080":    200,
		"quartermaster.example": 421,
	} {
		r := e.sendRaw("GET", "/api/tables", host, "")
		if r.status != want {
			t.Errorf("Host %s: %d, want %d", host, r.status, want)
		}
		if want == 421 && r.apiErr(t).Code != "unknown-host" {
			t.Errorf("Host %s: %s", host, r.body)
		}
	}
	if r := e.sendRaw("GET", "/", "evil.example", ""); r.status != 421 {
		t.Errorf("the dashboard's page under another name: %d", r.status)
	}
}

// One device may start only so many tables a minute.
func TestTableCreationIsRateLimited(t *testing.T) {
	now := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	e := newEnv(t, Options{Limits: Limits{TablesPerMinute: 3}})
	e.srv.lim.now = func() time.Time { return now }
	for i := range 3 {
		if r := e.do("POST", "/api/tables", twoPlayers); r.status != http.StatusCreated {
			t.Fatalf("table %d: %d %s", i+1, r.status, r.body)
		}
	}
	r := e.do("POST", "/api/tables", twoPlayers)
	if r.status != http.StatusTooManyRequests || r.apiErr(t).Code != "too-many-tables" {
		t.Fatalf("the 4th table within a minute: %d %s", r.status, r.body)
	}
	if e.tableCount() != 3 {
		t.Fatalf("%d tables", e.tableCount())
	}
	now = now.Add(61 * time.Second)
	if r := e.do("POST", "/api/tables", twoPlayers); r.status != http.StatusCreated {
		t.Fatalf("a minute later: %d %s", r.status, r.body)
	}
}

// A device cannot hold more than its share of live connections; closing
// one makes room again.
func TestWebSocketsAreCapped(t *testing.T) {
	e := newEnv(t, Options{Limits: Limits{SocketsPerClient: 2}})
	cr := e.create()
	url := "ws" + strings.TrimPrefix(e.http.URL, "http") + "/api/tables/" + cr.Table + "/ws?since=0"
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	var open []*websocket.Conn
	for range 2 {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			t.Fatal(err)
		}
		open = append(open, c)
	}
	_, res, err := websocket.Dial(ctx, url, nil)
	if err == nil || res == nil || res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a 3rd socket from one device: %v %v, want 429", err, res)
	}
	open[0].Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(3 * time.Second)
	for {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err == nil {
			c.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no room after closing one: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	open[1].CloseNow()

	e2 := newEnv(t, Options{Limits: Limits{SocketsPerTable: 1}})
	cr2 := e2.create()
	url2 := "ws" + strings.TrimPrefix(e2.http.URL, "http") + "/api/tables/" + cr2.Table + "/ws?since=0"
	c, _, err := websocket.Dial(ctx, url2, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	if _, res, err := websocket.Dial(ctx, url2, nil); err == nil || res == nil || res.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("a 2nd socket of a one-socket table: %v", err)
	}
}

// A client that sends its headers and then trickles (or stops) its body
// loses the connection after the request time instead of holding it.
func TestSlowBodyIsCut(t *testing.T) {
	e := newEnv(t, Options{Limits: Limits{RequestTime: 200 * time.Millisecond}})
	conn, err := net.Dial("tcp", strings.TrimPrefix(e.http.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := io.WriteString(conn, "POST /api/tables HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{\"rules\":"); err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	res, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err == nil {
		res.Body.Close()
		if res.StatusCode < 400 {
			t.Fatalf("a stalled body got %d", res.StatusCode)
		}
	} else if ne, ok := err.(net.Error); ok && ne.Timeout() {
		t.Fatal("the server still holds a stalled body after 5 s")
	}
}
