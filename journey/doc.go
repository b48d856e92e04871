// Package journey holds the browser journeys that go through the whole
// program as a group at the table meets it: the quartermaster binary is
// built and started with `serve --sim` (the simulated tower, camera, buttons
// and dice, exactly as `make run` starts it), and headless Chromiums at a
// tablet's and phones' real sizes tap and type only what players see. The
// only other requests are to the simulated devices, as the developer panel
// makes them.
//
// The package has no code of its own beyond this file; its tests are the
// journeys. They are skipped with -short (the cgo-free run) and when no
// Chromium is installed.
package journey
