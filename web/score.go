package web

import (
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"
)

// justScore serves POST /api/score: the "just score" calculator for a group
// that counted the end of a game without tracking it. The body is the
// scorer's input JSON; the answer is its breakdown.
func (s *Server) justScore(c echo.Context) error {
	if s.opts.Scorer == nil {
		return fail(errUnavailable, "the score calculator is not built into this server yet")
	}
	body, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return echo.NewHTTPError(http.StatusRequestEntityTooLarge)
		}
		return fail(errBadRequest, "the score request could not be read: %v", err)
	}
	out, err := s.opts.Scorer(body)
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, out)
}
