// Package ui holds the dashboard's HTML, CSS and JavaScript, embedded into the
// binary so the tablet needs nothing beyond the Pi: no CDN, no build step.
package ui

import "embed"

// Files are the dashboard's static files, served at the site's root.
//
//go:embed index.html css js img vendor games
var Files embed.FS
