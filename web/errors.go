package web

import (
	"errors"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/engine"
)

// Errors of the web layer itself; the companion's and the engine's errors are
// mapped beside them in statusOf.
var (
	// errForbidden: the request needs the host token or the right PIN.
	errForbidden = errors.New("forbidden")
	// errNotFound: no such table, seat or page.
	errNotFound = errors.New("not found")
	// errBadRequest: the request is not what the endpoint takes.
	errBadRequest = errors.New("bad request")
	// errUnavailable: the feature is not wired in this server (no camera, no
	// simulator, no scorer).
	errUnavailable = errors.New("not available")
)

// apiError is the JSON body of every error response. Message is a sentence a
// person reads; Code is stable (the rule's code for an illegal action); Page
// is the rulebook page of the rule, when there is one.
type apiError struct {
	Code    string `json:"code"`
	Page    int    `json:"page,omitempty"`
	Section string `json:"section,omitempty"`
	Message string `json:"message"`
}

// fail wraps a sentinel with a sentence for the person reading it.
func fail(kind error, format string, args ...any) error {
	return fmt.Errorf("%w: %s", kind, fmt.Sprintf(format, args...))
}

// message returns the part of err after the sentinel's own text, so that
// "forbidden: only the host may undo" reads "only the host may undo".
func message(err, kind error) string {
	s := err.Error()
	p := kind.Error() + ": "
	if len(s) > len(p) && s[:len(p)] == p {
		return s[len(p):]
	}
	return s
}

// errorBody maps an error to its HTTP status and JSON body. This is the one
// place where error kinds become statuses.
func errorBody(err error) (int, apiError) {
	if re, ok := engine.AsRuleError(err); ok {
		return http.StatusUnprocessableEntity, apiError{Code: re.Code, Page: re.Page, Section: re.Section, Message: re.Detail}
	}
	var he *echo.HTTPError
	if errors.As(err, &he) {
		msg := fmt.Sprint(he.Message)
		switch he.Code {
		case http.StatusNotFound:
			return he.Code, apiError{Code: "not-found", Message: "there is no such page"}
		case http.StatusMethodNotAllowed:
			return he.Code, apiError{Code: "method-not-allowed", Message: "this address does not take that method"}
		case http.StatusRequestEntityTooLarge:
			return he.Code, apiError{Code: "too-large", Message: "the request is too large"}
		}
		return he.Code, apiError{Code: "http", Message: msg}
	}
	for _, m := range errorKinds() {
		if errors.Is(err, m.kind) {
			return m.status, apiError{Code: m.code, Message: message(err, m.kind)}
		}
	}
	return http.StatusInternalServerError, apiError{Code: "internal", Message: "something went wrong on the server; the game was not changed by this request"}
}

type errorKind struct {
	kind   error
	status int
	code   string
}

// errorKinds lists the error sentinels and their statuses, most specific
// first. The companion's sentinels are added by companionErrorKinds.
func errorKinds() []errorKind {
	ks := []errorKind{
		{engine.ErrIllegal, http.StatusUnprocessableEntity, "illegal"},
		{engine.ErrStale, http.StatusConflict, "stale"},
		{engine.ErrMalformed, http.StatusBadRequest, "malformed"},
		{errBadRequest, http.StatusBadRequest, "bad-request"},
		{errForbidden, http.StatusForbidden, "forbidden"},
		{errNotFound, http.StatusNotFound, "not-found"},
		{errUnavailable, http.StatusNotImplemented, "not-available"},
	}
	return append(companionErrorKinds(), ks...)
}

// handleError is echo's error handler: every error leaves as JSON.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, body := errorBody(err)
	if status >= 500 && status != http.StatusNotImplemented {
		s.lg.Error("request failed", "method", c.Request().Method, "path", c.Path(), "err", err)
	} else {
		s.lg.Debug("request refused", "method", c.Request().Method, "path", c.Path(), "status", status, "err", err)
	}
	if c.Request().Method == http.MethodHead {
		_ = c.NoContent(status)
		return
	}
	if werr := c.JSON(status, body); werr != nil {
		s.lg.Warn("writing error response", "err", werr)
	}
}
