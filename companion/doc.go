// Package companion runs one table: a Session owns the game, writes every
// accepted action to the store before anyone hears of it, replays the log on
// start, and pushes each viewer's view out after every change. It takes the
// camera reader and the devices through small interfaces that cmd fills in, so
// it builds and tests without OpenCV or hardware.
package companion
