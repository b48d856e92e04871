package web

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Limits on what a create request may hold; a table has at most a handful of
// players and names are read across the table.
const (
	maxPlayers    = 8
	maxKeyLen     = 80
	maxReasonLen  = 300
	hostHeader    = "Authorization"
	pinHeader     = "X-PIN"
	bearerPrefix  = "Bearer "
	defaultSource = "tablet"
)

// sources are the places an action may say it came from.
var sources = map[string]bool{"tablet": true, "phone": true, "button": true, "rfid": true, "camera": true, "api": true}

func (s *Server) tableRoutes(api *echo.Group) {
	api.GET("/tables", s.listTables)
	api.POST("/tables", s.createTable)
	t := api.Group("/tables/:id")
	t.GET("", s.getView)
	t.GET("/me", s.whoAmI)
	t.GET("/history", s.history)
	t.GET("/export", s.export)
	t.POST("/actions", s.postAction)
	t.POST("/undo", s.undo)
	t.GET("/reads", s.proposals)
	t.POST("/reads/:read/confirm", s.confirmRead)
	t.POST("/reads/:read/correct", s.correctRead)
	t.POST("/reads/:read/dismiss", s.dismissRead)
	t.POST("/hardware", s.useHardware)
	t.POST("/corrections", s.correct)
	t.GET("/ws", s.websocket)
	t.GET("/presence", s.presenceHandler)
	t.GET("/calibration", s.getCalibration)
	t.PUT("/calibration", s.putCalibration)
	t.POST("/calibration/start", s.colourPlan)
	t.POST("/calibration/colours", s.calibrateColours)
	t.POST("/calibration/empty", s.captureEmpty)
	t.POST("/calibration/simulate-drop", s.simulateColourDrop)
	t.POST("/calibration/test-read", s.testRead)
	s.diceCalibrationRoutes(t)
}

// credentials reads the host token and PIN from the headers (or, for a
// WebSocket, which cannot set headers, from the query).
func credentials(c echo.Context) (token, pin string) {
	r := c.Request()
	token = strings.TrimPrefix(r.Header.Get(hostHeader), bearerPrefix)
	pin = r.Header.Get(pinHeader)
	if token == "" {
		token = c.QueryParam("token")
	}
	if pin == "" {
		pin = c.QueryParam("pin")
	}
	return strings.TrimSpace(token), strings.TrimSpace(pin)
}

// clientOf names the device a request came from, for counting its wrong
// PINs: the TCP peer's IP. Headers such as X-Forwarded-For are not trusted:
// anyone could send one to escape the count (the Pi serves the table
// directly, with no proxy in front).
func clientOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// table finds the table of the request and who is asking.
func (s *Server) table(c echo.Context) (Table, Access, error) {
	id := c.Param("id")
	if id == "" || len(id) > 64 {
		return nil, Access{}, fail(errNotFound, "there is no table %q", id)
	}
	t, err := s.tables.Get(c.Request().Context(), id)
	if err != nil {
		return nil, Access{}, err
	}
	tok, pin := credentials(c)
	a, err := t.AuthenticateFrom(clientOf(c.Request()), tok, pin)
	if err != nil {
		return nil, Access{}, err
	}
	return t, a, nil
}

// hostTable is table for host-only endpoints.
func (s *Server) hostTable(c echo.Context, what string) (Table, Access, error) {
	t, a, err := s.table(c)
	if err != nil {
		return nil, Access{}, err
	}
	if !a.Host {
		return nil, Access{}, fail(errForbidden, "only the host (the tablet that started this table) may %s", what)
	}
	return t, a, nil
}

func (s *Server) listTables(c echo.Context) error {
	ts, err := s.tables.List(c.Request().Context())
	if err != nil {
		return err
	}
	if ts == nil {
		ts = []TableSummary{}
	}
	return c.JSON(http.StatusOK, ts)
}

// createResponse is the answer to POST /api/tables: the only time the host
// token and the PINs are sent.
type createResponse struct {
	Table     string                 `json:"table"`
	HostToken string                 `json:"hostToken"`
	PINs      map[engine.Seat]string `json:"pins"`
	Snapshot  Snapshot               `json:"snapshot"`
}

// createBody is the body of POST /api/tables: the new-game form's answers
// (the game's kit builds the setup), or for scripts and tests the setup
// and players themselves.
type createBody struct {
	CreateRequest
	Form *engine.FormAnswers `json:"form,omitempty"`
}

func (s *Server) createTable(c echo.Context) error {
	var body createBody
	if err := bindJSON(c, &body); err != nil {
		return err
	}
	req := body.CreateRequest
	if body.Form != nil {
		req.Rules = strings.TrimSpace(req.Rules)
		if err := s.fromForm(&req, *body.Form); err != nil {
			return err
		}
	} else if err := validateCreate(&req); err != nil {
		return err
	} else if s.opts.PrepareTable != nil {
		if err := s.opts.PrepareTable(c.Request().Context(), &req); err != nil {
			return fail(errBadRequest, "%v", err)
		}
	}
	t, cred, err := s.tables.Create(c.Request().Context(), req)
	if err != nil {
		return err
	}
	s.lg.Info("table created", "table", t.ID(), "rules", req.Rules, "players", len(req.Players))
	return c.JSON(http.StatusCreated, createResponse{
		Table: t.ID(), HostToken: cred.HostToken, PINs: cred.PINs, Snapshot: t.View(engine.Public),
	})
}

// validateCreate checks what the web layer can check before the rules see
// the setup: names present and readable, colours and seats distinct.
func validateCreate(req *CreateRequest) error {
	req.Rules = strings.TrimSpace(req.Rules)
	if req.Rules == "" {
		return fail(errBadRequest, `say which game to play ("rules", e.g. "dead-reckoning")`)
	}
	if len(req.Players) == 0 {
		return fail(errBadRequest, "a table needs at least one player")
	}
	if len(req.Players) > maxPlayers {
		return fail(errBadRequest, "a table has at most %d players, not %d", maxPlayers, len(req.Players))
	}
	names, colours, seats := map[string]bool{}, map[string]bool{}, map[engine.Seat]bool{}
	for i := range req.Players {
		p := &req.Players[i]
		p.Name, p.Colour = strings.TrimSpace(p.Name), strings.TrimSpace(strings.ToLower(p.Colour))
		if err := engine.CheckName(fmt.Sprintf("player %d's name", i+1), p.Name); p.Name != "" && err != nil {
			return fail(errBadRequest, "%s", message(err, engine.ErrMalformed)) // the one check of names
		}
		switch {
		case p.Name == "":
			return fail(errBadRequest, "player %d has no name", i+1)
		case names[strings.ToLower(p.Name)]:
			return fail(errBadRequest, "two players are called %q; give one of them another name", p.Name)
		case p.Colour == "":
			return fail(errBadRequest, "%s has no colour", p.Name)
		case colours[p.Colour]:
			return fail(errBadRequest, "two players have the colour %s", p.Colour)
		case p.Seat < 0 || int(p.Seat) >= len(req.Players):
			return fail(errBadRequest, "%s's seat %d is not between 1 and %d", p.Name, int(p.Seat)+1, len(req.Players))
		case seats[p.Seat]:
			return fail(errBadRequest, "two players sit in seat %d", int(p.Seat)+1)
		}
		names[strings.ToLower(p.Name)], colours[p.Colour], seats[p.Seat] = true, true, true
	}
	if len(req.Setup) > 0 && !json.Valid(req.Setup) {
		return fail(errBadRequest, "the setup is not valid JSON")
	}
	return nil
}

func (s *Server) getView(c echo.Context) error {
	t, a, err := s.table(c)
	if err != nil {
		return err
	}
	if at := c.QueryParam("at"); at != "" {
		v, err := strconv.ParseUint(at, 10, 64)
		if err != nil {
			return fail(errBadRequest, "?at= takes a version number, not %q", at)
		}
		snap, err := t.ViewAt(v, a.Viewer)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, snap)
	}
	return c.JSON(http.StatusOK, t.View(a.Viewer))
}

// whoAmI tells a device what its token or PIN gives it (the phone checks its
// PIN this way before opening the private view).
func (s *Server) whoAmI(c echo.Context) error {
	_, a, err := s.table(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, a)
}

func (s *Server) history(c echo.Context) error {
	t, a, err := s.table(c)
	if err != nil {
		return err
	}
	h := t.History(a.Viewer)
	if h == nil {
		h = []LogEntry{}
	}
	return c.JSON(http.StatusOK, h)
}

// export serves the game as the full JSON log or BG Stats' createPlay JSON.
// While the game runs the log is redacted for whoever asks (the companion
// does it); BG Stats needs a finished game.
func (s *Server) export(c echo.Context) error {
	t, a, err := s.table(c)
	if err != nil {
		return err
	}
	kind := c.QueryParam("kind")
	if kind == "" {
		kind = "json"
	}
	if kind != "json" && kind != "bgstats" {
		return fail(errBadRequest, `export kind %q is not known; use "json" or "bgstats"`, kind)
	}
	b, err := t.Export(a, kind)
	if err != nil {
		return err
	}
	c.Response().Header().Set("Content-Disposition", `attachment; filename="`+t.ID()+"-"+kind+`.json"`)
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}

// actionRequest is the body of POST /actions and /corrections.
type actionRequest struct {
	Action      json.RawMessage `json:"action"`
	BaseVersion *uint64         `json:"baseVersion"`
	Key         string          `json:"key"`
	Source      string          `json:"source"`
	Reason      string          `json:"reason"`
	Corrects    uint64          `json:"corrects"`
}

func (r *actionRequest) submission(a Access) (Submission, error) {
	if len(bytes.TrimSpace(r.Action)) == 0 || bytes.Equal(bytes.TrimSpace(r.Action), []byte("null")) {
		return Submission{}, fail(errBadRequest, `the request has no "action"`)
	}
	if r.BaseVersion == nil {
		return Submission{}, fail(errBadRequest, `say which version of the table the action was made on ("baseVersion")`)
	}
	if len(r.Key) > maxKeyLen {
		return Submission{}, fail(errBadRequest, "the idempotency key is longer than %d characters", maxKeyLen)
	}
	if r.Key == "" {
		r.Key = newKey()
	}
	if r.Source == "" {
		r.Source = defaultSource
	}
	if !sources[r.Source] {
		return Submission{}, fail(errBadRequest, "source %q is not one of tablet, phone, button, rfid, camera, api", r.Source)
	}
	return Submission{Access: a, Action: r.Action, BaseVersion: *r.BaseVersion, Key: r.Key, Source: r.Source, Corrects: r.Corrects}, nil
}

func newKey() string {
	var b [12]byte
	_, _ = rand.Read(b[:])
	return "srv-" + hex.EncodeToString(b[:])
}

func (s *Server) postAction(c echo.Context) error {
	t, a, err := s.table(c)
	if err != nil {
		return err
	}
	var req actionRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if req.Reason != "" || req.Corrects != 0 {
		return fail(errBadRequest, `"reason" and "corrects" belong to a correction (POST .../corrections), not to an action`)
	}
	sub, err := req.submission(a)
	if err != nil {
		return err
	}
	res, err := t.Submit(c.Request().Context(), sub)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

// undoRequest is the optional body of POST /undo: with the version the host
// was looking at, a double tap undoes one action, not two.
type undoRequest struct {
	BaseVersion *uint64 `json:"baseVersion"`
}

func (s *Server) undo(c echo.Context) error {
	t, a, err := s.hostTable(c, "undo")
	if err != nil {
		return err
	}
	var req undoRequest
	if c.Request().ContentLength != 0 {
		if err := bindJSON(c, &req); err != nil {
			return err
		}
	}
	var res Result
	if req.BaseVersion != nil {
		res, err = t.UndoAt(c.Request().Context(), a, *req.BaseVersion)
	} else {
		res, err = t.Undo(c.Request().Context(), a)
	}
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

func (s *Server) correct(c echo.Context) error {
	t, a, err := s.hostTable(c, "correct a recorded read")
	if err != nil {
		return err
	}
	var req actionRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	req.Reason = strings.TrimSpace(req.Reason)
	if req.Reason == "" {
		return fail(errBadRequest, "say why the record is corrected (\"reason\"); it is kept in the audit trail")
	}
	if len(req.Reason) > maxReasonLen {
		return fail(errBadRequest, "the reason is longer than %d characters", maxReasonLen)
	}
	sub, err := req.submission(a)
	if err != nil {
		return err
	}
	res, err := t.Correct(c.Request().Context(), a, sub, req.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

// proposals lists the camera's battle reads waiting for a player.
func (s *Server) proposals(c echo.Context) error {
	t, _, err := s.table(c)
	if err != nil {
		return err
	}
	ps := t.Proposals()
	if ps == nil {
		ps = []ProposedRead{}
	}
	return c.JSON(http.StatusOK, ps)
}

// confirmRead applies the camera's read as it is.
func (s *Server) confirmRead(c echo.Context) error {
	t, a, err := s.table(c)
	if err != nil {
		return err
	}
	var req undoRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if req.BaseVersion == nil {
		return fail(errBadRequest, `say which version of the table the read was confirmed on ("baseVersion")`)
	}
	res, err := t.ConfirmRead(c.Request().Context(), a, c.Param("read"), *req.BaseVersion)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}

// dismissRead drops a proposed read nobody wants; the game does not change.
func (s *Server) dismissRead(c echo.Context) error {
	t, a, err := s.table(c)
	if err != nil {
		return err
	}
	if err := t.DismissRead(a, c.Param("read")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// correctRead applies a read typed in by hand instead of the camera's; the
// reason and the camera's proposal go into the audit trail.
func (s *Server) correctRead(c echo.Context) error {
	t, a, err := s.table(c)
	if err != nil {
		return err
	}
	var req actionRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	req.Reason = strings.TrimSpace(req.Reason)
	if req.Reason == "" {
		return fail(errBadRequest, "say what the camera got wrong (\"reason\"); it is kept in the audit trail")
	}
	if len(req.Reason) > maxReasonLen {
		return fail(errBadRequest, "the reason is longer than %d characters", maxReasonLen)
	}
	hadKey := req.Key != ""
	sub, err := req.submission(a)
	if err != nil {
		return err
	}
	if !hadKey {
		sub.Key = "" // the companion keys it by the proposal: resolved once
	}
	res, err := t.CorrectRead(c.Request().Context(), sub, c.Param("read"), req.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}
