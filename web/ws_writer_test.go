package web

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// stuckClient opens a WebSocket to srv by hand and never reads from it, so
// the server's writes pile up until they block.
func stuckClient(t *testing.T, srv *httptest.Server) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", strings.TrimPrefix(srv.URL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	_ = c.(*net.TCPConn).SetReadBuffer(4096)
	req := "GET / HTTP/1.1\r\nHost: " + c.RemoteAddr().String() + "\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
		"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
	if _, err := io.WriteString(c, req); err != nil {
		t.Fatal(err)
	}
	res, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || res.StatusCode != http.StatusSwitchingProtocols {
		t.Fatalf("upgrade: %v %v", res, err)
	}
	return c
}

// writeUntilStuck serves one socket whose writer writes until a write
// fails, and says how long the failing write took.
func writeUntilStuck(t *testing.T, limit time.Duration, cancelAfter time.Duration) time.Duration {
	t.Helper()
	took := make(chan time.Duration, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(rw http.ResponseWriter, r *http.Request) {
		conn, err := websocket.Accept(rw, r, nil)
		if err != nil {
			return
		}
		defer conn.CloseNow()
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		w := newSocketWriter(ctx, conn, limit, slog.New(slog.DiscardHandler))
		defer w.stop()
		msg := make([]byte, 256<<10)
		for i := range msg {
			msg[i] = 'x'
		}
		for n := 0; n < 400; n++ {
			if cancelAfter > 0 && n == 8 {
				time.AfterFunc(cancelAfter, cancel) // the client goes away while a write is stuck
			}
			start := time.Now()
			if err := w.write(msg); err != nil {
				took <- time.Since(start)
				return
			}
		}
		took <- -1
	}))
	defer srv.Close()
	stuckClient(t, srv)
	select {
	case d := <-took:
		if d < 0 {
			t.Fatal("100 MB were written to a client that reads nothing")
		}
		return d
	case <-time.After(10 * time.Second):
		t.Fatal("a write to a client that reads nothing never ended")
	}
	return 0
}

// TestSocketWriteLimit: a write to a client that stopped reading ends the
// connection after the write limit, not never.
func TestSocketWriteLimit(t *testing.T) {
	if d := writeUntilStuck(t, 200*time.Millisecond, 0); d < 150*time.Millisecond || d > 5*time.Second {
		t.Errorf("the stuck write ended after %v, want about the 200 ms limit", d)
	}
}

// TestSocketWriteEndsWithItsContext: a write stuck when the socket's
// context ends (the client went away, the server shuts down) ends then,
// not at the write limit.
func TestSocketWriteEndsWithItsContext(t *testing.T) {
	if d := writeUntilStuck(t, time.Minute, 300*time.Millisecond); d > 5*time.Second {
		t.Errorf("the stuck write ended after %v", d)
	}
}
