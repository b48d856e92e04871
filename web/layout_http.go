package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// layout serves GET /api/layout: the battle board's zones (ids, effects and
// polygons in millimetres) as calibrated when a Calibrator is wired, else
// Options.DefaultLayout. The battle screen builds its read-by-hand form
// from it.
func (s *Server) layout(c echo.Context) error {
	if s.opts.Calibrator != nil {
		cc, err := s.opts.Calibrator.Calibration(c.Request().Context())
		if err == nil && len(cc.Layout) > 0 {
			return c.Blob(http.StatusOK, "application/json", cc.Layout)
		}
	}
	if len(s.opts.DefaultLayout) == 0 {
		return fail(errNotFound, "this server has no battle board")
	}
	return c.Blob(http.StatusOK, "application/json", s.opts.DefaultLayout)
}
