package web

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"sync"
	"time"

	"github.com/coder/websocket"
	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/engine"
)

// wsMessage is what the server sends on a WebSocket. Type is "view" (a
// snapshot after a change, or the current one on connect), "notice" (what
// the devices or camera report, with the current snapshot), "presence" (which
// devices are connected), "ping" (a heartbeat, so a client notices a dead
// link without waiting for TCP) or "error" (sent before the server closes).
type wsMessage struct {
	Type     string         `json:"type"`
	Snapshot *Snapshot      `json:"snapshot,omitempty"`
	Events   []engine.Event `json:"events,omitempty"`
	Notice   *Notice        `json:"notice,omitempty"`
	Presence *Presence      `json:"presence,omitempty"`
	Message  string         `json:"message,omitempty"`
	Time     int64          `json:"time,omitempty"`
}

// Presence says which devices of a table have a live connection: the number
// of public screens (tablets) and, per seat, whether that player's phone is
// connected. It tells nothing private.
type Presence struct {
	Public int          `json:"public"`
	Seats  map[int]bool `json:"seats"`
}

// hub tracks the open WebSockets per table, for presence and shutdown.
type hub struct {
	mu     sync.Mutex
	tables map[string]map[*wsClient]bool
	closed bool
}

type wsClient struct {
	seat engine.Seat
	send chan wsMessage // presence messages; dropped when full
	stop context.CancelFunc
}

func newHub() *hub { return &hub{tables: map[string]map[*wsClient]bool{}} }

func (h *hub) add(table string, c *wsClient) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return false
	}
	if h.tables[table] == nil {
		h.tables[table] = map[*wsClient]bool{}
	}
	h.tables[table][c] = true
	h.broadcastLocked(table)
	return true
}

func (h *hub) remove(table string, c *wsClient) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.tables[table], c)
	if len(h.tables[table]) == 0 {
		delete(h.tables, table)
		return
	}
	h.broadcastLocked(table)
}

func (h *hub) presenceLocked(table string) Presence {
	p := Presence{Seats: map[int]bool{}}
	for c := range h.tables[table] {
		if c.seat == engine.NoSeat {
			p.Public++
		} else {
			p.Seats[int(c.seat)] = true
		}
	}
	return p
}

// presence returns who is connected to table now.
func (h *hub) presence(table string) Presence {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.presenceLocked(table)
}

func (h *hub) broadcastLocked(table string) {
	p := h.presenceLocked(table)
	for c := range h.tables[table] {
		select {
		case c.send <- wsMessage{Type: "presence", Presence: &p}:
		default: // a slow client gets the next presence instead
		}
	}
}

// dropAll ends every WebSocket now but keeps accepting new ones: the
// clients reconnect and catch up (tests use it to cut the link).
func (h *hub) dropAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	for _, cs := range h.tables {
		for c := range cs {
			c.stop()
		}
	}
}

// closeAll ends every WebSocket (on shutdown) and refuses new ones.
func (h *hub) closeAll() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.closed = true
	for _, cs := range h.tables {
		for c := range cs {
			c.stop()
		}
	}
}

// websocket serves GET /api/tables/:id/ws?since=N[&pin=P|&token=T]: the
// viewer's snapshot now (if newer than since) and after every change, with
// presence and heartbeats. Credentials are checked before the upgrade, so a
// wrong PIN is a plain 403.
func (s *Server) websocket(c echo.Context) error {
	t, a, err := s.table(c)
	if err != nil {
		return err
	}
	var since uint64
	if q := c.QueryParam("since"); q != "" {
		if since, err = strconv.ParseUint(q, 10, 64); err != nil {
			return fail(errBadRequest, "?since= takes a version number, not %q", q)
		}
	}
	conn, err := websocket.Accept(c.Response(), c.Request(), &websocket.AcceptOptions{OriginPatterns: s.opts.OriginPatterns})
	if err != nil {
		return nil // Accept has answered the request already
	}
	// Hijacked: echo must not write a response after this.
	c.Response().Committed = true
	s.serveSocket(c.Request().Context(), conn, t, a.Viewer, since)
	return nil
}

func (s *Server) serveSocket(reqCtx context.Context, conn *websocket.Conn, t Table, v engine.Viewer, since uint64) {
	defer conn.CloseNow()
	ctx, cancel := context.WithCancel(context.WithoutCancel(reqCtx))
	defer cancel()
	// We read nothing from clients; CloseRead still answers pings and tells
	// us (by cancelling ctx) when the client goes away.
	ctx = conn.CloseRead(ctx)

	cl := &wsClient{seat: v.Seat, send: make(chan wsMessage, 4), stop: cancel}
	if !s.hub.add(t.ID(), cl) {
		conn.Close(websocket.StatusGoingAway, "the server is shutting down")
		return
	}
	defer s.hub.remove(t.ID(), cl)

	// The subscription catches up by itself when since is behind; a new
	// client (since=0) of a table still at version 0 gets the current view
	// here, and a client that is up to date gets nothing it has.
	updates, unsubscribe := t.Subscribe(v, since)
	defer unsubscribe()
	select {
	case u, ok := <-updates:
		if !ok {
			conn.Close(websocket.StatusTryAgainLater, "reconnect to catch up")
			return
		}
		snap := u.Snapshot
		if err := s.write(ctx, conn, wsMessage{Type: "view", Snapshot: &snap, Events: u.Events, Notice: u.Notice}); err != nil {
			return
		}
	default:
		if since == 0 {
			snap := t.View(v)
			if err := s.write(ctx, conn, wsMessage{Type: "view", Snapshot: &snap}); err != nil {
				return
			}
		}
	}

	ping := time.NewTicker(s.opts.PingInterval)
	defer ping.Stop()
	for {
		select {
		case <-ctx.Done():
			conn.Close(websocket.StatusGoingAway, "closing")
			return
		case u, ok := <-updates:
			if !ok {
				// Dropped as too slow, or the table closed: the client
				// reconnects and catches up from its last version.
				conn.Close(websocket.StatusTryAgainLater, "reconnect to catch up")
				return
			}
			m := wsMessage{Type: "view", Events: u.Events}
			if u.Notice != nil {
				m.Type, m.Notice = "notice", u.Notice
			}
			snap := u.Snapshot
			m.Snapshot = &snap
			if err := s.write(ctx, conn, m); err != nil {
				return
			}
		case m := <-cl.send:
			if err := s.write(ctx, conn, m); err != nil {
				return
			}
		case <-ping.C:
			// A heartbeat the page can see (browsers hide ping frames), then
			// a protocol ping that must be answered within the interval.
			if err := s.write(ctx, conn, wsMessage{Type: "ping", Time: time.Now().UnixMilli()}); err != nil {
				return
			}
			pctx, pcancel := context.WithTimeout(ctx, s.opts.PingInterval)
			err := conn.Ping(pctx)
			pcancel()
			if err != nil {
				s.lg.Debug("websocket dropped", "table", t.ID(), "seat", v.Seat, "err", err)
				return
			}
		}
	}
}

func (s *Server) write(ctx context.Context, conn *websocket.Conn, m wsMessage) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, 2*s.opts.PingInterval)
	defer cancel()
	err = conn.Write(wctx, websocket.MessageText, b)
	if err != nil && !errors.Is(err, context.Canceled) {
		s.lg.Debug("websocket write failed", "err", err)
	}
	return err
}

// presenceHandler serves GET /api/tables/:id/presence.
func (s *Server) presenceHandler(c echo.Context) error {
	t, _, err := s.table(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, s.hub.presence(t.ID()))
}
