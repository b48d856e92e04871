package web

import (
	"errors"

	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/engine"
)

// justScore serves POST /api/score, the address of the dashboard from
// before the game kit: the end-state calculator of the first game served
// that has one. Screens built on the kit post to /api/rules/{rules}/score.
func (s *Server) justScore(c echo.Context) error {
	for _, n := range s.rules.order {
		if _, ok := s.rules.by[n].(engine.EndStateCalculator); ok {
			c.SetParamNames("rules")
			c.SetParamValues(n)
			return s.rulesScore(c)
		}
	}
	return fail(errUnavailable, "no game served here has a score calculator")
}

// kitError passes on a kit's refusal of its input (malformed, or illegal
// by the rules) and makes anything else a bad request naming it: the kit
// only decodes and checks, so every error it returns is about the input.
func kitError(err error) error {
	if errors.Is(err, engine.ErrMalformed) || errors.Is(err, engine.ErrIllegal) {
		return err
	}
	return fail(errBadRequest, "%v", err)
}
