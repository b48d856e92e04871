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

func (s *Server) calibrator() (Calibrator, error) {
	if s.opts.Calibrator == nil {
		return nil, fail(errUnavailable, "this server has no camera to calibrate")
	}
	return s.opts.Calibrator, nil
}

func (s *Server) getCalibration(c echo.Context) error {
	if _, _, err := s.hostTable(c, "calibrate the camera"); err != nil {
		return err
	}
	cal, err := s.calibrator()
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
	if _, _, err := s.hostTable(c, "calibrate the camera"); err != nil {
		return err
	}
	cal, err := s.calibrator()
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
	if cc.ImageWidth <= 0 || cc.ImageHeight <= 0 || cc.ImageWidth > 10000 || cc.ImageHeight > 10000 {
		return fail(errBadRequest, "the image size %dx%d is not a camera image size", cc.ImageWidth, cc.ImageHeight)
	}
	names := [4]string{"top-left", "top-right", "bottom-right", "bottom-left"}
	for i, p := range cc.Corners {
		if math.IsNaN(p.X) || math.IsNaN(p.Y) || p.X < 0 || p.Y < 0 || p.X > float64(cc.ImageWidth) || p.Y > float64(cc.ImageHeight) {
			return fail(errBadRequest, "the %s corner (%.0f, %.0f) is outside the %dx%d image", names[i], p.X, p.Y, cc.ImageWidth, cc.ImageHeight)
		}
	}
	// In image coordinates (y down), walking TL -> TR -> BR -> BL turns the
	// same way at every corner, with a positive cross product.
	for i := range 4 {
		a, b, d := cc.Corners[i], cc.Corners[(i+1)%4], cc.Corners[(i+2)%4]
		cross := (b.X-a.X)*(d.Y-b.Y) - (b.Y-a.Y)*(d.X-b.X)
		if cross <= 0 {
			return fail(errBadRequest, "the corners cross over at the %s corner; drag them back so they go top-left, top-right, bottom-right, bottom-left around the board", names[(i+1)%4])
		}
	}
	if len(cc.Layout) > 0 && !json.Valid(cc.Layout) {
		return fail(errBadRequest, "the board layout is not valid JSON")
	}
	return nil
}

// colourRequest is the body of the guided colour-calibration drop.
type colourRequest struct {
	Counts map[string]int `json:"counts"`
}

func (s *Server) calibrateColours(c echo.Context) error {
	if _, _, err := s.hostTable(c, "calibrate the camera"); err != nil {
		return err
	}
	cal, err := s.calibrator()
	if err != nil {
		return err
	}
	var req colourRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	total := 0
	for col, n := range req.Counts {
		if strings.TrimSpace(col) == "" || n < 0 || n > 40 {
			return fail(errBadRequest, "say how many cubes (0 to 40) of each colour were dropped; %q: %d is not that", col, n)
		}
		total += n
	}
	if total == 0 {
		return fail(errBadRequest, "drop a few cubes of each colour and say how many")
	}
	msg, err := cal.CalibrateColours(c.Request().Context(), req.Counts)
	if err != nil {
		return fail(errBadRequest, "the colour calibration failed: %v", err)
	}
	return c.JSON(http.StatusOK, map[string]string{"result": msg})
}

func (s *Server) testRead(c echo.Context) error {
	if _, _, err := s.hostTable(c, "calibrate the camera"); err != nil {
		return err
	}
	cal, err := s.calibrator()
	if err != nil {
		return err
	}
	if _, err := io.Copy(io.Discard, c.Request().Body); err != nil {
		return err
	}
	out, err := cal.TestRead(c.Request().Context())
	if err != nil {
		return fail(errBadRequest, "the test read failed: %v", err)
	}
	return c.Blob(http.StatusOK, echo.MIMEApplicationJSON, out)
}
