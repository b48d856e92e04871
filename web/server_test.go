package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/quartermaster-table/quartermaster/companion"
	"github.com/quartermaster-table/quartermaster/companion/store"
	"github.com/quartermaster-table/quartermaster/engine"
)

// env is a server over a real companion Manager (SQLite in a temporary
// directory, the made-up tally game), reached through httptest.
type env struct {
	t    testing.TB
	srv  *Server
	mgr  *companion.Manager
	http *httptest.Server
}

// newEnv plays the made-up tally game and the Dead Reckoning test fixture,
// or the rules given.
func newEnv(t testing.TB, opts Options, rules ...engine.Rules) *env {
	t.Helper()
	if len(rules) == 0 {
		rules = []engine.Rules{tallyRules{}, drFixture{}}
	}
	st, err := store.OpenSQLite(filepath.Join(t.TempDir(), "tables.db"))
	if err != nil {
		t.Fatal(err)
	}
	mgr, err := companion.NewManager(nil, st, rules, companion.ManagerOpts{})
	if err != nil {
		t.Fatal(err)
	}
	if opts.PingInterval == 0 {
		opts.PingInterval = 200 * time.Millisecond
	}
	if opts.DefaultLayout == nil {
		// cmd serves Dead Reckoning's default board; the battle screen
		// builds its by-hand read from it.
		b, err := os.ReadFile("../engine/layout/board.default.json")
		if err != nil {
			t.Fatal(err)
		}
		opts.DefaultLayout = b
	}
	var lg *slog.Logger
	if os.Getenv("QM_TEST_LOG") != "" {
		lg = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelDebug}))
	}
	s := New(lg, mgr, opts)
	hs := httptest.NewServer(s)
	t.Cleanup(func() {
		hs.CloseClientConnections()
		hs.Close()
		mgr.Close()
		st.Close()
	})
	return &env{t: t, srv: s, mgr: mgr, http: hs}
}

type reply struct {
	status int
	body   []byte
	header http.Header
}

func (r reply) json(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.body, v); err != nil {
		t.Fatalf("answer is not JSON (%v): %s", err, r.body)
	}
}

// apiErr decodes an error answer.
func (r reply) apiErr(t testing.TB) apiError {
	t.Helper()
	var e apiError
	r.json(t, &e)
	if e.Message == "" || e.Code == "" {
		t.Fatalf("error answer without code or message: %s", r.body)
	}
	return e
}

// do sends a request; hdr holds extra headers ("Authorization", "X-PIN").
func (e *env) do(method, path, body string, hdr ...string) reply {
	e.t.Helper()
	var rd io.Reader
	if body != "" {
		rd = strings.NewReader(body)
	}
	req, err := http.NewRequest(method, e.http.URL+path, rd)
	if err != nil {
		e.t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
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

func host(tok string) []string { return []string{"Authorization", "Bearer " + tok} }
func pin(p string) []string    { return []string{"X-PIN", p} }

const twoPlayers = `{"rules":"tally","players":[{"name":"Ann","colour":"purple","seat":0},{"name":"Ben","colour":"green","seat":1}]}`

// create starts a two-player table and returns its id and credentials.
func (e *env) create() createResponse {
	e.t.Helper()
	r := e.do("POST", "/api/tables", twoPlayers)
	if r.status != http.StatusCreated {
		e.t.Fatalf("create: %d %s", r.status, r.body)
	}
	var cr createResponse
	r.json(e.t, &cr)
	return cr
}

func TestCreateTable(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	if cr.Table == "" || cr.HostToken == "" || len(cr.PINs) != 2 {
		t.Fatalf("create answer lacks table, token or PINs: %+v", cr)
	}
	if cr.Snapshot.Version != 0 || len(cr.Snapshot.Players) != 2 {
		t.Errorf("initial snapshot: %+v", cr.Snapshot)
	}
	if strings.Contains(string(cr.Snapshot.View), "SECRET") {
		t.Errorf("the initial public view holds a secret: %s", cr.Snapshot.View)
	}
	// The list shows it.
	var list []TableSummary
	e.do("GET", "/api/tables", "").json(t, &list)
	if len(list) != 1 || list[0].ID != cr.Table {
		t.Errorf("list = %+v", list)
	}
	// The token and PINs are never in the list.
	if b := e.do("GET", "/api/tables", "").body; bytes.Contains(b, []byte(cr.HostToken)) || bytes.Contains(b, []byte(cr.PINs[0])) {
		t.Errorf("the list leaks a secret: %s", b)
	}
}

func TestCreateTableRefusals(t *testing.T) {
	e := newEnv(t, Options{})
	cases := []struct {
		name, body string
		status     int
		says       string
	}{
		{"not JSON", `{"rules":`, 400, "not the JSON"},
		{"unknown field", `{"rules":"tally","players":[],"colour":"x"}`, 400, "unknown field"},
		{"no rules", `{"players":[{"name":"Ann","colour":"red","seat":0}]}`, 400, "which game"},
		{"no players", `{"rules":"tally","players":[]}`, 400, "at least one player"},
		{"empty name", `{"rules":"tally","players":[{"name":" ","colour":"red","seat":0}]}`, 400, "no name"},
		{"same colour", `{"rules":"tally","players":[{"name":"Ann","colour":"red","seat":0},{"name":"Ben","colour":"Red","seat":1}]}`, 400, "colour red"},
		{"same name", `{"rules":"tally","players":[{"name":"Ann","colour":"red","seat":0},{"name":"ann","colour":"blue","seat":1}]}`, 400, "two players are called"},
		{"bad seat", `{"rules":"tally","players":[{"name":"Ann","colour":"red","seat":3}]}`, 400, "seat 4"},
		{"unknown rules", `{"rules":"chess","players":[{"name":"Ann","colour":"red","seat":0}]}`, 400, "unknown rules"},
		{"trailing data", twoPlayers + `{}`, 400, "after the JSON"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := e.do("POST", "/api/tables", c.body)
			if r.status != c.status {
				t.Fatalf("status %d, want %d: %s", r.status, c.status, r.body)
			}
			if msg := r.apiErr(t).Message; !strings.Contains(msg, c.says) {
				t.Errorf("message %q does not say %q", msg, c.says)
			}
		})
	}
}

func TestBodyLimit(t *testing.T) {
	e := newEnv(t, Options{MaxBody: 1024})
	big := `{"rules":"tally","players":[{"name":"` + strings.Repeat("a", 2000) + `","colour":"red","seat":0}]}`
	r := e.do("POST", "/api/tables", big)
	if r.status != http.StatusRequestEntityTooLarge {
		t.Fatalf("status %d, want 413: %s", r.status, r.body)
	}
	if r.apiErr(t).Code != "too-large" {
		t.Errorf("code: %s", r.body)
	}
	// Chunked (no Content-Length) is caught while reading.
	req, _ := http.NewRequest("POST", e.http.URL+"/api/tables", io.MultiReader(strings.NewReader(big)))
	req.ContentLength = -1
	req.Header.Set("Content-Type", "application/json")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusRequestEntityTooLarge {
		t.Errorf("chunked body: status %d, want 413", res.StatusCode)
	}
}

func TestViewsAndPINs(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	base := "/api/tables/" + cr.Table
	// Ann hides coins: a private action.
	r := e.do("POST", base+"/actions", `{"action":{"type":"hide","seat":0,"coins":7},"baseVersion":0,"key":"k1"}`, pin(cr.PINs[0])...)
	if r.status != 200 {
		t.Fatalf("hide: %d %s", r.status, r.body)
	}
	if !bytes.Contains(r.body, []byte("SECRET-7")) {
		t.Errorf("Ann's own result should tell her the secret: %s", r.body)
	}
	for _, c := range []struct {
		name   string
		hdr    []string
		secret bool
	}{
		{"public", nil, false},
		{"host", host(cr.HostToken), false},
		{"Ann", pin(cr.PINs[0]), true},
		{"Ben", pin(cr.PINs[1]), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, path := range []string{base, base + "/history", base + "?at=1"} {
				r := e.do("GET", path, "", c.hdr...)
				if r.status != 200 {
					t.Fatalf("%s: %d %s", path, r.status, r.body)
				}
				if got := bytes.Contains(r.body, []byte("SECRET-7")); got != c.secret {
					t.Errorf("%s: sees Ann's secret = %v, want %v: %s", path, got, c.secret, r.body)
				}
			}
		})
	}
	// Wrong PIN and wrong token are refused, unknown tables are not found.
	if r := e.do("GET", base, "", pin("0000")...); r.status != 403 {
		t.Errorf("wrong PIN: %d", r.status)
	}
	if r := e.do("GET", base, "", host("nope")...); r.status != 403 {
		t.Errorf("wrong token: %d", r.status)
	}
	if r := e.do("GET", "/api/tables/nosuch", ""); r.status != 404 || r.apiErr(t).Code != "not-found" {
		t.Errorf("unknown table: %d %s", r.status, r.body)
	}
	// /me tells the phone which seat its PIN opens.
	var a Access
	e.do("GET", base+"/me", "", pin(cr.PINs[1])...).json(t, &a)
	if a.Viewer.Seat != 1 || a.Host {
		t.Errorf("me = %+v", a)
	}
}

func TestActionErrors(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	act := "/api/tables/" + cr.Table + "/actions"
	if r := e.do("POST", act, `{"action":{"type":"add","seat":0,"n":2},"baseVersion":0,"key":"a"}`); r.status != 200 {
		t.Fatalf("add: %d %s", r.status, r.body)
	}
	cases := []struct {
		name, body string
		hdr        []string
		status     int
		code       string
		page       int
	}{
		{"stale", `{"action":{"type":"add","seat":1,"n":2},"baseVersion":0,"key":"b"}`, nil, 409, "stale", 0},
		{"illegal", `{"action":{"type":"add","seat":1,"n":9},"baseVersion":1,"key":"c"}`, nil, 422, "add-limit", 9},
		{"not your turn", `{"action":{"type":"add","seat":0,"n":1},"baseVersion":1,"key":"d"}`, nil, 422, "not-your-turn", 0},
		{"malformed action", `{"action":{"type":"fly","seat":1},"baseVersion":1,"key":"e"}`, nil, 400, "malformed", 0},
		{"no action", `{"baseVersion":1}`, nil, 400, "bad-request", 0},
		{"no base version", `{"action":{"type":"add","seat":1,"n":1}}`, nil, 400, "bad-request", 0},
		{"bad source", `{"action":{"type":"add","seat":1,"n":1},"baseVersion":1,"source":"pigeon"}`, nil, 400, "bad-request", 0},
		{"other seat's PIN", `{"action":{"type":"add","seat":1,"n":1},"baseVersion":1,"key":"f"}`, pin(cr.PINs[0]), 403, "forbidden", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := e.do("POST", act, c.body, c.hdr...)
			if r.status != c.status {
				t.Fatalf("status %d, want %d: %s", r.status, c.status, r.body)
			}
			ae := r.apiErr(t)
			if ae.Code != c.code || ae.Page != c.page {
				t.Errorf("error %+v, want code %q page %d", ae, c.code, c.page)
			}
		})
	}
	// The rule's sentence reaches the player unchanged.
	r := e.do("POST", act, `{"action":{"type":"add","seat":1,"n":9},"baseVersion":1}`)
	if ae := r.apiErr(t); ae.Message != "you may add 1 to 5 at a time, not 9" {
		t.Errorf("message %q", ae.Message)
	}
	// A repeated key is recognised, not applied twice.
	r = e.do("POST", act, `{"action":{"type":"add","seat":0,"n":2},"baseVersion":0,"key":"a"}`)
	var res Result
	r.json(t, &res)
	if r.status != 200 || !res.Repeated || res.Version != 1 {
		t.Errorf("repeat: %d %s", r.status, r.body)
	}
}

func TestUndoAndCorrectionsAreHostOnly(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	base := "/api/tables/" + cr.Table
	e.do("POST", base+"/actions", `{"action":{"type":"add","seat":0,"n":3},"baseVersion":0}`)
	for _, hdr := range [][]string{nil, pin(cr.PINs[0])} {
		if r := e.do("POST", base+"/undo", "", hdr...); r.status != 403 || !strings.Contains(r.apiErr(t).Message, "only the host") {
			t.Errorf("undo without the token: %d %s", r.status, r.body)
		}
		if r := e.do("POST", base+"/corrections", `{"action":{"type":"add","seat":0,"n":1},"baseVersion":1,"reason":"x"}`, hdr...); r.status != 403 {
			t.Errorf("correction without the token: %d %s", r.status, r.body)
		}
	}
	r := e.do("POST", base+"/undo", "", host(cr.HostToken)...)
	if r.status != 200 {
		t.Fatalf("undo: %d %s", r.status, r.body)
	}
	var snap Snapshot
	e.do("GET", base, "").json(t, &snap)
	if !strings.Contains(string(snap.View), `"scores":[0,0]`) || snap.Version != 2 {
		t.Errorf("after undo: %+v %s", snap, snap.View)
	}
	// Nothing left to undo is a conflict the host reads.
	if r := e.do("POST", base+"/undo", "", host(cr.HostToken)...); r.status != 409 || r.apiErr(t).Code != "nothing-to-undo" {
		t.Errorf("second undo: %d %s", r.status, r.body)
	}
	// With the version the host saw, a double tap undoes once.
	e.do("POST", base+"/actions", `{"action":{"type":"add","seat":0,"n":3},"baseVersion":2}`)
	e.do("POST", base+"/actions", `{"action":{"type":"add","seat":1,"n":1},"baseVersion":3}`)
	if r := e.do("POST", base+"/undo", `{"baseVersion":4}`, host(cr.HostToken)...); r.status != 200 {
		t.Errorf("undo at 4: %d %s", r.status, r.body)
	}
	if r := e.do("POST", base+"/undo", `{"baseVersion":4}`, host(cr.HostToken)...); r.status != 409 || r.apiErr(t).Code != "stale" {
		t.Errorf("double tap: %d %s", r.status, r.body)
	}
	if r := e.do("POST", base+"/corrections", `{"action":{"type":"add","seat":0,"n":1},"baseVersion":5}`, host(cr.HostToken)...); r.status != 400 || !strings.Contains(r.apiErr(t).Message, "why") {
		t.Errorf("correction without a reason: %d %s", r.status, r.body)
	}
	if r := e.do("POST", base+"/corrections", `{"action":{"type":"add","seat":1,"n":1},"baseVersion":5,"reason":"the camera misread"}`, host(cr.HostToken)...); r.status != 200 {
		t.Errorf("correction: %d %s", r.status, r.body)
	}
}

func TestExport(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	base := "/api/tables/" + cr.Table
	e.do("POST", base+"/actions", `{"action":{"type":"hide","seat":0,"coins":9},"baseVersion":0}`, pin(cr.PINs[0])...)
	// While the game runs the log is redacted for whoever asks.
	r := e.do("GET", base+"/export?kind=json", "")
	if r.status != 200 || r.header.Get("Content-Disposition") == "" || bytes.Contains(r.body, []byte("SECRET-9")) {
		t.Errorf("public export: %d %s", r.status, r.body)
	}
	// BG Stats wants a finished game.
	if r := e.do("GET", base+"/export?kind=bgstats", "", host(cr.HostToken)...); r.status != 409 || r.apiErr(t).Code != "not-over" {
		t.Errorf("bgstats of a running game: %d %s", r.status, r.body)
	}
	if r := e.do("GET", base+"/export?kind=pdf", "", host(cr.HostToken)...); r.status != 400 {
		t.Errorf("unknown export kind: %d", r.status)
	}
}

func TestTimeTravel(t *testing.T) {
	e := newEnv(t, Options{})
	cr := e.create()
	base := "/api/tables/" + cr.Table
	e.do("POST", base+"/actions", `{"action":{"type":"add","seat":0,"n":3},"baseVersion":0}`)
	e.do("POST", base+"/actions", `{"action":{"type":"add","seat":1,"n":4},"baseVersion":1}`)
	var snap Snapshot
	e.do("GET", base+"?at=1", "").json(t, &snap)
	if snap.Version != 1 || !strings.Contains(string(snap.View), `"scores":[3,0]`) {
		t.Errorf("at 1: %+v %s", snap, snap.View)
	}
	if r := e.do("GET", base+"?at=x", ""); r.status != 400 {
		t.Errorf("?at=x: %d", r.status)
	}
	if r := e.do("GET", base+"?at=9", ""); r.status != 404 {
		t.Errorf("?at=9: %d", r.status)
	}
}

func TestErrorMapping(t *testing.T) {
	e := newEnv(t, Options{})
	for _, c := range []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/api/nothing-here", 404, "not-found"},
		{"DELETE", "/api/tables", 405, "method-not-allowed"},
		{"GET", "/api/camera.mjpg", 501, "not-available"},
		{"GET", "/api/sim", 501, "not-available"},
	} {
		r := e.do(c.method, c.path, "")
		if r.status != c.status || r.apiErr(t).Code != c.code {
			t.Errorf("%s %s: %d %s, want %d %s", c.method, c.path, r.status, r.body, c.status, c.code)
		}
	}
	// Unknown errors become a 500 that says nothing of the inside.
	status, body := errorBody(errors.New("disk on fire at /var/secret"))
	if status != 500 || strings.Contains(body.Message, "secret") {
		t.Errorf("internal error: %d %+v", status, body)
	}
}

func TestStaticUI(t *testing.T) {
	e := newEnv(t, Options{})
	r := e.do("GET", "/", "")
	if r.status != 200 || !strings.Contains(string(r.body), "<html") {
		t.Fatalf("index: %d %.200s", r.status, r.body)
	}
	for _, p := range []string{"/js/app.js", "/css/app.css"} {
		if r := e.do("GET", p, ""); r.status != 200 || len(r.body) == 0 {
			t.Errorf("%s: %d", p, r.status)
		}
	}
}

func TestQRCode(t *testing.T) {
	e := newEnv(t, Options{})
	r := e.do("GET", "/api/qr.svg?text=http%3A%2F%2F10.0.0.2%3A8080%2F%23%2Fjoin%2Ft1%2F1234", "")
	if r.status != 200 || r.header.Get("Content-Type") != "image/svg+xml" || !bytes.HasPrefix(r.body, []byte("<svg")) {
		t.Fatalf("qr: %d %s %.80s", r.status, r.header.Get("Content-Type"), r.body)
	}
	if r := e.do("GET", "/api/qr.svg?text=", ""); r.status != 400 {
		t.Errorf("empty text: %d", r.status)
	}
	if r := e.do("GET", "/api/qr.svg?text="+strings.Repeat("a", 400), ""); r.status != 400 {
		t.Errorf("long text: %d", r.status)
	}
}

// TestQRStructure checks what every QR scanner relies on: the three finder
// patterns, the timing patterns, and a size that fits the text.
func TestQRStructure(t *testing.T) {
	m, err := qrModules("http://192.168.1.20:8080/#/join/abc123/4821")
	if err != nil {
		t.Fatal(err)
	}
	n := len(m)
	if (n-17)%4 != 0 || n < 21 {
		t.Fatalf("size %d is not a QR size", n)
	}
	finder := func(x0, y0 int) {
		for y := 0; y < 7; y++ {
			for x := 0; x < 7; x++ {
				ring := x == 0 || y == 0 || x == 6 || y == 6
				core := x >= 2 && x <= 4 && y >= 2 && y <= 4
				if m[y0+y][x0+x] != (ring || core) {
					t.Fatalf("finder at (%d,%d) wrong at (%d,%d)", x0, y0, x, y)
				}
			}
		}
	}
	finder(0, 0)
	finder(n-7, 0)
	finder(0, n-7)
	for i := 8; i < n-8; i++ {
		if m[6][i] != (i%2 == 0) || m[i][6] != (i%2 == 0) {
			t.Fatalf("timing pattern broken at %d", i)
		}
	}
}

func TestCalibration(t *testing.T) {
	cal := &fakeCalibrator{}
	e := newEnv(t, Options{Calibrator: cal})
	cr := e.create()
	path := "/api/tables/" + cr.Table + "/calibration"
	good := `{"corners":[{"x":10,"y":10},{"x":600,"y":20},{"x":610,"y":400},{"x":5,"y":390}],"imageWidth":640,"imageHeight":480,"layout":{"width":200}}`
	if r := e.do("PUT", path, good); r.status != 403 {
		t.Errorf("calibration without the host token: %d", r.status)
	}
	if r := e.do("PUT", path, good, pin(cr.PINs[0])...); r.status != 403 {
		t.Errorf("calibration with a PIN: %d", r.status)
	}
	if r := e.do("PUT", path, good, host(cr.HostToken)...); r.status != 200 || cal.corner(1).X != 600 {
		t.Fatalf("save: %d %s", r.status, r.body)
	}
	var got CameraCalibration
	e.do("GET", path, "", host(cr.HostToken)...).json(t, &got)
	if got.Corners[2].Y != 400 {
		t.Errorf("load: %+v", got)
	}
	if r := e.do("GET", path, "", host(cr.HostToken)...); !strings.Contains(string(r.body), `"imageWidth":640`) {
		t.Errorf("the calibration is not written in camelCase: %s", r.body)
	}
	// A client written before the one naming convention still saves.
	old := strings.NewReplacer("imageWidth", "image_width", "imageHeight", "image_height", `"x":600`, `"x":601`).Replace(good)
	if r := e.do("PUT", path, old, host(cr.HostToken)...); r.status != 200 || cal.corner(1).X != 601 {
		t.Errorf("save with the old keys: %d %s", r.status, r.body)
	}
	for name, bad := range map[string]string{
		"outside": `{"corners":[{"x":10,"y":10},{"x":900,"y":20},{"x":610,"y":400},{"x":5,"y":390}],"imageWidth":640,"imageHeight":480}`,
		"crossed": `{"corners":[{"x":600,"y":20},{"x":10,"y":10},{"x":610,"y":400},{"x":5,"y":390}],"imageWidth":640,"imageHeight":480}`,
		"no size": `{"corners":[{"x":10,"y":10},{"x":600,"y":20},{"x":610,"y":400},{"x":5,"y":390}]}`,
	} {
		if r := e.do("PUT", path, bad, host(cr.HostToken)...); r.status != 400 {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
	// The guided colour drop: the plan, the empty board, the measure.
	if r := e.do("POST", path+"/start", "", pin(cr.PINs[0])...); r.status != 403 {
		t.Errorf("colour plan with a PIN: %d", r.status)
	}
	var plan ColourPlan
	e.do("POST", path+"/start", "", host(cr.HostToken)...).json(t, &plan)
	if plan.Reference || len(plan.Zones) != 2 || plan.Zones[0].Colour != "green" || plan.Cubes != 3 {
		t.Errorf("plan before the empty board = %+v", plan)
	}
	if r := e.do("POST", path+"/colours", `{"zones":{"plunder-cargo":"purple"}}`, host(cr.HostToken)...); r.status != 400 || !strings.Contains(string(r.body), "empty board first") {
		t.Errorf("measuring before the empty board: %d %s", r.status, r.body)
	}
	if r := e.do("POST", path+"/empty", "", host(cr.HostToken)...); r.status != 200 || !strings.Contains(string(r.body), "captured") {
		t.Errorf("capture empty: %d %s", r.status, r.body)
	}
	e.do("POST", path+"/start", "", host(cr.HostToken)...).json(t, &plan)
	if !plan.Reference {
		t.Error("the plan does not know the empty board was captured")
	}
	var res ColourResult
	r := e.do("POST", path+"/colours", `{"zones":{"plunder-cargo":"purple","explode":"green"}}`, host(cr.HostToken)...)
	r.json(t, &res)
	if r.status != 200 || cal.colour("explode") != "green" || len(res.Colours) != 2 || res.Misread == nil {
		t.Errorf("colours: %d %s", r.status, r.body)
	}
	for name, bad := range map[string]string{
		"no zones":  `{"zones":{}}`,
		"old form":  `{"counts":{"purple":5}}`,
		"no colour": `{"zones":{"explode":" "}}`,
		"not JSON":  `{"zones":`,
	} {
		if r := e.do("POST", path+"/colours", bad, host(cr.HostToken)...); r.status != 400 || !strings.Contains(string(r.body), `"message"`) {
			t.Errorf("%s: %d %s", name, r.status, r.body)
		}
	}
	// A real camera has no simulated drop.
	if r := e.do("POST", path+"/simulate-drop", `{"zones":{"explode":"green"}}`, host(cr.HostToken)...); r.status != 501 {
		t.Errorf("simulated drop on a real camera: %d %s", r.status, r.body)
	}
	if r := e.do("POST", path+"/test-read", "", host(cr.HostToken)...); r.status != 200 || !strings.Contains(string(r.body), "tally") {
		t.Errorf("test read: %d %s", r.status, r.body)
	}
}

type fakeCalibrator struct {
	mu      sync.Mutex
	saved   CameraCalibration
	colours map[string]string
	empty   bool
}

func (f *fakeCalibrator) Calibration(context.Context) (CameraCalibration, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.saved, nil
}
func (f *fakeCalibrator) SaveCalibration(_ context.Context, c CameraCalibration) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.saved = c
	return nil
}
func (f *fakeCalibrator) corner0() Point { return f.corner(0) }
func (f *fakeCalibrator) corner(i int) Point {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.saved.Corners[i]
}
func (f *fakeCalibrator) colour(zone string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.colours[zone]
}
func (f *fakeCalibrator) ColourPlan(context.Context) (ColourPlan, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return ColourPlan{Reference: f.empty, Cubes: 3, Zones: []ZoneColour{{Zone: "explode", Colour: "green", RGB: [3]int{38, 140, 72}}, {Zone: "plunder-cargo", Colour: "purple", RGB: [3]int{112, 58, 150}}}}, nil
}
func (f *fakeCalibrator) CaptureEmpty(context.Context) (string, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.empty = true
	return "The empty board is captured (test).", nil
}
func (f *fakeCalibrator) CalibrateColours(_ context.Context, z map[string]string) (ColourResult, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.empty {
		return ColourResult{}, errors.New("capture the empty board first (test)")
	}
	f.colours = z
	out := ColourResult{Result: fmt.Sprintf("measured %d colours (test)", len(z))}
	for zone, c := range z {
		out.Colours = append(out.Colours, MeasuredColour{Colour: c, Zone: zone, Before: [3]int{1, 2, 3}, After: [3]int{4, 5, 6}})
	}
	return out, nil
}
func (f *fakeCalibrator) TestRead(context.Context) (json.RawMessage, error) {
	return json.RawMessage(`{"cubes":[],"redrop":[],"tally":{}}`), nil
}

func TestLayout(t *testing.T) {
	if r := newEnv(t, Options{DefaultLayout: json.RawMessage{}}).do("GET", "/api/layout", ""); r.status != http.StatusNotFound {
		t.Errorf("no board at all: %d %s", r.status, r.body)
	}
	e := newEnv(t, Options{DefaultLayout: json.RawMessage(`{"zones":[{"id":"test-broadside","effects":[{"kind":"explode"}]},{"id":"b"},{"id":"c"},{"id":"d"},{"id":"e"}]}`)})
	var l struct {
		Zones []struct {
			ID      string
			Effects []struct{ Kind string }
		}
	}
	e.do("GET", "/api/layout", "").json(t, &l)
	explode := false
	for _, z := range l.Zones {
		for _, ef := range z.Effects {
			explode = explode || ef.Kind == "explode"
		}
	}
	if len(l.Zones) < 5 || !explode {
		t.Errorf("default layout: %+v", l)
	}
	cal := &fakeCalibrator{saved: CameraCalibration{Layout: json.RawMessage(`{"zones":[{"id":"test-zone"}]}`)}}
	e = newEnv(t, Options{Calibrator: cal})
	if r := e.do("GET", "/api/layout", ""); !strings.Contains(string(r.body), "test-zone") {
		t.Errorf("calibrated layout: %s", r.body)
	}
}

func TestSimPanel(t *testing.T) {
	sim := &fakeSim{}
	e := newEnv(t, Options{Sim: sim})
	var ds []SimDevice
	e.do("GET", "/api/sim", "").json(t, &ds)
	if len(ds) != 1 || ds[0].Key != "button-1" {
		t.Fatalf("devices: %+v", ds)
	}
	cr := e.create()
	other := e.create()
	for _, c := range []struct {
		name, path string
		hdr        []string
	}{
		{"a stranger", "/api/sim", nil},
		{"a stranger naming a table", "/api/sim?table=" + cr.Table, nil},
		{"a phone", "/api/sim?table=" + cr.Table, pin(cr.PINs[0])},
		{"another table's host", "/api/sim?table=" + cr.Table, host(other.HostToken)},
	} {
		if r := e.do("POST", c.path, `{"key":"button-1","command":"press"}`, c.hdr...); r.status != 403 {
			t.Errorf("%s pressing a simulated button: %d %s", c.name, r.status, r.body)
		}
	}
	if sim.lastCmd() != "" {
		t.Fatalf("a refused press reached the simulator: %q", sim.lastCmd())
	}
	hostSim := func(body string) reply { return e.do("POST", "/api/sim?table="+cr.Table, body, host(cr.HostToken)...) }
	r := hostSim(`{"key":"button-1","command":"press"}`)
	if r.status != 200 || !strings.Contains(string(r.body), "pressed") || sim.lastCmd() != "button-1 press" {
		t.Errorf("press: %d %s", r.status, r.body)
	}
	if r := hostSim(`{"key":"button-9","command":"press"}`); r.status != 400 || !strings.Contains(r.apiErr(t).Message, "no device") {
		t.Errorf("unknown device: %d %s", r.status, r.body)
	}
	if r := hostSim(`{"key":"","command":""}`); r.status != 400 {
		t.Errorf("empty: %d", r.status)
	}
}

type fakeSim struct {
	mu   sync.Mutex
	last string
}

func (f *fakeSim) lastCmd() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.last
}

func (f *fakeSim) Devices(context.Context) ([]SimDevice, error) {
	return []SimDevice{{Key: "button-1", Label: "Seat 1 button", Commands: []string{"press"}}}, nil
}
func (f *fakeSim) Do(_ context.Context, key, cmd string) (string, error) {
	if key != "button-1" {
		return "", errors.New("no device called " + key)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.last = key + " " + cmd
	return "button-1 pressed", nil
}
