package web

import (
	"encoding/json"
	"io"
	"math"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

// Calibration is host-only: it changes how every later battle read is made.

// hostCalibrator is every calibration handler's first step: only the
// table's host may calibrate, and only a server with a camera can.
func (s *Server) hostCalibrator(c echo.Context) (Calibrator, error) {
	if _, _, err := s.hostTable(c, "calibrate the camera"); err != nil {
		return nil, err
	}
	if s.opts.Calibrator == nil {
		return nil, fail(errUnavailable, "this server has no camera to calibrate")
	}
	return s.opts.Calibrator, nil
}

// noBody is hostCalibrator for the handlers that take no body: the body,
// if any, is read and dropped so the connection can be reused.
func (s *Server) noBody(c echo.Context) (Calibrator, error) {
	cal, err := s.hostCalibrator(c)
	if err != nil {
		return nil, err
	}
	if _, err := io.Copy(io.Discard, c.Request().Body); err != nil {
		return nil, err
	}
	return cal, nil
}

func (s *Server) getCalibration(c echo.Context) error {
	cal, err := s.hostCalibrator(c)
	if err != nil {
		return err
	}
	cc, err := cal.Calibration(c.Request().Context())
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, cc)
}

func (s *Server) putCalibration(c echo.Context) error {
	cal, err := s.hostCalibrator(c)
	if err != nil {
		return err
	}
	var cc CameraCalibration
	if err := bindJSON(c, &cc); err != nil {
		return err
	}
	if err := validateCalibration(cc); err != nil {
		return err
	}
	if err := cal.SaveCalibration(c.Request().Context(), cc); err != nil {
		return fail(errBadRequest, "the calibration was not saved: %v", err)
	}
	s.lg.Info("camera calibration saved", "corners", cc.Corners)
	return c.JSON(http.StatusOK, cc)
}

// validateCalibration checks the geometry the page sends: corners inside the
// image and in a convex, clockwise order, so a dragged-over corner is caught
// before it reaches the reader.
func validateCalibration(cc CameraCalibration) error {
	if err := checkCorners(cc.Corners, cc.ImageWidth, cc.ImageHeight, "board"); err != nil {
		return err
	}
	if len(cc.Layout) > 0 && !json.Valid(cc.Layout) {
		return fail(errBadRequest, "the board layout is not valid JSON")
	}
	return nil
}

// checkCorners checks corners the page sends: inside the image and in a
// convex, clockwise order around what (the board, the tray's floor), so a
// dragged-over corner is caught before it reaches the reader.
func checkCorners(cs [4]Point, w, h int, what string) error {
	if w <= 0 || h <= 0 || w > 10000 || h > 10000 {
		return fail(errBadRequest, "the image size %dx%d is not a camera image size", w, h)
	}
	names := [4]string{"top-left", "top-right", "bottom-right", "bottom-left"}
	for i, p := range cs {
		if math.IsNaN(p.X) || math.IsNaN(p.Y) || p.X < 0 || p.Y < 0 || p.X > float64(w) || p.Y > float64(h) {
			return fail(errBadRequest, "the %s corner (%.0f, %.0f) is outside the %dx%d image", names[i], p.X, p.Y, w, h)
		}
	}
	// In image coordinates (y down), walking TL -> TR -> BR -> BL turns the
	// same way at every corner, with a positive cross product.
	for i := range 4 {
		a, b, d := cs[i], cs[(i+1)%4], cs[(i+2)%4]
		cross := (b.X-a.X)*(d.Y-b.Y) - (b.Y-a.Y)*(d.X-b.X)
		if cross <= 0 {
			return fail(errBadRequest, "the corners cross over at the %s corner; drag them back so they go top-left, top-right, bottom-right, bottom-left around the %s", names[(i+1)%4], what)
		}
	}
	return nil
}

// colourRequest is the body of the guided colour-calibration drop and of
// its simulation: the colour of the cubes resting in each zone.
type colourRequest struct {
	Zones map[string]string `json:"zones"`
}

// maxCalZones bounds a colour-calibration request (a board has a dozen
// zones).
const maxCalZones = 64

func (r colourRequest) check() error {
	if len(r.Zones) == 0 {
		return fail(errBadRequest, `say which colour of cubes rests in which zone: {"zones": {"plunder-cargo": "purple", ...}}`)
	}
	if len(r.Zones) > maxCalZones {
		return fail(errBadRequest, "a calibration drop uses at most %d zones, not %d", maxCalZones, len(r.Zones))
	}
	for z, col := range r.Zones {
		if strings.TrimSpace(z) == "" || strings.TrimSpace(col) == "" || len(z) > 64 || len(col) > 32 {
			return fail(errBadRequest, "zone %q with colour %q: give a zone id of the board and a colour name", z, col)
		}
	}
	return nil
}

func (s *Server) colourPlan(c echo.Context) error {
	cal, err := s.noBody(c)
	if err != nil {
		return err
	}
	plan, err := cal.ColourPlan(c.Request().Context())
	if err != nil {
		return fail(errBadRequest, "the colour calibration cannot start: %v", err)
	}
	return c.JSON(http.StatusOK, plan)
}

func (s *Server) captureEmpty(c echo.Context) error {
	cal, err := s.noBody(c)
	if err != nil {
		return err
	}
	msg, err := cal.CaptureEmpty(c.Request().Context())
	if err != nil {
		return fail(errBadRequest, "the empty board was not captured: %v", err)
	}
	s.lg.Info("empty board captured")
	return c.JSON(http.StatusOK, map[string]string{"result": msg})
}

func (s *Server) calibrateColours(c echo.Context) error {
	cal, err := s.hostCalibrator(c)
	if err != nil {
		return err
	}
	var req colourRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := req.check(); err != nil {
		return err
	}
	res, err := cal.CalibrateColours(c.Request().Context(), req.Zones)
	if err != nil {
		return fail(errBadRequest, "the colours were not measured: %v", err)
	}
	if res.Misread == nil {
		res.Misread = []string{}
	}
	s.lg.Info("cube colours measured", "result", res.Result)
	return c.JSON(http.StatusOK, res)
}

func (s *Server) simulateColourDrop(c echo.Context) error {
	cal, err := s.hostCalibrator(c)
	if err != nil {
		return err
	}
	sim, ok := cal.(CalibrationSimulator)
	if !ok {
		return fail(errUnavailable, "the camera is real: put the cubes on the board by hand")
	}
	var req colourRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	if err := req.check(); err != nil {
		return err
	}
	msg, err := sim.SimulateColourDrop(c.Request().Context(), req.Zones)
	if err != nil {
		return fail(errBadRequest, "the simulated drop failed: %v", err)
	}
	return c.JSON(http.StatusOK, map[string]string{"result": msg})
}

func (s *Server) testRead(c echo.Context) error {
	cal, err := s.noBody(c)
	if err != nil {
		return err
	}
	out, err := cal.TestRead(c.Request().Context())
	if err != nil {
		return fail(errBadRequest, "the test read failed: %v", err)
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, out)
}
