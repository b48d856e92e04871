package web

import (
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/labstack/echo/v4"
)

// This file bounds what one device can hold of the Pi: how long a request
// may take to arrive and be answered, how many live WebSockets a device and
// a table may keep open, and how fast a device may create tables. Slow
// bodies held open by thousands of connections once took the server from
// 92 to 277 MB; a loop creating tables would fill the database.

// Limits of one server; the zero value of each field means its default.
type Limits struct {
	// RequestTime bounds reading a request's body and writing its answer
	// (not the live streams: WebSockets and the camera's MJPEG). 0: 30 s.
	RequestTime time.Duration
	// SocketsPerClient caps the WebSockets one address keeps open. 0: 32
	// (a tablet and a few phones behind one address still fit).
	SocketsPerClient int
	// SocketsPerTable caps the WebSockets of one table. 0: 64.
	SocketsPerTable int
	// TablesPerMinute is how many tables one address may create a minute,
	// with as many at once. 0: 10.
	TablesPerMinute int
}

func (l Limits) withDefaults() Limits {
	if l.RequestTime <= 0 {
		l.RequestTime = 30 * time.Second
	}
	if l.SocketsPerClient <= 0 {
		l.SocketsPerClient = 32
	}
	if l.SocketsPerTable <= 0 {
		l.SocketsPerTable = 64
	}
	if l.TablesPerMinute <= 0 {
		l.TablesPerMinute = 10
	}
	return l
}

// Timeouts of the HTTP server itself: the headers must arrive within
// HeaderTimeout, an idle keep-alive connection is closed after IdleTimeout.
// The body and the answer are bounded per request by Limits.RequestTime
// (a server-wide ReadTimeout would also cut the live streams).
const (
	HeaderTimeout = 10 * time.Second
	IdleTimeout   = 60 * time.Second
)

// limiter holds the counts behind Limits.
type limiter struct {
	l   Limits
	now func() time.Time

	mu        sync.Mutex
	perClient map[string]int
	perTable  map[string]int
	creates   map[string][]time.Time // each address's recent table creations
}

func newLimiter(l Limits, now func() time.Time) *limiter {
	if now == nil {
		now = time.Now
	}
	return &limiter{l: l.withDefaults(), now: now, perClient: map[string]int{}, perTable: map[string]int{}, creates: map[string][]time.Time{}}
}

// openSocket counts a WebSocket of client on table; false when a cap is
// reached. closeSocket undoes it.
func (m *limiter) openSocket(client, table string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.perClient[client] >= m.l.SocketsPerClient || m.perTable[table] >= m.l.SocketsPerTable {
		return false
	}
	m.perClient[client]++
	m.perTable[table]++
	return true
}

func (m *limiter) closeSocket(client, table string) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.perClient[client]--; m.perClient[client] <= 0 {
		delete(m.perClient, client)
	}
	if m.perTable[table]--; m.perTable[table] <= 0 {
		delete(m.perTable, table)
	}
}

// allowCreate records a table creation by client; false when it has
// created TablesPerMinute tables in the last minute.
func (m *limiter) allowCreate(client string) bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	now := m.now()
	recent := m.creates[client][:0]
	for _, t := range m.creates[client] {
		if now.Sub(t) < time.Minute {
			recent = append(recent, t)
		}
	}
	if len(recent) >= m.l.TablesPerMinute {
		m.creates[client] = recent
		return false
	}
	m.creates[client] = append(recent, now)
	if len(m.creates) > 4096 {
		m.forgetOld(now) // bound the map against many addresses
	}
	return true
}

func (m *limiter) forgetOld(now time.Time) {
	for c, ts := range m.creates {
		if len(ts) == 0 || now.Sub(ts[len(ts)-1]) >= time.Minute {
			delete(m.creates, c)
		}
	}
}

// limit is the middleware applying the limiter to each request.
func (s *Server) limit(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		client := clientOf(r)
		if !isStream(r) {
			// A slow body or a reader that never reads the answer lets go
			// of its connection after RequestTime.
			rc := http.NewResponseController(c.Response().Writer)
			deadline := time.Now().Add(s.lim.l.RequestTime) // the connection's own clock, never a test's
			_ = rc.SetReadDeadline(deadline)
			_ = rc.SetWriteDeadline(deadline)
		}
		if r.Method == http.MethodPost && c.Path() == "/api/tables" && !s.lim.allowCreate(client) {
			return refuseGuard(c, http.StatusTooManyRequests, "too-many-tables",
				"this device has started many tables in the last minute; wait a minute")
		}
		if isWebSocket(r) {
			table := c.Param("id")
			if !s.lim.openSocket(client, table) {
				return refuseGuard(c, http.StatusTooManyRequests, "too-many-sockets",
					"too many live connections from this device or to this table; close a few tabs")
			}
			defer s.lim.closeSocket(client, table)
		}
		return next(c)
	}
}

// isStream: answers that last as long as the client watches (the live
// WebSocket, hijacked from the server; the camera's MJPEG).
func isStream(r *http.Request) bool {
	return isWebSocket(r) || strings.HasSuffix(r.URL.Path, ".mjpg")
}
