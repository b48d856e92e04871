package web

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/quartermaster-table/quartermaster/engine"
)

// mjpegBoundary separates the frames of the MJPEG stream.
const mjpegBoundary = "qmframe"

// cameraStream serves the camera as MJPEG (multipart/x-mixed-replace), the
// format an <img> element plays without any script.
func (s *Server) cameraStream(c echo.Context) error {
	if s.opts.Frames == nil {
		return fail(errUnavailable, "no camera is connected to this server")
	}
	ctx := c.Request().Context()
	frames := s.opts.Frames.Subscribe(ctx)
	w := c.Response()
	w.Header().Set(echo.HeaderContentType, "multipart/x-mixed-replace; boundary="+mjpegBoundary)
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(http.StatusOK)
	w.Flush()
	// A browser shows a part of the stream only once the next one begins
	// (Chromium holds the last part back until it sees another boundary).
	// The camera sends nothing while the board is still, so a frame not
	// followed by another within stillRepeat is sent once more: a viewer
	// that connects to a still board sees it, and the newest picture of a
	// drop that just settled is shown, for one extra JPEG's bytes and no
	// extra read or encoding.
	repeat := time.NewTimer(stillRepeat)
	repeat.Stop()
	defer repeat.Stop()
	var last []byte
	for {
		select {
		case <-ctx.Done():
			return nil
		case <-repeat.C:
			if err := writeMJPEGPart(w, last); err != nil {
				return nil
			}
			w.Flush()
		case f, ok := <-frames:
			if !ok {
				return nil
			}
			if err := writeMJPEGPart(w, f); err != nil {
				return nil // the viewer went away
			}
			w.Flush()
			last = f
			repeat.Reset(stillRepeat)
		}
	}
}

// stillRepeat is how long after a frame with no newer one the stream sends
// that frame again, so that the browser shows it.
const stillRepeat = 400 * time.Millisecond

func writeMJPEGPart(w io.Writer, frame []byte) error {
	if _, err := fmt.Fprintf(w, "--%s\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n", mjpegBoundary, len(frame)); err != nil {
		return err
	}
	if _, err := w.Write(frame); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\r\n")
	return err
}

// cameraFrame serves the next camera frame as one JPEG (for a page that
// wants a still, e.g. to size the calibration overlay).
func (s *Server) cameraFrame(c echo.Context) error {
	if s.opts.Frames == nil {
		return fail(errUnavailable, "no camera is connected to this server")
	}
	ctx := c.Request().Context()
	select {
	case f, ok := <-s.opts.Frames.Subscribe(ctx):
		if !ok {
			return fail(errUnavailable, "the camera stopped before sending a frame")
		}
		return c.Blob(http.StatusOK, "image/jpeg", f)
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (s *Server) simDevices(c echo.Context) error {
	if s.opts.Sim == nil && s.opts.SimDice == nil {
		return fail(errUnavailable, "this server runs without simulated devices (start it with --sim)")
	}
	ds := []SimDevice{}
	if s.opts.Sim != nil {
		got, err := s.opts.Sim.Devices(c.Request().Context())
		if err != nil {
			return err
		}
		ds = append(ds, got...)
	}
	if s.opts.SimDice != nil {
		ds = append(ds, SimDevice{Key: SimDiceKey, Label: "Dice tray (simulated camera)", Commands: []string{"roll", "test"},
			State: "rolls the dice the table waits for"})
	}
	return c.JSON(http.StatusOK, ds)
}

// simRequest is the body of POST /api/sim.
type simRequest struct {
	Key     string `json:"key"`
	Command string `json:"command"`
}

func (s *Server) simDo(c echo.Context) error {
	if s.opts.Sim == nil && s.opts.SimDice == nil {
		return fail(errUnavailable, "this server runs without simulated devices (start it with --sim)")
	}
	var req simRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	req.Key, req.Command = strings.TrimSpace(req.Key), strings.TrimSpace(req.Command)
	if req.Key == "" || req.Command == "" {
		return fail(errBadRequest, "say which device (key) and what to do (command)")
	}
	if req.Key == SimDiceKey && s.opts.SimDice != nil {
		return s.simRoll(c, req.Command)
	}
	if s.opts.Sim == nil {
		return fail(errBadRequest, "%s: no such simulated device", req.Key)
	}
	out, err := s.opts.Sim.Do(c.Request().Context(), req.Key, req.Command)
	if err != nil {
		return fail(errBadRequest, "%s: %v", s.simLabel(c, req.Key), err)
	}
	return c.JSON(http.StatusOK, map[string]string{"result": out})
}

// simLabel names a simulated device as the Devices page does ("Card
// reader"), its key when the simulator lists no such device.
func (s *Server) simLabel(c echo.Context, key string) string {
	ds, err := s.opts.Sim.Devices(c.Request().Context())
	if err != nil {
		return key
	}
	for _, d := range ds {
		if d.Key == key && d.Label != "" {
			return d.Label
		}
	}
	return key
}

// simRoll rolls, on the simulated camera, the dice that the table named by
// ?table= waits for (simHost has checked its host's token).
func (s *Server) simRoll(c echo.Context, command string) error {
	if command == "test" {
		// The simulated camera is part of this server: it answers.
		return c.JSON(http.StatusOK, map[string]string{"result": "it answers: it works"})
	}
	if tt, ok := s.opts.Calibrator.(SimTrayTouch); ok && command == "touch" {
		tt.SimTouchNextFace()
		return c.JSON(http.StatusOK, map[string]string{"result": "the next face shown on the dice tray's page lies against another die"})
	}
	if command != "roll" {
		return fail(errBadRequest, "the dice tray knows only \"roll\" and \"test\"")
	}
	t, err := s.tables.Get(c.Request().Context(), c.QueryParam("table"))
	if err != nil {
		return err
	}
	out, err := s.opts.SimDice.SimRoll(c.Request().Context(), t.View(engine.Public).Expects)
	if err != nil {
		return fail(errBadRequest, "%s: %v", SimDiceKey, err)
	}
	return c.JSON(http.StatusOK, map[string]string{"result": out})
}

// qrCode draws ?text= as a QR code in SVG: the tablet shows each player's
// private-view address with its PIN this way, for the phone's camera.
func (s *Server) qrCode(c echo.Context) error {
	text := c.QueryParam("text")
	if len(text) > 300 {
		return fail(errBadRequest, "the QR text is too long (%d characters; at most 300)", len(text))
	}
	// A link to localhost (the Pi's own screen) would not open on a phone:
	// it gets the Pi's LAN address.
	svg, err := qrSVG(lanLink(text, net.InterfaceAddrs))
	if err != nil {
		return fail(errBadRequest, "%v", err)
	}
	return c.Blob(http.StatusOK, "image/svg+xml", svg)
}
