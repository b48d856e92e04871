package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/web/ui"
)

// Options configures a Server. The zero value serves the dashboard without a
// camera, simulator, calibration or score calculator.
type Options struct {
	// Frames is the camera with the detection overlay; nil: no camera.
	Frames FrameSource
	// Sim drives simulated devices from the developer panel; nil: no panel.
	Sim SimControls
	// SimDice rolls the dice a table waits for on the simulated camera
	// (the panel's dice tray, /api/sim with key SimDiceKey); nil: none.
	SimDice SimDice
	// Calibrator edits the camera calibration (host only); nil: none.
	Calibrator Calibrator
	// Rules are the games served at /api/rules, in the order the shell
	// offers them; nil: the rules of the companion's Manager (New).
	Rules []engine.Rules
	// Catalogs keeps each game's owner's catalog; nil: none is kept.
	Catalogs Catalogs
	// PracticeCatalogs is a directory of practice catalogs, <rules>.json
	// with made-up values (examples/catalogs), that the catalog page offers
	// to load; "": none (cmd gives it only to a simulated table).
	PracticeCatalogs string
	// TableBoard, when set, returns the table's calibrated battle-board
	// layout (nil when there is none); a new game from the form gets it
	// as option engine.OptionTableBoard.
	TableBoard func() json.RawMessage
	// Hardware switches the table's hardware (tower, camera, buttons,
	// RFID) between tables; nil: this server has none.
	Hardware Hardware
	// DefaultLayout is the battle board /api/layout serves when the camera
	// is not calibrated; nil: none.
	DefaultLayout json.RawMessage
	// PrepareTable, when set, completes a new table's request after it has
	// been checked and before the rules see it (cmd gives a setup sent by a
	// script the calibrated battle board). An error refuses the table with
	// its message (400).
	PrepareTable func(ctx context.Context, req *CreateRequest) error
	// MaxBody limits request bodies; 0 means 64 KiB.
	MaxBody int64
	// PingInterval is how often a WebSocket is pinged; a client that does not
	// answer within the same time is dropped. 0 means 3 s, so a dropped
	// device is noticed within 10 s.
	PingInterval time.Duration
	// OriginPatterns lets WebSockets be opened from pages served elsewhere
	// (a UI development server); empty: same origin only.
	OriginPatterns []string
	// Hosts are names the server is reached by besides its addresses,
	// localhost and this machine's name (e.g. "table.example"); a request
	// naming another host is refused (DNS rebinding, see guard.go).
	Hosts []string
	// Limits bounds request times, WebSockets and table creation (see
	// limits.go); the zero value takes the defaults.
	Limits Limits
	// NeedsRepair lists the parts that did not start from their files (a
	// damaged palette, calibration or cards file), shown by /api/health;
	// nil: none.
	NeedsRepair func() []string
}

// Server is the web dashboard: the JSON API, the WebSockets and the UI.
type Server struct {
	lg   *slog.Logger
	opts Options
	e    *echo.Echo
	hub  *hub
	// tables are this server's tables (the companion's Manager).
	tables Tables
	// rules are the games served, through their kits.
	rules kitRules
	// hostNames are the names guard accepts in the Host header.
	hostNames []string
	// lim counts WebSockets and table creations per client (limits.go).
	lim *limiter
}

const defaultMaxBody = 64 << 10

// handler builds the echo router. Kept apart from New so the routes read as
// one list.
func (s *Server) routes() {
	e := s.e
	e.HTTPErrorHandler = s.handleError
	e.Use(s.recoverPanic, s.guard, s.limit, s.limitBody, noStoreAPI)

	api := e.Group("/api")
	api.GET("/health", s.health)
	api.GET("/help", s.searchHelp)
	api.POST("/score", s.justScore)
	api.GET("/camera.mjpg", s.cameraStream)
	api.GET("/camera.jpg", s.cameraFrame)
	api.GET("/sim", s.simDevices)
	api.POST("/sim", s.simDo, s.simHost)
	api.GET("/qr.svg", s.qrCode)
	api.GET("/layout", s.layout)
	api.GET("/hardware", s.hardwareTable)
	s.rulesRoutes(api)
	s.tableRoutes(api)

	static, err := fs.Sub(ui.Files, ".")
	if err != nil {
		panic(err) // the embedded files are part of the binary
	}
	files := http.FileServer(http.FS(static))
	e.GET("/*", func(c echo.Context) error {
		if p := c.Request().URL.Path; p == "/api" || strings.HasPrefix(p, "/api/") {
			return fail(errNotFound, "there is no API address %s", p)
		}
		files.ServeHTTP(c.Response(), c.Request())
		return nil
	})
}

// recoverPanic turns a panic in a handler into a 500 that is logged, so one
// bad request never takes the table's server down. (echo's middleware package
// is not used: it pulls in a module this project does not pin.)
func (s *Server) recoverPanic(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) (err error) {
		defer func() {
			if r := recover(); r != nil {
				s.lg.Error("handler panicked", "path", c.Path(), "panic", r)
				err = fmt.Errorf("panic: %v", r)
			}
		}()
		return next(c)
	}
}

// limitBody refuses request bodies over MaxBody: at once when the declared
// length is too big, else when reading passes the limit.
func (s *Server) limitBody(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if r.ContentLength > s.opts.MaxBody {
			return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
		}
		r.Body = http.MaxBytesReader(c.Response(), r.Body, s.opts.MaxBody)
		return next(c)
	}
}

// noStoreAPI keeps browsers from caching API answers: a view is only ever
// current until the next action.
func noStoreAPI(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		c.Response().Header().Set("Cache-Control", "no-store")
		return next(c)
	}
}

// ServeHTTP makes the Server an http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.e.ServeHTTP(w, r) }

// Start serves on addr until ctx is done, then shuts down gracefully (open
// WebSockets are closed, so their clients reconnect to the next server).
func (s *Server) Start(ctx context.Context, addr string) error {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	return s.Serve(ctx, ln)
}

// Serve is Start on a listener the caller opened.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	srv := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: HeaderTimeout,
		IdleTimeout:       IdleTimeout,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	s.lg.Info("serving", "addr", ln.Addr().String())
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	s.hub.closeAll()
	sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return nil
}

func (s *Server) health(c echo.Context) error {
	return c.JSON(http.StatusOK, map[string]any{
		"ok":          true,
		"camera":      s.opts.Frames != nil,
		"sim":         s.opts.Sim != nil || s.opts.SimDice != nil,
		"simDice":     s.opts.SimDice != nil,
		"hardware":    s.opts.Hardware != nil,
		"calibration": s.opts.Calibrator != nil,
		"rules":       s.rules.order,
		"score":       s.hasCalculator(),
		"needsRepair": s.needsRepair(),
	})
}

// hasCalculator reports whether a game served has an end-state calculator
// (the old dashboard's "just score" page).
func (s *Server) hasCalculator() bool {
	for _, r := range s.rules.by {
		if _, ok := r.(engine.EndStateCalculator); ok {
			return true
		}
	}
	return false
}

// oldKeys are the API's keys renamed when it took one naming convention
// (camelCase); bodies written with the old names are still taken.
var oldKeys = engine.LegacyKeys{"image_width": "imageWidth", "image_height": "imageHeight"}

// bindJSON decodes a request body strictly: unknown fields and trailing data
// are refused with a sentence naming the problem.
func bindJSON(c echo.Context, dst any) error {
	body, err := io.ReadAll(c.Request().Body)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
	}
	if err != nil {
		return fail(errBadRequest, "the request body could not be read: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(oldKeys.Rewrite(body)))
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return fail(errBadRequest, "the request body is not the JSON this address takes: %v", err)
	}
	if dec.More() {
		return fail(errBadRequest, "the request body has data after the JSON object")
	}
	return nil
}

// New builds the Server for the tables of mgr.
func New(lg *slog.Logger, mgr *companion.Manager, opts Options) *Server {
	if opts.Rules == nil {
		opts.Rules = mgr.Rules()
	}
	return NewFromTables(lg, managerTables{mgr}, opts)
}

// NewFromTables builds a Server over any Tables (New wraps the companion's
// Manager in one); tests use an in-memory fake.
func NewFromTables(lg *slog.Logger, tables Tables, opts Options) *Server {
	if lg == nil {
		lg = slog.New(slog.DiscardHandler)
	}
	if opts.MaxBody <= 0 {
		opts.MaxBody = defaultMaxBody
	}
	if opts.PingInterval <= 0 {
		opts.PingInterval = 3 * time.Second
	}
	e := echo.New()
	e.HideBanner, e.HidePort = true, true
	s := &Server{lg: lg, opts: opts, e: e, hub: newHub(), tables: tables, rules: newKitRules(opts.Rules), hostNames: hostNames(opts.Hosts), lim: newLimiter(opts.Limits, nil)}
	s.routes()
	return s
}
