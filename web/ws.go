package web

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/engine"
)

// wsMessage is what the server sends on a WebSocket. Type is "view" (a
// snapshot after a change, or the current one on connect), "notice" (what
// the devices or camera report, with the current snapshot), "patch" (to a
// client that opened the socket with patches=1: the RFC 6902 patch turning
// its snapshot of version Base into the one of Version, with the events and
// any notice; made in companion, see Update.PatchMessage), "presence" (which
// devices are connected), "ping" (a heartbeat, so a client notices a dead
// link without waiting for TCP) or "error" (sent before the server closes).
type wsMessage struct {
	Type     string          `json:"type"`
	Snapshot *Snapshot       `json:"snapshot,omitempty"`
	Events   []engine.Event  `json:"events,omitempty"`
	Notice   *Notice         `json:"notice,omitempty"`
	Base     uint64          `json:"base,omitempty"`
	Version  uint64          `json:"version,omitempty"`
	Patch    json.RawMessage `json:"patch,omitempty"`
	Presence *Presence       `json:"presence,omitempty"`
	Message  string          `json:"message,omitempty"`
	Time     int64           `json:"time,omitempty"`
}

// Presence says which devices of a table have a live connection: the number
// of public screens (tablets) and, per seat, whether that player's phone is
// connected. It tells nothing private.
type Presence struct {
	Public int          `json:"public"`
	Seats  map[int]bool `json:"seats"`
}

// hub tracks the open WebSockets per table, for presence and shutdown.
//
// Presence is announced at most once per presenceDelay per table, encoded
// once for all its clients: fifty screens connecting at once cost about a
// hundred messages, not fifty times fifty.
type hub struct {
	mu      sync.Mutex
	tables  map[string]map[*wsClient]bool
	pending map[string]bool      // a presence announcement is armed
	last    map[string]time.Time // when presence was last announced
	delay   time.Duration
	closed  bool
}

type wsClient struct {
	seat engine.Seat
	send chan []byte // encoded presence messages; dropped when full
	stop context.CancelFunc
}

// presenceDelay gathers the connections of a burst into one announcement.
const presenceDelay = 150 * time.Millisecond

func newHub() *hub {
	return &hub{tables: map[string]map[*wsClient]bool{}, pending: map[string]bool{}, last: map[string]time.Time{}, delay: presenceDelay}
}

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
	h.announceLocked(table)
	return true
}

func (h *hub) remove(table string, c *wsClient) {
	h.mu.Lock()
	defer h.mu.Unlock()
	delete(h.tables[table], c)
	if len(h.tables[table]) == 0 {
		delete(h.tables, table)
		delete(h.last, table)
		return
	}
	h.announceLocked(table)
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

// announceLocked announces the table's presence now if none went out in
// the last delay, else arms one announcement for the end of that delay
// (unless one is armed already): a lone phone connecting is seen at once,
// a burst of connections costs two announcements.
func (h *hub) announceLocked(table string) {
	if h.pending[table] {
		return
	}
	if wait := h.delay - time.Since(h.last[table]); wait > 0 {
		h.pending[table] = true
		time.AfterFunc(wait, func() {
			h.mu.Lock()
			defer h.mu.Unlock()
			delete(h.pending, table)
			h.broadcastLocked(table)
		})
		return
	}
	h.broadcastLocked(table)
}

// broadcastLocked sends the table's presence, encoded once, to all its
// clients.
func (h *hub) broadcastLocked(table string) {
	if h.closed || len(h.tables[table]) == 0 {
		return
	}
	h.last[table] = time.Now()
	p := h.presenceLocked(table)
	b, err := json.Marshal(wsMessage{Type: "presence", Presence: &p})
	if err != nil {
		return
	}
	for c := range h.tables[table] {
		select {
		case c.send <- b:
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
	// patches=1: the client applies patches (see Update.PatchMessage);
	// without it every update is the full view, as before.
	patches := c.QueryParam("patches") == "1"
	conn, err := websocket.Accept(c.Response(), c.Request(), &websocket.AcceptOptions{OriginPatterns: s.opts.OriginPatterns})
	if err != nil {
		return nil // Accept has answered the request already
	}
	// Hijacked: echo must not write a response after this.
	c.Response().Committed = true
	s.serveSocket(c.Request().Context(), conn, t, a, since, patches)
	return nil
}

func (s *Server) serveSocket(reqCtx context.Context, conn *websocket.Conn, t Table, a Access, since uint64, patches bool) {
	defer conn.CloseNow()
	v := a.Viewer
	ctx, cancel := context.WithCancel(context.WithoutCancel(reqCtx))
	defer cancel()
	// The reader takes the actions a client sends on the socket (answering
	// pings on the way) and cancels ctx when the client goes away.
	answers := make(chan []byte, 4)
	conn.SetReadLimit(s.opts.MaxBody)
	go s.readSocket(ctx, cancel, conn, t, a, answers)

	cl := &wsClient{seat: v.Seat, send: make(chan []byte, 4), stop: cancel}
	w := newSocketWriter(ctx, conn, 2*s.opts.PingInterval, s.lg)
	w.patches = patches
	defer w.stop()
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
		if err := w.update(u); err != nil {
			return
		}
	default:
		if since == 0 {
			snap := t.View(v)
			if err := w.message(wsMessage{Type: "view", Snapshot: &snap}); err != nil {
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
			if err := w.update(u); err != nil {
				return
			}
		case b := <-cl.send:
			if err := w.write(b); err != nil {
				return
			}
		case b := <-answers:
			if err := w.write(b); err != nil {
				return
			}
		case <-ping.C:
			// A heartbeat the page can see (browsers hide ping frames), then
			// a protocol ping that must be answered within the interval.
			if err := w.message(wsMessage{Type: "ping", Time: time.Now().UnixMilli()}); err != nil {
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

// socketWriter writes one WebSocket's messages. A write that takes longer
// than the limit ends the connection; the limit is one timer per
// connection, re-armed for each write, not a new timer per message.
//
// Writes are made without a context: the library would otherwise register
// (and undo) a cancellation callback on every message, a few percent of the
// server's CPU per action with 50 sockets. The socket's context still ends
// a write under way, through one callback for the whole connection.
type socketWriter struct {
	ctx     context.Context
	conn    *websocket.Conn
	limit   time.Duration
	timer   *time.Timer
	lg      *slog.Logger
	writing atomic.Bool
	unwatch func() bool
	// patches: the client takes patches of its last view.
	patches bool
}

func newSocketWriter(ctx context.Context, conn *websocket.Conn, limit time.Duration, lg *slog.Logger) *socketWriter {
	w := &socketWriter{ctx: ctx, conn: conn, limit: limit, lg: lg}
	w.timer = time.AfterFunc(time.Hour, func() { conn.CloseNow() })
	w.timer.Stop()
	w.unwatch = context.AfterFunc(ctx, func() {
		if w.writing.Load() {
			conn.CloseNow() // a write stuck on a client that went away
		}
	})
	return w
}

func (w *socketWriter) stop() {
	w.timer.Stop()
	w.unwatch()
}

// update writes a table update: the bytes encoded once for every socket of
// the same viewer, the patch of the last view to a client that takes them.
func (w *socketWriter) update(u Update) error {
	msg := u.Message
	if w.patches {
		msg = u.PatchMessage
	}
	b, err := msg()
	if err != nil {
		return err
	}
	return w.write(b)
}

// message encodes and writes one message of the socket's own (a catch-up
// view, a heartbeat).
func (w *socketWriter) message(m wsMessage) error {
	b, err := json.Marshal(m)
	if err != nil {
		return err
	}
	return w.write(b)
}

func (w *socketWriter) write(b []byte) error {
	w.writing.Store(true)
	defer w.writing.Store(false)
	// Checked after the flag is set: a context ended before it is seen
	// here, one ended after it closes the connection.
	if err := w.ctx.Err(); err != nil {
		return err
	}
	w.timer.Reset(w.limit)
	err := w.conn.Write(context.Background(), websocket.MessageText, b)
	w.timer.Stop()
	if err != nil {
		w.lg.Debug("websocket write failed", "err", err)
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
