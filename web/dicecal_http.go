package web

import (
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/engine"
)

// The dice tray's calibration page: the tray floor's corners, then the
// printed dice taught face by face. Host only, like the board's
// calibration; the camera behind it is a DiceCalibrator.

func (s *Server) diceCalibrationRoutes(t *echo.Group) {
	t.POST("/calibration/dice/start", s.startDiceCalibration)
	t.PUT("/calibration/tray", s.putTrayCorners)
	t.POST("/calibration/dice/face", s.learnDieFace)
	t.POST("/calibration/dice/test-read", s.testReadDice)
	t.POST("/calibration/dice/done", s.endDiceCalibration)
}

// hostDiceCalibrator is hostCalibrator for the dice tray.
func (s *Server) hostDiceCalibrator(c echo.Context) (DiceCalibrator, Table, error) {
	t, _, err := s.hostTable(c, "calibrate the dice tray")
	if err != nil {
		return nil, nil, err
	}
	dc, ok := s.opts.Calibrator.(DiceCalibrator)
	if !ok {
		return nil, nil, fail(errUnavailable, "this server has no camera watching a dice tray")
	}
	return dc, t, nil
}

// sentence starts a message for the host with a capital letter.
func sentence(err error) string {
	m := err.Error()
	r, n := utf8.DecodeRuneInString(m)
	return string(unicode.ToUpper(r)) + m[n:]
}

func (s *Server) startDiceCalibration(c echo.Context) error {
	dc, t, err := s.hostDiceCalibrator(c)
	if err != nil {
		return err
	}
	// The printed dice the table's game rolls: those of its roll requests.
	var game []engine.ExpectDie
	for _, e := range t.View(engine.Public).Expects {
		if e.Kind == "dice" {
			game = append(game, e.Dice...)
		}
	}
	out, err := dc.StartDiceCalibration(c.Request().Context(), game)
	if err != nil {
		return fail(errBadRequest, "%s", sentence(err))
	}
	return c.JSON(http.StatusOK, out)
}

func (s *Server) putTrayCorners(c echo.Context) error {
	dc, _, err := s.hostDiceCalibrator(c)
	if err != nil {
		return err
	}
	var tc TrayCorners
	if err := bindJSON(c, &tc); err != nil {
		return err
	}
	if err := checkCorners(tc.Corners, tc.ImageWidth, tc.ImageHeight, "tray's floor"); err != nil {
		return err
	}
	out, err := dc.SaveTrayCorners(c.Request().Context(), tc)
	if err != nil {
		return fail(errBadRequest, "The tray's corners were not saved: %v", err)
	}
	s.lg.Info("dice tray calibration saved", "corners", tc.Corners)
	return c.JSON(http.StatusOK, out)
}

// faceRequest is the body of POST .../calibration/dice/face: the die and
// the face (0-5, in the order of its labels) on top.
type faceRequest struct {
	Die  string `json:"die"`
	Face *int   `json:"face"`
}

func (s *Server) learnDieFace(c echo.Context) error {
	dc, _, err := s.hostDiceCalibrator(c)
	if err != nil {
		return err
	}
	var req faceRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	req.Die = strings.TrimSpace(req.Die)
	if req.Die == "" || len(req.Die) > 64 || req.Face == nil {
		return fail(errBadRequest, `say which die and which of its faces is on top: {"die": "...", "face": 0}`)
	}
	if *req.Face < 0 || *req.Face > 5 {
		return fail(errBadRequest, "a die has faces 1 to 6, not %d", *req.Face+1)
	}
	out, err := dc.LearnDieFace(c.Request().Context(), req.Die, *req.Face)
	if err != nil {
		return fail(errBadRequest, "%s", sentence(err))
	}
	s.lg.Info("dice face learned", "die", req.Die, "face", out.Label)
	return c.JSON(http.StatusOK, out)
}

func (s *Server) testReadDice(c echo.Context) error {
	dc, _, err := s.hostDiceCalibrator(c)
	if err != nil {
		return err
	}
	out, err := dc.TestReadDice(c.Request().Context())
	if err != nil {
		return fail(errBadRequest, "The test read failed: %v", err)
	}
	return c.JSON(http.StatusOK, out)
}

func (s *Server) endDiceCalibration(c echo.Context) error {
	dc, _, err := s.hostDiceCalibrator(c)
	if err != nil {
		return err
	}
	dc.EndDiceCalibration(c.Request().Context())
	return c.JSON(http.StatusOK, map[string]string{"result": "The dice tray's calibration is closed: rolls go to the table again."})
}
