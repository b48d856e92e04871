// Package web serves the tablet dashboard and the players' phones: an echo v4
// server with a JSON API, a WebSocket per client carrying the view that client
// may see, an MJPEG stream of the camera, and the embedded UI from web/ui.
//
// The server only checks requests, maps errors and carries views: the tables
// belong to the companion (New takes its Manager; NewFromTables any Tables).
// Who may do what is decided by the credentials of each request: nothing,
// the public view of the tablet; a player's PIN, that player's private view;
// the host token, host rights (undo, corrections, calibration). Every error
// kind becomes an HTTP status in one place (errors.go), with a JSON body a
// person reads; a rule's refusal keeps its code, page and sentence.
//
// The table's outside parts are small interfaces that cmd fills in
// (parts.go): FrameSource (camera frames with the overlay), SimControls (the
// simulated devices' panel) and Calibrator (the camera calibration); the
// "just score" calculator is DefaultScorer unless Options says otherwise.
// docs/api.md describes the API, docs/ui.md the dashboard.
package web
