package web

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"net/http"

	"github.com/coder/websocket"
)

// Actions over the table's WebSocket: the dashboard sends an action on the
// socket it already holds, as boardgame.io's clients send their moves, and
// hears the answer on it; no HTTP request is made and parsed per action.
// POST /actions stays, with the same checks and answers.
//
// A client sends
//
//	{"type":"action","id":"7","action":{...},"baseVersion":12,"key":"...","source":"tablet"}
//
// and gets, on the same socket,
//
//	{"type":"answer","id":"7","status":200,"result":{"version":13,"events":[...]}}
//	{"type":"answer","id":"7","status":422,"error":{"code":"...","page":4,"message":"..."}}
//
// with the status and error body POST /actions would have given. The
// socket's credentials (the PIN or host token it was opened with) are the
// action's; the origin was checked when the socket was opened (a page of
// another site cannot open it), which is what the guard checks of a POST.

// socketRequest is what a client may send on the socket.
type socketRequest struct {
	Type string `json:"type"`
	// ID is the client's, echoed in the answer so it can match the two.
	ID string `json:"id"`
	actionRequest
}

// socketAnswer answers one socketRequest.
type socketAnswer struct {
	Type   string    `json:"type"` // "answer"
	ID     string    `json:"id"`
	Status int       `json:"status"`
	Result *Result   `json:"result,omitempty"`
	Error  *apiError `json:"error,omitempty"`
}

// maxSocketID bounds the id a client gives a request.
const maxSocketID = 64

// readSocket reads the client's requests one after another until the
// client goes away (then it cancels the socket's ctx), handing each answer
// to the socket's writer.
func (s *Server) readSocket(ctx context.Context, cancel context.CancelFunc, conn *websocket.Conn, t Table, a Access, answers chan<- []byte) {
	defer cancel()
	for {
		typ, data, err := conn.Read(ctx)
		if err != nil {
			return
		}
		ans := s.socketRequest(ctx, t, a, typ, data)
		b, err := json.Marshal(ans)
		if err != nil {
			return
		}
		select {
		case answers <- b:
		case <-ctx.Done():
			return
		}
	}
}

// socketRequest handles one request read from the socket.
func (s *Server) socketRequest(ctx context.Context, t Table, a Access, typ websocket.MessageType, data []byte) socketAnswer {
	var req socketRequest
	err := func() error {
		if typ != websocket.MessageText {
			return fail(errBadRequest, "send requests on the socket as JSON text")
		}
		dec := json.NewDecoder(bytes.NewReader(data))
		dec.DisallowUnknownFields()
		if err := dec.Decode(&req); err != nil {
			return fail(errBadRequest, "the message is not the JSON the socket takes: %v", err)
		}
		if dec.More() {
			return fail(errBadRequest, "the message has data after the JSON object")
		}
		if len(req.ID) > maxSocketID {
			req.ID = ""
			return fail(errBadRequest, "the request's id is longer than %d characters", maxSocketID)
		}
		if req.Type != "action" {
			return fail(errBadRequest, `the socket takes only actions ("type":"action"), not %q`, req.Type)
		}
		if req.Reason != "" || req.Corrects != 0 {
			return fail(errBadRequest, `"reason" and "corrects" belong to a correction (POST .../corrections), not to an action`)
		}
		return nil
	}()
	if err == nil {
		var sub Submission
		if sub, err = req.submission(a); err == nil {
			var res Result
			if res, err = t.Submit(ctx, sub); err == nil {
				return socketAnswer{Type: "answer", ID: req.ID, Status: http.StatusOK, Result: &res}
			}
		}
	}
	status, body := errorBody(err)
	if status >= 500 && status != http.StatusNotImplemented && !errors.Is(err, context.Canceled) {
		s.lg.Error("action on the socket failed", "table", t.ID(), "err", err)
	}
	return socketAnswer{Type: "answer", ID: req.ID, Status: status, Error: &body}
}
