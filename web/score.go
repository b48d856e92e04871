package web

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/score"
)

// DefaultScorer is Dead Reckoning's end-game count (package
// engine/deadreckoning/score): its input JSON in, the breakdown per player
// and category out. A value the owner has not entered (an achievement's or
// an island's coins) leaves the totals it needs marked incomplete.
func DefaultScorer(input []byte) (json.RawMessage, error) {
	in, err := score.Decode(input)
	if err != nil {
		return nil, err
	}
	return json.Marshal(score.Score(in))
}

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
