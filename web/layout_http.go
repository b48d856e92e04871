package web

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/engine/deadreckoning/battle"
)

// layout serves GET /api/layout: the battle board's zones (ids, effects and
// polygons in millimetres), as calibrated when a Calibrator is wired, else
// the default layout. The battle screen builds its read-by-hand form from it.
func (s *Server) layout(c echo.Context) error {
	if s.opts.Calibrator != nil {
		cc, err := s.opts.Calibrator.Calibration(c.Request().Context())
		if err == nil && len(cc.Layout) > 0 {
			return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, cc.Layout)
		}
	}
	b, err := json.Marshal(battle.DefaultLayout())
	if err != nil {
		return err
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, b)
}
