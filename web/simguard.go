package web

import (
	"github.com/labstack/echo/v4"
)

// simHost lets only a table's host drive the simulated devices: a button
// press or a cube drop from the developer panel acts on the table the
// hardware follows, so a phone or a stranger must not send one. The host
// names the table it hosts in ?table= and sends its token as for any host
// request (Authorization: Bearer).
func (s *Server) simHost(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id := c.QueryParam("table")
		if id == "" || len(id) > 64 {
			return fail(errForbidden, "only the host of a table may drive the simulated devices: open the developer panel on the tablet that started a table")
		}
		t, err := s.tables.Get(c.Request().Context(), id)
		if err != nil {
			return err
		}
		tok, _ := credentials(c)
		a, err := t.AuthenticateFrom(clientOf(c.Request()), tok, "")
		if err != nil {
			return err
		}
		if !a.Host {
			return fail(errForbidden, "only the host of table %s may drive the simulated devices", id)
		}
		return next(c)
	}
}
