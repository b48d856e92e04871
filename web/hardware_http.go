package web

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"
)

// Hardware is the table's physical hardware (the cube tower, the camera,
// the buttons, the RFID reader), serving one table at a time: the one its
// host chose. A new table takes nothing.
type Hardware interface {
	// Use makes the hardware serve table id from now on.
	Use(ctx context.Context, id string) error
	// Release stops serving table id (nothing if it serves another).
	Release(id string)
	// Table is the table served, "" for none.
	Table() string
}

// hardwareRequest is the body of POST /api/tables/{id}/hardware.
type hardwareRequest struct {
	Use *bool `json:"use"`
}

// useHardware serves POST /api/tables/{id}/hardware (host only):
// {"use":true} points the hardware at this table, {"use":false} releases it.
func (s *Server) useHardware(c echo.Context) error {
	t, _, err := s.hostTable(c, "choose the table the tower and camera serve")
	if err != nil {
		return err
	}
	if s.opts.Hardware == nil {
		return fail(errUnavailable, "this server has no tower, camera, buttons or reader")
	}
	var req hardwareRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if req.Use == nil {
		return fail(errBadRequest, `say {"use":true} or {"use":false}`)
	}
	if *req.Use {
		if err := s.opts.Hardware.Use(c.Request().Context(), t.ID()); err != nil {
			return err
		}
		s.lg.Info("the table's hardware serves a table chosen by its host", "table", t.ID())
	} else {
		s.opts.Hardware.Release(t.ID())
	}
	return c.JSON(http.StatusOK, map[string]string{"table": s.opts.Hardware.Table()})
}

// hardwareTable serves GET /api/hardware: {"table": id or ""}.
func (s *Server) hardwareTable(c echo.Context) error {
	id := ""
	if s.opts.Hardware != nil {
		id = s.opts.Hardware.Table()
	}
	return c.JSON(http.StatusOK, map[string]string{"table": id})
}
