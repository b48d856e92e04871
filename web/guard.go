package web

import (
	"mime"
	"net"
	"net/http"
	"net/url"
	"os"
	"path"
	"strings"

	"github.com/labstack/echo/v4"
)

// This file guards the server against pages of other sites that a player's
// browser happens to open: a cross-site form or fetch must not create
// tables, act or undo (cross-site request forgery), and a hostile name that
// resolves to the Pi (DNS rebinding) must not read the API as if it were
// the Pi's own page. Credentials travel in headers, which a page of another
// origin cannot set on a simple request; only the WebSocket, which cannot
// send headers from a browser, takes them in the query.

// guard is the middleware that checks, in this order, the Host header, the
// Origin of a state-changing request, its content type, and credentials in
// the query.
func (s *Server) guard(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		r := c.Request()
		if !s.knownHost(r.Host) {
			return refuseGuard(c, http.StatusMisdirectedRequest, "unknown-host",
				"this server answers only to the names it is reached by (its address, localhost or the configured names), not "+clip(r.Host))
		}
		if changesState(r.Method) {
			if !s.sameOrigin(r) {
				return refuseGuard(c, http.StatusForbidden, "cross-site",
					"a change to the table must come from this server's own pages, not from another site")
			}
			if !jsonBody(r) {
				return refuseGuard(c, http.StatusUnsupportedMediaType, "not-json",
					"send the request body as JSON (Content-Type: application/json)")
			}
		}
		if !isWebSocket(r) {
			q := r.URL.Query()
			if q.Has("token") || q.Has("pin") {
				return refuseGuard(c, http.StatusBadRequest, "credentials-in-query",
					"send the host token in the Authorization header and a PIN in X-PIN; only the live WebSocket takes them in the address")
			}
		}
		return next(c)
	}
}

// refuseGuard answers a refused request as every error is answered (JSON
// with a stable code and a sentence).
func refuseGuard(c echo.Context, status int, code, msg string) error {
	return c.JSON(status, apiError{Code: code, Message: msg})
}

// changesState: the methods that change something. GET and HEAD never do
// on this server.
func changesState(method string) bool {
	switch method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
		return true
	}
	return false
}

// sameOrigin: a browser names the page's origin in Origin on every
// cross-origin request and in Sec-Fetch-Site; a request without them is
// not from a browser page (curl, a device, a test) and cannot have been
// forged by one.
func (s *Server) sameOrigin(r *http.Request) bool {
	if site := r.Header.Get("Sec-Fetch-Site"); site == "cross-site" {
		return false
	}
	o := r.Header.Get("Origin")
	if o == "" {
		return true
	}
	u, err := url.Parse(o)
	if err != nil || u.Host == "" {
		return false // includes "null", sent by sandboxed frames and file: pages
	}
	if strings.EqualFold(u.Host, r.Host) {
		return true
	}
	for _, p := range s.opts.OriginPatterns {
		if ok, _ := path.Match(strings.ToLower(p), strings.ToLower(u.Host)); ok {
			return true
		}
	}
	return false
}

// jsonBody: the body, if any, is declared JSON. A cross-site form can send
// only text/plain, urlencoded or multipart bodies without asking first.
func jsonBody(r *http.Request) bool {
	ct := r.Header.Get("Content-Type")
	if ct == "" {
		return r.ContentLength == 0
	}
	mt, _, err := mime.ParseMediaType(ct)
	return err == nil && mt == "application/json"
}

// isWebSocket: an upgrade to a WebSocket, the one request a browser cannot
// add headers to.
func isWebSocket(r *http.Request) bool {
	return r.Method == http.MethodGet && strings.EqualFold(r.Header.Get("Upgrade"), "websocket") &&
		strings.HasSuffix(r.URL.Path, "/ws")
}

// knownHost: an IP address (a rebinding attack needs a name of its own),
// localhost, this machine's host name (plain or .local, as mDNS announces
// it) or a name in Options.Hosts. The port does not matter.
func (s *Server) knownHost(h string) bool {
	if h == "" {
		return true // HTTP/1.0 without Host: no name to rebind
	}
	name := h
	if hh, _, err := net.SplitHostPort(h); err == nil {
		name = hh
	}
	name = strings.TrimSuffix(strings.ToLower(strings.Trim(name, "[]")), ".")
	if net.ParseIP(name) != nil || name == "localhost" || strings.HasSuffix(name, ".localhost") {
		return true
	}
	for _, n := range s.hostNames {
		if name == n {
			return true
		}
	}
	return false
}

// hostNames lists the names the server answers to besides addresses and
// localhost: this machine's name, with and without .local, and the
// configured ones, in lower case.
func hostNames(configured []string) []string {
	var out []string
	if hn, err := os.Hostname(); err == nil && hn != "" {
		hn = strings.ToLower(hn)
		out = append(out, hn, strings.TrimSuffix(hn, ".local")+".local")
	}
	for _, n := range configured {
		out = append(out, strings.TrimSuffix(strings.ToLower(strings.TrimSpace(n)), "."))
	}
	return out
}

// clip shortens a value quoted back to the client.
func clip(s string) string {
	if len(s) > 64 {
		return s[:64] + "..."
	}
	return s
}
