package web

import (
	"errors"
	"io/fs"
	"net/http"
	"os"
	"path/filepath"

	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/engine"
)

// This file serves the practice catalogs: made-up printed values a
// newcomer loads to try a game that needs an owner's catalog (a simulated
// table, `make run`). The server names no game: it serves the file
// <rules>.json of the directory Options.PracticeCatalogs, and the catalog
// page saves it through PUT /api/rules/{rules}/catalog like an imported
// file, so the game's own checks decide whether it is a catalog.

// practiceFile is the path of the practice catalog of rules, "" when the
// server offers none for it (no directory, no file, or no catalog needed).
func (s *Server) practiceFile(r engine.Rules) string {
	if s.opts.PracticeCatalogs == "" {
		return ""
	}
	if _, ok := r.(engine.OwnerCatalog); !ok {
		return ""
	}
	if !rulesNameRE.MatchString(r.Name()) {
		return "" // a name that is not a plain file name is never looked up
	}
	p := filepath.Join(s.opts.PracticeCatalogs, r.Name()+".json")
	if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	return p
}

// withPractice is info(r) saying whether a practice catalog is offered.
func (s *Server) withPractice(r engine.Rules) RulesInfo {
	ri := info(r)
	ri.Practice = s.practiceFile(r) != ""
	return ri
}

// getPracticeCatalog serves GET /api/rules/{rules}/practice-catalog: the
// practice catalog file as it is (404 when none is offered).
func (s *Server) getPracticeCatalog(c echo.Context) error {
	r, err := s.rulesOf(c)
	if err != nil {
		return err
	}
	p := s.practiceFile(r)
	if p == "" {
		return fail(errNotFound, "this server offers no practice catalog for %s", info(r).Title)
	}
	b, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return fail(errNotFound, "this server offers no practice catalog for %s", info(r).Title)
	}
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}
