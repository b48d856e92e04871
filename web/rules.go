package web

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/engine"
	"github.com/quartermaster-table/quartermaster/web/ui"
)

// This file serves every game the server plays through its kit
// (engine/kit.go): /api/rules and /api/rules/{rules}/... The server knows
// no game: what a screen needs about one comes from the rules value's
// optional interfaces.

// RulesInfo is one entry of GET /api/rules: the game's engine.GameInfo and
// what else its kit offers the shell.
type RulesInfo struct {
	engine.GameInfo
	Options       []engine.Option      `json:"options"`
	HasHelp       bool                 `json:"hasHelp"`
	HasCalculator bool                 `json:"hasCalculator"`
	CatalogKinds  []engine.CatalogKind `json:"catalogKinds"`
	// Facts are the printed facts the game's screen module needs
	// (engine.ScreenFacts), only in GET /api/rules/{rules}: the list leaves
	// them out, a screen asks for its own game's once.
	Facts any `json:"facts,omitempty"`
	// Practice says the server offers a practice catalog for the game
	// (made-up values, GET /api/rules/{rules}/practice-catalog): only a
	// simulated table started with a practice directory does.
	Practice bool `json:"practice"`
	// Module is the game's screen module ("/games/<rules>/index.js"), ""
	// when the dashboard has none for it.
	Module string `json:"module"`
}

// Catalogs keeps each game's owner's catalog (the printed values its
// rulebook does not give), so every later game of those rules reuses it.
type Catalogs interface {
	// Load returns the saved catalog of rules, nil when none was saved.
	Load(rules string) (json.RawMessage, error)
	// Save replaces the catalog of rules with data (already checked).
	Save(rules string, data json.RawMessage) error
}

// DirCatalogs keeps catalogs as files catalog-<rules>.json in a directory
// (the server's data directory).
type DirCatalogs string

var rulesNameRE = regexp.MustCompile(`^[a-z0-9][a-z0-9-]{0,63}$`)

func (d DirCatalogs) file(rules string) (string, error) {
	if !rulesNameRE.MatchString(rules) {
		return "", fmt.Errorf("web: %q is not a rules name", rules)
	}
	return filepath.Join(string(d), "catalog-"+rules+".json"), nil
}

// Load reads the catalog file; a missing file is no catalog.
func (d DirCatalogs) Load(rules string) (json.RawMessage, error) {
	p, err := d.file(rules)
	if err != nil {
		return nil, err
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	return b, err
}

// Save writes the catalog file through a temporary file, so a crash never
// leaves half a catalog.
func (d DirCatalogs) Save(rules string, data json.RawMessage) error {
	p, err := d.file(rules)
	if err != nil {
		return err
	}
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, p)
}

// kitRules are the games served, by name, with the order of the list kept.
type kitRules struct {
	order []string
	by    map[string]engine.Rules
}

func newKitRules(rs []engine.Rules) kitRules {
	k := kitRules{by: map[string]engine.Rules{}}
	for _, r := range rs {
		if r == nil {
			continue
		}
		if _, dup := k.by[r.Name()]; !dup {
			k.order = append(k.order, r.Name())
		}
		k.by[r.Name()] = r
	}
	return k
}

func (s *Server) rulesRoutes(api *echo.Group) {
	api.GET("/rules", s.listRules)
	g := api.Group("/rules/:rules")
	g.GET("", s.getRules)
	g.GET("/help", s.rulesHelp)
	g.POST("/score", s.rulesScore)
	g.GET("/catalog", s.getCatalog)
	g.PUT("/catalog", s.putCatalog)
	g.GET("/practice-catalog", s.getPracticeCatalog)
}

// info builds a game's RulesInfo from its kit.
func info(r engine.Rules) RulesInfo {
	ri := RulesInfo{GameInfo: engine.GameInfo{Rules: r.Name(), Title: r.Name(), MinPlayers: 1, MaxPlayers: maxPlayers, Citation: "page"},
		Options: []engine.Option{}, CatalogKinds: []engine.CatalogKind{}}
	if d, ok := r.(engine.Describer); ok {
		ri.GameInfo = d.Describe()
		ri.GameInfo.Rules = r.Name()
	}
	if f, ok := r.(engine.NewGameForm); ok {
		if o := f.NewGameOptions(); o != nil {
			ri.Options = o
		}
	}
	_, ri.HasHelp = r.(engine.HelpNotes)
	_, ri.HasCalculator = r.(engine.EndStateCalculator)
	if c, ok := r.(engine.OwnerCatalog); ok {
		if k := c.CatalogKinds(); k != nil {
			ri.CatalogKinds = k
		}
	}
	if _, err := fs.Stat(ui.Files, "games/"+r.Name()+"/index.js"); err == nil {
		ri.Module = "/games/" + r.Name() + "/index.js"
	}
	return ri
}

func (s *Server) listRules(c echo.Context) error {
	out := make([]RulesInfo, 0, len(s.rules.order))
	for _, n := range s.rules.order {
		out = append(out, s.withPractice(s.rules.by[n]))
	}
	return c.JSON(http.StatusOK, out)
}

// rulesOf finds the rules named in the path.
func (s *Server) rulesOf(c echo.Context) (engine.Rules, error) {
	name := c.Param("rules")
	r, ok := s.rules.by[name]
	if !ok {
		return nil, fail(errNotFound, "this server does not play %q (it plays %s)", name, strings.Join(s.rules.order, ", "))
	}
	return r, nil
}

func (s *Server) getRules(c echo.Context) error {
	r, err := s.rulesOf(c)
	if err != nil {
		return err
	}
	ri := s.withPractice(r)
	if f, ok := r.(engine.ScreenFacts); ok {
		ri.Facts = f.ScreenFacts()
	}
	return c.JSON(http.StatusOK, ri)
}

// rulesHelp serves GET /api/rules/{rules}/help?q=words: the notes matching
// every word, best first; all of them without q.
func (s *Server) rulesHelp(c echo.Context) error {
	r, err := s.rulesOf(c)
	if err != nil {
		return err
	}
	h, ok := r.(engine.HelpNotes)
	if !ok {
		return c.JSON(http.StatusOK, []engine.HelpNote{})
	}
	q := c.QueryParam("q")
	if len(q) > 200 {
		return fail(errBadRequest, "the search is too long; try a few words")
	}
	res := searchNotes(h.HelpNotes(), q)
	if res == nil {
		res = []engine.HelpNote{}
	}
	return c.JSON(http.StatusOK, res)
}

// readBody reads a whole request body within MaxBody.
func readBody(c echo.Context, what string) ([]byte, error) {
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return nil, echo.NewHTTPError(http.StatusRequestEntityTooLarge)
		}
		return nil, fail(errBadRequest, "the %s could not be read: %v", what, err)
	}
	return body, nil
}

// catalogOf is the saved owner's catalog of r (nil when none).
func (s *Server) catalogOf(r engine.Rules) (json.RawMessage, error) {
	if s.opts.Catalogs == nil {
		return nil, nil
	}
	b, err := s.opts.Catalogs.Load(r.Name())
	if err != nil {
		return nil, fmt.Errorf("reading the %s catalog: %w", r.Name(), err)
	}
	return b, nil
}

// rulesScore serves POST /api/rules/{rules}/score: the game's end-state
// calculator, with the owner's catalog.
func (s *Server) rulesScore(c echo.Context) error {
	r, err := s.rulesOf(c)
	if err != nil {
		return err
	}
	calc, ok := r.(engine.EndStateCalculator)
	if !ok {
		return fail(errNotFound, "%s has no score calculator", r.Name())
	}
	body, err := readBody(c, "score request")
	if err != nil {
		return err
	}
	cat, err := s.catalogOf(r)
	if err != nil {
		return err
	}
	out, err := calc.ScoreEndState(body, cat)
	if err != nil {
		return kitError(err)
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, out)
}

// catalogResponse is GET /api/rules/{rules}/catalog.
type catalogResponse struct {
	Kinds   []engine.CatalogKind `json:"kinds"`
	Catalog json.RawMessage      `json:"catalog"`
}

func (s *Server) getCatalog(c echo.Context) error {
	r, err := s.rulesOf(c)
	if err != nil {
		return err
	}
	oc, ok := r.(engine.OwnerCatalog)
	if !ok {
		return c.JSON(http.StatusOK, catalogResponse{Kinds: []engine.CatalogKind{}, Catalog: json.RawMessage("null")})
	}
	cat, err := s.catalogOf(r)
	if err != nil {
		return err
	}
	if len(bytes.TrimSpace(cat)) == 0 {
		cat = json.RawMessage("null")
	}
	kinds := oc.CatalogKinds()
	if kinds == nil {
		kinds = []engine.CatalogKind{}
	}
	return c.JSON(http.StatusOK, catalogResponse{Kinds: kinds, Catalog: cat})
}

// putCatalog serves PUT /api/rules/{rules}/catalog: the whole catalog file
// (as exported), checked by the game and kept in canonical form. Any
// screen may enter it: it holds only what is printed in the box.
func (s *Server) putCatalog(c echo.Context) error {
	r, err := s.rulesOf(c)
	if err != nil {
		return err
	}
	oc, ok := r.(engine.OwnerCatalog)
	if !ok {
		return fail(errNotFound, "%s needs no catalog", r.Name())
	}
	if s.opts.Catalogs == nil {
		return fail(errUnavailable, "this server keeps no catalogs (it has no data directory)")
	}
	body, err := readBody(c, "catalog")
	if err != nil {
		return err
	}
	canon, err := oc.CheckCatalog(body)
	if err != nil {
		return kitError(err)
	}
	if err := s.opts.Catalogs.Save(r.Name(), canon); err != nil {
		return fmt.Errorf("saving the %s catalog: %w", r.Name(), err)
	}
	s.lg.Info("catalog saved", "rules", r.Name(), "bytes", len(canon))
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, canon)
}

// fromForm fills a create request from the new-game form: the players in
// seat order and the setup the game's kit builds with the owner's catalog
// (and the table's calibrated board, when there is one).
func (s *Server) fromForm(req *CreateRequest, form engine.FormAnswers) error {
	r, ok := s.rules.by[req.Rules]
	if !ok {
		return fail(errBadRequest, "this server does not play %q (it plays %s)", req.Rules, strings.Join(s.rules.order, ", "))
	}
	if len(req.Setup) > 0 || len(req.Players) > 0 {
		return fail(errBadRequest, `give either "form" or "setup" and "players", not both`)
	}
	nf, ok := r.(engine.NewGameForm)
	if !ok {
		return fail(errBadRequest, "%s has no new-game form; give its setup", r.Name())
	}
	d := info(r)
	if n := len(form.Players); n < d.MinPlayers || n > d.MaxPlayers {
		return fail(errBadRequest, "%s takes %d to %d players, not %d", d.Title, d.MinPlayers, d.MaxPlayers, n)
	}
	for i, p := range form.Players {
		req.Players = append(req.Players, PlayerInfo{Seat: engine.Seat(i), Name: p.Name, Colour: p.Colour})
	}
	// The same checks as a setup's players, before the kit sees them.
	if err := validateCreate(req); err != nil {
		return err
	}
	for i := range form.Players {
		form.Players[i].Name, form.Players[i].Colour = req.Players[i].Name, req.Players[i].Colour
	}
	if _, set := form.Options[engine.OptionTableBoard]; set {
		return fail(errBadRequest, "option %q is the camera's board; the server fills it in", engine.OptionTableBoard)
	}
	if s.opts.TableBoard != nil {
		if b := s.opts.TableBoard(); len(b) > 0 {
			if form.Options == nil {
				form.Options = map[string]json.RawMessage{}
			}
			form.Options[engine.OptionTableBoard] = b
		}
	}
	cat, err := s.catalogOf(r)
	if err != nil {
		return err
	}
	setup, err := nf.SetupFromForm(form, cat)
	if err != nil {
		return kitError(err)
	}
	req.Setup = setup
	return nil
}
