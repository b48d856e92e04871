// Package web serves the tablet dashboard and the players' phones: an echo v4
// server with a JSON API, a WebSocket per client carrying the view that client
// may see, an MJPEG stream of the camera, and the embedded UI from web/ui.
package web
